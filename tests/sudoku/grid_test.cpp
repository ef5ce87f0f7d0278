// Grid and the rules: conflicts named as a person would, solved grids recognised.
#include <sudoku/grid.hpp>

#include <catch2/catch.hpp>

namespace {

const std::string solved =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

} // namespace

TEST_CASE("a grid reads 81 characters with '0' or '.' for a blank", "[sudoku][grid]")
{
    const auto grid = sudoku::Grid::from_string(
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79");
    CHECK(grid.at(0, 0) == 5);
    CHECK(grid.at(0, 2) == 0);
    CHECK(grid.at(8, 8) == 9);
    CHECK(grid.blank_count() == 51);
    CHECK(grid.to_string().substr(0, 9) == "530070000");
    CHECK(sudoku::Grid().blank_count() == 81);
}

TEST_CASE("finds a solved grid valid and solving its puzzle", "[sudoku][grid]")
{
    const auto grid = sudoku::Grid::from_string(solved);
    CHECK(sudoku::is_solved(grid));
    auto puzzle = grid;
    puzzle.set(0, 0);
    puzzle.set(40, 0);
    CHECK_FALSE(sudoku::is_solved(puzzle));
    CHECK(sudoku::solves(grid, puzzle));
    auto other = puzzle;
    other.set(1, 5); // a given the solution does not keep
    CHECK_FALSE(sudoku::solves(grid, other));
}

TEST_CASE("names the first conflict between givens", "[sudoku][grid]")
{
    sudoku::Grid grid;
    CHECK_FALSE(sudoku::find_conflict(grid));

    grid.set(2 * 9 + 1, 5);
    grid.set(2 * 9 + 7, 5);
    auto conflict = sudoku::find_conflict(grid);
    REQUIRE(conflict);
    CHECK(conflict->describe() == "two 5s in row 3");

    grid = sudoku::Grid();
    grid.set(0 * 9 + 4, 7);
    grid.set(8 * 9 + 4, 7);
    conflict = sudoku::find_conflict(grid);
    REQUIRE(conflict);
    CHECK(conflict->describe() == "two 7s in column 5");

    grid = sudoku::Grid();
    grid.set(3 * 9 + 6, 1);
    grid.set(5 * 9 + 8, 1);
    conflict = sudoku::find_conflict(grid);
    REQUIRE(conflict);
    CHECK(conflict->describe() == "two 1s in box 6");
}
