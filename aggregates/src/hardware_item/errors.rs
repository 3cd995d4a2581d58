use thiserror::Error;

use crate::refusals;

use super::fields::MAX_IMAGES;

refusals! {
    #[derive(Debug, Error, Clone, PartialEq, Eq)]
    pub enum HardwareError {
        #[error("This item already exists.")]
        #[refusal("hardware_exists", 409)]
        AlreadyExists,
        #[error("Hardware item not found.")]
        #[refusal("hardware_not_found", 404)]
        NotFound,
        #[error("Please fix the following errors: {}", .0.join(", "))]
        #[refusal("invalid_hardware", 422, extra = "errors")]
        Invalid(Vec<String>),
        #[error("An item can have at most {MAX_IMAGES} images.")]
        #[refusal("too_many_images", 422)]
        TooManyImages,
        #[error("This image is not on the item.")]
        #[refusal("image_not_found", 404)]
        ImageNotFound,
    }
}
