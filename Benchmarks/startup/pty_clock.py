#!/usr/bin/env python3
"""pty_clock: first-picture's measurement with a reader that keeps up with the program.

Usage: pty_clock.py [--as xterm-sixel|kitty|silent] [--cols 160 --rows 45] [--runs 5]
                    [--text REGEX] [--pictures N] [--window SEC] [--env K=V ...]
                    [--keys N [--key ESCAPES] [--key-every MS]] -- CMD ARGS...

Same pty, same size, same answers to the same queries and the same notion of a picture as
../shared/tools/first-picture (xterm 379 with sixel, kitty 0.26.5, or a terminal that answers
nothing), and the same output
lines. The one difference: first-picture searches the whole output received so far again
after every read (a pty read returns at most 4095 bytes), so the time it takes to read grows
with the square of the output, and a program writing a screen of pictures (0.5-1 MB) spends
most of its start-up blocked in write() on a full pty. This reader searches only the bytes
that are new (with an overlap for a sequence cut between two reads), so the time measured is
the program's. Lightbox's Benchmarks/startup/run.sh runs both tools, on Lightbox and on chafa.
It also reports the program's resident memory (VmRSS) when the Nth picture arrives and at the
end of the window (the browser idle over its first screen).
"""
import argparse, fcntl, os, pty, re, select, signal, statistics, struct, sys, termios, time

ap = argparse.ArgumentParser(add_help=False)
ap.add_argument("--as", dest="term", default="xterm-sixel", choices=["xterm-sixel", "kitty", "silent"])
ap.add_argument("--cols", type=int, default=160)
ap.add_argument("--rows", type=int, default=45)
ap.add_argument("--runs", type=int, default=5)
ap.add_argument("--text", default="photos")
ap.add_argument("--pictures", type=int, default=50)
ap.add_argument("--window", type=float, default=4.0)
ap.add_argument("--env", action="append", default=[])
# Keys after the first text: COUNT presses of KEY (an escape string, default the right arrow)
# one every MS milliseconds, for a key -> frame figure the program logs itself.
ap.add_argument("--keys", type=int, default=0)
ap.add_argument("--key", default="\\x1b[C")
ap.add_argument("--key-every", type=float, default=50)
ap.add_argument("cmd", nargs=argparse.REMAINDER)
a = ap.parse_args()
cmd = a.cmd[1:] if a.cmd and a.cmd[0] == "--" else a.cmd
if not cmd:
    print("pty_clock: no command given (put it after --)", file=sys.stderr)
    sys.exit(2)

W, H = a.cols * 10, a.rows * 19
COMMON = [
    (rb"\x1b\[16t", b"\x1b[6;19;10t"),
    (rb"\x1b\[14t", b"\x1b[4;%d;%dt" % (H, W)),
    (rb"\x1b\[\?2026\$p", b"\x1b[?2026;%d$y" % (0 if a.term == "xterm-sixel" else 2)),
]
if a.term == "xterm-sixel":
    REPLIES = [(rb"\x1b\[>0?q", b"\x1bP>|XTerm(379)\x1b\\"),
               (rb"\x1b\[\?1;1;0S", b"\x1b[?1;0;256S"),
               (rb"\x1b\[\?2;1;0S", b"\x1b[?2;0;%d;%dS" % (W, H))] + COMMON + \
              [(rb"\x1b\[0?c", b"\x1b[?63;1;2;4;6;9;15;16;22;28c")]
    TERM = "xterm-256color"
elif a.term == "silent":
    REPLIES = []
    TERM = "xterm-256color"
else:
    REPLIES = [(rb"\x1b\[>0?q", b"\x1bP>|kitty(0.26.5)\x1b\\"),
               (rb"\x1b_G([^\x1b]*a=q[^\x1b]*)\x1b\\", None)] + COMMON + \
              [(rb"\x1b\[0?c", b"\x1b[?62;c")]
    TERM = "xterm-kitty"
REPLIES = [(re.compile(p), r) for p, r in REPLIES]
PICTURE = re.compile(rb"\x1bP[0-9;]*q|\x1b_G[^;\x1b]*a=[Tp][^\x1b]*")
TEXT = re.compile(a.text.encode())
# Longest sequence any pattern needs to see whole: kitty's control data before its payload.
OVERLAP = 512


