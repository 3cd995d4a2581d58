"""Places and completes N orders through the API; prints the server's own time per order.

Usage: python3 checkout.py SERVER_URL STAND_IN_URL N
"""
import json
import statistics
import sys
import time
import urllib.parse
import urllib.request

def call(method, url, body=None, form=None, auth=None, client=None):
    headers = {}
    if client:
        # Each order from a buyer of its own (the server trusts the bench as its proxy).
        headers["x-forwarded-for"] = client
    data = None
    if body is not None:
        data = json.dumps(body).encode()
        headers["content-type"] = "application/json"
    if form is not None:
        data = form.encode()
        headers["content-type"] = "application/x-www-form-urlencoded"
    if auth:
        headers["authorization"] = "Bearer " + auth
    request = urllib.request.Request(url, data=data, method=method, headers=headers)
    with urllib.request.urlopen(request) as response:
        return json.loads(response.read() or b"null"), response.headers.get("server-timing", "")


def own_ms(timing):
    """`total;dur=X, stripe;dur=Y` -> X - Y."""
    parts = dict(
        (p.split(";dur=")[0].strip(), float(p.split(";dur=")[1])) for p in timing.split(",") if ";dur=" in p
    )
    return parts.get("total", 0.0) - parts.get("stripe", 0.0)


def percentile(sorted_values, share):
    """The value at `share` (0..1) of an ascending list."""
    return sorted_values[min(len(sorted_values) - 1, int(round(share * len(sorted_values))) - 1)]


def main():
    server, stand_in, count = sys.argv[1], sys.argv[2], int(sys.argv[3])

    def api(method, path, body=None):
        return call(method, server + path, body=body, client=buyer[0])

    buyer = [None]

    customer = {
        "email": "", "password": "bench-Passw0rd", "confirmPassword": "bench-Passw0rd",
        "firstName": "Bench", "lastName": "Mark", "companyName": "Bench Ltd", "phone": "020 7946 0000",
        "postcode": "ID1 1QD", "addressLine1": "1 Example Road", "city": "Testtown", "country": "United Kingdom",
    }

    per_order = []
    started = time.time()
    for n in range(count):
        buyer[0] = f"10.{n // 250}.{n % 250}.1"
        cart, _ = api("POST", "/api/carts")
        api("PUT", f"/api/carts/{cart['id']}/package", {"plan": "singleUser", "billingCycle": "monthly", "quantity": 1})
        info = dict(customer, email=f"bench{n}@example.com")
        own = 0.0
        intent, t = api("POST", "/api/create-payment-intent/", {"cartId": cart["id"], "customerInfo": info})
        own += own_ms(t)
        order = intent["orderId"]
        setup, t = api("POST", "/api/create-setup-intent/", {"orderId": order})
        own += own_ms(t)
        secret = setup["client_secret"]
        seti = secret.split("_secret_")[0]
        form = urllib.parse.urlencode({
            "key": "pk_test_localstripe", "client_secret": secret, "payment_method_data[type]": "card",
            "payment_method_data[card][number]": "4242424242424242", "payment_method_data[card][exp_month]": "12",
            "payment_method_data[card][exp_year]": "2031", "payment_method_data[card][cvc]": "123",
        })
        confirmed, _ = call("POST", f"{stand_in}v1/setup_intents/{seti}/confirm", form=form)
        paid, t = api("POST", "/api/create-subscription/", {
            "orderId": order, "paymentMethodId": confirmed["payment_method"], "setupIntentId": setup["setup_intent_id"]})
        own += own_ms(t)
        assert paid["success"], paid
        account, t = api("POST", "/api/create-user-account/", {
            "orderId": order, "orderSecret": intent["orderSecret"], "password": "bench-Passw0rd"})
        own += own_ms(t)
        assert account["unique_identifier"], account
        per_order.append(own)

    per_order.sort()
    p50 = statistics.median(per_order)
    p99 = percentile(per_order, 0.99)
    print(f"orders: {count} in {time.time() - started:.1f} s wall (stand-in included)")
    print(f"server's own time per order (4 calls, Stripe waits excluded): p50 {p50:.1f} ms, p99 {p99:.1f} ms, "
          f"mean {statistics.mean(per_order):.1f} ms, max {per_order[-1]:.1f} ms")


if __name__ == "__main__":
    main()
