#!/usr/bin/env bash
# Ratings on Sudoku Explainer's scale against Sukaku Explainer 1.15.10's serate
# (docs/benchmarks.md, section 17): the same puzzles rated by both, whole runs in turn, RUNS
# rounds; then how often the two agree (ER, ER within 0.2, EP, ED, all three).
#
#   apps/bench/se_bench.sh SERATE_CLASSES [BINARY] [RUNS]     (BINARY: build/apps/sudoku-cli)
#
# SERATE_CLASSES is the folder of serate's compiled classes (how to build it: benchmarks.md,
# section 10). The sets: the tests' reference puzzles (1.2 to 9.6), the part of them rated 6.6
# and more, and (one round: serate takes minutes a puzzle) the first HARDEST (default 2)
# puzzles of forum_hardest_11plus_5k_sample.txt, rated 11 and more. serate runs once on each
# set as it is (a whole run, the JVM's start and warm-up included) and, for the first two, once
# on the set twice over in one JVM: the difference is its warm pace. Ours is sudoku-cli --rate
# --scale se -j 1. Works in a scratch folder.
set -euo pipefail
classes=$(realpath "${1:?the folder of serate\'s classes}")
shift
# shellcheck source=sudoku_bench_setup.sh
source "$(dirname "$0")/sudoku_bench_setup.sh"
reference="$OLDPWD/data/sudoku/se/serate_1.15.10.txt"

grep -v '^#' "$reference" | cut -c1-81 > all.txt
grep -v '^#' "$reference" |
  awk '{ split($2, r, "[=/]"); if (r[2] >= 6.6) print substr($1, 1, 81) }' > hard.txt
grep -v '^#' "$OLDPWD/data/sudoku/forum_hardest_11plus_5k_sample.txt" | head -n "${HARDEST:-2}" \
  > hardest.txt
cat all.txt all.txt > all2.txt
cat hard.txt hard.txt > hard2.txt

seconds() { # the command's wall time in seconds
  local start end
  start=$(date +%s.%N)
  "$@" > /dev/null 2>&1
  end=$(date +%s.%N)
  awk -v a="$start" -v b="$end" 'BEGIN { printf "%.2f", b - a }'
}
serate() { # input, output
  java -Xrs -Xmx1g -cp "$classes" diuf.sudoku.test.serate --format="ED=%r/%p/%d" \
    --input="$1" --output="$2"
}
ours() { # input, output
  "$bin" --rate "$1" --scale se -j 1 -o "$2"
}

for set in all hard hardest; do
  count=$(wc -l < $set.txt)
  rounds=$runs
  [ $set = hardest ] && rounds=1
  for ((i = 1; i <= rounds; i++)); do
    s1=$(seconds serate $set.txt serate_$set.txt)
    s2=-
    [ $set != hardest ] && s2=$(seconds serate ${set}2.txt serate_${set}2.txt)
    o1=$(seconds ours $set.txt ours_$set.txt)
    echo "$set ($count puzzles) round $i: serate $s1 s (twice over: $s2 s), ours $o1 s"
  done
  # Agreement: ER, ER within 0.2, EP, ED, all three.
  paste -d' ' serate_$set.txt ours_$set.txt | awk -v set=$set '
    { split(substr($1, 4), a, "/"); split(substr($2, 4), b, "/"); n++
      if (a[1] == b[1]) er++; if (a[2] == b[2]) ep++; if (a[3] == b[3]) ed++; if ($1 == $2) all++
      d = a[1] - b[1]; if (d < 0) d = -d; if (d <= 0.2001) near++ }
    END { printf "%s: of %d, ER equal %d (%.1f%%), within 0.2 %d (%.1f%%), EP equal %d (%.1f%%), " \
          "ED equal %d (%.1f%%), all three %d (%.1f%%)\n", set, n, er, 100 * er / n, near,
          100 * near / n, ep, 100 * ep / n, ed, 100 * ed / n, all, 100 * all / n }'
done
