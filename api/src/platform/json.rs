//! A JSON extractor whose rejections are the API's own errors.

use axum::body::{Body, Bytes};
use axum::extract::{FromRequest, Request};
use axum::http::StatusCode;
use axum::Json;
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::platform::error::ApiError;
use crate::platform::refusals::{BAD_REQUEST, NUL_IN_BODY, PAYLOAD_TOO_LARGE};

pub struct ApiJson<T>(pub T);

impl<S, T> FromRequest<S> for ApiJson<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Self, Self::Rejection> {
        let (parts, body) = request.into_parts();
        let bytes =
            Bytes::from_request(Request::from_parts(parts.clone(), body), state).await.map_err(|rejection| {
                match rejection.status() {
                    StatusCode::PAYLOAD_TOO_LARGE => ApiError::refused(&PAYLOAD_TOO_LARGE),
                    _ => ApiError::refused_with(&BAD_REQUEST, rejection.body_text()),
                }
            })?;
        let value = match Json::<T>::from_request(Request::from_parts(parts, Body::from(bytes.clone())), state).await {
            Ok(Json(value)) => value,
            // JSON Schema counts 931.0 as an integer (the OpenAPI document's `integer`): read
            // whole numbers written with a fraction as integers before refusing the body.
            Err(rejection) => whole_numbers_as_integers::<T>(&bytes).ok_or(rejection)?,
        };
        // PostgreSQL stores no NUL character in text or JSON: refused here, not failing later.
        // Only in what the body's type reads: a field it ignores is never stored.
        if has_nul(&bytes) && read_fields_have_nul::<T>(&bytes) {
            return Err(ApiError::refused(&NUL_IN_BODY));
        }
        Ok(ApiJson(value))
    }
}

/// The body read as `T` once every whole number written as a float (`931.0`, `1e3`) is an
/// integer, if it then reads and any such number was there.
fn whole_numbers_as_integers<T: DeserializeOwned>(json: &[u8]) -> Option<T> {
    fn integers(value: &mut Value) -> bool {
        match value {
            Value::Number(number) if number.is_f64() => {
                let float = number.as_f64().unwrap_or(f64::NAN);
                let whole = float.fract() == 0.0 && float.abs() < 9.0e15;
                if whole {
                    *value = Value::from(float as i64);
                }
                whole
            }
            Value::Array(items) => items.iter_mut().fold(false, |changed, item| integers(item) | changed),
            Value::Object(map) => map.values_mut().fold(false, |changed, item| integers(item) | changed),
            _ => false,
        }
    }
    let mut body = serde_json::from_slice::<Value>(json).ok()?;
    if !integers(&mut body) {
        return None;
    }
    serde_json::from_value(body).ok()
}

/// Whether a NUL character is in a text (or a key) of the body that `T` reads, leaving out
/// the fields it ignores (unknown ones).
fn read_fields_have_nul<T: DeserializeOwned>(json: &[u8]) -> bool {
    // A text `T` ignores may hold a lone surrogate (`\\ud800`), which `Value` refuses: as
    // `T` read the body, every text it reads is whole, so those become U+FFFD here.
    let json = lone_surrogates_replaced(json);
    let Ok(mut body) = serde_json::from_slice::<Value>(&json) else { return true };
    let mut ignored: Vec<Vec<Step>> = Vec::new();
    let mut reader = serde_json::Deserializer::from_slice(&json);
    let _: Result<T, _> = serde_ignored::deserialize(&mut reader, |path| ignored.push(steps(&path)));
    for path in &ignored {
        forget(&mut body, path);
    }
    has_nul_text(&body)
}

/// `json` with each `\\uXXXX` escape of a lone surrogate (not a high one followed by a
/// low one) written as `\\ufffd`.
fn lone_surrogates_replaced(json: &[u8]) -> Vec<u8> {
    let unit = |at: usize| -> Option<u16> {
        let escape = json.get(at..at + 6)?;
        if &escape[..2] != b"\\u" {
            return None;
        }
        u16::from_str_radix(std::str::from_utf8(&escape[2..]).ok()?, 16).ok()
    };
    let mut out = Vec::with_capacity(json.len());
    let mut at = 0;
    while at < json.len() {
        if json[at] == b'\\' {
            match unit(at) {
                Some(0xD800..=0xDBFF) if matches!(unit(at + 6), Some(0xDC00..=0xDFFF)) => {
                    out.extend_from_slice(&json[at..at + 12]);
                    at += 12;
                }
                Some(0xD800..=0xDFFF) => {
                    out.extend_from_slice(b"\\ufffd");
                    at += 6;
                }
                _ => {
                    // Any other escape: copy the backslash and the character it escapes.
                    out.extend_from_slice(&json[at..(at + 2).min(json.len())]);
                    at += 2;
                }
            }
        } else {
            out.push(json[at]);
            at += 1;
        }
    }
    out
}

