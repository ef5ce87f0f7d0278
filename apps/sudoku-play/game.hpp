// The rules and state of one game of sudoku-play, with no terminal in it: the grid, the
// player's digits and pencil marks, the cursor, undo and redo, conflicts, hints, submitting,
// the clock. The ncurses front end (main.cpp) only draws this and turns keys into calls.
#pragma once

#include <sudoku/grid.hpp>
#include <sudoku/logic.hpp>

#include <array>
#include <chrono>
#include <optional>
#include <string>
#include <vector>

namespace sudoku_play {

using Clock = std::chrono::steady_clock;

/// What a digit key does: place the digit, or toggle it as a pencil mark.
enum class Mode { place, note };

/// What became of a key that changes a cell.
enum class Outcome {
    changed,   ///< the cell changed (and can be undone)
    given,     ///< refused: the cell is a given
    unchanged, ///< nothing to do (erasing an empty cell, say)
};

struct Hint {
    int cell = -1;
    int digit = 0;
    std::string reason; ///< for the player, e.g. "hidden single: 9 has one place in row 1, r1c9"
};

/// The answer to "submit".
struct Verdict {
    bool solved = false; ///< every cell filled and every rule kept
    int wrong = 0;       ///< filled cells that disagree with the solution
    int empty = 0;       ///< cells still empty
    /// For the player: "Solved!" or "3 cells are wrong and 12 are empty".
    [[nodiscard]] std::string describe() const;
};

class Game {
public:
    /// A game of `puzzle` (0 for a blank), whose solution is `solution`. The clock starts at
    /// `now`.
    Game(const sudoku::Grid& puzzle, const sudoku::Grid& solution, Clock::time_point now);

    [[nodiscard]] const sudoku::Grid& puzzle() const noexcept { return puzzle_; }
    [[nodiscard]] const sudoku::Grid& solution() const noexcept { return solution_; }
    /// The givens and the player's digits together.
    [[nodiscard]] const sudoku::Grid& grid() const noexcept { return grid_; }
    [[nodiscard]] bool is_given(int cell) const { return puzzle_[cell] != 0; }
    [[nodiscard]] sudoku::DigitSet marks(int cell) const
    {
        return marks_[static_cast<std::size_t>(cell)];
    }

    // The cursor: a cell 0..80; moves stop at the edges.
    [[nodiscard]] int cursor() const noexcept { return cursor_; }
    void move_cursor(int rows, int cols);
    void set_cursor(int cell);

    [[nodiscard]] Mode mode() const noexcept { return mode_; }
    void toggle_mode() { mode_ = mode_ == Mode::place ? Mode::note : Mode::place; }

    /// Digit `digit` (1..9) at the cursor: in place mode it fills the cell (and rubs the digit
    /// out of the pencil marks of the cell's row, column and box); in note mode it toggles the
    /// pencil mark.
    Outcome press_digit(int digit);
    /// Empties the cell at the cursor: its digit, or else its pencil marks.
    Outcome erase();
    /// Takes back the last change (a digit, a mark, an erase or a hint); false when none.
    bool undo();
    /// Does again the last change taken back; false when none.
    bool redo();

    /// Cells whose digit appears twice in their row, column or box.
    [[nodiscard]] std::array<bool, sudoku::Grid::cells> conflicts() const;

    /// Fills one empty cell with its right digit and says which technique finds it (from the
    /// givens and the player's right digits); when the techniques find none, takes the cell
    /// from the solution and says so. Nothing when the grid is full. Can be undone.
    std::optional<Hint> hint();

    /// Checks the grid; a solved grid also stops the clock.
    Verdict submit(Clock::time_point now);
    [[nodiscard]] bool finished() const noexcept { return finished_at_.has_value(); }
    /// True when the player has changes that undo would take back (something to lose).
    [[nodiscard]] bool changed() const noexcept { return !done_.empty(); }
    /// Time played: up to `now`, or up to the moment the grid was solved.
    [[nodiscard]] Clock::duration elapsed(Clock::time_point now) const;

private:
    struct CellState {
        int digit = 0;
        sudoku::DigitSet marks = 0;
        friend bool operator==(const CellState&, const CellState&) = default;
    };
    struct Change {
        int cell;
        CellState before, after;
    };
    using Edit = std::vector<Change>; // one key's worth of changes, undone together

    [[nodiscard]] CellState state(int cell) const;
    void set_state(int cell, const CellState& to);
    void record(Edit edit);
    Edit place(int cell, int digit);

    sudoku::Grid puzzle_, solution_, grid_;
    std::array<sudoku::DigitSet, sudoku::Grid::cells> marks_{};
    int cursor_ = 0;
    Mode mode_ = Mode::place;
    std::vector<Edit> done_, undone_;
    Clock::time_point started_;
    std::optional<Clock::time_point> finished_at_;
};

} // namespace sudoku_play
