#!/usr/bin/env bash
# Thumbnail pipeline benchmarks (issue 4's Figures), one command:
#   Benchmarks/pipeline/run.sh            (WORK=/tmp/lightbox-pipeline-bench RUNS=5 JOBS=2)
# Builds lightbox and lightbox-bench in release, generates the test JPEGs from the corpus,
# runs every tool RUNS times interleaved and prints medians and ratios from this one run.
# Every run is checked: a tool that exits non-zero or writes fewer thumbnails than it was
# given files stops the benchmark (a failed run is an error, never a time). Peers run with
# the same parallelism as lightbox (JOBS processes); PNG output is compared twice: each
# tool's default, and every tool writing fast PNGs (zlib level 1 for the peers; lightbox's
# own writer is Huffman-only), with the bytes written side by side.
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
CORPUS="${LIGHTBOX_CORPUS:-$ROOT/../shared/corpus}"
WORK="${WORK:-/tmp/lightbox-pipeline-bench}"
RUNS="${RUNS:-5}"
JOBS="${JOBS:-2}"
SIDE=256

# ImageMagick, jpegtran, vipsthumbnail, Pillow, bc and a C compiler, or the script stops here.
"$ROOT/scripts/install-deps" --bench

echo "== build (release)"
(cd "$ROOT" && swift build -c release --product lightbox 2>&1 | grep -E "error|Compiling lightbox|Build" | tail -3)
(cd "$ROOT/Benchmarks" && swift build -c release --product lightbox-bench 2>&1 | grep -E "error|Build" | tail -3)
LIGHTBOX="$ROOT/.build/release/lightbox"
BENCH="$ROOT/Benchmarks/.build/release/lightbox-bench"
mkdir -p "$WORK"
cc -O2 -o "$WORK/floor" "$HERE/floor.c" -lturbojpeg -lpthread

