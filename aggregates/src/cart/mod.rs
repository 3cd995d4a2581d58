//! The Cart aggregate (docs/product-rules.md, Cart and prices): a visitor's plan, add-ons, top-up, hardware and
//! phone numbers, kept on the server under an id the browser remembers.

mod aggregate;
mod commands;
mod contents;
mod errors;
mod events;
mod validation;

pub use aggregate::Cart;
pub use commands::CartCommand;
pub use contents::{CartContents, CartItem, PhoneNumberEntry};
pub use errors::CartError;
pub use events::CartEvent;
pub use validation::{
    is_foreign_number, pac_code, package_quantity, MAX_HELD_NUMBERS, MAX_NUMBERS, MAX_TOP_UP, NOT_PORTABLE,
};

#[cfg(test)]
mod tests;
