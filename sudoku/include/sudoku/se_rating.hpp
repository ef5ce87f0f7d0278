// Ratings on Sudoku Explainer's scale, as Sukaku Explainer 1.15.10's batch rater `serate`
// computes them: the puzzle is solved one step at a time, each step the first one that the
// first productive technique finds, the techniques tried in SE's fixed order; each step has
// SE's number, and a puzzle gets three:
//
//   ER  the hardest step of the whole solution          serate prints  ER/EP/ED
//   EP  the hardest step up to the first placement                     7.2/1.2/1.2
//   ED  the first step
//
// The techniques are SE's, with its numbers, its names and its scan orders (which decide which
// step comes first, and so the path and the numbers), tried in SE's order:
//
//   1.0 1.2 1.5 hidden single (last cell, box, line)     4.0-4.3 skyscraper, 2-string kite,
//   1.7 1.9 direct pointing, direct claiming                     turbot crane (grouped: 4.3)
//   2.0 2.5 direct hidden pair, triplet                  4.2 4.4 XY-, XYZ-wing
//   2.3 naked single                                     4.5+    unique rectangles and loops
//   2.6 2.8 pointing, claiming                           5.0 5.2 5.4 naked quad, jellyfish,
//   3.0 3.6 naked pair, triplet                                  hidden quad
//   3.2 3.8 X-wing, swordfish                            5.4-5.7 three strong links
//   3.4 4.0 hidden pair, triplet                         5.5 5.6 WXYZ-wing
//   6.2-6.4 VWXYZ-wing, 6.2 aligned pair exclusion       5.6+    bivalue universal grave
//   6.5+    forcing chains and cycles                    7.5     aligned triplet exclusion
//   7.5+    Nishio forcing chains                        8.0+    cell and region forcing chains
//   8.5+    dynamic forcing chains
//
//   9.0+    dynamic forcing chains (+)                   9.5+ 10.0+ 10.5+ nested forcing chains
//
// (a chain's number grows with its length). Where the techniques solve a puzzle the path (up
// to where the rest is known to rate no higher: see rate_se) and the three numbers are SE's
// exactly; where they get stuck (a puzzle with no solution or with
// several, mostly), the rating says so (SeRating::complete is false, ER 20.0 as serate prints
// when its own techniques get stuck).
//
// The "direct" techniques are SE's own: a pointing, claiming or hidden pair/triplet that
// would leave a digit one place in another region counts only as the placement it leads to
// (its eliminations are not made).
#pragma once

