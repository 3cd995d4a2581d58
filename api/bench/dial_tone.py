#!/usr/bin/env python3
"""A Single User order through the shop's API as the checkout page makes it, on the Stripe
stand-in: cart and plan, a number, the order (create-payment-intent), the card (a setup
intent confirmed as Stripe.js does), the payment, the account. Prints one JSON line: the
order id, each extension's username and SIP password, and the wall time of each step and
of all of them (ms). Standard library only.

    dial_tone.py SHOP_URL STRIPE_URL [EMAIL]   (api/bench/dial-tone.sh runs it)

USERS=N in the environment orders N users (extensions 101, 102, ...; api/bench/first-call.sh).
"""
import json
import os
import random
import sys
import time
import urllib.parse
import urllib.request


def call(method, url, body=None, form=None, token=None):
    headers = {}
    data = None
    if body is not None:
        data = json.dumps(body).encode()
        headers["content-type"] = "application/json"
    if form is not None:
        data = urllib.parse.urlencode(form).encode()
        headers["content-type"] = "application/x-www-form-urlencoded"
    if token:
        headers["authorization"] = f"Bearer {token}"
    request = urllib.request.Request(url, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return json.load(response)
    except urllib.error.HTTPError as error:
        sys.exit(f"{method} {url} answered {error.code}: {error.read().decode()[:500]}")


def main():
    shop, stripe = sys.argv[1].rstrip("/"), sys.argv[2].rstrip("/")
    email = sys.argv[3] if len(sys.argv) > 3 else f"dialtone{random.randrange(10**9)}@example.com"
    steps = {}
    started = time.monotonic()

    def step(name, fn):
        at = time.monotonic()
        result = fn()
        steps[name] = round((time.monotonic() - at) * 1000)
        return result

    def plan():
        cart = call("POST", f"{shop}/api/carts")["id"]
        package = {"plan": "singleUser", "billingCycle": "monthly", "quantity": int(os.environ.get("USERS", "1"))}
        call("PUT", f"{shop}/api/carts/{cart}/package", package)
        return cart

    cart = step("plan", plan)

    def number():
        page = call("GET", f"{shop}/api/available_numbers?numberType=geographic&per_page=100")
        for candidate in random.sample(page["numbers"], len(page["numbers"])):
            try:
                request = urllib.request.Request(
                    f"{shop}/api/carts/{cart}/numbers", method="POST",
                    data=json.dumps({"value": candidate["value"]}).encode(),
                    headers={"content-type": "application/json"})
                urllib.request.urlopen(request, timeout=60).read()
                return candidate["value"]
            except urllib.error.HTTPError:
                continue  # taken meanwhile by another cart: the next one
        sys.exit("no number could be added to the cart")

    step("number", number)
    customer = {
        "email": email, "password": "s3cret-Passw0rd", "confirmPassword": "s3cret-Passw0rd",
        "firstName": "Dial", "lastName": "Tone", "companyName": "Dial Tone Ltd", "phone": "020 7946 0000",
        "postcode": "ID1 1QD", "addressLine1": "1 Example Road", "addressLine2": "", "city": "Testtown",
        "country": "United Kingdom", "isGoogleSignIn": False,
    }
    intent = step("account", lambda: call("POST", f"{shop}/api/create-payment-intent/",
                                          {"cartId": cart, "customerInfo": customer}))
    order, secret = intent["orderId"], intent["orderSecret"]

    def card():
        setup = call("POST", f"{shop}/api/create-setup-intent/", {"orderId": order})
        seti = setup["client_secret"].split("_secret_")[0]
        confirmed = call("POST", f"{stripe}/v1/setup_intents/{seti}/confirm", form={
            "key": "pk_test_localstripe", "client_secret": setup["client_secret"],
            "payment_method_data[type]": "card", "payment_method_data[card][number]": "4242424242424242",
            "payment_method_data[card][exp_month]": "12", "payment_method_data[card][exp_year]": "2031",
            "payment_method_data[card][cvc]": "123"})
        return setup["setup_intent_id"], confirmed["payment_method"]

    setup_intent, method = step("card", card)

    def pay():
        call("POST", f"{shop}/api/create-subscription/",
             {"orderId": order, "paymentMethodId": method, "setupIntentId": setup_intent})
        return call("POST", f"{shop}/api/create-user-account/",
                    {"orderId": order, "orderSecret": secret, "password": "s3cret-Passw0rd"})

    account = step("pay", pay)
    total = round((time.monotonic() - started) * 1000)
    extensions = [{"number": e["number"], "username": e["username"], "password": e["password"]}
                  for e in account["extensions"]]
    print(json.dumps({"orderId": order, "email": email, "extensions": extensions, "steps": steps,
                      "totalMs": total, "completedAt": time.time()}))


if __name__ == "__main__":
    main()
