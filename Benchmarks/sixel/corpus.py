"""Sixel quality on every photo of the shared corpus: Lightbox (libsixel and fast encoders)
against chafa and img2sixel, PSNR and bytes, at the grid's tile size and a detail size.

Run through `python3 Benchmarks/sixel/bench.py --corpus [--sizes tile,detail] [--markdown]`.

For each valid photo of ../shared/corpus (expectations.tsv; not PngSuite's 32x32 format
tests, not videos) and each size:

- a reference PNG: the photo decoded by the reference tool of its kind (ImageMagick;
  heif-convert for HEIF/AVIF, which applies irot/imir and not EXIF, as the HEIF rules say;
  the largest embedded preview for RAW, as Lightbox shows RAW), oriented, transparency
  flattened on black (Lightbox's background), at most 2048 px on its long side (twice the detail box),
  converted from an embedded ICC profile to sRGB (ImageMagick's lcms2) as Lightbox converts;
- `lightbox show --graphics sixel --width C --height R --sixel-encoder libsixel|fast PHOTO`
  (10x20 px cells: the tile box is 14x7 cells = 140x140 px, the grid's tile; the detail box
  100x30 cells = 1000x600 px), photo decoded by Lightbox itself;
- chafa 1.12 `-f sixels -s WxH` (its default: an adaptive palette of 256 colours, no dither) with the reference PNG as input, on a pty whose cells
  are 1x1 px, so WxH is Lightbox's pixel size (chafa keeps the aspect and rounds the height
  down to whole 6-pixel bands: a few rows fewer);
- img2sixel `-p 256 -w W -h H` with the reference PNG (exactly Lightbox's size);
- every stream: exit status 0, non-empty, decoded by ../shared/tools/sixel-decode, PSNR
  against the reference resized by ImageMagick to the stream's decoded size.

Bytes are compared per pixel ("bytes at Lightbox's size" = chafa's bytes x Lightbox's
pixels / chafa's pixels) when chafa's picture is a few rows smaller.
"""
import concurrent.futures
import csv
import ctypes
import ctypes.util
import fcntl
import json
import os
import pty
import shutil
import statistics
import struct
import subprocess
import tempfile
import termios

CORPUS = "/work/shared/corpus"
SIZES = {"tile": (14, 7), "detail": (100, 30)}
CELL = (10, 20)
REF_MAX = 2048
TOOLS_ORDER = ["lightbox-libsixel", "lightbox-fast", "chafa", "img2sixel"]
TIMEOUT = 300


class Skip(Exception):
    pass


def sh(argv, stdout=None, stdin=None, timeout=TIMEOUT):
    try:
        return subprocess.run(argv, stdout=stdout if stdout is not None else subprocess.PIPE,
                              stderr=subprocess.PIPE, stdin=stdin, timeout=timeout)
    except subprocess.TimeoutExpired:
        raise Skip(f"{os.path.basename(argv[0])} took over {timeout} s")


def photos():
    """(path, kind, orientation) of every valid still photo, plus (path, reason) skips."""
    keep, skipped = [], []
    with open(os.path.join(CORPUS, "expectations.tsv")) as f:
        for row in csv.DictReader(f, delimiter="\t"):
            path = row["path"]
            folder = path.split("/")[0]
            if row["kind"] != "valid":
                continue  # malformed files: not photos to compare
            if folder == "png-suite":
                skipped.append((path, "PngSuite format test (32x32 synthetic), not a photo"))
                continue
            if folder == "video":
                skipped.append((path, "video (its poster frame is not a still photo)"))
                continue
            w, h = row["width"], row["height"]
            if w.isdigit() and h.isdigit() and min(int(w), int(h)) < 8:
                skipped.append((path, f"degenerate {w}x{h} picture"))
                continue
            keep.append((path, folder))
    return keep, skipped


