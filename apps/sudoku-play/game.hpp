// The rules and state of one game of sudoku-play, with no terminal in it: the grid, the
// player's digits and pencil marks, the cursor, undo and redo, conflicts, hints, submitting,
// the clock. The ncurses front end (main.cpp) only draws this and turns keys into calls.
//
// A game of classic 9x9 Sudoku is a VariantGame (variant_game.hpp) under the classic rules,
// seen through Grids: one set of rules of play for every puzzle. Its hints are LogicSolver's
// steps, word for word (VariantLogic finds the same steps on the classic grid).
#pragma once

#include "play.hpp"
#include "variant_game.hpp"

#include <sudoku/grid.hpp>
#include <sudoku/logic.hpp>

#include <array>
#include <optional>

namespace sudoku_play {

class Game {
public:
    /// A game of `puzzle` (0 for a blank), whose solution is `solution`. The clock starts at
    /// `now`. Throws std::invalid_argument when `solution` does not solve `puzzle`.
    Game(const sudoku::Grid& puzzle, const sudoku::Grid& solution, Clock::time_point now);

    [[nodiscard]] const sudoku::Grid& puzzle() const noexcept { return puzzle_; }
    [[nodiscard]] const sudoku::Grid& solution() const noexcept { return solution_; }
    /// The givens and the player's digits together.
    [[nodiscard]] const sudoku::Grid& grid() const noexcept { return grid_; }
    [[nodiscard]] bool is_given(int cell) const { return puzzle_[cell] != 0; }
    [[nodiscard]] sudoku::DigitSet marks(int cell) const
    {
        return static_cast<sudoku::DigitSet>(game_.marks(cell));
    }

    // The cursor: a cell 0..80; moves stop at the edges.
    [[nodiscard]] int cursor() const noexcept { return game_.cursor(); }
    void move_cursor(int rows, int cols) { game_.move_cursor(rows, cols); }
    void set_cursor(int cell);

    [[nodiscard]] Mode mode() const noexcept { return game_.mode(); }
    void toggle_mode() { game_.toggle_mode(); }

    /// Digit `digit` (1..9) at the cursor: in place mode it fills the cell (and rubs the digit
    /// out of the pencil marks of the cell's row, column and box); in note mode it toggles the
    /// pencil mark.
    Outcome press_digit(int digit) { return synced(game_.press_digit(digit)); }
    /// Empties the cell at the cursor: its digit, or else its pencil marks.
    Outcome erase() { return synced(game_.erase()); }
    /// Takes back the last change (a digit, a mark, an erase or a hint); false when none.
    bool undo() { return synced(game_.undo()); }
    /// Does again the last change taken back; false when none.
    bool redo() { return synced(game_.redo()); }

    /// Cells whose digit appears twice in their row, column or box.
    [[nodiscard]] std::array<bool, sudoku::Grid::cells> conflicts() const;

    /// Fills one empty cell with its right digit and says which technique finds it (from the
    /// givens and the player's right digits); when the techniques find none, takes the cell
    /// from the solution and says so; on a full grid, puts right a wrong digit. Nothing when
    /// the grid is full and right. Can be undone.
    std::optional<Hint> hint() { return synced(game_.hint()); }

    /// Checks the grid; a solved grid also stops the clock.
    Verdict submit(Clock::time_point now) { return game_.submit(now); }
    [[nodiscard]] bool finished() const noexcept { return game_.finished(); }
    /// True when the player has changes that undo would take back (something to lose).
    [[nodiscard]] bool changed() const noexcept { return game_.changed(); }
    /// Time played: up to `now`, or up to the moment the grid was solved.
    [[nodiscard]] Clock::duration elapsed(Clock::time_point now) const
    {
        return game_.elapsed(now);
    }

    /// The game as a VariantGame under the classic rules.
    [[nodiscard]] const VariantGame& variant_game() const noexcept { return game_; }

private:
    // Brings grid_ up to date with the game's digits, and passes `result` on.
    template <typename Result> Result synced(Result result)
    {
        for (int cell = 0; cell < sudoku::Grid::cells; ++cell)
            grid_.set(cell, game_.grid()[static_cast<std::size_t>(cell)]);
        return result;
    }

    sudoku::Grid puzzle_, solution_, grid_;
    VariantGame game_;
};

} // namespace sudoku_play
