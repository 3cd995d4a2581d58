//! The HTTP layer: the router and its routes, the OpenAPI document and the live pages.

pub mod answers;
pub mod extract;
pub mod live_pages;
pub mod openapi;
pub mod public_reads;
pub mod routes;
pub mod sessions;
