#!/usr/bin/env python3
"""Writes a DNG that LibRaw 0.20 opens: real (small) CFA data and a large preview JPEG.

    make_dng.py PREVIEW.jpg OUT.dng [RAW_WIDTH RAW_HEIGHT]

The layout is Adobe DNG Converter's: IFD0 a small uncompressed RGB thumbnail
(NewSubfileType 1) with DNGVersion, colour tags and SubIFDs; SubIFD 1 the raw (NewSubfileType
0, 16-bit uncompressed RGGB CFA, Photometric 32803); SubIFD 2 the preview (NewSubfileType 1,
Compression 7, Photometric YCbCr, one JPEG strip). A camera's full-size raw would be tens of
megabytes per file, so the CFA is small (a smooth gradient mosaic, 640x426 by default): the
preview tools (dcraw_emu -e, Lightbox) never read it, and LibRaw still parses the whole file
and checks that the raw is decodable before it hands out the preview.
"""
import struct
import sys


def jpeg_size(data):
    """(width, height) from the first SOF marker of a JPEG."""
    at = 2
    while at + 9 < len(data):
        if data[at] != 0xFF:
            raise SystemExit("make_dng: preview is not a JPEG")
        marker = data[at + 1]
        length = struct.unpack(">H", data[at + 2:at + 4])[0]
        if marker in (0xC0, 0xC1, 0xC2):
            height, width = struct.unpack(">HH", data[at + 5:at + 9])
            return width, height
        at += 2 + length
    raise SystemExit("make_dng: no SOF in the preview")


SHORT, LONG, RATIONAL, SRATIONAL, BYTE, ASCII = 3, 4, 5, 10, 1, 2
SIZES = {BYTE: 1, ASCII: 1, SHORT: 2, LONG: 4, RATIONAL: 8, SRATIONAL: 8}


def pack(kind, values):
    if kind in (BYTE, ASCII):
        return bytes(values)
    if kind == SHORT:
        return struct.pack("<%dH" % len(values), *values)
    if kind == LONG:
        return struct.pack("<%dI" % len(values), *values)
    fmt = "<%di" % (2 * len(values)) if kind == SRATIONAL else "<%dI" % (2 * len(values))
    return struct.pack(fmt, *[v for pair in values for v in pair])


class Writer:
    """Appends IFDs and blobs; offsets of blobs are patched into IFD entries afterwards."""

    def __init__(self):
        self.out = bytearray(b"II*\x00\x08\x00\x00\x00")

    def align(self):
        if len(self.out) % 2:
            self.out.append(0)

    def ifd(self, entries):
        """Writes an IFD; returns {tag: offset of its value field} and the IFD's offset."""
        self.align()
        start = len(self.out)
        entries = sorted(entries, key=lambda e: e[0])
        table_size = 2 + 12 * len(entries) + 4
        extra = bytearray()
        table = bytearray(struct.pack("<H", len(entries)))
        fields = {}
        for tag, kind, values in entries:
            blob = pack(kind, values)
            count = len(values)
            table += struct.pack("<HHI", tag, kind, count)
            if len(blob) <= 4:
                fields[tag] = start + len(table)
                table += blob.ljust(4, b"\x00")
            else:
                where = start + table_size + len(extra)
                fields[tag] = where
                table += struct.pack("<I", where)
                extra += blob
                if len(extra) % 2:
                    extra.append(0)
        table += b"\x00\x00\x00\x00"
        self.out += table + extra
        return start, fields

    def blob(self, data):
        self.align()
        at = len(self.out)
        self.out += data
        return at

    def patch(self, at, value):
        self.out[at:at + 4] = struct.pack("<I", value)


def main():
    if len(sys.argv) not in (3, 5):
        raise SystemExit(__doc__)
    preview = open(sys.argv[1], "rb").read()
    pw, ph = jpeg_size(preview)
    rw, rh = (int(sys.argv[3]), int(sys.argv[4])) if len(sys.argv) == 5 else (640, 426)
    rw, rh = rw // 2 * 2, rh // 2 * 2

    # The CFA: an RGGB mosaic of a smooth colour gradient, 12-bit values in 16-bit words.
    rows = []
    for y in range(rh):
        row = []
        for x in range(rw):
            r, g, b = 400 + 3000 * x // rw, 400 + 2500 * y // rh, 3200 - 2600 * x // rw
            row.append((r if x % 2 == 0 else g) if y % 2 == 0 else (g if x % 2 == 0 else b))
        rows.append(struct.pack("<%dH" % rw, *row))
    cfa = b"".join(rows)
    # IFD0's thumbnail: 160x106 uncompressed RGB grey.
    tw, th = 160, 106
    thumb = bytes([128]) * (tw * th * 3)

    w = Writer()
    ifd0, f0 = w.ifd([
        (0x00FE, LONG, [1]), (0x0100, LONG, [tw]), (0x0101, LONG, [th]),
        (0x0102, SHORT, [8, 8, 8]), (0x0103, SHORT, [1]), (0x0106, SHORT, [2]),
        (0x010F, ASCII, list(b"Benchmark\x00")), (0x0110, ASCII, list(b"Synthetic DNG\x00")),
        (0x0111, LONG, [0]), (0x0112, SHORT, [1]), (0x0115, SHORT, [3]),
        (0x0116, LONG, [th]), (0x0117, LONG, [len(thumb)]), (0x011C, SHORT, [1]),
        (0x014A, LONG, [0, 0]),
        (0xC612, BYTE, [1, 4, 0, 0]), (0xC613, BYTE, [1, 1, 0, 0]),
        (0xC614, ASCII, list(b"Benchmark Synthetic DNG\x00")),
        (0xC621, SRATIONAL, [(10000, 10000), (0, 10000), (0, 10000),
                             (0, 10000), (10000, 10000), (0, 10000),
                             (0, 10000), (0, 10000), (10000, 10000)]),
        (0xC628, RATIONAL, [(1, 2), (1, 1), (2, 3)]),
        (0xC65A, SHORT, [21]),
    ])
    raw, fr = w.ifd([
        (0x00FE, LONG, [0]), (0x0100, LONG, [rw]), (0x0101, LONG, [rh]),
        (0x0102, SHORT, [16]), (0x0103, SHORT, [1]), (0x0106, SHORT, [32803]),
        (0x0111, LONG, [0]), (0x0115, SHORT, [1]), (0x0116, LONG, [rh]),
        (0x0117, LONG, [len(cfa)]), (0x011C, SHORT, [1]),
        (0x828D, SHORT, [2, 2]), (0x828E, BYTE, [0, 1, 1, 2]),
        (0xC61A, LONG, [0]), (0xC61D, LONG, [4095]),
    ])
    prev, fp = w.ifd([
        (0x00FE, LONG, [1]), (0x0100, LONG, [pw]), (0x0101, LONG, [ph]),
        (0x0102, SHORT, [8, 8, 8]), (0x0103, SHORT, [7]), (0x0106, SHORT, [6]),
        (0x0111, LONG, [0]), (0x0115, SHORT, [3]), (0x0116, LONG, [ph]),
        (0x0117, LONG, [len(preview)]), (0x011C, SHORT, [1]),
    ])
    w.patch(f0[0x014A], raw)
    w.patch(f0[0x014A] + 4, prev)
    w.patch(f0[0x0111], w.blob(thumb))
    w.patch(fr[0x0111], w.blob(cfa))
    w.patch(fp[0x0111], w.blob(preview))
    with open(sys.argv[2], "wb") as out:
        out.write(w.out)


main()
