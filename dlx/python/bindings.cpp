// The Python face of the engine: module dlx._dlx, re-exported by the package dlx (__init__.py).
//
//   dlx.Problem   items and options by name, any Python object as an option's label; a
//                 ProblemBuilder underneath, built into a dlx::Problem when a Solver needs it
//   dlx.Solver    first(), count(), solutions() (a lazy iterator), estimate(), stats
//   dlx.Stats, dlx.Estimate, dlx.TreeEstimate   the library's result structs
//
// Searches run without the GIL. Ctrl-C: count() and first() run with SearchOptions::cancel set
// by a SIGINT handler of ours (which passes the signal on to Python's); solutions() searches on
// a thread of its own and the caller, waiting for the next solution, looks for signals every
// 50 ms. Either way the search ends within a fraction of a second, KeyboardInterrupt is raised,
// and the Solver stays usable.
#include "interrupt.hpp"
#include "module.hpp"
#include "solution_stream.hpp"
#include "text_io.hpp"

#include <dlx/knuth_format.hpp>
#include <dlx/problem.hpp>
#include <dlx/solver.hpp>
#include <dlx/split.hpp>
#include <dlx/version.hpp>

#include <pybind11/operators.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <memory>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace py = pybind11;

namespace dlx::python {

namespace {

// A collection of names where one is expected: a str or bytes is refused (iterating it would
// give its characters, one item each).
py::iterable names(const py::handle& value, const char* what)
{
    if (py::isinstance<py::str>(value) || py::isinstance<py::bytes>(value) ||
        !py::isinstance<py::iterable>(value))
        throw py::type_error(
            std::string(what) + " must be a collection of item names, not " +
            py::str(py::type::handle_of(value).attr("__name__")).cast<std::string>());
    return py::reinterpret_borrow<py::iterable>(value);
}

std::string name_of(const py::handle& value, const std::string& where)
{
    if (!py::isinstance<py::str>(value))
        throw py::type_error(
            where + ": an item name is a str, not " +
            py::str(py::type::handle_of(value).attr("__name__")).cast<std::string>());
    return value.cast<std::string>();
}

std::uint32_t bound_of(const py::handle& value, const std::string& where)
{
    if (!py::isinstance<py::int_>(value) || py::isinstance<py::bool_>(value))
        throw py::type_error(where + ": a bound is an int");
    const auto bound = value.cast<long long>();
    if (bound < 0 || bound > 0xFFFFFFFFLL)
        throw py::value_error(where + ": bound " + std::to_string(bound) + " out of range");
    return static_cast<std::uint32_t>(bound);
}

// A problem under construction: the builder, what Python reads back without building (item
// names and kinds), each option's label, and the built Problem once something has asked for it
// (dropped at every change).
class PyProblem {
public:
    PyProblem() = default;

    // A primary item: a name, or a (name, lower, upper) sequence for a multiplicity.
    void add_primary(const py::handle& spec)
    {
        if (py::isinstance<py::str>(spec)) {
            add_item(spec.cast<std::string>(), false, std::nullopt);
            return;
        }
        if (!py::isinstance<py::sequence>(spec) || py::len(spec) != 3)
            throw py::type_error("a primary item is a name or a (name, lower, upper) tuple");
        const auto tuple = py::reinterpret_borrow<py::sequence>(spec);
        const std::string name = name_of(tuple[0], "primary item");
        add_item(name, false,
                 std::pair{bound_of(tuple[1], "item '" + name + "'"),
                           bound_of(tuple[2], "item '" + name + "'")});
    }
    void add_item(const std::string& name, bool secondary,
                  std::optional<std::pair<std::uint32_t, std::uint32_t>> bounds)
    {
        built_.reset();
        if (secondary && bounds)
            throw py::value_error("item '" + name + "': a secondary item has no bounds");
        if (secondary)
            builder_.add_secondary(name);
        else if (bounds)
            builder_.add_primary(name, {bounds->first, bounds->second});
        else
            builder_.add_primary(name);
        names_.push_back(name.empty() ? "#" + std::to_string(names_.size()) : name);
        secondary_.push_back(secondary);
        ++changes_;
    }

