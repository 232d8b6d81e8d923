#!/usr/bin/env python3
"""Writes a reproducible library of COUNT tiny JPEGs, each with its own EXIF GPS position.

    make_gps_library.py LIBRARY COUNT

Each file is a JPEG header (SOI, an APP1 EXIF block with DateTimeOriginal and a GPS IFD,
SOF0, an empty scan, EOI): what the indexer reads, without pixels. Positions are seeded:
four in five near one of 40 cities (within ~30 km: the places table's densest parts, where a
lookup visits the most places), the rest anywhere between 60 S and 75 N (much of it sea).
Files go 1,000 to a folder. Writes LIBRARY/.complete when done; an existing complete library
is left as it is.
"""
import os
import random
import struct
import sys

CITIES = [
    (48.857, 2.352), (51.507, -0.128), (52.520, 13.405), (41.903, 12.496), (40.417, -3.704),
    (47.377, 8.541), (59.329, 18.069), (55.756, 37.617), (41.009, 28.978), (30.044, 31.236),
    (-1.292, 36.822), (-33.925, 18.424), (6.524, 3.379), (25.205, 55.271), (28.614, 77.209),
    (19.076, 72.878), (13.756, 100.502), (1.352, 103.820), (-6.209, 106.846), (22.320, 114.169),
    (31.230, 121.474), (39.904, 116.407), (37.567, 126.978), (35.689, 139.692), (35.012, 135.768),
    (-33.869, 151.209), (-37.814, 144.963), (-36.849, 174.763), (21.307, -157.858),
    (49.283, -123.121), (37.775, -122.419), (34.052, -118.244), (19.433, -99.133),
    (40.713, -74.006), (43.653, -79.383), (41.878, -87.630), (25.762, -80.192),
    (-23.551, -46.633), (-34.604, -58.382), (4.711, -74.072),
]


def rational(value):
    """Degrees as three EXIF rationals: degrees, minutes, seconds × 1000."""
    value = abs(value)
    degrees = int(value)
    minutes = int((value - degrees) * 60)
    seconds = round(((value - degrees) * 60 - minutes) * 60 * 1000)
    return struct.pack("<6I", degrees, 1, minutes, 1, seconds, 1000)


def exif(date, latitude, longitude):
    """A little-endian TIFF block: IFD0 → Exif IFD (DateTimeOriginal) and GPS IFD."""
    ifd0_at = 8
    ifd0 = 2 + 2 * 12 + 4
    exif_at = ifd0_at + ifd0
    exif_ifd = 2 + 12 + 4
    date_at = exif_at + exif_ifd
    gps_at = date_at + 20
    gps_ifd = 2 + 4 * 12 + 4
    lat_at = gps_at + gps_ifd
    lon_at = lat_at + 24
    out = b"II*\x00" + struct.pack("<I", ifd0_at)
    out += struct.pack("<H", 2)
    out += struct.pack("<HHII", 0x8769, 4, 1, exif_at)
    out += struct.pack("<HHII", 0x8825, 4, 1, gps_at)
    out += struct.pack("<I", 0)
    out += struct.pack("<H", 1) + struct.pack("<HHII", 0x9003, 2, 20, date_at)
    out += struct.pack("<I", 0)
    out += date.encode() + b"\x00"
    north = b"N" if latitude >= 0 else b"S"
    east = b"E" if longitude >= 0 else b"W"
    out += struct.pack("<H", 4)
    out += struct.pack("<HHI", 1, 2, 2) + north + b"\x00\x00\x00"
    out += struct.pack("<HHII", 2, 5, 3, lat_at)
    out += struct.pack("<HHI", 3, 2, 2) + east + b"\x00\x00\x00"
    out += struct.pack("<HHII", 4, 5, 3, lon_at)
    out += struct.pack("<I", 0)
    out += rational(latitude) + rational(longitude)
    return out


def jpeg(date, latitude, longitude):
    tiff = exif(date, latitude, longitude)
    out = b"\xff\xd8" + b"\xff\xe1" + struct.pack(">H", 2 + 6 + len(tiff)) + b"Exif\x00\x00"
    out += tiff
    out += b"\xff\xc0\x00\x0b\x08\x00\x06\x00\x08\x01\x01\x11\x00"
    out += b"\xff\xda\x00\x08\x01\x01\x00\x00\x3f\x00\x00\xff\xd9"
    return out


def main():
    library, count = sys.argv[1], int(sys.argv[2])
    if os.path.exists(os.path.join(library, ".complete")):
        return
    rng = random.Random(20261128)
    for i in range(count):
        if rng.random() < 0.8:
            lat, lon = rng.choice(CITIES)
            lat += rng.uniform(-0.3, 0.3)
            lon += rng.uniform(-0.3, 0.3)
        else:
            lat, lon = rng.uniform(-60, 75), rng.uniform(-180, 180)
        folder = os.path.join(library, "%03d" % (i // 1000))
        os.makedirs(folder, exist_ok=True)
        day = 1 + i % 28
        date = "2024:%02d:%02d 12:%02d:%02d" % (1 + i % 12, day, i // 60 % 60, i % 60)
        with open(os.path.join(folder, "IMG_%07d.jpg" % i), "wb") as f:
            f.write(jpeg(date, lat, lon))
    open(os.path.join(library, ".complete"), "w").close()


if __name__ == "__main__":
    main()
