// Parallel counting: the same solutions, nodes and updates as one thread, on any thread count.
#include "support/pentominoes.hpp"
#include "support/problems.hpp"

#include <dlx/examples.hpp>
#include <dlx/solver.hpp>

#include <catch2/catch.hpp>

#include <algorithm>
#include <string>

TEST_CASE("parallel counts equal single-threaded counts, statistics included", "[dlx][parallel]")
{
    const auto [name, problem] = GENERATE(table<std::string, dlx::Problem>({
        {"queens 10", dlx::examples::queens(10).problem},
        {"langford 8", dlx::examples::langford(8).problem},
        {"4x4 sudoku", dlx::examples::sudoku(2)},
        {"pentominoes 3x20", dlx_test::pentominoes(3, 20).parts.front().problem},
        {"colours", dlx_test::parse("A B C | X\nA X:r\nB X:r\nC X:g\nC\nA B\nA\nB X:g\n")},
        {"knuth7", dlx_test::parse(dlx_test::knuth7)},
        {"no solution", dlx_test::parse("A B\nA\n")},
        {"nothing to cover", dlx::Problem()},
    }));
    const unsigned threads = GENERATE(1u, 2u, 3u, 8u);
    dlx::SearchOptions options;
    options.choice = GENERATE(dlx::ItemChoice::fewest, dlx::ItemChoice::singles_first);
    INFO(name << " on " << threads << " threads, item choice "
              << (options.choice == dlx::ItemChoice::fewest ? "fewest" : "singles_first"));
    const auto single = dlx::Solver(problem).count(options);
    const auto parallel = dlx::count_parallel(problem, threads, options);
    CHECK(parallel.solutions == single.solutions);
    CHECK(parallel.nodes == single.nodes);
    CHECK(parallel.updates == single.updates);
    CHECK(parallel.max_level == single.max_level);
    CHECK(parallel.complete);
}

TEST_CASE("a parallel count stops at the solution limit", "[dlx][parallel]")
{
    dlx::SearchOptions options;
    options.solution_limit = GENERATE(as<std::uint64_t>{}, 1, 50, 700, 724, 10000);
    const auto stats = dlx::count_parallel(dlx::examples::queens(10).problem, 2, options);
    CHECK(stats.solutions == std::min<std::uint64_t>(options.solution_limit, 724));
    CHECK(stats.complete == (options.solution_limit > 724));
}

TEST_CASE("parallel counting falls back to one thread where it must", "[dlx][parallel]")
{
    SECTION("multiplicities")
    {
        const auto problem = dlx_test::parse("2|A B\nA\nA B\nA\n");
        CHECK(dlx::count_parallel(problem, 2) == dlx::Solver(problem).count());
    }
    SECTION("a node limit")
    {
        const auto problem = dlx::examples::queens(8).problem;
        dlx::SearchOptions options;
        options.node_limit = 50;
        CHECK(dlx::count_parallel(problem, 2, options) == dlx::Solver(problem).count(options));
    }
    SECTION("every core")
    {
        CHECK(dlx::count_parallel(dlx::examples::queens(8).problem, 0).solutions == 92);
    }
}

TEST_CASE("a solver counts in parallel from its own state, forced options included",
          "[dlx][parallel][force]")
{
    const auto problem = dlx::examples::queens(10).problem;
    const auto method = GENERATE(dlx::Method::links, dlx::Method::cells);
    const unsigned threads = GENERATE(1u, 2u, 3u);
    INFO((method == dlx::Method::links ? "links" : "cells") << " on " << threads << " threads");
    dlx::Solver solver(problem);
    REQUIRE(solver.force(3)); // a queen at row 0, column 3
    dlx::SearchOptions options;
    options.method = method;
    // A search stopped early first: its open levels must not reach the copies.
    auto stopped = options;
    stopped.solution_limit = 3;
    REQUIRE(solver.count(stopped).solutions == 3);
    const auto one = dlx::Solver(solver).count(options);
    REQUIRE(one.solutions > 0);
    REQUIRE(one.solutions < 724);
    const auto parallel = solver.count_parallel(threads, options);
    CHECK(parallel.solutions == one.solutions);
    if (method == dlx::Method::links) {
        CHECK(parallel.nodes == one.nodes);
        CHECK(parallel.updates == one.updates);
    }
    // The forced option is in every one of them: the same count as a problem that has only
    // the options compatible with it.
    std::uint64_t with_three = 0;
    dlx::Solver(problem).search([&](std::span<const dlx::OptionId> solution) {
        with_three += std::count(solution.begin(), solution.end(), dlx::OptionId{3});
        return dlx::Visit::keep_going;
    });
    CHECK(parallel.solutions == with_three);
    solver.unforce_all();
    dlx_test::require_restored(solver, problem);
}
