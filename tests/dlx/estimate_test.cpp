// Knuth's estimate of the search tree: exact on a tree whose every branch looks alike, within a
// few standard errors of the true nodes, updates and solutions on problems with known counts,
// reproducible, and leaving the links as it found them.
#include "support/problems.hpp"

#include <dlx/examples.hpp>
#include <dlx/knuth_format.hpp>
#include <dlx/solver.hpp>

#include <catch2/catch.hpp>

#include <cmath>
#include <fstream>
#include <string>

using dlx_test::parse;
using dlx_test::require_restored;

namespace {

// Within `sigmas` standard errors of the truth (exact when the error is 0).
bool within(const dlx::Estimate& estimate, double truth, double sigmas = 3)
{
    return std::abs(estimate.value - truth) <= sigmas * estimate.standard_error;
}

void check_estimate(const dlx::TreeEstimate& estimate, const dlx::SearchStats& truth)
{
    INFO("nodes " << estimate.nodes.value << " +- " << estimate.nodes.standard_error << ", truly "
                  << truth.nodes);
    INFO("updates " << estimate.updates.value << " +- " << estimate.updates.standard_error
                    << ", truly " << truth.updates);
    INFO("solutions " << estimate.solutions.value << " +- " << estimate.solutions.standard_error
                      << ", truly " << truth.solutions);
    CHECK(within(estimate.nodes, static_cast<double>(truth.nodes)));
    CHECK(within(estimate.updates, static_cast<double>(truth.updates)));
    CHECK(within(estimate.solutions, static_cast<double>(truth.solutions)));
}

dlx::Problem read_data(const std::string& name)
{
    std::ifstream in(std::string(DLX_DATA_DIR) + "/exact-cover/" + name);
    REQUIRE(in);
    return dlx::read_knuth(in, name);
}

} // namespace

TEST_CASE("the estimate is exact when every branch of the tree looks alike", "[dlx][estimate]")
{
    // A has two options, then B has two: 1 + 2 + 4 nodes, each level's cover one update.
    const auto problem = parse("A B\nA\nA\nB\nB\n");
    const auto truth = dlx::Solver(problem).count();
    REQUIRE(truth.nodes == 7);
    const auto estimate = dlx::estimate(problem, 50, 1);
    CHECK(estimate.samples == 50);
    CHECK(estimate.nodes.value == 7);
    CHECK(estimate.updates.value == static_cast<double>(truth.updates));
    CHECK(estimate.solutions.value == 4);
    CHECK(estimate.nodes.standard_error == 0);
    CHECK(estimate.updates.standard_error == 0);
    CHECK(estimate.solutions.standard_error == 0);

    // Nothing to cover: the root is the one solution. No option for A: the root is a dead end.
    const auto empty = dlx::estimate(dlx::Problem(), 10, 1);
    CHECK(empty.nodes.value == 1);
    CHECK(empty.solutions.value == 1);
    const auto dead = dlx::estimate(parse("A B\nB\n"), 10, 1);
    CHECK(dead.nodes.value == 1);
    CHECK(dead.updates.value == 1);
    CHECK(dead.solutions.value == 0);
}

TEST_CASE("the true tree lies within three standard errors of the estimate", "[dlx][estimate]")
{
    const auto [name, problem] = GENERATE(table<std::string, dlx::Problem>({
        {"queens 8", dlx::examples::queens(8).problem},
        {"queens 10", dlx::examples::queens(10).problem},
        {"langford 8", dlx::examples::langford(8).problem},
        {"langford 5 (no solution)", dlx::examples::langford(5).problem},
        {"4x4 sudoku", dlx::examples::sudoku(2)},
        {"a colour problem", dlx_test::colour_problem(2024)},
    }));
    const auto choice = GENERATE(dlx::ItemChoice::fewest, dlx::ItemChoice::singles_first);
    INFO(name << (choice == dlx::ItemChoice::fewest ? ", fewest" : ", singles first"));
    dlx::SearchOptions options;
    options.choice = choice;
    dlx::Solver solver(problem);
    const auto truth = solver.count(options);
    REQUIRE(truth.nodes > 1);
    const auto estimate = solver.estimate(20000, 7, choice);
    check_estimate(estimate, truth);
    require_restored(solver, problem);
}

TEST_CASE("pento6x10: Knuth's nodes and updates lie within the estimate's error",
          "[dlx][estimate][knuth]")
{
    const auto estimate = dlx::estimate(read_data("pento6x10.dlx"), 20000, 11);
    INFO("nodes " << estimate.nodes.value << " +- " << estimate.nodes.standard_error);
    INFO("updates " << estimate.updates.value << " +- " << estimate.updates.standard_error);
    CHECK(within(estimate.nodes, 3637261)); // dlx1's figures for this file
    CHECK(within(estimate.updates, 1242377480));
    // Useful, not only right: from 20,000 paths, the error of the tree's size a fifth of the
    // truth at most. Solutions are not checked: so few paths reach one that their estimate's
    // spread is itself badly estimated (over ten seeds of 100,000 paths, four put the true
    // 9,356 more than three of their standard errors away), as Estimate's comment warns.
    CHECK(estimate.nodes.standard_error < 0.2 * 3637261);
    CHECK(estimate.updates.standard_error < 0.2 * 1242377480);
}

