#!/usr/bin/env python3
"""transfer.py: how fast a real kitty takes pictures by each transfer medium.

Usage (inside kitty; Benchmarks/kitty/run.sh starts it there with term-shot):
  transfer.py --out RESULTS.tsv --rounds 5 PNG...

For each medium of the kitty graphics protocol -- the stream (t=d, base64 in chunks of
4096 bytes, what works over ssh), a temporary file (t=t: written to /tmp, named with
"tty-graphics-protocol" as kitty requires, read and deleted by kitty) and POSIX shared
memory (t=s: shm_open, read and unlinked by kitty) -- sends every PNG as its own image
(f=100, one id each, no placement) asking for kitty's answer, and times from the first byte
written to the last "OK" read: kitty has then read and decoded every picture. Media are
interleaved round by round (d, t, s, d, t, s, ...) so that a drift in the machine's load
falls on each alike; every answer must be OK and every temporary file and shared-memory
object must be gone afterwards (kitty deletes them), else the run fails. Writes one line
per medium and round: medium, round, pictures, bytes written to the tty, milliseconds.
"""
import argparse, base64, mmap, os, re, select, sys, termios, time, tty

ap = argparse.ArgumentParser()
ap.add_argument("--out", required=True)
ap.add_argument("--rounds", type=int, default=5)
ap.add_argument("files", nargs="+")
a = ap.parse_args()
pngs = [open(f, "rb").read() for f in a.files]
fd = os.open("/dev/tty", os.O_RDWR)
saved = termios.tcgetattr(fd)
tty.setraw(fd)
next_id = [1000]


def command(keys, payload=b""):
    return b"\x1b_G" + keys.encode() + (b";" + payload if payload else b"") + b"\x1b\\"


def stream(image_id, png):
    data = base64.standard_b64encode(png)
    out = []
    for start in range(0, len(data), 4096):
        more = 1 if start + 4096 < len(data) else 0
        keys = ("a=t,i=%d,f=100,t=d,m=%d" % (image_id, more)) if start == 0 else "m=%d" % more
        out.append(command(keys, data[start:start + 4096]))
    return b"".join(out), []


def temp_file(image_id, png):
    path = "/tmp/tty-graphics-protocol-lightbox-bench-%d-%d.png" % (os.getpid(), image_id)
    with open(path, "wb") as f:
        f.write(png)
    keys = "a=t,i=%d,f=100,t=t" % image_id
    return command(keys, base64.standard_b64encode(path.encode())), [path]


def shared_memory(image_id, png):
    name = "/tty-graphics-protocol-lightbox-bench-%d-%d" % (os.getpid(), image_id)
    path = "/dev/shm" + name
    # shm_open(name, O_CREAT|O_RDWR) is a file under /dev/shm on Linux.
    shm = os.open(path, os.O_CREAT | os.O_RDWR, 0o600)
    os.ftruncate(shm, len(png))
    with mmap.mmap(shm, len(png)) as m:
        m[:] = png
    os.close(shm)
    keys = "a=t,i=%d,f=100,t=s,S=%d" % (image_id, len(png))
    return command(keys, base64.standard_b64encode(name.encode())), [path]


MEDIA = {"d": stream, "t": temp_file, "s": shared_memory}


def round_trip(make):
    ids = []
    payload = b""
    leftovers = []
    # Files are written before the clock starts: the app writes them in its encode step, the
    # figure is what the terminal costs. The stream's base64 is made before it too.
    for png in pngs:
        next_id[0] += 1
        ids.append(next_id[0])
        bytes_, files = make(next_id[0], png)
        payload += bytes_
        leftovers += files
    start = time.monotonic()
    view = memoryview(payload)
    sent = 0
    answers = b""
    want = len(ids)
    while sent < len(payload) or answers.count(b"\x1b\\") < want:
        wfds = [fd] if sent < len(payload) else []
        r, w, _ = select.select([fd], wfds, [], 10)
        if not r and not w:
            raise SystemExit("kitty stopped answering")
        if w:
            sent += os.write(fd, view[sent:sent + 65536])
        if r:
            answers += os.read(fd, 65536)
    elapsed = (time.monotonic() - start) * 1000
    oks = re.findall(rb"\x1b_Gi=(\d+);OK\x1b\\", answers)
    if sorted(int(x) for x in oks) != ids:
        raise SystemExit("not every picture was OK: %r" % answers[:300])
    # kitty deletes what it read (only files named as the protocol asks); give it a moment.
    deadline = time.monotonic() + 2
    while any(os.path.exists(p) for p in leftovers) and time.monotonic() < deadline:
        time.sleep(0.01)
    if any(os.path.exists(p) for p in leftovers):
        raise SystemExit("kitty left files behind: %s" % leftovers[:3])
    os.write(fd, command("a=d,d=A,q=2"))
    return len(payload), elapsed


lines = []
try:
    for r in range(a.rounds):
        for medium, make in MEDIA.items():
            size, ms = round_trip(make)
            lines.append("%s\t%d\t%d\t%d\t%.1f" % (medium, r + 1, len(pngs), size, ms))
finally:
    termios.tcsetattr(fd, termios.TCSADRAIN, saved)
with open(a.out, "w") as f:
    f.write("medium\tround\tpictures\ttty_bytes\tms\n" + "\n".join(lines) + "\n")
