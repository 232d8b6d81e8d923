#!/usr/bin/env python3
"""The Python peer of `lightbox-bench places`: reverse_geocode 1.6.6's search() on the same
points (its own k-d tree over the same GeoNames data, built by scipy).

    compare.py --count 100000 --seed 1 --runs 5 --out points.tsv

Makes the points (half near GeoNames places, jittered by up to ±0.2°, half anywhere on the
globe), times `reverse_geocode.search` over all of them `--runs` times (and the first call,
which loads the data and builds the tree) and writes one line per point: latitude,
longitude, and its answer (town, country code) for lightbox-bench to check against.
"""
import argparse
import random
import statistics
import sys
import time

import reverse_geocode

parser = argparse.ArgumentParser()
parser.add_argument("--count", type=int, default=100_000)
parser.add_argument("--seed", type=int, default=1)
parser.add_argument("--runs", type=int, default=5)
parser.add_argument("--out", required=True)
args = parser.parse_args()

start = time.perf_counter()
reverse_geocode.search([(48.85, 2.35)])
load = time.perf_counter() - start
places = reverse_geocode.GeocodeData()._locations
rng = random.Random(args.seed)
points = []
for i in range(args.count):
    if i % 2 == 0:
        p = rng.choice(places)
        points.append((round(p["latitude"] + rng.uniform(-0.2, 0.2), 5),
                       round(p["longitude"] + rng.uniform(-0.2, 0.2), 5)))
    else:
        points.append((round(rng.uniform(-90, 90), 5), round(rng.uniform(-180, 180), 5)))
times = []
for _ in range(args.runs):
    start = time.perf_counter()
    answers = reverse_geocode.search(points)
    times.append(time.perf_counter() - start)
with open(args.out, "w", encoding="utf-8") as f:
    for (lat, lon), a in zip(points, answers):
        f.write(f"{lat}\t{lon}\t{a['city']}\t{a['country_code']}\n")
print(f"reverse_geocode {reverse_geocode.__name__} search: {args.count} points, "
      f"median {statistics.median(times) * 1000:.0f} ms of {args.runs} "
      f"({statistics.median(times) / args.count * 1e9:.0f} ns a point); "
      f"first call (load + tree) {load * 1000:.0f} ms", file=sys.stderr)
