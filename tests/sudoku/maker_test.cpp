// The puzzle maker (sudoku/maker.hpp): each setting checked by the tests' own solvers.
#include "support/board_check.hpp"
#include "support/grid_bridge.hpp"
#include "support/human_check.hpp"

#include <sudoku/maker.hpp>
#include <sudoku/se_rating.hpp>

#include <catch2/catch.hpp>

#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

using dlx_test::Techniques;
using sudoku::Grid;
using sudoku::Level;
using sudoku::PuzzleSettings;

namespace {

std::vector<sudoku::Puzzle> make(const PuzzleSettings& settings, int count, unsigned threads = 1)
{
    std::vector<sudoku::Puzzle> made;
    sudoku::make_puzzles(settings, static_cast<std::uint64_t>(count), threads,
                         [&](std::span<const sudoku::Puzzle> batch) {
                             made.insert(made.end(), batch.begin(), batch.end());
                         });
    return made;
}

// The puzzle keeps only digits of its solution, which is a valid board.
void check_from_solution(const sudoku::Puzzle& made)
{
    REQUIRE(dlx_test::solves_puzzle(dlx_test::to_board(made.solution),
                                    dlx_test::to_board(made.puzzle)));
}

bool symmetric(const Grid& puzzle)
{
    for (int cell = 0; cell < 81; ++cell)
        if ((puzzle[cell] == 0) != (puzzle[80 - cell] == 0))
            return false;
    return true;
}

// Taking away any given (with symmetry: a given and its partner) loses uniqueness.
template <typename Board> void check_minimal(const Board& board, bool symmetric)
{
    for (int cell = 0; cell < 81; ++cell) {
        if (board[static_cast<std::size_t>(cell)] == 0 || (symmetric && cell > 40))
            continue;
        auto fewer = board;
        fewer[static_cast<std::size_t>(cell)] = 0;
        if (symmetric)
            fewer[static_cast<std::size_t>(80 - cell)] = 0;
        CHECK(dlx_test::count_solutions(fewer) == 2);
    }
}

} // namespace

TEST_CASE("Puzzles by blank count: the count in range, unique with -u", "[sudoku][maker]")
{
    PuzzleSettings settings;
    settings.fewest_blanks = 40;
    settings.most_blanks = 55;
    settings.seed = 11;
    settings.unique = GENERATE(false, true);
    const auto made = make(settings, 60);
    REQUIRE(made.size() == 60);
    int unique = 0;
    for (const auto& puzzle : made) {
        check_from_solution(puzzle);
        CHECK(puzzle.puzzle.blank_count() >= 40);
        CHECK(puzzle.puzzle.blank_count() <= 55);
        unique += dlx_test::count_solutions(dlx_test::to_board(puzzle.puzzle)) == 1 ? 1 : 0;
    }
    if (settings.unique)
        CHECK(unique == 60);
    else
        CHECK(unique < 60); // 40-55 blanks at random are often ambiguous
}

TEST_CASE("Puzzles by level rate exactly at their level, checked by hand", "[sudoku][maker]")
{
    PuzzleSettings settings;
    settings.seed = 5;
    settings.level = GENERATE(Level::easy, Level::medium, Level::hard);
    for (const auto& puzzle : make(settings, 12)) {
        check_from_solution(puzzle);
        const auto board = dlx_test::to_board(puzzle.puzzle);
        CHECK(dlx_test::count_solutions(board) == 1);
        const bool by_singles = dlx_test::logic_solves(board, Techniques::singles);
        const bool by_logic = dlx_test::logic_solves(board, Techniques::all_listed);
        switch (*settings.level) {
        case Level::easy: CHECK(by_singles); break;
        case Level::medium: CHECK((!by_singles && by_logic)); break;
        case Level::hard: CHECK(!by_logic); break;
        }
    }
}

TEST_CASE("Symmetric and minimal puzzles are what they say", "[sudoku][maker]")
{
    PuzzleSettings settings;
    settings.seed = 3;
    settings.symmetric = GENERATE(false, true);
    settings.minimal = true;
    settings.fewest_blanks = 20;
    settings.most_blanks = 60;
    for (const auto& puzzle : make(settings, 8)) {
        check_from_solution(puzzle);
        auto board = dlx_test::to_board(puzzle.puzzle);
        REQUIRE(dlx_test::count_solutions(board) == 1);
        if (settings.symmetric)
            CHECK(symmetric(puzzle.puzzle));
        check_minimal(board, settings.symmetric);
    }
}

TEST_CASE("Symmetric puzzles by blank count hit the count exactly", "[sudoku][maker]")
{
    PuzzleSettings settings;
    settings.seed = 8;
    settings.symmetric = true;
    settings.unique = true;
    settings.fewest_blanks = settings.most_blanks = GENERATE(31, 44);
    for (const auto& puzzle : make(settings, 10)) {
        CHECK(puzzle.puzzle.blank_count() == settings.fewest_blanks);
        CHECK(symmetric(puzzle.puzzle));
        CHECK(dlx_test::count_solutions(dlx_test::to_board(puzzle.puzzle)) == 1);
    }
}

