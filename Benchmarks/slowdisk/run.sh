#!/usr/bin/env bash
# A library on a slow disk (issue 19): every read of a photo waits 20 ms first, as on a USB
# disk or a NAS, while the catalog and the thumbnail cache stay on the local disk.
#   Benchmarks/slowdisk/run.sh        (WORK=/tmp/lightbox-slowdisk PHOTOS=100000 RUNS=5
#                                      AS=xterm-sixel, or AS=kitty for kitty's answers)
# The latency is Lightbox's own read seam (LIGHTBOX_TEST_DECODER_HOOKS=1 with
# LIGHTBOX_TEST_SLOW_READS=<library> and LIGHTBOX_TEST_READ_LATENCY_MS=20): no device-mapper
# `delay` target or FUSE here (no root block device to spare, no FUSE in the container).
# 1. The first screen from the cache: a 160x45 xterm-sixel pty (Benchmarks/startup/pty_clock.py),
#    thumbnails for the first screen already cached; time to the 50th picture, with and without
#    the latency (the same when no photo is read); the browser's resident memory at the 50th
#    picture and 25 s after start (idle over its first screen, its re-scan of the library done).
# 2. Key -> frame while thumbnails load: an empty thumbnail cache, the latency on, 150 arrow
#    keys (left, then up: the grid opens on the newest photo, bottom right, where right
#    and down move nothing and draw no frame; sent as xterm sends them in keypad mode, ESC O D,
#    which curses turns on: ESC [ D is not a key there) one every 40 ms from the first text; Lightbox logs each key -> frame
#    (from reading the key to the frame written, pictures and all, and to its text written;
#    keys read together share one frame), at debug level; p50, p99 and the largest over all
#    runs, of both. On sixel a key that follows the one before within 120 ms draws its frame
#    with the pictures held back (PictureHold); the frame that draws them after the keys
#    pause is reported on its own line (its duration, from its start).
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
WORK="${WORK:-/tmp/lightbox-slowdisk}"
PHOTOS="${PHOTOS:-100000}"
RUNS="${RUNS:-5}"
AS="${AS:-xterm-sixel}"
source "$ROOT/Benchmarks/timing.sh"
CLOCK=(python3 "$ROOT/Benchmarks/startup/pty_clock.py")

echo "== build (release)"
(cd "$ROOT" && swift build -c release --product lightbox 2>&1 | grep -E "error|Build" | tail -2)
LIGHTBOX="$ROOT/.build/release/lightbox"
mkdir -p "$WORK"
export HOME="$WORK/home" XDG_DATA_HOME="$WORK/home/data" XDG_STATE_HOME="$WORK/home/state"
export XDG_CONFIG_HOME="$WORK/home/config"
mkdir -p "$HOME"
SEEDS="$WORK/seeds"
[ -f "$SEEDS/.lightbox-demo-options" ] ||
  "$LIGHTBOX" demo --no-browse --count 100 --library "$SEEDS" >/dev/null 2>&1 ||
  die "demo failed"
LIBRARY="$WORK/library-$PHOTOS"
python3 "$ROOT/Benchmarks/scale/make_library.py" "$SEEDS" "$LIBRARY" "$PHOTOS" >/dev/null ||
  die "make_library failed"
CATALOG="$WORK/catalog-$PHOTOS.sqlite"
if [ ! -f "$CATALOG" ]; then
  "$LIGHTBOX" index "$LIBRARY" --catalog "$CATALOG" >/dev/null || die "index failed"
fi
SLOW=(--env LIGHTBOX_TEST_DECODER_HOOKS=1 --env "LIGHTBOX_TEST_SLOW_READS=$LIBRARY"
  --env LIGHTBOX_TEST_READ_LATENCY_MS=20)
COMMON=(--as "$AS" --cols 160 --rows 45 --env "LIGHTBOX_CATALOG=$CATALOG")

echo "== $PHOTOS photos, $AS, load $(cut -d' ' -f1-3 /proc/loadavg)"
WARM="$WORK/cache-warm"
"${CLOCK[@]}" "${COMMON[@]}" --runs 1 --window 8 --env "LIGHTBOX_CACHE=$WARM" \
  -- "$LIGHTBOX" "$LIBRARY" >/dev/null
