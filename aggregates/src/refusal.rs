//! A refusal's contract, declared once beside its domain error: each variant of an error
//! enum written with [`refusals!`] carries its message (thiserror's `#[error]`), its stable
//! code and the HTTP status the API answers it with (and, for a variant that carries them,
//! the name of the extra field its answer sends). The API's error type, the OpenAPI
//! document's answers and api/API.md's error table all read this one declaration.

#[doc(hidden)]
pub use serde_json as __serde_json;

/// One refusal as declared: which variant, its code, its status and its message (the
/// `#[error]` text, with `{...}` where the refusal fills in a detail).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Declared {
    pub variant: &'static str,
    pub code: &'static str,
    pub status: u16,
    pub message: &'static str,
}

/// A domain error whose every variant is declared with [`refusals!`].
pub trait Refusal: std::error::Error {
    /// Every variant's declaration, in the enum's order.
    const DECLARED: &'static [Declared];
    /// This refusal's declaration.
    fn declared(&self) -> &'static Declared;
    /// The stable machine code clients match on.
    fn code(&self) -> &'static str {
        self.declared().code
    }
    /// The HTTP status the API answers it with.
    fn status(&self) -> u16 {
        self.declared().status
    }
    /// The fields its answer sends beside `error` and `code` (a form's `fieldErrors`, an
    /// item's list of `errors`), if any: a variant declared `#[refusal(code, status, extra =
    /// "name")]` sends its one value under that name.
    fn extra_fields(&self) -> Option<serde_json::Map<String, serde_json::Value>> {
        None
    }
}

/// Declares an error enum with, on each variant, its message and `#[refusal(code, status)]`
/// (`#[refusal(code, status, extra = "name")]` on a one-field variant whose value the answer
/// sends as field `name`):
///
/// ```ignore
/// refusals! {
///     #[derive(Debug, Error, Clone, PartialEq, Eq)]
///     pub enum CartError {
///         #[error("Cart not found.")]
///         #[refusal("cart_not_found", 404)]
///         NotFound,
///         #[error("Please correct the errors below and try again.")]
///         #[refusal("invalid_fields", 422, extra = "fieldErrors")]
///         InvalidDetails(FieldErrors),
///     }
/// }
/// ```
///
/// It writes the enum (for thiserror to derive `Display`) and its [`Refusal`] impl.
#[macro_export]
macro_rules! refusals {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident {
            $(
                $(#[doc = $doc:literal])*
                #[error($($message:tt)+)]
                #[refusal($code:literal, $status:literal $(, extra = $extra:literal)?)]
                $variant:ident $( ( $($tuple:ty),* $(,)? ) )? $( { $($field:ident : $field_type:ty),* $(,)? } )?
            ),* $(,)?
        }
    ) => {
        $(#[$meta])*
        $vis enum $name {
            $(
                $(#[doc = $doc])*
                #[error($($message)+)]
                $variant $( ( $($tuple),* ) )? $( { $($field : $field_type),* } )?
            ),*
        }

        impl $crate::refusal::Refusal for $name {
            const DECLARED: &'static [$crate::refusal::Declared] = &[
                $(
                    $crate::refusal::Declared {
                        variant: stringify!($variant),
                        code: $code,
                        status: $status,
                        message: $crate::__refusal_message!($($message)+),
                    }
                ),*
            ];

            fn declared(&self) -> &'static $crate::refusal::Declared {
                let mut index = 0usize;
                $(
                    if let $name::$variant { .. } = self {
                        return &<Self as $crate::refusal::Refusal>::DECLARED[index];
                    }
                    index += 1;
                )*
                let _ = index;
                unreachable!("every variant is declared")
            }

            fn extra_fields(
                &self,
            ) -> Option<$crate::refusal::__serde_json::Map<String, $crate::refusal::__serde_json::Value>> {
                $($(
                    if let $name::$variant(value) = self {
                        let value = $crate::refusal::__serde_json::to_value(value).unwrap_or_default();
                        return Some([($extra.to_string(), value)].into_iter().collect());
                    }
                )?)*
                None
            }
        }

        impl $name {
            /// The stable machine code clients match on (its declaration: [`Refusal`]).
            pub fn code(&self) -> &'static str {
                <Self as $crate::refusal::Refusal>::code(self)
            }
        }
    };
}

/// The message text of an `#[error(...)]`: its first token, the format string.
#[doc(hidden)]
#[macro_export]
macro_rules! __refusal_message {
    ($message:literal $($rest:tt)*) => {
        $message
    };
}

#[cfg(test)]
mod tests {
    use super::Refusal;
    use thiserror::Error;

    refusals! {
        /// An example.
        #[derive(Debug, Error)]
        pub enum Example {
            /// A unit variant.
            #[error("Not here.")]
            #[refusal("example_not_found", 404)]
            NotFound,
            #[error("At most {0}.")]
            #[refusal("too_many", 422)]
            TooMany(u32),
            #[error("{name} is {}", .left + 1)]
            #[refusal("named", 409)]
            Named { name: String, left: u32 },
            #[error("Fix these.")]
            #[refusal("with_problems", 422, extra = "problems")]
            WithProblems(Vec<String>),
        }
    }

    #[test]
    fn each_variant_finds_its_own_declaration() {
        assert_eq!(Example::NotFound.code(), "example_not_found");
        assert_eq!(Example::NotFound.status(), 404);
        assert_eq!(Example::TooMany(3).declared().message, "At most {0}.");
        assert_eq!(Example::TooMany(3).to_string(), "At most 3.");
        let named = Example::Named { name: "x".into(), left: 1 };
        assert_eq!((named.code(), named.status()), ("named", 409));
        assert_eq!(named.to_string(), "x is 2");
        assert_eq!(Example::DECLARED.len(), 4);
    }

    #[test]
    fn a_variant_declared_with_an_extra_field_sends_its_value_under_that_name() {
        let problems = Example::WithProblems(vec!["a".into(), "b".into()]).extra_fields().unwrap();
        assert_eq!(serde_json::Value::Object(problems), serde_json::json!({ "problems": ["a", "b"] }));
        assert_eq!(Example::TooMany(3).extra_fields(), None);
        assert_eq!(Example::NotFound.extra_fields(), None);
    }
}
