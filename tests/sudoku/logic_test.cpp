// The human techniques (sudoku/logic.hpp): every step is sound, and every step's pattern is
// what its technique says it is.
#include "support/board_check.hpp"
#include "support/grid_bridge.hpp"

#include <sudoku/logic.hpp>
#include <sudoku/rater.hpp>
#include <sudoku/solver.hpp>

#include <dlx/random.hpp>

#include <catch2/catch.hpp>

#include <bit>
#include <set>
#include <string>
#include <utility>
#include <vector>

using sudoku::digit_bit;
using sudoku::DigitSet;
using sudoku::Grid;
using sudoku::LogicSolver;
using sudoku::Step;
using sudoku::Technique;
using sudoku::Unit;

namespace {

const std::string data = std::string(DLX_DATA_DIR) + "/sudoku/";

bool in_box(int cell, int box) { return sudoku::box_of(cell / 9, cell % 9) == box; }

bool in_unit(int cell, const Unit& unit)
{
    for (int position = 0; position < 9; ++position)
        if (unit.cell(position) == cell)
            return true;
    return false;
}

// Checks that `step`, found in `state`, is an instance of its technique (read off the
// candidates before the step), and that it rules something out or places something.
void check_pattern(const LogicSolver& state, const Step& step)
{
    INFO(step.describe());
    const auto candidates = [&](int cell) { return state.candidates(cell); };
    switch (step.technique) {
    case Technique::hidden_single: {
        int places = 0;
        for (int position = 0; position < 9; ++position)
            places += (candidates(step.unit.cell(position)) & digit_bit(step.digit)) ? 1 : 0;
        CHECK(places == 1);
        CHECK(in_unit(step.cell, step.unit));
        CHECK((candidates(step.cell) & digit_bit(step.digit)) != 0);
        return;
    }
    case Technique::naked_single: CHECK(candidates(step.cell) == digit_bit(step.digit)); return;
    default: break;
    }
    REQUIRE(step.removed_count() > 0);
    for (int cell = 0; cell < 81; ++cell) // only candidates that are there are ruled out
        CHECK((step.removed[static_cast<std::size_t>(cell)] & ~candidates(cell)) == 0);
    switch (step.technique) {
    case Technique::pointing:
    case Technique::box_line: {
        REQUIRE(std::popcount(step.digits) == 1);
        // The digit's places in the step's unit lie in one other unit (box <-> line), and only
        // that other unit loses the digit, outside the step's unit.
        std::set<int> rows, cols, boxes;
        for (int position = 0; position < 9; ++position) {
            const int cell = step.unit.cell(position);
            if (candidates(cell) & step.digits)
                rows.insert(cell / 9), cols.insert(cell % 9),
                    boxes.insert(sudoku::box_of(cell / 9, cell % 9));
        }
        for (int cell = 0; cell < 81; ++cell) {
            if (!step.removed[static_cast<std::size_t>(cell)])
                continue;
            CHECK(step.removed[static_cast<std::size_t>(cell)] == step.digits);
            CHECK(!in_unit(cell, step.unit));
            if (step.technique == Technique::pointing)
                CHECK(((rows.size() == 1 && cell / 9 == *rows.begin()) ||
                       (cols.size() == 1 && cell % 9 == *cols.begin())));
            else
                CHECK((boxes.size() == 1 && in_box(cell, *boxes.begin())));
        }
        return;
    }
    case Technique::naked_pair:
    case Technique::naked_triple: {
        const int size = step.technique == Technique::naked_pair ? 2 : 3;
        CHECK(std::popcount(step.digits) == size);
        int inside = 0; // blank cells of the unit whose candidates lie within the digits
        for (int position = 0; position < 9; ++position) {
            const DigitSet here = candidates(step.unit.cell(position));
            if (here != 0 && (here & ~step.digits) == 0)
                ++inside;
        }
        CHECK(inside == size);
        for (int cell = 0; cell < 81; ++cell) {
            const DigitSet out = step.removed[static_cast<std::size_t>(cell)];
            if (out == 0)
                continue;
            CHECK(in_unit(cell, step.unit));
            CHECK((out & ~step.digits) == 0);
        }
        return;
    }
    case Technique::hidden_pair:
    case Technique::hidden_triple: {
        const int size = step.technique == Technique::hidden_pair ? 2 : 3;
        CHECK(std::popcount(step.digits) == size);
        std::set<int> cells; // where the digits can go in the unit
        for (int position = 0; position < 9; ++position)
            if (candidates(step.unit.cell(position)) & step.digits)
                cells.insert(step.unit.cell(position));
        CHECK(static_cast<int>(cells.size()) == size);
        for (int cell = 0; cell < 81; ++cell) {
            const DigitSet out = step.removed[static_cast<std::size_t>(cell)];
            if (out == 0)
                continue;
            CHECK(cells.count(cell) == 1);
            CHECK((out & step.digits) == 0);
        }
        return;
    }
    default: return;
    }
}

} // namespace

