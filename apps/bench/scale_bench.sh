#!/usr/bin/env bash
# Scale (docs/benchmarks.md, section 6): sudoku-cli -s on 10,000,000 puzzles
# (kaggle_like_100k.txt a hundred times over, 820 MB), -c 1,000,000 and 10,000,000, and
# exact-cover on a problem with a million options (every pair of 1,414 items). Prints wall time,
# CPU time and peak memory (GNU time). Needs about 3.5 GB of free disk in the scratch folder.
#
#   apps/bench/scale_bench.sh [BUILD_DIR]
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=$(realpath "${1:-build}")/apps
kaggle=$(realpath ../shared/data/sudoku/kaggle_like_100k.txt)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
for ((i = 0; i < 100; i++)); do cat "$kaggle"; done > puzzles10m.txt
ls -la puzzles10m.txt
/usr/bin/time -f "-s 10M: %e s wall, %U s user, %M KB peak" "$bin"/sudoku-cli -s puzzles10m.txt -o solutions.txt
ls -la solutions.txt; rm -f solutions.txt
head -n 1000000 puzzles10m.txt > puzzles1m.txt
/usr/bin/time -f "-s 1M (for comparison): %e s wall, %M KB peak" "$bin"/sudoku-cli -s puzzles1m.txt -o solutions.txt
rm -f solutions.txt puzzles10m.txt puzzles1m.txt
for n in 1000000 10000000; do
  /usr/bin/time -f "-c $n: %e s wall, %U s user, %M KB peak" "$bin"/sudoku-cli -c $n -o boards.txt
  ls -la boards.txt; rm -f boards.txt
done
# exact-cover: 1,414 items and every pair of them as an option (999,191 options): perfect matchings.
awk 'BEGIN { n = 1414; line = ""; for (i = 0; i < n; i++) line = line " i" i; print substr(line, 2);
             for (i = 0; i < n; i++) for (j = i + 1; j < n; j++) print "i" i " i" j }' > pairs.dlx
wc -l pairs.dlx; ls -la pairs.dlx
/usr/bin/time -f "exact-cover 1M options, first solution: %e s wall, %M KB peak" "$bin"/exact-cover --limit 1 --stats pairs.dlx | tail -n 1
/usr/bin/time -f "exact-cover 1M options, 100 solutions: %e s wall, %M KB peak" "$bin"/exact-cover --limit 100 --stats pairs.dlx | tail -n 1