def reference(path, folder, workdir):
    """The oriented, flattened reference PNG of a photo."""
    src = os.path.join(CORPUS, path)
    base = os.path.join(workdir, path.replace("/", "__"))
    out = base + ".ref.png"
    flatten = ["-background", "black", "-alpha", "remove", "-alpha", "off",
               "-resize", f"{REF_MAX}x{REF_MAX}>", "-strip", "PNG24:" + out]
    if folder in ("heif", "avif"):
        mid = base + ".heif.png"
        p = sh(["heif-convert", src, mid])
        if not os.path.exists(mid):
            # A file with several top-level images comes out as NAME-1.png, NAME-2.png, … in
            # heif-info's order; the photo is the primary item, which need not be the first
            # (zPug_3.heic's is the second: the first made the reference a different picture).
            info = sh(["heif-info", src]).stdout.decode(errors="replace").splitlines()
            images = [l for l in info if l.startswith("image:")]
            primary = next((i for i, l in enumerate(images) if "primary" in l), 0)
            mid = base + f".heif-{primary + 1}.png"
        if p.returncode != 0 or not os.path.exists(mid):
            raise Skip("heif-convert cannot read it (an AVIF sequence?)")
        p = sh(["convert", mid, *flatten])
    elif folder == "raw":
        best = None
        for tag in ("-JpgFromRaw", "-PreviewImage", "-OtherImage", "-ThumbnailImage"):
            jpg = base + tag + ".jpg"
            with open(jpg, "wb") as f:
                sh(["exiftool", "-b", tag, src], stdout=f)
            if os.path.getsize(jpg) > 0 and sh(["djpeg", "-outfile", os.devnull, jpg]).returncode == 0:
                size = sh(["identify", "-format", "%w %h", jpg]).stdout.split()
                pixels = int(size[0]) * int(size[1]) if len(size) == 2 else 0
                if best is None or pixels > best[0]:
                    best = (pixels, jpg)
        if best is None:
            raise Skip("no embedded preview decodes")
        orient = sh(["exiftool", "-n", "-s3", "-IFD0:Orientation", src]).stdout.decode().strip()
        names = ["TopLeft", "TopLeft", "TopRight", "BottomRight", "BottomLeft", "LeftTop",
                 "RightTop", "RightBottom", "LeftBottom"]
        name = names[int(orient)] if orient.isdigit() and int(orient) < 9 else "TopLeft"
        p = sh(["convert", best[1], "-orient", name, "-auto-orient", *flatten])
    elif folder == "gif":
        # The first frame on the logical screen: `[0]` alone is the frame's own rectangle
        # (a 20×20 frame of a 50×50 GIF came out 20×20 and was stretched to compare).
        p = sh(["convert", src, "-coalesce", "-delete", "1--1", *flatten])
    else:
        p = sh(["convert", src + "[0]", "-auto-orient", *flatten])
    if p.returncode != 0 or not os.path.exists(out):
        raise Skip("ImageMagick cannot make the reference: "
                   + p.stderr.decode(errors="replace").strip().splitlines()[-1][:80])
    return colour_managed(src, out, base)


def colour_managed(src, ref, base):
    """The reference converted from the photo's embedded ICC profile to sRGB (ImageMagick's
    lcms2, perceptual intent, as Lightbox converts) when it has a profile that is not sRGB.

    Lightbox shows a Display P3 or Adobe RGB photo converted to sRGB (issue 15), so a reference
    left in the photo's own colour space counted that conversion as error, and chafa, handed
    that reference, was measured against its own input. HEIF's nclx colour (no ICC profile:
    HDR PQ/HLG, BT.2020) has no independent converter here and stays as heif-convert writes
    it. (lcms2's tificc was tried first: it reads ImageMagick's TIFF tags as a gamma-2.2
    source and darkened every shadow, sRGB to sRGB included.)"""
    profile = base + ".icc"
    with open(profile, "wb") as f:
        sh(["exiftool", "-b", "-icc_profile", src], stdout=f)
    if os.path.getsize(profile) == 0:
        return ref
    desc = sh(["exiftool", "-s3", "-ProfileDescription", profile]).stdout.decode(errors="replace")
    if "srgb" in desc.lower() and "display" not in desc.lower():
        return ref  # Lightbox's own test for an sRGB profile (ColorConversion.isSRGB)
    p = sh(["convert", ref, "-intent", "Perceptual", "-profile", profile, "-profile",
            srgb_profile(os.path.dirname(base)), "-strip", "PNG24:" + ref])
    if p.returncode != 0:
        raise Skip("ImageMagick cannot convert the reference to sRGB: "
                   + p.stderr.decode(errors="replace").strip()[-80:])
    return ref