def kitty_ok(m):
    ids = re.search(rb"i=(\d+)", m.group(1))
    return b"\x1b_Gi=%s;OK\x1b\\" % (ids.group(1) if ids else b"1")


def matches(pattern, buf, start):
    """Matches of `pattern` that begin at or after `start`, searched from a little before."""
    return [m for m in pattern.finditer(buf, max(0, start - OVERLAP)) if m.start() >= start]


def run_once():
    pid, fd = pty.fork()
    if pid == 0:
        os.environ["TERM"] = TERM
        for k in ("TMUX", "COLORTERM", "KITTY_WINDOW_ID"):
            os.environ.pop(k, None)
        for kv in a.env:
            k, _, v = kv.partition("=")
            os.environ[k] = v
        try:
            os.execvp(cmd[0], cmd)
        finally:
            os._exit(127)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", a.rows, a.cols, W, H))
    t0 = time.monotonic()
    buf = bytearray()
    first_byte = first_text = first_pic = nth_pic = None
    rss_nth = None
    pictures = 0
    # Where each pattern's search resumes: everything before it was looked at already.
    scanned = [0] * len(REPLIES)
    pic_from = text_from = 0
    key = a.key.encode().decode("unicode_escape").encode("latin-1")
    keys_sent = 0
    next_key = None
    while time.monotonic() - t0 < a.window:
        if first_text is not None and keys_sent < a.keys:
            now = time.monotonic()
            if next_key is None:
                next_key = now
            if now >= next_key:
                os.write(fd, key)
                keys_sent += 1
                next_key += a.key_every / 1000
        r, _, _ = select.select([fd], [], [], 0.005)
        if not r:
            continue
        try:
            chunk = os.read(fd, 1 << 16)
        except OSError:
            break
        if not chunk:
            break
        now = time.monotonic() - t0
        if first_byte is None:
            first_byte = now
        buf += chunk
        end = len(buf)
        for i, (pat, rep) in enumerate(REPLIES):
            for m in matches(pat, buf, scanned[i]):
                os.write(fd, rep if rep is not None else kitty_ok(m))
                scanned[i] = m.end()
            scanned[i] = max(scanned[i], end - OVERLAP)
        if first_text is None:
            if matches(TEXT, buf, text_from):
                first_text = now
            text_from = max(text_from, end - OVERLAP)
        found = matches(PICTURE, buf, pic_from)
        if found:
            pictures += len(found)
            pic_from = found[-1].end()
        pic_from = max(pic_from, end - OVERLAP)
        if first_pic is None and pictures >= 1:
            first_pic = now
        if nth_pic is None and pictures >= a.pictures:
            nth_pic = now
            rss_nth = rss_mb(pid)
    # Resident memory at the end of the window: the program idle, its screen drawn.
    rss_end = rss_mb(pid)
    try:
        os.write(fd, b"q")
        time.sleep(0.3)
        os.kill(pid, signal.SIGTERM)
    except (ProcessLookupError, OSError):
        pass
    os.waitpid(pid, 0)
    os.close(fd)
    return first_byte, first_text, first_pic, nth_pic, pictures, rss_nth, rss_end


def rss_mb(pid):
    """The process's resident memory now (VmRSS), in MB; None once it has exited."""
    try:
        with open("/proc/%d/status" % pid) as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return None


def mb(x):
    return "-" if x is None else "%.0f MB" % x


def ms(x):
    return "-" if x is None else "%.0f ms" % (x * 1000)


rows = []
for i in range(a.runs):
    r = run_once()
    rows.append(r)
    print("run %d: first byte %s, text %s, first picture %s, picture #%d %s, %d pictures in %.1f s;"
          " RSS at picture #%d %s, at %.1f s %s"
          % (i + 1, ms(r[0]), ms(r[1]), ms(r[2]), a.pictures, ms(r[3]), r[4], a.window,
             a.pictures, mb(r[5]), a.window, mb(r[6])))


def med(k, unit=ms):
    v = [r[k] for r in rows if r[k] is not None]
    return unit(statistics.median(v)) if v else "-"


print("median of %d: first byte %s, text %s, first picture %s, picture #%d %s;"
      " RSS at picture #%d %s, at %.1f s %s"
      % (a.runs, med(0), med(1), med(2), a.pictures, med(3), a.pictures, med(5, mb),
         a.window, med(6, mb)))
