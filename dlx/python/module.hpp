// The parts of the extension dlx._dlx: each binds one library into the module.
#pragma once

#include <dlx/solver.hpp>

#include <pybind11/pybind11.h>

namespace dlx::python {

// What stopped a search, as Python sees it: None, or 'limit', 'node_limit', 'time_limit',
// 'interrupted', 'stopped' (bindings.cpp).
pybind11::object stop_name(Stop stop);

// The engine: Stats, Estimate, TreeEstimate, Split, Merge (bindings.cpp), then Problem
// (problem.cpp), Zdd (zdd.cpp), Solutions and Solver (solver.cpp).
void bind_engine(pybind11::module_& module);
void bind_solver(pybind11::module_& module);

} // namespace dlx::python
