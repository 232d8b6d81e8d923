#!/usr/bin/env bash
# Start-up end to end, as a person sees it (issue 14's honest start-up figures):
#   Benchmarks/startup/run.sh            (WORK=/tmp/lightbox-startup-bench RUNS=5)
# Builds lightbox in release, makes a 600-photo demo library and indexes it, then times
# `lightbox LIBRARY` from exec to its first text, first picture and 50th picture with
# ../shared/tools/first-picture, in a 160x45 pty that answers like xterm (sixel), like
# kitty or not at all, with the thumbnail cache warm and cold. The same run times chafa printing 50 cached
# thumbnails as sixel in one process, the peer of the terminals issue: to a file, and in the
# same pty as Lightbox. Every pty figure is taken twice: by first-picture, and by
# Benchmarks/startup/pty_clock.py, the same pty and answers with a reader that keeps up
# (first-picture searches all the output again after each 4 KB read, so a screen of pictures
# waits on the reader: see pty_clock.py).
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
TOOLS="${LIGHTBOX_TOOLS:-$ROOT/../shared/tools}"
WORK="${WORK:-/tmp/lightbox-startup-bench}"
RUNS="${RUNS:-5}"
[ -x "$TOOLS/first-picture" ] || { echo "startup: $TOOLS/first-picture is needed" >&2; exit 1; }
command -v chafa >/dev/null || "$ROOT/scripts/install-deps" --bench

echo "== build (release)"
(cd "$ROOT" && swift build -c release --product lightbox 2>&1 | grep -E "error|Build" | tail -2)
LIGHTBOX="$ROOT/.build/release/lightbox"
export HOME="$WORK/home" XDG_DATA_HOME="$WORK/home/data" XDG_STATE_HOME="$WORK/home/state"
export XDG_CONFIG_HOME="$WORK/home/config"
mkdir -p "$HOME"
LIBRARY="$WORK/library"
CATALOG="$WORK/catalog.sqlite"
[ -f "$LIBRARY/.lightbox-demo-options" ] ||
  "$LIGHTBOX" demo --no-browse --count 600 --library "$LIBRARY" >/dev/null 2>&1 ||
  { echo "startup: demo failed" >&2; exit 1; }
"$LIGHTBOX" index "$LIBRARY" --catalog "$CATALOG" >/dev/null ||
  { echo "startup: index failed" >&2; exit 1; }

CLOCKS=("$TOOLS/first-picture" "python3 $HERE/pty_clock.py")
clock_name() { case "$1" in *first-picture) echo first-picture ;; *) echo pty_clock ;; esac; }

measure() {  # LABEL AS CACHE-STATE
  local cache="$WORK/cache-$2"
  if [ "$3" = cold ]; then rm -rf "$cache"; fi
  for clock in "${CLOCKS[@]}"; do
    echo "-- $1 ($2, $3 thumbnail cache, $(clock_name "$clock"))"
    $clock --as "$2" --cols 160 --rows 45 --runs "$RUNS" --pictures 50 \
      --text 'photos' --env "LIGHTBOX_CACHE=$cache" --env "LIGHTBOX_CATALOG=$CATALOG" \
      -- "$LIGHTBOX" "$LIBRARY" | sed "s/^/   /"
  done
}

echo "== lightbox $LIBRARY, 160x45, $RUNS runs (medians last)"
# silent: a terminal that answers no query (no pictures but half-blocks; its first text is
# the figure, issue 33 item 21).
for as in xterm-sixel kitty silent; do
  # Warm: one untimed run fills the cache, then every timed run finds it.
  "$TOOLS/first-picture" --as "$as" --cols 160 --rows 45 --runs 1 --pictures 50 \
    --env "LIGHTBOX_CACHE=$WORK/cache-$as" --env "LIGHTBOX_CATALOG=$CATALOG" \
    -- "$LIGHTBOX" "$LIBRARY" >/dev/null
  measure "warm" "$as" warm
done
echo "-- cold (empty thumbnail cache before each run; timed once per run)"
for as in xterm-sixel kitty; do
  for clock in "${CLOCKS[@]}"; do
    for r in $(seq "$RUNS"); do
      rm -rf "$WORK/cache-cold-$as"
      $clock --as "$as" --cols 160 --rows 45 --runs 1 --pictures 50 \
        --env "LIGHTBOX_CACHE=$WORK/cache-cold-$as" --env "LIGHTBOX_CATALOG=$CATALOG" \
        -- "$LIGHTBOX" "$LIBRARY" | tail -1 |
        sed "s/^/   $as cold, $(clock_name "$clock"), run $r: /"
    done
  done
done

echo "== chafa printing 50 cached thumbnails as sixel, one process ($RUNS runs, s)"
mapfile -t thumbs < <(find "$WORK/cache-xterm-sixel" -name '*.png' | sort | head -50)
[ "${#thumbs[@]}" -eq 50 ] || { echo "startup: only ${#thumbs[@]} cached thumbnails" >&2; exit 1; }
for r in $(seq "$RUNS"); do
  a=$(date +%s%N)
  chafa -f sixel -s 14x7 "${thumbs[@]}" >"$WORK/chafa.out" || { echo "chafa failed" >&2; exit 1; }
  b=$(date +%s%N)
  n=$(grep -o $'\eP[0-9;]*q' "$WORK/chafa.out" | wc -l)
  [ "$n" -eq 50 ] || { echo "startup: chafa wrote $n pictures" >&2; exit 1; }
  echo "   run $r: $(echo "scale=3; ($b - $a) / 1000000000" | bc) s ($n pictures)"
done
# The same 50 pictures in the pty, read by each clock; the shell keeps the pty open after
# chafa exits so that the clock reads everything chafa wrote.
for clock in "${CLOCKS[@]}"; do
  echo "== chafa printing them in the xterm-sixel pty ($(clock_name "$clock"))"
  $clock --as xterm-sixel --cols 160 --rows 45 --runs "$RUNS" --pictures 50 --window 6 \
    -- sh -c 'chafa -f sixel -s 14x7 "$@" && sleep 2' sh "${thumbs[@]}" | sed "s/^/   /"
done
