#!/usr/bin/env python3
"""Makes the accuracy set of Benchmarks/duplicates/run.sh from the corpus's camera JPEGs.

    make_set.py CORPUS OUT

For each original (a distinct photo of the corpus, listed below) OUT/NAME/ holds the
original and nine edits made with Debian's tools, and OUT/manifest.tsv lists every file
with its family (the original's name) and its kind:

  original   the corpus file, copied
  q50        convert -quality 50 (EXIF kept, as ImageMagick keeps it)
  resize50   convert -resize 50%
  crop3      convert -crop 97%x97%+0+0 (3 % off the right and the bottom: off-centre)
  crop5      convert -crop 95%x95%+0+0
  bright+15  convert -modulate 115 (lightness +15 %)
  bright-15  convert -modulate 85
  stripped   exiftool -all= (every metadata segment gone, the scans untouched)
  rot180     convert -rotate 180, then the EXIF Orientation set so the picture shows upright
             as before (1↔3, 2↔4, 5↔7, 6↔8; a broken EXIF block exiftool refuses to rewrite
             is replaced by the Orientation tag alone)
  png        convert -auto-orient to PNG (upright pixels, as converters write them)
"""
import os
import shutil
import subprocess
import sys

# One file per picture: the corpus's camera and sample JPEGs that decode cleanly, without
# the files derived from others (derived_*), the same picture's variants (tower_*, other
# video-001 subsamplings, Landscape_0…8 but one), and test patterns of a few pixels.
ORIGINALS = """
jpeg-exif/22-canon_tags.jpg jpeg-exif/30-type_error.jpg jpeg-exif/32-lens_data.jpeg
jpeg-exif/67-0_length_string.jpg jpeg-exif/Canon_40D.jpg jpeg-exif/Canon_DIGITAL_IXUS_400.jpg
jpeg-exif/DSCN0010.jpg jpeg-exif/Fujifilm_FinePix_E500.jpg jpeg-exif/Kodak_CX7530.jpg
jpeg-exif/Nikon_D70.jpg jpeg-exif/Olympus_C8080WZ.jpg jpeg-exif/Panasonic_DMC-FZ30.jpg
jpeg-exif/Pentax_K10D.jpg jpeg-exif/Sony_HDR-HC3.jpg jpeg-exif/canon-ixus.jpg
jpeg-exif/canon_hdr_NO.jpg jpeg-exif/fujifilm-dx10.jpg jpeg-exif/image01137.jpg
jpeg-exif/invalid-exif.jpg jpeg-exif/kodak-dc210.jpg jpeg-exif/nikon-e950.jpg
jpeg-exif/olympus-c960.jpg jpeg-exif/olympus-d320l.jpg
jpeg-variants/hopper_16bit_qtables.jpg jpeg-variants/rgb.jpg jpeg-variants/testorig.jpg
jpeg-variants/tower.jpg jpeg-variants/video-001.q50.420.jpeg
large/42_IndexError.jpg large/Kleiber_by_Lukas_Baubkus.jpg large/iphone_hdr_NO.jpg
large/seeding_by_Clements_Engelhardt.jpg orientation/Landscape_6.jpg
""".split()

HALF_TURN = {1: 3, 3: 1, 2: 4, 4: 2, 5: 7, 7: 5, 6: 8, 8: 6}


def run(*args):
    subprocess.run(args, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def orientation(path):
    out = subprocess.run(
        ["exiftool", "-n", "-s3", "-IFD0:Orientation", path], capture_output=True, text=True
    ).stdout.strip()
    return int(out) if out.isdigit() and 1 <= int(out) <= 8 else 1


def main():
    corpus, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    rows = []
    for relative in ORIGINALS:
        source = os.path.join(corpus, relative)
        family = os.path.splitext(os.path.basename(relative))[0]
        folder = os.path.join(out, family)
        os.makedirs(folder, exist_ok=True)
        original = os.path.join(folder, "original.jpg")
        shutil.copyfile(source, original)
        rows.append((original, family, "original"))

        def edit(kind, *options, ext="jpg"):
            path = os.path.join(folder, "%s.%s" % (kind, ext))
            run("convert", original, *options, path)
            rows.append((path, family, kind))
            return path

        edit("q50", "-quality", "50")
        edit("resize50", "-resize", "50%")
        edit("crop3", "-crop", "97%x97%+0+0", "+repage")
        edit("crop5", "-crop", "95%x95%+0+0", "+repage")
        edit("bright+15", "-modulate", "115,100,100")
        edit("bright-15", "-modulate", "85,100,100")
        stripped = os.path.join(folder, "stripped.jpg")
        run("exiftool", "-q", "-all=", "-o", stripped, original)
        rows.append((stripped, family, "stripped"))
        turned = edit("rot180", "-rotate", "180")
        tag = "-IFD0:Orientation=%d" % HALF_TURN[orientation(original)]
        try:
            run("exiftool", "-q", "-n", "-overwrite_original", tag, turned)
        except subprocess.CalledProcessError:
            # exiftool will not rewrite an EXIF block it finds broken (30-type_error.jpg):
            # the block goes, the Orientation tag is written alone.
            run("exiftool", "-q", "-n", "-overwrite_original", "-all=", tag, turned)
        edit("png", "-auto-orient", ext="png")
    with open(os.path.join(out, "manifest.tsv"), "w") as f:
        f.write("path\tfamily\tkind\n")
        for path, family, kind in rows:
            f.write("%s\t%s\t%s\n" % (path, family, kind))
    print("%d originals, %d files in %s" % (len(ORIGINALS), len(rows), out))


if __name__ == "__main__":
    main()
