#!/usr/bin/env bash
# Videos (issue 16's Figures), one command:
#   Benchmarks/video/run.sh            (WORK=/tmp/lightbox-video-bench RUNS=5 JOBS=2)
# Builds lightbox in release, generates the clips with ffmpeg (testsrc2: a moving pattern
# with fine detail), then runs every tool RUNS times interleaved and prints medians and
# ratios from this one run. Every run is checked: a tool that exits non-zero or writes fewer
# outputs than it was given files stops the benchmark (a failed run is an error, never a
# time). Every tool runs with JOBS processes (lightbox: JOBS threads, each with its decode
# worker process).
#   1. poster frames: 20 x 10 s 1080p30 H.264 phone-like clips -> 256 px PNG, lightbox
#      thumbnails vs ffmpegthumbnailer -s 256; also 4K HEVC clips when libx265 exists.
#   2. indexing 1,000 videos (hard links of four generated clips: MP4 with moov first and
#      last, MOV, 3GP) vs ffprobe -show_format per file.
#   3. indexing 600 Matroska/WebM/AVI videos (200 hard links each of an H.264 MKV, a VP9
#      WebM and an MPEG-4 AVI) vs ffprobe -show_format per file; every catalog row is checked
#      to have its duration.
# STAGES="posters index containers" (the default) picks the parts to run.
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
WORK="${WORK:-/tmp/lightbox-video-bench}"
RUNS="${RUNS:-5}"
JOBS="${JOBS:-2}"
SIDE=256
POSTERS=20
VIDEOS=1000
CONTAINERS=600
STAGES="${STAGES:-posters index containers}"
stage() { [[ " $STAGES " == *" $1 "* ]]; }

"$ROOT/scripts/install-deps" --bench
command -v ffmpeg >/dev/null && command -v ffprobe >/dev/null || { echo "bench: ffmpeg missing" >&2; exit 1; }
command -v ffmpegthumbnailer >/dev/null || { echo "bench: ffmpegthumbnailer missing" >&2; exit 1; }

echo "== build (release)"
(cd "$ROOT" && swift build -c release --product lightbox 2>&1 | grep -E "error|Build" | tail -3)
LIGHTBOX="$ROOT/.build/release/lightbox"

# die, wall, median.
source "$HERE/../timing.sh"
written() {  # FOLDER WANT TOOL
  local got
  got=$(find "$1" -name '*.png' -size +0 | wc -l)
  [ "$got" -eq "$2" ] || die "$3 wrote $got thumbnails for $2 files"
}
files() { find "$1" -maxdepth 1 -type f | wc -l; }
ENCODERS=$(ffmpeg -hide_banner -encoders 2>/dev/null)
has_encoder() { grep -q " $1 " <<<"$ENCODERS"; }

echo "== clips in $WORK"
mkdir -p "$WORK/clips" "$WORK/hd" "$WORK/uhd" "$WORK/many" "$WORK/containers"
make_clip() {  # OUT SIZE SECONDS CODEC ARGS…
  local out=$1 size=$2 seconds=$3 codec=$4
  shift 4
  [ -s "$out" ] && return 0
  ffmpeg -v error -y -f lavfi -i "testsrc2=size=$size:rate=30:duration=$seconds" \
    -pix_fmt yuv420p -c:v "$codec" "$@" "$out" || die "ffmpeg could not make $out"
}
has_encoder libx264 || die "Debian's ffmpeg without libx264"
if stage posters; then
# A phone's 1080p30 H.264: a keyframe a second, moov after mdat (ffmpeg's default, as phones).
make_clip "$WORK/clips/phone1080.mp4" 1920x1080 10 libx264 -preset veryfast -g 30 -b:v 12M
for i in $(seq -w 1 $POSTERS); do
  [ -e "$WORK/hd/VID_$i.mp4" ] || ln "$WORK/clips/phone1080.mp4" "$WORK/hd/VID_$i.mp4"
done
if has_encoder libx265; then
  make_clip "$WORK/clips/phone4k.mp4" 3840x2160 3 libx265 -preset ultrafast -x265-params \
    keyint=30:log-level=error -tag:v hvc1
  for i in $(seq -w 1 10); do
    [ -e "$WORK/uhd/VID_$i.mp4" ] || ln "$WORK/clips/phone4k.mp4" "$WORK/uhd/VID_$i.mp4"
  done