    // An option: item names, "name:colour" for a colour. Returns its index. Everything the
    // builder would refuse is checked first, so that a refused option leaves nothing behind
    // (not even a new colour).
    OptionId add_option(const py::handle& items, const py::object& label)
    {
        built_.reset();
        const std::string where = "option " + std::to_string(builder_.option_count());
        struct Named {
            ItemId item;
            std::optional<std::string> colour;
        };
        std::vector<Named> named;
        std::vector<bool> seen(names_.size(), false);
        for (const py::handle& handle : names(items, where.c_str())) {
            const std::string text = name_of(handle, where);
            const auto colon = text.find(':');
            const std::string name = text.substr(0, colon);
            const ItemId item = builder_.find_item(name);
            if (item == builder_.item_count())
                throw py::value_error(where + ": unknown item '" + name + "'");
            if (seen[item])
                throw py::value_error(where + ": item '" + name + "' appears twice");
            seen[item] = true;
            if (colon != std::string::npos && !secondary_[item])
                throw py::value_error(where + ": primary item '" + name + "' cannot have a colour");
            named.push_back({item, colon == std::string::npos
                                       ? std::nullopt
                                       : std::optional(text.substr(colon + 1))});
        }
        if (named.empty())
            throw py::value_error(where + ": an option needs at least one item");
        for (const Named& entry : named) // a bad colour name is refused before any is made
            if (entry.colour && !is_valid_name(*entry.colour))
                throw py::value_error(where + ": bad colour name '" + *entry.colour + "'");
        std::vector<Entry> entries;
        for (const Named& entry : named)
            entries.push_back(
                {entry.item, entry.colour ? builder_.color(*entry.colour) : no_color});
        const OptionId option = builder_.add_option(entries);
        labels_.append(label.is_none() ? py::int_(option) : label);
        ++changes_;
        return option;
    }

    const std::shared_ptr<const Problem>& built()
    {
        if (!built_) {
            ProblemBuilder copy = builder_;
            built_ = std::make_shared<const Problem>(std::move(copy).build());
        }
        return built_;
    }
    [[nodiscard]] const py::list& labels() const noexcept { return labels_; }
    [[nodiscard]] const std::vector<std::string>& item_names() const noexcept { return names_; }
    [[nodiscard]] std::size_t primary_count() const noexcept
    {
        return static_cast<std::size_t>(std::count(secondary_.begin(), secondary_.end(), false));
    }
    [[nodiscard]] std::size_t option_count() const noexcept { return builder_.option_count(); }
    // Items and options added so far: a Solver knows by it that its problem has changed.
    [[nodiscard]] std::uint64_t changes() const noexcept { return changes_; }

