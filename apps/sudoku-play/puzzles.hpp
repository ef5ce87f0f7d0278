// Where sudoku-play's games come from: the puzzle maker (by level or by number of blanks) or a
// puzzle file, one game after another.
#pragma once

#include <sudoku/maker.hpp>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

namespace sudoku_play {

/// A source of games. next() gives the next game's puzzle and solution, or throws
/// std::runtime_error saying why there is none.
class PuzzleSource {
public:
    virtual ~PuzzleSource() = default;
    virtual sudoku::Puzzle next() = 0;
    /// What the current game is, for the title line: "easy (level 1), game 3",
    /// "40 blanks, game 2", "puzzles.txt, puzzle 7".
    [[nodiscard]] virtual std::string title() const = 0;
};

/// New puzzles from the maker, all of one level or all with `blanks` blanks (at least 2 in
/// every box, one solution each). Game k (from 0) is the maker's puzzle k for `seed`.
std::unique_ptr<PuzzleSource> made_puzzles(std::optional<sudoku::Level> level, int blanks,
                                           std::uint64_t seed);

/// The puzzles of `file` from the `first`-th (1 for the first), in any format `sudoku-cli -s`
/// reads. A puzzle that is malformed or has no solution is an error naming the file, line and
/// puzzle.
std::unique_ptr<PuzzleSource> file_puzzles(const std::string& file, std::uint64_t first);

} // namespace sudoku_play
