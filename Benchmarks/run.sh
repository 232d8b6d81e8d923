#!/usr/bin/env bash
# Lightbox catalog benchmarks (issue 3's Figures), with one command:
#
#   Benchmarks/run.sh [--runs N] [--count 10000] [--rescan-count 100000] [--work DIR]
#
# 1. Builds `lightbox` in release mode.
# 2. Generates a library of COUNT JPEGs with real EXIF: `lightbox demo` paints SEED unique
#    photos, which are copied (real copies, new names) up to COUNT, plus the shared corpus
#    when ../shared/corpus exists.
# 3. Indexes it into a cold (new) catalog, warm page cache, RUNS times, interleaved with
#    `exiftool -fast -DateTimeOriginal -Orientation -r` and
#    `exiv2 -g Exif.Photo.DateTimeOriginal` over the same files; prints medians and ratios
#    from this same run.
# 4. Builds a RESCAN_COUNT-file library (hard-linked copies of it under new paths),
#    indexes it once, then times re-scans with nothing changed.
#
# exiftool and exiv2 come from apt (libimage-exiftool-perl, exiv2), installed if missing.
# Generated files are kept in the work folder (default: .build/benchmarks) and reused.
set -euo pipefail

RUNS=5
COUNT=10000
RESCAN_COUNT=100000
SEED_COUNT=500
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/.." && pwd)"
WORK="$ROOT/.build/benchmarks"

while [ $# -gt 0 ]; do
  case "$1" in
    --runs) RUNS="$2"; shift 2 ;;
    --count) COUNT="$2"; shift 2 ;;
    --rescan-count) RESCAN_COUNT="$2"; shift 2 ;;
    --seed-count) SEED_COUNT="$2"; shift 2 ;;
    --work) WORK="$2"; shift 2 ;;
    -h|--help) sed -n '2,20p' "$0"; exit 0 ;;
    *) echo "unknown option: $1" >&2; exit 2 ;;
  esac
done

log() { printf '%s\n' "bench: $*" >&2; }

