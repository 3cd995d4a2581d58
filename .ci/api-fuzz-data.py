"""Makes what .ci/api-fuzz's operations work on, through the API; prints FUZZ_* exports."""

import json
import sys
import urllib.request

API = sys.argv[1]


def call(method, path, body=None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(API + path, data=data, method=method)
    request.add_header("content-type", "application/json")
    with urllib.request.urlopen(request) as response:
        return json.load(response)


def cart(plan=True, phone=None):
    cart_id = call("POST", "/carts")["id"]
    if plan:
        call("PUT", f"/carts/{cart_id}/package", {"plan": "singleUser", "billingCycle": "monthly", "quantity": 2})
    if phone:
        call("POST", f"/carts/{cart_id}/hardware", {"productId": phone, "quantity": 1})
    return cart_id


def person(email):
    return {
        "email": email, "password": "fuzz-Passw0rd-1", "confirmPassword": "fuzz-Passw0rd-1",
        "firstName": "Fuzz", "lastName": "Tester", "companyName": "Fuzz Ltd", "phone": "020 7946 0000",
        "postcode": "ID1 1QD", "addressLine1": "1 Example Road", "addressLine2": "", "city": "Testtown",
        "country": "United Kingdom",
    }


phone = next(item["id"] for item in call("GET", "/hardware")["items"] if item["inStock"])
fuzzed_cart = cart(phone=phone)
order = call("POST", "/create-payment-intent/", {"cartId": cart(), "customerInfo": person("order@example.com")})
buyer = {
    "email": "phones@example.com", "firstName": "Fuzz", "lastName": "Tester", "phone": "07700 900123",
    "address": {"line1": "1 Example Road", "line2": "", "city": "Testtown", "postalCode": "ID1 1QD", "country": "GB"},
}
phones_cart = cart(plan=False, phone=phone)
# 'Complete Order' on the quote the page shows (its version).
quote = call("GET", f"/hardware-checkout/quote?cartId={phones_cart}&shippingOption=economy")
hardware = call("POST", "/hardware-orders", {
    "cartId": phones_cart, "shippingOption": "economy", "quoteVersion": quote["version"], "customerInfo": buyer,
})
number = call("GET", "/free-did-numbers")["numbers"][0]["value"]
trial = call("POST", "/create-free-trial-account/", {
    "customerInfo": person("trial@example.com"), "selectedNumber": {"value": number},
})
for name, value in {
    "FUZZ_CART_ID": fuzzed_cart,
    "FUZZ_ORDER_ID": order["orderId"],
    "FUZZ_ORDER_SECRET": order["orderSecret"],
    "FUZZ_HARDWARE_ORDER_ID": hardware["orderId"],
    "FUZZ_HARDWARE_ORDER_SECRET": hardware["orderSecret"],
    "FUZZ_TRIAL_ID": trial["trialId"],
}.items():
    print(f"export {name}={value}")
