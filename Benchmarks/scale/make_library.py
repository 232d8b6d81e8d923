#!/usr/bin/env python3
"""Builds a reproducible library of COUNT photos as hard links of a few seed JPEGs.

    make_library.py SEED_DIR LIBRARY COUNT

The seeds' EXIF (APP1) segments are stripped once into LIBRARY/../seed-noexif, so every
photo's capture date comes from its name: IMG_YYYYMMDD_HHMMSS_NNNNNNN.jpg, spread evenly over
the 20 years 2006-2025 with a seeded jitter of up to an hour, in YYYY/MM folders. Hard links
share their inode (and so their size and modification time): the indexer still reads each
path, which is what is measured. Writes LIBRARY/.complete when done; an existing complete
library is left as it is.
"""
import calendar
import os
import random
import sys
import time


def strip_app1(data):
    """The JPEG without its APP1 (EXIF/XMP) segments."""
    if data[:2] != b"\xff\xd8":
        raise ValueError("not a JPEG")
    out = bytearray(data[:2])
    i = 2
    while i + 4 <= len(data) and data[i] == 0xFF:
        marker = data[i + 1]
        if marker == 0xDA:  # start of scan: the rest is image data
            break
        length = int.from_bytes(data[i + 2:i + 4], "big")
        if marker != 0xE1:
            out += data[i:i + 2 + length]
        i += 2 + length
    out += data[i:]
    return bytes(out)


def main():
    seed_dir, library, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
    if os.path.exists(os.path.join(library, ".complete")):
        return
    plain = os.path.join(os.path.dirname(library.rstrip("/")), "seed-noexif")
    os.makedirs(plain, exist_ok=True)
    seeds = []
    for folder, _, names in sorted(os.walk(seed_dir)):
        for name in sorted(names):
            if name.lower().endswith(".jpg"):
                target = os.path.join(plain, "seed-%04d.jpg" % len(seeds))
                if not os.path.exists(target):
                    with open(os.path.join(folder, name), "rb") as f:
                        data = strip_app1(f.read())
                    with open(target, "wb") as f:
                        f.write(data)
                seeds.append(target)
    if not seeds:
        sys.exit("make_library: no JPEG in %s" % seed_dir)
    rng = random.Random(20261125)
    start = calendar.timegm((2006, 1, 1, 0, 0, 0, 0, 0, 0))
    span = 20 * 365 * 86400
    made_folders = set()
    for i in range(count):
        t = start + span * i // count + rng.randrange(3600)
        tm = time.gmtime(t)
        folder = os.path.join(library, "%04d" % tm.tm_year, "%02d" % tm.tm_mon)
        if folder not in made_folders:
            os.makedirs(folder, exist_ok=True)
            made_folders.add(folder)
        name = "IMG_%s_%07d.jpg" % (time.strftime("%Y%m%d_%H%M%S", tm), i)
        os.link(seeds[i % len(seeds)], os.path.join(folder, name))
    open(os.path.join(library, ".complete"), "w").close()


if __name__ == "__main__":
    main()
