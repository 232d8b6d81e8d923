#!/usr/bin/env python3
"""Scores duplicate finders on the accuracy set (make_set.py's manifest.tsv).

    score.py MANIFEST LIGHTBOX_JSON [--findimagedupes FILE] [--sweep]

LIGHTBOX_JSON is `lightbox duplicates SET --similar --json --hashes`; FILE is
`findimagedupes -R -q SET`'s output (one group a line, paths separated by spaces).

For each tool, per edit kind: recall, the share of edits that are in one group with their
original; and false groups, the groups that hold files of two or more originals (distinct
photos). `--sweep` adds, for each of lightbox's two perceptual hashes and each radius, the
recall per kind (the image-data digests equal, or the hashes within the radius) and the
pairs of files of different originals within the radius: the measurement the hash and its
radius were chosen by.
"""
import argparse
import json
from collections import defaultdict

KINDS = ["q50", "resize50", "crop3", "crop5", "bright+15", "bright-15", "stripped", "rot180",
         "png"]


def load_manifest(path):
    files = {}
    with open(path) as f:
        next(f)
        for line in f:
            p, family, kind = line.rstrip("\n").split("\t")
            files[p] = (family, kind)
    return files


def score_groups(files, groups):
    """Recall per kind and false groups, from groups given as lists of paths."""
    group_of = {}
    for number, group in enumerate(groups):
        for p in group:
            group_of[p] = number
    originals = {fam: p for p, (fam, kind) in files.items() if kind == "original"}
    found = defaultdict(int)
    total = defaultdict(int)
    for p, (fam, kind) in files.items():
        if kind == "original":
            continue
        total[kind] += 1
        g = group_of.get(p)
        if g is not None and g == group_of.get(originals[fam]):
            found[kind] += 1
    false_groups = [g for g in groups if len({files[p][0] for p in g if p in files}) > 1]
    return found, total, false_groups


def table(name, files, found, total, false_groups, groups):
    print("\n### %s\n" % name)
    print("| edit | found with its original | recall |")
    print("|---|---|---|")
    all_found = all_total = 0
    for kind in KINDS:
        f, t = found[kind], total[kind]
        all_found += f
        all_total += t
        print("| %s | %d / %d | %.1f %% |" % (kind, f, t, 100.0 * f / t if t else 0))
    print("| **all** | %d / %d | **%.1f %%** |" % (all_found, all_total, 100.0 * all_found / all_total))
    print("\n%d groups; false groups (files of two or more distinct photos): %d"
          % (len(groups), len(false_groups)))
    for g in false_groups:
        print("  false: " + " ".join(sorted({"%s/%s" % files[p] for p in g if p in files})))


def sweep(files, hashes):
    """Group-level recall and false groups for each hash (dHash, pHash, both: the sum of the
    two distances, a 128-bit hash) and radius, grouped as lightbox groups (the digests equal
    or the hashes within the radius, joined transitively)."""
    by_path = {h["path"]: h for h in hashes}
    paths = [p for p in files if p in by_path and by_path[p].get("dhash")]
    value = {p: (int(by_path[p]["dhash"], 16), int(by_path[p]["phash"], 16)) for p in paths}
    schemes = {
        "dHash": lambda a, b: bin(a[0] ^ b[0]).count("1"),
        "pHash": lambda a, b: bin(a[1] ^ b[1]).count("1"),
        "dHash+pHash (128 bits)": lambda a, b: bin(a[0] ^ b[0]).count("1")
        + bin(a[1] ^ b[1]).count("1"),
    }
    pairs = [(a, b) for i, a in enumerate(paths) for b in paths[i + 1:]]
    for name, distance in schemes.items():
        d = {(a, b): distance(value[a], value[b]) for a, b in pairs}
        cross = [v for (a, b), v in d.items() if files[a][0] != files[b][0]]
        print("\n### %s: groups by radius (smallest distance between distinct photos: %d)\n"
              % (name, min(cross)))
        print("| radius | " + " | ".join(KINDS) + " | all | false groups |")
        print("|---" * (len(KINDS) + 3) + "|")
        top = 48 if "128" in name else 24
        for r in range(4, top + 1, 4 if "128" in name else 2):
            parent = {p: p for p in paths}

            def find(x):
                while parent[x] != x:
                    parent[x] = parent[parent[x]]
                    x = parent[x]
                return x

            for (a, b), v in d.items():
                if v <= r or by_path[a]["digest"] == by_path[b]["digest"]:
                    parent[find(a)] = find(b)
            groups = defaultdict(list)
            for p in paths:
                groups[find(p)].append(p)
            groups = [g for g in groups.values() if len(g) > 1]
            found, total, false_groups = score_groups(files, groups)
            cells = ["%.0f" % (100.0 * found[k] / total[k]) for k in KINDS]
            print("| %d | %s | %.1f | %d |" % (r, " | ".join(cells),
                  100.0 * sum(found.values()) / sum(total.values()), len(false_groups)))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("manifest")
    parser.add_argument("lightbox")
    parser.add_argument("--findimagedupes")
    parser.add_argument("--sweep", action="store_true")
    args = parser.parse_args()
    files = load_manifest(args.manifest)
    doc = json.load(open(args.lightbox))
    assert doc["photos"] == len(files), "lightbox saw %d photos of %d" % (doc["photos"], len(files))
    groups = [[f["path"] for f in g["files"]] for g in doc["groups"]]
    found, total, false_groups = score_groups(files, groups)
    table("lightbox duplicates --similar", files, found, total, false_groups, groups)
    burst_files = sum(len(b["files"]) for b in doc["bursts"])
    print("bursts: %d (%d files); problems: %d" % (len(doc["bursts"]), burst_files, len(doc["problems"])))
    if args.findimagedupes:
        peer = [line.split() for line in open(args.findimagedupes) if line.strip()]
        found, total, false_groups = score_groups(files, peer)
        table("findimagedupes", files, found, total, false_groups, peer)
    if args.sweep:
        sweep(files, doc["hashes"])


if __name__ == "__main__":
    main()
