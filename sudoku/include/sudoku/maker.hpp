// Making puzzles: a random complete board from the exact-cover engine, then givens taken away
// in a random order, each removal kept only when the puzzle still meets the settings
// (uniqueness, a level of difficulty, a number of blanks, symmetry).
//
// Puzzle number i depends only on the settings and i (its randomness comes from the seed and
// i), so any number of threads make the same puzzles, and a run can be reproduced.
#pragma once

#include <sudoku/grid.hpp>
#include <sudoku/rater.hpp>

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>

namespace sudoku {

/// A range of ratings on Sudoku Explainer's scale (se_rating.hpp), in tenths as serate prints
/// them: 70 to 75 for "7.0~7.5".
struct SeRange {
    int lowest = 10, highest = 10;
};

/// The levels above hard, by Sudoku Explainer's rating (docs/puzzles.md, section 2): 4 expert
/// (ER 4.0 to 5.9), 5 fiendish (6.0 to 7.4), 6 diabolical (7.5 to 8.9). Their puzzles are hard
/// (Level::hard) and rate in the range. Throws std::invalid_argument for another level.
[[nodiscard]] SeRange se_level_range(int level);
/// "expert", "fiendish" or "diabolical" for levels 4 to 6 (std::invalid_argument otherwise).
[[nodiscard]] const char* se_level_name(int level);

struct PuzzleSettings {
    /// With an SE range: every puzzle has exactly one solution and its ER, as serate prints it,
    /// lies in the range; with a level too, it is also of that level. The givens are taken away
    /// while the puzzle stays unique; one that rates too hard gets givens back, in random order,
    /// while it still does. With `minimal`, only puzzles that rate in range as they stand are kept.
    std::optional<SeRange> se;
    /// With a level: every puzzle has exactly one solution and rates at exactly this level
    /// (rater.hpp). The number of blanks is then whatever the level leaves.
    std::optional<Level> level;
    /// Without a level: each puzzle's number of blanks is drawn uniformly from this range.
    int fewest_blanks = 20;
    int most_blanks = 55;
    /// Without a level: every puzzle has exactly one solution.
    bool unique = false;
    /// The blanks are symmetric under a half turn: cell i is blank exactly when cell 80 - i is.
    bool symmetric = false;
    /// No given can be taken away without losing uniqueness (with `symmetric`: no given and its
    /// partner together, nor the centre). Implies uniqueness.
    bool minimal = false;
    /// Every 3x3 box has at least this many blanks (0..9; the later edition's game asks for 2).
    int min_blanks_per_box = 0;
    std::uint64_t seed = 0;
};

/// Level 1 to 6 into `settings`, as sudoku-cli -m and Python's make(level=) take it: 1 to 3
/// the rater's levels, 4 to 6 hard puzzles in se_level_range(level). Throws
/// std::invalid_argument for another number.
void set_level(PuzzleSettings& settings, int level);

struct Puzzle {
    Grid puzzle;   ///< 0 for a blank
    Grid solution; ///< the board it was made from (its only solution when unique)
};

/// Makes puzzles one at a time. Not thread-safe: keep one per thread.
class PuzzleMaker {
public:
    /// Throws std::invalid_argument for settings that cannot be met: a blank range outside
    /// 0..81 or upside down; an SE range upside down; uniqueness with more than
    /// 64 blanks (no unique puzzle has fewer than 17 givens); more blanks per box than 9, or than
    /// the range allows.
    explicit PuzzleMaker(const PuzzleSettings& settings);
    ~PuzzleMaker();
    PuzzleMaker(const PuzzleMaker&) = delete;
    PuzzleMaker& operator=(const PuzzleMaker&) = delete;

    /// Puzzle number `index`. Tries fresh boards until one meets the settings; throws
    /// std::runtime_error, saying why, after 1000 boards without one (a range that random
    /// removal almost never reaches, such as a minimal puzzle with 20 to 40 blanks, or one
    /// rated 9.0 or more).
    [[nodiscard]] Puzzle make(std::uint64_t index);
    /// Boards tried by this maker so far (one or more per puzzle), for statistics.
    [[nodiscard]] std::uint64_t attempts() const noexcept;

private:
    class Impl;
    std::unique_ptr<Impl> impl_;
};

/// Makes puzzles 0 .. count - 1 with `threads` threads (0: every core) and hands them to
/// `sink` in order, a batch at a time. The same settings and count give the same puzzles
/// whatever the number of threads. An exception from `sink` or a thread stops the others and
/// is rethrown.
void make_puzzles(const PuzzleSettings& settings, std::uint64_t count, unsigned threads,
                  const std::function<void(std::span<const Puzzle>)>& sink);

} // namespace sudoku
