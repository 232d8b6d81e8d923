#!/usr/bin/env bash
# Added still formats (issue 15's Figures), one command:
#   Benchmarks/formats/run.sh            (WORK=/tmp/lightbox-formats-bench RUNS=5 JOBS=2)
# Builds lightbox in release, makes the test folders from the shared corpus, runs every tool
# RUNS times interleaved and prints medians and ratios from this one run. Every run is
# checked: a tool that exits non-zero or writes fewer thumbnails than it was given files
# stops the benchmark (a failed run is an error, never a time). Every tool runs with JOBS
# processes and writes PNG thumbnails of the same size.
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
CORPUS="${LIGHTBOX_CORPUS:-$ROOT/../shared/corpus}"
WORK="${WORK:-/tmp/lightbox-formats-bench}"
RUNS="${RUNS:-5}"
JOBS="${JOBS:-2}"
SIDE=256

"$ROOT/scripts/install-deps" --bench
command -v heif-thumbnailer >/dev/null || apt-get install -y --no-install-recommends heif-thumbnailer
command -v exiftool >/dev/null || { echo "bench: exiftool missing" >&2; exit 1; }

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

echo "== test folders in $WORK"
mkdir -p "$WORK/heic" "$WORK/webp" "$WORK/raw" "$WORK/tagged" "$WORK/untagged"
# 12 MP iPhone HEIC (3024x4032, Display P3, grid of 512x512 tiles, thumbnail item).
for i in $(seq -w 0 99); do
  [ -s "$WORK/heic/IMG_$i.heic" ] || cp "$CORPUS/heif/arrow.heic" "$WORK/heic/IMG_$i.heic"
done
# 12 MP lossy WebP made from a 20 MP corpus photo.
[ -s "$WORK/base.webp" ] || vips thumbnail "$CORPUS/large/Kleiber_by_Lukas_Baubkus.jpg" \
  "$WORK/base.webp[Q=85]" 4000 --height 3000 --size force
for i in $(seq -w 0 39); do
  [ -s "$WORK/webp/photo_$i.webp" ] || cp "$WORK/base.webp" "$WORK/webp/photo_$i.webp"
done
# Canon CR3 with a 1620x1080 preview (the corpus's pruned R6 file).
for i in $(seq -w 0 99); do
  [ -s "$WORK/raw/IMG_$i.CR3" ] || cp "$CORPUS/raw/Canon_EOS_R6_pruned.CR3" "$WORK/raw/IMG_$i.CR3"
done
# 12 MP JPEGs, the same pixels with and without a Display P3 profile.
[ -s "$WORK/p3.icc" ] || exiftool -icc_profile -b "$CORPUS/heif/IMG_5195.HEIC" >"$WORK/p3.icc"
[ -s "$WORK/base.jpg" ] || convert "$CORPUS/large/Kleiber_by_Lukas_Baubkus.jpg" -strip \
  -resize '4000x3000^' -gravity center -extent 4000x3000 -quality 90 "$WORK/base.jpg"
[ -s "$WORK/base-p3.jpg" ] || { cp "$WORK/base.jpg" "$WORK/base-p3.jpg" &&
  exiftool -q -overwrite_original "-icc_profile<=$WORK/p3.icc" "$WORK/base-p3.jpg"; }
for i in $(seq -w 0 99); do
  [ -s "$WORK/untagged/photo_$i.jpg" ] || cp "$WORK/base.jpg" "$WORK/untagged/photo_$i.jpg"
  [ -s "$WORK/tagged/photo_$i.jpg" ] || cp "$WORK/base-p3.jpg" "$WORK/tagged/photo_$i.jpg"
done
identify -format "   heic: %wx%h %b\n" "$WORK/heic/IMG_00.heic" 2>/dev/null || true
identify -format "   webp: %wx%h %b\n" "$WORK/webp/photo_00.webp" 2>/dev/null || true
exiftool -q -p '   tagged jpeg: $ImageWidth x $ImageHeight, profile $ProfileDescription' "$WORK/tagged/photo_00.jpg"

ours() {  # DIR
  rm -rf "$WORK/cache"
  wall "$LIGHTBOX" thumbnails "$1" --size $SIDE --jobs "$JOBS" --cache "$WORK/cache"
  written "$WORK/cache/large" "$(files "$1")" lightbox >&2
}
vips() {  # DIR
  rm -rf "$WORK/vips" && mkdir -p "$WORK/vips"
  wall sh -c 'find "$1" -maxdepth 1 -type f | xargs -P"$2" -n25 vipsthumbnail -s "$3" -o "$4/%s.png"' \
    sh "$1" "$JOBS" $SIDE "$WORK/vips"
  written "$WORK/vips" "$(files "$1")" vipsthumbnail >&2
}
heifthumb() {  # DIR
  rm -rf "$WORK/ht" && mkdir -p "$WORK/ht"
  wall sh -c 'find "$1" -maxdepth 1 -type f | xargs -P"$2" -I{} sh -c '"'"'heif-thumbnailer -s "$1" "$2" "$3/$(basename "$2").png"'"'"' sh "$3" {} "$4"' \
    sh "$1" "$JOBS" $SIDE "$WORK/ht"
  written "$WORK/ht" "$(files "$1")" heif-thumbnailer >&2
}
exifconvert() {  # DIR: exiftool -b -PreviewImage | convert -thumbnail, one pipeline per file
  rm -rf "$WORK/ec" && mkdir -p "$WORK/ec"
  wall sh -c 'find "$1" -maxdepth 1 -type f | xargs -P"$2" -I{} sh -c '"'"'exiftool -b -PreviewImage "$2" | convert - -thumbnail "$1x$1" "$3/$(basename "$2").png"'"'"' sh "$3" {} "$4"' \
    sh "$1" "$JOBS" $SIDE "$WORK/ec"
  written "$WORK/ec" "$(files "$1")" "exiftool|convert" >&2
}