TEST_CASE("The same seed makes the same puzzles on any number of threads", "[sudoku][maker]")
{
    PuzzleSettings settings;
    settings.seed = 42;
    settings.level = Level::medium;
    const auto one = make(settings, 40, 1);
    const auto three = make(settings, 40, 3);
    REQUIRE(one.size() == three.size());
    for (std::size_t i = 0; i < one.size(); ++i)
        CHECK(one[i].puzzle == three[i].puzzle);
    sudoku::PuzzleMaker maker(settings);
    CHECK(maker.make(7).puzzle == one[7].puzzle); // puzzle i depends on the seed and i only
    settings.seed = 43;
    CHECK(make(settings, 1)[0].puzzle != one[0].puzzle);
}

TEST_CASE("Settings that cannot be met are refused", "[sudoku][maker]")
{
    PuzzleSettings settings;
    settings.fewest_blanks = 50;
    settings.most_blanks = 40;
    CHECK_THROWS_AS(sudoku::PuzzleMaker(settings), std::invalid_argument);
    settings.fewest_blanks = 65;
    settings.most_blanks = 70;
    settings.unique = true;
    CHECK_THROWS_AS(sudoku::PuzzleMaker(settings), std::invalid_argument);
    settings.most_blanks = 82;
    settings.unique = false;
    CHECK_THROWS_AS(sudoku::PuzzleMaker(settings), std::invalid_argument);
}

TEST_CASE("A least number of blanks per box is kept", "[sudoku][maker]")
{
    PuzzleSettings settings;
    settings.seed = 21;
    settings.unique = true;
    settings.fewest_blanks = 30; // the later edition's game: 30-60 blanks, 2 or more per box
    settings.most_blanks = 31;
    settings.min_blanks_per_box = 2;
    settings.symmetric = GENERATE(false, true);
    for (const auto& puzzle : make(settings, 30)) {
        int blanks[9] = {};
        for (int cell = 0; cell < 81; ++cell)
            blanks[sudoku::box_of(cell / 9, cell % 9)] += puzzle.puzzle[cell] == 0 ? 1 : 0;
        for (const int count : blanks)
            CHECK(count >= 2);
        CHECK(dlx_test::count_solutions(dlx_test::to_board(puzzle.puzzle)) == 1);
    }
    settings.min_blanks_per_box = 4; // 36 blanks cannot fit in 31
    CHECK_THROWS_AS(sudoku::PuzzleMaker(settings), std::invalid_argument);
}

TEST_CASE("Puzzles by SE range are unique and rate in range", "[sudoku][maker][se]")
{
    PuzzleSettings settings;
    settings.seed = 29;
    const auto [lowest, highest] =
        GENERATE(std::pair{12, 15}, std::pair{40, 44}, std::pair{55, 64});
    settings.se = sudoku::SeRange{lowest, highest};
    settings.symmetric = GENERATE(false, true);
    settings.minimal = GENERATE(false, true);
    INFO(lowest << "~" << highest << " symmetric " << settings.symmetric << " minimal "
                << settings.minimal);
    for (const auto& puzzle : make(settings, 3)) {
        check_from_solution(puzzle);
        auto board = dlx_test::to_board(puzzle.puzzle);
        REQUIRE(dlx_test::count_solutions(board) == 1);
        const auto rating = sudoku::rate_se(puzzle.puzzle);
        const int er = static_cast<int>((rating.er + 0.05) * 10);
        CHECK(rating.complete);
        CHECK(er >= lowest);
        CHECK(er <= highest);
        if (settings.symmetric)
            CHECK(symmetric(puzzle.puzzle));
        if (settings.minimal)
            check_minimal(board, settings.symmetric);
    }
    settings.se = sudoku::SeRange{64, 55};
    CHECK_THROWS_AS(sudoku::PuzzleMaker(settings), std::invalid_argument);
}

TEST_CASE("Levels 4 to 6 are hard puzzles in their range of SE's scale", "[sudoku][maker][se]")
{
    const int level = GENERATE(4, 5, 6);
    PuzzleSettings settings;
    settings.seed = 6;
    settings.level = Level::hard;
    settings.se = sudoku::se_level_range(level);
    CHECK(std::string(sudoku::se_level_name(level)) == (level == 4   ? "expert"
                                                        : level == 5 ? "fiendish"
                                                                     : "diabolical"));
    for (const auto& puzzle : make(settings, 2)) {
        check_from_solution(puzzle);
        CHECK(sudoku::Rater().rate(puzzle.puzzle).level == Level::hard);
        const int er = static_cast<int>((sudoku::rate_se(puzzle.puzzle).er + 0.05) * 10);
        CHECK(er >= settings.se->lowest);
        CHECK(er <= settings.se->highest);
    }
    CHECK_THROWS_AS(sudoku::se_level_range(7), std::invalid_argument);
    CHECK_THROWS_AS(sudoku::se_level_range(3), std::invalid_argument);
}
