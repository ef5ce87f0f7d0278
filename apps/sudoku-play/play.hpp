// What every game of sudoku-play and the web page shares: the clock, the two modes of a digit
// key, what became of a key, a hint, and the verdict of "check". The games themselves are
// VariantGame (any size and rules: variant_game.hpp) and Game, the classic 9x9 one on it
// (game.hpp).
#pragma once

#include <chrono>
#include <string>

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

} // namespace sudoku_play
