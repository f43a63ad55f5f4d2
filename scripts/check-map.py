#!/usr/bin/env python3
"""The map is checked: Package.swift's dependencies, the files' imports and ARCHITECTURE.md's
module table agree. Every dependency a Swift target declares on another target of the package is
imported by one of its files, every package target a file imports is declared, and the module
table's "may import" column lists exactly the declared dependencies of each library.

Usage: check-map.py PACKAGE_JSON   (the output of `swift package dump-package`)
"""
import json, os, re, sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# Declared for linking, never imported (a reason each).
LINK_ONLY = {
    ("SigbenchTestSupport", "CAllocCounter"): "defines malloc for the test executable",
}
IMPORT = re.compile(
    r"^[ \t]*(?:@testable[ \t]+|@_exported[ \t]+)?import[ \t]+"
    r"(?:(?:struct|class|enum|protocol|func|var|let|typealias)[ \t]+)?(\w+)", re.M)


def swift_files(folder):
    for base, _, files in os.walk(folder):
        for f in files:
            if f.endswith(".swift"):
                yield os.path.join(base, f)


def main():
    pkg = json.load(open(sys.argv[1]))
    targets = {t["name"]: t for t in pkg["targets"]}
    problems = []
    declared = {}
    for name, t in targets.items():
        if t["type"] not in ("regular", "executable", "test"):
            continue
        folder = t.get("path") or os.path.join("Tests" if t["type"] == "test" else "Sources", name)
        files = list(swift_files(os.path.join(ROOT, folder)))
        if not files:
            continue  # a C target: its edges are #includes
        deps = {list(d.values())[0][0] for d in t.get("dependencies", [])}
        declared[name] = deps
        used = set()
        for f in files:
            used |= {m for m in IMPORT.findall(open(f, encoding="utf-8").read()) if m in targets}
        for d in sorted(deps - used):
            if (name, d) not in LINK_ONLY:
                problems.append(f"{name} declares {d} but no file of it imports {d}")
        for u in sorted(used - deps - {name}):
            problems.append(f"{name} imports {u} without declaring it in Package.swift")
    # The module table: the rows under the header that starts with "| module |", up to the first
    # line that is not a table row (other tables of the document are not the map).
    table = {}
    in_table = False
    for line in open(os.path.join(ROOT, "ARCHITECTURE.md"), encoding="utf-8"):
        if line.startswith("| module |"):
            in_table = True
            continue
        if in_table and not line.startswith("|"):
            break
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if in_table and len(cells) == 3 and re.fullmatch(r"`\w+`", cells[0]):
            table[cells[0].strip("`")] = set(re.findall(r"`(\w+)`", cells[2]))
    if not table:
        problems.append("ARCHITECTURE.md has no module table (a header starting with '| module |')")
    for name, t in targets.items():
        if t["type"] != "regular" or name not in declared:
            continue
        if name not in table:
            problems.append(f"ARCHITECTURE.md has no row for {name}")
            continue
        documented = table[name] & set(targets)
        for d in sorted(declared[name] - documented):
            problems.append(f"ARCHITECTURE.md: {name} may import {d} (declared) but its row omits it")
        for d in sorted(documented - declared[name]):
            problems.append(f"ARCHITECTURE.md: {name}'s row lists {d}, which Package.swift does not declare")
    for name in sorted(set(table) - set(targets)):
        problems.append(f"ARCHITECTURE.md names {name}, which is not a target")
    for p in problems:
        print("map: " + p, file=sys.stderr)
    print(f"map: {len(declared)} Swift targets, {sum(map(len, declared.values()))} declared edges, "
          f"{len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