def srgb_profile(workdir):
    """lcms2's own sRGB profile written to a file (Debian ships none outside of packages
    this benchmark does not need), through ctypes."""
    path = os.path.join(workdir, "srgb.icc")
    if not os.path.exists(path):
        lib = ctypes.CDLL(ctypes.util.find_library("lcms2") or "liblcms2.so.2")
        lib.cmsCreate_sRGBProfile.restype = ctypes.c_void_p
        lib.cmsSaveProfileToFile.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
        lib.cmsCloseProfile.argtypes = [ctypes.c_void_p]
        handle = lib.cmsCreate_sRGBProfile()
        ok = lib.cmsSaveProfileToFile(handle, (path + ".part").encode())
        lib.cmsCloseProfile(handle)
        if not ok:
            raise RuntimeError("lcms2 could not write its sRGB profile")
        os.replace(path + ".part", path)
    return path


def decode(stream, ref):
    """sixel-decode's JSON for a stream (size, PSNR against `ref`)."""
    p = sh([os.path.join(os.path.dirname(CORPUS), "tools", "sixel-decode"), stream, "--ref", ref,
            "--json"])
    line = next((l for l in p.stdout.decode().splitlines() if l.startswith("{")), None)
    if p.returncode != 0 or line is None:
        raise RuntimeError(f"sixel-decode failed on {stream}: {p.stderr.decode()[-200:]}")
    d = json.loads(line)
    if d.get("psnr_db") is None:
        raise RuntimeError(f"no PSNR for {stream}")
    return d


def run_tool(name, argv, out, ref, pty_fd):
    with open(out, "wb") as f:
        p = sh(argv, stdout=f, stdin=pty_fd)
    if p.returncode != 0:
        raise RuntimeError(f"{name} exited {p.returncode}: {p.stderr.decode(errors='replace')[-200:]}")
    if os.path.getsize(out) == 0:
        raise RuntimeError(f"{name} wrote nothing")
    d = decode(out, ref)
    return {"psnr": d["psnr_db"], "bytes": os.path.getsize(out), "width": d["width"],
            "height": d["height"], "colors": d.get("colors_used")}


def measure(photo, ref, size_name, lightbox, workdir, pty_fd):
    src = os.path.join(CORPUS, photo)
    base = os.path.join(workdir, photo.replace("/", "__") + "." + size_name)
    cols, rows = SIZES[size_name]
    row = {"photo": photo, "size": size_name}
    for enc in ("libsixel", "fast"):
        p = sh([lightbox, "show", "--graphics", "sixel", "--width", str(cols), "--height",
                str(rows), "--sixel-encoder", enc, src], stdout=subprocess.PIPE)
        if p.returncode != 0:
            reason = p.stderr.decode(errors="replace").strip().splitlines()
            raise Skip("lightbox show: " + (reason[-1][:90] if reason else f"exit {p.returncode}"))
        out = f"{base}.lightbox-{enc}.six"
        with open(out, "wb") as f:
            f.write(p.stdout)
        if not p.stdout:
            raise RuntimeError("lightbox show wrote nothing")
        d = decode(out, ref)
        row["lightbox-" + enc] = {"psnr": d["psnr_db"], "bytes": len(p.stdout),
                                  "width": d["width"], "height": d["height"]}
    w, h = row["lightbox-libsixel"]["width"], row["lightbox-libsixel"]["height"]
    row["pixels"] = f"{w}x{h}"
    row["chafa"] = run_tool("chafa", ["chafa", "-f", "sixels", "-s", f"{w}x{h}", ref],
                            base + ".chafa.six", ref, pty_fd)
    row["img2sixel"] = run_tool("img2sixel", ["img2sixel", "-p", "256", "-w", str(w), "-h", str(h),
                                              ref], base + ".img2sixel.six", ref, pty_fd)
    return row


