// The Sudoku solver and the encoding: sample puzzles of every shared set solved and checked
// independently, conflicts and unsolvable puzzles recognised, solutions counted.
#include "support/board_check.hpp"

#include <sudoku/encoding.hpp>
#include <sudoku/solver.hpp>

#include <catch2/catch.hpp>

#include <string>

namespace {

sudoku::Grid to_grid(const dlx_test::Board& board)
{
    sudoku::Grid grid;
    for (int i = 0; i < 81; ++i)
        grid.set(i, board[static_cast<std::size_t>(i)]);
    return grid;
}

dlx_test::Board to_board(const sudoku::Grid& grid)
{
    dlx_test::Board board{};
    for (int i = 0; i < 81; ++i)
        board[static_cast<std::size_t>(i)] = grid[i];
    return board;
}

} // namespace

TEST_CASE("the encoding has 324 items and 729 options of four items", "[sudoku][encoding]")
{
    const auto& encoding = sudoku::standard_encoding();
    CHECK(encoding.problem.item_count() == 324);
    CHECK(encoding.problem.primary_count() == 324);
    CHECK(encoding.problem.option_count() == 729);
    for (dlx::OptionId option = 0; option < 729; ++option) {
        REQUIRE(encoding.problem.option(option).size() == 4);
        const auto placement = encoding.placement_of[option];
        REQUIRE(sudoku::option_of(placement.cell, placement.digit) == option);
    }
    CHECK(encoding.problem.name(encoding.problem.option(sudoku::option_of(10, 5))[1].item) ==
          "r2#5");
    sudoku::Grid grid;
    const dlx::OptionId options[] = {sudoku::option_of(0, 4), sudoku::option_of(80, 2)};
    sudoku::decode(encoding, options, grid);
    CHECK(grid[0] == 4);
    CHECK(grid[80] == 2);
}

TEST_CASE("solves the sample puzzles of every shared set", "[sudoku][solver]")
{
    const auto file = GENERATE(as<std::string>{}, "kaggle_like_sample.txt", "17_clue_sample.txt",
                               "magictour_top1465_sample.txt", "forum_hardest_11plus_5k_sample.txt",
                               "serg_benchmark_sample.txt");
    INFO(file);
    const auto puzzles =
        dlx_test::read_one_line_puzzles(std::string(DLX_DATA_DIR) + "/sudoku/" + file);
    REQUIRE(puzzles.size() == 100);
    sudoku::Solver solver;
    for (const auto& puzzle : puzzles) {
        const auto result = solver.solve(to_grid(puzzle));
        REQUIRE(result.status == sudoku::Status::solved);
        REQUIRE(dlx_test::solves_puzzle(to_board(result.solution), puzzle));
    }
}

TEST_CASE("counts solutions up to a limit", "[sudoku][solver]")
{
    sudoku::Solver solver;
    const auto unique =
        dlx_test::read_one_line_puzzles(std::string(DLX_DATA_DIR) + "/sudoku/17_clue_sample.txt");
    for (std::size_t i = 0; i < 10; ++i)
        CHECK(solver.count(to_grid(unique[i]), 2) == 1);
    const auto several = dlx_test::read_one_line_puzzles(std::string(DLX_DATA_DIR) +
                                                         "/sudoku/serg_benchmark_sample.txt");
    for (std::size_t i = 0; i < 10; ++i)
        CHECK(solver.count(to_grid(several[i]), 2) == 2);
    CHECK(solver.count(sudoku::Grid(), 5) == 5);
    CHECK(solver.count(sudoku::Grid(), 1) == 1);
}

TEST_CASE("recognises conflicting givens and puzzles without a solution", "[sudoku][solver]")
{
    sudoku::Solver solver;
    auto grid = sudoku::Grid::from_string(
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79");
    REQUIRE(solver.solve(grid).status == sudoku::Status::solved);

    auto conflicting = grid;
    conflicting.set(2, 5); // a second 5 in row 1
    auto result = solver.solve(conflicting);
    CHECK(result.status == sudoku::Status::conflict);
    REQUIRE(result.conflict);
    CHECK(result.conflict->describe() == "two 5s in row 1");
    CHECK(solver.count(conflicting) == 0);

    // Consistent givens, but the top-left cell can hold no digit: 1-8 in its row, 9 in its
    // column.
    const auto stuck = sudoku::Grid::from_string(".12345678"
                                                 "9........"
                                                 "........."
                                                 "........."
                                                 "........."
                                                 "........."
                                                 "........."
                                                 "........."
                                                 ".........");
    result = solver.solve(stuck);
    CHECK(result.status == sudoku::Status::no_solution);
    CHECK(solver.count(stuck) == 0);

    // And the solver is fine afterwards.
    CHECK(solver.solve(grid).status == sudoku::Status::solved);
}
