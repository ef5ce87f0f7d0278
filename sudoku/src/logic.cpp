// Human-style solving: candidates and the techniques that use them. See logic.hpp.
#include <sudoku/logic.hpp>

#include "subsets.hpp"

#include <array>
#include <bit>
#include <cstdint>

namespace sudoku {

namespace {

constexpr DigitSet all_digits = 0x1ff;

// The three units of each cell, by number (row, column, box), and each cell's 20 peers: the
// other cells of its units.
struct Tables {
    std::array<std::array<int, 3>, Grid::cells> units{};
    std::array<std::array<int, 20>, Grid::cells> peers{};
    std::array<std::array<int, 9>, Unit::count> unit_cells{}; // by unit number, in position order

    constexpr Tables()
    {
        for (int cell = 0; cell < Grid::cells; ++cell) {
            const int row = cell / 9, col = cell % 9;
            units[cell] = {row, 9 + col, 18 + box_of(row, col)};
            int count = 0;
            for (int other = 0; other < Grid::cells; ++other) {
                const int other_row = other / 9, other_col = other % 9;
                if (other != cell && (other_row == row || other_col == col ||
                                      box_of(other_row, other_col) == box_of(row, col)))
                    peers[cell][count++] = other;
            }
        }
        for (int number = 0; number < Unit::count; ++number) {
            for (int position = 0; position < 9; ++position)
                unit_cells[number][position] = Unit::from_number(number).cell(position);
        }
    }
};

constexpr Tables tables;

int lowest_digit(unsigned digits) { return std::countr_zero(digits) + 1; }

// The members of a set of nine bits (digits, or positions in a unit), from a table: without an
// instruction set that has it, std::popcount is a library call, and this was a fifth of the
// puzzle maker's time.
constexpr auto nine_bit_counts = [] {
    std::array<std::uint8_t, 512> counts{};
    for (unsigned bits = 0; bits < counts.size(); ++bits)
        counts[bits] = static_cast<std::uint8_t>((bits & 1u) + counts[bits >> 1]);
    return counts;
}();

int members(unsigned nine_bits) { return nine_bit_counts[nine_bits]; }

using detail::any_locked_set;

// The digits of a set, for messages: "2", "2 and 7", "2, 5 and 7".
std::string list_digits(DigitSet digits)
{
    std::string text;
    const int count = std::popcount(digits);
    int written = 0;
    for (int digit = 1; digit <= 9; ++digit) {
        if (!(digits & digit_bit(digit)))
            continue;
        if (written > 0)
            text += written + 1 == count ? " and " : ", ";
        text += std::to_string(digit);
        ++written;
    }
    return text;
}

} // namespace

std::string_view name(Technique technique)
{
    switch (technique) {
    case Technique::hidden_single: return "hidden-single";
    case Technique::naked_single: return "naked-single";
    case Technique::pointing: return "pointing";
    case Technique::box_line: return "box-line";
    case Technique::naked_pair: return "naked-pair";
    case Technique::hidden_pair: return "hidden-pair";
    case Technique::naked_triple: return "naked-triple";
    case Technique::hidden_triple: return "hidden-triple";
    }
    return "?";
}

int Step::removed_count() const noexcept
{
    int count = 0;
    for (const DigitSet digits_out : removed)
        count += std::popcount(digits_out);
    return count;
}

std::string Step::describe() const
{
    std::string text;
    switch (technique) {
    case Technique::hidden_single:
        return "hidden single: " + std::to_string(digit) + " has one place in " + unit.describe() +
               ", " + cell_name(cell);
    case Technique::naked_single:
        return "naked single: " + cell_name(cell) + " can only be " + std::to_string(digit);
    case Technique::pointing:
    case Technique::box_line:
        text = "in " + unit.describe() + ", " + list_digits(digits) + " lies in one " +
               (technique == Technique::pointing ? "row or column" : "box");
        break;
    case Technique::naked_pair:
    case Technique::naked_triple:
        text = "in " + unit.describe() + ", " +
               (technique == Technique::naked_pair ? "two" : "three") + " cells hold only " +
               list_digits(digits);
        break;
    case Technique::hidden_pair:
    case Technique::hidden_triple:
        text = "in " + unit.describe() + ", " + list_digits(digits) + " fit in " +
               (technique == Technique::hidden_pair ? "two" : "three") + " cells only";
        break;
    }
    std::string ruled_out;
    for (int cell_index = 0; cell_index < Grid::cells; ++cell_index) {
        const DigitSet out = removed[static_cast<std::size_t>(cell_index)];
        if (out == 0)
            continue;
        ruled_out +=
            (ruled_out.empty() ? "" : ", ") + list_digits(out) + " from " + cell_name(cell_index);
    }
    std::string title(name(technique));
    for (char& c : title)
        c = c == '-' ? ' ' : c;
    return title + ": " + text + "; out: " + ruled_out;
}

LogicSolver::LogicSolver(const Grid& puzzle)
{
    candidates_.fill(all_digits);
    for (int cell = 0; cell < Grid::cells; ++cell) {
        const int digit = puzzle[cell];
        if (digit == 0)
            continue;
        if (!(candidates_[static_cast<std::size_t>(cell)] & digit_bit(digit)))
            conflicting_ = true; // a peer given already has this digit
        place(cell, digit);
    }
}

void LogicSolver::place(int cell, int digit)
{
    if (grid_[cell] == 0)
        ++filled_;
    grid_.set(cell, digit);
    candidates_[static_cast<std::size_t>(cell)] = 0;
    const auto bit = static_cast<DigitSet>(~digit_bit(digit));
    for (const int peer : tables.peers[static_cast<std::size_t>(cell)])
        candidates_[static_cast<std::size_t>(peer)] &= bit;
}

void LogicSolver::apply(const Step& step)
{
    if (step.places()) {
        place(step.cell, step.digit);
        return;
    }
    for (std::size_t cell = 0; cell < candidates_.size(); ++cell)
        candidates_[cell] &= static_cast<DigitSet>(~step.removed[cell]);
}

bool LogicSolver::broken() const
{
    if (conflicting_)
        return true;
    for (int cell = 0; cell < Grid::cells; ++cell) {
        if (grid_[cell] == 0 && candidates_[static_cast<std::size_t>(cell)] == 0)
            return true;
    }
    for (int number = 0; number < Unit::count; ++number) {
        const Unit unit = Unit::from_number(number);
        unsigned seen = 0;
        for (int position = 0; position < 9; ++position) {
            const int cell = unit.cell(position);
            seen |= grid_[cell] != 0 ? digit_bit(grid_[cell])
                                     : candidates_[static_cast<std::size_t>(cell)];
        }
        if (seen != all_digits)
            return true;
    }
    return false;
}

unsigned LogicSolver::places(const Unit& unit, int digit) const
{
    unsigned where = 0;
    const auto& cells = tables.unit_cells[static_cast<std::size_t>(unit.number())];
    for (int position = 0; position < 9; ++position) {
        if (candidates_[static_cast<std::size_t>(cells[static_cast<std::size_t>(position)])] &
            digit_bit(digit))
            where |= 1u << position;
    }
    return where;
}

std::optional<Step> LogicSolver::next_step(Technique hardest) const
{
    if (solved() || broken())
        return std::nullopt;
    for (int t = 0; t <= static_cast<int>(hardest); ++t) {
        if (auto step = find(static_cast<Technique>(t)))
            return step;
    }
    return std::nullopt;
}

std::optional<Step> LogicSolver::find(Technique technique) const
{
    switch (technique) {
    case Technique::hidden_single: return find_hidden_single();
    case Technique::naked_single: return find_naked_single();
    case Technique::pointing: return find_pointing();
    case Technique::box_line: return find_box_line();
    case Technique::naked_pair: return find_naked_subset(2);
    case Technique::hidden_pair: return find_hidden_subset(2);
    case Technique::naked_triple: return find_naked_subset(3);
    case Technique::hidden_triple: return find_hidden_subset(3);
    }
    return std::nullopt;
}

bool LogicSolver::solve(Technique hardest)
{
    if (conflicting_)
        return false;
    const bool naked = hardest >= Technique::naked_single;
    for (;;) {
        place_singles(naked);
        if (solved())
            return true;
        // The harder techniques, simplest first, each step followed by the singles it opens.
        // A broken grid stays unsolved: no step ever gives a blank cell a candidate back.
        std::optional<Step> step;
        for (int t = static_cast<int>(Technique::pointing); !step && t <= static_cast<int>(hardest);
             ++t)
            step = find(static_cast<Technique>(t));
        if (!step)
            return false;
        apply(*step);
    }
}

void LogicSolver::place_singles(bool naked)
{
    for (bool placed = true; placed;) {
        placed = false;
        if (naked) {
            for (int cell = 0; cell < Grid::cells; ++cell) {
                const DigitSet digits = candidates_[static_cast<std::size_t>(cell)];
                if (members(digits) == 1) {
                    place(cell, lowest_digit(digits));
                    placed = true;
                }
            }
        }
        for (int number = 0; number < Unit::count; ++number) {
            // Each digit with one place: placed there, unless a placement just before took
            // that place (then the digit has none left, and the grid is broken).
            for (unsigned singles = lone_digits(number); singles != 0; singles &= singles - 1) {
                const int digit = lowest_digit(singles);
                const int cell = place_of(number, digit);
                if (cell >= 0) {
                    place(cell, digit);
                    placed = true;
                }
            }
        }
    }
}

// Boxes first, then rows, then columns: the order in which people tend to look.
std::optional<Step> LogicSolver::find_hidden_single() const
{
    static constexpr int order[] = {18, 19, 20, 21, 22, 23, 24, 25, 26, 0,  1,  2,  3, 4,
                                    5,  6,  7,  8,  9,  10, 11, 12, 13, 14, 15, 16, 17};
    for (const int number : order) {
        const unsigned once = lone_digits(number);
        if (once == 0)
            continue;
        Step step;
        step.technique = Technique::hidden_single;
        step.unit = Unit::from_number(number);
        step.digit = lowest_digit(once);
        step.cell = place_of(number, step.digit);
        return step;
    }
    return std::nullopt;
}

unsigned LogicSolver::lone_digits(int unit) const
{
    unsigned once = 0, more = 0; // digits seen once, and more than once
    for (const int cell : tables.unit_cells[static_cast<std::size_t>(unit)]) {
        const DigitSet digits = candidates_[static_cast<std::size_t>(cell)];
        more |= once & digits;
        once |= digits;
    }
    return once & ~more;
}

int LogicSolver::place_of(int unit, int digit) const
{
    for (const int cell : tables.unit_cells[static_cast<std::size_t>(unit)]) {
        if (candidates_[static_cast<std::size_t>(cell)] & digit_bit(digit))
            return cell;
    }
    return -1;
}

std::optional<Step> LogicSolver::find_naked_single() const
{
    for (int cell = 0; cell < Grid::cells; ++cell) {
        const DigitSet digits = candidates_[static_cast<std::size_t>(cell)];
        if (members(digits) == 1) {
            Step step;
            step.technique = Technique::naked_single;
            step.unit = Unit::from_number(cell / 9);
            step.cell = cell;
            step.digit = lowest_digit(digits);
            return step;
        }
    }
    return std::nullopt;
}

// In a box, a digit whose places all lie in one row (or column): the digit must go in that
// row within the box, so it is ruled out of the rest of the row.
std::optional<Step> LogicSolver::find_pointing() const
{
    for (int box = 0; box < 9; ++box) {
        const Unit unit{Unit::Kind::box, box};
        for (int digit = 1; digit <= 9; ++digit) {
            const unsigned where = places(unit, digit);
            if (members(where) < 2)
                continue;
            // Positions 0-2 are the box's top row, 0, 3, 6 its left column.
            const int first = std::countr_zero(where);
            const unsigned row_mask = 7u << (first / 3 * 3), col_mask = 0x49u << (first % 3);
            Unit line;
            if ((where & ~row_mask) == 0)
                line = {Unit::Kind::row, unit.cell(first) / 9};
            else if ((where & ~col_mask) == 0)
                line = {Unit::Kind::column, unit.cell(first) % 9};
            else
                continue;
            Step step;
            step.technique = Technique::pointing;
            step.unit = unit;
            step.digits = digit_bit(digit);
            bool any = false;
            for (int position = 0; position < 9; ++position) {
                const int cell = line.cell(position);
                if (box_of(cell / 9, cell % 9) == box)
                    continue;
                if (candidates_[static_cast<std::size_t>(cell)] & digit_bit(digit)) {
                    step.removed[static_cast<std::size_t>(cell)] = digit_bit(digit);
                    any = true;
                }
            }
            if (any)
                return step;
        }
    }
    return std::nullopt;
}

// In a row or column, a digit whose places all lie in one box: the digit must go in that box
// on this line, so it is ruled out of the rest of the box.
std::optional<Step> LogicSolver::find_box_line() const
{
    for (int number = 0; number < 18; ++number) {
        const Unit line = Unit::from_number(number);
        for (int digit = 1; digit <= 9; ++digit) {
            const unsigned where = places(line, digit);
            if (members(where) < 2)
                continue;
            // Positions 0-2, 3-5 and 6-8 of a line lie in one box each.
            const int first = std::countr_zero(where);
            if ((where & ~(7u << (first / 3 * 3))) != 0)
                continue;
            const int first_cell = line.cell(first);
            const Unit box{Unit::Kind::box, box_of(first_cell / 9, first_cell % 9)};
            Step step;
            step.technique = Technique::box_line;
            step.unit = line;
            step.digits = digit_bit(digit);
            bool any = false;
            for (int position = 0; position < 9; ++position) {
                const int cell = box.cell(position);
                const bool on_line =
                    line.kind == Unit::Kind::row ? cell / 9 == line.index : cell % 9 == line.index;
                if (!on_line && (candidates_[static_cast<std::size_t>(cell)] & digit_bit(digit))) {
                    step.removed[static_cast<std::size_t>(cell)] = digit_bit(digit);
                    any = true;
                }
            }
            if (any)
                return step;
        }
    }
    return std::nullopt;
}

// `size` blank cells of a unit whose candidates together are `size` digits: those digits go
// in those cells, so they are ruled out of the unit's other cells.
std::optional<Step> LogicSolver::find_naked_subset(int size) const
{
    for (int number = 0; number < Unit::count; ++number) {
        const Unit unit = Unit::from_number(number);
        unsigned digits[9]; // per position
        for (int position = 0; position < 9; ++position)
            digits[position] = candidates_[static_cast<std::size_t>(unit.cell(position))];
        Step step;
        const bool made = any_locked_set(
            digits, size,
            [&](unsigned cells, unsigned together) {
                bool any = false;
                for (int position = 0; position < 9; ++position) {
                    const auto out = static_cast<DigitSet>(digits[position] & together);
                    step.removed[static_cast<std::size_t>(unit.cell(position))] =
                        (cells & (1u << position)) ? 0 : out;
                    any = any || (!(cells & (1u << position)) && out != 0);
                }
                step.digits = static_cast<DigitSet>(together);
                return any;
            },
            members);
        if (made) {
            step.technique = size == 2 ? Technique::naked_pair : Technique::naked_triple;
            step.unit = unit;
            return step;
        }
    }
    return std::nullopt;
}

// `size` digits of a unit whose places together are `size` cells: those cells hold those
// digits, so every other candidate of theirs is ruled out.
std::optional<Step> LogicSolver::find_hidden_subset(int size) const
{
    for (int number = 0; number < Unit::count; ++number) {
        const Unit unit = Unit::from_number(number);
        unsigned where[9]; // per digit - 1: its positions
        for (int digit = 1; digit <= 9; ++digit)
            where[digit - 1] = places(unit, digit);
        Step step;
        const bool made = any_locked_set(
            where, size,
            [&](unsigned digits, unsigned cells) {
                bool any = false;
                step.removed.fill(0);
                for (unsigned bits = cells; bits != 0; bits &= bits - 1) {
                    const int cell = unit.cell(std::countr_zero(bits));
                    const auto out = static_cast<DigitSet>(
                        candidates_[static_cast<std::size_t>(cell)] & ~digits);
                    step.removed[static_cast<std::size_t>(cell)] = out;
                    any = any || out != 0;
                }
                step.digits = static_cast<DigitSet>(digits);
                return any;
            },
            members);
        if (made) {
            step.technique = size == 2 ? Technique::hidden_pair : Technique::hidden_triple;
            step.unit = unit;
            return step;
        }
    }
    return std::nullopt;
}

} // namespace sudoku
