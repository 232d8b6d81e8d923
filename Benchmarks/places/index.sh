#!/usr/bin/env bash
# The place lookups' cost inside a cold index (issue 34): `lightbox index` of COUNT tiny
# JPEGs that each have an EXIF GPS position (make_gps_library.py: seeded, mostly near 40
# cities), into a new catalog, with the place table and without one (LIGHTBOX_PLACES naming
# no file: no places looked up), RUNS times each, alternating; medians of the wall and the
# CPU time (user + system). Every run is checked: its summary counts COUNT new photos, and
# the catalog holds a place for most of them with the table, none without.
#
#   Benchmarks/places/index.sh [--count N] [--runs N] [--lightbox PATH] [--work DIR]
set -euo pipefail

COUNT=100000
RUNS=5
LIGHTBOX=""
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
WORK="$ROOT/.build/benchmarks/places-index"
# shellcheck source=../timing.sh
source "$HERE/../timing.sh"

while [ $# -gt 0 ]; do
  case "$1" in
    --count) COUNT="$2"; shift 2 ;;
    --runs) RUNS="$2"; shift 2 ;;
    --lightbox) LIGHTBOX="$2"; shift 2 ;;
    --work) WORK="$2"; shift 2 ;;
    -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
    *) echo "unknown option: $1" >&2; exit 2 ;;
  esac
done
log() { printf '%s\n' "bench: $*" >&2; }

if [ -z "$LIGHTBOX" ]; then
  log "building lightbox (release)"
  (cd "$ROOT" && swift build -c release --product lightbox >&2)
  LIGHTBOX="$ROOT/.build/release/lightbox"
fi
[ -x "$LIGHTBOX" ] || die "no lightbox binary at $LIGHTBOX"
mkdir -p "$WORK"
TABLE="$WORK/places-v1.bin"
python3 "$ROOT/scripts/places-table" --out "$TABLE" >&2
LIBRARY="$WORK/library-$COUNT"
log "writing $COUNT photos with positions (reused when already there)"
python3 "$HERE/make_gps_library.py" "$LIBRARY" "$COUNT"
export HOME="$WORK/home" XDG_DATA_HOME="$WORK/home/data" XDG_CACHE_HOME="$WORK/home/cache"
mkdir -p "$HOME"
# Warm the page cache: every run reads the same files from memory.
"$LIGHTBOX" index "$LIBRARY" --catalog "$WORK/warm.sqlite" --json >/dev/null 2>&1 \
  || die "warm-up index failed"

OUT="$WORK/out"
# index_once TABLE-PATH → "wall-seconds cpu-seconds"; checks the summary and the places.
index_once() {
  local catalog="$WORK/run.sqlite" a b user sys summary new placed unplaced
  rm -f "$catalog" "$catalog-wal" "$catalog-shm"
  a=$(date +%s%N)
  LIGHTBOX_PLACES="$1" /usr/bin/time -f '%U %S' -o "$OUT.time" \
    "$LIGHTBOX" index "$LIBRARY" --catalog "$catalog" --json >"$OUT" 2>&1 \
    || die "lightbox index failed (exit $?): $(tail -3 "$OUT")"
  b=$(date +%s%N)
  summary=$(grep '"total":' "$OUT" | tail -1) || die "lightbox index printed no summary"
  new=$(sed -E 's/.*"new":([0-9]+).*/\1/' <<<"$summary")
  [ "$new" -eq "$COUNT" ] || die "indexed $new new photos, not $COUNT"
  placed=$(sqlite3 "$catalog" "SELECT count(*) FROM assets WHERE place > 0")
  unplaced=$(sqlite3 "$catalog" "SELECT count(*) FROM assets WHERE place IS NULL")
  if [ -f "$1" ]; then
    [ "$unplaced" -eq 0 ] || die "$unplaced photos left without a lookup"
    [ "$placed" -ge $((COUNT / 2)) ] || die "only $placed of $COUNT photos got a place"
    echo "$placed" >"$WORK/placed"
  else
    [ "$placed" -eq 0 ] && [ "$unplaced" -eq "$COUNT" ] || die "places without a table"
  fi
  read -r user sys <"$OUT.time"
  echo "$(echo "scale=4; ($b - $a) / 1000000000" | bc) $(echo "$user + $sys" | bc)"
}

with_wall=(); with_cpu=(); without_wall=(); without_cpu=()
for run in $(seq "$RUNS"); do
  read -r w c < <(index_once "$WORK/no-such-table.bin")
  without_wall+=("$w"); without_cpu+=("$c")
  read -r w c < <(index_once "$TABLE")
  with_wall+=("$w"); with_cpu+=("$c")
  log "run $run: without places ${without_wall[-1]} s (cpu ${without_cpu[-1]}), with ${with_wall[-1]} s (cpu ${with_cpu[-1]}); load $(cut -d' ' -f1 /proc/loadavg)"
done
mw=$(median "${with_wall[@]}"); mc=$(median "${with_cpu[@]}")
nw=$(median "${without_wall[@]}"); nc=$(median "${without_cpu[@]}")
echo "cold index of $COUNT photos with positions, medians of $RUNS runs ($(cat "$WORK/placed") got a place):"
printf '  %-26s wall %7.2f s   cpu %7.2f s\n' "without places" "$nw" "$nc"
printf '  %-26s wall %7.2f s   cpu %7.2f s\n' "with places" "$mw" "$mc"
printf '  %-26s wall %+7.2f s   cpu %+7.2f s   (wall ratio %.3f)\n' "places cost" \
  "$(echo "$mw - $nw" | bc)" "$(echo "$mc - $nc" | bc)" "$(echo "scale=4; $mw / $nw" | bc)"
