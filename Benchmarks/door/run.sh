#!/usr/bin/env bash
# The door to the decode worker (issue 32): what one risky file costs a command that starts
# for it, against the format's own tool, one file per process:
#   Benchmarks/door/run.sh              (WORK=/tmp/lightbox-door-bench RUNS=7)
# For every HEIF file of the shared corpus (phones, cameras, libheif's samples): `lightbox
# thumbnails --size 256 FILE` into an empty cache (so the thumbnail is made: the worker is
# started, loads libheif, decodes) against `heif-thumbnailer -s 256 FILE OUT.png`, and a
# 12 MP JPEG through `lightbox thumbnails` (decoded in process) for scale. Runs interleaved;
# medians per file; every run checked (exit status 0 and one PNG written, else the benchmark
# stops). Prints each file's medians and ratio, and the median of the ratios.
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
CORPUS="${LIGHTBOX_CORPUS:-$ROOT/../shared/corpus}"
WORK="${WORK:-/tmp/lightbox-door-bench}"
RUNS="${RUNS:-7}"
source "$HERE/../timing.sh"
[ -d "$CORPUS/heif" ] || die "no corpus at $CORPUS"
command -v heif-thumbnailer >/dev/null || apt-get install -y --no-install-recommends heif-thumbnailer
command -v bc >/dev/null || apt-get install -y --no-install-recommends bc

# The binary as scripts/install ships it: release, the Swift runtime linked in (a process
# start costs 14 ms with the runtime's shared libraries, and a worker is a second start).
echo "== build (release, static Swift runtime, as scripts/install builds it)"
# The worker is its own small executable beside it (lightbox-decode-worker), as installed.
for product in lightbox lightbox-decode-worker; do
  (cd "$ROOT" && swift build -c release --product "$product" --static-swift-stdlib \
    --scratch-path .build-install 2>&1 | grep -E "error|Compiling|Build" | tail -2)
done
LIGHTBOX="$ROOT/.build-install/release/lightbox"
mkdir -p "$WORK"
export HOME="$WORK/home" XDG_CONFIG_HOME="$WORK/home/config" XDG_STATE_HOME="$WORK/home/state"

ours() {  # FILE: seconds; one PNG in a fresh cache
  rm -rf "$WORK/cache"
  local t
  t=$(wall "$LIGHTBOX" thumbnails --size 256 --cache "$WORK/cache" "$1")
  [ "$(find "$WORK/cache/large" -name '*.png' | wc -l)" -eq 1 ] || die "lightbox made no thumbnail of $1"
  echo "$t"
}
theirs() {  # FILE: seconds; OUT.png written
  rm -f "$WORK/out.png"
  local t
  t=$(wall heif-thumbnailer -s 256 "$1" "$WORK/out.png")
  [ -s "$WORK/out.png" ] || die "heif-thumbnailer wrote nothing for $1"
  echo "$t"
}
ms() { echo "scale=1; $1 * 1000 / 1" | bc; }

echo "== one HEIF file per process -> 256 px PNG (median of $RUNS, ms)"
printf '   %-36s %10s %18s %8s\n' file lightbox heif-thumbnailer ratio
ratios=()
for file in "$CORPUS"/heif/*; do
  [ -f "$file" ] || continue
  # heif-thumbnailer refuses what libheif cannot open; such a file is not a fair pair.
  heif-thumbnailer -s 256 "$file" "$WORK/probe.png" >/dev/null 2>&1 || continue
  ours "$file" >/dev/null
  O=(); H=()
  for _ in $(seq "$RUNS"); do O+=("$(ours "$file")"); H+=("$(theirs "$file")"); done
  mo=$(median "${O[@]}"); mh=$(median "${H[@]}")
  ratio=$(echo "scale=2; $mo / $mh" | bc)
  ratios+=("$ratio")
  printf '   %-36s %10s %18s %7sx\n' "$(basename "$file")" "$(ms "$mo")" "$(ms "$mh")" "$ratio"
done
echo "   median of the ratios (lightbox / heif-thumbnailer): $(median "${ratios[@]}")x over ${#ratios[@]} files"

echo "== one 12 MP JPEG per process, for scale (median of $RUNS, ms)"
jpeg="$WORK/base.jpg"
[ -s "$jpeg" ] || convert "$CORPUS/large/Kleiber_by_Lukas_Baubkus.jpg" -resize '4000x3000^' \
  -gravity center -extent 4000x3000 -quality 90 "$jpeg"
ours "$jpeg" >/dev/null
J=()
for _ in $(seq "$RUNS"); do J+=("$(ours "$jpeg")"); done
echo "   lightbox thumbnails, JPEG: $(ms "$(median "${J[@]}")")"
