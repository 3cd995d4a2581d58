use thiserror::Error;

use super::fields::MAX_IMAGES;

#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum HardwareError {
    #[error("This item already exists.")]
    AlreadyExists,
    #[error("Hardware item not found.")]
    NotFound,
    #[error("Please fix the following errors: {}", .0.join(", "))]
    Invalid(Vec<String>),
    #[error("An item can have at most {MAX_IMAGES} images.")]
    TooManyImages,
    #[error("This image is not on the item.")]
    ImageNotFound,
}

impl HardwareError {
    pub fn code(&self) -> &'static str {
        match self {
            HardwareError::AlreadyExists => "hardware_exists",
            HardwareError::NotFound => "hardware_not_found",
            HardwareError::Invalid(_) => "invalid_hardware",
            HardwareError::TooManyImages => "too_many_images",
            HardwareError::ImageNotFound => "image_not_found",
        }
    }
}
