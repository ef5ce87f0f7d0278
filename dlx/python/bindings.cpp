// The Python face of the engine: module dlx._dlx, re-exported by the package dlx (__init__.py).
//
//   dlx.Problem   items and options by name, any Python object as an option's label; a
//                 ProblemBuilder underneath, built into a dlx::Problem when a Solver needs it
//                 (problem.cpp)
//   dlx.Solver    first(), count(), solutions() (a lazy iterator), estimate(), split(),
//                 stats (solver.cpp)
//   dlx.Stats, dlx.Estimate, dlx.TreeEstimate, dlx.Split, dlx.Merge   the library's result
//                 structs (here)
//
// Searches run without the GIL. Ctrl-C: every search, and each step of solutions() (the
// solver's own search, paused at each solution and resumed by next() on the caller's thread),
// runs with SearchOptions::cancel set by a SIGINT handler of ours (which passes the signal on
// to Python's): the search ends within a fraction of a second, KeyboardInterrupt is raised,
// and the Solver stays usable.
#include "errors.hpp"
#include "interrupt.hpp"
#include "module.hpp"
#include "problem.hpp"
#include "text_io.hpp"
#include "zdd.hpp"

#include <dlx/knuth_format.hpp>
#include <dlx/problem.hpp>
#include <dlx/solver.hpp>
#include <dlx/split.hpp>
#include <dlx/version.hpp>

#include <pybind11/operators.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>
#include <sstream>
#include <string>

namespace py = pybind11;

namespace dlx::python {

namespace {

// Job results summed into the unsplit totals (dlx::Merge), with the split's digest so that
// results given as Stats can be added as the job file's results are.
class PyMerge {
public:
    explicit PyMerge(const Split& split) : merge_(split), digest_(split.digest()) {}

