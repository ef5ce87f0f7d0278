// What every game of sudoku-play and the web page shares: the clock, the two modes of a digit
// key, what became of a key, a hint, and the verdict of "check". The games themselves are
// VariantGame (any size and rules: variant_game.hpp) and Game, the classic 9x9 one on it
// (game.hpp).
#pragma once

#include <chrono>
#include <string>
#include <utility>
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

/// A link of a chain drawn with a hint: from a candidate to another; strong when the first is
/// not there ("if not 3 in r1c1 then 3 in r1c5"), weak when it is ("if 3 in r1c5 then not 5").
struct HintLink {
    int from_cell = 0, from_digit = 0, to_cell = 0, to_digit = 0;
    bool strong = false;
};

struct Hint {
    Hint() = default;
    Hint(int at, int placed, std::string why) : cell(at), digit(placed), reason(std::move(why)) {}

    int cell = -1;
    int digit = 0;
    std::string reason; ///< for the player, e.g. "hidden single: 9 has one place in row 1, r1c9"
    /// When the digit needed one of Sudoku Explainer's harder techniques (classic 9x9 puzzles
    /// that the usual techniques cannot finish): the hardest such step before it, to draw: its
    /// pattern's cells, the (cell, digit) candidates it ruled out, and a chain's links.
    std::vector<int> pattern;
    std::vector<std::pair<int, int>> removed;
    std::vector<HintLink> links;
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
