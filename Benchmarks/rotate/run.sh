#!/usr/bin/env bash
# Lossless rotate (issue 18's Figures), one command:
#   Benchmarks/rotate/run.sh           (WORK=/tmp/lightbox-rotate-bench RUNS=5 JOBS=2 COUNT=200)
# Builds lightbox in release, makes COUNT 12 MP JPEGs (4032x3024, 4:2:0, EXIF from a corpus
# camera file) reproducibly, then RUNS times, interleaved:
#   lightbox rotate --write --jobs JOBS   on a fresh copy of the folder (in place, fsync'd)
#   jpegtran -copy all -rotate 90 -perfect   in a shell loop, JOBS loops at once (xargs -P)
# and prints medians and their ratio from this one run. Every run is checked: a tool that
# exits non-zero stops the benchmark, both must write COUNT files, and every lightbox output
# must equal jpegtran's byte for byte. `-copy all` because lightbox keeps every metadata
# segment (docs/DECISIONS.md); jpegtran's default `-copy comments` would drop the EXIF.
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
CORPUS="${LIGHTBOX_CORPUS:-$ROOT/../shared/corpus}"
WORK="${WORK:-/tmp/lightbox-rotate-bench}"
RUNS="${RUNS:-5}"
JOBS="${JOBS:-2}"
COUNT="${COUNT:-200}"

"$ROOT/scripts/install-deps" --bench
# die, wall, median.
source "$HERE/../timing.sh"
command -v jpegtran >/dev/null || die "jpegtran missing (libjpeg-turbo-progs)"

echo "== build (release)"
(cd "$ROOT" && swift build -c release --product lightbox 2>&1 | grep -E "error|Build" | tail -3)
LIGHTBOX="$ROOT/.build/release/lightbox"

echo "== $COUNT 12 MP JPEGs in $WORK/in"
mkdir -p "$WORK/in"
# Eight different pictures (the corpus photo cropped at eight places, or seeded plasma without
# the corpus), each at quality 85…92, with a camera's EXIF block: same input every time.
for k in 0 1 2 3 4 5 6 7; do
  base="$WORK/base-$k.jpg"
  [ -s "$base" ] && continue
  if [ -d "$CORPUS" ]; then
    convert "$CORPUS/large/Kleiber_by_Lukas_Baubkus.jpg" -strip -resize '4300x3300^' \
      -crop "4032x3024+$((k * 30))+$((k * 30))" +repage -sampling-factor 2x2 \
      -quality $((85 + k)) "$base.tmp.jpg"
    exiftool -q -overwrite_original -TagsFromFile "$CORPUS/jpeg-exif/Canon_40D.jpg" -exif:all \
      -Orientation#=1 "$base.tmp.jpg"
  else
    convert -seed "$k" -size 4032x3024 plasma:fractal -sampling-factor 2x2 \
      -quality $((85 + k)) "$base.tmp.jpg"
  fi
  mv "$base.tmp.jpg" "$base"
done
for i in $(seq 1 "$COUNT"); do
  f="$WORK/in/IMG_$(printf '%04d' "$i").jpg"
  [ -s "$f" ] || cp "$WORK/base-$((i % 8)).jpg" "$f"
done
identify -format "   %wx%h %[jpeg:sampling-factor] %b\n" "$WORK/base-0.jpg" 2>/dev/null || true
files() { find "$1" -maxdepth 1 -name '*.jpg' | wc -l; }
[ "$(files "$WORK/in")" -eq "$COUNT" ] || die "expected $COUNT inputs in $WORK/in"

ours() {
  rm -rf "$WORK/ours" && cp -r "$WORK/in" "$WORK/ours" && sync
  wall sh -c '"$1" rotate --write --clockwise --jobs "$2" "$3"/*.jpg' sh "$LIGHTBOX" "$JOBS" \
    "$WORK/ours"
}
peer() {
  rm -rf "$WORK/peer" && mkdir -p "$WORK/peer" && sync
  # COUNT/JOBS files per shell loop, JOBS loops at once.
  wall sh -c 'find "$1" -maxdepth 1 -name "*.jpg" | sort | xargs -P"$2" -n"$3" sh -c '"'"'
      out="$1"; shift
      for f; do jpegtran -copy all -rotate 90 -perfect -outfile "$out/${f##*/}" "$f" || exit 1; done
    '"'"' sh "$4"' sh "$WORK/in" "$JOBS" $(((COUNT + JOBS - 1) / JOBS)) "$WORK/peer"
}
same() {
  [ "$(files "$WORK/ours")" -eq "$COUNT" ] || die "lightbox left $(files "$WORK/ours") files"
  [ "$(files "$WORK/peer")" -eq "$COUNT" ] || die "jpegtran wrote $(files "$WORK/peer") files"
  for f in "$WORK/peer"/*.jpg; do
    cmp -s "$f" "$WORK/ours/${f##*/}" || die "${f##*/}: lightbox's output is not jpegtran's"
  done
}

echo "== $RUNS runs, $JOBS jobs each"
o=() p=()
for r in $(seq 1 "$RUNS"); do
  o+=("$(ours)")
  p+=("$(peer)")
  same
  echo "   run $r: lightbox ${o[-1]} s, jpegtran ${p[-1]} s (outputs identical)"
done
mo=$(median "${o[@]}")
mp=$(median "${p[@]}")
echo "== medians: lightbox rotate --write $mo s, jpegtran loop $mp s;" \
  "jpegtran / lightbox = $(echo "scale=2; $mp / $mo" | bc)x ($COUNT files, $JOBS jobs)"
