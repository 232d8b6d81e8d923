#!/usr/bin/python3
"""Makes the exact-duplicate speed tree of Benchmarks/duplicates/speed.sh (Debian's Pillow).

    make_tree.py OUT [COUNT] [SEED]

COUNT files (100,000) in folders of 1,000: small JPEGs (64×48, quality 85, 1.5–3 KB), each
painted from its own seeded 4×3 colours, so every picture is distinct; then about 10 % of
the files are byte copies of other files (a real copy each, written anew: no hard links,
nothing a tool could take as the same inode), in other folders under other names, one to
three copies of a picture. OUT.groups.tsv (beside the tree) lists the expected groups (one a line, paths
separated by tabs, sorted), which the benchmark compares every tool's answer with.
"""
import io
import os
import random
import sys

from PIL import Image


def main():
    out = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 100_000
    rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 35)
    unique = count * 9 // 10
    pictures = []
    for _ in range(unique):
        small = Image.new("RGB", (4, 3))
        small.putdata([tuple(rng.randrange(256) for _ in range(3)) for _ in range(12)])
        buffer = io.BytesIO()
        small.resize((64, 48), Image.BILINEAR).save(buffer, "JPEG", quality=85)
        pictures.append(buffer.getvalue())
    # Copies: pictures picked at random get one to three copies until COUNT files in all.
    files = [(i, "img_%06d.jpg" % i) for i in range(unique)]
    copies = {}
    while len(files) < count:
        source = rng.randrange(unique)
        for _ in range(min(rng.randint(1, 3), count - len(files))):
            n = copies.get(source, 0) + 1
            copies[source] = n
            files.append((source, "copy%d_of_%06d.jpg" % (n, source)))
    rng.shuffle(files)
    groups = {}
    for index, (picture, name) in enumerate(files):
        folder = os.path.join(out, "d%03d" % (index // 1000))
        if index % 1000 == 0:
            os.makedirs(folder, exist_ok=True)
        path = os.path.join(folder, name)
        with open(path, "wb") as f:
            f.write(pictures[picture])
        groups.setdefault(picture, []).append(path)
    with open(out.rstrip("/") + ".groups.tsv", "w") as f:
        for paths in sorted(sorted(g) for g in groups.values() if len(g) > 1):
            f.write("\t".join(paths) + "\n")
    expected = sum(1 for g in groups.values() if len(g) > 1)
    print("%d files, %d pictures, %d groups of copies in %s" % (len(files), unique, expected, out))


if __name__ == "__main__":
    main()
