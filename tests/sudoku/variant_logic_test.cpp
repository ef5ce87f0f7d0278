// VariantLogic (sudoku/variant_logic.hpp): every step sound and the pattern its technique
// names, on each kind of variant the maker makes; on classic 9x9 the very steps of LogicSolver,
// word for word; a killer's cage combinations; pairs; broken grids.
#include "support/board_check.hpp"
#include "support/grid_bridge.hpp"

#include <sudoku/fpuzzles.hpp>
#include <sudoku/logic.hpp>
#include <sudoku/maker.hpp>
#include <sudoku/variant_logic.hpp>
#include <sudoku/variant_maker.hpp>
#include <sudoku/variant_solver.hpp>

#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <fstream>
#include <memory>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

using sudoku::GroupKind;
using sudoku::Rules;
using sudoku::Variant;
using sudoku::VariantLogic;
using sudoku::VariantPuzzle;
using sudoku::VariantStep;
using sudoku::VariantTechnique;

namespace {

const std::string data = std::string(DLX_DATA_DIR) + "/sudoku/";

std::uint32_t bit(int digit) { return 1u << (digit - 1); }

bool in_group(const Rules& rules, int cell, int group)
{
    const auto& cells = rules.groups()[static_cast<std::size_t>(group)].cells;
    return std::find(cells.begin(), cells.end(), cell) != cells.end();
}

// The cells of group `group` where one of `digits` is a candidate.
std::vector<int> places(const VariantLogic& state, int group, std::uint32_t digits)
{
    std::vector<int> cells;
    for (const int cell : state.rules().groups()[static_cast<std::size_t>(group)].cells)
        if (state.candidates(cell) & digits)
            cells.push_back(cell);
    return cells;
}

bool is_line(GroupKind kind) { return kind == GroupKind::row || kind == GroupKind::column; }
bool is_box(GroupKind kind) { return kind == GroupKind::box || kind == GroupKind::region; }

// Checks that `step`, found in `state`, is an instance of its technique, read off the
// candidates before the step, and that it places a digit or rules a candidate out.
void check_pattern(const VariantLogic& state, const VariantStep& step)
{
    const Rules& rules = state.rules();
    INFO(step.describe(rules));
    if (step.places()) {
        CHECK((state.candidates(step.cell) & bit(step.digit)) != 0);
        if (step.technique == VariantTechnique::naked_single) {
            CHECK(state.candidates(step.cell) == bit(step.digit));
        } else {
            REQUIRE(step.technique == VariantTechnique::hidden_single);
            CHECK(rules.groups()[static_cast<std::size_t>(step.group)].unit);
            CHECK(places(state, step.group, bit(step.digit)) == std::vector<int>{step.cell});
        }
        return;
    }
    REQUIRE_FALSE(step.removed.empty());
    for (const auto& [cell, out] : step.removed) { // only candidates that are there, by cell
        CHECK(out != 0);
        CHECK((out & ~state.candidates(cell)) == 0);
    }
    CHECK(std::is_sorted(step.removed.begin(), step.removed.end()));
    const auto kind = [&](int group) {
        return rules.groups()[static_cast<std::size_t>(group)].kind;
    };
    switch (step.technique) {
    case VariantTechnique::cage_combination:
        CHECK(kind(step.group) == GroupKind::cage);
        for (const auto& [cell, out] : step.removed) {
            CHECK(in_group(rules, cell, step.group));
            CHECK((out & step.digits) == 0);
        }
        return;
    case VariantTechnique::pointing:
    case VariantTechnique::box_line:
    case VariantTechnique::locked_candidates: {
        REQUIRE(std::popcount(step.digits) == 1);
        if (step.technique == VariantTechnique::pointing)
            CHECK((is_box(kind(step.group)) && is_line(kind(step.other_group))));
        if (step.technique == VariantTechnique::box_line)
            CHECK((is_line(kind(step.group)) && is_box(kind(step.other_group))));
        // The digit's places in the group lie in the other group, which loses it elsewhere.
        for (const int cell : places(state, step.group, step.digits))
            CHECK(in_group(rules, cell, step.other_group));
        for (const auto& [cell, out] : step.removed) {
            CHECK(out == step.digits);
            CHECK(in_group(rules, cell, step.other_group));
            CHECK_FALSE(in_group(rules, cell, step.group));
        }
        return;
    }
    case VariantTechnique::naked_pair:
    case VariantTechnique::naked_triple: {
        const int size = step.technique == VariantTechnique::naked_pair ? 2 : 3;
        CHECK(std::popcount(step.digits) == size);
        int inside = 0; // blank cells of the group whose candidates lie within the digits
        for (const int cell : rules.groups()[static_cast<std::size_t>(step.group)].cells)
            inside += state.candidates(cell) != 0 && (state.candidates(cell) & ~step.digits) == 0;
        CHECK(inside == size);
        for (const auto& [cell, out] : step.removed) {
            CHECK(in_group(rules, cell, step.group));
            CHECK((out & ~step.digits) == 0);
        }
        return;
    }
    case VariantTechnique::hidden_pair:
    case VariantTechnique::hidden_triple: {
        const int size = step.technique == VariantTechnique::hidden_pair ? 2 : 3;
        CHECK(std::popcount(step.digits) == size);
        CHECK(rules.groups()[static_cast<std::size_t>(step.group)].unit);
        const std::vector<int> cells = places(state, step.group, step.digits);
        CHECK(static_cast<int>(cells.size()) == size);
        for (const auto& [cell, out] : step.removed) {
            CHECK(std::count(cells.begin(), cells.end(), cell) == 1);
            CHECK((out & step.digits) == 0);
        }
        return;
    }
    default: FAIL("a step that places nothing: " << step.describe(rules));
    }
}

// Steps `state` until no technique applies: each step is checked against `solution`, and what
// is left still allows it. Returns the techniques used.
std::set<VariantTechnique> step_soundly(VariantLogic& state,
                                        const std::vector<std::uint8_t>& solution)
{
    std::set<VariantTechnique> seen;
    while (const auto step = state.next_step()) {
        INFO(step->describe(state.rules()));
        seen.insert(step->technique);
        check_pattern(state, *step);
        if (step->places()) {
            REQUIRE(solution[static_cast<std::size_t>(step->cell)] == step->digit);
        } else {
            for (const auto& [cell, out] : step->removed)
                REQUIRE((out & bit(solution[static_cast<std::size_t>(cell)])) == 0);
        }
        state.apply(*step);
        REQUIRE_FALSE(state.broken());
    }
    for (const int cell : state.rules().cells()) {
        const int digit = solution[static_cast<std::size_t>(cell)];
        if (state.digits()[static_cast<std::size_t>(cell)] != 0)
            REQUIRE(state.digits()[static_cast<std::size_t>(cell)] == digit);
        else
            REQUIRE((state.candidates(cell) & bit(digit)) != 0);
    }
    return seen;
}

// The same grid and the same candidates.
void check_same_state(const VariantLogic& one, const VariantLogic& other)
{
    REQUIRE(one.digits() == other.digits());
    for (int cell = 0; cell < one.rules().canvas_size(); ++cell)
        REQUIRE(one.candidates(cell) == other.candidates(cell));
}

std::string read_text(const std::string& path)
{
    std::ifstream in(path);
    REQUIRE(in);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

std::shared_ptr<const Rules> rules_of(const Variant& variant)
{
    return std::make_shared<const Rules>(variant);
}

Variant with(Variant variant, bool Variant::*rule)
{
    variant.*rule = true;
    return variant;
}

} // namespace

TEST_CASE("variant hints are sound and are the patterns they name, on every kind of variant",
          "[variant][logic]")
{
    struct Case {
        Variant variant;
        bool killer = false, jigsaw = false;
        std::uint64_t puzzles = 2;
        std::uint64_t seed = 11;
    };
    Variant x = Variant::classic(9);
    x.main_diagonal = x.anti_diagonal = true;
    Variant samurai;
    samurai.samurai = true;
    // Each puzzle takes the maker milliseconds, but 9x9 non-consecutive ones half a second
    // (6x6 ones are here instead) and 16x16 killers seconds (a quicker one is cut below).
    const std::vector<Case> cases{
        {x},
        {with(Variant::classic(9), &Variant::windoku)},
        {Variant::classic(9), false, true},
        {Variant::classic(9), true, false},
        {with(Variant::classic(9), &Variant::anti_knight), false, false, 2, 4},
        {with(Variant::classic(9), &Variant::anti_king), false, false, 1},
        {with(Variant::classic(6), &Variant::non_consecutive), false, false, 3},
        {Variant::classic(6), false, false, 3},
        {Variant::classic(6), true, false, 3},
        {with(Variant::classic(6), &Variant::windoku), false, true, 1},
        {Variant::classic(16), false, false, 1},
        {samurai, false, false, 1},
    };
    std::set<VariantTechnique> seen;
    const auto check = [&](const VariantPuzzle& puzzle, const std::vector<std::uint8_t>& solution) {
        VariantLogic stepped(puzzle);
        REQUIRE_FALSE(stepped.broken());
        const auto used = step_soundly(stepped, solution);
        seen.insert(used.begin(), used.end());
        // One call of solve() ends where stepping ends.
        VariantLogic swept(puzzle);
        CHECK(swept.solve() == stepped.solved());
        check_same_state(swept, stepped);
    };
    for (const Case& c : cases) {
        sudoku::VariantPuzzleSettings settings;
        settings.variant = c.variant;
        settings.killer = c.killer;
        settings.jigsaw = c.jigsaw;
        settings.seed = c.seed;
        sudoku::VariantMaker maker(settings);
        for (std::uint64_t index = 0; index < c.puzzles; ++index) {
            const sudoku::VariantMade made = maker.make(index);
            INFO(made.puzzle.rules->variant().describe() << ", puzzle " << index);
            check(made.puzzle, made.solution);
            if (c.variant.size != 16)
                continue;
            // A 16x16 killer, quicker than the maker's: the 16x16 puzzle with every other row
            // cut into cages of two cells, their sums the solution's.
            Variant killer = c.variant;
            for (int row = 0; row < 16; row += 2) {
                for (int column = 0; column < 16; column += 2) {
                    const int cell = row * 16 + column;
                    killer.cages.push_back({{cell, cell + 1},
                                            made.solution[static_cast<std::size_t>(cell)] +
                                                made.solution[static_cast<std::size_t>(cell + 1)]});
                }
            }
            INFO("with cages");
            check(VariantPuzzle{rules_of(killer), made.puzzle.digits, {}}, made.solution);
        }
    }
    // The techniques of variants, and the classic ones, are all exercised.
    for (const auto technique : {VariantTechnique::hidden_single, VariantTechnique::naked_single,
                                 VariantTechnique::cage_combination, VariantTechnique::pointing,
                                 VariantTechnique::box_line, VariantTechnique::locked_candidates,
                                 VariantTechnique::naked_pair, VariantTechnique::hidden_pair}) {
        INFO(sudoku::name(technique));
        CHECK(seen.count(technique) == 1);
    }
}

namespace {

// Steps LogicSolver and VariantLogic side by side on a classic puzzle: the same step in the
// same words each time, the same candidates where they stop, and the same end for solve().
// Returns the steps taken; adds their techniques to `seen`.
int check_like_logic_solver(const sudoku::Grid& grid, std::set<VariantTechnique>& seen)
{
    INFO(grid.to_string());
    sudoku::LogicSolver classic(grid);
    VariantLogic variant(VariantPuzzle::classic(grid));
    int steps = 0;
    for (;; ++steps) {
        const auto expected = classic.next_step();
        const auto step = variant.next_step();
        REQUIRE(step.has_value() == expected.has_value());
        if (!step)
            break;
        REQUIRE(step->describe(variant.rules()) == expected->describe());
        REQUIRE(sudoku::name(step->technique) == sudoku::name(expected->technique));
        seen.insert(step->technique);
        std::array<std::uint32_t, 81> removed{};
        for (const auto& [cell, out] : step->removed)
            removed[static_cast<std::size_t>(cell)] = out;
        for (std::size_t cell = 0; cell < removed.size(); ++cell)
            REQUIRE(removed[cell] == expected->removed[cell]);
        classic.apply(*expected);
        variant.apply(*step);
    }
    const auto same = [](const sudoku::LogicSolver& one, const VariantLogic& other) {
        for (int cell = 0; cell < 81; ++cell) {
            REQUIRE(other.digits()[static_cast<std::size_t>(cell)] == one.grid()[cell]);
            REQUIRE(other.candidates(cell) == one.candidates(cell));
        }
    };
    same(classic, variant);
    CHECK(variant.solved() == classic.solved());
    sudoku::LogicSolver classic_swept(grid);
    VariantLogic variant_swept(VariantPuzzle::classic(grid));
    REQUIRE(variant_swept.solve() == classic_swept.solve());
    same(classic_swept, variant_swept);
    return steps;
}

} // namespace

TEST_CASE("on classic 9x9 the variant hints are LogicSolver's steps, word for word",
          "[variant][logic]")
{
    int puzzles = 0, steps = 0, solved = 0;
    std::set<VariantTechnique> seen;
    for (const auto level : {sudoku::Level::easy, sudoku::Level::medium, sudoku::Level::hard}) {
        sudoku::PuzzleSettings settings;
        settings.level = level;
        settings.seed = 7;
        sudoku::PuzzleMaker maker(settings);
        for (std::uint64_t index = 0; index < 4; ++index) {
            const sudoku::Puzzle made = maker.make(index);
            steps += check_like_logic_solver(made.puzzle, seen);
            solved += sudoku::LogicSolver(made.puzzle).solve() ? 1 : 0;
            ++puzzles;
        }
    }
    // Forty puzzles of each sample: the hardest need the triples.
    for (const char* file : {"17_clue_sample.txt", "magictour_top1465_sample.txt",
                             "forum_hardest_11plus_5k_sample.txt"}) {
        const auto boards = dlx_test::read_one_line_puzzles(data + file);
        for (std::size_t index = 0; index < 40 && index < boards.size(); ++index) {
            steps += check_like_logic_solver(dlx_test::to_grid(boards[index]), seen);
            ++puzzles;
        }
    }
    CHECK(steps > puzzles * 20);
    CHECK(solved == 8); // the easy and medium ones; hard ones need more than these techniques
    // The eight techniques of LogicSolver, all of them: every one but the cages' and the
    // locked candidates, which have nothing to find on a classic grid.
    CHECK(seen.size() == 8);
    CHECK(seen.count(VariantTechnique::naked_triple) == 1);
    CHECK(seen.count(VariantTechnique::hidden_triple) == 1);
}

TEST_CASE("a 6x6 killer opens with its one-cell cage", "[variant][logic]")
{
    const VariantPuzzle puzzle =
        sudoku::read_fpuzzles(read_text(data + "variants/killer_6x6.json"));
    VariantLogic logic(puzzle);
    const Rules& rules = logic.rules();
    REQUIRE_FALSE(logic.broken());
    // No given: no single. Cage 1 is r1c1 alone with sum 6, so it holds 6.
    const auto first = logic.next_step();
    REQUIRE(first);
    CHECK(first->technique == VariantTechnique::cage_combination);
    CHECK(first->group == rules.cage_group(0));
    CHECK(first->digits == bit(6));
    CHECK(first->removed == std::vector<std::pair<int, std::uint32_t>>{{0, 0x1f}});
    CHECK(first->describe(rules) ==
          "cage combination: cage 1 at r1c1 (1 cell, sum 6) holds 6; out: 1, 2, 3, 4 and 5 from "
          "r1c1");
    logic.apply(*first);
    CHECK(logic.candidates(0) == bit(6));
    // Still no hidden single (6 has six places in row 1): r1c1 is a naked single.
    const auto second = logic.next_step();
    REQUIRE(second);
    CHECK(second->technique == VariantTechnique::naked_single);
    CHECK(second->cell == 0);
    CHECK(second->digit == 6);
    CHECK(second->describe(rules) == "naked single: r1c1 can only be 6");

    // The techniques finish it, at the puzzle's one solution.
    sudoku::VariantSolver solver(puzzle.rules);
    const auto result = solver.solve(puzzle);
    REQUIRE(result.status == sudoku::Status::solved);
    VariantLogic whole(puzzle);
    CHECK(whole.solve());
    CHECK(whole.digits() == result.solution);
    VariantLogic stepped(puzzle);
    const auto used = step_soundly(stepped, result.solution);
    CHECK(stepped.solved());
    CHECK(used.count(VariantTechnique::cage_combination) == 1);
}

TEST_CASE("a cage keeps the digits of the combinations its cells can still take",
          "[variant][logic]")
{
    // r1c1 and r1c2 allow only 1 and 2: of the four sets of three digits adding up to 10,
    // only 1 2 7 fits, so r1c3 must be 7.
    Variant variant = Variant::classic(9);
    variant.cages = {{{0, 1, 2}, 10}, {{9, 10}, 5}};
    VariantPuzzle puzzle = VariantPuzzle::blank(rules_of(variant));
    puzzle.candidates.assign(81, sudoku::all_digits(9));
    puzzle.candidates[0] = puzzle.candidates[1] = bit(1) | bit(2);
    VariantLogic logic(puzzle);
    const auto first = logic.next_step();
    REQUIRE(first);
    CHECK(first->technique == VariantTechnique::cage_combination);
    CHECK(first->describe(logic.rules()) ==
          "cage combination: cage 1 at r1c1 (3 cells, sum 10) holds 1, 2 and 7; out: 3, 4, 5, "
          "6, 8 and 9 from r1c3");
    logic.apply(*first);
    // A 5 in two cells: 1 4 or 2 3.
    const auto second = logic.next_step();
    REQUIRE(second);
    CHECK(second->technique == VariantTechnique::cage_combination);
    CHECK(second->digits == (bit(1) | bit(2) | bit(3) | bit(4)));
    CHECK(second->describe(logic.rules()) ==
          "cage combination: cage 2 at r2c1 (2 cells, sum 5) takes its digits from 1, 2, 3 and "
          "4; out: 5, 6, 7, 8 and 9 from r2c1, 5, 6, 7, 8 and 9 from r2c2");
}

TEST_CASE("a digit every combination of a cage holds is locked in the cage", "[variant][logic]")
{
    // Down column 1, three cells adding up to 6: 1, 2 and 3. The cage must hold 1, and all its
    // places for 1 are in column 1: no other cell of column 1 holds 1.
    Variant variant = Variant::classic(9);
    variant.cages = {{{0, 9, 18}, 6}};
    VariantLogic logic(VariantPuzzle::blank(rules_of(variant)));
    const auto first = logic.next_step();
    REQUIRE(first);
    CHECK(first->technique == VariantTechnique::cage_combination);
    logic.apply(*first);
    const auto second = logic.next_step();
    REQUIRE(second);
    CHECK(second->technique == VariantTechnique::locked_candidates);
    CHECK(logic.rules().groups()[static_cast<std::size_t>(second->other_group)].name == "column 1");
    CHECK(second->describe(logic.rules()) ==
          "locked candidates: cage 1 must hold 1, and in it 1 lies in column 1 only; out: 1 from "
          "r4c1, 1 from r5c1, 1 from r6c1, 1 from r7c1, 1 from r8c1, 1 from r9c1");
    // Without the digits the cage must hold, a cage locks nothing.
    variant.cages[0].sum = 0;
    CHECK_FALSE(VariantLogic(VariantPuzzle::blank(rules_of(variant))).next_step());
}

TEST_CASE("a diagonal's digit locked in a box is a locked candidate", "[variant][logic]")
{
    // X: a 1 in box 5 and one in box 9 leave the main diagonal's 1 only r1c1, r2c2 and r3c3,
    // which lie in box 1: 1 is ruled out of the rest of box 1.
    Variant variant = Variant::classic(9);
    variant.main_diagonal = variant.anti_diagonal = true;
    VariantPuzzle puzzle = VariantPuzzle::blank(rules_of(variant));
    puzzle.digits[3 * 9 + 4] = 1; // r4c5
    puzzle.digits[6 * 9 + 7] = 1; // r7c8
    VariantLogic logic(puzzle);
    REQUIRE_FALSE(logic.broken());
    std::optional<VariantStep> step;
    while ((step = logic.next_step()) && step->technique != VariantTechnique::locked_candidates)
        logic.apply(*step);
    REQUIRE(step);
    INFO(step->describe(logic.rules()));
    CHECK(logic.rules().groups()[static_cast<std::size_t>(step->group)].name == "main diagonal");
    CHECK(logic.rules().groups()[static_cast<std::size_t>(step->other_group)].name == "box 1");
    CHECK(step->describe(logic.rules())
              .rfind("locked candidates: in main diagonal, 1 lies in box 1 only; out: 1 from r1c2",
                     0) == 0);
}

TEST_CASE("digits above 9 are written as their symbols", "[variant][logic]")
{
    // Row 1 of a 16x16 holds every digit but 12, which has one place left: r1c16.
    VariantPuzzle puzzle = VariantPuzzle::blank(sudoku::classic_rules(16));
    int column = 0;
    for (int digit = 1; digit <= 16; ++digit) {
        if (digit != 12)
            puzzle.digits[static_cast<std::size_t>(column++)] = static_cast<std::uint8_t>(digit);
    }
    VariantLogic logic(puzzle);
    const auto step = logic.next_step();
    REQUIRE(step);
    CHECK(step->technique == VariantTechnique::hidden_single);
    CHECK(step->cell == 15);
    CHECK(step->digit == 12);
    CHECK(step->describe(logic.rules()) == "hidden single: C has one place in row 1, r1c16");
}

TEST_CASE("a placed digit rules digits out of its paired cells", "[variant][logic]")
{
    const auto has = [](const VariantLogic& logic, int cell, int digit) {
        return (logic.candidates(cell) & bit(digit)) != 0;
    };
    const auto at = [](int row, int column) { return (row - 1) * 9 + column - 1; };
    {
        VariantLogic logic(
            VariantPuzzle::blank(rules_of(with(Variant::classic(9), &Variant::anti_knight))));
        logic.place(at(1, 1), 5);
        CHECK_FALSE(has(logic, at(2, 3), 5));
        CHECK_FALSE(has(logic, at(3, 2), 5));
        // From r5c5, the knight's moves leave box 5: those cells share no group with it.
        logic.place(at(5, 5), 6);
        for (const auto& [row, column] : std::vector<std::pair<int, int>>{
                 {3, 4}, {3, 6}, {4, 3}, {4, 7}, {6, 3}, {6, 7}, {7, 4}, {7, 6}}) {
            CHECK_FALSE(has(logic, at(row, column), 6));
            CHECK(has(logic, at(row, column), 7));
        }
        CHECK(has(logic, at(3, 3), 6)); // no knight's move, no shared group
        CHECK(has(logic, at(3, 7), 6));
    }
    {
        VariantLogic logic(
            VariantPuzzle::blank(rules_of(with(Variant::classic(9), &Variant::non_consecutive))));
        logic.place(at(5, 5), 5);
        for (const int side : {at(4, 5), at(6, 5), at(5, 4), at(5, 6)}) {
            CHECK_FALSE(has(logic, side, 4));
            CHECK_FALSE(has(logic, side, 6));
            CHECK_FALSE(has(logic, side, 5)); // they share a row, a column and the box
            CHECK(has(logic, side, 3));
        }
        CHECK(has(logic, at(4, 4), 4)); // a corner is not a side
        CHECK(has(logic, at(4, 4), 6));
        CHECK(has(logic, at(5, 7), 4)); // two cells away
        logic.place(at(9, 9), 9);       // no digit 10 to rule out
        CHECK_FALSE(has(logic, at(9, 8), 8));
        logic.place(at(1, 1), 1); // nor 0
        CHECK_FALSE(has(logic, at(1, 2), 2));
        CHECK(has(logic, at(1, 2), 3));
    }
}

TEST_CASE("variant grids that cannot be completed are broken", "[variant][logic]")
{
    const auto at = [](int row, int column) { return (row - 1) * 9 + column - 1; };
    const auto broken_with = [&](const Variant& variant,
                                 const std::vector<std::pair<int, int>>& givens) {
        VariantPuzzle puzzle = VariantPuzzle::blank(rules_of(variant));
        for (const auto& [cell, digit] : givens)
            puzzle.digits[static_cast<std::size_t>(cell)] = static_cast<std::uint8_t>(digit);
        VariantLogic logic(puzzle);
        const bool broken = logic.broken();
        if (broken) {
            CHECK_FALSE(logic.next_step());
            CHECK_FALSE(logic.solve());
        }
        return broken;
    };
    const Variant knight = with(Variant::classic(9), &Variant::anti_knight);
    CHECK(broken_with(knight, {{at(5, 5), 5}, {at(3, 4), 5}}));
    CHECK_FALSE(broken_with(knight, {{at(5, 5), 5}, {at(3, 3), 5}}));
    const Variant apart = with(Variant::classic(9), &Variant::non_consecutive);
    CHECK(broken_with(apart, {{at(1, 1), 4}, {at(1, 2), 5}}));
    CHECK_FALSE(broken_with(apart, {{at(1, 1), 4}, {at(1, 2), 6}}));
    CHECK(broken_with(Variant::classic(9), {{at(1, 1), 4}, {at(9, 1), 4}}));

    // A cage of two cells adding up to 10 with a 1 in it needs a 9 that its column has taken.
    Variant killer = Variant::classic(9);
    killer.cages = {{{at(1, 1), at(1, 2)}, 10}};
    CHECK(broken_with(killer, {{at(1, 1), 1}, {at(5, 2), 9}}));
    CHECK_FALSE(broken_with(killer, {{at(1, 1), 1}, {at(5, 3), 9}}));
    // Three cells adding up to 7 are 1, 2 and 4: not in a row that has its 1 elsewhere.
    killer.cages = {{{at(1, 1), at(1, 2), at(1, 3)}, 7}};
    CHECK(broken_with(killer, {{at(1, 9), 1}}));
    CHECK_FALSE(broken_with(killer, {{at(2, 9), 1}}));
}

TEST_CASE("the variant techniques have names", "[variant][logic]")
{
    CHECK(sudoku::name(VariantTechnique::cage_combination) == "cage-combination");
    CHECK(sudoku::name(VariantTechnique::locked_candidates) == "locked-candidates");
    CHECK(sudoku::name(VariantTechnique::hidden_triple) == "hidden-triple");
    // The techniques of logic.hpp keep their names.
    CHECK(sudoku::name(VariantTechnique::box_line) == sudoku::name(sudoku::Technique::box_line));
}

TEST_CASE("a cage with too many combinations to look through is left alone", "[variant][logic]")
{
    // 12 cells of a 25x25 adding up to 156 can be 110,780 sets of digits; adding up to 78,
    // only 1 to 12.
    Variant variant = Variant::classic(25);
    variant.cages.push_back({{}, 78});
    for (int column = 0; column < 12; ++column)
        variant.cages.back().cells.push_back(column);
    VariantLogic few(VariantPuzzle::blank(rules_of(variant)));
    const auto step = few.next_step();
    REQUIRE(step);
    CHECK(step->technique == VariantTechnique::cage_combination);
    CHECK(step->digits == sudoku::all_digits(12));
    CHECK(step->removed.size() == 12);
    CHECK(step->removed.front() ==
          std::pair<int, std::uint32_t>{0, sudoku::all_digits(25) & ~sudoku::all_digits(12)});
    // When two of its cells allow only 1, no set fits: the cage of 78 is seen to be broken,
    // the cage of 156 has too many sets to look through and is left alone.
    const auto marked = [](const Variant& rules) {
        VariantPuzzle puzzle = VariantPuzzle::blank(rules_of(rules));
        puzzle.candidates.assign(625, sudoku::all_digits(25));
        puzzle.candidates[0] = puzzle.candidates[1] = bit(1);
        return puzzle;
    };
    CHECK(VariantLogic(marked(variant)).broken());
    variant.cages.back().sum = 156;
    VariantLogic many(marked(variant));
    CHECK_FALSE(many.broken());
    CHECK(many.next_step()); // the naked single r1c1 = 1
}
