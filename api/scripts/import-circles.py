#!/usr/bin/env python3
"""Checks that api/src's layers import one way and that no import circle is longer than two
files. Every `crate::`, `super::` and `self::` path in a file (tests at its end left out) is an
edge to the module file it names. Layers, lowest first: platform, adapters, app, http, tools,
then the crate root (lib.rs, main.rs, startup.rs, scheduled.rs). Within http, no route imports
another (http/routes/X -> http/routes/Y): what two resources' routes share lives in http/ (answers.rs,
extract.rs). No file under app/ uses axum (`axum::` or `use axum`): reading requests and
building responses is http/'s. Exits 1 with each offending edge, circle or axum use; prints one
line of figures otherwise."""
import os
import re
import sys

ROOT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "src")
LAYERS = ["platform", "adapters", "app", "http", "tools"]
LONGEST_CIRCLE = 2

files = {}
for folder, _, names in os.walk(ROOT):
    for name in names:
        if name.endswith(".rs"):
            path = os.path.join(folder, name)
            module = os.path.relpath(path, ROOT)[:-3].split(os.sep)
            if module[-1] == "mod":
                module = module[:-1]
            if module in (["lib"], ["main"]):
                module = []
            files[tuple(module)] = path


def resolve(parts):
    for n in range(len(parts), 0, -1):
        if tuple(parts[:n]) in files:
            return tuple(parts[:n])
    return None


PATH = re.compile(r"\b(crate|super|self)((?:::\w+)+)")
edges = {module: set() for module in files}
for module, path in files.items():
    source = open(path, encoding="utf-8").read()
    source = re.sub(r"#\[cfg\(test\)\]\s*mod tests\s*\{.*", "", source, flags=re.S)
    source = re.sub(r"//.*", "", source)
    for keyword, rest in PATH.findall(source):
        base = [] if keyword == "crate" else list(module) if keyword == "self" else list(module[:-1])
        target = resolve(base + [part for part in rest.split("::") if part])
        if target is not None and target != module:
            edges[module].add(target)


def layer(module):
    return LAYERS.index(module[0]) if module and module[0] in LAYERS else len(LAYERS)


def name(module):
    return "/".join(module) or "lib"


def route(module):
    return len(module) >= 3 and module[:2] == ("http", "routes")


problems = []
for module in sorted(edges):
    for target in sorted(edges[module]):
        if layer(target) > layer(module):
            problems.append(f"upward import: {name(module)} -> {name(target)}")
        if route(module) and route(target) and module[:3] != target[:3]:
            problems.append(f"a route imports another: {name(module)} -> {name(target)}")

# Strongly connected components (Tarjan, iterative).
index, low, on_stack, stack, circles, counter = {}, {}, set(), [], [], [0]
for start in edges:
    if start in index:
        continue
    work = [(start, iter(sorted(edges[start])))]
    index[start] = low[start] = counter[0]; counter[0] += 1; stack.append(start); on_stack.add(start)
    while work:
        node, children = work[-1]
        child = next(children, None)
        if child is not None:
            if child not in index:
                index[child] = low[child] = counter[0]; counter[0] += 1; stack.append(child); on_stack.add(child)
                work.append((child, iter(sorted(edges[child]))))
            elif child in on_stack:
                low[node] = min(low[node], index[child])
            continue
        work.pop()
        if work:
            low[work[-1][0]] = min(low[work[-1][0]], low[node])
        if low[node] == index[node]:
            circle = []
            while True:
                member = stack.pop(); on_stack.discard(member); circle.append(member)
                if member == node:
                    break
            if len(circle) > 1:
                circles.append(sorted(name(m) for m in circle))

# The use cases know nothing of HTTP: axum is http/'s (and the crate root's).
AXUM = re.compile(r"\baxum::|\buse\s+axum\b")
for module, path in sorted(files.items()):
    if module and module[0] == "app":
        for number, line in enumerate(open(path, encoding="utf-8"), 1):
            if AXUM.search(line):
                problems.append(f"axum in app/: {name(module)}.rs:{number}: {line.strip()} (read requests and build responses in http/)")

for circle in circles:
    if len(circle) > LONGEST_CIRCLE:
        problems.append(f"import circle of {len(circle)} files: {' -> '.join(circle)}")

longest = max((len(c) for c in circles), default=1)
if problems:
    print("\n".join(problems))
    print(f"api/src: {len(problems)} problems; move the shared item down a layer (docs/architecture.md, The server's layers)")
    sys.exit(1)
print(f"api/src: {len(files)} files, imports run one way, longest import circle {longest} files")
