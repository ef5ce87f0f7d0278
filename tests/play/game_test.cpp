// sudoku-play's game model (apps/sudoku-play/game.hpp), without a terminal.
#include "sudoku-play/game.hpp"

#include <sudoku/solver.hpp>

#include <catch2/catch.hpp>

#include <algorithm>
#include <string>

using sudoku::Grid;
using sudoku_play::Clock;
using sudoku_play::Game;
using sudoku_play::Hint;
using sudoku_play::HintLink;
using sudoku_play::Mode;
using sudoku_play::Outcome;

namespace {

const std::string wiki =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

Game new_game(const std::string& text = wiki, Clock::time_point start = {})
{
    const Grid puzzle = Grid::from_string(text);
    sudoku::Solver solver;
    const auto solved = solver.solve(puzzle);
    REQUIRE(solved.status == sudoku::Status::solved);
    return Game(puzzle, solved.solution, start);
}

// Whether two cells share a row, a column or a box.
bool sees(int a, int b)
{
    return a / 9 == b / 9 || a % 9 == b % 9 || (a / 27 == b / 27 && a % 9 / 3 == b % 9 / 3);
}

} // namespace

TEST_CASE("The cursor starts on the first empty cell and stops at the edges", "[play]")
{
    Game game = new_game();
    CHECK(game.cursor() == 2);
    game.move_cursor(-1, -5);
    CHECK(game.cursor() == 0);
    game.move_cursor(20, 20);
    CHECK(game.cursor() == 80);
    game.set_cursor(40);
    game.move_cursor(1, -1);
    CHECK(game.cursor() == 48);
}

TEST_CASE("Digits go into empty cells, never into givens", "[play]")
{
    Game game = new_game();
    game.set_cursor(0); // a given 5
    CHECK(game.press_digit(4) == Outcome::given);
    CHECK(game.erase() == Outcome::given);
    CHECK(game.grid()[0] == 5);
    game.set_cursor(2);
    CHECK(game.press_digit(4) == Outcome::changed);
    CHECK(game.grid()[2] == 4);
    CHECK(game.press_digit(4) == Outcome::unchanged);
    CHECK(game.erase() == Outcome::changed);
    CHECK(game.grid()[2] == 0);
    CHECK(game.erase() == Outcome::unchanged);
}

TEST_CASE("Conflicts are the cells whose digit repeats in a unit", "[play]")
{
    Game game = new_game();
    game.set_cursor(2);
    game.press_digit(5); // row 1 already has a 5 at r1c1
    const auto clash = game.conflicts();
    CHECK(clash[0]);
    CHECK(clash[2]);
    int count = 0;
    for (const bool in : clash)
        count += in ? 1 : 0;
    CHECK(count == 2);
    game.erase();
    for (const bool in : game.conflicts())
        CHECK_FALSE(in);
}

TEST_CASE("Pencil marks toggle in note mode and placing a digit rubs it out of its peers", "[play]")
{
    Game game = new_game();
    game.toggle_mode();
    REQUIRE(game.mode() == Mode::note);
    game.set_cursor(2);
    game.press_digit(1);
    game.press_digit(2);
    game.press_digit(1); // off again
    CHECK(game.marks(2) == sudoku::digit_bit(2));
    game.set_cursor(3);
    game.press_digit(2);
    game.toggle_mode();
    game.set_cursor(5);
    game.press_digit(2); // same row: the 2s go from r1c3 and r1c4
    CHECK(game.marks(2) == 0);
    CHECK(game.marks(3) == 0);
    CHECK(game.undo()); // one key, one undo: the digit and both marks come back
    CHECK(game.grid()[5] == 0);
    CHECK(game.marks(2) == sudoku::digit_bit(2));
    CHECK(game.marks(3) == sudoku::digit_bit(2));
}

TEST_CASE("Undo and redo walk the changes back and forth", "[play]")
{
    Game game = new_game();
    game.set_cursor(2);
    game.press_digit(4);
    game.set_cursor(3);
    game.press_digit(6);
    game.erase();
    CHECK(game.undo());
    CHECK(game.grid()[3] == 6);
    CHECK(game.undo());
    CHECK(game.undo());
    CHECK(game.grid()[2] == 0);
    CHECK_FALSE(game.undo());
    CHECK(game.redo());
    CHECK(game.grid()[2] == 4);
    CHECK(game.cursor() == 2);
    game.set_cursor(4);
    CHECK(game.press_digit(1) == Outcome::given); // refused: nothing changes, redo stays
    game.set_cursor(5);
    game.press_digit(7);
    CHECK_FALSE(game.redo()); // a new change forgets what was undone
}