fi
fi
if stage index; then
# The index folder: four containers, 250 hard links each.
make_clip "$WORK/clips/small.mp4" 640x360 5 libx264 -preset veryfast -g 30
make_clip "$WORK/clips/faststart.mp4" 640x360 5 libx264 -preset veryfast -g 30 -movflags +faststart
make_clip "$WORK/clips/camera.mov" 640x360 5 libx264 -preset veryfast -g 30
make_clip "$WORK/clips/old.3gp" 176x144 5 mpeg4 -g 15
n=0
while [ $n -lt $VIDEOS ]; do
  for clip in small.mp4 faststart.mp4 camera.mov old.3gp; do
    name="$WORK/many/clip_$(printf %04d $n).${clip##*.}"
    [ -e "$name" ] || ln "$WORK/clips/$clip" "$name"
    n=$((n + 1))
  done
done
fi
if stage containers; then
# The container folder: Matroska, WebM and AVI, 200 hard links each.
make_clip "$WORK/clips/camera.mkv" 640x360 5 libx264 -preset veryfast -g 30 \
  -metadata creation_time=2024-05-06T07:08:09Z
if has_encoder libvpx-vp9; then
  make_clip "$WORK/clips/screen.webm" 640x360 5 libvpx-vp9 -deadline realtime -cpu-used 8 -g 30
else
  make_clip "$WORK/clips/screen.webm" 640x360 5 libvpx -deadline realtime -cpu-used 8 -g 30
fi
make_clip "$WORK/clips/camcorder.avi" 640x360 5 mpeg4 -g 15 -metadata date=2006-10-26
n=0
while [ $n -lt $CONTAINERS ]; do
  for clip in camera.mkv screen.webm camcorder.avi; do
    name="$WORK/containers/clip_$(printf %04d $n).${clip##*.}"
    [ -e "$name" ] || ln "$WORK/clips/$clip" "$name"
    n=$((n + 1))
  done
