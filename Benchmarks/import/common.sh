# Shared by the import benchmarks (sourced after ../timing.sh, with WORK, COUNT and LIGHTBOX
# set, and BYTES once the card is made): cold starts, the checks every run gets, and the
# timed lightbox import.

# The byte total of the files under a folder.
total_bytes() { find "$1" -type f -printf '%s\n' | awk '{s+=$1} END {printf "%.0f\n", s}'; }
# Every tool starts cold: the page cache dropped (as root).
cold() { sync; echo 3 >/proc/sys/vm/drop_caches; }
check() { # DEST: COUNT files and BYTES bytes, hidden files left out.
  local n b
  n=$(find "$1" -type f -not -name '.*' | wc -l)
  b=$(find "$1" -type f -not -name '.*' -printf '%s\n' | awk '{s+=$1} END {printf "%.0f\n", s}')
  [ "$n" -eq "$COUNT" ] || die "$1: $n files, expected $COUNT"
  [ "$b" -eq "$BYTES" ] || die "$1: $b bytes, expected $BYTES"
}
# An empty destination and ledger, then cold.
fresh() { rm -rf "$WORK/dest" "$WORK/state"; cold; }
# Seconds of `lightbox import CARD --to WORK/dest --json`, started through the command words
# after CARD (none, or run-card.sh's throttled group); fails unless it exits 0 and its JSON
# says COUNT imported.
import_seconds() {
  local card=$1 a b
  shift
  a=$(date +%s%N)
  XDG_STATE_HOME="$WORK/state" "$@" "$LIGHTBOX" import "$card" --to "$WORK/dest" --json \
    >"$WORK/ours.json" 2>"$WORK/ours.err" || die "lightbox import failed: $(cat "$WORK/ours.err")"
  b=$(date +%s%N)
  python3 -c "import json,sys; d=json.load(open(sys.argv[1])); sys.exit(d['imported'] != $COUNT)" \
    "$WORK/ours.json" || die "lightbox did not import $COUNT files"
  echo "scale=4; ($b - $a) / 1000000000" | bc
}
# A table row: a tool's name and median seconds, with its MB/s.
row() {
  printf '| %s | %s | %.0f |\n' "$1" "$2" "$(echo "$BYTES / $2 / 1000000" | bc -l)"
}
