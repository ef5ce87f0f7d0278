#!/usr/bin/env bash
# First-solution rates side by side: sudoku-solve-bench (one thread, in process) against the
# solvers of tdoku's run_benchmark (kudoku, fast_solv_9r2 and tdoku, one thread each) on the
# four benchmark sets, the two programs alternating; prints every run, then per set the median
# rate of each and our ratio to each peer.
#
#   apps/bench/sudoku_peers_bench.sh RUN_BENCHMARK [BUILD_DIR] [RUNS] [DATA_DIR]
#
# RUN_BENCHMARK is tdoku's benchmark program, built outside this repository (docs/benchmarks.md
# says how). Defaults: build, 5 runs, ../shared/data/sudoku. Every puzzle of a set is solved in
# file order by both sides (run_benchmark -n set to the file's size, -r0: no permutation).
set -euo pipefail
cd "$(dirname "$0")/../.."
peer=$(realpath "$1")
build=$(realpath "${2:-build}")
runs=${3:-5}
data=$(realpath "${4:-../shared/data/sudoku}")
solvers=kudoku,fast_solv_9r2,tdoku
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

median() { sort -g | awk '{v[NR]=$1} END {print (NR%2) ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2}'; }

for set in kaggle_like_100k 17_clue magictour_top1465 forum_hardest_11plus_5k; do
  file=$data/$set.txt
  if [[ ! -f $file ]]; then
    echo "$set: skipped ($file not found)"
    continue
  fi
  count=$(grep -cv '^#' "$file")
  : >"$work/ours"
  for solver in ${solvers//,/ }; do : >"$work/$solver"; done
  for ((i = 1; i <= runs; i++)); do
    ours=$("$build/apps/sudoku-solve-bench" --repeat 1 "$file" | awk 'NR == 2 {print $3}')
    echo "$ours" >>"$work/ours"
    line="$set run $i: dlx $ours/s"
    # run_benchmark solves for -t seconds after -w seconds of warm-up; rows look like
    # "|kudoku   E/sh..../m.|    95944.4 |   10.4 | ...".
    while IFS='|' read -r _ name rate _; do
      name=${name%% *}
      rate=${rate// /}
      echo "$rate" >>"$work/$name"
      line+=", $name $rate/s"
    done < <("$peer" -s "$solvers" -f -r0 -n"$count" -w1 -t3 "$file" | grep -E '^\|(kudoku|fast_solv_9r2|tdoku) ')
    echo "$line"
  done
  ours=$(median <"$work/ours")
  summary="$set (median of $runs): dlx $(printf '%.0f' "$ours")/s"
  for solver in ${solvers//,/ }; do
    theirs=$(median <"$work/$solver")
    summary+=", $solver $(printf '%.0f' "$theirs")/s (dlx/$solver $(awk -v a="$ours" -v b="$theirs" 'BEGIN {printf "%.2f", a / b}'))"
  done
  echo "$summary"
done
