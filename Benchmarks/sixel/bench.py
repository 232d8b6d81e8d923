#!/usr/bin/env python3
"""Sixel and half-block figures for `lightbox show` against chafa, img2sixel and timg.

One command, from the package root:

    swift build -c release --product lightbox
    python3 Benchmarks/sixel/bench.py [--photo FILE] [--runs N] [--lightbox PATH]
    python3 Benchmarks/sixel/bench.py --corpus [--sizes tile,detail] [--markdown]

--corpus: PSNR and bytes on every photo of the shared corpus at the grid's tile size and a
detail size, Lightbox's two sixel encoders against chafa and img2sixel (see corpus.py).

Every program runs with stdout to a file and stdin on a pseudo-terminal of 200x60 cells
whose TIOCGWINSZ says 2000x1200 px (10x20 px cells), so chafa and timg size their output
the way they would in such a terminal, while `lightbox show` (output not a terminal: no
queries) uses its default 10x20 cell. Wall time is the median of --runs runs (fork+exec
included). PSNR: /work/shared/tools/sixel-decode --ref PHOTO, which resizes the photo to
each stream's decoded size with ImageMagick.
"""
import argparse
import fcntl
import json
import os
import pty
import shutil
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TOOLS = os.path.join(os.path.dirname(ROOT), "shared", "tools")


def run_once(argv, out_path, pty_slave):
    with open(out_path, "wb") as out:
        start = time.perf_counter()
        proc = subprocess.run(argv, stdin=pty_slave, stdout=out, stderr=subprocess.PIPE,
                              env={**os.environ, "COLORTERM": "truecolor", "TERM": "xterm-256color"})
        elapsed = time.perf_counter() - start
    if proc.returncode != 0:
        raise SystemExit(f"{argv[0]} failed ({proc.returncode}): {proc.stderr.decode(errors='replace')}")
    return elapsed


def measure(name, argv, runs, pty_slave, workdir):
    out_path = os.path.join(workdir, name.replace(" ", "_") + ".out")
    times = [run_once(argv, out_path, pty_slave) for _ in range(runs)]
    return {"name": name, "argv": argv, "median_ms": statistics.median(times) * 1000,
            "min_ms": min(times) * 1000, "bytes": os.path.getsize(out_path), "out": out_path}


def sixel_psnr(path, photo):
    proc = subprocess.run([os.path.join(TOOLS, "sixel-decode"), path, "--ref", photo, "--json"],
                          capture_output=True, text=True)
    line = next((l for l in proc.stdout.splitlines() if l.startswith("{")), None)
    if line is None:
        return None
    data = json.loads(line)
    return {"psnr": data.get("psnr_db"), "size": f"{data['width']}x{data['height']}",
            "colors": data.get("colors_used")}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--photo", default="/work/shared/corpus/large/42_IndexError.jpg")
    parser.add_argument("--runs", type=int, default=11)
    parser.add_argument("--lightbox", default=os.path.join(ROOT, ".build/release/lightbox"))
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--corpus", action="store_true", help="the shared-corpus quality table")
    parser.add_argument("--sizes", default="tile,detail", help="with --corpus: tile, detail")
    parser.add_argument("--markdown", action="store_true", help="with --corpus: Markdown tables")
    parser.add_argument("--limit", type=int, help="with --corpus: only the first N photos")
    parser.add_argument("--save", help="with --corpus: also write the results as JSON here")
    parser.add_argument("--load", help="with --corpus: print the table of a --save file")
    args = parser.parse_args()
    if args.corpus:
        sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
        import corpus
        if args.load:
            with open(args.load) as f:
                result = json.load(f)
        else:
            if not os.path.exists(args.lightbox):
                raise SystemExit(f"{args.lightbox} is missing: swift build -c release --product lightbox")
            for tool in ("chafa", "img2sixel", "convert", "heif-convert", "exiftool", "djpeg"):
                if not shutil.which(tool):
                    raise SystemExit(f"{tool} is missing (see Benchmarks/sixel/README.md)")
            sizes = [s for s in args.sizes.split(",") if s]
            bad = [s for s in sizes if s not in corpus.SIZES]
            if bad:
                raise SystemExit(f"unknown size {bad[0]}: tile or detail")
            result = corpus.run(args.lightbox, sizes, limit=args.limit)
            result["date"] = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
            if args.save:
                with open(args.save, "w") as f:
                    json.dump(result, f, indent=1)
        print(f"date: {result.get('date', '?')}")
        print(corpus.fmt_table(result, args.markdown))
        if result["errors"]:
            raise SystemExit(1)
        return
    if not os.path.exists(args.lightbox):
        raise SystemExit(f"{args.lightbox} is missing: swift build -c release --product lightbox")

    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 60, 200, 2000, 1200))
    workdir = tempfile.mkdtemp(prefix="lightbox-sixel-bench-")
    photo = args.photo
    results = {"photo": photo, "runs": args.runs, "sixel": [], "halfblock": []}

    # ~256 px wide sixel: 26 columns of 10 px = 260 px.
    sixel_jobs = [("lightbox show sixel", [args.lightbox, "show", "--graphics", "sixel", "--width", "26", photo])]
    if shutil.which("chafa"):
        sixel_jobs.append(("chafa -f sixels", ["chafa", "-f", "sixels", "-s", "26x", photo]))
    if shutil.which("img2sixel"):
        sixel_jobs.append(("img2sixel -w 260", ["img2sixel", "-w", "260", photo]))
    for name, argv in sixel_jobs:
        r = measure(name, argv, args.runs, slave, workdir)
        r.update(sixel_psnr(r["out"], photo) or {})
        results["sixel"].append(r)

    # Half-blocks in a 200x60 box.
    block_jobs = [("lightbox show halfblock",
                   [args.lightbox, "show", "--graphics", "halfblock", "--width", "200", "--height", "60", photo])]
    if shutil.which("timg"):
        block_jobs.append(("timg -p h", ["timg", "-g", "200x60", "-p", "h", photo]))
    if shutil.which("chafa"):
        block_jobs.append(("chafa -f symbols", ["chafa", "-f", "symbols", "-s", "200x60", photo]))
        block_jobs.append(("chafa -f symbols --symbols vhalf",
                           ["chafa", "-f", "symbols", "--symbols", "vhalf", "-s", "200x60", photo]))
    for name, argv in block_jobs:
        r = measure(name, argv, args.runs, slave, workdir)
        with open(r["out"], "rb") as f:
            r["rows"] = f.read().count(b"\n")
        results["halfblock"].append(r)

    os.close(master)
    os.close(slave)
    if args.json:
        print(json.dumps(results, indent=2))
        return
    print(f"photo: {photo}  (median of {args.runs} runs)")
    print("sixel, ~256 px wide:")
    for r in results["sixel"]:
        psnr = f"{r['psnr']:.2f} dB" if r.get("psnr") is not None else "n/a"
        print(f"  {r['name']:<34} {r['median_ms']:8.1f} ms  {r['bytes']:8d} bytes  "
              f"{psnr:>9}  {r.get('size', '?')}  {r.get('colors', '?')} colours")
    print("half-blocks, 200x60 box:")
    for r in results["halfblock"]:
        print(f"  {r['name']:<34} {r['median_ms']:8.1f} ms  {r['bytes']:8d} bytes  {r['rows']} rows")
    shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    main()
