#!/usr/bin/env bash
# The browser's memory through its start and its background work, sampled (issue 32 §6):
#
#   Benchmarks/scale/start-rss.sh --lightbox PATH --catalog FILE --seconds N LIBRARY
#
# Starts `lightbox --catalog FILE LIBRARY` in a private tmux session (160x48), reads its
# /proc/PID/status every 0.5 s for N seconds and prints every 5 s: seconds since the start,
# VmHWM (the peak resident set so far) and VmRSS, in KB; then quits it. Unlike browse-rss.sh it
# does not wait for a quiet screen, so it sees the duplicate finder's hashing and grouping,
# which run for minutes at a million photos. HOME and the caches go to a temporary folder.
#
# --reset-peak: once VmRSS first falls under 70 % of VmHWM (the library's load is over and
# its buffers freed), the peak is reset (`echo 5 > /proc/PID/clear_refs`; a line "reset"
# says when), so that the VmHWM printed after it is the peak of what runs later (the
# duplicate grouping), not the load's.
set -euo pipefail
LIGHTBOX="" CATALOG="" SECONDS_TOTAL=60 LIBRARY="" RESET_PEAK=0 RESET_DONE=0
while [ $# -gt 0 ]; do
  case "$1" in
    --lightbox) LIGHTBOX="$2"; shift 2 ;;
    --catalog) CATALOG="$2"; shift 2 ;;
    --seconds) SECONDS_TOTAL="$2"; shift 2 ;;
    --reset-peak) RESET_PEAK=1; shift ;;
    *) LIBRARY="$1"; shift ;;
  esac
done
[ -x "$LIGHTBOX" ] && [ -f "$CATALOG" ] && [ -d "$LIBRARY" ] || {
  echo "usage: start-rss.sh --lightbox PATH --catalog FILE [--seconds N] [--reset-peak] LIBRARY" >&2
  exit 2; }
H=$(mktemp -d /tmp/lightbox-start-rss.XXXXXX)
SESSION="lightbox-start-rss-$$"
trap 'tmux kill-session -t "$SESSION" 2>/dev/null || true; rm -rf "$H"' EXIT
tmux new-session -d -s "$SESSION" -x 160 -y 48 \
  "env HOME=$H XDG_CONFIG_HOME=$H/c XDG_STATE_HOME=$H/s XDG_CACHE_HOME=$H/k \
   $(printf '%q' "$LIGHTBOX") --catalog $(printf '%q' "$CATALOG") $(printf '%q' "$LIBRARY")"
sleep 1
pid=$(pgrep -n -f -- "--catalog $CATALOG") || { echo "start-rss: lightbox did not start" >&2; exit 1; }
echo "seconds VmHWM_KB VmRSS_KB"
for i in $(seq 1 $((SECONDS_TOTAL * 2))); do
  status=$(awk '/VmHWM|VmRSS/ {print $2}' "/proc/$pid/status" 2>/dev/null | tr '\n' ' ') || true
  [ -n "$status" ] || { echo "start-rss: lightbox exited" >&2; exit 1; }
  if [ "$RESET_PEAK" = 1 ] && [ "$RESET_DONE" = 0 ]; then
    read -r hwm rss <<< "$status"
    if [ "$rss" -lt $((hwm * 7 / 10)) ]; then
      echo 5 > "/proc/$pid/clear_refs"
      RESET_DONE=1
      echo "reset $((i / 2)) $status"
    fi
  fi
  [ $((i % 10)) -eq 0 ] && echo "$((i / 2)) $status"
  sleep 0.5
done
