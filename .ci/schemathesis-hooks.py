"""schemathesis hooks of .ci/api-fuzz (SCHEMATHESIS_HOOKS): the two places where a check's
verdict is wrong for this API, each for the reason given. Every check stays on; a failure is
dropped only as said here, and the run's summary counts what was dropped.

The codes come from api/API.md's table, which is generated from their one declaration
(aggregates' `refusals!` and `API_REFUSALS` in api/src/platform/error.rs).
"""

import json
import pathlib
import re

import schemathesis

TABLE = pathlib.Path(__file__).resolve().parent.parent / "api" / "API.md"

# Refusals of the request's form: the document states these rules (lengths, patterns, enums,
# ranges), so a schema-valid request answered with one of them is a real failure and is kept.
FORM_CODES = {
    "invalid_body", "invalid_query", "invalid_fields", "malformed_json", "unsupported_media_type",
    "bad_request", "payload_too_large", "invalid_postcode", "invalid_shipping_option",
}

# A part of a resource named in the path (a line, an add-on, a number of the cart) that the
# resource does not hold.
PART_NOT_FOUND = {"item_not_found", "add_on_not_in_cart", "number_not_in_cart", "image_not_found"}


# Form fields whose rule names another field. `confirmPassword` equals `password`: JSON
# Schema cannot compare two values. A quote's `speed` and `sites` go with a leased line,
# `numbers` with phone numbers; a desk-phone order's `postalCode` is a UK postcode when its
# `country` is GB: JSON Schema could say these with a oneOf per `product` or `country` (as
# sign-in's one of two credentials now is), but each would replace a schema the web app names
# (QuoteBody, the order's address), so for now the schemas say so in their descriptions.
CROSS_FIELD = {"confirmPassword", "speed", "sites", "numbers", "postalCode"}

# A new password's strength (api/src/app/password_rules.rs): zxcvbn's list of passwords from
# breaches and its estimate of the guesses needed, which no JSON Schema can state (the schema
# states the length, which stays checked). A form refused for these messages alone is dropped.
STRENGTH = {
    "This password is on lists of passwords stolen from other sites, which attackers try first. "
    "Choose another: three or four unrelated words make a strong one.",
    "This password is easy to guess. Add another word or two, or use three or four unrelated words.",
}


def declared_codes():
    codes = set()
    for line in TABLE.read_text().splitlines():
        found = re.match(r"^\| \d{3} \| `([a-z_]+)` \|", line)
        if found:
            codes.add(found.group(1))
    return codes


DECLARED = declared_codes()


def refusal(response):
    try:
        body = json.loads(response.content)
    except ValueError:
        return {}
    return body if isinstance(body, dict) else {}


@schemathesis.hook
def filter_failure(context, failure, case, response):
    body = refusal(response)
    code = body.get("code")
    # positive_data_acceptance (ST202) reads any 422 of a schema-valid request as the document
    # hiding a rule. A refusal by the state of what the request names (Multi User needs 4
    # users, no plan chosen yet, a number not in stock, a card not of this trial, an order
    # paid already) is the API's answer to a well-formed request: its code is declared and it
    # is not a form code. Those are dropped; a form refusal or an undeclared code is kept.
    if failure.code == "ST202" and code in DECLARED and code not in FORM_CODES:
        return False
    # A form refused only for a rule across fields (CROSS_FIELD): dropped; a field's own rule
    # (length, pattern, range, required) is kept.
    fields = body.get("fieldErrors") or {}
    if failure.code == "ST202" and code == "invalid_fields" and fields and set(fields) <= CROSS_FIELD:
        return False
    # A new password refused only for its strength (STRENGTH), with nothing else wrong.
    beyond_schema = {name for name, message in fields.items() if name == "password" and message in STRENGTH}
    if failure.code == "ST202" and code == "invalid_fields" and beyond_schema and set(fields) <= CROSS_FIELD | beyond_schema:
        return False
    # ensure_resource_availability (ST302) reads a 404 of an operation on a resource just
    # created as the resource missing. When the 404 names a part of it the request made up
    # (`DELETE /carts/{id}/add-ons/{addOnId}` with a random add-on: add_on_not_in_cart), the
    # resource was found: dropped. A 404 for the resource itself (cart_not_found) is kept.
    if failure.code == "ST302" and code in PART_NOT_FOUND:
        return False
    # GET /api/available_numbers without `after` answers pages up to 2000 numbers deep
    # (`page * per_page`, documented on `page`): a rule across two parameters, which JSON
    # Schema cannot state for query parameters.
    if failure.code == "ST202" and code == "invalid_query" and too_deep(case):
        return False
    return True


def too_deep(case):
    query = case.query or {}
    if case.operation.path != "/api/available_numbers" or str(query.get("after") or "").strip():
        return False
    try:
        return int(query.get("page", 1)) * int(query.get("per_page", 20)) > 2000
    except (TypeError, ValueError):
        return False
