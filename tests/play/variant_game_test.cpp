// The game model of variants (apps/sudoku-play/variant_game.hpp), without a screen.
#include "sudoku-play/variant_game.hpp"

#include <sudoku/fpuzzles.hpp>
#include <sudoku/variant_maker.hpp>
#include <sudoku/variant_solver.hpp>

#include <catch2/catch.hpp>

#include <fstream>
#include <iterator>
#include <memory>
#include <string>

using sudoku::Variant;
using sudoku::VariantPuzzle;
using sudoku_play::Outcome;
using sudoku_play::VariantGame;

namespace {

std::string data_file(const std::string& name)
{
    std::ifstream in(std::string(DLX_DATA_DIR) + "/sudoku/" + name);
    REQUIRE(in);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

VariantGame new_game(const VariantPuzzle& puzzle)
{
    sudoku::VariantSolver solver(puzzle.rules);
    const auto solved = solver.solve(puzzle);
    REQUIRE(solved.status == sudoku::Status::solved);
    return VariantGame(puzzle, solved.solution, {});
}

VariantPuzzle made(Variant variant, std::uint64_t seed = 1)
{
    sudoku::VariantPuzzleSettings settings;
    settings.variant = std::move(variant);
    settings.seed = seed;
    return sudoku::VariantMaker(settings).make(0).puzzle;
}

Variant with(Variant variant, bool Variant::*rule)
{
    variant.*rule = true;
    return variant;
}

VariantPuzzle killer() { return sudoku::read_fpuzzles(data_file("variants/killer_6x6.json")); }

int cell(const VariantGame& game, int row, int column)
{
    return (row - 1) * game.rules().columns() + column - 1;
}

} // namespace

TEST_CASE("a killer is played to the end by hints alone, each one undone and done again",
          "[play][variant]")
{
    VariantGame game = new_game(killer());
    const auto first = game.hint();
    REQUIRE(first);
    CHECK(first->cell == 0);
    CHECK(first->digit == 6);
    CHECK(first->reason == "naked single: r1c1 can only be 6 (after cage-combination)");
    CHECK(game.grid()[0] == 6);
    CHECK(game.undo());
    CHECK(game.grid()[0] == 0);
    CHECK(game.redo());
    CHECK(game.grid()[0] == 6);
    int hints = 1;
    while (const auto hint = game.hint()) {
        CHECK(hint->digit == game.solution()[static_cast<std::size_t>(hint->cell)]);
        CHECK(hint->reason.find("needs search") == std::string::npos); // the logic suffices
        ++hints;
    }
    CHECK(hints == 36);
    const auto verdict = game.submit({});
    CHECK(verdict.solved);
    CHECK(verdict.describe() == "Solved!");
    CHECK(game.finished());
    CHECK_FALSE(game.undo());
}

TEST_CASE("a killer's cage over its sum is a conflict, and its fault says so", "[play][variant]")
{
    VariantGame game = new_game(killer());
    game.set_cursor(cell(game, 1, 2)); // the cage r1c2, r2c2, r3c2 of sum 12
    REQUIRE(game.press_digit(6) == Outcome::changed);
    game.set_cursor(cell(game, 2, 2));
    REQUIRE(game.press_digit(5) == Outcome::changed);
    CHECK_FALSE(game.fault(cell(game, 2, 2)));
    CHECK(game.conflicts() == std::vector<bool>(36, false));
    game.set_cursor(cell(game, 3, 2));
    REQUIRE(game.press_digit(4) == Outcome::changed);
    const auto clash = game.conflicts();
    for (const int c : {1, 7, 13})
        CHECK(clash[static_cast<std::size_t>(c)]);
    CHECK(std::count(clash.begin(), clash.end(), true) == 3);
    CHECK(game.fault(cell(game, 3, 2)) == "the cage at r1c2 adds up to 15, not 12");
    CHECK_FALSE(game.fault(cell(game, 1, 1))); // not in that cage
}

TEST_CASE("16x16 takes digits up to 16, in cells and in pencil marks", "[play][variant]")
{
    std::string text = data_file("variants/sizes_sample.txt");
    std::string line;
    for (std::size_t at = 0, end = 0; at < text.size(); at = end + 1) {
        end = text.find('\n', at);
        line = text.substr(at, end - at);
        if (line.size() == 256)
            break;
    }
    REQUIRE(line.size() == 256);
    auto puzzle = VariantPuzzle::blank(sudoku::classic_rules(16));
    for (std::size_t c = 0; c < 256; ++c)
        puzzle.digits[c] = static_cast<std::uint8_t>(sudoku::symbol_digit(line[c], 16));
    VariantGame game = new_game(puzzle);
    const int empty = game.cursor();
    REQUIRE_FALSE(game.is_given(empty));
    CHECK(game.press_digit(17) == Outcome::unchanged);
    CHECK(game.press_digit(16) == Outcome::changed);
    CHECK(game.grid()[static_cast<std::size_t>(empty)] == 16);
    game.erase();
    game.toggle_mode();
    CHECK(game.press_digit(16) == Outcome::changed);
    CHECK(game.marks(empty) == 1u << 15);
    CHECK(game.submit({}).describe().find("are empty") != std::string::npos);
}

TEST_CASE("on X a digit twice on a diagonal is a conflict named by its fault", "[play][variant]")
{
    const auto x =
        std::make_shared<const sudoku::Rules>(with(Variant::classic(9), &Variant::main_diagonal));
    VariantGame game = new_game(VariantPuzzle::blank(x));
    game.set_cursor(cell(game, 1, 1));
    REQUIRE(game.press_digit(5) == Outcome::changed);
    game.set_cursor(cell(game, 5, 5)); // another row, column and box, the same diagonal
    REQUIRE(game.press_digit(5) == Outcome::changed);
    std::vector<bool> expected(81, false);
    expected[0] = expected[40] = true;
    CHECK(game.conflicts() == expected);
    CHECK(game.fault(40) == "two 5s in main diagonal");
    game.set_cursor(cell(game, 5, 6)); // off the diagonal: no conflict
    REQUIRE(game.press_digit(5) == Outcome::changed);
    CHECK(game.conflicts()[41]);                // but the same row as r5c5
    CHECK(game.fault(41) == "two 5s in row 5"); // the rule of this cell, not the first one
}

TEST_CASE("a placed digit rubs out the marks a knight's move and one step away", "[play][variant]")
{
    Variant rules =
        with(with(Variant::classic(9), &Variant::anti_knight), &Variant::non_consecutive);
    auto puzzle = VariantPuzzle::blank(std::make_shared<const sudoku::Rules>(rules));
    VariantGame game = new_game(puzzle);
    const int centre = cell(game, 5, 5);
    for (const int other : {cell(game, 3, 4), cell(game, 4, 5), cell(game, 4, 4), centre}) {
        game.set_cursor(other);
        game.toggle_mode();
        for (int d = 4; d <= 6; ++d)
            game.press_digit(d);
        game.toggle_mode();
    }
    game.set_cursor(centre);
    REQUIRE(game.press_digit(5) == Outcome::changed);
    CHECK(game.marks(cell(game, 3, 4)) == 0b101000); // a knight's move: 5 gone
    CHECK(game.marks(cell(game, 4, 5)) == 0);        // beside it, same column: 4, 5, 6 gone
    CHECK(game.marks(cell(game, 4, 4)) == 0b101000); // same box, at a corner: 5 gone
    CHECK(game.undo());
    CHECK(game.marks(cell(game, 4, 5)) == 0b111000);
}

TEST_CASE("samurai's gaps take no cursor, and moves pass over them", "[play][variant]")
{
    auto puzzle = VariantPuzzle::blank(sudoku::samurai_rules());
    VariantGame game = new_game(puzzle);
    CHECK(game.cursor() == 0);
    CHECK_THROWS_AS(game.set_cursor(9), std::invalid_argument); // r1c10: between grids 1 and 2
    CHECK_THROWS_AS(game.set_cursor(441), std::invalid_argument);
    game.set_cursor(8); // r1c9, the right edge of grid 1
    game.move_cursor(0, 1);
    CHECK(game.cursor() == 12); // r1c13, the left edge of grid 2
    game.move_cursor(0, 20);
    CHECK(game.cursor() == 20);
    game.move_cursor(8, 0); // down column 21 to r9c21, the bottom of grid 2
    CHECK(game.cursor() == 8 * 21 + 20);
    game.move_cursor(1, 0);               // over the gap below grid 2
    CHECK(game.cursor() == 12 * 21 + 20); // r13c21: the top of grid 5
}

TEST_CASE("a variant game's verdicts count wrong and empty cells, and any solution is solved",
          "[play][variant]")
{
    const VariantPuzzle puzzle = made(Variant::classic(6), 3);
    VariantGame game = new_game(puzzle);
    int empty = 0, wrong = -1;
    for (const int c : game.rules().cells())
        if (!game.is_given(c)) {
            ++empty;
            wrong = c;
        }
    game.set_cursor(wrong);
    const int right = game.solution()[static_cast<std::size_t>(wrong)];
    game.press_digit(right == 1 ? 2 : 1);
    const auto verdict = game.submit({});
    CHECK_FALSE(verdict.solved);
    CHECK(verdict.wrong == 1);
    CHECK(verdict.empty == empty - 1);
    CHECK(verdict.describe() == "1 cell is wrong and " + std::to_string(empty - 1) + " are empty");
    CHECK_FALSE(game.finished());

    std::vector<std::uint8_t> not_a_solution = game.solution();
    std::swap(not_a_solution[0], not_a_solution[1]);
    CHECK_THROWS_AS(VariantGame(puzzle, not_a_solution, {}), std::invalid_argument);
}

TEST_CASE("a variant's faults name the rule of the cell, in the board's symbols", "[play][variant]")
{
    const auto knight =
        std::make_shared<const sudoku::Rules>(with(Variant::classic(16), &Variant::anti_knight));
    VariantGame game = new_game(VariantPuzzle::blank(knight));
    game.set_cursor(cell(game, 4, 4));
    REQUIRE(game.press_digit(12) == Outcome::changed);
    game.set_cursor(cell(game, 5, 6)); // another box: only the knight's move
    REQUIRE(game.press_digit(12) == Outcome::changed);
    CHECK(game.fault(cell(game, 5, 6)) == "r5c6 and r4c4 both hold C, a knight's move apart");
    game.set_cursor(cell(game, 4, 9));
    REQUIRE(game.press_digit(12) == Outcome::changed);
    CHECK(game.fault(cell(game, 4, 9)) == "two Cs in row 4");
}

TEST_CASE("a hint on a full grid that is wrong puts a wrong digit right", "[play][variant]")
{
    const VariantPuzzle puzzle = made(Variant::classic(4), 2);
    VariantGame game = new_game(puzzle);
    int wrong = -1;
    for (const int c : game.rules().cells()) {
        if (game.is_given(c))
            continue;
        game.set_cursor(c);
        const int right = game.solution()[static_cast<std::size_t>(c)];
        game.press_digit(wrong < 0 ? right % 4 + 1 : right); // the first one wrong
        if (wrong < 0)
            wrong = c;
    }
    const auto hint = game.hint();
    REQUIRE(hint);
    CHECK(hint->cell == wrong);
    CHECK(hint->reason.find(", but the solution has ") != std::string::npos);
    CHECK(game.submit({}).solved);
    CHECK_FALSE(game.hint());
}
