//! The OpenAPI 3.1 document of `/api`, generated from the code: each handler's
//! `#[utoipa::path]` (its parameters, body and answers), the `ToSchema` types it reads and
//! answers, and the router that serves it (routes/mod.rs registers every `/api` operation
//! through `utoipa_axum::routes!`, so a route cannot be served without being described).
//!
//! What every operation of a kind answers is added here once rather than on each handler:
//! the JSON extractor's refusals on operations with a JSON body, the staff session's on
//! staff operations, and 500.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use utoipa::openapi::path::{Operation, PathItem};
use utoipa::openapi::response::{Response, ResponseBuilder};
use utoipa::openapi::schema::{AdditionalProperties, ArrayItems, Schema, SchemaType, Type};
use utoipa::openapi::security::{ApiKey, ApiKeyValue, SecurityScheme};
use utoipa::openapi::{ContentBuilder, OpenApi, Ref, RefOr};
use utoipa::{Modify, OpenApi as _};
use utoipa_axum::router::UtoipaMethodRouter;

use crate::platform::error::Refusal;
use crate::platform::refusals::{
    CSRF, CUSTOMER_NOT_SIGNED_IN, INTERNAL, INVALID_BODY, MALFORMED_JSON, NOT_SIGNED_IN, PAYLOAD_TOO_LARGE,
    UNSUPPORTED_MEDIA_TYPE,
};
use aggregates::refusal::Declared;

/// The security scheme of staff operations: the session cookie set by `/api/admin/login`.
pub const STAFF_SESSION: &str = "staff_session";
/// The CSRF token every state-changing staff call echoes (`csrfToken` of `/api/admin/me`).
pub const STAFF_CSRF: &str = "staff_csrf";
/// The security scheme of a customer's account operations: the cookie set by
/// `/api/account/sign-in` (crate::app::customer_sessions).
pub const CUSTOMER_SESSION: &str = "customer_session";
/// The CSRF token every state-changing account call echoes (`csrfToken` of `/api/account/me`).
pub const CUSTOMER_CSRF: &str = "customer_csrf";

#[derive(utoipa::OpenApi)]
#[openapi(
    info(
        title = "VoIP ordering platform API",
        description = "JSON over HTTP, camelCase field names, every amount in integer pence. \
            Every refusal answers `{ success: false, error, code }` with the matching status \
            (api/API.md, Errors). Request bodies are limited to 64 KiB by default (413 above).",
        version = "1",
    ),
    components(schemas(Refusal)),
    tags(
        (name = "catalogue", description = "Plans, add-ons and prices"),
        (name = "cart", description = "The cart: one route per command, each answering the whole cart"),
        (name = "numbers", description = "Number search and the free-trial pool"),
        (name = "checkout", description = "The service checkout: order, card, payment, account"),
        (name = "trial", description = "The seven-day free trial"),
        (name = "quotes", description = "Quote requests for leased lines, broadband, cloud PBX and large teams"),
        (name = "analytics", description = "First-party page views: no cookie, no address or user agent kept"),
        (name = "hardware", description = "The desk-phone catalogue and its images"),
        (name = "hardware checkout", description = "Buying desk phones"),
        (name = "address", description = "UK addresses by postcode"),
        (name = "staff", description = "Staff sign-in and staff-only operations"),
        (name = "account", description = "The customer's own account: sign-in, orders, services and billing"),
        (name = "stripe", description = "Stripe's signed events"),
        (name = "openapi", description = "This document"),
    )
)]
struct ApiDoc;

/// The document, built once: the routes' operations under the document's own header.
pub fn document() -> OpenApi {
    let (_, paths) = crate::http::routes::api_routes().split_for_parts();
    let mut doc = ApiDoc::openapi();
    doc.merge(paths);
    for modifier in [&StaffSecurity as &dyn Modify, &CommonAnswers, &NoNulInText] {
        modifier.modify(&mut doc);
    }
    doc
}

/// The document as served by `GET /api/openapi.json` (`voip-shop openapi` prints it indented).
pub fn json() -> &'static str {
    static JSON: OnceLock<String> = OnceLock::new();
    JSON.get_or_init(|| document().to_json().expect("the OpenAPI document serialises"))
}