def versions(lightbox):
    def first(argv):
        try:
            p = subprocess.run(argv, capture_output=True, text=True, timeout=10)
            return (p.stdout or p.stderr).strip().splitlines()[0]
        except Exception:
            return "?"
    return {"lightbox": first([lightbox, "--version"]), "chafa": first(["chafa", "--version"]),
            "img2sixel": first(["img2sixel", "-V"]),
            "imagemagick": first(["convert", "-version"])}


def run(lightbox, sizes, jobs=2, limit=None):
    keep, skipped = photos()
    if limit:
        keep = keep[:limit]
    workdir = tempfile.mkdtemp(prefix="lightbox-sixel-corpus-")
    # A pty whose cells are 1x1 px: chafa's -s WxH is then pixels.
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 4000, 4000, 4000, 4000))
    rows, errors = [], []

    def make_ref(item):
        try:
            return item[0], reference(item[0], item[1], workdir)
        except Skip as e:
            return item[0], Skip(str(e))

    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        refs = dict(pool.map(make_ref, keep))
    for path, ref in refs.items():
        if isinstance(ref, Skip):
            skipped.append((path, str(ref)))
    tasks = [(p, s) for p, _ in keep if not isinstance(refs[p], Skip) for s in sizes]
    failed_photos = set()

    def one(task):
        try:
            return measure(task[0], refs[task[0]], task[1], lightbox, workdir, slave)
        except Skip as e:
            return ("skip", task, str(e))
        except RuntimeError as e:
            return ("error", task, str(e))

    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        for result in pool.map(one, tasks):
            if isinstance(result, tuple):
                kind, task, reason = result
                if kind == "error":
                    errors.append((task[0], task[1], reason))
                elif task[0] not in failed_photos:
                    skipped.append((task[0], reason))
                    failed_photos.add(task[0])
            else:
                rows.append(result)
    os.close(master)
    os.close(slave)
    shutil.rmtree(workdir, ignore_errors=True)
    return {"rows": rows, "skipped": skipped, "errors": errors, "versions": versions(lightbox),
            "sizes": sizes}


def chosen(row, choice):
    """The Lightbox result the browser draws (SixelEncoderChoice.auto: the fast encoder)."""
    return row["lightbox-" + ("fast" if choice == "auto" else choice)]


def chafa_bytes_at(row, lb):
    c = row["chafa"]
    return c["bytes"] * (lb["width"] * lb["height"]) / max(1, c["width"] * c["height"])


def summary(rows, choice):
    lb = [chosen(r, choice) for r in rows]
    lose_psnr = [(r["photo"], l["psnr"] - r["chafa"]["psnr"]) for r, l in zip(rows, lb)
                 if l["psnr"] < r["chafa"]["psnr"]]
    lose_bytes = [(r["photo"], l["bytes"] / chafa_bytes_at(r, l) - 1) for r, l in zip(rows, lb)
                  if l["bytes"] > chafa_bytes_at(r, l)]
    return lose_psnr, lose_bytes


def psnr_floats(result):
    """sixel-decode says "inf" for a lossless picture: 99.99 dB here, so medians and
    differences stay numbers (printed as "inf")."""
    for r in result["rows"]:
        for t in TOOLS_ORDER:
            r[t]["psnr"] = min(99.99, float(r[t]["psnr"]))


