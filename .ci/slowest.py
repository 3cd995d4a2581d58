#!/usr/bin/env python3
"""The slowest tests of a run, from cargo-nextest's JUnit file or Playwright's JSON report.

Usage: slowest.py FILE [N]   prints the N (default 20) slowest tests, then a last line
`counts PASSED FAILED` that .ci/test reads.
"""
import json
import sys
import xml.etree.ElementTree as ET


def from_junit(path):
    tests = []
    for case in ET.parse(path).getroot().iter("testcase"):
        failed = case.find("failure") is not None or case.find("error") is not None
        tests.append((float(case.get("time", "0")), f"{case.get('classname')} {case.get('name')}", failed))
    return tests


def from_playwright(path):
    tests = []

    def walk(suite, titles):
        for spec in suite.get("specs", []):
            for test in spec.get("tests", []):
                results = test.get("results", [])
                seconds = sum(r.get("duration", 0) for r in results) / 1000
                # "expected" passed, "skipped" did not run: only those two are not failures.
                failed = test.get("status") not in ("expected", "skipped")
                tests.append((seconds, f"{spec.get('file')} › {' › '.join(titles + [spec['title']])}", failed))
        for child in suite.get("suites", []):
            walk(child, titles + ([child["title"]] if child.get("title") and not child["title"].endswith(".ts") else []))

    for suite in json.load(open(path)).get("suites", []):
        walk(suite, [])
    return tests


def main():
    path, n = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 20
    tests = from_junit(path) if path.endswith(".xml") else from_playwright(path)
    for seconds, name, failed in sorted(tests, reverse=True)[:n]:
        print(f"{seconds:8.1f} s  {name}{'  (failed)' if failed else ''}")
    failed = sum(1 for t in tests if t[2])
    print(f"counts {len(tests) - failed} {failed}")


main()
