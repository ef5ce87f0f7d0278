// dlx.Solver and its iterator dlx.Solutions: the searches of a problem from Python, without the
// GIL, interruptible by Ctrl-C, refusing a problem that changed since the solver was built.
#include "interrupt.hpp"
#include "module.hpp"
#include "problem.hpp"
#include "zdd.hpp"

#include <dlx/memo.hpp>
#include <dlx/solver.hpp>
#include <dlx/split.hpp>
#include <dlx/zdd.hpp>

#include <pybind11/stl.h>

#include <atomic>
#include <chrono>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>

namespace dlx::python {

namespace {

class PySolutions;

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
                     std::optional<double> time_limit, bool memo, bool leftmost,
                     std::optional<std::size_t> memory)
    {
        require_current();
        check_threads(threads, node_limit);
        if (memo) {
            if (limit || method != "links")
                throw py::value_error("memo=True counts every solution with dancing links: it "
                                      "takes no limit or method");
            const auto [stats, zdd] = count_memo(node_limit, time_limit, leftmost, memory,
                                                 static_cast<unsigned>(threads), false);
            const bool finished =
                stats.stopped != Stop::node_limit && stats.stopped != Stop::time_limit;
            return py::module_::import("dlx._count")
                .attr("Count")(py::int_(py::str(stats.solutions.to_string())),
                               py::arg("complete") = finished);
        }
        if (leftmost || memory)
            throw py::value_error("leftmost and memory go with memo=True");
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

    // dlx.Solutions: `self` is this solver's Python object, which the iterator keeps alive.
    static std::unique_ptr<PySolutions> solutions(const py::object& self,
                                                  std::optional<std::uint64_t> limit,
                                                  std::optional<std::uint64_t> seed,
                                                  const std::string& method,
                                                  std::optional<std::uint64_t> node_limit,
                                                  std::optional<double> time_limit);

    // Solver.zdd(): the ZDD of all solutions, with the labels.
    PyZdd zdd(bool leftmost, std::optional<std::size_t> memory,
              std::optional<std::uint64_t> node_limit, std::optional<double> time_limit,
              long long threads)
    {
        require_current();
        check_threads(threads, node_limit);
        auto [stats, zdd] = count_memo(node_limit, time_limit, leftmost, memory,
                                       static_cast<unsigned>(threads), true);
        if (!stats.complete)
            throw std::runtime_error(
                "dlx.Solver.zdd: the count stopped at its " +
                std::string(stats.stopped == Stop::node_limit ? "node limit" : "time limit") +
                " before the ZDD was complete");
        return PyZdd{std::move(zdd), problem_, labels_};
    }

    Split split(std::size_t jobs, std::uint64_t samples, std::uint64_t seed,
                const std::string& method)
    {
        require_current();
        SplitOptions options;
        options.method = method_named(method);
        options.samples = samples;
        options.seed = seed;
        // The split searches a copy of the links: no Busy.
        std::optional<Split> made = interruptibly([&](const std::atomic<bool>* cancel) {
            options.cancel = cancel;
            try {
                return std::optional<Split>(dlx::split(*problem_, jobs, options));
            } catch (const Cancelled&) { // Ctrl-C: interruptibly() raises it
                return std::optional<Split>();
            }
        });
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
        return interruptibly([&](const std::atomic<bool>* cancel) {
            options.cancel = cancel;
            return solver_.estimate(options);
        });
    }

    [[nodiscard]] const std::optional<SearchStats>& stats() const noexcept { return stats_; }
    [[nodiscard]] py::object memo_stats() const { return memo_stats_; }
    [[nodiscard]] const Problem& problem() const noexcept { return *problem_; }

private:
    friend class PySolutions;

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

    // As exact-cover --threads takes them (and 0 for every core): a thread count that a typo
    // made huge would otherwise start that many threads.
    static void check_threads(long long threads, std::optional<std::uint64_t> node_limit)
    {
        if (threads < 0 || threads > max_threads)
            throw py::value_error("threads must be from 0 (every core) to " +
                                  std::to_string(max_threads) + ", not " + std::to_string(threads));
        if (node_limit && threads != 1)
            throw py::value_error("node_limit counts the nodes of one search: it cannot be "
                                  "combined with threads");
    }

    // A memoised count (and its ZDD), interruptible as the searches are.
    std::pair<MemoStats, Zdd> count_memo(std::optional<std::uint64_t> node_limit,
                                         std::optional<double> time_limit, bool leftmost,
                                         std::optional<std::size_t> memory, unsigned threads,
                                         bool build)
    {
        SearchOptions limits;
        set_limits(limits, node_limit, time_limit);
        constexpr std::size_t least = std::size_t{1} << 16, most = std::size_t{1} << 50;
        if (memory && (*memory < least || *memory > most))
            throw py::value_error("memory must be from 65536 (64 KiB) to 2**50 bytes, as "
                                  "exact-cover --memory takes it, not " +
                                  std::to_string(*memory));
        MemoOptions options;
        options.leftmost = leftmost;
        options.memory = memory.value_or(default_memo_memory);
        options.threads = threads;
        options.node_limit = limits.node_limit;
        options.time_limit = limits.time_limit;
        const Busy busy(busy_);
        Zdd zdd;
        MemoStats stats = interruptibly([&](const std::atomic<bool>* cancel) {
            options.cancel = cancel;
            return solver_.count_memo(options, build ? &zdd : nullptr);
        });
        py::dict figures;
        figures["solutions"] = py::int_(py::str(stats.solutions.to_string()));
        figures["complete"] = stats.complete;
        figures["stopped"] = stop_name(stats.stopped);
        figures["engine"] = stats.engine == MemoEngine::sets ? "sets" : "links";
        figures["nodes"] = stats.nodes;
        figures["hits"] = stats.hits;
        figures["zdd_nodes"] = stats.zdd_nodes;
        figures["failed_signatures"] = stats.failed_signatures;
        figures["solved_signatures"] = stats.solved_signatures;
        figures["updates"] = stats.updates;
        figures["peak_bytes"] = stats.peak_bytes;
        figures["clears"] = stats.clears;
        figures["max_level"] = stats.max_level;
        memo_stats_ = std::move(figures);
        return {std::move(stats), std::move(zdd)};
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
        options.progress_interval = interrupt_check_nodes;
        interruptibly(
            [&](const std::atomic<bool>* cancel) {
                options.cancel = cancel;
                return search(options);
            },
            // With the GIL (Python threads may be reading it), and before a Ctrl-C is raised.
            [&](const SearchStats& stats) { stats_ = stats; });
    }

    py::object source_;     // the dlx.Problem this solver was built from
    std::uint64_t changes_; // its changes() then
    std::shared_ptr<const Problem> problem_;
    Solver solver_;
    py::tuple labels_;
    std::optional<SearchStats> stats_;
    py::object memo_stats_ = py::none(); // of the last count with memory, as a dict
    std::atomic<bool> busy_{false};
    std::string digest_; // problem_digest(), once asked for
};

// dlx.Solutions: the solver's own search, paused at each solution (dlx::Solutions), resumed by
// next() on the caller's thread without the GIL: no copy of the solver, no thread, no queue.
// Ctrl-C during next() ends the search (its cancel flag, which the guard relays the signal to)
// and the iterator, and raises KeyboardInterrupt. Any other search of the solver meanwhile ends
// the iteration, whose next() then raises RuntimeError. What Python reads (stats, repr) is a
// copy made with the GIL held, so another thread may read it while next() searches.
class PySolutions {
public:
    PySolutions(const py::object& owner, PySolver& solver, SearchOptions options)
        : owner_(owner), solver_(solver), solutions_(start(solver, options, cancel_)),
          stats_(solutions_.stats())
    {
    }

