#!/usr/bin/env bash
# Times `exact-cover --stats` on one problem, single-threaded and with two threads, and
# optionally Knuth's program for the same problem (dlx1, dlx2 or dlx3, built outside this
# repository), runs interleaved so that all see the same machine load; prints every run, the
# medians, and the ratios to the peer.
#
#   apps/bench/exact_cover_bench.sh [BINARY] [PROBLEM] [RUNS] [PEER]
#
# Defaults: build/apps/exact-cover, data/exact-cover/pento6x10.dlx, 5 runs, no peer.
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=${1:-build/apps/exact-cover}
problem=${2:-data/exact-cover/pento6x10.dlx}
runs=${3:-5}
peer=${4:-}

median() { sort -g | awk '{v[NR]=$1} END {print (NR%2) ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2}'; }
seconds() { sed -E 's/.* ([0-9.]+) s.*/\1/'; }

single=() parallel=() knuth=()
for ((i = 1; i <= runs; i++)); do
  line=$("$bin" --stats "$problem" 2>&1 >/dev/null)
  echo "1 thread:  $line"
  single+=("$(seconds <<<"$line")")
  line=$("$bin" --stats --threads 2 "$problem" 2>&1 >/dev/null)
  echo "2 threads: $line"
  parallel+=("$(seconds <<<"$line")")
  if [[ -n $peer ]]; then
    start=$(date +%s.%N)
    line=$("$peer" <"$problem" 2>&1 >/dev/null | tail -n 1)
    took=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN {printf "%.3f", b - a}')
    echo "$(basename "$peer"):     $line; $took s"
    knuth+=("$took")
  fi
done
one=$(printf '%s\n' "${single[@]}" | median)
two=$(printf '%s\n' "${parallel[@]}" | median)
echo "median of $runs: 1 thread $one s, 2 threads $two s"
if [[ -n $peer ]]; then
  theirs=$(printf '%s\n' "${knuth[@]}" | median)
  echo "$(basename "$peer") $theirs s; ratios: 1 thread $(awk -v a="$one" -v b="$theirs" 'BEGIN {printf "%.2f", a / b}')," \
       "2 threads $(awk -v a="$two" -v b="$theirs" 'BEGIN {printf "%.2f", a / b}')"
fi
