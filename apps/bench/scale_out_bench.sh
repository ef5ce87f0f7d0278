#!/usr/bin/env bash
# The scale-out paths against one thread, side by side: each round runs, one after the other,
#   single    exact-cover FILE                                   (one thread, no split)
#   mpi       mpirun --oversubscribe -np 3 exact-cover-mpi FILE  (a coordinator, two workers)
#   mpi ob1   the same with --mca pml ob1 (OpenMPI's own messaging instead of UCX, whose start
#             costs 0.2 s on a machine without InfiniBand)
#   parallel  exact-cover --split 1000, then GNU parallel -j2 over ranges of 50 jobs, then
#             --merge                                            (all three steps timed)
# and prints every run's wall time, the medians, the ratios to single, and for each scale-out
# path the busiest worker's counting time over the mean (MPI's from --stats; GNU parallel's from
# the job slot each batch ran in).
#
#   apps/bench/scale_out_bench.sh [BUILD] [PROBLEM] [RUNS]
#
# Defaults: build, data/exact-cover/pento6x10.dlx, 5 rounds. Needs mpirun and parallel.
set -euo pipefail
cd "$(dirname "$0")/../.."
build=$(realpath "${1:-build}")
problem=$(realpath "${2:-data/exact-cover/pento6x10.dlx}")
runs=${3:-5}
exact_cover=$build/apps/exact-cover
mpi=$build/apps/exact-cover-mpi
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

median() { sort -g | awk '{v[NR]=$1} END {print (NR%2) ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2}'; }
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN {printf "%.3f", b - a}'; }

single=() mpi_times=() ob1_times=() parallel_times=() mpi_balance=() parallel_balance=()
for ((i = 1; i <= runs; i++)); do
  start=$(now)
  count=$("$exact_cover" "$problem")
  single+=("$(since "$start")")

  start=$(now)
  mpi_count=$(mpirun --oversubscribe -np 3 "$mpi" --stats "$problem" 2> "$work/mpi.err")
  mpi_times+=("$(since "$start")")
  mpi_balance+=("$(sed -n 's/.*(\([0-9.]*\) times the mean).*/\1/p' "$work/mpi.err")")

  start=$(now)
  ob1_count=$(mpirun --oversubscribe --mca pml ob1 -np 3 "$mpi" "$problem")
  ob1_times+=("$(since "$start")")

  start=$(now)
  "$exact_cover" --split 1000 "$problem" > "$work/jobs.txt"
  awk -v n="$(sed -n 's/^jobs //p' "$work/jobs.txt")" \
    'BEGIN { for (i = 1; i <= n; i += 50) print i "-" (i + 49 < n ? i + 49 : n) }' |
    parallel -j2 --halt now,fail=1 \
      "$exact_cover --jobs $work/jobs.txt --job {} $problem | sed 's/}\$/,\"slot\":{%}}/'" \
      > "$work/results.jsonl"
  parallel_count=$("$exact_cover" --merge "$work/jobs.txt" "$work/results.jsonl" 2> /dev/null)
  parallel_times+=("$(since "$start")")
  # Each slot's counting time, from the "slot" added to its lines; busiest over mean.
  parallel_balance+=("$(sed -E 's/.*"seconds":([0-9.e+-]+).*"slot":([0-9]+).*/\2 \1/' \
    "$work/results.jsonl" | awk '{ busy[$1] += $2 } END {
      for (s in busy) { total += busy[s]; n++; if (busy[s] > most) most = busy[s] }
      printf "%.3f", most / (total / n) }')")

  [[ $mpi_count == "$count" && $ob1_count == "$count" && $parallel_count == "$count" ]] ||
    { echo "counts differ: $count, $mpi_count, $ob1_count, $parallel_count"; exit 1; }
  echo "round $i: single ${single[-1]} s, mpi ${mpi_times[-1]} s (busiest ${mpi_balance[-1]}x mean)," \
    "mpi ob1 ${ob1_times[-1]} s," \
    "parallel ${parallel_times[-1]} s (busiest ${parallel_balance[-1]}x mean)"
done
one=$(printf '%s\n' "${single[@]}" | median)
m=$(printf '%s\n' "${mpi_times[@]}" | median)
o=$(printf '%s\n' "${ob1_times[@]}" | median)
p=$(printf '%s\n' "${parallel_times[@]}" | median)
echo "median of $runs: single $one s, mpi $m s, mpi ob1 $o s, parallel $p s"
awk -v one="$one" -v m="$m" -v o="$o" -v p="$p" \
  -v mb="$(printf '%s\n' "${mpi_balance[@]}" | median)" \
  -v pb="$(printf '%s\n' "${parallel_balance[@]}" | median)" 'BEGIN {
  printf "mpi/single %.3f, mpi ob1/single %.3f, parallel/single %.3f; busiest worker over the mean: mpi %.3f, parallel %.3f\n",
    m / one, o / one, p / one, mb, pb }'
