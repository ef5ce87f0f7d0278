#!/usr/bin/env bash
# The GNU parallel path of docs/scale-out.md, run for real: a job file from exact-cover --split,
# its jobs run in batches by `parallel -j2` (and through --sshloginfile, with this machine as
# the one host), the results merged; the totals equal one unsplit search's (count, solutions,
# nodes, updates) for K = 1, 7 and 1000.
#
#   tests/scale_out/parallel_test.sh PARALLEL EXACT_COVER DATA_DIR
set -euo pipefail
source "$(dirname "$0")/common.sh"
parallel=$1
exact_cover=$(realpath "$2") data=$(realpath "$3")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"

# Job ranges of at most B jobs: "1-10", "11-20", ..., as docs/scale-out.md makes them.
ranges() { awk -v n="$(sed -n 's/^jobs //p' "$1")" -v b="$2" \
  'BEGIN { for (i = 1; i <= n; i += b) print i "-" (i + b - 1 < n ? i + b - 1 : n) }'; }

write_queens10 > queens10.dlx
echo '2/:' > hosts.txt # two job slots on this machine (':' is the local host)

checks=0
for problem in queens8 langford7 colour12 mult3x4 queens10 $(large_problem); do
  file=$data/exact-cover/$problem.dlx
  [[ $problem == queens10 ]] && file=$work/queens10.dlx
  serial=$("$exact_cover" --stats "$file" 2> serial.err)
  ks="1 7 1000"
  [[ $problem == pento6x10 ]] && ks=1000
  for k in $ks; do
    "$exact_cover" --split "$k" "$file" > jobs.txt
    if [[ $(sed -n 's/^jobs //p' jobs.txt) == 0 ]]; then
      : > results.txt # the top holds the whole count
    elif [[ $problem == queens10 ]]; then # across "machines": the hosts file
      ranges jobs.txt 10 | "$parallel" --sshloginfile hosts.txt --halt now,fail=1 \
        "$exact_cover" --jobs "$work/jobs.txt" --job {} "$file" > results.txt
    else
      ranges jobs.txt 10 | "$parallel" -j2 --halt now,fail=1 \
        "$exact_cover" --jobs jobs.txt --job {} "$file" > results.txt
    fi
    count=$("$exact_cover" --merge jobs.txt results.txt 2> merge.err) ||
      fail "$problem, K=$k: $(cat merge.err)"
    [[ $count == "$serial" ]] || fail "$problem, K=$k: count $count, not $serial"
    [[ $(counts merge.err) == "$(counts serial.err)" ]] ||
      fail "$problem, K=$k: '$(counts merge.err)', not '$(counts serial.err)'"
    checks=$((checks + 1))
  done
done
echo "$checks checks passed"
