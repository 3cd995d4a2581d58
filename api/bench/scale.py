"""Drives N carts through the API (5 commands each: create, choose a package, change the
billing cycle three times) and then reads each cart once; prints the latencies as JSON.

Usage: python3 scale.py SERVER_URL N
"""
import http.client
import json
import statistics
import sys
import time
import urllib.parse


def percentile(sorted_values, share):
    """The value at `share` (0..1) of an ascending list."""
    return sorted_values[min(len(sorted_values) - 1, max(0, int(round(share * len(sorted_values))) - 1))]


def main():
    server, count = urllib.parse.urlparse(sys.argv[1]), int(sys.argv[2])
    connection = http.client.HTTPConnection(server.hostname, server.port)

    def call(method, path, body=None):
        headers = {"content-type": "application/json"} if body is not None else {}
        started = time.perf_counter()
        connection.request(method, path, body=json.dumps(body) if body is not None else None, headers=headers)
        response = connection.getresponse()
        data = response.read()
        elapsed = (time.perf_counter() - started) * 1000
        if response.status >= 300:
            sys.exit(f"{method} {path}: {response.status} {data[:300]!r}")
        return json.loads(data), elapsed

    commands, reads, carts = [], [], []
    for _ in range(count):
        cart, ms = call("POST", "/api/carts")
        commands.append(ms)
        path = f"/api/carts/{cart['id']}"
        _, ms = call("PUT", path + "/package", {"plan": "singleUser", "billingCycle": "monthly", "quantity": 1})
        commands.append(ms)
        for cycle in ("yearly", "monthly", "yearly"):
            _, ms = call("PUT", path + "/billing-cycle", {"billingCycle": cycle})
            commands.append(ms)
        carts.append(path)
    for path in carts:
        _, ms = call("GET", path)
        reads.append(ms)
    commands.sort()
    reads.sort()
    print(json.dumps({
        "command_p50": round(statistics.median(commands), 2),
        "command_p95": round(percentile(commands, 0.95), 2),
        "get_p50": round(statistics.median(reads), 2),
    }))


if __name__ == "__main__":
    main()