    // Knuth's format. Each option read is labelled with its text as the file has it.
    static PyProblem from(const Problem& problem)
    {
        PyProblem result;
        for (ItemId item = 0; item < problem.item_count(); ++item)
            result.add_item(problem.name(item), problem.kind(item) == ItemKind::secondary,
                            problem.kind(item) == ItemKind::primary &&
                                    problem.bounds(item) != Bounds{}
                                ? std::optional(std::pair(problem.bounds(item).lower,
                                                          problem.bounds(item).upper))
                                : std::nullopt);
        for (OptionId option = 0; option < problem.option_count(); ++option) {
            std::vector<Entry> entries;
            for (const Entry& entry : problem.option(option))
                entries.push_back(
                    {entry.item, entry.color == no_color
                                     ? no_color
                                     : result.builder_.color(problem.color_name(entry.color))});
            result.builder_.add_option(entries);
            result.labels_.append(py::str(format_option(problem, option)));
        }
        return result;
    }

private:
    ProblemBuilder builder_;
    std::vector<std::string> names_;
    std::vector<bool> secondary_;
    py::list labels_;
    std::shared_ptr<const Problem> built_;
    std::uint64_t changes_ = 0;
};

PyProblem read_problem(const py::object& source)
{
    std::string text, name = "-";
    read_text(source, text, name);
    try { // the labels are the options' texts: Python str
        py::bytes(text).attr("decode")("utf-8");
    } catch (const py::error_already_set&) {
        throw py::value_error(name + ": not UTF-8 text");
    }
    std::istringstream in(std::move(text));
    return PyProblem::from(read_knuth(in, name));
}

void write_problem(PyProblem& problem, const py::object& target)
{
    std::ostringstream out;
    write_knuth(out, *problem.built());
    write_text(target, out.str());
}

std::string plural(std::size_t count, const char* noun)
{
    return std::to_string(count) + " " + noun + (count == 1 ? "" : "s");
}

std::string describe(PyProblem& problem)
{
    const Problem& built = *problem.built();
    std::string text = "<dlx.Problem: " + plural(built.item_count(), "item");
    if (built.primary_count() != built.item_count())
        text += " (" + std::to_string(built.primary_count()) + " primary)";
    text += ", " + plural(built.option_count(), "option");
    if (built.has_colors())
        text += ", colours";
    if (built.has_multiplicities())
        text += ", multiplicities";
    return text + ">";
}

// The options of a problem as Python sees them: lists of "name" or "name:colour".
py::list option_texts(const Problem& problem, OptionId option)
{
    py::list items;
    for (const Entry& entry : problem.option(option)) {
        std::string text = problem.name(entry.item);
        if (entry.color != no_color)
            text += ":" + problem.color_name(entry.color);
        items.append(text);
    }
    return items;
}

// A dlx::Solver is not thread-safe, and its searches run without the GIL: a second Python
// thread calling into the same solver meanwhile is refused (RuntimeError), not made to wait
// (a wait could not be interrupted by Ctrl-C).
class PySolver {
public:
    static constexpr long long max_threads = 1024;

    explicit PySolver(const py::object& problem) : PySolver(problem, problem_of(problem)) {}

    py::list labelled(std::span<const OptionId> options) const
    {
        py::list result(options.size());
        for (std::size_t i = 0; i < options.size(); ++i)
            result[i] = labels_[options[i]];
        return result;
    }

    // "links" or "cells": SearchOptions::method, refused here (a ValueError) where it cannot run.
    Method method_named(const std::string& name) const
    {
        if (name == "links")
            return Method::links;
        if (name != "cells")
            throw py::value_error("method must be 'links' or 'cells', not '" + name + "'");
        if (problem_->has_multiplicities())
            throw py::value_error("method 'cells' (dancing cells) does not take multiplicities: "
                                  "use 'links'");
        return Method::cells;
    }

    std::optional<py::list> first(std::optional<std::uint64_t> seed, const std::string& method,
                                  std::optional<std::uint64_t> node_limit,
                                  std::optional<double> time_limit)
    {
        require_current();
        SearchOptions options;
        options.seed = seed;
        options.method = method_named(method);
        set_limits(options, node_limit, time_limit);
        std::vector<OptionId> found;
        bool have = false;
        run_interruptibly(options, [&](const SearchOptions& o) {
            return solver_.search(
                [&](std::span<const OptionId> solution) {
                    found.assign(solution.begin(), solution.end());
                    have = true;
                    return Visit::stop;
                },
                o);
        });
        if (!have)
            return std::nullopt;
        return labelled(found);
    }

