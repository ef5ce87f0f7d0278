// Ratings on Sudoku Explainer's scale: the names, the solver's state and the rating loop.
// The techniques are in se_basic.cpp and the files it names; see se_techniques.hpp.
#include <sudoku/se_rating.hpp>

#include <sudoku/solver.hpp>
#include <sudoku/variant_solver.hpp>

#include "se_chains.hpp"
#include "se_techniques.hpp"

#include <algorithm>
#include <cstdio>

namespace sudoku {

using se::bit;
using se::cell_at;

std::string_view se_name(SeTechnique technique)
{
    switch (technique) {
    case SeTechnique::hidden_single: return "Hidden Single";
    case SeTechnique::direct_pointing: return "Direct Pointing";
    case SeTechnique::direct_claiming: return "Direct Claiming";
    case SeTechnique::direct_hidden_pair: return "Direct Hidden Pair";
    case SeTechnique::naked_single: return "Naked Single";
    case SeTechnique::direct_hidden_triple: return "Direct Hidden Triplet";
    case SeTechnique::pointing: return "Pointing";
    case SeTechnique::claiming: return "Claiming";
    case SeTechnique::naked_pair: return "Naked Pair";
    case SeTechnique::x_wing: return "X-Wing";
    case SeTechnique::hidden_pair: return "Hidden Pair";
    case SeTechnique::naked_triple: return "Naked Triplet";
    case SeTechnique::swordfish: return "Swordfish";
    case SeTechnique::hidden_triple: return "Hidden Triplet";
    case SeTechnique::turbot_fish: return "Turbot Fish";
    case SeTechnique::xy_wing: return "XY-Wing";
    case SeTechnique::xyz_wing: return "XYZ-Wing";
    case SeTechnique::unique_loop: return "Unique Rectangle or Loop";
    case SeTechnique::naked_quad: return "Naked Quad";
    case SeTechnique::jellyfish: return "Jellyfish";
    case SeTechnique::hidden_quad: return "Hidden Quad";
    case SeTechnique::strong_links: return "3 Strong Links";
    case SeTechnique::wxyz_wing: return "WXYZ-Wing";
    case SeTechnique::bug: return "Bivalue Universal Grave";
    case SeTechnique::vwxyz_wing: return "VWXYZ-Wing";
    case SeTechnique::aligned_pair_exclusion: return "Aligned Pair Exclusion";
    case SeTechnique::forcing_chain: return "Forcing Chains & Cycles";
    case SeTechnique::aligned_triple_exclusion: return "Aligned Triplet Exclusion";
    case SeTechnique::nishio_forcing_chain: return "Nishio Forcing Chains";
    case SeTechnique::multiple_forcing_chain: return "Multiple Forcing Chains";
    case SeTechnique::dynamic_forcing_chain: return "Dynamic Forcing Chains";
    case SeTechnique::dynamic_forcing_chain_plus: return "Dynamic Forcing Chains (+)";
    case SeTechnique::nested_forcing_chain: return "Nested Forcing Chains";
    }
    return "?";
}

SeSolver::SeSolver(const Grid& puzzle) : candidates_(Grid::cells, 0)
{
    for (int cell = 0; cell < Grid::cells; ++cell)
        if (grid_[cell] == 0) {
            candidates_[static_cast<std::size_t>(cell)] = 0x1ff;
            mark(cell, true);
        }
    for (int cell = 0; cell < Grid::cells; ++cell)
        if (puzzle[cell] != 0) {
            SeStep given;
            given.cell = cell;
            given.digit = puzzle[cell];
            apply(given);
        }
}

SeSolver::SeSolver(const Grid& digits, std::vector<std::uint16_t> marks)
    : grid_(digits), candidates_(std::move(marks))
{
    candidates_.resize(Grid::cells);
    for (int cell = 0; cell < Grid::cells; ++cell) {
        if (grid_[cell] != 0)
            candidates_[static_cast<std::size_t>(cell)] = 0;
        mark(cell, grid_[cell] == 0);
    }
}

namespace {

// SE's techniques from 9.0 up, in its order: dynamic forcing chains (+), then the nested ones.
std::optional<SeStep> nested_step(const se::SeTechniques& find)
{
    std::optional<SeStep> step;
    const auto found = [&step](std::optional<SeStep> first) {
        step = std::move(first);
        return step.has_value();
    };
    (void)(found(find.dynamic_chains_plus()) || // 30
           found(find.nested_chains(2, 0)) ||   // 31
           found(find.nested_chains(3, 0)) ||   // 31
           found(find.nested_chains(4, 0)) ||   // 32
           found(find.nested_chains(4, 1)) ||   // 32
           found(find.nested_chains(4, 2)) ||   // 32
           found(find.nested_chains(4, 3)));    // 32
    return step;
}

} // namespace

std::optional<SeStep> SeSolver::next_step(bool nested) const
{
    // SE's techniques in SE's order: the first one that finds a step gives it (the numbers are
    // SE's producers, see se_techniques.hpp). Most steps are hidden singles, found from the
    // state alone; only the others need what SeTechniques reads.
    std::optional<SeStep> step = se::SeTechniques::hidden_single(*this); // 1
    if (step)
        return step;
    const se::SeTechniques find(*this);
    const auto found = [&step](std::optional<SeStep> first) {
        step = std::move(first);
        return step.has_value();
    };
    (void)(found(find.locking(true)) ||              // 2
           found(find.hidden_set(2, true)) ||        // 3
           found(find.naked_single()) ||             // 4
           found(find.hidden_set(3, true)) ||        // 5
           found(find.locking(false)) ||             // 6
           found(find.naked_set(2)) ||               // 7
           found(find.fish(2)) ||                    // 8
           found(find.hidden_set(2, false)) ||       // 9
           found(find.naked_set(3)) ||               // 10
           found(find.fish(3)) ||                    // 11
           found(find.hidden_set(3, false)) ||       // 12
           found(find.turbot_fish()) ||              // 13
           found(find.xy_wing(false)) ||             // 14
           found(find.xy_wing(true)) ||              // 15
           found(find.unique_loops()) ||             // 16
           found(find.naked_set(4)) ||               // 17
           found(find.fish(4)) ||                    // 18
           found(find.hidden_set(4, false)) ||       // 19
           found(find.strong_links()) ||             // 20
           found(find.wxyz_wing()) ||                // 21
           found(find.bug()) ||                      // 22
           found(find.vwxyz_wing()) ||               // 23
           found(find.aligned_pair_exclusion()) ||   // 24
           found(find.forcing_chains()) ||           // 25
           found(find.aligned_triple_exclusion()) || // 26
           found(find.nishio_chains()) ||            // 27
           found(find.multiple_chains()) ||          // 28
           found(find.dynamic_chains()));            // 29
    if (!step && nested)
        step = nested_step(find);
    return step;
}

void SeSolver::apply(const SeStep& step)
{
    for (const auto& [cell, digits] : step.removed)
        candidates_[static_cast<std::size_t>(cell)] &= static_cast<std::uint16_t>(~digits);
    if (!step.places())
        return;
    grid_.set(step.cell, step.digit);
    mark(step.cell, step.digit == 0);
    candidates_[static_cast<std::size_t>(step.cell)] = 0;
    for (const int type : se::box_column_row)
        for (int p = 0; p < 9; ++p)
            candidates_[static_cast<std::size_t>(
                cell_at(type, se::region_of(type, step.cell), p))] &=
                static_cast<std::uint16_t>(~bit(step.digit));
}

namespace {

// rate_se's path. `solver` counts the solutions the first time the techniques below 9.0 get
// stuck (made then if null); `solutions` is that count (up to 2), or -1 if they never did.
// `agree`: the givens break no rule (the certificate below needs that).
SeRating rate_on_path(const Grid& puzzle, bool agree, Solver* solver, int& solutions)
{
    SeRating rating;
    SeSolver state(puzzle);
    std::optional<Solver> own;
    // SE's nested chains only for a puzzle of one solution, counted the first time the others
    // get stuck: elsewhere they search at great length (hours on a blank grid) for what is
    // mostly not there
    solutions = -1;
    bool placed = false;
    // Once ER and EP are known, the rest of the path matters only if a step rates above ER;
    // a certificate can show none does (rest_rates_at_most). It is tried where it may hold:
    // after a step that raised ER or came past the forcing chains, once the next step is a
    // forcing chain or easier and rates no more than ER (elsewhere the grid has no chain rated
    // ER or less for the certificate to begin with).
    bool may_end = false;
    while (!state.solved()) {
        auto step = state.next_step(false);
        if (!step) {
            if (solutions < 0) {
                if (solver == nullptr)
                    solver = &own.emplace();
                solutions = static_cast<int>(solver->count(puzzle, 2));
            }
            if (solutions == 1)
                step = nested_step(se::SeTechniques(state));
        }
        if (!step) {
            rating.er = 20.0; // stuck, as serate says when its techniques get stuck
            rating.er_technique = "Beyond solver";
            return rating;
        }
        if (may_end && placed && agree && step->technique <= SeTechnique::forcing_chain &&
            step->rating <= rating.er) {
            may_end = false;
            if (se::chains::rest_rates_at_most(state, rating.er))
                break;
        }
        if (step->rating > rating.er) {
            rating.er = step->rating;
            rating.er_technique = step->name;
            may_end = true;
        }
        may_end = may_end || step->technique > SeTechnique::forcing_chain;
        state.apply(*step);
        ++rating.steps;
        if (!placed) {
            if (rating.steps == 1) {
                rating.ed = rating.er;
                rating.ed_technique = rating.er_technique;
            }
            if (step->places()) {
                placed = true;
                rating.ep = rating.er;
                rating.ep_technique = rating.er_technique;
            }
        }
    }
    rating.complete = true;
    return rating;
}

std::optional<std::string> broken_givens(const Grid& puzzle)
{
    if (const auto conflict = find_conflict(puzzle))
        return "the givens break the rules: " + conflict->describe();
    return std::nullopt;
}

} // namespace

SeRating rate_se(const Grid& puzzle)
{
    int solutions = 0;
    return rate_on_path(puzzle, !find_conflict(puzzle), nullptr, solutions);
}

SeVerdict rate_se(const Grid& puzzle, Solver& solver)
{
    SeVerdict verdict;
    verdict.refusal = broken_givens(puzzle);
    if (verdict.refusal)
        return verdict;
    // The givens agree (above), and each digit the techniques place is a candidate, one that
    // no digit placed in its row, column or box rules out: so a grid they fill is a solution,
    // and the solutions need counting only where they get stuck (which counts them).
    int solutions = 0;
    verdict.rating = rate_on_path(puzzle, true, &solver, solutions);
    if (solutions == 0) {
        verdict.refusal = "has no solution";
        verdict.rating = {};
    }
    return verdict;
}

std::string se_describe(const SeStep& step)
{
    std::string text = step.name + " (" + se_number(step.rating) + "):";
    const auto list = [&text](const std::vector<int>& cells) {
        for (std::size_t k = 0; k < cells.size(); ++k)
            text.append(k == 0 ? " " : ", ").append(cell_name(cells[k]));
    };
    if (step.places()) {
        text += " " + cell_name(step.cell) + " is " + std::to_string(step.digit);
        return text;
    }
    // The cells that lose each digit, digit by digit.
    std::vector<int> pattern;
    for (const int cell : step.cells)
        if (std::find(pattern.begin(), pattern.end(), cell) == pattern.end())
            pattern.push_back(cell);
    list(pattern);
    text += pattern.empty() ? " rules out" : (pattern.size() == 1 ? " rules out" : " rule out");
    bool first = true;
    for (int d = 1; d <= 9; ++d) {
        std::vector<int> losing;
        for (const auto& [cell, digits] : step.removed)
            if (digits & bit(d))
                losing.push_back(cell);
        if (losing.empty())
            continue;
        text += first ? " " : "; ";
        first = false;
        text += std::to_string(d) + " from";
        list(losing);
    }
    return text;
}

std::string se_line(const SeRating& rating)
{
    return "ED=" + se_number(rating.er) + '/' + se_number(rating.ep) + '/' + se_number(rating.ed) +
           ' ' + (rating.er_technique.empty() ? "-" : rating.er_technique);
}

int se_tenths(double rating) { return static_cast<int>((rating + 0.05) * 10); }

std::string se_number(double rating)
{
    const int tenths = se_tenths(rating);
    char text[16];
    std::snprintf(text, sizeof text, "%d.%d", tenths / 10, tenths % 10);
    return text;
}

std::optional<std::string> se_refusal(const Grid& puzzle, Solver& solver)
{
    if (auto broken = broken_givens(puzzle))
        return broken;
    if (solver.count(puzzle, 1) == 0)
        return "has no solution";
    return std::nullopt;
}

std::string se_refusal(const VariantPuzzle& puzzle)
{
    const Variant& variant = puzzle.rules->variant();
    return "Sudoku Explainer's scale rates classic 9x9 puzzles of givens, not " +
           (variant == Variant::classic(9) ? std::string("pencil marks") : variant.describe());
}

} // namespace sudoku