echo "== test images in $WORK"
mkdir -p "$WORK/bases" "$WORK/baseline" "$WORK/progressive"
n=0
for src in "$CORPUS"/large/*.jpg; do
  for flip in none flop; do
    out="$WORK/bases/base_$n.jpg"
    if [ ! -s "$out" ]; then
      extra=(); [ "$flip" = flop ] && extra=(-flop)
      # 12 MP 4:2:0 baseline, as a camera writes it; EXIF kept (thumbnail included).
      convert "$src" -auto-orient "${extra[@]}" -resize '4000x3000^' -gravity center \
        -extent 4000x3000 -sampling-factor 2x2,1x1,1x1 -interlace none -quality 90 "$out"
    fi
    [ -s "$WORK/bases/prog_$n.jpg" ] || jpegtran -progressive -copy all -outfile "$WORK/bases/prog_$n.jpg" "$out"
    n=$((n + 1))
  done
done
bases=("$WORK"/bases/base_*.jpg)
progs=("$WORK"/bases/prog_*.jpg)
for i in $(seq 0 199); do
  f="$WORK/baseline/photo_$(printf %03d "$i").jpg"
  [ -s "$f" ] || cp "${bases[$((i % ${#bases[@]}))]}" "$f"
done
for i in $(seq 0 39); do
  f="$WORK/progressive/photo_$(printf %03d "$i").jpg"
  [ -s "$f" ] || cp "${progs[$((i % ${#progs[@]}))]}" "$f"
done
du -sh "$WORK/baseline" "$WORK/progressive" | sed 's/^/   /'
identify -format "   baseline sample: %wx%h %[interlace] %b\n" "$WORK/baseline/photo_000.jpg"
identify -format "   progressive sample: %wx%h %[interlace] %b\n" "$WORK/progressive/photo_000.jpg"

# die, wall, median.
source "$HERE/../timing.sh"
# Fails unless FOLDER holds exactly WANT .png files (a short run is an error, not a time).
written() {  # FOLDER WANT TOOL
  local got
  got=$(find "$1" -name '*.png' | wc -l)
  [ "$got" -eq "$2" ] || die "$3 wrote $got thumbnails for $2 photos"
}
bytes() { du -sb "$1" | cut -f1; }
count() { ls "$1"/*.jpg | wc -l; }

ours() {  # DIR
  rm -rf "$WORK/cache"
  wall "$LIGHTBOX" thumbnails "$1" --size $SIDE --jobs "$JOBS" --cache "$WORK/cache"
  written "$WORK/cache/large" "$(count "$1")" lightbox >&2
}
vips() {  # DIR LEVEL
  rm -rf "$WORK/vips" && mkdir -p "$WORK/vips"
  wall sh -c 'ls "$1"/*.jpg | xargs -P"$2" -n100 vipsthumbnail -s "$3" -o "$4/%s.png[compression=$5]"' \
    sh "$1" "$JOBS" $SIDE "$WORK/vips" "$2"
  written "$WORK/vips" "$(count "$1")" vipsthumbnail >&2
}
pillow() {  # DIR LEVEL
  rm -rf "$WORK/pil" && mkdir -p "$WORK/pil"
  local out
  out=$(/usr/bin/python3 "$HERE/pillow_thumbs.py" "$WORK/pil" "$JOBS" "$2" "$1"/*.jpg) ||
    die "Pillow failed"
  written "$WORK/pil" "$(count "$1")" Pillow >&2
  echo "$out"
}
# The floor is timed like every other tool here: the whole process, start to exit (its own
# clock, which leaves out its start-up, is ~1 ms shorter; lightbox's start-up is ~13 ms).
# It decodes and scales only, writing nothing: the least any tool can do.
floor() { wall "$WORK/floor" $SIDE "$JOBS" "$1"/*.jpg; }

# The build and the test images leave dirty pages; their writeback would land on whichever
# runs come first (only lightbox writes files, so it would pay more for it than the floor).
sync
echo "== batch: 200 x 12 MP baseline -> $SIDE px thumbnails, $JOBS jobs, $RUNS runs (median s)"
F=(); O=(); V=(); P=(); V1=(); P1=()
ours "$WORK/baseline" >/dev/null  # warm the page cache and the binary
for r in $(seq "$RUNS"); do
  F+=("$(floor "$WORK/baseline")")
  O+=("$(ours "$WORK/baseline")"); ob=$(bytes "$WORK/cache/large")
  V+=("$(vips "$WORK/baseline" 6)"); vb=$(bytes "$WORK/vips")
  P+=("$(pillow "$WORK/baseline" 6)"); pb=$(bytes "$WORK/pil")
  V1+=("$(vips "$WORK/baseline" 1)"); v1b=$(bytes "$WORK/vips")
  P1+=("$(pillow "$WORK/baseline" 1)"); p1b=$(bytes "$WORK/pil")
done
mf=$(median "${F[@]}"); mo=$(median "${O[@]}")
echo "   TurboJPEG 1/8 floor : $mf   (runs: ${F[*]})"
echo "   lightbox thumbnails : $mo   (runs: ${O[*]})  = $(echo "scale=3; $mo / $mf" | bc) x floor"
# Each lightbox run against the floor run just before it: on a VM whose speed drifts from
# minute to minute this pairs runs made under the same conditions.
R=(); for i in "${!F[@]}"; do R+=("$(echo "scale=3; ${O[$i]} / ${F[$i]}" | bc)"); done
echo "   per-run ratios      : ${R[*]}  median $(median "${R[@]}") x floor"
echo "   -- each tool's default PNG (lightbox: Huffman-only; peers: zlib level 6) --"
mv=$(median "${V[@]}")
echo "   vipsthumbnail -P$JOBS   : $mv   (runs: ${V[*]})  lightbox is $(echo "scale=2; $mv / $mo" | bc) x faster"
mp=$(median "${P[@]}")
echo "   Pillow draft, $JOBS proc: $mp   (runs: ${P[*]})  lightbox is $(echo "scale=2; $mp / $mo" | bc) x faster"
echo "   -- every tool writing fast PNGs (peers at zlib level 1) --"
mv1=$(median "${V1[@]}")
echo "   vipsthumbnail -P$JOBS   : $mv1   (runs: ${V1[*]})  lightbox is $(echo "scale=2; $mv1 / $mo" | bc) x faster"
mp1=$(median "${P1[@]}")
echo "   Pillow draft, $JOBS proc: $mp1   (runs: ${P1[*]})  lightbox is $(echo "scale=2; $mp1 / $mo" | bc) x faster"
echo "   bytes written for 200 thumbnails: lightbox $ob, vips level 6 $vb, level 1 $v1b," \
  "Pillow level 6 $pb, level 1 $p1b"

echo "== progressive: 40 x 12 MP progressive -> $SIDE px, $JOBS jobs (median s)"
F=(); O=(); V=()
for r in $(seq "$RUNS"); do
  F+=("$(floor "$WORK/progressive")")
  O+=("$(ours "$WORK/progressive")")
  V+=("$(vips "$WORK/progressive" 6)")
done
mf=$(median "${F[@]}"); mo=$(median "${O[@]}")
echo "   TurboJPEG 1/8, all scans: $mf   (runs: ${F[*]})"
echo "   lightbox (DC scans)     : $mo   (runs: ${O[*]})"
mv=$(median "${V[@]}")
echo "   vipsthumbnail -P2       : $mv   (runs: ${V[*]})  lightbox is $(echo "scale=2; $mv / $mo" | bc) x faster"

echo "== single-file decode medians (ms, one thread, file in memory)"
"$BENCH" thumbnails --side $SIDE --repeats 15 \
  "$WORK/baseline/photo_000.jpg" "$WORK/progressive/photo_000.jpg" \
  "$CORPUS/large/seeding_by_Clements_Engelhardt.jpg" \
  "$CORPUS/jpeg-variants/tower_progressive.jpg" "$CORPUS/large/42_IndexError.jpg" \
  "$CORPUS/large/iphone_hdr_NO.jpg" | column -t | sed 's/^/   /'

echo "== where a thumbnail's time goes (ms, one thread, medians; floor = read + scaled decode)"
"$BENCH" thumbnails --stages --side $SIDE --repeats 15 --cache "$WORK/stages-cache" \
  "$WORK/baseline/photo_000.jpg" "$WORK/baseline/photo_001.jpg" \
  "$CORPUS/large/42_IndexError.jpg" | column -t | sed 's/^/   /'
rm -rf "$WORK/stages-cache"

echo "== peak RSS thumbnailing the 20 MP corpus photo"
BIG="$CORPUS/large/Kleiber_by_Lukas_Baubkus.jpg"
identify -format "   %f: %wx%h, %b\n" "$BIG"
"$BENCH" thumbnails --rss "$BIG" --cache "$WORK/rss-cache-$$" | sed 's/^/   in-process (VmHWM - VmRSS before): /'
mkdir -p "$WORK/empty"
rm -rf "$WORK/rss1" "$WORK/rss2"
base=$(/usr/bin/time -f %M "$LIGHTBOX" thumbnails "$WORK/empty" --cache "$WORK/rss1" 2>&1 >/dev/null | tail -1)
peak=$(/usr/bin/time -f %M "$LIGHTBOX" thumbnails "$BIG" --cache "$WORK/rss2" 2>&1 >/dev/null | tail -1)
echo "   /usr/bin/time max RSS: empty run $base kB, 20 MP photo $peak kB, over base $((peak - base)) kB"
rm -rf "$WORK/rss-cache-$$"
