// Limits, and the honesty of a stopped search's answer: every way a search can end early says
// which it was (SearchStats::stopped), in every algorithm and method and on several threads.
#include "support/problems.hpp"

#include <dlx/examples.hpp>
#include <dlx/knuth_format.hpp>
#include <dlx/solver.hpp>
#include <dlx/split.hpp>

#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <string>

using namespace std::chrono_literals;

namespace {

std::vector<dlx_test::MethodCase> cases()
{
    return {
        {"queens 10 (Algorithm X)", dlx::examples::queens(10).problem, dlx::Method::links},
        {"colour12 (Algorithm C)", dlx_test::sample("colour12.dlx"), dlx::Method::links},
        {"mult3x4 (Algorithm M)", dlx_test::sample("mult3x4.dlx"), dlx::Method::links},
        {"queens 10 (dancing cells)", dlx::examples::queens(10).problem, dlx::Method::cells},
    };
}

// A problem's solver, the options of its method, and the whole search's figures.
struct Subject {
    explicit Subject(const dlx_test::MethodCase& problem) : solver(problem.problem)
    {
        options.method = problem.method;
        whole = solver.count(options);
    }
    dlx::Solver solver;
    dlx::SearchOptions options;
    dlx::SearchStats whole;
};

} // namespace

TEST_CASE("a search says what stopped it, and a whole search that nothing did", "[dlx][limits]")
{
    for (const dlx_test::MethodCase& problem : cases()) {
        INFO(problem.name);
        Subject subject(problem);
        auto& [solver, options, whole] = subject;
        REQUIRE(whole.complete);
        CHECK(whole.stopped == dlx::Stop::none);
        REQUIRE(whole.nodes > 500);
        REQUIRE(whole.solutions > 10);

        auto limited = options;
        limited.solution_limit = 10;
        auto stats = solver.count(limited);
        CHECK(stats.solutions == 10);
        CHECK_FALSE(stats.complete);
        CHECK(stats.stopped == dlx::Stop::solution_limit);

        limited = options;
        limited.node_limit = 300;
        stats = solver.count(limited);
        CHECK(stats.nodes == 300);
        CHECK(stats.stopped == dlx::Stop::node_limit);

        std::atomic<bool> cancel{true};
        limited = options;
        limited.cancel = &cancel;
        limited.progress_interval = 100;
        stats = solver.count(limited);
        CHECK(stats.nodes == 100);
        CHECK(stats.stopped == dlx::Stop::cancelled);

        stats =
            solver.search([](std::span<const dlx::OptionId>) { return dlx::Visit::stop; }, options);
        CHECK(stats.solutions == 1);
        CHECK(stats.stopped == dlx::Stop::visitor);

        // The limits as they stood were left exactly: the next search is whole again.
        CHECK(solver.count(options) == whole);
    }
}

TEST_CASE("a time limit ends the search at the first checkpoint after it", "[dlx][limits]")
{
    for (const dlx_test::MethodCase& problem : cases()) {
        INFO(problem.name);
        Subject subject(problem);
        auto& [solver, options, whole] = subject;

        // Passed before the search begins: not a node entered.
        options.time_limit = 0ns;
        auto stats = solver.count(options);
        CHECK(stats.nodes == 0);
        CHECK_FALSE(stats.complete);
        CHECK(stats.stopped == dlx::Stop::time_limit);

        // Passed by the first checkpoint, at 100 nodes.
        options.time_limit = 1ns;
        options.progress_interval = 100;
        stats = solver.count(options);
        CHECK(stats.nodes == 100);
        CHECK(stats.stopped == dlx::Stop::time_limit);

        // Far off: the whole search, checked at every checkpoint.
        options.time_limit = std::chrono::hours(24 * 365);
        CHECK(solver.count(options) == whole);
        // Further than the clock can count: no limit.
        options.time_limit = dlx::no_time_limit - 1ns;
        CHECK(solver.count(options) == whole);
    }
}

TEST_CASE("a parallel count keeps one time limit for all its threads and says why it stopped",
          "[dlx][limits][parallel]")
{
    const auto method = GENERATE(dlx::Method::links, dlx::Method::cells);
    const auto problem = dlx::examples::queens(10).problem;
    dlx::SearchOptions options;
    options.method = method;
    const auto whole = dlx::count_parallel(problem, 2, options);
    CHECK(whole.stopped == dlx::Stop::none);

    options.time_limit = 1ns; // passed before any thread takes a subtree
    auto stats = dlx::count_parallel(problem, 2, options);
    CHECK_FALSE(stats.complete);
    CHECK(stats.stopped == dlx::Stop::time_limit);
    CHECK(stats.solutions < whole.solutions);

    options.time_limit = dlx::no_time_limit;
    options.solution_limit = 50;
    stats = dlx::count_parallel(problem, 2, options);
    CHECK(stats.solutions == 50);
    CHECK(stats.stopped == dlx::Stop::solution_limit);

    options.solution_limit = dlx::no_limit;
    std::atomic<bool> cancel{true};
    options.cancel = &cancel;
    stats = dlx::count_parallel(problem, 2, options);
    CHECK_FALSE(stats.complete);
    CHECK(stats.stopped == dlx::Stop::cancelled);
}

TEST_CASE("a cancelled estimate says it is incomplete and leaves the links as they were",
          "[dlx][limits][estimate]")
{
    for (const dlx_test::MethodCase& problem : cases()) {
        INFO(problem.name);
        dlx::Solver solver(problem.problem);
        std::atomic<bool> cancel{true};
        dlx::EstimateOptions options;
        options.samples = 1000;
        options.method = problem.method;
        options.cancel = &cancel;
        const auto cut = solver.estimate(options);
        CHECK_FALSE(cut.complete);
        CHECK(cut.samples < 1000);
        CHECK(solver.check_links().empty());
        CHECK(solver.same_links_as(dlx::Solver(problem.problem)));
        cancel = false; // looked at, never set: every path
        const auto whole = solver.estimate(options);
        CHECK(whole.complete);
        CHECK(whole.samples == 1000);
        options.cancel = nullptr;
        CHECK(solver.estimate(options).nodes.value == whole.nodes.value);
    }
}

TEST_CASE("a cancelled split throws dlx::Cancelled", "[dlx][limits][split]")
{
    const auto method = GENERATE(dlx::Method::links, dlx::Method::cells);
    const auto samples = GENERATE(0u, 16u);
    std::atomic<bool> cancel{true};
    dlx::SplitOptions options;
    options.method = method;
    options.samples = samples;
    options.cancel = &cancel;
    const auto problem = dlx::examples::queens(10).problem;
    CHECK_THROWS_AS(dlx::split(problem, 50, options), dlx::Cancelled);
    cancel = false;
    CHECK(dlx::split(problem, 50, options).jobs.size() >= 50);
}
