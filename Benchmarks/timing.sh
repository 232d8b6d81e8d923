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
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
