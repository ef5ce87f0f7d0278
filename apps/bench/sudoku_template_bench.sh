#!/usr/bin/env bash
# sudoku-cli -c 1000000 against the original assignment's fastest published answer (the
# Slontia/Sudoku template program, ported to Linux outside this repository: docs/benchmarks.md
# section 10), the two alternating in a scratch folder; prints every run, the medians and the
# ratio of ours to theirs. Both write 1,000,000 boards to a file (theirs always to sudoku.txt).
#
#   apps/bench/sudoku_template_bench.sh TEMPLATE_PROGRAM [BINARY] [RUNS] [THREADS]
#
# Defaults: build/apps/sudoku-cli, 5 runs, sudoku-cli's default threads (every core).
set -euo pipefail
cd "$(dirname "$0")/../.."
template=$(realpath "$1")
bin=$(realpath "${2:-build/apps/sudoku-cli}")
runs=${3:-5}
threads=${4:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"

median() { sort -g | awk '{v[NR]=$1} END {print (NR%2) ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2}'; }
seconds_of() {
  local start=$EPOCHREALTIME
  "$@" >/dev/null 2>&1
  awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN {printf "%.3f\n", b - a}'
}

ours=() theirs=()
options=(-c 1000000 -o boards.txt)
[[ -n $threads ]] && options+=(-j "$threads")
for ((i = 1; i <= runs; i++)); do
  t=$(seconds_of "$template" -c 1000000)
  o=$(seconds_of "$bin" "${options[@]}")
  [[ $(wc -l <sudoku.txt) -ge 9999999 && $(wc -l <boards.txt) -ge 9999999 ]] ||
    { echo "a run did not write its boards"; exit 1; }
  echo "run $i: template $t s, sudoku-cli $o s"
  theirs+=("$t") ours+=("$o")
done
a=$(printf '%s\n' "${ours[@]}" | median)
b=$(printf '%s\n' "${theirs[@]}" | median)
echo "median of $runs: sudoku-cli $a s, template $b s; ours $(awk -v a="$a" -v b="$b" 'BEGIN {printf "%.2f", a / b}') of theirs"
