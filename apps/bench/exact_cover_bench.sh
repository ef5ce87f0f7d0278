#!/usr/bin/env bash
# Times `exact-cover --stats` on one problem, single-threaded and with two threads, runs
# interleaved so that both see the same machine load; prints every run and the medians.
#
#   apps/bench/exact_cover_bench.sh [BINARY] [PROBLEM] [RUNS]
#
# Defaults: build/apps/exact-cover, data/exact-cover/pento6x10.dlx, 5 runs.
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=${1:-build/apps/exact-cover}
problem=${2:-data/exact-cover/pento6x10.dlx}
runs=${3:-5}

median() { sort -n | awk '{v[NR]=$1} END {print (NR%2) ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2}'; }

single=() parallel=()
for ((i = 1; i <= runs; i++)); do
  line=$("$bin" --stats "$problem" 2>&1 >/dev/null)
  echo "1 thread:  $line"
  single+=("$(sed -E 's/.* ([0-9.]+) s.*/\1/' <<<"$line")")
  line=$("$bin" --stats --threads 2 "$problem" 2>&1 >/dev/null)
  echo "2 threads: $line"
  parallel+=("$(sed -E 's/.* ([0-9.]+) s.*/\1/' <<<"$line")")
done
echo "median of $runs: 1 thread $(printf '%s\n' "${single[@]}" | median) s," \
     "2 threads $(printf '%s\n' "${parallel[@]}" | median) s"
