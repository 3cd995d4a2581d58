//! Every refusal the API answers itself (a domain error's is declared beside its enum in
//! aggregates/, aggregates::refusal): each a named constant with its code, its status and the
//! message it answers, `{name}` marking a value the refusing code fills in. A code answered
//! with two statuses, or with two messages of different meaning, is declared once for each.
//! The refusing code names the constant (`ApiError::refused(&BUSY)`,
//! `ApiError::refused_with(&NOT_A_FREE_NUMBER, number)`), never a status, a code or a message
//! of its own. `API_REFUSALS` lists them all: with the domain errors' declarations they make
//! api/API.md's table of codes and are what the OpenAPI answers may name.

use aggregates::refusal::Declared;

/// An API refusal as declared; `N` is how many `{name}` placeholders its message has, counted
/// from the message itself, so a refusal answered without the values its message needs (or
/// with values it has no place for) does not compile.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ApiRefusal<const N: usize = 0>(Declared);

impl<const N: usize> std::ops::Deref for ApiRefusal<N> {
    type Target = Declared;

    fn deref(&self) -> &Declared {
        &self.0
    }
}

/// How many `{name}` placeholders `message` has (a name is lowercase letters and `_`); any
/// other use of a brace does not compile.
pub const fn placeholders(message: &str) -> usize {
    let bytes = message.as_bytes();
    let (mut i, mut count, mut open) = (0, 0, false);
    while i < bytes.len() {
        let byte = bytes[i];
        if byte == b'{' {
            assert!(!open, "a placeholder inside a placeholder");
            open = true;
            count += 1;
        } else if byte == b'}' {
            assert!(open && bytes[i - 1] != b'{', "a brace that closes no named placeholder");
            open = false;
        } else if open {
            assert!(byte.is_ascii_lowercase() || byte == b'_', "a placeholder's name is lowercase letters and _");
        }
        i += 1;
    }
    assert!(!open, "a placeholder not closed");
    count
}

/// `message` with its placeholders replaced, in order, by `values`.
pub fn fill(message: &str, values: &[&dyn std::fmt::Display]) -> String {
    let mut filled = String::with_capacity(message.len());
    let mut values = values.iter();
    let mut rest = message;
    while let Some(start) = rest.find('{') {
        let end = rest[start..].find('}').map_or(rest.len(), |end| start + end + 1);
        filled.push_str(&rest[..start]);
        match values.next() {
            Some(value) => filled.push_str(&value.to_string()),
            None => filled.push_str(&rest[start..end]),
        }
        rest = &rest[end..];
    }
    filled.push_str(rest);
    filled
}

