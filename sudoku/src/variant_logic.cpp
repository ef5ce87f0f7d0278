// Hints on variants: the candidates, the singles, the locked candidates and the subsets, on any
// size and any rules. See variant_logic.hpp; the cages' combinations are in
// variant_logic_cages.cpp.
//
// The state is two arrays over the canvas, the digit of each cell and the candidates of each
// blank one (digit d as bit d - 1: 25 digits fit in 32 bits). A technique reads the groups of
// Rules by position: for a group of n cells, a set of positions is n bits, so a digit's places
// in a unit, or the cells of a naked pair, are one uint32 each.
//
//   group "box 4" cells  27 28 29 36 37 38 45 46 47    places of 2 in it: 0b0'0010'0110
//   positions             0  1  2  3  4  5  6  7  8    = positions 1, 2 and 5
#include <sudoku/variant_logic.hpp>

#include "subsets.hpp"

#include <algorithm>
#include <bit>

namespace sudoku {

namespace {

constexpr std::uint32_t bit_of(int digit) { return 1u << (digit - 1); }
int lowest_digit(std::uint32_t digits) { return std::countr_zero(digits) + 1; }
int members(std::uint32_t bits) { return std::popcount(bits); }

using detail::any_locked_set;

bool is_line(GroupKind kind) { return kind == GroupKind::row || kind == GroupKind::column; }
bool is_box(GroupKind kind) { return kind == GroupKind::box || kind == GroupKind::region; }

// Whether a digit locked in a group of kind `inner` into one of kind `outer` is a step of
// `technique`: pointing and box-line are the classic pairs, locked candidates every other.
bool locks(VariantTechnique technique, GroupKind inner, GroupKind outer)
{
    const bool pointing = is_box(inner) && is_line(outer);
    const bool box_line = is_line(inner) && is_box(outer);
    switch (technique) {
    case VariantTechnique::pointing: return pointing;
    case VariantTechnique::box_line: return box_line;
    default: return !pointing && !box_line;
    }
}

// The removals of a step, by cell as VariantStep promises.
void sort_removed(VariantStep& step) { std::sort(step.removed.begin(), step.removed.end()); }

} // namespace

std::string_view name(VariantTechnique technique)
{
    switch (technique) {
    case VariantTechnique::hidden_single: return "hidden-single";
    case VariantTechnique::naked_single: return "naked-single";
    case VariantTechnique::cage_combination: return "cage-combination";
    case VariantTechnique::pointing: return "pointing";
    case VariantTechnique::box_line: return "box-line";
    case VariantTechnique::locked_candidates: return "locked-candidates";
    case VariantTechnique::naked_pair: return "naked-pair";
    case VariantTechnique::hidden_pair: return "hidden-pair";
    case VariantTechnique::naked_triple: return "naked-triple";
    case VariantTechnique::hidden_triple: return "hidden-triple";
    }
    return "?";
}

VariantLogic::VariantLogic(const VariantPuzzle& puzzle) : rules_(puzzle.rules)
{
    const Rules& rules = *rules_;
    const auto canvas = static_cast<std::size_t>(rules.canvas_size());
    digits_.assign(canvas, 0);
    candidates_.assign(canvas, 0);
    different_of_.resize(canvas);
    apart_of_.resize(canvas);
    for (const auto& [a, b] : rules.different_pairs()) {
        different_of_[static_cast<std::size_t>(a)].push_back(b);
        different_of_[static_cast<std::size_t>(b)].push_back(a);
    }
    for (const auto& [a, b] : rules.apart_pairs()) {
        apart_of_[static_cast<std::size_t>(a)].push_back(b);
        apart_of_[static_cast<std::size_t>(b)].push_back(a);
    }
    // Hidden singles are looked for in boxes (regions, windows) first, then rows, then
    // columns, then the other units: LogicSolver's order on the classic grid.
    const auto rank = [](GroupKind kind) {
        return is_box(kind) || kind == GroupKind::window ? 0
               : kind == GroupKind::row                  ? 1
               : kind == GroupKind::column               ? 2
                                                         : 3;
    };
    for (int g = 0; g < static_cast<int>(rules.groups().size()); ++g) {
        if (rules.groups()[static_cast<std::size_t>(g)].unit)
            single_order_.push_back(g);
    }
    std::stable_sort(single_order_.begin(), single_order_.end(), [&](int a, int b) {
        return rank(rules.groups()[static_cast<std::size_t>(a)].kind) <
               rank(rules.groups()[static_cast<std::size_t>(b)].kind);
    });

    blanks_ = static_cast<int>(rules.cells().size());
    if (puzzle.digits.size() != canvas ||
        (!puzzle.candidates.empty() && puzzle.candidates.size() != canvas)) {
        // Not a puzzle of these rules: nothing to read.
        conflicting_ = true;
        return;
    }
    conflicting_ = rules.find_fault(puzzle.digits).has_value();
    for (const int cell : rules.cells())
        candidates_[static_cast<std::size_t>(cell)] = puzzle.allowed(cell);
    for (const int cell : rules.cells()) {
        const int digit = puzzle.digits[static_cast<std::size_t>(cell)];
        if (digit == 0)
            continue;
        if (digit > rules.size() || puzzle.allowed(cell) == 0) { // its pencil marks lack it
            conflicting_ = true;
            continue;
        }
        place(cell, digit);
    }
}

bool VariantLogic::solved() const noexcept { return blanks_ == 0; }

void VariantLogic::place(int cell, int digit)
{
    const auto index = static_cast<std::size_t>(cell);
    if (digits_[index] == 0)
        --blanks_;
    digits_[index] = static_cast<std::uint8_t>(digit);
    candidates_[index] = 0;
    const std::uint32_t keep = ~bit_of(digit);
    for (const int g : rules_->groups_of(cell)) {
        for (const int other : rules_->groups()[static_cast<std::size_t>(g)].cells)
            candidates_[static_cast<std::size_t>(other)] &= keep;
    }
    for (const int other : different_of_[index])
        candidates_[static_cast<std::size_t>(other)] &= keep;
    // Digit 1 has no digit below it: bit_of(0) would be a shift by -1.
    const std::uint32_t next = (digit > 1 ? bit_of(digit - 1) : 0u) | (bit_of(digit) << 1);
    for (const int other : apart_of_[index])
        candidates_[static_cast<std::size_t>(other)] &= ~next;
}

void VariantLogic::apply(const VariantStep& step)
{
    if (step.places()) {
        place(step.cell, step.digit);
        return;
    }
    for (const auto& [cell, out] : step.removed)
        candidates_[static_cast<std::size_t>(cell)] &= ~out;
}

bool VariantLogic::broken() const
{
    if (conflicting_)
        return true;
    const Rules& rules = *rules_;
    for (const int cell : rules.cells()) {
        const auto index = static_cast<std::size_t>(cell);
        if (digits_[index] == 0 && candidates_[index] == 0)
            return true;
    }
    const std::uint32_t all = all_digits(rules.size());
    for (const int g : single_order_) {
        std::uint32_t seen = 0;
        for (const int cell : rules.groups()[static_cast<std::size_t>(g)].cells) {
            const auto index = static_cast<std::size_t>(cell);
            seen |= digits_[index] != 0 ? bit_of(digits_[index]) : candidates_[index];
        }
        if (seen != all)
            return true;
    }
    for (std::size_t k = 0; k < rules.variant().cages.size(); ++k) {
        if (rules.variant().cages[k].sum == 0)
            continue;
        const CageSets sets = cage_sets(k);
        if (sets.complete && sets.count == 0)
            return true;
    }
    return false;
}

std::optional<VariantStep> VariantLogic::next_step(VariantTechnique hardest) const
{
    if (solved() || broken())
        return std::nullopt;
    for (int t = 0; t <= static_cast<int>(hardest); ++t) {
        if (auto step = find(static_cast<VariantTechnique>(t)))
            return step;
    }
    return std::nullopt;
}

std::optional<VariantStep> VariantLogic::find(VariantTechnique technique) const
{
    switch (technique) {
    case VariantTechnique::hidden_single: return find_hidden_single();
    case VariantTechnique::naked_single: return find_naked_single();
    case VariantTechnique::cage_combination: return find_cage_combination();
    case VariantTechnique::pointing:
    case VariantTechnique::box_line:
    case VariantTechnique::locked_candidates: return find_locked(technique);
    case VariantTechnique::naked_pair: return find_naked_subset(2);
    case VariantTechnique::hidden_pair: return find_hidden_subset(2);
    case VariantTechnique::naked_triple: return find_naked_subset(3);
    case VariantTechnique::hidden_triple: return find_hidden_subset(3);
    }
    return std::nullopt;
}

// As LogicSolver::solve: every technique only rules candidates out, and one that applies still
// applies (or the grid is broken) once others have ruled more out, so where they get stuck
// does not depend on their order, and the singles are placed in sweeps without a step each.
bool VariantLogic::solve(VariantTechnique hardest)
{
    if (conflicting_)
        return false;
    const bool naked = hardest >= VariantTechnique::naked_single;
    for (;;) {
        place_singles(naked);
        if (solved())
            return true;
        if (broken()) // no step gives a candidate back: it stays broken
            return false;
        std::optional<VariantStep> step;
        for (int t = static_cast<int>(VariantTechnique::cage_combination);
             !step && t <= static_cast<int>(hardest); ++t)
            step = find(static_cast<VariantTechnique>(t));
        if (!step)
            return false;
        apply(*step);
    }
}

void VariantLogic::place_singles(bool naked)
{
    for (bool placed = true; placed;) {
        placed = false;
        if (naked) {
            for (const int cell : rules_->cells()) {
                const std::uint32_t digits = candidates_[static_cast<std::size_t>(cell)];
                if (members(digits) == 1) {
                    place(cell, lowest_digit(digits));
                    placed = true;
                }
            }
        }
        for (const int g : single_order_) {
            // Each digit with one place: placed there, unless a placement just before took
            // that place (then the digit has none left, and the grid is broken).
            for (std::uint32_t singles = lone_digits(g); singles != 0; singles &= singles - 1) {
                const int digit = lowest_digit(singles);
                const int cell = place_of(g, digit);
                if (cell >= 0) {
                    place(cell, digit);
                    placed = true;
                }
            }
        }
    }
}

std::uint32_t VariantLogic::places(int group, int digit) const
{
    std::uint32_t where = 0;
    const auto& cells = rules_->groups()[static_cast<std::size_t>(group)].cells;
    for (std::size_t position = 0; position < cells.size(); ++position) {
        if (candidates_[static_cast<std::size_t>(cells[position])] & bit_of(digit))
            where |= 1u << position;
    }
    return where;
}

std::uint32_t VariantLogic::lone_digits(int group) const
{
    std::uint32_t once = 0, more = 0; // digits seen once, and more than once
    for (const int cell : rules_->groups()[static_cast<std::size_t>(group)].cells) {
        const std::uint32_t digits = candidates_[static_cast<std::size_t>(cell)];
        more |= once & digits;
        once |= digits;
    }
    return once & ~more;
}

int VariantLogic::place_of(int group, int digit) const
{
    for (const int cell : rules_->groups()[static_cast<std::size_t>(group)].cells) {
        if (candidates_[static_cast<std::size_t>(cell)] & bit_of(digit))
            return cell;
    }
    return -1;
}

bool VariantLogic::in_group(int cell, int group) const
{
    const auto& of = rules_->groups_of(cell); // ascending: groups are numbered as they are made
    return std::binary_search(of.begin(), of.end(), group);
}

std::optional<VariantStep> VariantLogic::find_hidden_single() const
{
    for (const int g : single_order_) {
        const std::uint32_t once = lone_digits(g);
        if (once == 0)
            continue;
        VariantStep step;
        step.technique = VariantTechnique::hidden_single;
        step.group = g;
        step.digit = lowest_digit(once);
        step.cell = place_of(g, step.digit);
        return step;
    }
    return std::nullopt;
}

std::optional<VariantStep> VariantLogic::find_naked_single() const
{
    for (const int cell : rules_->cells()) {
        const std::uint32_t digits = candidates_[static_cast<std::size_t>(cell)];
        if (members(digits) == 1) {
            VariantStep step;
            step.technique = VariantTechnique::naked_single;
            step.cell = cell;
            step.digit = lowest_digit(digits);
            return step;
        }
    }
    return std::nullopt;
}

// A digit whose places in group `group` all lie in another group (of a kind that makes the
// pair a step of `technique`): the digit goes in one of those places, so it is ruled out of
// the other group's cells outside `group`. The first such group that has the digit there.
std::optional<VariantStep> VariantLogic::lock_digit(int group, int digit,
                                                    VariantTechnique technique) const
{
    const auto& groups = rules_->groups();
    const Group& inner = groups[static_cast<std::size_t>(group)];
    const std::uint32_t where = places(group, digit);
    if (where == 0)
        return std::nullopt;
    const int first = inner.cells[static_cast<std::size_t>(std::countr_zero(where))];
    for (const int other : rules_->groups_of(first)) {
        const Group& outer = groups[static_cast<std::size_t>(other)];
        if (other == group || !locks(technique, inner.kind, outer.kind))
            continue;
        bool inside = true;
        for (std::uint32_t bits = where; bits != 0 && inside; bits &= bits - 1)
            inside = in_group(inner.cells[static_cast<std::size_t>(std::countr_zero(bits))], other);
        if (!inside)
            continue;
        VariantStep step;
        for (const int cell : outer.cells) {
            if ((candidates_[static_cast<std::size_t>(cell)] & bit_of(digit)) &&
                !in_group(cell, group))
                step.removed.emplace_back(cell, bit_of(digit));
        }
        if (step.removed.empty())
            continue;
        sort_removed(step);
        step.technique = technique;
        step.group = group;
        step.other_group = other;
        step.digits = bit_of(digit);
        return step;
    }
    return std::nullopt;
}

// Pointing (a box's places in a line), box-line (a line's places in a box) and the locked
// candidates of every other pair of groups: units by number, digits from 1, as LogicSolver
// looks through boxes and lines. A cage that is not a unit need not hold a given digit: it
// locks only the digits that every combination left to it holds (variant_logic_cages.cpp).
std::optional<VariantStep> VariantLogic::find_locked(VariantTechnique technique) const
{
    const Rules& rules = *rules_;
    for (int g = 0; g < static_cast<int>(rules.groups().size()); ++g) {
        if (!rules.groups()[static_cast<std::size_t>(g)].unit)
            continue;
        for (int digit = 1; digit <= rules.size(); ++digit) {
            if (members(places(g, digit)) < 2) // none: broken; one: a hidden single
                continue;
            if (auto step = lock_digit(g, digit, technique))
                return step;
        }
    }
    if (technique != VariantTechnique::locked_candidates)
        return std::nullopt;
    for (std::size_t k = 0; k < rules.variant().cages.size(); ++k) {
        const int g = rules.cage_group(k);
        if (rules.variant().cages[k].sum == 0 || rules.groups()[static_cast<std::size_t>(g)].unit)
            continue;
        const CageSets sets = cage_sets(k);
        if (!sets.complete || sets.count == 0)
            continue;
        // A digit placed in the cage has no place left in it: lock_digit() passes it by.
        for (std::uint32_t held = sets.every; held != 0; held &= held - 1) {
            if (auto step = lock_digit(g, lowest_digit(held), technique))
                return step;
        }
    }
    return std::nullopt;
}

// `size` blank cells of a group whose candidates together are `size` digits: those digits go
// in those cells (the group's digits differ), so they are ruled out of its other cells.
std::optional<VariantStep> VariantLogic::find_naked_subset(int size) const
{
    const auto& groups = rules_->groups();
    for (int g = 0; g < static_cast<int>(groups.size()); ++g) {
        const auto& cells = groups[static_cast<std::size_t>(g)].cells;
        std::vector<std::uint32_t> digits(cells.size()); // per position
        for (std::size_t position = 0; position < cells.size(); ++position)
            digits[position] = candidates_[static_cast<std::size_t>(cells[position])];
        VariantStep step;
        const bool made = any_locked_set(
            digits, size,
            [&](std::uint32_t chosen, std::uint32_t together) {
                step.removed.clear();
                for (std::size_t position = 0; position < cells.size(); ++position) {
                    const std::uint32_t out = digits[position] & together;
                    if (!(chosen & (1u << position)) && out != 0)
                        step.removed.emplace_back(cells[position], out);
                }
                step.digits = together;
                return !step.removed.empty();
            },
            members);
        if (made) {
            sort_removed(step);
            step.technique =
                size == 2 ? VariantTechnique::naked_pair : VariantTechnique::naked_triple;
            step.group = g;
            return step;
        }
    }
    return std::nullopt;
}

// `size` digits of a unit whose places together are `size` cells: those cells hold those
// digits, so every other candidate of theirs is ruled out. Units only: a smaller group need
// not hold the digits at all.
std::optional<VariantStep> VariantLogic::find_hidden_subset(int size) const
{
    const auto& groups = rules_->groups();
    const int digit_count = rules_->size();
    for (int g = 0; g < static_cast<int>(groups.size()); ++g) {
        if (!groups[static_cast<std::size_t>(g)].unit)
            continue;
        const auto& cells = groups[static_cast<std::size_t>(g)].cells;
        std::vector<std::uint32_t> where(static_cast<std::size_t>(digit_count)); // per digit - 1
        for (int digit = 1; digit <= digit_count; ++digit)
            where[static_cast<std::size_t>(digit - 1)] = places(g, digit);
        VariantStep step;
        const bool made = any_locked_set(
            where, size,
            [&](std::uint32_t digits, std::uint32_t at) {
                step.removed.clear();
                for (std::uint32_t bits = at; bits != 0; bits &= bits - 1) {
                    const int cell = cells[static_cast<std::size_t>(std::countr_zero(bits))];
                    const std::uint32_t out = candidates_[static_cast<std::size_t>(cell)] & ~digits;
                    if (out != 0)
                        step.removed.emplace_back(cell, out);
                }
                step.digits = digits;
                return !step.removed.empty();
            },
            members);
        if (made) {
            sort_removed(step);
            step.technique =
                size == 2 ? VariantTechnique::hidden_pair : VariantTechnique::hidden_triple;
            step.group = g;
            return step;
        }
    }
    return std::nullopt;
}

} // namespace sudoku