TEST_CASE("A hint fills a cell with its right digit and names the technique", "[play]")
{
    Game game = new_game();
    const auto hint = game.hint();
    REQUIRE(hint);
    CHECK(game.grid()[hint->cell] == game.solution()[hint->cell]);
    CHECK(game.cursor() == hint->cell);
    CHECK_THAT(hint->reason, Catch::Matchers::Contains("single"));
    CHECK(game.undo());
    CHECK(game.grid()[hint->cell] == 0);

    // A wrong digit elsewhere does not mislead the hint.
    game.set_cursor(2);
    game.press_digit(game.solution()[2] == 1 ? 2 : 1);
    for (int i = 0; i < 60; ++i) {
        const auto next = game.hint();
        if (!next)
            break;
        CHECK(next->digit == game.solution()[next->cell]);
    }
}

TEST_CASE("A hint on a puzzle that needs search takes the cell from the solution", "[play]")
{
    // From forum_hardest: the techniques find no placement at the start.
    Game game = new_game(
        "12.3....435....1....4........54..2..6...7.........8.9...31..5.......9.7.....6...8");
    const auto hint = game.hint();
    REQUIRE(hint);
    CHECK_THAT(hint->reason, Catch::Matchers::Contains("needs search"));
    CHECK(hint->digit == game.solution()[hint->cell]);
}

TEST_CASE("Where the usual techniques stop, a hint names Sudoku Explainer's and draws it",
          "[play][se]")
{
    // Sukaku Explainer rates it 7.1 (a forcing chain); the usual techniques stop early.
    Game game = new_game(
        "24.1.....3..2...6......8.3.5....69.......3....7.....8..58...1.29...1.67.7...8....");
    std::vector<std::string> drawn;
    std::vector<Hint> chains;
    while (const auto hint = game.hint()) {
        INFO(hint->reason);
        CHECK(hint->digit == game.solution()[hint->cell]);
        CHECK(hint->reason.find("needs search") == std::string::npos);
        if (hint->pattern.empty())
            continue;
        drawn.push_back(hint->reason);
        CHECK_FALSE(hint->removed.empty());
        for (const auto& [cell, digit] : hint->removed) // ruled out: not the solution's digit
            CHECK(game.solution()[cell] != digit);
        if (hint->reason.find("Chain (") != std::string::npos) // drawn as a chain
            chains.push_back(*hint);
    }
    CHECK(game.submit(Clock::time_point{}).solved);
    REQUIRE_FALSE(drawn.empty());
    const auto named = [&](const std::string& what) {
        return std::any_of(drawn.begin(), drawn.end(), [&](const std::string& reason) {
            return reason.find(what) != std::string::npos;
        });
    };
    CHECK(named(", after Forcing Chain (7.1): "));
    // A forcing chain's links run one into the next, strong and weak in turn, each within a
    // cell (two digits) or a region (one digit), over the pattern's cells.
    REQUIRE_FALSE(chains.empty());
    for (const Hint& hint : chains) {
        INFO(hint.reason);
        REQUIRE(hint.links.size() >= 2);
        for (std::size_t i = 0; i < hint.links.size(); ++i) {
            const HintLink& link = hint.links[i];
            const bool same_cell = link.from_cell == link.to_cell;
            CHECK(same_cell != (link.from_digit == link.to_digit));
            CHECK((same_cell || sees(link.from_cell, link.to_cell)));
            for (const int cell : {link.from_cell, link.to_cell})
                CHECK(std::find(hint.pattern.begin(), hint.pattern.end(), cell) !=
                      hint.pattern.end());
            if (i == 0)
                continue;
            const HintLink& before = hint.links[i - 1];
            CHECK(before.to_cell == link.from_cell);
            CHECK(before.to_digit == link.from_digit);
            CHECK(before.strong != link.strong);
        }
    }
}

TEST_CASE("Submitting says how many cells are wrong or empty, then Solved", "[play]")
{
    const Clock::time_point start{};
    Game game = new_game(wiki, start);
    auto verdict = game.submit(start + std::chrono::seconds(5));
    CHECK_FALSE(verdict.solved);
    CHECK(verdict.empty == 51);
    CHECK(verdict.describe() == "51 cells are empty");
    game.set_cursor(2);
    game.press_digit(game.solution()[2] == 1 ? 2 : 1);
    verdict = game.submit(start);
    CHECK(verdict.wrong == 1);
    CHECK(verdict.describe() == "1 cell is wrong and 50 are empty");
    game.erase();
    for (int cell = 0; cell < 81; ++cell) {
        if (game.grid()[cell] == 0) {
            game.set_cursor(cell);
            game.press_digit(game.solution()[cell]);
        }
    }
    verdict = game.submit(start + std::chrono::seconds(90));
    CHECK(verdict.solved);
    CHECK(verdict.describe() == "Solved!");
    CHECK(game.finished());
    CHECK(game.elapsed(start + std::chrono::seconds(500)) ==
          std::chrono::seconds(90));                  // clock stopped
    CHECK(game.press_digit(1) == Outcome::unchanged); // and the grid too
}
