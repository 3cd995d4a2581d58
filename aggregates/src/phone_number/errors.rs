use thiserror::Error;

#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum PhoneNumberError {
    #[error("This number is not available.")]
    NotInStock,
    #[error("This number has just been taken. Please choose another.")]
    Taken,
    #[error("This number is not reserved for this cart.")]
    NotReservedByCart,
    #[error("The reservation has not run out yet.")]
    NotExpired,
    #[error("This number does not belong to this owner.")]
    NotOwner,
}

impl PhoneNumberError {
    pub fn code(&self) -> &'static str {
        match self {
            PhoneNumberError::NotInStock => "number_not_in_stock",
            PhoneNumberError::Taken => "number_taken",
            PhoneNumberError::NotReservedByCart => "number_not_reserved",
            PhoneNumberError::NotExpired => "reservation_not_expired",
            PhoneNumberError::NotOwner => "number_not_owned",
        }
    }
}
