#!/usr/bin/env bash
# kitty pictures by medium (issue 17: "measure which is faster and use it"):
#   Benchmarks/kitty/run.sh            (WORK=/tmp/lightbox-kitty-bench ROUNDS=7)
# Makes a 60-photo demo library with the release lightbox, takes 50 tiles (its cached
# thumbnails) and 10 detail pictures (the photos as PNG, 800x600 or so), and in a real kitty
# under Xvfb (../shared/tools/term-shot) times each medium -- the stream (t=d), a temporary
# file (t=t) and shared memory (t=s) -- from the first byte written to kitty's last OK
# (transfer.py: every answer checked, every file deleted by kitty). Medians per medium.
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
TOOLS="${LIGHTBOX_TOOLS:-$ROOT/../shared/tools}"
WORK="${WORK:-/tmp/lightbox-kitty-bench}"
ROUNDS="${ROUNDS:-7}"
source "$ROOT/Benchmarks/timing.sh"
[ -x "$TOOLS/term-shot" ] || die "$TOOLS/term-shot is needed"
command -v kitty >/dev/null || "$TOOLS/install-deps" >/dev/null || die "kitty is needed"

echo "== build (release)"
(cd "$ROOT" && swift build -c release --product lightbox 2>&1 | grep -E "error|Build" | tail -2)
LIGHTBOX="$ROOT/.build/release/lightbox"
mkdir -p "$WORK"
export HOME="$WORK/home" XDG_CACHE_HOME="$WORK/home/cache"
[ -f "$WORK/library/.lightbox-demo-options" ] ||
  "$LIGHTBOX" demo --no-browse --count 60 --library "$WORK/library" >/dev/null 2>&1 ||
  die "demo failed"
"$LIGHTBOX" thumbnails "$WORK/library" >/dev/null 2>&1 || die "thumbnails failed"
mapfile -t tiles < <(find "$XDG_CACHE_HOME/thumbnails" -name '*.png' | sort | head -50)
[ "${#tiles[@]}" -eq 50 ] || die "only ${#tiles[@]} thumbnails"
mkdir -p "$WORK/detail"
mapfile -t photos < <(find "$WORK/library" -iname '*.jpg' | sort | head -10)
details=()
for p in "${photos[@]}"; do
  d="$WORK/detail/$(basename "${p%.*}").png"
  convert "$p" "$d" || die "convert $p"
  details+=("$d")
done
[ "${#details[@]}" -eq 10 ] || die "only ${#details[@]} detail pictures"

run() {  # NAME FILES...
  local name=$1
  shift
  local out="$WORK/$name.tsv"
  rm -f "$out"
  "$TOOLS/term-shot" --terminal kitty --size 100x30 --wait 1 --wait-exit --timeout 300 -q \
    --out "$WORK/$name.png" -- python3 "$HERE/transfer.py" --out "$out" --rounds "$ROUNDS" "$@" ||
    die "transfer.py in kitty failed ($name)"
  [ -s "$out" ] || die "no results for $name"
  local bytes
  bytes=$(du -cb "$@" | tail -1 | cut -f1)
  echo "-- $name: $# pictures, $bytes bytes of PNG, $ROUNDS rounds (ms to kitty's last OK)"
  for m in d t s; do
    mapfile -t t < <(awk -v m="$m" '$1 == m { print $5 }' "$out")
    local tty
    tty=$(awk -v m="$m" '$1 == m { print $4; exit }' "$out")
    printf '   %-22s median %8.1f ms   (runs: %s; %s bytes through the tty)\n' \
      "$(case $m in d) echo "stream (t=d)" ;; t) echo "temporary file (t=t)" ;;
        s) echo "shared memory (t=s)" ;; esac)" "$(median "${t[@]}")" "${t[*]}" "$tty"
  done
}
echo "== kitty $(kitty --version | cut -d' ' -f2), load $(cut -d' ' -f1-3 /proc/loadavg)"
run tiles "${tiles[@]}"
run detail "${details[@]}"
