// The rater (sudoku/rater.hpp), checked against the tests' own plain implementation of the
// techniques (support/human_check.hpp).
#include "support/board_check.hpp"
#include "support/grid_bridge.hpp"
#include "support/human_check.hpp"

#include <sudoku/rater.hpp>

#include <catch2/catch.hpp>

#include <string>

using dlx_test::Techniques;
using sudoku::Grid;
using sudoku::Level;

namespace {

const std::string data = std::string(DLX_DATA_DIR) + "/sudoku/";

} // namespace

TEST_CASE("Levels agree with an independent solver by hand", "[sudoku][rater]")
{
    sudoku::Rater rater;
    int levels[4] = {};
    for (const char* file :
         {"kaggle_like_sample.txt", "17_clue_sample.txt", "magictour_top1465_sample.txt",
          "forum_hardest_11plus_5k_sample.txt"}) {
        for (const auto& board : dlx_test::read_one_line_puzzles(data + file)) {
            const auto rating = rater.rate(dlx_test::to_grid(board));
            INFO(file << ": " << dlx_test::to_grid(board).to_string());
            const bool by_singles = dlx_test::logic_solves(board, Techniques::singles);
            const bool by_logic = dlx_test::logic_solves(board, Techniques::all_listed);
            CHECK((rating.level == Level::easy) == by_singles);
            CHECK((rating.level != Level::hard) == by_logic);
            CHECK(rating.needs_search == !by_logic);
            CHECK(rating.solutions == 1);
            ++levels[static_cast<int>(rating.level)];
        }
    }
    CHECK(levels[1] > 0); // the samples hold every level
    CHECK(levels[2] > 0);
    CHECK(levels[3] > 0);
}

TEST_CASE("Every easy kaggle puzzle is rated easy, with the steps counted", "[sudoku][rater]")
{
    sudoku::Rater rater;
    for (const auto& board : dlx_test::read_one_line_puzzles(data + "kaggle_like_sample.txt")) {
        const Grid puzzle = dlx_test::to_grid(board);
        const auto rating = rater.rate(puzzle);
        CHECK(rating.level == Level::easy);
        // One single per blank cell.
        CHECK(rating.uses(sudoku::Technique::hidden_single) +
                  rating.uses(sudoku::Technique::naked_single) ==
              static_cast<std::uint32_t>(puzzle.blank_count()));
    }
}

TEST_CASE("Puzzles with several solutions, none, or conflicting givens", "[sudoku][rater]")
{
    sudoku::Rater rater;
    for (const auto& board : dlx_test::read_one_line_puzzles(data + "serg_benchmark_sample.txt")) {
        const auto rating = rater.rate(dlx_test::to_grid(board));
        CHECK(rating.level == Level::hard);
        CHECK(rating.needs_search);
        CHECK(rating.solutions == 2);
    }
    CHECK(rater.rate(Grid()).solutions == 2);
    CHECK(rater.rate(Grid::from_string("55" + std::string(79, '0'))).solutions == 0);
    // Consistent givens without a solution: r1c9 can be nothing.
    const auto none = rater.rate(
        Grid::from_string("12345678." + std::string(8, '.') + "9" + std::string(63, '.')));
    CHECK(none.solutions == 0);
    CHECK(none.level == Level::hard);
    // Every cell given, two 4s in column 1: full, yet no solution.
    const auto full = rater.rate(Grid::from_string(
        "491563287782941536356287194523698741697415328418372659269134875834756912175829463"));
    CHECK(full.solutions == 0);
    CHECK(full.level == Level::hard);
    CHECK(full.needs_search);
}

TEST_CASE("solvable_with agrees with the independent solver by hand", "[sudoku][rater]")
{
    for (const auto& board : dlx_test::read_one_line_puzzles(data + "17_clue_sample.txt")) {
        const Grid puzzle = dlx_test::to_grid(board);
        CHECK(sudoku::solvable_with(puzzle, sudoku::Technique::naked_single) ==
              dlx_test::logic_solves(board, Techniques::singles));
        CHECK(sudoku::solvable_with(puzzle, sudoku::Technique::hidden_triple) ==
              dlx_test::logic_solves(board, Techniques::all_listed));
    }
}
