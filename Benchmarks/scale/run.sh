#!/usr/bin/env bash
# How the catalog's costs grow with the library (issue 19's growth table):
#
#   Benchmarks/scale/run.sh [--runs N] [--sizes "10000 100000 1000000"] [--work DIR]
#                           [--lightbox PATH]
#
# 1. Builds `lightbox` in release mode (or measures the binary --lightbox names, e.g. an
#    older build kept for a before/after comparison).
# 2. Paints SEED_COUNT demo photos (`lightbox demo`), strips their EXIF, and builds one
#    library per size of hard links with distinct names whose dates (the file-name date the
#    indexer falls back to) spread over 20 years (make_library.py; seeded, so every run
#    builds the same libraries). Libraries are kept in the work folder and reused.
# 3. Per size: cold index (new catalog, warm page cache) and re-scan with nothing changed,
#    RUNS times each, medians of the wall time and of the CPU time (user + system: what the
#    machine's other work does not inflate); the load average at each run; the catalog's
#    size on disk (database + WAL) and bytes per photo; the peak RSS of `lightbox index`
#    (cold and re-scan); the poll interval a network mount of that
#    size would get (20x the re-scan, at least 5 s). Every run's summary is checked: the
#    photo count must equal the size, a re-scan must find nothing new.
# 4. Prints the table and the growth from the second-largest size to the largest (the peer
#    each figure is compared with is the same figure at the smaller size, in this run).
#    Linear growth is 10x from 100k to 1M; the issue's target is at most 12x.
set -euo pipefail

RUNS=3
SIZES="10000 100000 1000000"
SEED_COUNT=100
LIGHTBOX=""
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
WORK="$ROOT/.build/benchmarks/scale"
# shellcheck source=../timing.sh
source "$HERE/../timing.sh"

while [ $# -gt 0 ]; do
  case "$1" in
    --runs) RUNS="$2"; shift 2 ;;
    --sizes) SIZES="$2"; shift 2 ;;
    --seed-count) SEED_COUNT="$2"; shift 2 ;;
    --work) WORK="$2"; shift 2 ;;
    --lightbox) LIGHTBOX="$2"; shift 2 ;;
    -h|--help) sed -n '2,22p' "$0"; exit 0 ;;
    *) echo "unknown option: $1" >&2; exit 2 ;;
  esac
done
log() { printf '%s\n' "bench: $*" >&2; }

if [ -z "${LIGHTBOX:-}" ]; then
  log "building lightbox (release)"
  (cd "$ROOT" && swift build -c release --product lightbox >&2)
  LIGHTBOX="$ROOT/.build/release/lightbox"
fi
[ -x "$LIGHTBOX" ] || die "no lightbox binary at $LIGHTBOX"

mkdir -p "$WORK"
export HOME="$WORK/home" XDG_DATA_HOME="$WORK/home/data" XDG_CACHE_HOME="$WORK/home/cache"
mkdir -p "$HOME"
log "painting $SEED_COUNT demo photos (reused when already there)"
"$LIGHTBOX" demo --no-browse --count "$SEED_COUNT" --library "$WORK/seed" >&2

# The numbers of one `lightbox index --json` summary.
field() { sed -E "s/.*\"$1\":([0-9.e-]+).*/\1/" <<<"$2"; }
OUT="$WORK/out"
# index_once CATALOG LIBRARY → prints "wall-seconds peak-rss-kb cpu-seconds"; the summary
# is in $OUT.
index_once() {
  local a b kb user sys
  a=$(date +%s%N)
  /usr/bin/time -f '%M %U %S' -o "$OUT.rss" "$LIGHTBOX" index "$2" --catalog "$1" --json \
    >"$OUT" 2>&1 || die "lightbox index failed (exit $?): $(tail -3 "$OUT")"
  b=$(date +%s%N)
  read -r kb user sys <"$OUT.rss"
  echo "$(echo "scale=4; ($b - $a) / 1000000000" | bc) $kb $(echo "$user + $sys" | bc)"
}
# check COUNT NEW → the last summary counts COUNT photos, NEW of them new, and no errors.
check() {
  local summary total new errors
  summary=$(grep '"total":' "$OUT" | tail -1) || die "lightbox index printed no summary"
  total=$(field total "$summary"); new=$(field new "$summary"); errors=$(field errors "$summary")
  [ "$total" -eq "$1" ] || die "indexed $total photos, not $1"
  [ "$new" -eq "$2" ] || die "$new new photos, expected $2"
  [ "$errors" -eq 0 ] || die "$errors errors"
}