/// The same operations also answered with a trailing slash (older clients call both forms):
/// each is served and described under both paths, the second with `_trailing_slash` after
/// its operation id.
pub fn with_trailing_slash<S: Send + Sync + Clone + 'static>(routes: UtoipaMethodRouter<S>) -> UtoipaMethodRouter<S> {
    let (schemas, mut paths, method_router) = routes;
    let aliases: Vec<(String, PathItem)> = paths
        .paths
        .iter()
        .map(|(path, item)| {
            let mut item = item.clone();
            for operation in operations_mut(&mut item) {
                operation.operation_id = operation.operation_id.take().map(|id| format!("{id}_trailing_slash"));
            }
            (format!("{path}/"), item)
        })
        .collect();
    paths.paths.extend(aliases);
    (schemas, paths, method_router)
}

pub fn operations_mut(item: &mut PathItem) -> impl Iterator<Item = &mut Operation> {
    [&mut item.get, &mut item.put, &mut item.post, &mut item.delete, &mut item.patch, &mut item.head, &mut item.options]
        .into_iter()
        .filter_map(Option::as_mut)
}

/// A refusal answer: `description` with the `Refusal` body.
pub fn refusal(description: &str) -> Response {
    ResponseBuilder::new()
        .description(description)
        .content("application/json", ContentBuilder::new().schema(Some(Ref::from_schema_name("Refusal"))).build())
        .build()
}

/// Adds `status` to `operation`'s answers, or its reason to the answer already there.
fn add_answer(operation: &mut Operation, status: &str, description: &str) {
    let answers = &mut operation.responses.responses;
    match answers.get_mut(status) {
        Some(RefOr::T(existing)) if !existing.description.contains(description) => {
            existing.description = format!("{}; or {description}", existing.description);
        }
        Some(_) => {}
        None => {
            answers.insert(status.to_string(), RefOr::T(refusal(description)));
        }
    }
}

/// Adds a declared refusal to `operation`'s answers: `when`, then its code in brackets.
fn add_declared(operation: &mut Operation, declared: &Declared, when: &str) {
    add_answer(operation, &declared.status.to_string(), &format!("{when} ({})", declared.code));
}

struct StaffSecurity;

impl Modify for StaffSecurity {
    fn modify(&self, doc: &mut OpenApi) {
        let components = doc.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            STAFF_SESSION,
            SecurityScheme::ApiKey(ApiKey::Cookie(ApiKeyValue::with_description(
                crate::app::sessions::SessionKind::Staff.cookie_name(),
                "The staff session from POST /api/admin/login.",
            ))),
        );
        components.add_security_scheme(
            STAFF_CSRF,
            SecurityScheme::ApiKey(ApiKey::Header(ApiKeyValue::with_description(
                "X-CSRF-Token",
                "The session's csrfToken (from /api/admin/login or /api/admin/me), on every state-changing call.",
            ))),
        );
        components.add_security_scheme(
            CUSTOMER_SESSION,
            SecurityScheme::ApiKey(ApiKey::Cookie(ApiKeyValue::with_description(
                crate::app::sessions::SessionKind::Customer.cookie_name(),
                "The customer session from POST /api/account/sign-in.",
            ))),
        );
        components.add_security_scheme(
            CUSTOMER_CSRF,
            SecurityScheme::ApiKey(ApiKey::Header(ApiKeyValue::with_description(
                "X-CSRF-Token",
                "The customer session's csrfToken (from /api/account/sign-in or /api/account/me), on every state-changing account call.",
            ))),
        );
    }
}

/// What operations of a kind answer, whatever the handler: see the module's comment.
struct CommonAnswers;

