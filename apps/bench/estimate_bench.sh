#!/usr/bin/env bash
# Times Knuth's estimate against the count it estimates, as a user runs them: the whole
# `exact-cover --estimate --samples N FILE` process against `exact-cover FILE` (one thread),
# interleaved so that both see the same machine load; prints every round, the medians and the
# estimate's share of the count's time.
#
#   apps/bench/estimate_bench.sh [BINARY] [PROBLEM] [ROUNDS] [SAMPLES] [REPEATS]
#
# Defaults: build/apps/exact-cover, data/exact-cover/pento6x10.dlx, 7 rounds, 10000 paths.
# Each round times the estimate REPEATS times (default 5) and keeps the median, since one run
# takes tens of milliseconds.
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=${1:-build/apps/exact-cover}
problem=${2:-data/exact-cover/pento6x10.dlx}
rounds=${3:-7}
samples=${4:-10000}
repeats=${5:-5}

median() { sort -g | awk '{v[NR]=$1} END {print (NR%2) ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2}'; }
# Wall-clock seconds of one run of the command given, output discarded (bash's own clock: no
# process started around the command, whose start would count against it).
took() {
  local start end
  start=$EPOCHREALTIME
  "$@" >/dev/null
  end=$EPOCHREALTIME
  awk -v a="$start" -v b="$end" 'BEGIN {printf "%.4f", b - a}'
}

estimates=() counts=()
for ((r = 1; r <= rounds; r++)); do
  tries=()
  for ((i = 1; i <= repeats; i++)); do
    tries+=("$(took "$bin" --estimate --samples "$samples" "$problem")")
  done
  estimate=$(printf '%s\n' "${tries[@]}" | median)
  count=$(took "$bin" "$problem")
  echo "round $r: estimate $estimate s, count $count s"
  estimates+=("$estimate")
  counts+=("$count")
done
e=$(printf '%s\n' "${estimates[@]}" | median)
c=$(printf '%s\n' "${counts[@]}" | median)
echo "median of $rounds: estimate ($samples paths) $e s, count $c s:" \
     "$(awk -v a="$e" -v b="$c" 'BEGIN {printf "%.2f%%", 100 * a / b}') of the count"
