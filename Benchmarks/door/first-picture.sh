#!/usr/bin/env bash
# The browser's first HEIC picture against a JPEG's (issue 32 §1): a library of one iPhone
# HEIC and a library of the same photo as a JPEG (heif-convert, quality 92), each browsed cold
# (a fresh catalog and thumbnail cache every run) in a pty that answers like kitty and like
# xterm with sixel, timed by ../shared/tools/first-picture; the two alternate.
#   Benchmarks/door/first-picture.sh     (WORK=/tmp/lightbox-door-first RUNS=9)
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
CORPUS="${LIGHTBOX_CORPUS:-$ROOT/../shared/corpus}"
TOOLS="${LIGHTBOX_TOOLS:-$ROOT/../shared/tools}"
WORK="${WORK:-/tmp/lightbox-door-first}"
RUNS="${RUNS:-9}"
source "$HERE/../timing.sh"
[ -f "$CORPUS/heif/arrow.heic" ] || die "no corpus at $CORPUS"
[ -x "$TOOLS/first-picture" ] || die "no first-picture in $TOOLS"
command -v heif-convert >/dev/null || apt-get install -y --no-install-recommends libheif-examples
(cd "$ROOT" && swift build -c release --product lightbox --static-swift-stdlib \
  --scratch-path .build-install 2>&1 | grep -E "error|Build" | tail -1)
(cd "$ROOT" && swift build -c release --product lightbox-decode-worker --static-swift-stdlib \
  --scratch-path .build-install 2>&1 | grep -E "error|Build" | tail -1)
rm -rf "$WORK" && mkdir -p "$WORK/heic" "$WORK/jpeg"
cp "$CORPUS/heif/arrow.heic" "$WORK/heic/"
heif-convert -q 92 "$WORK/heic/arrow.heic" "$WORK/jpeg/arrow.jpg" >/dev/null
[ -s "$WORK/jpeg/arrow.jpg" ] || die "heif-convert wrote no JPEG"
cat >"$WORK/browse.sh" <<SCRIPT
#!/usr/bin/env bash
# browse.sh KIND: the browser on the KIND library, cold.
state="$WORK/state-\$1"; rm -rf "\$state"; mkdir -p "\$state"
export HOME="\$state" XDG_CACHE_HOME="\$state/cache" XDG_STATE_HOME="\$state/state"
export XDG_CONFIG_HOME="\$state/config"
exec "$ROOT/.build-install/release/lightbox" --catalog "\$state/catalog.sqlite" "$WORK/\$1"
SCRIPT
chmod +x "$WORK/browse.sh"
for terminal in kitty xterm-sixel; do
  for round in 1 2; do
    for kind in jpeg heic; do
      line=$("$TOOLS/first-picture" --as "$terminal" --runs "$RUNS" --pictures 1 --window 3 \
        --text photo -- "$WORK/browse.sh" "$kind" | tail -1)
      case "$line" in *"first picture"*) ;; *) die "no picture for $kind in $terminal: $line" ;; esac
      echo "$terminal round $round $kind: $line"
    done
  done
done