echo "-- first screen, thumbnails cached, no latency (RSS at the end: idle after 25 s, re-scan done)"
"${CLOCK[@]}" "${COMMON[@]}" --runs "$RUNS" --window 25 --env "LIGHTBOX_CACHE=$WARM" \
  -- "$LIGHTBOX" "$LIBRARY" | tail -1 | sed 's/^/   /'
echo "-- first screen, thumbnails cached, 20 ms per photo read"
"${CLOCK[@]}" "${COMMON[@]}" "${SLOW[@]}" --runs "$RUNS" --env "LIGHTBOX_CACHE=$WARM" \
  -- "$LIGHTBOX" "$LIBRARY" | tail -1 | sed 's/^/   /'

echo "-- first screen, thumbnails cached, every photo read stalled 4 s (no photo is read)"
"${CLOCK[@]}" "${COMMON[@]}" --runs "$RUNS" --env "LIGHTBOX_CACHE=$WARM" \
  --env LIGHTBOX_TEST_DECODER_HOOKS=1 --env "LIGHTBOX_TEST_STALL_READS=$LIBRARY" \
  -- "$LIGHTBOX" "$LIBRARY" | tail -1 | sed 's/^/   /'

echo "-- key -> frame while thumbnails load (empty cache, 20 ms per photo read)"
LOG="$XDG_STATE_HOME/lightbox/lightbox.log"
all=()
all_text=()
all_settle=()
for r in $(seq "$RUNS"); do
  rm -rf "$WORK/cache-cold" "$LOG"
  for key in '\x1bOD' '\x1bOA'; do
    "${CLOCK[@]}" "${COMMON[@]}" "${SLOW[@]}" --runs 1 --window 5 --keys 75 --key "$key" \
      --key-every 40 --env "LIGHTBOX_CACHE=$WORK/cache-cold" --env LIGHTBOX_LOG=debug \
      -- "$LIGHTBOX" "$LIBRARY" >/dev/null
  done
  mapfile -t us < <(grep -o 'key → frame [0-9]* µs' "$LOG" | awk '{print $4}')
  mapfile -t text_us < <(grep -o '(text [0-9]* µs' "$LOG" | tr -d '(' | awk '{print $2}')
  mapfile -t settle_us < <(grep -o 'pictures after the keys paused: frame [0-9]* µs' "$LOG" |
    awk '{print $7}')
  held=$(grep -c 'pictures held: keys repeating' "$LOG" || true)
  [ "${#text_us[@]}" -eq "${#us[@]}" ] || die "a frame line without its text time (run $r)"
  # Keys read together make one frame (one line); every key moves the selection, so a run
  # must show frames for at least a third of its keys.
  [ "${#us[@]}" -ge 50 ] || die "only ${#us[@]} key -> frame lines in the log (run $r)"
  made=$(find "$WORK/cache-cold" -name '*.png' | wc -l)
  [ "$made" -gt 0 ] || die "no thumbnail was made: nothing loaded meanwhile (run $r)"
  echo "   run $r: 150 keys, ${#us[@]} frames after keys ($held with pictures held while keys" \
    "repeated), ${#settle_us[@]} frames of held pictures after a pause, $made thumbnails made"
  all+=("${us[@]}")
  all_text+=("${text_us[@]}")
  all_settle+=("${settle_us[@]}")
done
percentiles() {
  sort -n | awk -v what="$1" '
    { v[NR] = $1 }
    END {
      p50 = v[int((NR - 1) * 0.50) + 1]; p99 = v[int((NR - 1) * 0.99) + 1]
      printf "   %s, %d frames: p50 %.2f ms, p99 %.2f ms, largest %.2f ms\n", what, NR, p50 / 1000,
        p99 / 1000, v[NR] / 1000
    }'
}
printf '%s\n' "${all[@]}" | percentiles "key -> its frame written (pictures and all, unless held)"
printf '%s\n' "${all_text[@]}" | percentiles "key -> the frame's text written (pictures follow)"
if [ "${#all_settle[@]}" -gt 0 ]; then
  printf '%s\n' "${all_settle[@]}" | percentiles "frame drawing the pictures held, once keys paused"
fi
