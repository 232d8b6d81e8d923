#!/usr/bin/env bash
# Pictures on screen (issue 4's grid figures, issue 5's detail figures), one command:
#   Benchmarks/pictures/run.sh          (WORK=/tmp/lightbox-pictures-bench RUNS=15)
# Builds lightbox in release, makes a library of demo camera JPEGs (EXIF thumbnails) plus the
# corpus's large photos, indexes it, and runs `lightbox bench pictures` (medians, in process).
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
CORPUS="${LIGHTBOX_CORPUS:-$ROOT/../shared/corpus}"
WORK="${WORK:-/tmp/lightbox-pictures-bench}"
RUNS="${RUNS:-15}"

echo "== build (release)"
(cd "$ROOT" && swift build -c release --product lightbox 2>&1 | grep -E "error|Build" | tail -2)
(cd "$ROOT/Benchmarks" && swift build -c release --product lightbox-bench 2>&1 | grep -E "error|Build" | tail -2)
LIGHTBOX="$ROOT/.build/release/lightbox"

echo "== library in $WORK"
mkdir -p "$WORK/library"
[ -d "$WORK/library/demo" ] || "$LIGHTBOX" demo --no-browse --count 200 --library "$WORK/library/demo" >/dev/null
if [ -d "$CORPUS/large" ]; then cp -n "$CORPUS"/large/*.jpg "$WORK/library/" 2>/dev/null || true; fi
rm -f "$WORK/catalog.sqlite"*
"$LIGHTBOX" index "$WORK/library" --catalog "$WORK/catalog.sqlite" | tail -1 | sed 's/^/   /'

echo "== lightbox bench pictures (load average: $(cut -d' ' -f1-3 /proc/loadavg))"
"$ROOT/Benchmarks/.build/release/lightbox-bench" pictures --catalog "$WORK/catalog.sqlite" --runs "$RUNS" "$WORK/library"
