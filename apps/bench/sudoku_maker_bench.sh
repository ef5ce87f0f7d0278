#!/usr/bin/env bash
# Times sudoku-cli's puzzle maker and counter (docs/benchmarks.md, section 5): -n 10000 -r 20~55 -u,
# -n 1000 -m 3 (and -m 1, -m 2 for comparison), and --count over serg_benchmark.txt. Prints
# wall time, CPU time and peak memory of every run (GNU time).
#
#   apps/bench/sudoku_maker_bench.sh [BINARY] [RUNS]
#
# Needs ../shared/data/sudoku/serg_benchmark.txt for the --count part; works in a scratch folder.
# shellcheck source=sudoku_bench_setup.sh
source "$(dirname "$0")/sudoku_bench_setup.sh"

timed() { # label, then the command
  local label=$1
  shift
  /usr/bin/time -f "$label %e s wall, %U s user, %M KB peak" "$@"
}

for ((i = 1; i <= runs; i++)); do
  timed "-n 10000 -r 20~55 -u:" "$bin" -n 10000 -r 20~55 -u -o puzzles.txt
  timed "-n 1000 -m 3:        " "$bin" -n 1000 -m 3 -o puzzles.txt
  timed "-n 1000 -m 2:        " "$bin" -n 1000 -m 2 -o puzzles.txt
  timed "-n 1000 -m 1:        " "$bin" -n 1000 -m 1 -o puzzles.txt
  if [[ -f $shared/serg_benchmark.txt ]]; then
    timed "--count serg (10k):  " "$bin" --count "$shared/serg_benchmark.txt" -o counts.txt
  fi
done
[[ -f $shared/serg_benchmark.txt ]] || echo "(no shared data: --count skipped)"
