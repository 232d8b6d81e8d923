#!/usr/bin/env python3
"""Makes the import benchmark's camera folder: COUNT files (JPEG, RAW, MOV) from corpus files,
each with its own bytes, name and date, reproducibly (seeded).

- JPEG (65 %): a corpus JPEG (half from large/, half from jpeg-exif/) with its first EXIF date
  rewritten in place (same length) to a date spread over 2023, and 64 to 65,600 seeded random
  bytes after its end (after EOI: readers stop there), so sizes differ as a camera's do.
- RAW (25 %): the corpus Canon CR3 with a `free` box of seeded random bytes appended, to
  RAW_MB megabytes ±20 % (an ISO-BMFF box every reader skips).
- MOV (10 %): the corpus iPhone movie with a `free` atom appended, to MOV_MB megabytes ±20 %.

Usage: make_card.py CORPUS OUT COUNT [RAW_MB MOV_MB]
"""
import os
import random
import re
import sys

corpus, out, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
raw_mb = float(sys.argv[4]) if len(sys.argv) > 4 else 1.0
mov_mb = float(sys.argv[5]) if len(sys.argv) > 5 else 2.0
rng = random.Random(36)
os.makedirs(out, exist_ok=True)


def read(path):
    with open(os.path.join(corpus, path), "rb") as f:
        return f.read()


large = [read("large/" + n) for n in sorted(os.listdir(os.path.join(corpus, "large")))]
small = [read("jpeg-exif/" + n) for n in sorted(os.listdir(os.path.join(corpus, "jpeg-exif")))
         if n.lower().endswith((".jpg", ".jpeg"))]
raw = read("raw/Canon_EOS_R6_pruned.CR3")
mov = read("video/iPhone6_with-gps.mov")
date = re.compile(rb"(19|20)\d\d:\d\d:\d\d \d\d:\d\d:\d\d")


def free_box(total, body):
    # Sizes vary by ±20 % as a camera's compressed RAW files and clips do (equal sizes would
    # make every one a candidate duplicate, read twice).
    total = int(total * rng.uniform(0.8, 1.2))
    pad = max(16, total - len(body))
    return body + (pad).to_bytes(4, "big") + b"free" + rng.randbytes(pad - 8)


total = 0
for i in range(count):
    kind = "jpg" if i % 20 < 13 else ("cr3" if i % 20 < 18 else "mov")
    if kind == "jpg":
        data = bytearray((large if i % 2 else small)[i % (len(large) if i % 2 else len(small))])
        m = date.search(data)
        if m:
            day = i % 365
            stamp = "2023:%02d:%02d %02d:%02d:%02d" % (
                1 + day // 31 % 12, 1 + day % 28, i % 24, i % 60, (i * 7) % 60)
            data[m.start():m.end()] = stamp.encode()
        data += rng.randbytes(64 + rng.randrange(65536))
        name = "IMG_%04d.JPG" % i
    elif kind == "cr3":
        data = free_box(int(raw_mb * 1e6), raw)
        name = "IMG_%04d.CR3" % i
    else:
        data = free_box(int(mov_mb * 1e6), mov)
        name = "MVI_%04d.MOV" % i
    path = os.path.join(out, "DCIM", "%03dCANON" % (100 + i // 500), name)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)
    os.utime(path, (1672531200 + i * 3600, 1672531200 + i * 3600))
    total += len(data)
print("%d files, %d bytes" % (count, total))