def db(value):
    return "inf" if value >= 99.99 else f"{value:.2f}"


def fmt_table(result, markdown, choice="auto"):
    psnr_floats(result)
    out = []
    v = result["versions"]
    out.append(f"tools: {v['lightbox']}; {v['chafa']}; {v['img2sixel']}; {v['imagemagick']}")
    for size in result["sizes"]:
        rows = sorted((r for r in result["rows"] if r["size"] == size), key=lambda r: r["photo"])
        if not rows:
            continue
        cols, lines = SIZES[size]
        out.append("")
        out.append(f"### {size}: {cols}x{lines} cells of 10x20 px ({cols * 10}x{lines * 20} px box),"
                   f" 256 colours, {len(rows)} photos")
        out.append("")
        head = ["photo", "px"] + [f"{t} dB" for t in TOOLS_ORDER] + [f"{t} B" for t in TOOLS_ORDER]
        if markdown:
            out.append("| " + " | ".join(head) + " |")
            out.append("|" + "---|" * len(head))
        else:
            out.append("  ".join(head))
        for r in rows:
            cells = [r["photo"], r["pixels"]] + [db(r[t]['psnr']) for t in TOOLS_ORDER] + \
                    [f"{r[t]['bytes']:,}" for t in TOOLS_ORDER]
            out.append(("| " + " | ".join(cells) + " |") if markdown else "  ".join(cells))
        med = ["**median**", ""] + [db(statistics.median(r[t]['psnr'] for r in rows))
                                    for t in TOOLS_ORDER] + \
              [f"{statistics.median(r[t]['bytes'] for r in rows):,.0f}" for t in TOOLS_ORDER]
        worst = ["**worst**", ""] + [db(min(r[t]['psnr'] for r in rows)) for t in TOOLS_ORDER] + \
                [f"{max(r[t]['bytes'] for r in rows):,}" for t in TOOLS_ORDER]
        for cells in (med, worst):
            out.append(("| " + " | ".join(cells) + " |") if markdown else "  ".join(cells))
        out.append("")
        for enc in ("libsixel", "fast", "auto"):
            lose_psnr, lose_bytes = summary(rows, enc)
            label = {"auto": "as the browser picks (fast at every size)",
                     "libsixel": "libsixel", "fast": "fast"}[enc]
            deltas = [chosen(r, enc)["psnr"] - r["chafa"]["psnr"] for r in rows]
            ratios = [chosen(r, enc)["bytes"] / chafa_bytes_at(r, chosen(r, enc)) for r in rows]
            out.append(f"- Lightbox {label}: below chafa's PSNR on {len(lose_psnr)} of {len(rows)}"
                       f", over chafa's bytes (per pixel) on {len(lose_bytes)}; PSNR - chafa's:"
                       f" median {statistics.median(deltas):+.2f} dB, worst {min(deltas):+.2f} dB;"
                       f" bytes / chafa's: median {statistics.median(ratios):.2f},"
                       f" worst {max(ratios):.2f}")
            if enc == "auto":
                for photo, d in lose_psnr:
                    out.append(f"  - PSNR below chafa: {photo} {d:+.2f} dB")
                for photo, d in lose_bytes:
                    out.append(f"  - bytes over chafa: {photo} {d * 100:+.1f} %")
    out.append("")
    out.append(f"skipped ({len(result['skipped'])}):")
    reasons = {}
    for path, reason in result["skipped"]:
        reasons.setdefault(reason, []).append(path)
    for reason, paths in sorted(reasons.items(), key=lambda kv: -len(kv[1])):
        shown = ", ".join(paths[:6]) + (f", … ({len(paths)})" if len(paths) > 6 else "")
        out.append(f"- {reason}: {shown}")
    if result["errors"]:
        out.append(f"ERRORS ({len(result['errors'])}):")
        for path, size, reason in result["errors"]:
            out.append(f"- {path} ({size}): {reason}")
    return "\n".join(out)
