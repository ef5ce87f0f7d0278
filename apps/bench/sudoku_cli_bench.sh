#!/usr/bin/env bash
# Times sudoku-cli as the assignment's grader did: -c 1000000 beside the time it takes just to
# write the same number of bytes, and -s on one million easy puzzles (kaggle_like_100k.txt ten
# times over). Prints wall time, CPU time and peak memory of every run (GNU time).
#
#   apps/bench/sudoku_cli_bench.sh [BINARY] [RUNS]
#
# Needs ../shared/data/sudoku/kaggle_like_100k.txt for the -s part; works in a scratch folder.
# shellcheck source=sudoku_bench_setup.sh
source "$(dirname "$0")/sudoku_bench_setup.sh"

for ((i = 1; i <= runs; i++)); do
  /usr/bin/time -f "-c 1000000:       %e s wall, %U s user, %M KB peak" "$bin" -c 1000000 -o boards.txt
  /usr/bin/time -f "head -c 163000000: %e s wall" sh -c 'head -c 163000000 /dev/zero > zeros'
done
if [[ -f $shared/kaggle_like_100k.txt ]]; then
  for ((i = 0; i < 10; i++)); do cat "$shared/kaggle_like_100k.txt"; done > puzzles.txt
  for ((i = 1; i <= runs; i++)); do
    /usr/bin/time -f "-s (1M puzzles):  %e s wall, %U s user, %M KB peak" "$bin" -s puzzles.txt -o solutions.txt
  done
else
  echo "(no shared data: -s skipped)"
fi
