use thiserror::Error;

use crate::refusals;

refusals! {
    #[derive(Debug, Error, Clone, PartialEq, Eq)]
    pub enum PhoneNumberError {
        #[error("This number is not available.")]
        #[refusal("number_not_in_stock", 422)]
        NotInStock,
        #[error("This number has just been taken. Please choose another.")]
        #[refusal("number_taken", 409)]
        Taken,
        #[error("This number is not reserved for this cart.")]
        #[refusal("number_not_reserved", 409)]
        NotReservedByCart,
        #[error("The reservation has not run out yet.")]
        #[refusal("reservation_not_expired", 409)]
        NotExpired,
        #[error("This number does not belong to this owner.")]
        #[refusal("number_not_owned", 409)]
        NotOwner,
    }
}
