// A game of any puzzle (variant.hpp: sizes 4x4 to 25x25, samurai, X, windoku, jigsaw, killer,
// anti-knight, anti-king, non-consecutive, extra regions, pencil-mark givens), with no screen in
// it: the grid, the player's digits and pencil marks, the cursor, undo and redo, conflicts,
// hints, submitting, the clock. The web page plays every puzzle with it; sudoku-play's Game
// (game.hpp) is one under the classic rules, seen through Grids.
//
//   classic 9x9                       any rules
//   81 cells, digits 1-9              Rules::canvas_size() cells (gaps in samurai), 1..size
//   conflicts: row, column, box       every group (cages too), knight/king pairs, neighbours
//                                     one apart, a cage over its sum
//   hints: LogicSolver, then SE's     hints: VariantLogic (cage combinations, locked candidates)
//   solved: the rules and givens      solved: Rules::is_solved, givens and pencil marks kept
#pragma once

#include "play.hpp"

#include <sudoku/variant.hpp>
#include <sudoku/variant_solver.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sudoku_play {

class VariantGame {
public:
    /// A game of `puzzle`, whose solution is `solution` (one digit per canvas cell, 0 in gaps).
    /// Throws std::invalid_argument when `solution` is not a solution of `puzzle`. The clock
    /// starts at `now`; the cursor on the first empty cell.
    VariantGame(sudoku::VariantPuzzle puzzle, std::vector<std::uint8_t> solution,
                Clock::time_point now);

    [[nodiscard]] const sudoku::Rules& rules() const noexcept { return *puzzle_.rules; }
    [[nodiscard]] const sudoku::VariantPuzzle& puzzle() const noexcept { return puzzle_; }
    [[nodiscard]] const std::vector<std::uint8_t>& solution() const noexcept { return solution_; }
    /// The givens and the player's digits together, one per canvas cell.
    [[nodiscard]] const std::vector<std::uint8_t>& grid() const noexcept { return grid_; }
    [[nodiscard]] bool is_given(int cell) const { return puzzle_.digits[index(cell)] != 0; }
    /// The player's pencil marks in `cell`, bit d - 1 for digit d.
    [[nodiscard]] std::uint32_t marks(int cell) const { return marks_[index(cell)]; }

    /// The cursor: a cell of the puzzle (never one of samurai's gaps).
    [[nodiscard]] int cursor() const noexcept { return cursor_; }
    /// Moves the cursor to `cell`; throws std::invalid_argument for a gap or a cell off the
    /// canvas.
    void set_cursor(int cell);
    /// Moves the cursor by rows and columns, over gaps to the next cell that way; it stops at
    /// the edges (and stays where no cell lies that way).
    void move_cursor(int rows, int columns);

    [[nodiscard]] Mode mode() const noexcept { return mode_; }
    void toggle_mode() { mode_ = mode_ == Mode::place ? Mode::note : Mode::place; }

    /// Digit `digit` (1..size) at the cursor, as Game::press_digit: a placed digit is rubbed
    /// out of the marks of every cell that may not hold it too (a shared group or a
    /// knight's or king's pair), and its neighbours one apart lose the marks next to it under
    /// non-consecutive. Unchanged for a digit out of range.
    Outcome press_digit(int digit);
    /// Empties the cell at the cursor: its digit, or else its pencil marks.
    Outcome erase();
    bool undo();
    bool redo();

    /// Per canvas cell: true where a digit breaks a rule with another (both cells of a digit
    /// twice in a group, of a pair that may not hold the same digit or consecutive ones), and
    /// every cell of a cage whose digits pass its sum or, full, miss it.
    [[nodiscard]] std::vector<bool> conflicts() const;
    /// The rule that the digit in `cell` breaks with another cell ("two 5s in main diagonal",
    /// "r1c1 and r2c3 both hold 4, a knight's move apart", "the cage at r1c1 adds up to at
    /// least 9, not 8"), with symbols as the board shows them; nothing when it breaks none.
    [[nodiscard]] std::optional<std::string> fault(int cell) const;
    /// The cells that may not hold the digit of `cell`: its groups' and its pairs' cells.
    [[nodiscard]] const std::vector<int>& peers(int cell) const { return peers_[index(cell)]; }

    /// Fills one empty cell with its right digit and says which technique finds it
    /// (VariantLogic, from the givens and the player's right digits; where that gets stuck on a
    /// classic 9x9 puzzle, Sudoku Explainer's techniques, the hardest step before the digit
    /// named and given to draw), or takes it from the solution and says so; on a full grid,
    /// puts right a wrong digit. Nothing when the grid is full and right. Can be undone.
    std::optional<Hint> hint();

    /// Checks the grid: solved when every cell is filled, no rule is broken and every digit is
    /// one its cell allows (any solution counts); a solved grid stops the clock.
    Verdict submit(Clock::time_point now);
    [[nodiscard]] bool finished() const noexcept { return finished_at_.has_value(); }
    [[nodiscard]] bool changed() const noexcept { return !done_.empty(); }
    [[nodiscard]] Clock::duration elapsed(Clock::time_point now) const;

private:
    [[nodiscard]] std::optional<Hint> se_hint(const std::vector<std::uint8_t>& known) const;

    struct CellState {
        int digit = 0;
        std::uint32_t marks = 0;
        friend bool operator==(const CellState&, const CellState&) = default;
    };
    struct Change {
        int cell;
        CellState before, after;
    };
    using Edit = std::vector<Change>; // one key's worth of changes, undone together

    [[nodiscard]] std::size_t index(int cell) const;
    [[nodiscard]] CellState state(int cell) const;
    void set_state(int cell, const CellState& to);
    void record(Edit edit);
    [[nodiscard]] Edit place(int cell, int digit) const;
    /// The cage whose group in Rules::groups() is `group`.
    [[nodiscard]] const sudoku::Cage& cage_of(int group) const;
    struct CageTotal {
        int sum = 0;
        bool full = true;    ///< every cell holds a digit
        bool broken = false; ///< past the cage's sum, or all placed and not on it
    };
    [[nodiscard]] CageTotal total(const sudoku::Cage& cage) const;
    /// True when `digits` keep every rule, the givens and the pencil marks, all cells filled.
    [[nodiscard]] bool solved_by(const std::vector<std::uint8_t>& digits) const;

    sudoku::VariantPuzzle puzzle_;
    std::vector<std::uint8_t> solution_, grid_;
    std::vector<std::uint32_t> marks_;
    std::vector<std::vector<int>> peers_, apart_; // per canvas cell
    int cursor_ = 0;
    Mode mode_ = Mode::place;
    std::vector<Edit> done_, undone_;
    Clock::time_point started_;
    std::optional<Clock::time_point> finished_at_;
};

} // namespace sudoku_play
