"""The split into jobs from Python: Solver.split, count_job and Merge give exactly the unsplit
counts, and agree with exact-cover --split / --jobs / --merge (EXACT_COVER names the program)."""

import io
import os
import pathlib
import subprocess

import pytest

import dlx

DATA = pathlib.Path(os.environ.get("DLX_DATA_DIR", pathlib.Path(__file__).parents[2] / "data"))
EXACT_COVER = os.environ.get("EXACT_COVER")


def problem(name):
    return dlx.Problem.read(DATA / "exact-cover" / name)


@pytest.mark.parametrize("name", ["queens8.dlx", "colour12.dlx", "mult3x4.dlx", "langford7.dlx"])
@pytest.mark.parametrize("jobs", [1, 7, 50])
def test_the_jobs_add_up_to_the_unsplit_count(name, jobs):
    solver = dlx.Solver(problem(name))
    solver.count()
    whole = solver.stats
    split = solver.split(jobs)
    assert len(split) == len(split.jobs) >= min(jobs, 1)
    assert abs(sum(split.weights) - 1) < 1e-9
    merge = dlx.Merge(split)
    assert merge.missing == list(range(1, len(split) + 1))
    for job in range(1, len(split) + 1):
        merge.add(job, solver.count_job(split, job))
    assert merge.missing == []
    assert (merge.solutions, merge.nodes, merge.updates) == (whole.solutions, whole.nodes, whole.updates)


@pytest.mark.parametrize("name", ["queens8.dlx", "colour12.dlx", "langford7.dlx"])
@pytest.mark.parametrize("samples", [0, 8])
def test_dancing_cells_jobs_count_every_solution(name, samples, tmp_path):
    solver = dlx.Solver(problem(name))
    whole = solver.count(method="cells")
    split = solver.split(30, samples=samples, method="cells")
    assert split.method == "cells" and solver.split(30).method == "links"
    path = tmp_path / "jobs.txt"
    split.write(path, problem_name=name)
    assert "\nmethod cells\n" in path.read_text()
    split = dlx.Split.read(path)
    merge = dlx.Merge(split)
    for job in range(1, len(split) + 1):
        merge.add(job, solver.count_job(split, job))  # count_job runs the split's method
    assert merge.solutions == whole
    with pytest.raises(ValueError, match="multiplicities"):
        dlx.Solver(problem("mult3x4.dlx")).split(4, method="cells")


def test_splits_by_samples_and_their_files(tmp_path):
    solver = dlx.Solver(problem("queens8.dlx"))
    split = solver.split(20, samples=16, seed=3)
    assert split == solver.split(20, samples=16, seed=3)
    path = tmp_path / "jobs.txt"
    split.write(path, problem_name="queens8.dlx")
    again = dlx.Split.read(path)
    assert again == split and again.digest == split.digest
    text = io.StringIO()
    split.write(text)
    assert dlx.Split.read(io.StringIO(text.getvalue())) == split
    assert repr(split).startswith(f"<dlx.Split: {len(split)} jobs")


def test_what_merge_and_count_job_refuse(tmp_path):
    queens = dlx.Solver(problem("queens8.dlx"))
    split = queens.split(7)
    with pytest.raises(ValueError, match="another problem"):
        dlx.Solver(problem("langford7.dlx")).count_job(split, 1)
    with pytest.raises(ValueError, match="no job 0"):
        queens.count_job(split, 0)
    merge = dlx.Merge(split)
    stats = queens.count_job(split, 1)
    merge.add(1, stats)
    merge.add(1, stats)  # the same result twice: a job run twice
    with pytest.raises(ValueError):
        merge.add(2, stats)  # job 2 with job 1's counts: fine to add once...
        merge.add(2, queens.count_job(split, 3))  # ...but not a second, different result
    with pytest.raises(ValueError):
        merge.add(len(split) + 1, stats)
    with pytest.raises(ValueError):
        merge.add_line('{"job":1,"solutions":"1","nodes":1,"updates":1,"seconds":0,"digest":"x"}')
    bad = tmp_path / "bad.txt"
    bad.write_text("dlx-jobs 1\nnonsense\n")
    with pytest.raises(ValueError, match=f"^{bad}:2"):
        dlx.Split.read(bad)


@pytest.mark.skipif(not EXACT_COVER, reason="EXACT_COVER is not set")
def test_the_cli_and_the_module_read_each_others_files(tmp_path):
    file = DATA / "exact-cover" / "colour12.dlx"
    jobs = tmp_path / "jobs.txt"
    jobs.write_text(
        subprocess.run([EXACT_COVER, "--split", "9", str(file)], check=True, capture_output=True, text=True).stdout
    )
    solver = dlx.Solver(dlx.Problem.read(file))
    split = dlx.Split.read(jobs)
    assert split == solver.split(9)  # the same cut
    results = subprocess.run(
        [EXACT_COVER, "--jobs", str(jobs), "--job", "1-4", str(file)], check=True, capture_output=True, text=True
    ).stdout
    merge = dlx.Merge(split)
    merge.add_results(io.StringIO(results))
    assert merge.missing == list(range(5, len(split) + 1))
    for job in merge.missing:
        merge.add(job, solver.count_job(split, job))
    assert merge.solutions == 134 and (merge.nodes, merge.updates) == (552, 5954)
