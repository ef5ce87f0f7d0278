"""The type stubs (.pyi) name exactly what the module has: every public class, function,
method and property of dlx and dlx.sudoku, and nothing else."""

import ast
import inspect
import pathlib

import pytest

import dlx
from dlx import polyform, sudoku

PACKAGE = pathlib.Path(dlx.__file__).parent


def stub_names(path):
    """{name: set of member names or None for a function} of a .pyi file's top level."""
    names = {}
    for node in ast.parse(path.read_text()).body:
        if isinstance(node, ast.ClassDef):
            names[node.name] = {
                item.name
                for item in node.body
                if isinstance(item, ast.FunctionDef) and not item.name.startswith("_")
            }
        elif isinstance(node, ast.FunctionDef):
            names[node.name] = None
    return names


def public(members):
    return {name for name in members if not name.startswith("_")}


@pytest.mark.parametrize(
    "module, stub",
    [(dlx, "__init__.pyi"), (sudoku, "sudoku/__init__.pyi"), (polyform, "polyform/__init__.pyi")],
)
def test_the_stubs_name_what_the_module_has(module, stub):
    stubs = stub_names(PACKAGE / stub)
    exported = {
        name
        for name, value in vars(module).items()
        if not name.startswith("_") and (inspect.isclass(value) or callable(value))
    }
    typed_only = {"Rating", "SeRating"}  # TypedDicts of rate()'s dicts: only the stub has them
    assert exported == set(stubs) - typed_only
    for name, members in stubs.items():
        if members is None or name in typed_only:
            continue
        value = getattr(module, name)
        # What a class adds to a builtin base (dlx.Count to int): the stub names only that.
        inherited = set().union(*(public(dir(base)) for base in value.__mro__[1:-1]))
        assert public(dir(value)) - inherited == members, name