    py::object count(std::optional<std::uint64_t> limit, long long threads,
                     const std::string& method, std::optional<std::uint64_t> node_limit,
                     std::optional<double> time_limit)
    {
        require_current();
        // As exact-cover --threads takes them (and 0 for every core): a thread count that a
        // typo made huge would otherwise start that many threads.
        if (threads < 0 || threads > max_threads)
            throw py::value_error("threads must be from 0 (every core) to " +
                                  std::to_string(max_threads) + ", not " + std::to_string(threads));
        if (node_limit && threads != 1)
            throw py::value_error("node_limit counts the nodes of one search: it cannot be "
                                  "combined with threads");
        SearchOptions options;
        options.solution_limit = limit.value_or(no_limit);
        options.method = method_named(method);
        set_limits(options, node_limit, time_limit);
        run_interruptibly(options, [&](const SearchOptions& o) {
            return solver_.count_parallel(static_cast<unsigned>(threads), o);
        });
        // A dlx.Count: an int that knows whether a node or time limit cut it short.
        const bool finished =
            stats_->stopped != Stop::node_limit && stats_->stopped != Stop::time_limit;
        return py::module_::import("dlx._count")
            .attr("Count")(stats_->solutions, py::arg("complete") = finished);
    }

    std::unique_ptr<SolutionStream> solutions(std::optional<std::uint64_t> limit,
                                              std::optional<std::uint64_t> seed,
                                              const std::string& method)
    {
        require_current();
        SearchOptions options;
        options.solution_limit = limit.value_or(no_limit);
        options.seed = seed;
        options.method = method_named(method);
        const Busy busy(busy_); // the copy reads the links
        return std::make_unique<SolutionStream>(solver_, options, labels_);
    }

    Split split(std::size_t jobs, std::uint64_t samples, std::uint64_t seed,
                const std::string& method)
    {
        require_current();
        SplitOptions options;
        options.method = method_named(method);
        options.samples = samples;
        options.seed = seed;
        InterruptGuard guard;
        options.cancel = guard.flag();
        std::optional<Split> made;
        {
            const py::gil_scoped_release unlocked; // the split searches a copy of the links
            try {
                made = dlx::split(*problem_, jobs, options);
            } catch (const Cancelled&) { // Ctrl-C: raised below
            }
        }
        guard.raise_if_interrupted();
        return std::move(made.value());
    }

    SearchStats count_job(const Split& split, std::size_t job)
    {
        require_current();
        if (split.problem_digest != digest())
            throw py::value_error("count_job: the split was made for another problem (digest " +
                                  split.problem_digest + ", this one's " + digest() + ")");
        SearchOptions options;
        run_interruptibly(options, [&](const SearchOptions& o) {
            return dlx::count_job(solver_, split, job, o);
        });
        return *stats_;
    }

    TreeEstimate estimate(std::uint64_t samples, std::uint64_t seed, const std::string& method)
    {
        require_current();
        EstimateOptions options;
        options.samples = samples;
        options.seed = seed;
        options.method = method_named(method);
        const Busy busy(busy_);
        InterruptGuard guard;
        options.cancel = guard.flag();
        TreeEstimate estimate;
        {
            const py::gil_scoped_release unlocked;
            estimate = solver_.estimate(options);
        }
        guard.raise_if_interrupted();
        return estimate;
    }

    [[nodiscard]] const std::optional<SearchStats>& stats() const noexcept { return stats_; }
    [[nodiscard]] const Problem& problem() const noexcept { return *problem_; }

private:
    static PyProblem& problem_of(const py::object& problem)
    {
        if (!py::isinstance<PyProblem>(problem))
            throw py::type_error(
                "dlx.Solver: expected a dlx.Problem, not " +
                py::str(py::type::of(problem).attr("__name__")).cast<std::string>());
        return problem.cast<PyProblem&>();
    }

    PySolver(const py::object& source, PyProblem& problem)
        : source_(source), changes_(problem.changes()), problem_(problem.built()),
          solver_(*problem_), labels_(py::tuple(problem.labels()))
    {
    }

    // A solver searches its problem as it was when the solver was built: refused once the
    // problem has changed, rather than answering for a problem that is no longer there.
    void require_current() const
    {
        const std::uint64_t now = source_.cast<const PyProblem&>().changes();
        if (now != changes_)
            throw std::runtime_error(
                "dlx.Solver: its Problem has changed since the solver was built (" +
                std::to_string(now - changes_) +
                " items or options added): make a new Solver to search it as it is now");
    }

