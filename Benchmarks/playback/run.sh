#!/usr/bin/env bash
# Playback (issue 16's Figures), one command:
#   Benchmarks/playback/run.sh            (WORK=/tmp/lightbox-playback-bench RUNS=3)
# Makes a 10 s 1080p30 H.264 clip with ffmpeg (testsrc2: a moving pattern with fine detail),
# builds lightbox-bench in release and plays the clip through the app's own player (frames
# from the sandboxed worker, enlarged, encoded, paced at 30 fps, late frames dropped) in real
# time, RUNS times: in half-blocks at 120x40 cells and in sixel at 100x30 cells of 10x20 px.
# The picture's bytes are made as the main thread makes them and written to /dev/null: the
# terminal's own drawing is not in these figures. Each play must reach the clip's end (the
# bench exits non-zero otherwise).
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
WORK="${WORK:-/tmp/lightbox-playback-bench}"
RUNS="${RUNS:-3}"
source "$HERE/../timing.sh"

"$ROOT/scripts/install-deps" --bench
command -v ffmpeg >/dev/null || die "ffmpeg missing"
mkdir -p "$WORK"
CLIP="$WORK/clip-1080p30.mp4"
if [ ! -s "$CLIP" ]; then
  ffmpeg -v error -y -f lavfi -i testsrc2=size=1920x1080:rate=30 -t 10 -c:v libx264 \
    -preset veryfast -pix_fmt yuv420p -g 30 "$CLIP" || die "ffmpeg could not make the clip"
fi
[ -s "$CLIP" ] || die "no clip"

echo "== build (release)"
(cd "$ROOT/Benchmarks" && swift build -c release --product lightbox-bench 2>&1 | grep -E "error|Build" | tail -3)
BENCH="$ROOT/Benchmarks/.build/release/lightbox-bench"
[ -x "$BENCH" ] || die "no lightbox-bench"

"$BENCH" playback --clip "$CLIP" --graphics halfblock --columns 120 --rows 40 --runs "$RUNS" \
  || die "half-block playback failed"
"$BENCH" playback --clip "$CLIP" --graphics sixel --columns 100 --rows 30 --runs "$RUNS" \
  || die "sixel playback failed"
