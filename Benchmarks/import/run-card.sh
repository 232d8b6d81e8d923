#!/usr/bin/env bash
# Import speed from a card, beside issue 36's same-disk figure (run.sh), one command:
#   Benchmarks/import/run-card.sh   (WORK=/work/lightbox-card-bench RUNS=3 COUNT=600 MBPS=90)
# A card is another device than the library's disk, read at its own speed: here an ext4 image
# on a loop device, its reads throttled to MBPS MB/s (a UHS-I card in a USB 3 reader) by the
# block I/O controller (cgroup v2 `io.max`, else v1 `blkio.throttle.read_bps_device`), holding
# COUNT camera files from make_card.py. Then RUNS times, interleaved, into an empty folder on
# the disk WORK is on, after `sync` and dropping the page cache, each tool in the throttled
# group:
#   lightbox import CARD --to DEST --json   (verified: fsync, read back from the disk, XXH3)
#   cp -r CARD DEST
# Every run is checked: exit status 0, COUNT files and the card's byte total in DEST (and
# lightbox's JSON says COUNT imported). Prints medians and the ratio. Needs root.
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
CORPUS="${LIGHTBOX_CORPUS:-$ROOT/../shared/corpus}"
WORK="${WORK:-/work/lightbox-card-bench}"
RUNS="${RUNS:-3}"
COUNT="${COUNT:-600}"
MBPS="${MBPS:-90}"
# die, wall, median; cold, check, fresh, import_seconds, row.
source "$HERE/../timing.sh"
source "$HERE/common.sh"
[ -d "$CORPUS" ] || die "the corpus ($CORPUS) is needed for the camera files"
[ "$(id -u)" -eq 0 ] || die "run as root: a loop device, a cgroup and dropping the page cache"

echo "== build (release)"
(cd "$ROOT" && swift build -c release --product lightbox 2>&1 | grep -E "error|Build" | tail -3)
LIGHTBOX="$ROOT/.build/release/lightbox"

MOUNT="$WORK/card-mount"
LOOP=""
GROUP=""
finish() {
  [ -n "$GROUP" ] && rmdir "$GROUP" 2>/dev/null
  mountpoint -q "$MOUNT" && umount "$MOUNT"
  [ -n "$LOOP" ] && losetup -d "$LOOP"
  rm -rf "$WORK/dest" "$WORK/state"
}
trap finish EXIT

# The card: an ext4 image a quarter larger than the files, made once per COUNT.
mkdir -p "$WORK" "$MOUNT"
if [ ! -f "$WORK/card.done" ] || [ "$(cat "$WORK/card.done")" != "$COUNT" ]; then
  rm -f "$WORK/card.img"
  truncate -s "$((COUNT * 2 + 200))M" "$WORK/card.img"
  mkfs.ext4 -q -F "$WORK/card.img"
  LOOP=$(losetup -f --show "$WORK/card.img")
  mount "$LOOP" "$MOUNT"
  python3 "$HERE/make_card.py" "$CORPUS" "$MOUNT/card" "$COUNT"
  echo "$COUNT" >"$WORK/card.done"
else
  LOOP=$(losetup -f --show "$WORK/card.img")
  mount "$LOOP" "$MOUNT"
fi
CARD="$MOUNT/card"
BYTES=$(total_bytes "$CARD")
DEVICE=$(lsblk -dno MAJ:MIN "$LOOP" | tr -d ' ')

# The throttled group: cgroup v2 with the io controller, else v1's blkio.
V2=$(findmnt -t cgroup2 -no TARGET | head -1 || true)
if [ -n "$V2" ] && grep -qw io "$V2/cgroup.controllers" 2>/dev/null; then
  echo "+io" >"$V2/cgroup.subtree_control" 2>/dev/null || true
  GROUP="$V2/lightbox-card-bench"
  mkdir -p "$GROUP"
  echo "$DEVICE rbps=$((MBPS * 1000000))" >"$GROUP/io.max"
else
  V1=$(findmnt -t cgroup -no TARGET,OPTIONS | awk '$2 ~ /blkio/ {print $1; exit}')
  [ -n "$V1" ] || die "no block I/O controller (cgroup v2 io or v1 blkio) to throttle the card"
  GROUP="$V1/lightbox-card-bench"
  mkdir -p "$GROUP"
  echo "$DEVICE $((MBPS * 1000000))" >"$GROUP/blkio.throttle.read_bps_device"
fi
echo "== $COUNT files, $BYTES bytes on $LOOP ($DEVICE), read at $MBPS MB/s; to $WORK"

throttled() { sh -c 'echo $$ >"$1/cgroup.procs"; shift; exec "$@"' sh "$GROUP" "$@"; }

declare -a t_ours t_cp
for run in $(seq 1 "$RUNS"); do
  fresh
  t_ours+=("$(import_seconds "$CARD" throttled)")
  check "$WORK/dest"

  fresh
  t_cp+=("$(wall throttled cp -r "$CARD" "$WORK/dest")")
  check "$WORK/dest"
  echo "   run $run: lightbox ${t_ours[-1]} s, cp -r ${t_cp[-1]} s"
done

m_ours=$(median "${t_ours[@]}")
m_cp=$(median "${t_cp[@]}")
echo
echo "| tool | median s | MB/s |"
echo "|---|---|---|"
row "lightbox import (verified)" "$m_ours"
row "cp -r" "$m_cp"
echo
printf 'lightbox / cp -r throughput from a card at %s MB/s: %.2f×\n' "$MBPS" \
  "$(echo "$m_cp / $m_ours" | bc -l)"