#include <sudoku/grid.hpp>

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace sudoku {

class Solver;
struct VariantPuzzle;

/// SE's techniques implemented here, in the order SE tries them (a step's SeStep::name is
/// SE's name of it, which for some says more: "Grouped Skyscraper 01", "Unique Rectangle
/// type 3").
enum class SeTechnique : std::uint8_t {
    hidden_single,          ///< 1.0 (the region's last empty cell), 1.2 (box), 1.5 (line)
    direct_pointing,        ///< 1.7: a box's places for a digit in one line leave a single
    direct_claiming,        ///< 1.9: a line's places for a digit in one box leave a single
    direct_hidden_pair,     ///< 2.0
    naked_single,           ///< 2.3
    direct_hidden_triple,   ///< 2.5
    pointing,               ///< 2.6
    claiming,               ///< 2.8
    naked_pair,             ///< 3.0
    x_wing,                 ///< 3.2
    hidden_pair,            ///< 3.4
    naked_triple,           ///< 3.6
    swordfish,              ///< 3.8
    hidden_triple,          ///< 4.0
    turbot_fish,            ///< 4.0-4.3: skyscraper, 2-string kite, turbot crane, grouped
    xy_wing,                ///< 4.2
    xyz_wing,               ///< 4.4
    unique_loop,            ///< 4.5 and more: unique rectangles and loops, types 1-4
    naked_quad,             ///< 5.0
    jellyfish,              ///< 5.2
    hidden_quad,            ///< 5.4
    strong_links,           ///< 5.4-5.7: three strong links on one digit
    wxyz_wing,              ///< 5.5-5.6
    bug,                    ///< 5.6 and more: bivalue universal grave, types 1-4
    vwxyz_wing,             ///< 6.2-6.4
    aligned_pair_exclusion, ///< 6.2
    forcing_chain,          ///< 6.5-7.x and more: forcing chains and cycles
    /// 7.5: aligned triplet exclusion
    aligned_triple_exclusion,
    /// 7.5 and more: Nishio forcing chains (X links, the grid reduced as the chain goes)
    nishio_forcing_chain,
    /// 8.0 and more: cell and region forcing chains
    multiple_forcing_chain,
    /// 8.5 and more: dynamic forcing chains (contradiction, double, cell, region)
    dynamic_forcing_chain,
    /// 9.0 and more: dynamic forcing chains (+): pointing, claiming, hidden and naked pairs
    /// and X-wings rule candidates out inside the chains
    dynamic_forcing_chain_plus,
    /// 9.5, 10.0, 10.5 and more: nested forcing chains: forcing chains (9.5), also cell and
    /// region forcing chains (10.0), or dynamic forcing chains (10.5) inside the chains
    nested_forcing_chain,
};

/// A link of a chain, from one candidate to the next: "if `from_digit` is (strong: is not) in
/// `from_cell`, then `to_digit` is not (strong: is) in `to_cell`".
struct SeLink {
    int from_cell = 0, from_digit = 0, to_cell = 0, to_digit = 0;
    bool strong = false; ///< an "off" leads to an "on" (else an "on" to an "off")
    friend bool operator==(const SeLink&, const SeLink&) = default;
};

/// One step: a digit placed (`cell` >= 0), or candidates ruled out.
struct SeStep {
    SeTechnique technique = SeTechnique::hidden_single;
    double rating = 0; ///< SE's number for this step
    int cell = -1;     ///< the cell that gets `digit`, for the singles and the direct ones
    int digit = 0;
    std::vector<std::pair<int, std::uint16_t>> removed; ///< (cell, digits: bit d - 1)
    std::string name;          ///< SE's name of the step, as serate prints it
    std::vector<int> cells;    ///< the cells of the pattern, for a hint
    std::vector<SeLink> links; ///< a chain's links, for a hint (empty for other techniques)

    [[nodiscard]] bool places() const noexcept { return cell >= 0; }
};

/// A rating: ER, EP and ED and the techniques that set them (SE's "hardest" is the first
/// step of the highest number).
struct SeRating {
    double er = 0, ep = 0, ed = 0;
    std::string er_technique, ep_technique, ed_technique; ///< SeStep::name; empty: no step
    /// True when the techniques solved the puzzle (or were shown to: see rate_se). False when
    /// they got stuck: er is then 20.0
    /// and er_technique "Beyond solver", as serate has it when its techniques get stuck; ep
    /// and ed are those of the steps taken (0 and empty if none was).
    bool complete = false;
    /// The steps taken: SE's path up to where the rest of it is known to rate no more than
    /// ER (the path is not followed further then: see rate_se), or to its end.
    int steps = 0;
};

/// The state of a grid being solved by SE's rules: the digits and each blank cell's
/// candidates (those no digit in its row, column or box rules out, at the start).
class SeSolver {
public:
    explicit SeSolver(const Grid& puzzle);
    /// A state part way: `digits`, and `marks[cell]` the candidates of each empty cell (as
    /// serate's pencil-mark puzzles give them; nothing is ruled out from them).
    SeSolver(const Grid& digits, std::vector<std::uint16_t> marks);

    [[nodiscard]] const Grid& grid() const noexcept { return grid_; }
    /// The candidates of `cell` (bit d - 1 for digit d; none for a filled cell).
    [[nodiscard]] std::uint16_t candidates(int cell) const
    {
        return candidates_[static_cast<std::size_t>(cell)];
    }
    /// The empty cells as bits: cell c is bit c % 64 of word c / 64.
    [[nodiscard]] const std::array<std::uint64_t, 2>& empty_cells() const noexcept
    {
        return empty_;
    }
    [[nodiscard]] bool solved() const noexcept { return (empty_[0] | empty_[1]) == 0; }
    /// The step SE takes next (the first step of the first technique, in SE's order, that
    /// finds one), or nothing when none of the techniques here finds one. `nested`: with
    /// SE's techniques from 9.0 up (dynamic forcing chains (+) and nested chains), which can
    /// take minutes for one step, and hours to find nothing on a grid of many solutions.
    [[nodiscard]] std::optional<SeStep> next_step(bool nested = true) const;
    /// Makes the step: rules its candidates out, then places its digit (and rules that digit
    /// out of the cell's row, column and box).
    void apply(const SeStep& step);

private:
    /// Keeps `cell`'s bit in empty_cells() as the grid has it.
    void mark(int cell, bool empty)
    {
        const std::uint64_t bit = std::uint64_t{1} << (cell % 64);
        std::uint64_t& word = empty_[static_cast<std::size_t>(cell / 64)];
        word = empty ? word | bit : word & ~bit;
    }

    Grid grid_;
    std::vector<std::uint16_t> candidates_;
    std::array<std::uint64_t, 2> empty_{}; ///< (kept with grid_: most steps read it)
};

/// Rates `puzzle` as serate does. A puzzle that has not exactly one solution (its givens may
/// even break the rules) is rated with the techniques below 9.0 only, and mostly gets stuck
/// (complete == false): serate would go on with its nested chains, for hours where they find
/// nothing (a blank grid). Once ER is 7.0 or more and a digit is placed, the path stops where
/// a certificate shows that no later step rates above ER: the grid filled from there by
/// singles and forcing chains rated ER or less (given givens that agree). The rating is then
/// the whole path's, numbers, technique names and `complete`; only `steps` may be fewer.
[[nodiscard]] SeRating rate_se(const Grid& puzzle);

/// A puzzle's rating on the scale, or why the scale gives none.
struct SeVerdict {
    SeRating rating;                    ///< (all zero when refused)
    std::optional<std::string> refusal; ///< se_refusal's words, where the scale does not rate it
};

/// se_refusal(puzzle, solver), then rate_se(puzzle) where it says nothing, with the same
/// answers: the solutions are counted (by `solver`) only where the techniques get stuck, since
/// once the givens agree a grid they fill is a solution (each digit they place is a candidate
/// no placed digit rules out). Quicker for a puzzle they solve (no count); a puzzle with no
/// solution takes as long as they take to get stuck on it.
[[nodiscard]] SeVerdict rate_se(const Grid& puzzle, Solver& solver);

/// One line for a person: SE's name and number, the pattern's cells, and what the step does:
/// "XY-Wing (4.2): r1c2, r1c5, r3c2 rule out 7 from r1c6, r3c6", "Hidden Single (1.2): r3c4
/// is 5".
[[nodiscard]] std::string se_describe(const SeStep& step);

/// A rating in serate's layout, then the name of the technique that set ER:
/// "ED=7.2/1.2/1.2 Forcing Chain"; a complete grid, with no step, "ED=0.0/0.0/0.0 -".
[[nodiscard]] std::string se_line(const SeRating& rating);

/// A number as serate prints it: one decimal, rounded half up ("7.2", "20.0").
[[nodiscard]] std::string se_number(double rating);
/// The same number in tenths, as serate prints it: 72 for 7.2 (SeRange's unit).
[[nodiscard]] int se_tenths(double rating);

/// Why Sudoku Explainer's scale does not rate `puzzle`, worded for sudoku-cli's and Python's
/// messages ("the givens break the rules: ...", "has no solution"), or nothing: serate would
/// rate it (several solutions are rated as serate rates them). `solver` counts the solutions.
[[nodiscard]] std::optional<std::string> se_refusal(const Grid& puzzle, Solver& solver);
/// Why the scale does not rate a puzzle of other rules or of pencil marks (it never does):
/// "Sudoku Explainer's scale rates classic 9x9 puzzles of givens, not pencil marks".
[[nodiscard]] std::string se_refusal(const VariantPuzzle& puzzle);

} // namespace sudoku
