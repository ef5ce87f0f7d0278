// Known answers: classic puzzles' solution counts, and Knuth's own statistics for the files
// in data/exact-cover (copied from shared/data, where his dlx1/dlx2/dlx3 figures come from).
#include "support/pentominoes.hpp"
#include "support/problems.hpp"

#include <dlx/examples.hpp>
#include <dlx/knuth_format.hpp>
#include <dlx/solver.hpp>

#include <catch2/catch.hpp>

#include <algorithm>

#include <string>

using dlx_test::require_restored;

TEST_CASE("counts the N-queens solutions for n = 1..12", "[dlx][known]")
{
    const auto [n, expected] = GENERATE(table<int, std::uint64_t>({{1, 1},
                                                                   {2, 0},
                                                                   {3, 0},
                                                                   {4, 2},
                                                                   {5, 10},
                                                                   {6, 4},
                                                                   {7, 40},
                                                                   {8, 92},
                                                                   {9, 352},
                                                                   {10, 724},
                                                                   {11, 2680},
                                                                   {12, 14200}}));
    INFO("n = " << n);
    const auto problem = dlx::examples::queens(n).problem;
    dlx::Solver solver(problem);
    CHECK(solver.count().solutions == expected);
    require_restored(solver, problem);
}

TEST_CASE("counts Langford pairings, reversals included", "[dlx][known]")
{
    const auto [n, expected] = GENERATE(table<int, std::uint64_t>(
        {{1, 0}, {2, 0}, {3, 2}, {4, 2}, {5, 0}, {6, 0}, {7, 52}, {8, 300}}));
    INFO("n = " << n);
    CHECK(dlx::count_solutions(dlx::examples::langford(n).problem) == expected);
}

TEST_CASE("counts all 288 complete 4x4 Sudoku grids", "[dlx][known]")
{
    const auto problem = dlx::examples::sudoku(2);
    dlx::Solver solver(problem);
    CHECK(solver.count().solutions == 288);
    require_restored(solver, problem);
}

TEST_CASE("counts pentomino tilings", "[dlx][known][pentomino]")
{
    SECTION("3x20: 2 tilings up to symmetry, 8 in all")
    {
        CHECK(dlx::count_solutions(dlx_test::pentominoes(3, 20).parts.front().problem) == 8);
    }
    SECTION("6x10 with the X in one quadrant: 2339, one per symmetry class")
    {
        const auto model =
            dlx_test::pentominoes(6, 10, "FILNPTUVWXYZ", polyform::Solutions::distinct);
        REQUIRE(model.parts.size() == 1);
        const dlx::Problem& problem = model.parts.front().problem;
        dlx::Solver solver(problem);
        CHECK(solver.count().solutions == 2339);
        require_restored(solver, problem);
    }
    SECTION("a few pieces on a small board: L, T and Y tile 3x5 in 4 ways (one, turned and "
            "mirrored)")
    {
        const auto model = dlx_test::pentominoes(3, 5, "LTY");
        const dlx::Problem& problem = model.parts.front().problem;
        CHECK(problem.item_count() == 3 + 15);
        const auto stats = dlx::Solver(problem).count();
        CHECK(stats.solutions == 4);
        CHECK(stats.nodes == 16);
        const auto first = dlx::first_solution(problem);
        REQUIRE(first);
        const std::string board =
            polyform::draw(model.puzzle, model.decode(model.parts.front(), *first));
        CHECK(std::count(board.begin(), board.end(), 'L') == 5);
        CHECK(std::count(board.begin(), board.end(), '.') == 0);
    }
}

TEST_CASE("6x10 pentomino tilings counted on two threads: 9356", "[dlx][known][pentomino]")
{
    CHECK(dlx::count_parallel(dlx_test::pentominoes(6, 10).parts.front().problem, 2).solutions ==
          9356);
}

TEST_CASE("matches Knuth's solutions, nodes and updates on the sample files", "[dlx][known][knuth]")
{
    const auto [file, solutions, nodes, updates] =
        GENERATE(table<std::string, std::uint64_t, std::uint64_t, std::uint64_t>({
            {"knuth7.dlx", 1, 6, 30},
            {"taocp_abcdefg.dlx", 1, 6, 29},
            {"wikipedia_algx.dlx", 1, 5, 27},
            {"queens8.dlx", 92, 1199, 21375},
            {"langford7.dlx", 52, 607, 8339},
            {"sudoku4.dlx", 288, 2157, 22545},
            {"color.dlx", 1, 4, 14},
            {"mult.dlx", 1, 6, 14},
        }));
    INFO(file);
    const auto problem = dlx::read_knuth_file(std::string(DLX_DATA_DIR) + "/exact-cover/" + file);
    dlx::Solver solver(problem);
    const auto stats = solver.count();
    CHECK(stats.solutions == solutions);
    CHECK(stats.nodes == nodes);
    CHECK(stats.updates == updates);
    require_restored(solver, problem);
}

TEST_CASE("matches Knuth's figures for pento6x10.dlx (on two threads)", "[dlx][known][knuth]")
{
    // Single-threaded this takes seconds; the parallel count reports the same three numbers
    // (parallel_test.cpp checks that equality on smaller problems, single against parallel).
    const auto problem =
        dlx::read_knuth_file(std::string(DLX_DATA_DIR) + "/exact-cover/pento6x10.dlx");
    const auto stats = dlx::count_parallel(problem, 2);
    CHECK(stats.solutions == 9356);
    CHECK(stats.nodes == 3637261);
    CHECK(stats.updates == 1242377480);
}

TEST_CASE("matches Knuth's figures for the colour, multiplicity and many-item benchmarks",
          "[dlx][known][knuth]")
{
    // The benchmark problems of docs/benchmarks.md, each a few seconds for Knuth's programs:
    // dlx2 (colours) and dlx1 counted on two threads (the same figures as one), dlx3
    // (multiplicities) on one.
    const auto [file, solutions, nodes, updates] =
        GENERATE(table<std::string, std::uint64_t, std::uint64_t, std::uint64_t>({
            {"matrices7x7.dlx", 3110940, 17412340, 137775499},
            {"matrices7x6.dlx", 20864340, 83318855, 115543650},
            {"latin7.dlx", 2426880, 25921263, 190854597},
        }));
    INFO(file);
    const auto problem = dlx::read_knuth_file(std::string(DLX_DATA_DIR) + "/exact-cover/" + file);
    const auto stats = dlx::count_parallel(problem, 2);
    CHECK(stats.solutions == solutions);
    CHECK(stats.nodes == nodes);
    CHECK(stats.updates == updates);
}
