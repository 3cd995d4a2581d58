"""One client timing the staff order search (api/bench/staff-search.sh): for each kind of
search, REQUESTS requests one after another on one kept-alive connection, each timed from
sending to the last byte read; prints a Markdown table of p50/p99/max.

Usage: python3 staff_search.py BASE_URL COOKIE SAMPLES_FILE [REQUESTS]
SAMPLES_FILE: lines "kind<TAB>text" (kinds: number, email, phone, ref), values to search.
"""

import http.client
import json
import sys
import time
import urllib.parse
from collections import defaultdict


def main() -> None:
    base, cookie, samples_file = sys.argv[1], sys.argv[2], sys.argv[3]
    requests = int(sys.argv[4]) if len(sys.argv) > 4 else 200
    url = urllib.parse.urlsplit(base)
    connection = http.client.HTTPConnection(url.hostname, url.port)
    headers = {"Cookie": cookie, "Accept": "application/json"}

    def get(query: str, before: str | None = None) -> tuple[float, dict]:
        params = {"query": query}
        if before:
            params["before"] = before
        path = "/api/admin/orders?" + urllib.parse.urlencode(params)
        start = time.perf_counter()
        connection.request("GET", path, headers=headers)
        answer = connection.getresponse()
        body = answer.read()
        took = (time.perf_counter() - start) * 1000
        if answer.status != 200:
            sys.exit(f"{path}: {answer.status} {body[:300]!r}")
        return took, json.loads(body)

    samples: dict[str, list[str]] = defaultdict(list)
    with open(samples_file, encoding="utf-8") as lines:
        for line in lines:
            kind, text = line.rstrip("\n").split("\t", 1)
            samples[kind].append(text)

    # Page 50 of every order, by following `next` from the first page.
    before = None
    for _ in range(49):
        _, page = get("", before)
        before = page["next"]
    page_50 = before

    rows = []

    def measure(what: str, queries: list[tuple[str, str | None]], expect_hits: bool) -> None:
        for query, cursor in queries[:20]:  # warm-up
            get(query, cursor)
        times, hits = [], 0
        for i in range(requests):
            query, cursor = queries[i % len(queries)]
            took, page = get(query, cursor)
            times.append(took)
            hits += 1 if page["results"] else 0
        times.sort()
        p = lambda q: times[min(len(times) - 1, int(len(times) * q))]
        found = f"{hits}/{requests}" if expect_hits else f"{hits}/{requests} (none expected)"
        rows.append((what, p(0.5), p(0.99), times[-1], found))

    measure("first page (empty query)", [("", None)], True)
    measure("page 50 of every order, by following next", [("", page_50)], True)
    def each(kind: str) -> list[tuple[str, str | None]]:
        return [(text, None) for text in samples[kind]]

    n = len(samples["number"])
    measure(f"order-number prefix, {n} orders' first 9 characters (e.g. {samples['number'][0]})", each("number"), True)
    measure(f"part of an e-mail address, {n} orders' (e.g. {samples['email'][0]})", each("email"), True)
    measure(f"phone digits as written, {n} orders' (e.g. {samples['phone'][0]})", each("phone"), True)
    measure(f"payment reference, {n} orders' (e.g. {samples['ref'][0]})", each("ref"), True)
    measure("e-mail part most orders share (example.com)", [("example.com", None)], True)
    measure("no match (nobody@nowhere.example)", [("nobody@nowhere.example", None)], False)

    print(f"| search ({requests} requests each, one client) | p50 | p99 | max | pages with results |")
    print("|---|---|---|---|---|")
    for what, p50, p99, top, found in rows:
        print(f"| {what} | {p50:.2f} ms | {p99:.2f} ms | {top:.2f} ms | {found} |")


if __name__ == "__main__":
    main()