enum Step {
    Key(String),
    Index(usize),
}

fn steps(path: &serde_ignored::Path<'_>) -> Vec<Step> {
    use serde_ignored::Path;
    let (parent, step) = match path {
        Path::Root => return Vec::new(),
        Path::Seq { parent, index } => (*parent, Some(Step::Index(*index))),
        Path::Map { parent, key } => (*parent, Some(Step::Key(key.clone()))),
        Path::Some { parent } | Path::NewtypeStruct { parent } | Path::NewtypeVariant { parent } => (*parent, None),
    };
    let mut list = steps(parent);
    list.extend(step);
    list
}

/// Takes the value at `path` out of `body` (an array's item becomes null, so the other
/// paths' indexes still hold).
fn forget(body: &mut Value, path: &[Step]) {
    let Some((last, parents)) = path.split_last() else { return };
    let mut at = body;
    for step in parents {
        let next = match (step, at) {
            (Step::Key(key), Value::Object(map)) => map.get_mut(key),
            (Step::Index(index), Value::Array(items)) => items.get_mut(*index),
            _ => None,
        };
        let Some(next) = next else { return };
        at = next;
    }
    match (last, at) {
        (Step::Key(key), Value::Object(map)) => {
            map.remove(key);
        }
        (Step::Index(index), Value::Array(items)) => {
            if let Some(item) = items.get_mut(*index) {
                *item = Value::Null;
            }
        }
        _ => {}
    }
}

fn has_nul_text(value: &Value) -> bool {
    match value {
        Value::String(text) => text.contains('\0'),
        Value::Array(items) => items.iter().any(has_nul_text),
        Value::Object(map) => map.iter().any(|(key, value)| key.contains('\0') || has_nul_text(value)),
        _ => false,
    }
}

/// Whether JSON text has a NUL character: the escape `\u0000` (a raw one is not JSON),
/// not preceded by an escaped backslash.
fn has_nul(json: &[u8]) -> bool {
    json.windows(6).enumerate().any(|(at, window)| {
        window == b"\\u0000" && json[..at].iter().rev().take_while(|&&b| b == b'\\').count() % 2 == 0
    })
}

#[cfg(test)]
mod tests {
    use super::{has_nul, read_fields_have_nul};

    #[test]
    fn nul_escapes_are_found_and_escaped_backslashes_are_not() {
        assert!(has_nul(br#"{"a":"x\u0000y"}"#));
        assert!(has_nul(br#"{"a":"\\\u0000"}"#));
        assert!(!has_nul(br#"{"a":"\\u0000"}"#));
        assert!(!has_nul(br#"{"a":"u0000 \u0001"}"#));
    }

    #[derive(serde::Deserialize)]
    #[expect(dead_code, reason = "the tests deserialise into it and read no field")]
    struct Body {
        name: String,
        lines: Vec<Line>,
    }

    #[derive(serde::Deserialize)]
    #[expect(dead_code, reason = "the tests deserialise into it and read no field")]
    struct Line {
        note: Option<String>,
    }

    #[derive(serde::Deserialize, PartialEq, Debug)]
    struct Quantity {
        quantity: u32,
    }

    #[test]
    fn whole_numbers_with_a_fraction_read_as_integers() {
        use super::whole_numbers_as_integers as read;
        assert_eq!(read::<Quantity>(br#"{"quantity":931.0}"#), Some(Quantity { quantity: 931 }));
        assert_eq!(read::<Quantity>(br#"{"quantity":2e1}"#), Some(Quantity { quantity: 20 }));
        assert_eq!(read::<Quantity>(br#"{"quantity":1.5}"#), None);
        assert_eq!(read::<Quantity>(br#"{"quantity":-1.0}"#), None);
    }

    #[test]
    fn a_nul_counts_only_in_the_fields_the_body_reads() {
        assert!(read_fields_have_nul::<Body>(br#"{"name":"a\u0000","lines":[]}"#));
        assert!(read_fields_have_nul::<Body>(br#"{"name":"a","lines":[{"x":1},{"note":"\u0000"}]}"#));
        assert!(!read_fields_have_nul::<Body>(br#"{"name":"a","lines":[],"\u0000":["\u0000"]}"#));
        assert!(!read_fields_have_nul::<Body>(br#"{"name":"a","lines":[{"note":null,"x":"\u0000"}]}"#));
        assert!(!read_fields_have_nul::<Body>(br#"{"name":"a","lines":[],"\ud800":"\u0000\udc00"}"#));
        assert!(read_fields_have_nul::<Body>(br#"{"name":"\ud83d\ude00\u0000","lines":[],"x":"\ud800"}"#));
    }
}
