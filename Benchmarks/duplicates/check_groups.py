#!/usr/bin/env python3
"""Checks a duplicate finder's groups against the tree's expected ones (make_tree.py).

    check_groups.py EXPECTED.tsv lightbox|jdupes|rmlint OUTPUT

Exit status 0 when the groups (as sets of paths) are exactly the expected ones, else 1 with
what differs. lightbox: `duplicates --json`; jdupes: `-r -q` (groups separated by blank
lines); rmlint: `-o json:FILE` (duplicate_file entries grouped by checksum).
"""
import json
import sys
from collections import defaultdict


def groups_of(tool, path):
    if tool == "lightbox":
        return [[f["path"] for f in g["files"]] for g in json.load(open(path))["groups"]]
    if tool == "jdupes":
        groups, current = [], []
        for line in open(path):
            line = line.rstrip("\n")
            if line:
                current.append(line)
            elif current:
                groups.append(current)
                current = []
        if current:
            groups.append(current)
        return groups
    if tool == "rmlint":
        by_sum = defaultdict(list)
        for entry in json.load(open(path)):
            if entry.get("type") == "duplicate_file":
                by_sum[entry["checksum"]].append(entry["path"])
        return list(by_sum.values())
    raise SystemExit("unknown tool " + tool)


def main():
    expected = {frozenset(line.rstrip("\n").split("\t")) for line in open(sys.argv[1]) if line.strip()}
    found = {frozenset(g) for g in groups_of(sys.argv[2], sys.argv[3])}
    if found == expected:
        print("%s: %d groups, as expected" % (sys.argv[2], len(found)))
        return
    missing, extra = expected - found, found - expected
    print("%s: %d groups found, %d expected; %d missing, %d unexpected"
          % (sys.argv[2], len(found), len(expected), len(missing), len(extra)), file=sys.stderr)
    for g in list(missing)[:3]:
        print("  missing: " + " ".join(sorted(g)), file=sys.stderr)
    for g in list(extra)[:3]:
        print("  unexpected: " + " ".join(sorted(g)), file=sys.stderr)
    sys.exit(1)


if __name__ == "__main__":
    main()
