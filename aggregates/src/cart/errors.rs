use thiserror::Error;

use crate::refusals;

use crate::pricing::{AddOn, Plan};

refusals! {
    /// Why a cart refused a command. Nothing is stored when a command is refused.
    #[derive(Debug, Error, Clone, PartialEq, Eq)]
    pub enum CartError {
        #[error("Cart not found.")]
        #[refusal("cart_not_found", 404)]
        NotFound,
        #[error("This cart already exists.")]
        #[refusal("cart_already_exists", 409)]
        AlreadyExists,
        #[error("Quantity must be a whole number from 1 to {max}.")]
        #[refusal("invalid_quantity", 422)]
        InvalidQuantity { max: u32 },
        #[error("{} needs at least {min} users.", plan.name())]
        #[refusal("below_plan_minimum", 422)]
        BelowPlanMinimum { plan: Plan, min: u32 },
        #[error("Choose a plan first.")]
        #[refusal("no_package", 422)]
        NoPackage,
        #[error("{} is not available with the {} plan.", add_on.name(), plan.name())]
        #[refusal("add_on_not_offered", 422)]
        AddOnNotOffered { add_on: AddOn, plan: Plan },
        #[error("A top-up is only available with Pay As You Go.")]
        #[refusal("top_up_not_available", 422)]
        TopUpNotAvailable,
        #[error("The minimum top-up is £10.")]
        #[refusal("top_up_below_minimum", 422)]
        TopUpBelowMinimum,
        #[error("The top-up must be in whole pounds.")]
        #[refusal("top_up_not_whole_pounds", 422)]
        TopUpNotWholePounds,
        #[error("The largest top-up online is £5,000.")]
        #[refusal("top_up_above_maximum", 422)]
        TopUpAboveMaximum,
        #[error("{0}")]
        #[refusal("invalid_phone_number", 422)]
        InvalidPhoneNumber(String),
        #[error(
            "A mobile number moves with its PAC code: text PAC to 65075 from the phone to get it, then enter it here."
        )]
        #[refusal("pac_required", 422)]
        PacRequired,
        #[error("A PAC code is 3 letters then 6 digits, like ABC123456.")]
        #[refusal("invalid_pac", 422)]
        InvalidPac,
        #[error("A PAC code only goes with a UK mobile number (07) you transfer: a landline moves with a letter of authority after checkout.")]
        #[refusal("pac_not_for_this_number", 422)]
        PacNotForThisNumber,
        #[error("We transfer numbers from abroad on a quote: request one for international porting.")]
        #[refusal("international_transfer", 422)]
        InternationalTransfer,
        #[error("A cart can hold at most {max} phone numbers.")]
        #[refusal("too_many_numbers", 422)]
        TooManyNumbers { max: usize },
        #[error("A cart can hold at most {max} numbers. Remove one to add another.")]
        #[refusal("too_many_numbers", 422)]
        TooManyHeldNumbers { max: usize },
        #[error("This item is not in the cart.")]
        #[refusal("item_not_found", 404)]
        ItemNotFound,
        #[error("This add-on is not in the cart.")]
        #[refusal("add_on_not_in_cart", 404)]
        AddOnNotInCart,
        #[error("This number is not in the cart.")]
        #[refusal("number_not_in_cart", 404)]
        NumberNotInCart,
        #[error("This product cannot be added to the cart.")]
        #[refusal("invalid_product", 422)]
        InvalidProduct,
    }
}
