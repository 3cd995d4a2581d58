"""Buys desk phones N times through the API; prints the server's own time per order.

Each order: a cart with two phones, then the hardware checkout's four calls (place the
order, the card setup, create-hardware-payment, confirm-hardware-payment), with the card
confirmed at the stand-in as Stripe.js would. The server's own time is each call's
`Server-Timing: total` minus its `stripe` part (the waits for the stand-in).

Usage: python3 hardware_checkout.py SERVER_URL STAND_IN_URL N
"""
import statistics
import sys
import time
import urllib.parse

from checkout import call, own_ms, percentile  # noqa: E402  (the service bench's helpers)

server, stand_in, count = sys.argv[1], sys.argv[2], int(sys.argv[3])


def api(method, path, body=None):
    return call(method, server + path, body=body)


catalogue, _ = api("GET", "/api/hardware/")
phone = next(item for item in catalogue["items"] if item["inStock"])
customer = {
    "email": "", "firstName": "Bench", "lastName": "Mark", "phone": "020 7946 0000",
    "address": {"line1": "1 Example Road", "line2": "", "city": "Testtown", "postalCode": "ID1 1QD", "country": "GB"},
}

per_order = []
started = time.time()
for n in range(count):
    cart, _ = api("POST", "/api/carts")
    api("POST", f"/api/carts/{cart['id']}/hardware", {"productId": phone["id"], "quantity": 2})
    own = 0.0
    order, t = api("POST", "/api/hardware-orders", {
        "cartId": cart["id"], "shippingOption": "saturday",
        "customerInfo": dict(customer, email=f"bench{n}@example.com")})
    own += own_ms(t)
    order_id, secret = order["orderId"], order["orderSecret"]
    setup, t = api("POST", f"/api/hardware-orders/{order_id}/card-setup", {"orderSecret": secret})
    own += own_ms(t)
    client_secret = setup["clientSecret"]
    form = urllib.parse.urlencode({
        "key": "pk_test_localstripe", "client_secret": client_secret, "payment_method_data[type]": "card",
        "payment_method_data[card][number]": "4242424242424242", "payment_method_data[card][exp_month]": "12",
        "payment_method_data[card][exp_year]": "2031", "payment_method_data[card][cvc]": "123",
    })
    confirmed, _ = call("POST", f"{stand_in}v1/setup_intents/{client_secret.split('_secret_')[0]}/confirm", form=form)
    paid, t = api("POST", "/api/create-hardware-payment/", {
        "order_id": order_id, "order_secret": secret, "payment_method_id": confirmed["payment_method"],
        "payment_type": "hardware_purchase"})
    own += own_ms(t)
    assert paid["status"] == "succeeded", paid
    done, t = api("POST", "/api/confirm-hardware-payment/", {
        "paymentIntentId": paid["payment_intent_id"], "orderId": order_id, "orderSecret": secret})
    own += own_ms(t)
    assert done["status"] == "confirmed", done
    per_order.append(own)

per_order.sort()
print(f"hardware orders: {count} in {time.time() - started:.1f} s wall (stand-in included)")
print(f"server's own time per hardware order (4 calls, Stripe waits excluded): p50 {statistics.median(per_order):.1f} ms, "
      f"p99 {percentile(per_order, 0.99):.1f} ms, mean {statistics.mean(per_order):.1f} ms, max {per_order[-1]:.1f} ms")