    // The next solution's labels, or nothing once the search has ended.
    std::optional<py::list> next()
    {
        if (solutions_.done())
            return std::nullopt;
        solver_.require_current();
        const PySolver::Busy busy(solver_.busy_);
        cancel_ = false;
        InterruptGuard guard(&cancel_);
        std::optional<std::span<const OptionId>> solution;
        try {
            const py::gil_scoped_release unlocked;
            solution = solutions_.next();
        } catch (const ArgumentError&) { // the solver searched since: the search is gone
            stats_ = solutions_.stats();
            ended_ = true;
            throw std::runtime_error(
                "dlx.Solutions: the solver was used by another search since this iterator's "
                "last solution, which ends the iteration (start a new one with solutions())");
        } catch (...) {
            stats_ = solutions_.stats();
            ended_ = true;
            throw;
        }
        if (cancel_) // Ctrl-C, seen by the search or not: the iteration ends with it
            solutions_.close();
        stats_ = solutions_.stats();
        started_ = true;
        ended_ = solutions_.done();
        guard.raise_if_interrupted();
        if (!solution)
            return std::nullopt;
        ++taken_;
        return solver_.labelled(*solution);
    }

    void close()
    {
        const PySolver::Busy busy(solver_.busy_); // not while another thread's next() runs
        solutions_.close();
        ended_ = true;
    }
    [[nodiscard]] const SearchStats& stats() const noexcept { return stats_; }
    [[nodiscard]] std::string describe() const
    {
        const char* const state = ended_ ? "ended" : started_ ? "paused" : "not started";
        return "<dlx.Solutions: " + std::to_string(taken_) + " taken, " + state + ">";
    }

private:
    static Solutions start(PySolver& solver, SearchOptions& options, std::atomic<bool>& cancel)
    {
        options.cancel = &cancel;
        options.progress_interval = interrupt_check_nodes;
        return solver.solver_.solutions(options);
    }