done
fi
for clip in "$WORK"/clips/*; do
  echo "   $(basename "$clip"): $(ffprobe -v error -select_streams v:0 -show_entries \
    stream=codec_name,width,height:format=duration,size -of csv=p=0 "$clip" | tr '\n' ' ')"
done

ours() {  # DIR
  rm -rf "$WORK/cache"
  wall "$LIGHTBOX" thumbnails "$1" --size $SIDE --jobs "$JOBS" --cache "$WORK/cache"
  written "$WORK/cache/large" "$(files "$1")" lightbox >&2
}
fft() {  # DIR
  rm -rf "$WORK/fft" && mkdir -p "$WORK/fft"
  wall sh -c 'find "$1" -maxdepth 1 -type f | xargs -P"$2" -I{} sh -c '"'"'ffmpegthumbnailer -s "$1" -i "$2" -o "$3/$(basename "$2").png" -c png'"'"' sh "$3" {} "$4"' \
    sh "$1" "$JOBS" $SIDE "$WORK/fft"
  written "$WORK/fft" "$(files "$1")" ffmpegthumbnailer >&2
}

sync
if stage posters; then
echo "== poster frames: $POSTERS x 10 s 1080p30 H.264 -> $SIDE px PNG, $JOBS jobs, $RUNS runs (median s)"
O=(); F=()
ours "$WORK/hd" >/dev/null
for r in $(seq "$RUNS"); do O+=("$(ours "$WORK/hd")"); F+=("$(fft "$WORK/hd")"); done
mo=$(median "${O[@]}"); mf=$(median "${F[@]}")
identify -format "   lightbox poster: %wx%h  " "$WORK"/cache/large/*.png 2>/dev/null | head -c 60; echo
identify -format "   ffmpegthumbnailer: %wx%h  " "$WORK/fft/VID_01.mp4.png"; echo
echo "   lightbox thumbnails      : $mo   (runs: ${O[*]})  = $(echo "scale=1; $mo * 1000 * $JOBS / $POSTERS" | bc) ms per clip per process"
echo "   ffmpegthumbnailer -P$JOBS    : $mf   (runs: ${F[*]})  lightbox is $(echo "scale=2; $mf / $mo" | bc) x faster"

if [ -d "$WORK/uhd" ] && [ "$(files "$WORK/uhd")" -gt 0 ]; then
  echo "== poster frames: 10 x 3 s 4K30 HEVC -> $SIDE px PNG, $JOBS jobs (median s)"
  O=(); F=()
  for r in $(seq "$RUNS"); do O+=("$(ours "$WORK/uhd")"); F+=("$(fft "$WORK/uhd")"); done
  mo=$(median "${O[@]}"); mf=$(median "${F[@]}")
  echo "   lightbox thumbnails      : $mo   (runs: ${O[*]})"
  echo "   ffmpegthumbnailer -P$JOBS    : $mf   (runs: ${F[*]})  lightbox is $(echo "scale=2; $mf / $mo" | bc) x faster"
fi
fi

index() {  # DIR COUNT  # a fresh catalog each run: every file is read
  rm -rf "$WORK/home" && mkdir -p "$WORK/home"
  local out="$WORK/index.out" a b
  a=$(date +%s%N)
  HOME="$WORK/home" XDG_DATA_HOME="$WORK/home/data" \
    "$LIGHTBOX" index "$1" --catalog "$WORK/home/catalog.sqlite" --json >"$out" 2>&1 \
    || die "lightbox index failed: $(tail -3 "$out")"
  b=$(date +%s%N)
  grep -q "\"new\":$2," "$out" \
    || die "lightbox index did not catalog $2 videos: $(tail -1 "$out")"
  echo "scale=4; ($b - $a) / 1000000000" | bc
}
probe() {  # DIR COUNT
  local out="$WORK/probe.out" a b
  a=$(date +%s%N)
  find "$1" -maxdepth 1 -type f | xargs -P"$JOBS" -n1 ffprobe -v error -show_format \
    >"$out" 2>&1 || die "ffprobe failed: $(tail -3 "$out")"
  b=$(date +%s%N)
  [ "$(grep -c '^\[/FORMAT\]' "$out")" -eq "$2" ] || die "ffprobe reported $(grep -c '^\[/FORMAT\]' "$out") of $2 files"
  echo "scale=4; ($b - $a) / 1000000000" | bc
}
if stage index; then
echo "== index $VIDEOS videos (4 containers, hard links), cold catalog, $JOBS jobs (median s)"
I=(); P=()
for r in $(seq "$RUNS"); do I+=("$(index "$WORK/many" $VIDEOS)"); P+=("$(probe "$WORK/many" $VIDEOS)"); done
mi=$(median "${I[@]}"); mp=$(median "${P[@]}")
echo "   lightbox index           : $mi   (runs: ${I[*]})"
echo "   ffprobe -show_format -P$JOBS : $mp   (runs: ${P[*]})  lightbox is $(echo "scale=1; $mp / $mi" | bc) x faster"
tail -1 "$WORK/index.out" | cut -c1-200
fi

if stage containers; then
echo "== index $CONTAINERS Matroska/WebM/AVI videos (hard links), cold catalog, $JOBS jobs (median s)"
I=(); P=()
for r in $(seq "$RUNS"); do
  I+=("$(index "$WORK/containers" $CONTAINERS)"); P+=("$(probe "$WORK/containers" $CONTAINERS)")
done
# Every row read its header: a duration for each, and the three lengths ffprobe gives.
python3 - "$WORK/home/catalog.sqlite" "$CONTAINERS" <<'PY' || die "container durations missing"
import sqlite3, sys
rows = sqlite3.connect(sys.argv[1]).execute("SELECT duration FROM assets").fetchall()
with_length = [r[0] for r in rows if r[0] and r[0] > 0]
print("   catalog rows with a duration: %d of %d; lengths %s" % (
    len(with_length), len(rows), sorted({round(d, 3) for d in with_length})))
sys.exit(0 if len(with_length) == len(rows) == int(sys.argv[2]) else 1)
PY
mi=$(median "${I[@]}"); mp=$(median "${P[@]}")
echo "   lightbox index           : $mi   (runs: ${I[*]})"
echo "   ffprobe -show_format -P$JOBS : $mp   (runs: ${P[*]})  lightbox is $(echo "scale=1; $mp / $mi" | bc) x faster"
tail -1 "$WORK/index.out" | cut -c1-200
fi