impl Modify for CommonAnswers {
    fn modify(&self, doc: &mut OpenApi) {
        for item in doc.paths.paths.values_mut() {
            for operation in operations_mut(item) {
                // The webhook reads its body as bytes (its signature covers them), not through ApiJson.
                let raw_body = operation.operation_id.as_deref() == Some("stripe_webhook");
                let json_body = !raw_body
                    && operation
                        .request_body
                        .as_ref()
                        .is_some_and(|body| body.content.keys().any(|kind| kind == "application/json"));
                if json_body {
                    add_declared(operation, &MALFORMED_JSON, "the body is not JSON");
                    add_declared(operation, &UNSUPPORTED_MEDIA_TYPE, "the body is not sent as application/json");
                    add_declared(operation, &INVALID_BODY, "the body has a wrong or missing field");
                }
                if operation.request_body.is_some() {
                    add_declared(operation, &PAYLOAD_TOO_LARGE, "the body is over the size limit");
                }
                let requirements = serde_json::to_string(&operation.security).unwrap_or_default();
                if requirements.contains(STAFF_SESSION) {
                    add_declared(operation, &NOT_SIGNED_IN, "no staff session, or it expired");
                }
                if requirements.contains(STAFF_CSRF) {
                    add_declared(operation, &CSRF, "the X-CSRF-Token header is missing or wrong");
                }
                if requirements.contains(CUSTOMER_SESSION) {
                    add_declared(operation, &CUSTOMER_NOT_SIGNED_IN, "no customer session, or it expired");
                }
                if requirements.contains(CUSTOMER_CSRF) {
                    add_declared(operation, &CSRF, "the X-CSRF-Token header is missing or wrong");
                }
                add_declared(operation, &INTERNAL, "something failed on our side (the detail is only logged)");
            }
        }
    }
}

/// A text the API reads never holds a NUL character (PostgreSQL stores none; the JSON
/// extractor refuses it: api/src/platform/json.rs). Said on every text of the document's schemas that
/// has no pattern, format or list of values of its own, except the answers' `Refusal`: its message
/// may quote what the request sent (an unknown variant, say), NUL and all, so it says nothing of NUL.
struct NoNulInText;

/// The pattern of a text without NUL.
pub const NO_NUL: &str = "^[^\\u0000]*$";

impl Modify for NoNulInText {
    fn modify(&self, doc: &mut OpenApi) {
        if let Some(components) = doc.components.as_mut() {
            for (name, schema) in components.schemas.iter_mut() {
                if name != "Refusal" {
                    no_nul(schema);
                }
            }
        }
    }
}

fn no_nul(schema: &mut RefOr<Schema>) {
    let RefOr::T(schema) = schema else { return };
    match schema {
        Schema::Object(object) => {
            let text = match &object.schema_type {
                SchemaType::Type(kind) => *kind == Type::String,
                SchemaType::Array(kinds) => kinds.contains(&Type::String),
                SchemaType::AnyValue => false,
            };
            if text && object.pattern.is_none() && object.format.is_none() && object.enum_values.is_none() {
                object.pattern = Some(NO_NUL.to_string());
            }
            for property in object.properties.values_mut() {
                no_nul(property);
            }
            if let Some(AdditionalProperties::RefOr(extra)) = object.additional_properties.as_deref_mut() {
                no_nul(extra);
            }
        }
        Schema::Array(array) => {
            if let ArrayItems::RefOrSchema(items) = &mut array.items {
                no_nul(items);
            }
        }
        Schema::OneOf(one_of) => one_of.items.iter_mut().for_each(no_nul),
        Schema::AllOf(all_of) => all_of.items.iter_mut().for_each(no_nul),
        Schema::AnyOf(any_of) => any_of.items.iter_mut().for_each(no_nul),
        _ => {}
    }
}

/// Every operation of the document, as (method, path, operation id), sorted.
pub fn operations(doc: &OpenApi) -> Vec<(String, String, String)> {
    let mut list: BTreeMap<(String, String), String> = BTreeMap::new();
    for (path, item) in &doc.paths.paths {
        let methods = [
            ("GET", &item.get),
            ("PUT", &item.put),
            ("POST", &item.post),
            ("DELETE", &item.delete),
            ("PATCH", &item.patch),
            ("HEAD", &item.head),
            ("OPTIONS", &item.options),
        ];
        for (method, operation) in methods {
            if let Some(operation) = operation {
                list.insert((path.clone(), method.to_string()), operation.operation_id.clone().unwrap_or_default());
            }
        }
    }
    list.into_iter().map(|((path, method), id)| (method, path, id)).collect()
}
