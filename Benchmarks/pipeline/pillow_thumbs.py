"""Pillow baseline: freedesktop-style 256 px PNG thumbnails with draft() (libjpeg DCT
scaling), N processes. Usage: pillow_thumbs.py OUTDIR JOBS LEVEL FILE... ; prints wall
seconds. LEVEL is the zlib level of the PNGs (6 is Pillow's default)."""
import hashlib, os, sys, time, urllib.parse
from multiprocessing import Pool
from PIL import Image, PngImagePlugin

OUT = sys.argv[1]
LEVEL = int(sys.argv[3])

def one(path):
    st = os.stat(path)
    uri = "file://" + urllib.parse.quote(os.path.abspath(path))
    with Image.open(path) as im:
        im.draft("RGB", (256, 256))
        im.thumbnail((256, 256), Image.LANCZOS)
        info = PngImagePlugin.PngInfo()
        info.add_text("Thumb::URI", uri)
        info.add_text("Thumb::MTime", str(int(st.st_mtime)))
        info.add_text("Thumb::Size", str(st.st_size))
        name = os.path.join(OUT, hashlib.md5(uri.encode()).hexdigest() + ".png")
        im.save(name + ".tmp", "PNG", pnginfo=info, compress_level=LEVEL)
        os.rename(name + ".tmp", name)

if __name__ == "__main__":
    files = sys.argv[4:]
    start = time.monotonic()
    with Pool(int(sys.argv[2])) as pool:
        pool.map(one, files, chunksize=8)
    print("%.4f" % (time.monotonic() - start))