    // node_limit and time_limit as the keyword arguments give them (None: no limit).
    static void set_limits(SearchOptions& options, std::optional<std::uint64_t> node_limit,
                           std::optional<double> time_limit)
    {
        if (node_limit) {
            if (*node_limit == 0)
                throw py::value_error("node_limit must be at least 1");
            options.node_limit = *node_limit;
        }
        if (time_limit) {
            if (!(*time_limit > 0) || *time_limit > 1e9)
                throw py::value_error("time_limit must be a number of seconds above 0, at most "
                                      "1e9, not " +
                                      py::repr(py::float_(*time_limit)).cast<std::string>());
            options.time_limit = std::chrono::duration_cast<std::chrono::nanoseconds>(
                std::chrono::duration<double>(*time_limit));
        }
    }

    const std::string& digest()
    {
        if (digest_.empty())
            digest_ = problem_digest(*problem_);
        return digest_;
    }

    class Busy {
    public:
        explicit Busy(std::atomic<bool>& busy) : busy_(busy)
        {
            if (busy_.exchange(true))
                throw std::runtime_error("dlx.Solver: in use by another thread (one solver "
                                         "searches one thing at a time; make one per thread)");
        }
        ~Busy() { busy_ = false; }
        Busy(const Busy&) = delete;
        Busy& operator=(const Busy&) = delete;

    private:
        std::atomic<bool>& busy_;
    };

    // Runs `search` without the GIL, with the cancel flag that Ctrl-C sets; raises
    // KeyboardInterrupt (or whatever Python's SIGINT handler raises) when it was pressed.
    template <typename Search> void run_interruptibly(SearchOptions& options, Search search)
    {
        const Busy busy(busy_);
        InterruptGuard guard;
        options.cancel = guard.flag();
        options.progress_interval = interrupt_check_nodes;
        SearchStats stats;
        {
            const py::gil_scoped_release unlocked;
            stats = search(options);
        }
        stats_ = stats; // with the GIL: Python threads may be reading it
        guard.raise_if_interrupted();
    }

    py::object source_;     // the dlx.Problem this solver was built from
    std::uint64_t changes_; // its changes() then
    std::shared_ptr<const Problem> problem_;
    Solver solver_;
    py::tuple labels_;
    std::optional<SearchStats> stats_;
    std::atomic<bool> busy_{false};
    std::string digest_; // problem_digest(), once asked for
};

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

// SearchStats::stopped as Python sees it: None, or the name of what stopped the search.
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

void bind_engine(py::module_& module)
{
    module.doc() = "Knuth's Algorithm X over dancing links (the C++ engine dlx), with colours "
                   "and multiplicities, and the Sudoku toolkit built on it.";
    module.attr("__version__") = dlx::version;

    remember_main_thread();
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
            "or 'stopped' (the iterator was left).")
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

