"""docs/python.md's examples, run as written: every ```python block, from the repository's
top folder (where the page's paths start), each in a fresh namespace. Their asserts are part
of what the reader sees."""

import contextlib
import io
import os
import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).parents[2]
PAGE = ROOT / "docs" / "python.md"
BLOCKS = re.findall(r"```python\n(.*?)```", PAGE.read_text(), re.S)


def test_the_page_has_examples():
    assert len(BLOCKS) >= 6


@pytest.mark.parametrize("number", range(len(BLOCKS)))
def test_each_example_runs_as_written(number, monkeypatch):
    monkeypatch.chdir(ROOT)
    output = io.StringIO()
    with contextlib.redirect_stdout(output):
        exec(compile(BLOCKS[number], f"{PAGE}:block {number + 1}", "exec"), {"__name__": "__main__"})
    print(output.getvalue())  # shown with -s, to compare with the page's comments
