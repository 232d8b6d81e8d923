#!/usr/bin/env bash
# Added still formats (issue 15's Figures), one command:
#   Benchmarks/formats/run.sh            (WORK=/tmp/lightbox-formats-bench RUNS=5 JOBS=2)
#   ONLY="webp dng" Benchmarks/formats/run.sh   only those parts (heic webp cr3 dng raf colour)
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
ONLY="${ONLY:-heic webp cr3 dng raf colour}"
want() { case " $ONLY " in *" $1 "*) return 0 ;; *) return 1 ;; esac; }

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
  sync  # the peers' outputs written back before, not during, this run
  wall "$LIGHTBOX" thumbnails "$1" --size $SIDE --jobs "$JOBS" --cache "$WORK/cache"
  written "$WORK/cache/large" "$(files "$1")" lightbox >&2
}
vips() {  # DIR
  rm -rf "$WORK/vips" && mkdir -p "$WORK/vips" && sync
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

# LibRaw 0.20's `-e` (dcraw's "extract the embedded preview") is in simple_dcraw; its
# dcraw_emu has no -e. It writes the preview's bytes next to the file (FILE.thumb.jpg): less
# work than a thumbnail (nothing decoded, scaled or encoded), so its ratios flatter the peer.
dcrawe() {  # DIR N: simple_dcraw -e with N files per process (1: one process per file)
  # Hard links: simple_dcraw only adds files, and a copy's write-back would load the disk.
  rm -rf "$WORK/dc" && cp -al "$1" "$WORK/dc" && sync
  wall sh -c 'find "$1" -maxdepth 1 -type f | xargs -P"$2" -n"$3" simple_dcraw -e' \
    sh "$WORK/dc" "$JOBS" "$2"
  local got
  got=$(find "$WORK/dc" -name '*.thumb.jpg' -size +0 | wc -l)
  [ "$got" -eq "$(files "$1")" ] || die "simple_dcraw -e wrote $got previews for $(files "$1") files"
}

sync
if want heic; then
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
fi

if want webp; then
echo "== WebP: 40 x 12 MP lossy WebP -> $SIDE px PNG, $JOBS jobs (median s)"
O=(); V=()
ours "$WORK/webp" >/dev/null
for r in $(seq "$RUNS"); do O+=("$(ours "$WORK/webp")"); V+=("$(vips "$WORK/webp")"); done
mo=$(median "${O[@]}"); mv=$(median "${V[@]}")
echo "   lightbox thumbnails : $mo   (runs: ${O[*]})"
echo "   vipsthumbnail -P$JOBS   : $mv   (runs: ${V[*]})  lightbox is $(echo "scale=2; $mv / $mo" | bc) x faster"
fi

if want cr3; then
echo "== RAW: 100 x CR3 (1620x1080 preview) -> $SIDE px PNG, $JOBS jobs (median s)"
O=(); E=()
for r in $(seq "$RUNS"); do O+=("$(ours "$WORK/raw")"); E+=("$(exifconvert "$WORK/raw")"); done
mo=$(median "${O[@]}"); me=$(median "${E[@]}")
echo "   lightbox thumbnails : $mo   (runs: ${O[*]})  = $(echo "scale=2; $mo * 1000 * $JOBS / 100" | bc) ms per file per process"
echo "   exiftool|convert -P$JOBS: $me   (runs: ${E[*]})  lightbox is $(echo "scale=2; $me / $mo" | bc) x faster"
fi

if want dng; then
# Real cameras' previews are 1-6 MP JPEGs (Sony ARW 1616x1080, Fujifilm RAF 1920x1280,
# Canon/Nikon full size); the corpus RAF's is 160x120 and LibRaw 0.20 cannot open the CR3.
# make_dng.py writes DNGs LibRaw opens (real 16-bit CFA data, 640x426) with a preview of
# each size below, cut from the same corpus photo.
for size in 1616x1080 2880x1920; do
  dir="$WORK/dng-$size"
  mkdir -p "$dir"
  [ -s "$WORK/preview-$size.jpg" ] || convert "$CORPUS/large/Kleiber_by_Lukas_Baubkus.jpg" -strip \
    -resize "$size^" -gravity center -extent "$size" -quality 92 -sampling-factor 2x1 \
    "$WORK/preview-$size.jpg"
  [ -s "$WORK/base-$size.dng" ] ||
    python3 "$HERE/make_dng.py" "$WORK/preview-$size.jpg" "$WORK/base-$size.dng"
  for i in $(seq -w 0 99); do
    [ -s "$dir/DNG_$i.dng" ] || cp "$WORK/base-$size.dng" "$dir/DNG_$i.dng"
  done
  (cd "$WORK" && rm -f "base-$size.dng.thumb.jpg" && simple_dcraw -e "base-$size.dng") ||
    die "simple_dcraw cannot read the synthetic DNG"
  identify -format "%wx%h" "$WORK/base-$size.dng.thumb.jpg" | grep -qx "$size" ||
    die "simple_dcraw -e did not extract the $size preview"
  echo "== RAW: 100 x DNG ($size preview, $(du -k "$WORK/base-$size.dng" | cut -f1) KB) -> $JOBS jobs (median s)"
  # One file: the start-up of lightbox and its decode workers, paid once per command.
  mkdir -p "$dir-one" && cp "$dir/DNG_00.dng" "$dir-one/"
  O=(); D=(); S=(); F=()
  ours "$dir" >/dev/null
  for r in $(seq "$RUNS"); do
    O+=("$(ours "$dir")"); D+=("$(dcrawe "$dir" 1)"); S+=("$(dcrawe "$dir" 25)")
    F+=("$(ours "$dir-one")")
  done
  mo=$(median "${O[@]}"); md=$(median "${D[@]}"); ms=$(median "${S[@]}"); mf=$(median "${F[@]}")
  echo "   lightbox thumbnails ($SIDE px PNG): $mo   (runs: ${O[*]})  = $(echo "scale=2; $mo * 1000 * $JOBS / 100" | bc) ms per file per process"
  echo "   lightbox on 1 file (start-up): $mf   (runs: ${F[*]})  -> $(echo "scale=2; ($mo - $mf) * 1000 * $JOBS / 99" | bc) ms per further file per process"
  echo "   simple_dcraw -e, a process per file: $md   (runs: ${D[*]})  lightbox is $(echo "scale=2; $md / $mo" | bc) x faster"
  echo "   simple_dcraw -e, 25 files a process: $ms   (runs: ${S[*]})  lightbox is $(echo "scale=2; $ms / $mo" | bc) x faster"
done
fi

if want raf; then
echo "== RAW: 100 x RAF (LibRaw reads it) -> preview, $JOBS jobs (median s)"
mkdir -p "$WORK/raf"
for i in $(seq -w 0 99); do
  [ -s "$WORK/raf/DSCF$i.RAF" ] || cp "$CORPUS/raw/FujiFilm_S5Pro.raf" "$WORK/raf/DSCF$i.RAF"
done
O=(); D=()
for r in $(seq "$RUNS"); do O+=("$(ours "$WORK/raf")"); D+=("$(dcrawe "$WORK/raf" 25)"); done
mo=$(median "${O[@]}"); md=$(median "${D[@]}")
echo "   lightbox thumbnails : $mo   (runs: ${O[*]})"
echo "   simple_dcraw -e -P$JOBS -n25: $md   (runs: ${D[*]})  lightbox is $(echo "scale=2; $md / $mo" | bc) x faster"
echo "   simple_dcraw on the CR3: $(simple_dcraw -e "$WORK/raw/IMG_00.CR3" 2>&1 | head -1)"
fi

if want colour; then
echo "== colour management: 100 x 12 MP JPEG, Display P3 profile vs none (median s)"
T=(); U=()
for r in $(seq "$RUNS"); do U+=("$(ours "$WORK/untagged")"); T+=("$(ours "$WORK/tagged")"); done
mu=$(median "${U[@]}"); mt=$(median "${T[@]}")
echo "   untagged : $mu   (runs: ${U[*]})"
echo "   P3-tagged: $mt   (runs: ${T[*]})  cost $(echo "scale=1; ($mt - $mu) * 100 / $mu" | bc) %"
fi