TEST_CASE("Every logic step is sound and is the pattern its technique names", "[sudoku][logic]")
{
    std::set<Technique> seen;
    sudoku::Solver solver;
    for (const char* file : {"17_clue_sample.txt", "magictour_top1465_sample.txt",
                             "forum_hardest_11plus_5k_sample.txt"}) {
        for (const auto& board : dlx_test::read_one_line_puzzles(data + file)) {
            const Grid puzzle = dlx_test::to_grid(board);
            const auto solved = solver.solve(puzzle);
            REQUIRE(solved.status == sudoku::Status::solved);
            const Grid& solution = solved.solution;
            LogicSolver logic(puzzle);
            while (const auto step = logic.next_step()) {
                seen.insert(step->technique);
                check_pattern(logic, *step);
                if (step->places()) {
                    REQUIRE(solution[step->cell] == step->digit);
                } else {
                    for (int cell = 0; cell < 81; ++cell)
                        REQUIRE((step->removed[static_cast<std::size_t>(cell)] &
                                 digit_bit(solution[cell])) == 0);
                }
                logic.apply(*step);
                REQUIRE_FALSE(logic.broken());
            }
            for (int cell = 0; cell < 81; ++cell) { // what is left still allows the solution
                if (logic.grid()[cell] != 0)
                    REQUIRE(logic.grid()[cell] == solution[cell]);
                else
                    REQUIRE((logic.candidates(cell) & digit_bit(solution[cell])) != 0);
            }
        }
    }
    CHECK(seen.size() == static_cast<std::size_t>(sudoku::technique_count)); // each one exercised
}

TEST_CASE("Steps describe themselves for a person", "[sudoku][logic]")
{
    // Row 1 holds 1..8: 9 has one place left in it.
    const Grid grid = Grid::from_string("12345678." + std::string(72, '.'));
    const auto step = LogicSolver(grid).next_step();
    REQUIRE(step);
    CHECK(step->technique == Technique::hidden_single);
    CHECK(step->cell == 8);
    CHECK(step->digit == 9);
    CHECK(step->describe() == "hidden single: 9 has one place in row 1, r1c9");
    CHECK(sudoku::name(Technique::box_line) == "box-line");
}

TEST_CASE("Techniques are tried simplest first and can be limited", "[sudoku][logic]")
{
    // Puzzles of 17_clue_sample that singles alone do not finish: with naked_single as the
    // limit, next_step() stops where the full set still finds a step.
    int stuck = 0;
    for (const auto& board : dlx_test::read_one_line_puzzles(data + "17_clue_sample.txt")) {
        LogicSolver logic(dlx_test::to_grid(board));
        while (const auto step = logic.next_step(Technique::naked_single))
            logic.apply(*step);
        if (logic.solved())
            continue;
        ++stuck;
        const auto harder = logic.next_step();
        REQUIRE(harder);
        CHECK(harder->technique > Technique::naked_single);
    }
    CHECK(stuck > 0);
}

TEST_CASE("A broken grid is seen as broken", "[sudoku][logic]")
{
    CHECK(LogicSolver(Grid::from_string("11" + std::string(79, '0'))).broken()); // two 1s in row 1
    // r1c9 sees 1..8 in its row and 9 in its column: no candidate left.
    const Grid no_candidate =
        Grid::from_string("12345678." + std::string(8, '.') + "9" + std::string(63, '.'));
    CHECK(LogicSolver(no_candidate).broken());
    CHECK_FALSE(LogicSolver(Grid()).broken());
    CHECK_FALSE(LogicSolver(Grid()).next_step()); // nothing follows from no givens
}

TEST_CASE("solve() ends in the very state that stepping ends in", "[sudoku][logic]")
{
    // The sample puzzles, and puzzles made from their solutions by taking 30 to 64 cells away
    // at random (many with several solutions): stepping with next_step() and apply() and one
    // call of solve() must leave the same grid and the same candidates, for every limit.
    std::vector<Grid> puzzles;
    sudoku::Solver solver;
    dlx::Random random(2026);
    for (const char* file : {"17_clue_sample.txt", "magictour_top1465_sample.txt",
                             "forum_hardest_11plus_5k_sample.txt", "kaggle_like_sample.txt"}) {
        for (const auto& board : dlx_test::read_one_line_puzzles(data + file)) {
            puzzles.push_back(dlx_test::to_grid(board));
            Grid cut = solver.solve(puzzles.back()).solution;
            const auto blanks = 30 + random.below(35);
            for (std::uint32_t taken = 0; taken < blanks;) {
                const auto cell = static_cast<int>(random.below(81));
                taken += cut[cell] != 0 ? 1 : 0;
                cut.set(cell, 0);
            }
            puzzles.push_back(cut);
        }
    }
    int solved = 0, stuck = 0;
    for (const Grid& puzzle : puzzles) {
        for (int t = 0; t < sudoku::technique_count; ++t) {
            const auto hardest = static_cast<Technique>(t);
            INFO(puzzle.to_string() << " up to " << sudoku::name(hardest));
            LogicSolver stepped(puzzle);
            while (const auto step = stepped.next_step(hardest))
                stepped.apply(*step);
            LogicSolver swept(puzzle);
            const bool full = swept.solve(hardest);
            REQUIRE(full == stepped.solved());
            REQUIRE(swept.grid() == stepped.grid());
            for (int cell = 0; cell < 81; ++cell)
                REQUIRE(swept.candidates(cell) == stepped.candidates(cell));
            CHECK(sudoku::solvable_with(puzzle, hardest) == full);
            ++(full ? solved : stuck);
        }
    }
    CHECK(solved > 0); // both endings are exercised
    CHECK(stuck > 0);
}

TEST_CASE("solve() fails on givens that break the rules, even a full grid", "[sudoku][logic]")
{
    // A full grid, two cells of its first row swapped: every cell filled, two 4s in a column.
    const std::string full =
        "941563287782941536356287194523698741697415328418372659269134875834756912175829463";
    CHECK(LogicSolver(Grid::from_string(full)).solve());
    std::string swapped = full;
    std::swap(swapped[0], swapped[1]);
    LogicSolver broken(Grid::from_string(swapped));
    CHECK(broken.solved());      // every cell is filled...
    CHECK_FALSE(broken.solve()); // ...but it is no solution
    CHECK_FALSE(sudoku::solvable_with(Grid::from_string(swapped), Technique::hidden_triple));
    CHECK_FALSE(LogicSolver(Grid::from_string("11" + std::string(79, '0'))).solve());
}
