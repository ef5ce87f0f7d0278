#!/usr/bin/env python3
"""Past one rack, on paper: the speedup of a dynamic schedule of measured jobs on 2 to 1,024
workers (docs/scale-out.md section 7).

Each input is a file that split-bench wrote with --seconds: "job seconds" lines for the jobs it
counted, in job order (heaviest first, as exact-cover-mpi hands them out). Where only a sample
of the jobs was counted (--sample), every other job takes the time of the counted job nearest
to it in that order. The schedule is the coordinator's: each worker, when free, takes the next
job; a job also costs `--overhead` seconds of dispatch (default 0.00001 s: measured with
exact-cover-mpi on pento6x10 cut into 146,328 jobs, the workers ended 0.5 s after their
8.0 s of counting, 3.5 us a job).
The speedup is the unsplit count's time (the file's "# serial S" line) over the time the last
worker ends; where the file has none (a sampled tree), the sum of the jobs' times stands in
for it. A job's own time includes replaying its path, so splitting finer adds work: the sum
of the jobs' times exceeds the unsplit count's, and the table says by how much.

    scale_out_simulate.py [--overhead S] [--svg OUT] LABEL=FILE...

Prints a table (workers, then each input's speedup and efficiency) and, with --svg, draws the
speedups against the workers on log-log axes as a self-contained SVG.
"""

import argparse
import bisect
import heapq
import math


def read_jobs(path):
    """The time of every job, the unmeasured ones from their nearest measured neighbour."""
    total_jobs = None
    serial = None
    measured = []
    with open(path) as lines:
        for line in lines:
            if line.startswith("# serial "):
                serial = float(line.split()[2])
                continue
            if line.startswith("#"):
                # "# FILE, N jobs; job seconds"
                total_jobs = int(line.split(",")[-1].split()[0])
                continue
            job, seconds = line.split()
            measured.append((int(job), float(seconds)))
    if total_jobs is None:
        total_jobs = len(measured)
    numbers = [job for job, _ in measured]
    times = []
    for job in range(1, total_jobs + 1):
        at = bisect.bisect_left(numbers, job)
        if at == len(numbers) or (at > 0 and job - numbers[at - 1] <= numbers[at] - job):
            at -= 1
        times.append(measured[at][1])
    return times, len(measured), serial


def makespan(times, workers, overhead):
    """When the last of `workers` ends, each taking the next job as it becomes free."""
    free = [0.0] * workers
    end = 0.0
    for seconds in times:
        start = heapq.heappop(free)
        finish = start + overhead + seconds
        heapq.heappush(free, finish)
        end = max(end, finish)
    return end


def svg_plot(series, workers, path):
    """Speedup against workers, log-log, one line per series, the ideal dashed."""
    width, height, left, bottom, top, right = 640, 420, 70, 50, 20, 170
    lo, hi = math.log2(workers[0]), math.log2(workers[-1])
    ymax = math.log2(workers[-1])

    def x(w):
        return left + (math.log2(w) - lo) / (hi - lo) * (width - left - right)

    def y(s):
        return height - bottom - (math.log2(max(s, 1)) / ymax) * (height - bottom - top)

    colours = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b"]
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'font-family="sans-serif" font-size="12">',
           f'<rect width="{width}" height="{height}" fill="white"/>']
    for w in workers:
        out.append(f'<line x1="{x(w):.1f}" y1="{height - bottom}" x2="{x(w):.1f}" y2="{top}" '
                   'stroke="#eee"/>')
        out.append(f'<text x="{x(w):.1f}" y="{height - bottom + 16}" text-anchor="middle">{w}'
                   '</text>')
        out.append(f'<text x="{left - 8}" y="{y(w) + 4:.1f}" text-anchor="end">{w}</text>')
    out.append(f'<line x1="{left}" y1="{height - bottom}" x2="{width - right}" '
               f'y2="{height - bottom}" stroke="black"/>')
    out.append(f'<line x1="{left}" y1="{height - bottom}" x2="{left}" y2="{top}" '
               'stroke="black"/>')
    out.append(f'<text x="{(left + width - right) / 2}" y="{height - 12}" '
               'text-anchor="middle">workers</text>')
    out.append(f'<text x="16" y="{(height - bottom + top) / 2}" text-anchor="middle" '
               f'transform="rotate(-90 16 {(height - bottom + top) / 2})">predicted speedup'
               '</text>')
    ideal = " ".join(f"{x(w):.1f},{y(w):.1f}" for w in workers)
    out.append(f'<polyline points="{ideal}" fill="none" stroke="#999" stroke-dasharray="4 4"/>')
    out.append(f'<text x="{width - right + 8}" y="{top + 10}" fill="#999">ideal</text>')
    for k, (label, speedups) in enumerate(series):
        colour = colours[k % len(colours)]
        points = " ".join(f"{x(w):.1f},{y(s):.1f}" for w, s in zip(workers, speedups))
        out.append(f'<polyline points="{points}" fill="none" stroke="{colour}" '
                   'stroke-width="2"/>')
        out.append(f'<text x="{width - right + 8}" y="{top + 30 + 18 * k}" fill="{colour}">'
                   f'{label}</text>')
    out.append("</svg>")
    with open(path, "w") as svg:
        svg.write("\n".join(out) + "\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--overhead", type=float, default=0.00001)
    parser.add_argument("--svg")
    parser.add_argument("inputs", nargs="+", metavar="LABEL=FILE")
    args = parser.parse_args()
    workers = [2 ** k for k in range(1, 11)]
    series = []
    header = f"{'workers':>8}"
    for item in args.inputs:
        label, path = item.rsplit("=", 1)
        times, measured, serial = read_jobs(path)
        work = sum(times)
        yardstick = serial if serial else work
        speedups = [yardstick / makespan(times, w, args.overhead) for w in workers]
        series.append((label, speedups))
        print(f"{label}: {len(times)} jobs ({measured} measured), {work:.1f} s of work"
              + (f" ({100 * (work / serial - 1):+.0f}% on the unsplit {serial:.1f} s)"
                 if serial else "")
              + f", largest job {max(times):.3f} s")
        header += f" {label:>22}"
    print(header)
    for i, w in enumerate(workers):
        row = f"{w:>8}"
        for _, speedups in series:
            row += f" {speedups[i]:>10.1f} ({100 * speedups[i] / w:>5.1f}%)  "
        print(row)
    if args.svg:
        svg_plot(series, workers, args.svg)


if __name__ == "__main__":
    main()