# --- tools -------------------------------------------------------------------------------
need_apt=()
command -v exiftool >/dev/null || need_apt+=(libimage-exiftool-perl)
command -v exiv2 >/dev/null || need_apt+=(exiv2)
if [ ${#need_apt[@]} -gt 0 ]; then
  log "installing ${need_apt[*]}"
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need_apt[@]}" >/dev/null
fi

log "building lightbox and lightbox-bench (release)"
(cd "$ROOT" && swift build -c release --product lightbox >&2)
(cd "$ROOT/Benchmarks" && swift build -c release --product lightbox-bench >&2)
LIGHTBOX="$ROOT/.build/release/lightbox"
BENCH="$ROOT/Benchmarks/.build/release/lightbox-bench"

# --- the library -------------------------------------------------------------------------
mkdir -p "$WORK"
SEED="$WORK/seed"
LIBRARY="$WORK/library-$COUNT"
RESCAN="$WORK/library-rescan-$RESCAN_COUNT"
# The demo writes to a private HOME so nothing touches the real one.
export HOME="$WORK/home" XDG_DATA_HOME="$WORK/home/data"
mkdir -p "$HOME"

log "painting $SEED_COUNT demo photos (reused when already there)"
"$LIGHTBOX" demo --no-browse --count "$SEED_COUNT" --library "$SEED" >&2

if [ ! -f "$LIBRARY/.complete" ]; then
  log "copying to $COUNT JPEGs in $LIBRARY"
  rm -rf "$LIBRARY"
  mkdir -p "$LIBRARY"
  mapfile -t jpegs < <(find "$SEED" -type f -name '*.jpg' | sort)
  [ ${#jpegs[@]} -gt 0 ] || { echo "no JPEG in $SEED" >&2; exit 1; }
  corpus=()
  if [ -d "$ROOT/../shared/corpus" ]; then
    mapfile -t corpus < <(find "$ROOT/../shared/corpus" -type f \( -name '*.jpg' -o -name '*.jpeg' \) | sort)
    mkdir -p "$LIBRARY/corpus"
    for f in "${corpus[@]}"; do cp "$f" "$LIBRARY/corpus/$(basename "$(dirname "$f")")-$(basename "$f")"; done
  fi
  remaining=$((COUNT - ${#corpus[@]}))
  for ((i = 0; i < remaining; i++)); do
    folder="$LIBRARY/$(printf 'roll-%03d' $((i / 500)))"
    [ $((i % 500)) -eq 0 ] && mkdir -p "$folder"
    cp "${jpegs[$((i % ${#jpegs[@]}))]}" "$folder/DSC_$(printf '%06d' "$i").jpg"
  done
  touch "$LIBRARY/.complete"
fi
FILES=$(find "$LIBRARY" -type f -not -name '.*' | wc -l)
log "library: $FILES files in $LIBRARY"

# --- timing helpers ----------------------------------------------------------------------
# Every timed command's output is kept and checked afterwards (`check_*`): a tool that
# failed or did less work than asked stops the benchmark instead of giving a time.
OUT="$WORK/out"
now_us() { local t=$EPOCHREALTIME; echo "${t/./}"; }
time_us() { # time_us CMD…  → prints microseconds of wall-clock time; output in $OUT
  local start end status=0
  start=$(now_us)
  "$@" >"$OUT" 2>&1 || status=$?
  end=$(now_us)
  echo "$status" >"$OUT.status"
  echo $((end - start))
}
die() { echo "bench: $*" >&2; exit 1; }
median() { sort -n | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
seconds() { awk -v us="$1" 'BEGIN { printf "%.3f", us / 1e6 }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", a / b }'; }

CATALOG="$WORK/cold.sqlite"
index_cold() {
  rm -f "$CATALOG" "$CATALOG-wal" "$CATALOG-shm"
  "$LIGHTBOX" index "$LIBRARY" --catalog "$CATALOG" --json
}
# Every peer runs as JOBS processes, like lightbox's JOBS threads: the file list is cut in
# JOBS parts, one process each.
JOBS="${JOBS:-2}"
LISTS="$WORK/lists"
rm -rf "$LISTS" && mkdir -p "$LISTS"
find "$LIBRARY" -type f -not -name '.*' | sort | split -n "r/$JOBS" - "$LISTS/part-"
run_exiftool() {
  local list
  for list in "$LISTS"/part-*; do exiftool -fast -DateTimeOriginal -Orientation -@ "$list" & done
  wait
}
# exiv2 has no recursion (its -r is "rename"): each process gets its part of the list.
run_exiv2() {
  local list
  for list in "$LISTS"/part-*; do
    tr '\n' '\0' <"$list" | xargs -0 exiv2 -g Exif.Photo.DateTimeOriginal &
  done
  wait
}
# The checks: lightbox's summary counts every file; exiftool read every file (its own
# "image files read" plus "could not be read" lines add up); exiv2 printed as many
# DateTimeOriginal values as exiftool found.
check_lightbox() {
  [ "$(cat "$OUT.status")" = 0 ] || die "lightbox index failed: $(tail -3 "$OUT")"
  grep -q '"total":' "$OUT" || die "lightbox index printed no summary"
}
EXIF_DATES=""
check_exiftool() {
  local read failed dates
  # grep finds nothing when no file failed: that is a count of 0, not an error.
  read=$( (grep -oE '[0-9]+ image files read' "$OUT" || true) | awk '{ s += $1 } END { print s + 0 }')
  failed=$( (grep -oE '[0-9]+ files could not be read' "$OUT" || true) |
    awk '{ s += $1 } END { print s + 0 }')
  [ $((read + failed)) -eq "$FILES" ] || die "exiftool read $read + $failed of $FILES files"
  dates=$(grep -c '^Date/Time Original' "$OUT" || true)
  EXIF_DATES=$dates
}
check_exiv2() {
  local dates
  dates=$(grep -c 'Exif.Photo.DateTimeOriginal' "$OUT" || true)
  # The shared corpus's odd files (MANIFEST.md: reader-dependent EXIF, e.g. a date only a
  # lenient reader finds) may differ between readers; a run that stopped short differs by
  # thousands.
  local corpus
  corpus=$(find "$LIBRARY/corpus" -type f 2>/dev/null | wc -l)
  [ $((dates - EXIF_DATES)) -le "$corpus" ] && [ $((EXIF_DATES - dates)) -le "$corpus" ] ||
    die "exiv2 printed $dates dates, exiftool found $EXIF_DATES ($corpus corpus files)"
}

log "warming the page cache"
run_exiftool >/dev/null 2>&1 || true
run_exiv2 >/dev/null 2>&1 || true
index_cold >/dev/null 2>&1

lb=() et=() ex=()
for ((r = 1; r <= RUNS; r++)); do
  lb+=("$(time_us index_cold)"); check_lightbox
  et+=("$(time_us run_exiftool)"); check_exiftool
  ex+=("$(time_us run_exiv2)"); check_exiv2
  log "run $r/$RUNS: lightbox $(seconds "${lb[-1]}") s, exiftool $(seconds "${et[-1]}") s, exiv2 $(seconds "${ex[-1]}") s ($EXIF_DATES dates)"
done
lb_med=$(printf '%s\n' "${lb[@]}" | median)
et_med=$(printf '%s\n' "${et[@]}" | median)
ex_med=$(printf '%s\n' "${ex[@]}" | median)
indexed=$(index_cold | tail -1 | sed -E 's/"problems":\[[^]]*\],//')

# --- re-scan at RESCAN_COUNT files ------------------------------------------------------
if [ ! -f "$RESCAN/.complete" ]; then
  copies=$(( (RESCAN_COUNT + FILES - 1) / FILES ))
  log "hard-linking $copies copies of the library into $RESCAN"
  rm -rf "$RESCAN"
  mkdir -p "$RESCAN"
  for ((k = 0; k < copies; k++)); do cp -al "$LIBRARY" "$RESCAN/copy-$k"; done
  touch "$RESCAN/.complete"
fi
RESCAN_FILES=$(find "$RESCAN" -type f -not -name '.*' | wc -l)
RESCAN_CATALOG="$WORK/rescan.sqlite"
rm -f "$RESCAN_CATALOG" "$RESCAN_CATALOG-wal" "$RESCAN_CATALOG-shm"
first_start=$(now_us)
first=$("$LIGHTBOX" index "$RESCAN" --catalog "$RESCAN_CATALOG" --json | tail -1 | sed -E 's/"problems":\[[^]]*\],//')
first_us=$(( $(now_us) - first_start ))
rescan_wall=() rescan_inner=()
for ((r = 1; r <= RUNS; r++)); do
  start=$(now_us)
  out=$("$LIGHTBOX" index "$RESCAN" --catalog "$RESCAN_CATALOG" --json | tail -1)
  rescan_wall+=($(( $(now_us) - start )))
  rescan_inner+=("$(printf '%s' "$out" | sed -E 's/.*"seconds":([0-9.e-]+).*/\1/' | awk '{ printf "%d", $1 * 1e6 }')")
  log "re-scan $r/$RUNS: $(seconds "${rescan_wall[-1]}") s ($out)"
done
rw_med=$(printf '%s\n' "${rescan_wall[@]}" | median)
ri_med=$(printf '%s\n' "${rescan_inner[@]}" | median)

# --- the Library UI on the 100,000-photo catalog -------------------------------------------
# First frame after start (warm), as the browser does it, then in-memory figures.
startup_lines=()
for r in $(seq "$RUNS"); do
  startup_lines+=("$("$BENCH" startup --catalog "$RESCAN_CATALOG" "$RESCAN" | head -1)")
done
startup_ms=$(printf '%s\n' "${startup_lines[@]}" | sed -E 's/first frame: ([0-9]+) ms.*/\1/' | median)
ui_report=$("$BENCH" ui --photos "$RESCAN_COUNT")

# --- report -----------------------------------------------------------------------------
cat <<EOF

## Lightbox catalog benchmarks ($(date -u +%Y-%m-%d), $(nproc) cores, $RUNS runs, medians)

Index $FILES files (warm page cache, cold catalog):

| tool | median wall time | lightbox is faster by |
|---|---:|---:|
| lightbox index (release) | $(seconds "$lb_med") s | — |
| exiftool -fast -DateTimeOriginal -Orientation -r | $(seconds "$et_med") s | $(ratio "$et_med" "$lb_med")× |
| exiv2 -g Exif.Photo.DateTimeOriginal | $(seconds "$ex_med") s | $(ratio "$ex_med" "$lb_med")× |

lightbox summary: $indexed

Re-scan with nothing changed, $RESCAN_FILES files:

| measure | median |
|---|---:|
| first (cold) index | $(seconds "$first_us") s (one run) |
| re-scan, whole process | $(seconds "$rw_med") s |
| re-scan, inside the indexer | $(seconds "$ri_med") s |

first index summary: $first

Library UI with the $RESCAN_FILES-photo catalog: first frame $startup_ms ms after process
start (median of $RUNS; limit 250 ms). Last run: ${startup_lines[-1]}

$ui_report
EOF