TEST_CASE("the estimate starts from the forced options", "[dlx][estimate]")
{
    const auto problem = dlx::examples::sudoku(2); // option 4 * cell + digit
    dlx::Solver solver(problem);
    REQUIRE(solver.force(0));
    REQUIRE(solver.force(4 * 1 + 1));
    const auto truth = solver.count();
    REQUIRE(truth.solutions == 24);
    check_estimate(solver.estimate(20000, 3), truth);
    solver.unforce_all();
    require_restored(solver, problem);
}

TEST_CASE("the same seed gives the same estimate, another seed another", "[dlx][estimate]")
{
    const auto problem = dlx::examples::queens(9).problem;
    const auto a = dlx::estimate(problem, 300, 5), b = dlx::estimate(problem, 300, 5);
    const auto c = dlx::estimate(problem, 300, 6);
    CHECK(a.nodes.value == b.nodes.value);
    CHECK(a.updates.value == b.updates.value);
    CHECK(a.solutions.standard_error == b.solutions.standard_error);
    CHECK(a.nodes.value != c.nodes.value);
}

TEST_CASE("Algorithm M's estimate: exact on a one-path tree, near the true tree otherwise",
          "[dlx][estimate][multiplicities]")
{
    // A must be in 2 of its 2 options, with B once: the moves of each node are forced.
    const auto forced = parse("2|A B\nA\nA B\n");
    const auto truth = dlx::Solver(forced).count();
    const auto exact = dlx::estimate(forced, 30, 1);
    CHECK(exact.nodes.value == static_cast<double>(truth.nodes));
    CHECK(exact.updates.value == static_cast<double>(truth.updates));
    CHECK(exact.solutions.value == static_cast<double>(truth.solutions));
    CHECK(exact.nodes.standard_error == 0);

    const auto [name, problem] = GENERATE(table<std::string, dlx::Problem>({
        {"mult3x4", dlx_test::sample("mult3x4.dlx")},
        {"mult.dlx", dlx_test::sample("mult.dlx")},
        {"dominoes and singles on 2x3",
         parse("1:2|c00 1:2|c01 1:2|c02 1:2|c10 1:2|c11 1:2|c12 0:2|single\n"
               "c00 single\nc00 c01\nc00 c10\nc01 single\nc01 c02\nc01 c11\n"
               "c02 single\nc02 c12\nc10 single\nc10 c11\nc11 single\nc11 c12\n"
               "c12 single\n")},
        {"3 of 5 slots, A twice or thrice", parse("2:3|A 1|B | x y\nA x\nA y\nA B\nB x\nA\n")},
    }));
    INFO(name);
    dlx::Solver solver(problem);
    const auto whole = solver.count();
    REQUIRE(whole.nodes > 1);
    check_estimate(solver.estimate(20000, 7), whole);
    require_restored(solver, problem);
    // The same seed, the same estimate.
    CHECK(solver.estimate(500, 3).nodes.value == solver.estimate(500, 3).nodes.value);
}

TEST_CASE("dancing cells' estimate: exact on a uniform tree, near the true tree otherwise",
          "[dlx][estimate][cells]")
{
    const auto cells = dlx::Method::cells;
    const auto uniform = dlx::estimate(parse("A B\nA\nA\nB\nB\n"), 50, 1, {}, cells);
    CHECK(uniform.nodes.value == 7);
    CHECK(uniform.solutions.value == 4);
    CHECK(uniform.nodes.standard_error == 0);
    // No option for A: dancing cells enter no node at all (as SSXCC).
    const auto dead = dlx::estimate(parse("A B\nB\n"), 10, 1, {}, cells);
    CHECK(dead.nodes.value == 0);
    CHECK(dead.solutions.value == 0);

    const auto [name, problem] = GENERATE(table<std::string, dlx::Problem>({
        {"queens 8", dlx::examples::queens(8).problem},
        {"queens 10", dlx::examples::queens(10).problem},
        {"langford 8", dlx::examples::langford(8).problem},
        {"4x4 sudoku", dlx::examples::sudoku(2)},
        {"a colour problem", dlx_test::colour_problem(2024)},
    }));
    INFO(name);
    dlx::Solver solver(problem);
    dlx::SearchOptions options;
    options.method = cells;
    const auto truth = solver.count(options);
    REQUIRE(truth.nodes > 1);
    const auto estimate = solver.estimate(20000, 7, {}, cells);
    check_estimate(estimate, truth);
    // The same seed, the same estimate; and the links are not touched.
    CHECK(solver.estimate(20000, 7, {}, cells).nodes.value == estimate.nodes.value);
    require_restored(solver, problem);
}

TEST_CASE("dancing cells' estimate of pento6x10 holds ssxcc's figures", "[dlx][estimate][cells]")
{
    const auto estimate =
        dlx::estimate(read_data("pento6x10.dlx"), 20000, 11, {}, dlx::Method::cells);
    INFO("nodes " << estimate.nodes.value << " +- " << estimate.nodes.standard_error);
    INFO("updates " << estimate.updates.value << " +- " << estimate.updates.standard_error);
    CHECK(within(estimate.nodes, 1210954)); // ssxcc's figures for this file
    CHECK(within(estimate.updates, 1040447865));
    CHECK(estimate.nodes.standard_error < 0.2 * 1210954);
    CHECK_THROWS_AS(dlx::estimate(parse("2|A B\nA\nA B\nA\n"), 10, 1, {}, dlx::Method::cells),
                    dlx::ArgumentError);
}
