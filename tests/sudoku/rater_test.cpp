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

TEST_CASE("variants are rated as classic puzzles are, by the variants' techniques",
          "[sudoku][rater][variant]")
{
    // On classic 9x9 the variants' rater is the classic one: the same level, search and
    // solutions, and the same steps of each technique (by name).
    sudoku::Rater rater;
    sudoku::VariantSolver solver(sudoku::classic_rules(9));
    for (const char* file : {"kaggle_like_sample.txt", "magictour_top1465_sample.txt"}) {
        for (const auto& board : dlx_test::read_one_line_puzzles(data + file)) {
            const Grid grid = dlx_test::to_grid(board);
            INFO(file << ": " << grid.to_string());
            const auto classic = rater.rate(grid);
            const auto variant = sudoku::rate_variant(sudoku::VariantPuzzle::classic(grid), solver);
            CHECK(variant.level == classic.level);
            CHECK(variant.needs_search == classic.needs_search);
            CHECK(variant.solutions == classic.solutions);
            for (int t = 0; t < sudoku::technique_count; ++t) {
                const auto technique = static_cast<sudoku::Technique>(t);
                int used = 0;
                for (int v = 0; v < sudoku::variant_technique_count; ++v) {
                    const auto other = static_cast<sudoku::VariantTechnique>(v);
                    if (sudoku::name(other) == sudoku::name(technique))
                        used += static_cast<int>(variant.uses(other));
                }
                CHECK(used == static_cast<int>(classic.uses(technique)));
            }
        }
    }
    // A blank 4x4 has 288 solutions: hard, with two or more; givens twice in a row: none.
    auto rules4 = sudoku::classic_rules(4);
    sudoku::VariantSolver solver4(rules4);
    auto blank = sudoku::VariantPuzzle::blank(rules4);
    const auto open = sudoku::rate_variant(blank, solver4);
    CHECK(open.level == Level::hard);
    CHECK(open.needs_search);
    CHECK(open.solutions == 2);
    blank.digits[0] = blank.digits[1] = 2;
    CHECK(sudoku::rate_variant(blank, solver4).solutions == 0);
}
