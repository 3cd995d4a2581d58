"""Times the audit log's pages with one client (api/bench/audit-log.sh); prints a table.

Usage: python3 audit_log.py SERVER_URL COOKIE REQUESTS
"""
import http.client
import json
import statistics
import sys
import time
import urllib.parse


def main():
    server, cookie, requests = urllib.parse.urlparse(sys.argv[1]), sys.argv[2], int(sys.argv[3])
    connection = http.client.HTTPConnection(server.hostname, server.port)

    def get(path):
        started = time.perf_counter()
        connection.request("GET", path, headers={"Cookie": cookie})
        response = connection.getresponse()
        body = response.read()
        elapsed = (time.perf_counter() - started) * 1000
        if response.status != 200:
            sys.exit(f"GET {path}: {response.status} {body[:300]!r}")
        return json.loads(body), elapsed

    def deep(query, pages):
        """The `next` of page `pages` of `query`, followed from the newest page."""
        before = None
        for _ in range(pages - 1):
            page, _ = get("/api/admin/audit-log?" + urllib.parse.urlencode({**query, **({"before": before} if before else {})}))
            before = page["next"]
        return before

    member = {"user": "staff3@talkbridge.example"}
    rows = [
        ("newest page (50)", {}),
        ("page 50, following next", {"before": deep({}, 50)}),
        ("one item's changes", {"item": "item-1234"}),
        ("one staff member's changes", member),
        ("page 50 of one member's changes", {**member, "before": deep(member, 50)}),
    ]
    print("| audit log, one client | requests | p50 (ms) | p99 (ms) | entries on the page |")
    print("|---|---|---|---|---|")
    for name, query in rows:
        path = "/api/admin/audit-log?" + urllib.parse.urlencode(query)
        times = []
        for _ in range(requests):
            page, ms = get(path)
            times.append(ms)
        times.sort()
        p99 = times[min(len(times) - 1, int(round(0.99 * len(times))) - 1)]
        print(f"| {name} | {requests} | {statistics.median(times):.2f} | {p99:.2f} | {len(page['entries'])} |")


if __name__ == "__main__":
    main()
