#!/usr/bin/env bash
# The browser's peak memory on a large library (issue 32 §6: at most 500 MB at a million):
#
#   Benchmarks/scale/browse-rss.sh --lightbox PATH --catalog FILE LIBRARY [--runs N]
#                                  [--size COLSxROWS] [--query TEXT] [--samples FILE]
#
# Starts `lightbox --catalog FILE LIBRARY` in a private tmux session (../shared/tools/
# tui-drive), waits for the library (the tab bar's photo count) and for the screen to settle
# (the re-scan ended), then tours every tab: Tab through the Library's views (All → Years →
# Months → Days → All), the Albums tab, the Search tab with a query typed, the Library
# again; then quits. Meanwhile the browser's /proc/PID/status is read every 0.2 s: the
# figure is VmHWM (the peak resident set, from start to the end of the tour) and VmRSS at
# the end. Prints one line a run and the median. The catalog should be indexed already
# (`Benchmarks/scale/run.sh` leaves catalog-SIZE.sqlite in its work folder): the browser's
# own re-scan then reads nothing. HOME and the caches go to a temporary folder. --samples
# keeps every sample (seconds since the start, VmHWM and VmRSS in KB) of the last run.
set -euo pipefail

LIGHTBOX="" CATALOG="" LIBRARY="" RUNS=1 SIZE="160x48" QUERY="2015" KEEP=""
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
DRIVE="${TUI_DRIVE:-$ROOT/../shared/tools/tui-drive}"
while [ $# -gt 0 ]; do
  case "$1" in
    --lightbox) LIGHTBOX="$2"; shift 2 ;;
    --catalog) CATALOG="$2"; shift 2 ;;
    --runs) RUNS="$2"; shift 2 ;;
    --size) SIZE="$2"; shift 2 ;;
    --query) QUERY="$2"; shift 2 ;;
    --samples) KEEP="$2"; shift 2 ;;
    -h|--help) sed -n '2,18p' "$0"; exit 0 ;;
    -*) echo "unknown option: $1" >&2; exit 2 ;;
    *) LIBRARY="$1"; shift ;;
  esac
done
die() { echo "browse-rss: $*" >&2; exit 1; }
[ -x "$LIGHTBOX" ] || die "no lightbox binary (--lightbox PATH)"
[ -f "$CATALOG" ] || die "no catalog (--catalog FILE)"
[ -d "$LIBRARY" ] || die "no library folder"
[ -x "$DRIVE" ] || die "tui-drive not found at $DRIVE (set TUI_DRIVE)"
photos=$(sqlite3 "$CATALOG" "SELECT count(*) FROM assets WHERE hidden = 0 AND trashed_at IS NULL")
# The tab bar's count as the browser writes it: 1,000,000.
shown=$(python3 -c 'import sys; print(f"{int(sys.argv[1]):,}")' "$photos")

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
peaks=()
for ((r = 1; r <= RUNS; r++)); do
  pidfile="$TMP/pid" samples="$TMP/samples"
  rm -f "$pidfile" "$samples"
  (
    # The browser's PID once it is running, then its memory until it exits.
    for _ in $(seq 1 600); do [ -s "$pidfile" ] && break; sleep 0.1; done
    pid=$(cat "$pidfile" 2>/dev/null) || exit 0
    started=$(date +%s.%N)
    while [ -r "/proc/$pid/status" ]; do
      awk -v t="$(echo "$(date +%s.%N) - $started" | bc)" \
        'BEGIN { printf "%.1f ", t } /^VmHWM|^VmRSS/ { printf "%s %s ", $1, $2 } END { print "" }' \
        "/proc/$pid/status" >>"$samples" 2>/dev/null || true
      sleep 0.2
    done
  ) &
  poller=$!
  load=$(cut -d' ' -f1 /proc/loadavg)
  start=$(date +%s.%N)
  HOME="$TMP/home" XDG_DATA_HOME="$TMP/home/data" XDG_CACHE_HOME="$TMP/home/cache" \
    XDG_CONFIG_HOME="$TMP/home/config" "$DRIVE" --size "$SIZE" --wait 1 --timeout 600 \
    --no-final \
    --wait-for "$shown photos" --wait-idle 5 \
    --keys Tab --wait-idle 2 --keys Tab --wait-idle 2 --keys Tab --wait-idle 2 \
    --keys Tab --wait-idle 2 \
    --keys 2 --wait-idle 2 --keys 3 --wait-idle 2 --literal "$QUERY" --wait-idle 3 \
    --keys Escape --keys 1 --wait-idle 2 --sleep 1 --keys q --wait-exit \
    -- bash -c 'echo $$ >"$0"; exec "$1" --catalog "$2" "$3"' \
    "$pidfile" "$LIGHTBOX" "$CATALOG" "$LIBRARY" >"$TMP/drive.out" 2>&1 ||
    { cat "$TMP/drive.out" >&2; kill "$poller" 2>/dev/null || true; die "the tour failed"; }
  end=$(date +%s.%N)
  wait "$poller" || true
  hwm=$(grep -o 'VmHWM: [0-9]*' "$samples" | awk '{ print $2 }' | sort -n | tail -1)
  rss=$(grep -o 'VmRSS: [0-9]*' "$samples" | tail -1 | awk '{ print $2 }')
  [ -n "$hwm" ] || die "no memory sample of the browser"
  [ -z "$KEEP" ] || cp "$samples" "$KEEP"
  peaks+=("$hwm")
  printf 'run %d (load average %s): %d photos, peak RSS (VmHWM) %d MB, RSS at the end %d MB,' \
    "$r" "$load" "$photos" $((hwm / 1024)) $((rss / 1024))
  printf ' tour %.0f s\n' "$(echo "$end - $start" | bc)"
done
median=$(printf '%s\n' "${peaks[@]}" | sort -n |
  awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }')
echo "median peak RSS (VmHWM): $((median / 1024)) MB over $RUNS run(s)"