sync
echo "== HEIC: 100 x 12 MP iPhone HEIC -> $SIDE px PNG, $JOBS jobs, $RUNS runs (median s)"
O=(); V=(); H=()
ours "$WORK/heic" >/dev/null
for r in $(seq "$RUNS"); do
  O+=("$(ours "$WORK/heic")"); V+=("$(vips "$WORK/heic")"); H+=("$(heifthumb "$WORK/heic")")
done
mo=$(median "${O[@]}"); mv=$(median "${V[@]}"); mh=$(median "${H[@]}")
echo "   lightbox thumbnails : $mo   (runs: ${O[*]})"
echo "   vipsthumbnail -P$JOBS   : $mv   (runs: ${V[*]})  lightbox is $(echo "scale=2; $mv / $mo" | bc) x faster"
echo "   heif-thumbnailer -P$JOBS: $mh   (runs: ${H[*]})  lightbox is $(echo "scale=2; $mh / $mo" | bc) x faster"

echo "== WebP: 40 x 12 MP lossy WebP -> $SIDE px PNG, $JOBS jobs (median s)"
O=(); V=()
for r in $(seq "$RUNS"); do O+=("$(ours "$WORK/webp")"); V+=("$(vips "$WORK/webp")"); done
mo=$(median "${O[@]}"); mv=$(median "${V[@]}")
echo "   lightbox thumbnails : $mo   (runs: ${O[*]})"
echo "   vipsthumbnail -P$JOBS   : $mv   (runs: ${V[*]})  lightbox is $(echo "scale=2; $mv / $mo" | bc) x faster"

echo "== RAW: 100 x CR3 (1620x1080 preview) -> $SIDE px PNG, $JOBS jobs (median s)"
O=(); E=()
for r in $(seq "$RUNS"); do O+=("$(ours "$WORK/raw")"); E+=("$(exifconvert "$WORK/raw")"); done
mo=$(median "${O[@]}"); me=$(median "${E[@]}")
echo "   lightbox thumbnails : $mo   (runs: ${O[*]})  = $(echo "scale=2; $mo * 1000 * $JOBS / 100" | bc) ms per file per process"
echo "   exiftool|convert -P$JOBS: $me   (runs: ${E[*]})  lightbox is $(echo "scale=2; $me / $mo" | bc) x faster"

echo "== RAW: 100 x RAF (LibRaw reads it) -> preview, $JOBS jobs (median s)"
mkdir -p "$WORK/raf"
for i in $(seq -w 0 99); do
  [ -s "$WORK/raf/DSCF$i.RAF" ] || cp "$CORPUS/raw/FujiFilm_S5Pro.raf" "$WORK/raf/DSCF$i.RAF"
done
# simple_dcraw -e (LibRaw's dcraw_emu -e) only extracts the preview next to the file: less work
# than a thumbnail, so this ratio flatters the peer. It cannot read the CR3 above at all.
dcrawe() {  # DIR
  rm -rf "$WORK/dc" && cp -r "$1" "$WORK/dc"
  wall sh -c 'find "$1" -maxdepth 1 -type f | xargs -P"$2" -n25 simple_dcraw -e' sh "$WORK/dc" "$JOBS"
  local got
  got=$(find "$WORK/dc" -name '*.thumb.jpg' -size +0 | wc -l)
  [ "$got" -eq "$(files "$1")" ] || die "simple_dcraw -e wrote $got previews for $(files "$1") files"
}
O=(); D=()
for r in $(seq "$RUNS"); do O+=("$(ours "$WORK/raf")"); D+=("$(dcrawe "$WORK/raf")"); done
mo=$(median "${O[@]}"); md=$(median "${D[@]}")
echo "   lightbox thumbnails : $mo   (runs: ${O[*]})"
echo "   simple_dcraw -e -P$JOBS : $md   (runs: ${D[*]})  lightbox is $(echo "scale=2; $md / $mo" | bc) x faster"
echo "   simple_dcraw on the CR3: $(simple_dcraw -e "$WORK/raw/IMG_00.CR3" 2>&1 | head -1)"

echo "== colour management: 100 x 12 MP JPEG, Display P3 profile vs none (median s)"
T=(); U=()
for r in $(seq "$RUNS"); do U+=("$(ours "$WORK/untagged")"); T+=("$(ours "$WORK/tagged")"); done
mu=$(median "${U[@]}"); mt=$(median "${T[@]}")
echo "   untagged : $mu   (runs: ${U[*]})"
echo "   P3-tagged: $mt   (runs: ${T[*]})  cost $(echo "scale=1; ($mt - $mu) * 100 / $mu" | bc) %"