declare -A COLD RESCAN COLD_CPU RESCAN_CPU CATALOG_BYTES RSS RESCAN_RSS
for size in $SIZES; do
  library="$WORK/library-$size"
  if [ ! -f "$library/.complete" ]; then
    log "building $library ($size hard links)"
    rm -rf "$library"
    python3 "$HERE/make_library.py" "$WORK/seed" "$library" "$size"
  fi
  files=$(find "$library" -type f -name '*.jpg' | wc -l)
  [ "$files" -eq "$size" ] || die "$library has $files photos, not $size"
  catalog="$WORK/catalog-$size.sqlite"
  cold=() rescan=() rss=() cold_cpu=() rescan_cpu=() rescan_rss=()
  for ((r = 1; r <= RUNS; r++)); do
    rm -f "$catalog" "$catalog-wal" "$catalog-shm"
    load=$(cut -d' ' -f1 /proc/loadavg)
    read -r wall kb cpu <<<"$(index_once "$catalog" "$library")"
    check "$size" "$size"
    cold+=("$wall"); rss+=("$kb"); cold_cpu+=("$cpu")
    read -r wall kb cpu <<<"$(index_once "$catalog" "$library")"
    check "$size" 0
    rescan+=("$wall"); rescan_rss+=("$kb"); rescan_cpu+=("$cpu")
    log "$size photos, run $r/$RUNS (load average $load): cold index ${cold[-1]} s" \
      "(CPU ${cold_cpu[-1]} s, peak RSS ${rss[-1]} KB), re-scan ${rescan[-1]} s" \
      "(CPU ${rescan_cpu[-1]} s, peak RSS ${rescan_rss[-1]} KB)"
  done
  COLD[$size]=$(median "${cold[@]}")
  RESCAN[$size]=$(median "${rescan[@]}")
  COLD_CPU[$size]=$(median "${cold_cpu[@]}")
  RESCAN_CPU[$size]=$(median "${rescan_cpu[@]}")
  RSS[$size]=$(median "${rss[@]}")
  RESCAN_RSS[$size]=$(median "${rescan_rss[@]}")
  # The database and whatever its write-ahead log still holds.
  bytes=0
  for part in "$catalog" "$catalog-wal"; do
    [ -f "$part" ] && bytes=$((bytes + $(stat -c %s "$part")))
  done
  CATALOG_BYTES[$size]=$bytes
done

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", a / b }'; }
poll() { awk -v s="$1" 'BEGIN { v = 20 * s; if (v < 5) v = 5; if (v > 600) v = 600; printf "%.0f", v }'; }
cat <<EOF

## Growth ($(date -u +%Y-%m-%d), $(nproc) cores, $RUNS runs, medians, warm page cache)

Load average at the end: $(cut -d' ' -f1-3 /proc/loadavg) (other work on the machine inflates
the times; the ratios between sizes of one run are what to read).

| photos | cold index (CPU) | re-scan (CPU) | catalog | bytes/photo | peak RSS cold / re-scan | poll interval on a network mount |
|---:|---:|---:|---:|---:|---:|---:|
EOF
for size in $SIZES; do
  printf '| %s | %.2f s (%.1f s) | %.2f s (%.1f s) | %.1f MB | %d | %d / %d MB | %s s |\n' \
    "$size" "${COLD[$size]}" "${COLD_CPU[$size]}" "${RESCAN[$size]}" "${RESCAN_CPU[$size]}" \
    "$(echo "${CATALOG_BYTES[$size]} / 1000000" | bc -l)" $((CATALOG_BYTES[$size] / size)) \
    $((RSS[$size] / 1024)) $((RESCAN_RSS[$size] / 1024)) "$(poll "${RESCAN[$size]}")"
done
read -r -a sizes <<<"$SIZES"
if [ ${#sizes[@]} -ge 2 ]; then
  small=${sizes[-2]} large=${sizes[-1]}
  echo
  echo "Growth $small → $large ($(ratio "$large" "$small")× the photos): cold index" \
    "$(ratio "${COLD[$large]}" "${COLD[$small]}")× (CPU" \
    "$(ratio "${COLD_CPU[$large]}" "${COLD_CPU[$small]}")×), re-scan" \
    "$(ratio "${RESCAN[$large]}" "${RESCAN[$small]}")× (CPU" \
    "$(ratio "${RESCAN_CPU[$large]}" "${RESCAN_CPU[$small]}")×), catalog" \
    "$(ratio "${CATALOG_BYTES[$large]}" "${CATALOG_BYTES[$small]}")×, index peak RSS" \
    "$(ratio "${RSS[$large]}" "${RSS[$small]}")× cold, " \
    "$(ratio "${RESCAN_RSS[$large]}" "${RESCAN_RSS[$small]}")× re-scan."
fi
