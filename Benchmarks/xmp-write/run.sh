#!/usr/bin/env bash
# Writing tags into XMP sidecars (issue 37), one command:
#   Benchmarks/xmp-write/run.sh        (WORK=/tmp/lightbox-xmp-write-bench RUNS=5 COUNT=200)
# Builds lightbox in release, copies the corpus's darktable sidecar (9.6 KB, a 14-step edit
# history) to COUNT names, then RUNS times, interleaved, on a fresh copy of the folder:
#   lightbox tag DIR/*.xmp --add Places/Japan/Kyoto --rating 3
#   exiftool -overwrite_original -XMP-dc:Subject+=Kyoto
#     -XMP-lr:HierarchicalSubject+='Places|Japan|Kyoto' -XMP-digiKam:TagsList+=... -XMP-xmp:Rating=3
#     DIR/*.xmp                   (one exiftool process for all the files: its fastest way)
# and prints medians and their ratio from this one run. Every run is checked: both tools exit
# 0, and every file of both reads back (exiftool -j) with the same keywords, hierarchical
# keywords, TagsList and rating, and darktable's history still 14 steps.
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
CORPUS="${LIGHTBOX_CORPUS:-$ROOT/../shared/corpus}"
WORK="${WORK:-/tmp/lightbox-xmp-write-bench}"
RUNS="${RUNS:-5}"
COUNT="${COUNT:-200}"

# die, wall, median.
source "$HERE/../timing.sh"
command -v exiftool >/dev/null || die "exiftool missing (libimage-exiftool-perl)"
[ -d "$CORPUS/xmp" ] || die "no corpus at $CORPUS"

echo "== build (release)"
(cd "$ROOT" && swift build -c release --product lightbox 2>&1 | grep -E "error|Build" | tail -3)
LIGHTBOX="$ROOT/.build/release/lightbox"

echo "== $COUNT copies of the darktable sidecar in $WORK/in"
rm -rf "$WORK/in" && mkdir -p "$WORK/in"
for i in $(seq 1 "$COUNT"); do
  cp "$CORPUS/xmp/darktable-DSC_9034.NEF.xmp" "$WORK/in/DSC_$(printf '%04d' "$i").NEF.xmp"
done
chmod 644 "$WORK/in"/*.xmp
files() { find "$1" -maxdepth 1 -name '*.xmp' | wc -l; }

fresh() { rm -rf "$WORK/$1" && cp -r "$WORK/in" "$WORK/$1" && sync; }
ours() {
  fresh ours
  wall sh -c '"$1" tag "$2"/*.xmp --add Places/Japan/Kyoto --rating 3' sh "$LIGHTBOX" \
    "$WORK/ours"
}
peer() {
  fresh peer
  wall sh -c 'exiftool -q -overwrite_original -XMP-dc:Subject+=Kyoto \
    "-XMP-lr:HierarchicalSubject+=Places|Japan|Kyoto" \
    "-XMP-digiKam:TagsList+=darktable/changed" "-XMP-digiKam:TagsList+=darktable/exported" \
    "-XMP-digiKam:TagsList+=darktable/format/nef" "-XMP-digiKam:TagsList+=Places/Japan/Kyoto" \
    -XMP-xmp:Rating=3 "$1"/*.xmp' sh "$WORK/peer"
}
# The fields both wrote, one JSON object per file, without the file names.
fields() {
  exiftool -q -j -XMP-dc:Subject -XMP-lr:HierarchicalSubject -XMP-digiKam:TagsList -XMP-xmp:Rating \
    "$1"/*.xmp | grep -v SourceFile
}
same() {
  [ "$(files "$WORK/ours")" -eq "$COUNT" ] || die "lightbox left $(files "$WORK/ours") files"
  [ "$(files "$WORK/peer")" -eq "$COUNT" ] || die "exiftool left $(files "$WORK/peer") files"
  local ours
  ours=$(fields "$WORK/ours")
  [ "$ours" = "$(fields "$WORK/peer")" ] || die "the two read back differently"
  [ "$(grep -c '"Places|Japan|Kyoto"' <<<"$ours")" -eq "$COUNT" ] || die "the tag is not there"
  local steps
  steps=$(exiftool -q -struct -j -XMP-darktable:History "$WORK/ours/DSC_0001.NEF.xmp" |
    grep -o '"Operation"' | wc -l)
  [ "$steps" -eq 14 ] || die "darktable's history has $steps steps"
}

echo "== $RUNS runs"
o=() p=()
for r in $(seq 1 "$RUNS"); do
  o+=("$(ours)")
  p+=("$(peer)")
  same
  echo "   run $r: lightbox ${o[-1]} s, exiftool ${p[-1]} s (same fields read back)"
done
mo=$(median "${o[@]}")
mp=$(median "${p[@]}")
echo "== medians: lightbox tag $mo s, exiftool $mp s;" \
  "exiftool / lightbox = $(echo "scale=2; $mp / $mo" | bc)x ($COUNT sidecars)"
