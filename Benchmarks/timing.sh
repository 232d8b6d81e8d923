# Shared by the benchmark scripts (sourced): a failed command is an error, never a time.
die() { echo "bench: $*" >&2; exit 1; }
# Seconds of wall time for a command that must exit 0.
wall() {
  local a b
  a=$(date +%s%N)
  "$@" >/dev/null 2>&1 || die "failed (exit $?): $*"
  b=$(date +%s%N)
  echo "scale=4; ($b - $a) / 1000000000" | bc
}
# The median; of an even count, the mean of the two middle values.
median() {
  printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {
    if (NR % 2) print a[(NR+1)/2]; else printf "%.4f\n", (a[NR/2] + a[NR/2+1]) / 2 }'
}
