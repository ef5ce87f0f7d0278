// SE's basic techniques: singles, intersections (pointing and claiming, direct or not),
// naked and hidden subsets up to quads, X-wing, swordfish and jellyfish. See se_techniques.hpp.
#include "se_techniques.hpp"

#include <utility>

namespace sudoku::se {

std::optional<unsigned> common_tuple(const unsigned* sets, int size)
{
    unsigned together = 0;
    for (int k = 0; k < size; ++k) {
        if (count_of(sets[k]) <= 1)
            return std::nullopt;
        together |= sets[k];
    }
    if (count_of(together) != size)
        return std::nullopt;
    return together;
}

SeTechniques::SeTechniques(const SeSolver& state) : s_(state)
{
    for (int cell = 0; cell < Grid::cells; ++cell) {
        ++placed_[digit(cell)];
        if (digit(cell) != 0)
            continue;
        const int r = region_of(row, cell), c = region_of(column, cell), b = region_of(box, cell);
        ++empty_[row][r];
        ++empty_[column][c];
        ++empty_[box][b];
        const unsigned here = candidates(cell);
        if (count_of(here) >= 2) {
            open_.add(cell);
            if (count_of(here) == 2)
                bivalue_.add(cell);
        }
        for (unsigned left = here; left != 0; left &= left - 1) {
            const int d = std::countr_zero(left);
            places_[row][r][d] |= 1u << position_in(row, cell);
            places_[column][c][d] |= 1u << position_in(column, cell);
            places_[box][b][d] |= 1u << position_in(box, cell);
            cells_of_[d].add(cell);
        }
    }
}

std::array<bool, 9> SeTechniques::digits_to_search(const FoundNothing& nothing) const
{
    std::array<bool, 9> searched{};
    for (std::size_t d = 0; d < 9; ++d)
        searched[d] = !nothing.known(Footprint::of(cells_of_[d]));
    return searched;
}

void SeTechniques::remember_searched(FoundNothing& nothing,
                                     const std::array<bool, 9>& searched) const
{
    for (std::size_t d = 0; d < 9; ++d)
        if (searched[d])
            nothing.add(Footprint::of(cells_of_[d]));
}

Footprint SeTechniques::region_footprint(int type, int region) const
{
    // (made once per grid: the subsets of each size and kind ask for the same regions)
    Footprint& footprint = footprints_[type][region];
    const std::uint32_t made = 1u << (type * 9 + region);
    if ((footprints_made_ & made) != 0)
        return footprint;
    footprints_made_ |= made;
    // positions 0-6 in the low word (63 bits), 7 and 8 and the count in the high one
    footprint = {};
    for (int p = 0; p < 7; ++p)
        footprint.low |= std::uint64_t{candidates(cell_at(type, region, p))} << (9 * p);
    footprint.high = candidates(cell_at(type, region, 7)) |
                     std::uint64_t{candidates(cell_at(type, region, 8))} << 9 |
                     static_cast<std::uint64_t>(empty_[type][region]) << 18;
    return footprint;
}

namespace {

SeStep placement(SeTechnique technique, const char* name, double rating, int cell, int digit)
{
    SeStep step;
    step.technique = technique;
    step.name = name;
    step.rating = rating;
    step.cell = cell;
    step.digit = digit;
    return step;
}

constexpr const char* set_names[] = {"Pair", "Triplet", "Quad"};

} // namespace

// 1.0 / 1.2 / 1.5: first the regions down to their last empty cell, then the others. Most
// steps are hidden singles, so this one reads from the state only what it needs (next_step
// tries it before reading the rest into SeTechniques).
std::optional<SeStep> SeTechniques::hidden_single(const SeSolver& state)
{
    const auto single = [](int cell, int d, double rating) {
        auto step = placement(SeTechnique::hidden_single, "Hidden Single", rating, cell, d);
        step.cells = {cell};
        return step;
    };
    const Cells empty{state.empty_cells()[0], state.empty_cells()[1]};
    // A region's last empty cell is the only place of each of its candidates: the least one.
    for (const RegionType type : box_column_row)
        for (int region = 0; region < 9; ++region) {
            const Cells here = empty & region_cells[type][region];
            if (here.one() && state.candidates(here.first()) != 0)
                return single(here.first(), std::countr_zero(state.candidates(here.first())) + 1,
                              1.0);
        }
    for (const RegionType type : box_column_row)
        for (int region = 0; region < 9; ++region) {
            const Cells here = empty & region_cells[type][region];
            if (!here.any() || here.one())
                continue;
            // The digits with one place: met once and not twice going through the region.
            unsigned once = 0, twice = 0;
            for (int p = 0; p < 9; ++p) {
                const unsigned marks = state.candidates(cell_at(type, region, p));
                twice |= once & marks;
                once |= marks;
            }
            const unsigned alone = once & ~twice;
            if (alone == 0)
                continue;
            const int d = std::countr_zero(alone) + 1;
            int p = 0;
            while ((state.candidates(cell_at(type, region, p)) & bit(d)) == 0)
                ++p;
            return single(cell_at(type, region, p), d, type == box ? 1.2 : 1.5);
        }
    return std::nullopt;
}

// Pointing (box to line) and claiming (line to box); `direct`: only where the digit's
// places in another region of the first one's type, outside the second, come down to one.
std::optional<SeStep> SeTechniques::locking(bool direct) const
{
    constexpr std::array<std::pair<int, int>, 4> pairs{
        {{box, column}, {box, row}, {column, box}, {row, box}}};
    // (one digit's places alone tell whether it locks: see Footprint)
    thread_local std::array<FoundNothing, 2> nothings; // [direct]
    FoundNothing& nothing = nothings[direct ? 1 : 0];
    const std::array<bool, 9> searched = digits_to_search(nothing);
    for (const auto& [first_type, second_type] : pairs)
        for (int d = 1; d <= 9; ++d) {
            if (!searched[d - 1])
                continue;
            for (int first = 0; first < 9; ++first) {
                const unsigned places = positions(first_type, first, d);
                if (count_of(places) < 2)
                    continue;
                // Two places or more lie in at most one region of the second type: the one of
                // the first place, when it holds them all.
                const int second =
                    region_of(second_type, cell_at(first_type, first, std::countr_zero(places)));
                if ((places & ~shared_positions[first_type][first][second_type][second]) != 0)
                    continue;
                auto step = direct ? direct_locking(first_type, first, second_type, second, d)
                                   : locking_step(first_type, first, second_type, second, d);
                if (step) {
                    for (unsigned m = places; m != 0; m &= m - 1)
                        step->cells.push_back(cell_at(first_type, first, std::countr_zero(m)));
                    return step;
                }
            }
        }
    remember_searched(nothing, searched);
    return std::nullopt;
}

// Hidden pairs, triplets and quads; `direct`: only where the set leaves another digit one
// place in the region (the first such digit is placed).
std::optional<SeStep> SeTechniques::hidden_set(int size, bool direct) const
{
    // (a region's cells alone tell whether it has a set: see Footprint)
    thread_local std::array<FoundNothing, 6> nothings; // [(size - 2) * 2 + direct]
    FoundNothing& nothing = nothings[static_cast<std::size_t>((size - 2) * 2 + (direct ? 1 : 0))];
    for (const RegionType type : box_column_row)
        for (int region = 0; region < 9; ++region) {
            const int empty = empty_cells(type, region);
            if (!(empty > 2 * size || (direct && empty > size)))
                continue;
            const Footprint footprint = region_footprint(type, region);
            if (nothing.known(footprint))
                continue;
            // Only digits with two to `size` places can be in a set (common_tuple).
            unsigned digits = 0;
            for (int d = 1; d <= 9; ++d) {
                const int count = count_of(positions(type, region, d));
                if (count >= 2 && count <= size)
                    digits |= 1u << (d - 1);
            }
            std::optional<SeStep> found;
            any_subset_of(digits, size, [&](unsigned digit_mask) {
                unsigned cells = 0;
                for (unsigned m = digit_mask; m != 0; m &= m - 1)
                    cells |= positions(type, region, std::countr_zero(m) + 1);
                if (count_of(cells) == size)
                    found = hidden_set_step(type, region, digit_mask, cells, size, direct);
                return found.has_value();
            });
            if (found)
                return found;
            nothing.add(footprint);
        }
    return std::nullopt;
}

// 2.3: the first cell with one candidate.
std::optional<SeStep> SeTechniques::naked_single() const
{
    for (int cell = 0; cell < Grid::cells; ++cell) {
        const std::uint16_t left = candidates(cell);
        if (digit(cell) == 0 && count_of(left) == 1) {
            auto step = placement(SeTechnique::naked_single, "Naked Single", 2.3, cell,
                                  std::countr_zero(left) + 1);
            step.cells = {cell};
            return step;
        }
    }
    return std::nullopt;
}

// Naked pairs, triplets and quads, in regions with at least twice as many empty cells.
std::optional<SeStep> SeTechniques::naked_set(int size) const
{
    static constexpr SeTechnique techniques[] = {SeTechnique::naked_pair, SeTechnique::naked_triple,
                                                 SeTechnique::naked_quad};
    static constexpr double ratings[] = {3.0, 3.6, 5.0};
    thread_local std::array<FoundNothing, 3> nothings; // [size - 2] (see hidden_set)
    FoundNothing& nothing = nothings[static_cast<std::size_t>(size - 2)];
    for (const RegionType type : box_column_row)
        for (int region = 0; region < 9; ++region) {
            if (empty_cells(type, region) < 2 * size)
                continue;
            const Footprint footprint = region_footprint(type, region);
            if (nothing.known(footprint))
                continue;
            // Only cells with two to `size` candidates can be in a set (common_tuple).
            unsigned open = 0;
            for (int p = 0; p < 9; ++p) {
                const int count = count_of(candidates(cell_at(type, region, p)));
                if (count >= 2 && count <= size)
                    open |= 1u << p;
            }
            std::optional<SeStep> found;
            any_subset_of(open, size, [&](unsigned cell_mask) {
                unsigned together = 0;
                for (unsigned m = cell_mask; m != 0; m &= m - 1)
                    together |= candidates(cell_at(type, region, std::countr_zero(m)));
                if (count_of(together) != size)
                    return false;
                unsigned others = 0; // the candidates of the region's other cells
                for (int p = 0; p < 9; ++p)
                    if ((cell_mask & (1u << p)) == 0)
                        others |= candidates(cell_at(type, region, p));
                if ((others & together) == 0)
                    return false; // it would rule nothing out
                auto step =
                    elimination(techniques[size - 2], std::string("Naked ") + set_names[size - 2],
                                ratings[size - 2]);
                for (int p = 0; p < 9; ++p) {
                    const int cell = cell_at(type, region, p);
                    const auto out = static_cast<std::uint16_t>(candidates(cell) & together);
                    if ((cell_mask & (1u << p)) != 0)
                        step.cells.push_back(cell);
                    else if (out != 0)
                        step.removed.emplace_back(cell, out);
                }
                found = std::move(step);
                return true;
            });
            if (found)
                return found;
            nothing.add(footprint);
        }
    return std::nullopt;
}

// X-wing, swordfish and jellyfish: base lines columns first, then rows; sets of base lines
// outside, digits inside; only digits placed at most 9 - 2 * size times.
std::optional<SeStep> SeTechniques::fish(int size) const
{
    static constexpr SeTechnique techniques[] = {SeTechnique::x_wing, SeTechnique::swordfish,
                                                 SeTechnique::jellyfish};
    static constexpr const char* names[] = {"X-Wing", "Swordfish", "Jellyfish"};
    static constexpr double ratings[] = {3.2, 3.8, 5.2};
    // (a digit whose places had no fish before has none again: see hidden_set)
    thread_local std::array<FoundNothing, 6> nothings; // [(size - 2) * 2 + base lines rows]
    for (const auto& types : {std::pair{column, row}, std::pair{row, column}}) {
        const int base_type = types.first, cover_type = types.second;
        FoundNothing& nothing =
            nothings[static_cast<std::size_t>((size - 2) * 2 + (base_type == row ? 1 : 0))];
        // SE tries each set of base lines (in increasing order of their masks) with each digit
        // in turn. The first set for each digit alone, among the lines where the digit has two
        // to `size` places (common_tuple), tells the same first (set, digit): the least set,
        // and of the digits with that set the least.
        unsigned best_mask = ~0u;
        int best_digit = 0;
        for (int d = 1; d <= 9; ++d) {
            if (placed(d) + 2 * size > 9)
                continue;
            const Footprint footprint = Footprint::of(cells_of(d));
            if (nothing.known(footprint))
                continue;
            unsigned lines = 0;
            for (int line = 0; line < 9; ++line) {
                const int count = count_of(positions(base_type, line, d));
                if (count >= 2 && count <= size)
                    lines |= 1u << line;
            }
            const bool found = any_subset_of(lines, size, [&](unsigned base_mask) {
                if (base_mask >= best_mask)
                    return true; // an earlier digit has this set or an earlier one
                unsigned covers = 0;
                for (unsigned m = base_mask; m != 0; m &= m - 1)
                    covers |= positions(base_type, std::countr_zero(m), d);
                if (count_of(covers) != size)
                    return false;
                bool removes = false; // a cover line has places outside the base lines
                for (unsigned m = covers; m != 0; m &= m - 1)
                    removes = removes ||
                              (positions(cover_type, std::countr_zero(m), d) & ~base_mask) != 0;
                if (!removes)
                    return false;
                best_mask = base_mask;
                best_digit = d;
                return true;
            });
            if (!found) // (cut short by an earlier digit's set counts as found)
                nothing.add(footprint);
        }
        if (best_digit == 0)
            continue;
        const int d = best_digit;
        unsigned covers = 0;
        for (unsigned m = best_mask; m != 0; m &= m - 1)
            covers |= positions(base_type, std::countr_zero(m), d);
        auto step = elimination(techniques[size - 2], names[size - 2], ratings[size - 2]);
        for (int cover = 0; cover < 9; ++cover) {
            if ((covers & (1u << cover)) == 0)
                continue;
            const unsigned here = positions(cover_type, cover, d);
            for (int p = 0; p < 9; ++p) {
                if ((here & (1u << p)) == 0)
                    continue;
                const int cell = cell_at(cover_type, cover, p);
                if (best_mask & (1u << p))
                    step.cells.push_back(cell);
                else
                    step.removed.emplace_back(cell, bit(d));
            }
        }
        return step;
    }
    return std::nullopt;
}

std::optional<SeStep> SeTechniques::locking_step(int first_type, int first, int second_type,
                                                 int second, int d) const
{
    // The second region's places outside the first, in the second's position order, which is
    // the cells' order.
    const unsigned removed = positions(second_type, second, d) &
                             ~shared_positions[second_type][second][first_type][first];
    if (removed == 0)
        return std::nullopt;
    const bool claims = second_type == box;
    auto step = elimination(claims ? SeTechnique::claiming : SeTechnique::pointing,
                            claims ? "Claiming" : "Pointing", claims ? 2.8 : 2.6);
    for (unsigned m = removed; m != 0; m &= m - 1)
        step.removed.emplace_back(cell_at(second_type, second, std::countr_zero(m)), bit(d));
    return step;
}

std::optional<SeStep> SeTechniques::direct_locking(int first_type, int first, int second_type,
                                                   int second, int d) const
{
    for (int third = 0; third < 9; ++third) {
        const unsigned inside = shared_positions[first_type][third][second_type][second];
        if (third == first || inside == 0)
            continue; // the same region, or one that does not cross the second
        const unsigned places = positions(first_type, third, d);
        if (count_of(places) <= 1)
            continue;
        const unsigned left = places & ~inside;
        if (count_of(left) == 1) {
            const bool points = first_type == box;
            return placement(points ? SeTechnique::direct_pointing : SeTechnique::direct_claiming,
                             points ? "Direct Pointing" : "Direct Claiming", points ? 1.7 : 1.9,
                             cell_at(first_type, third, std::countr_zero(left)), d);
        }
    }
    return std::nullopt;
}

std::optional<SeStep> SeTechniques::hidden_set_step(int type, int region, unsigned digit_mask,
                                                    unsigned cells, int size, bool direct) const
{
    const auto digits = static_cast<std::uint16_t>(digit_mask);
    const auto set_cells = [&] {
        std::vector<int> all;
        for (unsigned m = cells; m != 0; m &= m - 1)
            all.push_back(cell_at(type, region, std::countr_zero(m)));
        return all;
    };
    if (direct) {
        for (int d = 1; d <= 9; ++d) {
            if (digits & bit(d))
                continue;
            const unsigned places = positions(type, region, d);
            if (count_of(places) <= 1 || count_of(places & ~cells) != 1)
                continue;
            const bool pair = size == 2;
            auto step = placement(
                pair ? SeTechnique::direct_hidden_pair : SeTechnique::direct_hidden_triple,
                pair ? "Direct Hidden Pair" : "Direct Hidden Triplet", pair ? 2.0 : 2.5,
                cell_at(type, region, std::countr_zero(places & ~cells)), d);
            step.cells = set_cells();
            return step;
        }
        return std::nullopt;
    }
    bool removes = false; // the set's cells have other candidates
    for (unsigned m = cells; m != 0; m &= m - 1)
        removes = removes || (candidates(cell_at(type, region, std::countr_zero(m))) & ~digits);
    if (!removes)
        return std::nullopt;
    static constexpr SeTechnique techniques[] = {
        SeTechnique::hidden_pair, SeTechnique::hidden_triple, SeTechnique::hidden_quad};
    static constexpr double ratings[] = {3.4, 4.0, 5.4};
    auto step = elimination(techniques[size - 2], std::string("Hidden ") + set_names[size - 2],
                            ratings[size - 2]);
    step.cells = set_cells();
    for (const int cell : step.cells) {
        const auto out = static_cast<std::uint16_t>(candidates(cell) & ~digits);
        if (out != 0)
            step.removed.emplace_back(cell, out);
    }
    return step;
}

} // namespace sudoku::se
