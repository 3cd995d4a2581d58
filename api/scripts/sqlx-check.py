#!/usr/bin/env python3
"""Checks .sqlx/ against the checked queries in the sources, one to one.

sqlx's macros (query!, query_as!, query_scalar!) find a query's data in
.sqlx/query-<sha256 of the SQL text>.json. A query without its file already fails the build
(SQLX_OFFLINE=true in .cargo/config.toml); this catches the other way round, files no query
uses any more (a query changed or removed without api/scripts/sqlx-prepare.sh), and files
whose name is not the hash of the SQL they hold. Run by .ci/test; exits 1 naming the stale files.
"""
import hashlib
import json
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
CRATES = ["aggregates", "projections", "api", "jobs"]
MACRO = re.compile(r"\b(?:sqlx::)?(query|query_as|query_scalar)(?:_unchecked)?!\s*\(")
STRING = re.compile(r'r(#*)"(.*?)"\1|"((?:[^"\\]|\\.)*)"', re.S)
ESCAPES = {"n": "\n", "r": "\r", "t": "\t", "\\": "\\", "0": "\0", "'": "'", '"': '"'}


def unescape(body):
    """A Rust string literal's value: escapes decoded, a backslash-newline skips the
    following whitespace."""
    out, i = [], 0
    while i < len(body):
        c = body[i]
        if c != "\\":
            out.append(c)
            i += 1
            continue
        n = body[i + 1]
        if n == "\n":
            i += 2
            while i < len(body) and body[i] in " \t\n\r":
                i += 1
        elif n == "x":
            out.append(chr(int(body[i + 2 : i + 4], 16)))
            i += 4
        elif n == "u":
            end = body.index("}", i)
            out.append(chr(int(body[i + 3 : end], 16)))
            i = end + 1
        else:
            out.append(ESCAPES[n])
            i += 2
    return "".join(out)


def queries():
    """(sql, where) of every checked macro call in the crates' Rust sources."""
    for crate in CRATES:
        for path in sorted((ROOT / crate).rglob("*.rs")):
            text = path.read_text()
            for m in MACRO.finditer(text):
                rest = text[m.end() :]
                if m.group(1) == "query_as":
                    # query_as!(Type, "sql", args...): skip the type
                    rest = rest[rest.index(",") + 1 :]
                lit = STRING.match(rest.lstrip())
                if not lit:
                    sys.exit(f"{path}:{text.count(chr(10), 0, m.start()) + 1}: no SQL literal after {m.group(0)}")
                sql = lit.group(2) if lit.group(1) is not None and lit.group(0).startswith("r") else unescape(lit.group(3))
                yield sql, f"{path.relative_to(ROOT)}:{text.count(chr(10), 0, m.start()) + 1}"


def main():
    used = {}
    for sql, where in queries():
        used.setdefault(hashlib.sha256(sql.encode()).hexdigest(), where)
    files = {p.name[len("query-") : -len(".json")]: p for p in (ROOT / ".sqlx").glob("query-*.json")}
    problems = []
    for digest, path in sorted(files.items()):
        data = json.loads(path.read_text())
        if hashlib.sha256(data["query"].encode()).hexdigest() != digest:
            problems.append(f"{path.relative_to(ROOT)}: its name is not the hash of its query")
        elif digest not in used:
            problems.append(f"{path.relative_to(ROOT)}: no query in the sources uses it (stale)")
    for digest, where in sorted(used.items(), key=lambda kv: kv[1]):
        if digest not in files:
            problems.append(f"{where}: no data in .sqlx/ for this query")
    if problems:
        print("\n".join(problems))
        print("regenerate with: bash api/scripts/sqlx-prepare.sh")
        return 1
    print(f"sqlx: {len(used)} checked queries, {len(files)} files in .sqlx/, one to one")
    return 0


if __name__ == "__main__":
    sys.exit(main())