    py::class_<PyProblem>(module, "Problem",
                          "An exact-cover problem: items to cover and options that cover them. "
                          "Primary items must be covered (exactly once, or between lower and "
                          "upper times for a multiplicity); secondary items at most once, or by "
                          "any number of options that agree on their colour.")
        .def(py::init([](const py::object& primary, const py::object& secondary,
                         const py::object& options) {
                 PyProblem problem;
                 for (const py::handle& spec : names(primary, "primary"))
                     problem.add_primary(spec);
                 for (const py::handle& name : names(secondary, "secondary"))
                     problem.add_item(name_of(name, "secondary item"), true, std::nullopt);
                 if (py::isinstance<py::dict>(options)) {
                     for (const auto& [label, items] : options.cast<py::dict>())
                         problem.add_option(items, py::reinterpret_borrow<py::object>(label));
                 } else {
                     if (!py::isinstance<py::iterable>(options))
                         throw py::type_error("options: a dict from label to item names, or a "
                                              "sequence of item-name lists");
                     for (const py::handle& items : py::reinterpret_borrow<py::iterable>(options))
                         problem.add_option(items, py::none());
                 }
                 return problem;
             }),
             py::arg("primary") = py::tuple(), py::arg("secondary") = py::tuple(),
             py::arg("options") = py::tuple(),
             "Problem(primary=(), secondary=(), options=()): primary items as names or "
             "(name, lower, upper) tuples, secondary items as names, and options either as a "
             "dict from label to item names or as a sequence of item-name lists (labelled by "
             "their index). An item name with ':colour' gives a secondary item a colour.")
        .def("add_item", &PyProblem::add_item, py::arg("name"), py::kw_only(),
             py::arg("secondary") = false, py::arg("bounds") = py::none(),
             "Adds an item: primary unless secondary=True; bounds=(lower, upper) makes a "
             "primary item a multiplicity (covered by lower to upper options). Raises "
             "ValueError for a duplicate or unwritable name, or bad bounds.")
        .def(
            "add_option",
            [](PyProblem& problem, const py::object& items, const py::object& label) {
                return problem.add_option(items, label);
            },
            py::arg("items"), py::arg("label") = py::none(),
            "Adds an option made of the named items ('name:colour' for a coloured secondary "
            "item) and returns its index. The label, any object, is what solutions hold for "
            "this option (None: the index). Raises ValueError for an unknown item, an item "
            "twice, a colour on a primary item, or an empty option, and changes nothing then.")
        .def_static("read", &read_problem, py::arg("source"),
                    "Reads a problem in Knuth's format (his dlx1/dlx2/dlx3 input) from a path "
                    "or an open file; each option is labelled with its text. Raises ValueError "
                    "naming the file and line of the first fault.")
        .def("write", &write_problem, py::arg("target"),
             "Writes the problem in Knuth's format to a path or an open text file.")
        .def_property_readonly(
            "items", [](const PyProblem& problem) { return problem.item_names(); },
            "The item names, in the order they were added.")
        .def_property_readonly("primary_count", &PyProblem::primary_count)
        .def_property_readonly("option_count", &PyProblem::option_count)
        .def_property_readonly(
            "labels", [](const PyProblem& problem) { return py::tuple(problem.labels()); },
            "Each option's label, in option order.")
        .def(
            "option",
            [](PyProblem& problem, OptionId option) {
                const Problem& built = *problem.built();
                if (option >= built.option_count())
                    throw py::index_error("option " + std::to_string(option) + " of " +
                                          std::to_string(built.option_count()));
                return option_texts(built, option);
            },
            py::arg("index"), "The items of option `index` ('name:colour' for a colour).")
        .def_property_readonly("has_colors",
                               [](PyProblem& problem) { return problem.built()->has_colors(); })
        .def_property_readonly(
            "has_multiplicities",
            [](PyProblem& problem) { return problem.built()->has_multiplicities(); })
        .def("__repr__", [](PyProblem& problem) { return describe(problem); });

    py::class_<SolutionStream>(module, "Solutions",
                               "The solutions of a search, one list of labels at a time, found "
                               "as they are asked for (in constant memory). Leaving a for loop "
                               "early, or close(), ends the search.")
        .def("__iter__", [](SolutionStream& stream) -> SolutionStream& { return stream; })
        .def("__next__",
             [](SolutionStream& stream) {
                 auto solution = stream.next();
                 if (!solution)
                     throw py::stop_iteration();
                 return *solution;
             })
        .def("close", &SolutionStream::close, "Ends the search (the iterator then stops).")
        .def("__enter__", [](SolutionStream& stream) -> SolutionStream& { return stream; })
        .def("__exit__", [](SolutionStream& stream, const py::args&) { stream.close(); })
        .def_property_readonly(
            "stats", &SolutionStream::stats,
            "The search's counters once it has ended (exhausted, or closed): None before.")
        .def("__repr__", [](const SolutionStream& stream) { return stream.describe(); });