    py::object owner_; // the dlx.Solver, alive while this iterates over its search
    PySolver& solver_;
    std::atomic<bool> cancel_{false}; // before solutions_, whose options point to it
    Solutions solutions_;
    SearchStats stats_; // solutions_.stats() after the last next(), for Python to read
    std::uint64_t taken_ = 0;
    bool started_ = false, ended_ = false;
};

std::unique_ptr<PySolutions> PySolver::solutions(const py::object& self,
                                                 std::optional<std::uint64_t> limit,
                                                 std::optional<std::uint64_t> seed,
                                                 const std::string& method,
                                                 std::optional<std::uint64_t> node_limit,
                                                 std::optional<double> time_limit)
{
    auto& solver = self.cast<PySolver&>();
    solver.require_current();
    SearchOptions options;
    options.solution_limit = limit.value_or(no_limit);
    options.seed = seed;
    options.method = solver.method_named(method);
    set_limits(options, node_limit, time_limit);
    const Busy busy(solver.busy_); // a new search, which ends any paused one
    return std::make_unique<PySolutions>(self, solver, options);
}

} // namespace

void bind_solver(py::module_& module)
{
    py::class_<PySolutions>(module, "Solutions",
                            "The solutions of a search, one list of labels at a time, each "
                            "searched for when it is asked for (the search pauses at each "
                            "solution: constant memory, no thread). Leaving a for loop early, "
                            "or close(), ends the search; so does any other search of its "
                            "solver, after which next() raises RuntimeError.")
        .def("__iter__", [](PySolutions& solutions) -> PySolutions& { return solutions; })
        .def("__next__",
             [](PySolutions& solutions) {
                 auto solution = solutions.next();
                 if (!solution)
                     throw py::stop_iteration();
                 return *solution;
             })
        .def("close", &PySolutions::close, "Ends the search (the iterator then stops).")
        .def("__enter__", [](PySolutions& solutions) -> PySolutions& { return solutions; })
        .def("__exit__", [](PySolutions& solutions, const py::args&) { solutions.close(); })
        .def_property_readonly(
            "stats", [](const PySolutions& solutions) { return solutions.stats(); }, // a copy
            "The search's counters so far: complete once it has searched the whole tree; "
            "stopped names what ended it early ('limit', 'node_limit', 'time_limit', "
            "'interrupted'), or is 'stopped' while it is paused at a solution and once "
            "closed.")
        .def("__repr__", &PySolutions::describe);

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
             py::arg("time_limit") = py::none(), py::arg("memo") = false,
             py::arg("leftmost") = false, py::arg("memory") = py::none(),
             "Counts the solutions (at most `limit`), without keeping them; threads > 1 shares "
             "the tree out (0: every core; at most 1024, else ValueError), with the same "
             "counters as one thread (with method='cells': the same solutions). node_limit "
             "(one thread only) and time_limit (seconds, one limit for all threads) stop the "
             "search early: the result, a dlx.Count, is then a lower bound that prints with a "
             "'+' (its `complete` is False, and stats.stopped names the limit). memo=True counts "
             "with memory (Knuth's DLX6): each subproblem once, the count exact however large "
             "(an int of any size), its threads sharing one cache; leftmost=True branches on "
             "the leftmost item (DLX6-noMRV); memory caps the cache in bytes (default 1 GiB; "
             "when full it is emptied and the count stays exact). It leaves stats as they were.")
        .def("zdd", &PySolver::zdd, py::kw_only(), py::arg("leftmost") = false,
             py::arg("memory") = py::none(), py::arg("node_limit") = py::none(),
             py::arg("time_limit") = py::none(), py::arg("threads") = 1,
             "The ZDD of all solutions, from a count with memory (count(memo=True)): a dlx.Zdd "
             "to count(), iterate, sample() and write(). Its nodes count against `memory`: "
             "ValueError when they do not fit; RuntimeError when a limit stopped it. threads "
             "as in count(memo=True): the same solutions.")
        .def("solutions", &PySolver::solutions, py::arg("limit") = py::none(),
             py::arg("seed") = py::none(), py::arg("method") = "links", py::kw_only(),
             py::arg("node_limit") = py::none(), py::arg("time_limit") = py::none(),
             "An iterator over the solutions (each a list of option labels), searched as they "
             "are asked for: constant memory; leaving the loop ends the search. With a seed, "
             "ties between items and the order of each item's options are random, "
             "reproducibly. node_limit and time_limit (seconds of searching, not counting the "
             "time between two solutions) end it early, as in count(). The iterator is the "
             "solver's own search: another search of the solver ends it (its next() then "
             "raises RuntimeError).")
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
        .def_property_readonly(
            "memo_stats", &PySolver::memo_stats,
            "DLX6's figures of the last count with memory (count(memo=True) or zdd()), as a "
            "dict: solutions, complete, stopped, engine ('links' or 'sets'), nodes, hits, "
            "zdd_nodes, failed_signatures, solved_signatures, updates, peak_bytes, clears, "
            "max_level; None before one.")
        .def("__repr__", [](const PySolver& solver) {
            const Problem& problem = solver.problem();
            return "<dlx.Solver of " + plural(problem.item_count(), "item") + " and " +
                   plural(problem.option_count(), "option") + ">";
        });
}

} // namespace dlx::python