    void add(std::uint64_t job, const SearchStats& stats)
    {
        if (!stats.complete)
            throw py::value_error("Merge.add: job " + std::to_string(job) +
                                  " was not counted to its end");
        merge_.add({job, stats.solutions, stats.nodes, stats.updates, 0, digest_});
    }
    void add_line(const std::string& line) { merge_.add(parse_result(line)); }
    void add_results(const py::object& source)
    {
        std::string text, name = "-";
        read_text(source, text, name);
        std::istringstream in(std::move(text));
        merge_.add_results(in, name);
    }
    [[nodiscard]] const Merge& merge() const noexcept { return merge_; }

private:
    Merge merge_;
    std::string digest_;
};

py::int_ big(const BigCount& count) { return py::int_(py::str(count.to_string())); }

std::string describe(const SearchStats& stats)
{
    std::string stopped;
    if (!stats.complete)
        stopped = ", stopped early (" + py::str(stop_name(stats.stopped)).cast<std::string>() + ")";
    return "<dlx.Stats: " + std::to_string(stats.solutions) + " solutions, " +
           std::to_string(stats.nodes) + " nodes, " + std::to_string(stats.updates) +
           " updates, max level " + std::to_string(stats.max_level) + stopped + ">";
}

std::string describe(const Estimate& estimate)
{
    std::ostringstream text;
    text << estimate.value << " +- " << estimate.standard_error;
    return text.str();
}

} // namespace

py::object stop_name(Stop stop)
{
    switch (stop) {
    case Stop::none: return py::none();
    case Stop::solution_limit: return py::str("limit");
    case Stop::node_limit: return py::str("node_limit");
    case Stop::time_limit: return py::str("time_limit");
    case Stop::cancelled: return py::str("interrupted");
    case Stop::visitor: return py::str("stopped");
    }
    return py::none();
}

void bind_engine(py::module_& module)
{
    module.doc() = "Knuth's Algorithm X over dancing links (the C++ engine dlx), with colours "
                   "and multiplicities, and the Sudoku toolkit built on it.";
    module.attr("__version__") = dlx::version;

    remember_main_thread();
    translate_cast_errors();
    // The library's own errors about its input; local to this module, so that other modules'
    // exceptions keep pybind11's translation.
    py::register_local_exception_translator([](std::exception_ptr error) {
        try {
            if (error)
                std::rethrow_exception(error);
        } catch (const ProblemError& e) {
            PyErr_SetString(PyExc_ValueError, e.what());
        } catch (const ParseError& e) {
            PyErr_SetString(PyExc_ValueError, e.what());
        } catch (const ArgumentError& e) {
            PyErr_SetString(PyExc_ValueError, e.what());
        } catch (const FileError& e) {
            PyErr_SetString(PyExc_OSError, e.what());
        }
    });

    py::class_<SearchStats>(module, "Stats",
                            "Knuth's counters of a search, with his definitions (those of his "
                            "dlx1, dlx2 and dlx3).")
        .def_readonly("solutions", &SearchStats::solutions, "Solutions found.")
        .def_readonly("nodes", &SearchStats::nodes,
                      "Search-tree nodes entered, solution leaves included.")
        .def_readonly("updates", &SearchStats::updates,
                      "Removals of a node from an item's list, plus one per item covered.")
        .def_readonly("max_level", &SearchStats::max_level,
                      "Depth of the deepest node entered (the root is level 0).")
        .def_readonly("complete", &SearchStats::complete,
                      "False when a limit or an early stop ended the search.")
        .def_property_readonly(
            "stopped", [](const SearchStats& stats) { return stop_name(stats.stopped); },
            "What ended the search early: None (nothing: the whole tree was searched), "
            "'limit' (the solution limit), 'node_limit', 'time_limit', 'interrupted' (Ctrl-C) "
            "or 'stopped' (the iterator is paused at a solution, or was left).")
        .def(py::self == py::self)
        .def("__repr__", [](const SearchStats& stats) { return describe(stats); });

    py::class_<Estimate>(module, "Estimate",
                         "An estimated quantity and its standard error: the truth lies within "
                         "two standard errors about 95% of the time when the samples are many.")
        .def_readonly("value", &Estimate::value)
        .def_readonly("error", &Estimate::standard_error, "The standard error.")
        .def("__repr__",
             [](const Estimate& estimate) { return "<dlx.Estimate " + describe(estimate) + ">"; });

    py::class_<TreeEstimate>(module, "TreeEstimate",
                             "Knuth's estimate of a search tree from random root-to-leaf "
                             "paths: unbiased estimates of a full count's nodes, updates and "
                             "solutions.")
        .def_readonly("nodes", &TreeEstimate::nodes)
        .def_readonly("updates", &TreeEstimate::updates)
        .def_readonly("solutions", &TreeEstimate::solutions)
        .def_readonly("samples", &TreeEstimate::samples, "Random paths walked.")
        .def("__repr__", [](const TreeEstimate& tree) {
            return "<dlx.TreeEstimate from " + plural(tree.samples, "path") + ": nodes " +
                   describe(tree.nodes) + ", updates " + describe(tree.updates) + ", solutions " +
                   describe(tree.solutions) + ">";
        });

    py::class_<Split>(module, "Split",
                      "The top of a search tree cut into jobs (see Solver.split): each job the "
                      "subtree below a path of branch numbers, to be counted anywhere "
                      "(Solver.count_job, or exact-cover --jobs) and summed with Merge into "
                      "exactly the unsplit counts. Jobs are numbered from 1, heaviest first, "
                      "as in the job file.")
        .def_property_readonly(
            "jobs",
            [](const Split& split) {
                py::list paths;
                for (const Job& job : split.jobs)
                    paths.append(py::tuple(py::cast(job.path)));
                return paths;
            },
            "Each job's path: the branch taken at each level from the root.")
        .def_property_readonly(
            "weights",
            [](const Split& split) {
                std::vector<double> weights;
                for (const Job& job : split.jobs)
                    weights.push_back(job.weight);
                return weights;
            },
            "Each job's estimated part of the work (they add up to 1).")
        .def_readonly("top", &Split::top,
                      "The nodes above the jobs, counted once by the split: Stats.")
        .def_property_readonly("digest", &Split::digest,
                               "Names the split; every result of its jobs carries it.")
        .def_readonly("problem_digest", &Split::problem_digest)
        .def_property_readonly(
            "method",
            [](const Split& split) { return split.method == Method::cells ? "cells" : "links"; },
            "The search method its jobs run: 'links' or 'cells'.")
        .def("__len__", [](const Split& split) { return split.jobs.size(); })
        .def(
            "write",
            [](const Split& split, const py::object& target, const std::string& problem_name) {
                std::ostringstream out;
                write_split(out, split, problem_name);
                write_text(target, out.str());
            },
            py::arg("target"), py::arg("problem_name") = "-",
            "Writes the job file (docs/cli.md section 4.5) that exact-cover --jobs and "
            "exact-cover-mpi --jobs read.")
        .def_static(
            "read",
            [](const py::object& source) {
                std::string text, name = "-";
                read_text(source, text, name);
                std::istringstream in(std::move(text));
                return read_split(in, name);
            },
            py::arg("source"), "Reads a job file (a path or an open file).")
        .def(py::self == py::self)
        .def("__repr__", [](const Split& split) {
            return "<dlx.Split: " + plural(split.jobs.size(), "job") + ", top " +
                   std::to_string(split.top.nodes) + " nodes>";
        });

    py::class_<PyMerge>(module, "Merge",
                        "Sums the results of a split's jobs into the unsplit search's totals "
                        "(Python ints: they may pass 2**64). Refuses results of another split, "
                        "unknown jobs, and a second result for a job that disagrees with the "
                        "first (ValueError).")
        .def(py::init<const Split&>(), py::arg("split"))
        .def("add", &PyMerge::add, py::arg("job"), py::arg("stats"),
             "Adds job `job`'s counters, as Solver.count_job returned them.")
        .def("add_line", &PyMerge::add_line, py::arg("line"),
             "Adds one result line as exact-cover --jobs prints it (JSON).")
        .def("add_results", &PyMerge::add_results, py::arg("source"),
             "Adds every result line of a file (a path or an open file).")
        .def_property_readonly(
            "missing", [](const PyMerge& merge) { return merge.merge().missing(); },
            "The jobs with no result yet, in increasing order.")
        .def_property_readonly("solutions",
                               [](const PyMerge& merge) { return big(merge.merge().solutions()); })
        .def_property_readonly("nodes",
                               [](const PyMerge& merge) { return big(merge.merge().nodes()); })
        .def_property_readonly("updates",
                               [](const PyMerge& merge) { return big(merge.merge().updates()); })
        .def("__repr__", [](const PyMerge& merge) {
            return "<dlx.Merge: " + merge.merge().solutions().to_string() + " solutions so far, " +
                   plural(merge.merge().missing().size(), "job") + " missing>";
        });

    bind_problem(module);
    bind_zdd(module);
    bind_solver(module);
}

} // namespace dlx::python

PYBIND11_MODULE(_dlx, module) { dlx::python::bind_engine(module); }