    py::class_<PySolver>(module, "Solver",
                         "The dancing links of one problem, and the search over them "
                         "(Knuth's Algorithm X; C with colours, M with multiplicities). Build "
                         "one per problem and search it as often as needed; each search "
                         "leaves it as it was. Long searches release the GIL, and Ctrl-C "
                         "ends them with KeyboardInterrupt, the solver still usable.")
        .def(py::init<const py::object&>(), py::arg("problem"),
             "Builds the links of `problem`. Items or options added to the problem afterwards "
             "do not reach this solver: its searches then raise RuntimeError (make a new "
             "Solver).")
        .def("first", &PySolver::first, py::arg("seed") = py::none(), py::arg("method") = "links",
             py::kw_only(), py::arg("node_limit") = py::none(), py::arg("time_limit") = py::none(),
             "The first solution in Knuth's order (with a seed: a random one) as a list of "
             "option labels, or None when there is none. method='cells' searches with dancing "
             "cells (Knuth's ssxcc) instead of dancing links (his dlx1/2/3): the same solutions, "
             "another tree (and order), no multiplicities. With node_limit or time_limit "
             "(seconds), None may also mean that the search stopped first: stats.stopped says.")
        .def("count", &PySolver::count, py::arg("limit") = py::none(), py::arg("threads") = 1,
             py::arg("method") = "links", py::kw_only(), py::arg("node_limit") = py::none(),
             py::arg("time_limit") = py::none(),
             "Counts the solutions (at most `limit`), without keeping them; threads > 1 shares "
             "the tree out (0: every core; at most 1024, else ValueError), with the same "
             "counters as one thread (with method='cells': the same solutions). node_limit "
             "(one thread only) and time_limit (seconds, one limit for all threads) stop the "
             "search early: the result, a dlx.Count, is then a lower bound that prints with a "
             "'+' (its `complete` is False, and stats.stopped names the limit).")
        .def("solutions", &PySolver::solutions, py::arg("limit") = py::none(),
             py::arg("seed") = py::none(), py::arg("method") = "links",
             "An iterator over the solutions (each a list of option labels), searched as they "
             "are asked for: constant memory; leaving the loop ends the search. With a seed, "
             "ties between items and the order of each item's options are random, "
             "reproducibly. The solver can be used meanwhile (the iterator searches a copy).")
        .def("split", &PySolver::split, py::arg("jobs"), py::kw_only(), py::arg("samples") = 0,
             py::arg("seed") = 0, py::arg("method") = "links",
             "Cuts the tree into at least `jobs` jobs, none much heavier than the rest "
             "(weighed by their share of the tree, or with samples > 0 by Knuth's estimate "
             "from that many random paths each): a Split, the same as exact-cover --split "
             "gives. method='cells': jobs for dancing cells (the split names its method, and "
             "count_job runs it).")
        .def("count_job", &PySolver::count_job, py::arg("split"), py::arg("job"),
             "Counts job number `job` (from 1) of `split`: the Stats of its subtree, exactly "
             "as the whole search counts there. Interruptible as count() is.")
        .def("estimate", &PySolver::estimate, py::arg("samples") = 1000, py::arg("seed") = 0,
             py::arg("method") = "links",
             "Knuth's estimate of the tree that count(method=...) would search, from `samples` "
             "random paths: a TreeEstimate of nodes, updates and solutions with standard "
             "errors.")
        .def_property_readonly(
            "stats", [](const PySolver& solver) { return solver.stats(); }, // a copy
            "The counters of the last first() or count() (None before either).")
        .def("__repr__", [](const PySolver& solver) {
            const Problem& problem = solver.problem();
            return "<dlx.Solver of " + plural(problem.item_count(), "item") + " and " +
                   plural(problem.option_count(), "option") + ">";
        });
}

} // namespace dlx::python

PYBIND11_MODULE(_dlx, module)
{
    dlx::python::bind_engine(module);
    dlx::python::bind_sudoku(module);
}
