#!/usr/bin/env bash
# Accuracy of similar-photo finding (issue 35), one command:
#   Benchmarks/duplicates/run.sh        (WORK=/tmp/lightbox-duplicates-bench)
# Builds lightbox in release, makes the accuracy set (make_set.py: 33 distinct corpus photos,
# each with nine edits made by ImageMagick's convert, exiftool and jpegtran's kin), runs
#   lightbox duplicates SET --similar --json --hashes
#   findimagedupes -R -q SET          (Debian's findimagedupes 2.20, its default threshold)
# and prints, per edit kind, the share of edits found in one group with their original, and
# the false groups (files of two or more distinct photos), for both; then the sweep the hash
# and its radius were chosen by (score.py --sweep). Both tools' outputs are checked: every
# file of the set seen by lightbox, no problem reported, findimagedupes exit 0.
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
CORPUS="${LIGHTBOX_CORPUS:-$ROOT/../shared/corpus}"
WORK="${WORK:-/tmp/lightbox-duplicates-bench}"
"$ROOT/scripts/install-deps" --bench
source "$HERE/../timing.sh"
[ -d "$CORPUS" ] || die "the corpus ($CORPUS) is needed for the photos"
for tool in convert exiftool findimagedupes; do
  command -v "$tool" >/dev/null || die "$tool missing (scripts/install-deps --bench)"
done

echo "== build (release)"
(cd "$ROOT" && swift build -c release --product lightbox 2>&1 | grep -E "error|Build" | tail -3)
LIGHTBOX="$ROOT/.build/release/lightbox"

SET="$WORK/set"
rm -rf "$SET" && mkdir -p "$WORK"
python3 "$HERE/make_set.py" "$CORPUS" "$SET"

echo "== lightbox duplicates --similar"
"$LIGHTBOX" duplicates "$SET" --similar --json --hashes >"$WORK/lightbox.json" \
  2>"$WORK/lightbox.err" || die "lightbox failed: $(cat "$WORK/lightbox.err")"
[ ! -s "$WORK/lightbox.err" ] || die "lightbox reported problems: $(cat "$WORK/lightbox.err")"
echo "== findimagedupes -R -q"
findimagedupes -R -q "$SET" >"$WORK/findimagedupes.txt" || die "findimagedupes failed"

python3 "$HERE/score.py" "$SET/manifest.tsv" "$WORK/lightbox.json" \
  --findimagedupes "$WORK/findimagedupes.txt" --sweep
