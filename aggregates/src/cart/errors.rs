use thiserror::Error;

use crate::pricing::{AddOn, Plan};

/// Why a cart refused a command. Nothing is stored when a command is refused.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum CartError {
    #[error("Cart not found.")]
    NotFound,
    #[error("This cart already exists.")]
    AlreadyExists,
    #[error("Quantity must be a whole number from 1 to {max}.")]
    InvalidQuantity { max: u32 },
    #[error("{} needs at least {min} users.", plan.name())]
    BelowPlanMinimum { plan: Plan, min: u32 },
    #[error("Choose a plan first.")]
    NoPackage,
    #[error("{} is not available with the {} plan.", add_on.name(), plan.name())]
    AddOnNotOffered { add_on: AddOn, plan: Plan },
    #[error("A top-up is only available with Pay As You Go.")]
    TopUpNotAvailable,
    #[error("The minimum top-up is £10.")]
    TopUpBelowMinimum,
    #[error("The top-up must be in whole pounds.")]
    TopUpNotWholePounds,
    #[error("The largest top-up online is £5,000.")]
    TopUpAboveMaximum,
    #[error("{0}")]
    InvalidPhoneNumber(String),
    #[error(
        "A mobile number moves with its PAC code: text PAC to 65075 from the phone to get it, then enter it here."
    )]
    PacRequired,
    #[error("A PAC code is 3 letters then 6 digits, like ABC123456.")]
    InvalidPac,
    #[error("A PAC code only goes with a UK mobile number (07) you transfer: a landline moves with a letter of authority after checkout.")]
    PacNotForThisNumber,
    #[error("We transfer numbers from abroad on a quote: request one for international porting.")]
    InternationalTransfer,
    #[error("A cart can hold at most {max} phone numbers.")]
    TooManyNumbers { max: usize },
    #[error("A cart can hold at most {max} numbers. Remove one to add another.")]
    TooManyHeldNumbers { max: usize },
    #[error("This item is not in the cart.")]
    ItemNotFound,
    #[error("This add-on is not in the cart.")]
    AddOnNotInCart,
    #[error("This number is not in the cart.")]
    NumberNotInCart,
    #[error("This product cannot be added to the cart.")]
    InvalidProduct,
}

impl CartError {
    /// A stable code for clients, independent of the message wording.
    pub fn code(&self) -> &'static str {
        match self {
            CartError::NotFound => "cart_not_found",
            CartError::AlreadyExists => "cart_already_exists",
            CartError::InvalidQuantity { .. } => "invalid_quantity",
            CartError::BelowPlanMinimum { .. } => "below_plan_minimum",
            CartError::NoPackage => "no_package",
            CartError::AddOnNotOffered { .. } => "add_on_not_offered",
            CartError::TopUpNotAvailable => "top_up_not_available",
            CartError::TopUpBelowMinimum => "top_up_below_minimum",
            CartError::TopUpNotWholePounds => "top_up_not_whole_pounds",
            CartError::TopUpAboveMaximum => "top_up_above_maximum",
            CartError::InvalidPhoneNumber(_) => "invalid_phone_number",
            CartError::PacRequired => "pac_required",
            CartError::InvalidPac => "invalid_pac",
            CartError::PacNotForThisNumber => "pac_not_for_this_number",
            CartError::InternationalTransfer => "international_transfer",
            CartError::TooManyNumbers { .. } | CartError::TooManyHeldNumbers { .. } => "too_many_numbers",
            CartError::ItemNotFound => "item_not_found",
            CartError::AddOnNotInCart => "add_on_not_in_cart",
            CartError::NumberNotInCart => "number_not_in_cart",
            CartError::InvalidProduct => "invalid_product",
        }
    }
}