macro_rules! api_refusals {
    ($($(#[doc = $doc:literal])* $name:ident = ($code:literal, $status:literal, $message:literal);)*) => {
        $(
            $(#[doc = $doc])*
            pub const $name: ApiRefusal<{ placeholders($message) }> =
                ApiRefusal(Declared { variant: "api", code: $code, status: $status, message: $message });
        )*

        /// Every refusal the API answers itself.
        pub const API_REFUSALS: &[Declared] = &[$($name.0),*];
    };
}

api_refusals! {
    // The request as a whole: its body, its query, its route.

    /// A body that is not JSON (serde's words on where).
    MALFORMED_JSON = ("malformed_json", 400, "The request body is not valid JSON: {detail}");
    /// A body that could not be read at all.
    BAD_REQUEST = ("bad_request", 400, "The request could not be read: {detail}");
    PAYLOAD_TOO_LARGE = ("payload_too_large", 413, "The request body is too large.");
    UNSUPPORTED_MEDIA_TYPE =
        ("unsupported_media_type", 415, "Send the request body as JSON with Content-Type: application/json.");
    /// A JSON body of the wrong shape or types (serde's words on which field).
    INVALID_BODY = ("invalid_body", 422, "The request body has a wrong or missing field: {detail}");
    /// PostgreSQL stores no NUL character, so a text the body's type reads has none.
    NUL_IN_BODY = (
        "invalid_body",
        422,
        "The request body has a NUL character (\\u0000) in a text: remove it and try again."
    );
    /// A query string that does not read as the operation's parameters (serde's words).
    INVALID_QUERY = ("invalid_query", 422, "The query string is invalid: {detail}");
    NO_SUCH_ROUTE = ("not_found", 404, "There is no such API route.");
    CONFLICT = ("conflict", 409, "This was changed by another request at the same time. Please try again.");
    /// A step of the same cart, order, trial or credit still in flight after the wait
    /// (crate::app::locks).
    BUSY = ("busy", 409, "Another request is working on this right now. Please wait a moment and try again.");
    /// Anything unexpected: the reference is the start of the request's id, which finds the
    /// log line (crate::platform::logging).
    INTERNAL = (
        "internal",
        500,
        "Something went wrong on our side. Please try again, and if it happens again contact us quoting reference {reference}."
    );

    // Limits (crate::platform::limits).

    TOO_MANY_ATTEMPTS = ("too_many_attempts", 429, "Too many attempts. Please wait a minute and try again.");
    TOO_MANY_SIGN_IN_ATTEMPTS =
        ("too_many_attempts", 429, "Too many sign-in attempts. Please wait a minute and try again.");
    /// One account's wrong passwords (crate::app::password_guesses), with `Retry-After`;
    /// `{wait}` is "1 minute", "5 minutes".
    TOO_MANY_PASSWORD_GUESSES = (
        "too_many_attempts",
        429,
        "Too many wrong passwords for this account. Please try again in {wait}, or set a new password with \"Forgot password\"."
    );
    /// As TOO_MANY_PASSWORD_GUESSES for a staff member (who has no "Forgot password").
    TOO_MANY_STAFF_PASSWORD_GUESSES = (
        "too_many_attempts",
        429,
        "Too many wrong passwords for this account. Please try again in {wait}, or ask an admin to reset your password."
    );
    /// With `Retry-After`; `{wait}` is "1 minute", "5 minutes".
    TOO_MANY_CARD_SETUPS_FROM_ADDRESS =
        ("too_many_attempts", 429, "Too many card attempts from your connection. Please try again in {wait}.");
    /// With `Retry-After`; `{wait}` is "1 minute", "5 minutes".
    TOO_MANY_LOOKUPS = (
        "too_many_attempts",
        429,
        "Too many address lookups from your connection. Please try again in {wait}, or enter your address by hand."
    );
    TOO_MANY_CARTS = (
        "too_many_carts",
        429,
        "Too many carts are holding numbers from your connection. Finish or empty one, or wait 30 minutes."
    );

    // Sessions and who may do what.

    /// No staff session, or it expired.
    NOT_SIGNED_IN = ("not_signed_in", 401, "Please sign in.");
    /// A customer's account route without a (live) customer session (crate::app::customer_sessions).
    CUSTOMER_NOT_SIGNED_IN = ("not_signed_in", 401, "Please sign in to your account.");
    INVALID_CREDENTIALS = ("invalid_credentials", 401, "The e-mail or password is not right.");
    GOOGLE_SIGN_IN_FAILED = (
        "google_sign_in_failed",
        401,
        "Google sign-in did not work for an account of this shop. Try again, or sign in with your password."
    );
    CSRF = ("csrf", 403, "This request is missing its security token. Please reload the page.");
    FORBIDDEN = ("forbidden", 403, "Only admins may do this.");
    /// A signed-in customer asking for an order, hardware order or trial of another account.
    NOT_YOUR_ORDER = (
        "not_your_order",
        403,
        "This order belongs to another account. Sign in with the e-mail it was bought with."
    );
    ORDER_SECRET_MISMATCH = (
        "order_secret_mismatch",
        403,
        "This order was placed from another browser. Please sign in or contact support."
    );
    RESET_LINK_INVALID = (
        "reset_link_invalid",
        400,
        "This password link is not valid. Ask for a new link with \"Forgot password\"."
    );
    RESET_LINK_USED = (
        "reset_link_used",
        410,
        "This password link has been used already. Ask for a new link with \"Forgot password\"."
    );
    RESET_LINK_EXPIRED = (
        "reset_link_expired",
        410,
        "This password link has expired (links work for one hour). Ask for a new link with \"Forgot password\"."
    );
    /// GET /metrics with a token that is not the server's.
    METRICS_TOKEN_INVALID =
        ("metrics_token_invalid", 403, "The metrics token is not valid: send the server's METRICS_TOKEN.");
    /// GET /metrics with a token, on a server that has none.
    METRICS_TOKEN_NOT_CONFIGURED = (
        "metrics_token_not_configured",
        403,
        "This server has no METRICS_TOKEN, so it takes no token: scrape it from this machine, or set METRICS_TOKEN."
    );
    /// GET /metrics from this machine but behind a trusted proxy, without a token.
    METRICS_BEHIND_PROXY = (
        "metrics_forbidden",
        403,
        "Behind a trusted proxy every visitor looks like this machine: /metrics needs `Authorization: Bearer` with the server's METRICS_TOKEN."
    );
    /// GET /metrics from another machine without a token.
    METRICS_NOT_LOCAL = (
        "metrics_forbidden",
        403,
        "Metrics are served to this machine only, or with `Authorization: Bearer` and the server's METRICS_TOKEN."
    );

    // Orders, trials and their pages.

    /// An order the staff console asks for that does not exist.
    NO_SUCH_ORDER_FOR_STAFF = (
        "order_not_found",
        404,
        "There is no such order. Search for it by number, e-mail or phone number."
    );
    NOT_A_TRIAL = ("not_a_trial", 404, "No such free trial.");
    /// The staff console extending what is not a trial.
    ONLY_TRIALS_EXTEND = ("not_a_trial", 404, "Only a free trial can be extended.");
    NO_CALLS = ("no_calls", 404, "A hardware order has no phone service, so no calls: open the service order.");
    ORDER_ALREADY_PAID = (
        "order_already_paid",
        409,
        "This cart's order has already been paid. Your confirmation e-mail has the details; for help, contact support."
    );
    RECEIPT_NOT_AVAILABLE = (
        "receipt_not_available",
        409,
        "This order has not been paid, so it has no VAT receipt. If you paid for it, contact support with its order number."
    );
    /// `{change}` is the first price change, or that prices changed; the answer carries the
    /// cart or quote as priced now.
    PRICE_CHANGED = ("price_changed", 409, "{change}. Please check the new total and try again.");
    TRIAL_ALREADY_USED = (
        "trial_already_used",
        409,
        "A free trial has already been used with this email address. To carry on, choose a plan on our Plans and Pricing page, or contact support."
    );
    /// A trial's confirmation link opened when another trial of its address is confirmed.
    TRIAL_CONFIRMED_ELSEWHERE = (
        "trial_already_used",
        409,
        "This email address already has a confirmed free trial. To carry on, choose a plan on our Plans and Pricing page, or contact support."
    );
    NOT_A_FREE_TRIAL_NUMBER = ("not_a_free_number", 422, "This number is not one of the free trial numbers.");
    VERIFICATION_LINK_UNKNOWN = (
        "verification_link_unknown",
        404,
        "This confirmation link is not valid. Open the link from the email we sent you again, making sure you have all of it; if it still fails, contact support."
    );
    VERIFICATION_LINK_USED = (
        "verification_link_used",
        409,
        "This link has already been used: your email address is confirmed. There is nothing more to do."
    );
    /// A form's fields refused, one message each in `fieldErrors` under this banner (the
    /// hardware order's own form says it too: HardwareOrderError::InvalidDetails).
    INVALID_FIELDS_OF_FORM = ("invalid_fields", 422, "Please correct the errors below and try again.");
    UNKNOWN_ADD_ON = ("unknown_add_on", 422, "There is no add-on {id}.");
    /// Adding a desk phone to the cart that is not published or not in stock.
    PHONE_NOT_FOR_SALE = ("hardware_unavailable", 422, "This phone is not available to buy right now.");
    /// Checking out a desk phone that stopped being sold since it was added.
    PHONE_NO_LONGER_SOLD =
        ("hardware_unavailable", 422, "{name} is no longer available. Please remove it from your cart.");
    INVALID_SHIPPING_OPTION = ("invalid_shipping_option", 422, "Please choose a shipping option.");
    LEGACY_PAYMENT_TYPE =
        ("legacy_payment_type", 422, "Legacy payment type detected. Please refresh and try again.");
    AUTHORITY_NOT_GIVEN = (
        "authority_not_given",
        422,
        "Tick the box to authorise the transfer: your current provider needs your authority to release the number."
    );

    // Payments and cards.

    /// The bank or the card refused: `{provider_message}` is the provider's own words, and the
    /// answer's `code` is the provider's (`card_declined`, `expired_card`, `incorrect_cvc`, ...)
    /// with `decline_code`, `status: "failed"` and the flag the page reads
    /// (crate::app::payments::failures).
    CARD_DECLINED = ("card_declined", 402, "{provider_message}");
    /// The checkout's card setup did not succeed (`{status}` is its status at the provider), in
    /// the words the checkout page uses itself (docs/product-rules.md).
    SETUP_INTENT_FAILED = ("setup_intent_failed", 402, "Setup intent not successful: {status}");
    /// A new card on file (the account's billing page) whose setup did not succeed.
    CARD_NOT_SAVED = (
        "setup_intent_failed",
        402,
        "The card could not be saved ({status}). Please check the card and try again."
    );
    /// The payment the bank is still deciding on (202: it may have gone through).
    PAYMENT_UNCLEAR = (
        "payment_processing",
        202,
        "Payment processing completed but status is unclear. Please contact support to verify your order."
    );
    PAYMENT_PROCESSING = (
        "payment_processing",
        409,
        "Your bank is still processing the payment. Please wait a moment and try again."
    );
    PAYMENT_REFUNDED = (
        "payment_refunded",
        409,
        "This payment was not needed: the order was already paid, or replaced by a newer order from the same cart. We have refunded it in full, and your bank usually shows it within 5 to 10 working days."
    );
    PAYMENT_NOT_FOUND = (
        "payment_not_found",
        404,
        "We could not find this payment. Please contact support with your payment reference."
    );
    SUBSCRIPTION_NOT_FOUND = ("subscription_not_found", 404, "No order has this subscription.");
    UNKNOWN_PAYMENT_METHOD = ("unknown_payment_method", 422, "That card does not belong to this order.");
    /// A card setup the provider says succeeded without a card.
    CARD_SETUP_WITHOUT_CARD = ("no_payment_method", 422, "The card setup has no card.");
    NO_CARD_SAVED = ("no_payment_method", 422, "No card is saved for this order: add a card first.");
    /// A hardware payment's card that its order's card setup did not confirm.
    CARD_TO_ENTER_AGAIN = ("invalid_payment_method", 422, "Please enter your card details again.");
    NOT_A_CARD_OF_THE_TRIAL = ("invalid_payment_method", 422, "That is not a card of this trial.");
    NO_CALL_CREDIT =
        ("no_call_credit", 409, "This plan includes its calls: it has no Pay As You Go credit to top up.");
    CALLS_ABROAD_NEED_CREDIT = (
        "calls_abroad_need_credit",
        409,
        "Calls abroad are paid from Pay As You Go credit: this plan has none. Contact us to move to Pay As You Go."
    );
    /// The provider failed (not the card): the detail is logged only.
    PROVIDER_DOWN =
        ("payment_provider_error", 502, "The payment provider did not answer. Please try again in a minute.");
    /// The provider failed to make a card setup.
    CARD_FORM_FAILED =
        ("payment_provider_error", 502, "The card form could not be opened. Please try again in a minute.");
    /// The provider failed while a subscription was looked up (staff).
    PAYMENT_NOT_VERIFIED = (
        "payment_provider_error",
        502,
        "Payment status could not be verified. Please try again or contact support."
    );
    /// The provider failed while a webhook's event was read back from it.
    STRIPE_UNREACHABLE =
        ("payment_provider_error", 502, "Stripe could not be reached; the event will be delivered again.");
    /// The provider failed while a stray payment was refunded (its workflow tries again).
    STRAY_REFUND_NOT_DONE =
        ("payment_provider_error", 502, "The payment provider did not answer; the refund is tried again.");

    // Stripe's webhook.

    BAD_SIGNATURE = ("bad_signature", 400, "The webhook signature is not valid.");
    WEBHOOK_IN_PROGRESS = (
        "webhook_in_progress",
        409,
        "Another delivery of this event is being handled; deliver it again later."
    );
    WEBHOOKS_NOT_CONFIGURED = (
        "webhooks_not_configured",
        503,
        "Webhooks are not configured on this server: set STRIPE_WEBHOOK_SECRET."
    );

    // The postcode lookup (its messages are the checkout's, word for word).

    POSTCODE_NOT_FOUND =
        ("postcode_not_found", 404, "No addresses found for this postcode. Please check and try again.");
    INVALID_POSTCODE = ("invalid_postcode", 422, "Please enter a valid UK postcode (e.g., SW1A 1AA)");
    LOOKUP_UNAVAILABLE =
        ("lookup_unavailable", 401, "Address lookup service unavailable. Please enter address manually.");
    LOOKUP_LIMIT = ("lookup_limit", 402, "Address lookup limit reached. Please enter address manually.");
    LOOKUP_FAILED = ("lookup_failed", 502, "Unable to fetch addresses. Please enter your address manually.");

    // The number search's query (GET /api/available_numbers).

    NUMBERS_QUERY_NOT_WHOLE = ("invalid_query", 422, "{name} must be a whole number from {min} to {max}.");
    NUMBERS_QUERY_NOT_DIGITS = ("invalid_query", 422, "{name} must be up to 10 digits.");
    QUERY_PARAMETER_TWICE = ("invalid_query", 422, "{name} may be given only once.");
    UNKNOWN_COUNTRY = ("invalid_query", 422, "country_code must be one of {countries}.");
    UNKNOWN_NUMBER_TYPE = (
        "invalid_query",
        422,
        "numberType must be geographic (local), freephone (toll-free), national or mobile."
    );
    NUMBERS_AFTER_NOT_A_NUMBER = (
        "invalid_query",
        422,
        "after must be the national number (up to 15 digits) of the page before's next_after."
    );
    NUMBERS_PAGE_TOO_DEEP = (
        "invalid_query",
        422,
        "Without after, page may be at most {deepest} at {per_page} per page ({depth} numbers deep). To go further, page on with after set to the previous page's next_after."
    );

    // The hardware catalogue.

    UNKNOWN_BRAND = ("invalid_query", 422, "brand must be grandstream, yealink, polycom or cisco.");
    AUDIT_PAGE_UNKNOWN = (
        "invalid_query",
        422,
        "That page of the audit log is not known: open the audit log again from its first page."
    );
    IMAGE_NOT_MULTIPART = ("invalid_image", 422, "Send the image as a multipart/form-data upload.");
    IMAGE_TOO_LARGE = ("invalid_image", 422, "Images can be at most 5 MB.");
    UPLOAD_UNREADABLE = ("invalid_image", 422, "The upload could not be read.");
    IMAGE_WITHOUT_BRAND = ("invalid_image", 422, "Please select a brand before uploading images");
    NO_IMAGE = ("invalid_image", 422, "Choose an image to upload.");
    IMAGE_NOT_JPEG_PNG_OR_WEBP = ("invalid_image", 422, "Only JPEG, PNG or WebP images can be uploaded.");

    // The staff console.

    ORDER_SEARCH_QUERY = (
        "invalid_query",
        400,
        "Search with ?query= (text), and &before= (a page's next) for older orders."
    );
    ORDER_SEARCH_TOO_LONG = ("invalid_query", 400, "Search with at most {max} characters.");
    ORDER_SEARCH_PAGE_UNKNOWN = (
        "invalid_query",
        400,
        "That page of the search is not known: search again from the first page."
    );
    HISTORY_QUERY = ("invalid_query", 400, "upTo must be the number of one of the order's events, from 1.");
    INVALID_UP_TO = (
        "invalid_up_to",
        422,
        "upTo must be an event of this order: 1 to {last}. Leave it out to see the order as it is now."
    );
    QUOTES_QUERY = ("invalid_query", 400, "Use ?status=open or ?status=answered.");
    MAIL_QUERY = (
        "invalid_query",
        400,
        "Filter with ?status= (queued, retrying, sent, kept or failed) and &page= (from 1)."
    );
    MAIL_NOT_FOUND = ("mail_not_found", 404, "There is no such e-mail. Go back to the mailbox and pick one.");
    ANALYTICS_QUERY = ("invalid_query", 400, "Use ?from=YYYY-MM-DD&to=YYYY-MM-DD.");
    /// `{text}` is what was sent, quoted.
    ANALYTICS_NOT_A_DATE = ("invalid_query", 400, "{text} is not a date: use YYYY-MM-DD.");
    ANALYTICS_FROM_AFTER_TO =
        ("invalid_query", 400, "The period's first day (from) is after its last day (to).");
    ANALYTICS_PERIOD_TOO_LONG =
        ("invalid_query", 400, "A report covers at most {max} days: choose a shorter period.");
    NUMBER_TO_RELEASE = ("invalid_number", 422, "Pick one of the order's numbers to release.");
    LOST_NUMBER_TO_REPLACE = ("invalid_number", 422, "Pick one of the order's lost numbers to replace.");
    NUMBER_FOR_PLACEHOLDER = ("invalid_number", 422, "Pick one of the free numbers listed for the area code.");
    /// `{number}` is the number picked.
    NOT_A_FREE_NUMBER =
        ("not_a_free_number", 409, "{number} is not a free number of that area code any more: pick another from the list.");
    /// `{lost}` is the number lost.
    NO_NUMBER_IN_AREA = (
        "no_number_in_area",
        409,
        "There is no free number like {lost} in its area code now: import more stock, then try again."
    );
    NOT_OWNER = (
        "not_owner",
        409,
        "That number is no longer this order's (it was never assigned, or went back to stock already), so there is nothing to release."
    );
    NOTHING_TO_RELEASE = (
        "nothing_to_release",
        409,
        "Only a service order's numbers can be released here; a trial's number returns to stock by itself 30 days after the trial ends (at once when its e-mail address was never confirmed)."
    );
    TRANSFER_DATE_NOT_A_DATE = ("invalid_transfer_step", 422, "Give the transfer date as YYYY-MM-DD, e.g. 2026-12-01.");
    TRANSFER_DATE_MISSING = ("invalid_transfer_step", 422, "Give the transfer date the losing provider set.");
    PORT_STEP_EXTRA = (
        "invalid_transfer_step",
        422,
        "Send a date only with setDate, and a reason only with reject."
    );
    UNKNOWN_TRANSFER_STEP = ("invalid_transfer_step", 422, "The step must be submit, setDate, complete or reject.");
    TRANSFER_TO_PICK = ("invalid_transfer_step", 422, "Pick one of the order's transfers.");
    INVALID_WHEN = ("invalid_when", 422, "Say when: now, or periodEnd (the end of the period paid for).");
    NO_SPEND_CAP_ON_TRIALS = (
        "no_spend_cap_on_trials",
        409,
        "A free trial has no daily spend cap to change: its calls out are UK landlines and mobiles within its trial minutes, which cost it nothing. To stop its calls, end the trial from its order page."
    );
    NOT_REFUNDABLE = (
        "not_refundable",
        409,
        "Only a hardware order is refunded here; a service subscription is cancelled instead."
    );
    /// `{reason}` is the provider's.
    REFUND_REFUSED = (
        "refund_refused",
        502,
        "The card provider refused the refund ({reason}). Nothing was refunded; check the payment in the card provider's dashboard."
    );
    REFUND_NOT_CONFIRMED = (
        "refund_not_confirmed",
        502,
        "The card provider did not confirm the refund. Try again in a minute: the same refund is asked for again, never a second one."
    );
    CANCELLATION_NOT_CONFIRMED = (
        "cancellation_not_confirmed",
        502,
        "The card provider did not confirm the cancellation. Nothing was recorded: try again in a minute."
    );
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::{fill, placeholders, API_REFUSALS};

    #[test]
    fn placeholders_are_counted_and_filled_in_order() {
        assert_eq!(placeholders("No placeholder."), 0);
        assert_eq!(placeholders("{name} must be from {min} to {max}."), 3);
        let (name, min, max) = ("page", 1, 100);
        assert_eq!(fill("{name} must be from {min} to {max}.", &[&name, &min, &max]), "page must be from 1 to 100.");
        assert_eq!(fill("No placeholder.", &[]), "No placeholder.");
    }

    /// A refusal is declared once: an API refusal that says what a domain error already says
    /// (same code, status and message) is that domain error, answered as such
    /// (`ApiError::from(PhoneNumberError::Taken)`), and two API constants alike are one. The
    /// one exception: every form's banner, which the hardware order's form shares.
    #[test]
    fn every_refusal_is_declared_once() {
        let mut seen = BTreeSet::new();
        for (source, declared) in crate::platform::error::declared_refusals() {
            let key = (declared.code, declared.status, declared.message);
            let first = seen.insert(key) || source != "API" || declared == *super::INVALID_FIELDS_OF_FORM;
            assert!(first, "{declared:?} is declared already");
        }
        assert!(API_REFUSALS.iter().all(|declared| declared.variant == "api"));
    }

    /// Every placeholder of an API refusal's message is filled in when it is answered.
    #[test]
    fn every_message_filled_in_has_no_placeholder_left() {
        let x: &dyn std::fmt::Display = &"x";
        for declared in API_REFUSALS {
            let words = fill(declared.message, &[x, x, x]);
            assert!(!words.trim().is_empty() && !words.contains(['{', '}']), "{declared:?}");
        }
    }
}
