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
        for (unsigned left = candidates(cell); left != 0; left &= left - 1) {
            const int d = std::countr_zero(left);
            places_[row][r][d] |= 1u << position_in(row, cell);
            places_[column][c][d] |= 1u << position_in(column, cell);
            places_[box][b][d] |= 1u << position_in(box, cell);
        }
    }
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

// 1.0 / 1.2 / 1.5: first the regions down to their last empty cell, then the others.
std::optional<SeStep> SeTechniques::hidden_single() const
{
    for (const bool last_cell : {true, false})
        for (const RegionType type : box_column_row)
            for (int region = 0; region < 9; ++region)
                for (int d = 1; d <= 9; ++d) {
                    const unsigned places = positions(type, region, d);
                    if (count_of(places) != 1 || (empty_cells(type, region) == 1) != last_cell)
                        continue;
                    const int cell = cell_at(type, region, std::countr_zero(places));
                    auto step = placement(SeTechnique::hidden_single, "Hidden Single",
                                          last_cell     ? 1.0
                                          : type == box ? 1.2
                                                        : 1.5,
                                          cell, d);
                    step.cells = {cell};
                    return step;
                }
    return std::nullopt;
}

// Pointing (box to line) and claiming (line to box); `direct`: only where the digit's
// places in another region of the first one's type, outside the second, come down to one.
std::optional<SeStep> SeTechniques::locking(bool direct) const
{
    constexpr std::array<std::pair<int, int>, 4> pairs{
        {{box, column}, {box, row}, {column, box}, {row, box}}};
    for (const auto& [first_type, second_type] : pairs)
        for (int d = 1; d <= 9; ++d)
            for (int first = 0; first < 9; ++first) {
                const unsigned places = positions(first_type, first, d);
                if (count_of(places) < 2)
                    continue;
                for (int second = 0; second < 9; ++second) {
                    if (!crosses(first_type, first, second_type, second) ||
                        !inside(first_type, first, places, second_type, second))
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
    return std::nullopt;
}

// Hidden pairs, triplets and quads; `direct`: only where the set leaves another digit one
// place in the region (the first such digit is placed).
std::optional<SeStep> SeTechniques::hidden_set(int size, bool direct) const
{
    for (const RegionType type : box_column_row)
        for (int region = 0; region < 9; ++region) {
            const int empty = empty_cells(type, region);
            if (!(empty > 2 * size || (direct && empty > size)))
                continue;
            std::optional<SeStep> found;
            any_subset(size, [&](unsigned digit_mask) {
                unsigned sets[4];
                int k = 0;
                for (unsigned m = digit_mask; m != 0; m &= m - 1, ++k)
                    sets[k] = positions(type, region, std::countr_zero(m) + 1);
                const auto cells = common_tuple(sets, size);
                if (cells)
                    found = hidden_set_step(type, region, digit_mask, *cells, size, direct);
                return found.has_value();
            });
            if (found)
                return found;
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
    for (const RegionType type : box_column_row)
        for (int region = 0; region < 9; ++region) {
            if (empty_cells(type, region) < 2 * size)
                continue;
            std::optional<SeStep> found;
            any_subset(size, [&](unsigned cell_mask) {
                unsigned sets[4];
                int k = 0;
                for (unsigned m = cell_mask; m != 0; m &= m - 1, ++k)
                    sets[k] = candidates(cell_at(type, region, std::countr_zero(m)));
                const auto digits = common_tuple(sets, size);
                if (!digits)
                    return false;
                auto step =
                    elimination(techniques[size - 2], std::string("Naked ") + set_names[size - 2],
                                ratings[size - 2]);
                for (int p = 0; p < 9; ++p) {
                    const int cell = cell_at(type, region, p);
                    const auto out = static_cast<std::uint16_t>(candidates(cell) & *digits);
                    if ((cell_mask & (1u << p)) != 0)
                        step.cells.push_back(cell);
                    else if (out != 0)
                        step.removed.emplace_back(cell, out);
                }
                if (!step.removed.empty())
                    found = std::move(step);
                return found.has_value();
            });
            if (found)
                return found;
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
    for (const auto& types : {std::pair{column, row}, std::pair{row, column}}) {
        const int base_type = types.first, cover_type = types.second;
        std::optional<SeStep> found;
        any_subset(size, [&](unsigned base_mask) {
            for (int d = 1; d <= 9 && !found; ++d) {
                if (placed(d) + 2 * size > 9)
                    continue;
                unsigned sets[4];
                int k = 0;
                for (unsigned m = base_mask; m != 0; m &= m - 1, ++k)
                    sets[k] = positions(base_type, std::countr_zero(m), d);
                const auto covers = common_tuple(sets, size);
                if (!covers)
                    continue;
                auto step = elimination(techniques[size - 2], names[size - 2], ratings[size - 2]);
                for (int cover = 0; cover < 9; ++cover) {
                    if ((*covers & (1u << cover)) == 0)
                        continue;
                    const unsigned here = positions(cover_type, cover, d);
                    for (int p = 0; p < 9; ++p) {
                        if ((here & (1u << p)) == 0)
                            continue;
                        const int cell = cell_at(cover_type, cover, p);
                        if (base_mask & (1u << p))
                            step.cells.push_back(cell);
                        else
                            step.removed.emplace_back(cell, bit(d));
                    }
                }
                if (!step.removed.empty())
                    found = std::move(step);
            }
            return found.has_value();
        });
        if (found)
            return found;
    }
    return std::nullopt;
}

// Whether the positions `places` of region (type, index) all lie in the other region.
bool SeTechniques::inside(int type, int index, unsigned places, int other_type, int other) const
{
    for (unsigned m = places; m != 0; m &= m - 1)
        if (!contains(other_type, other, cell_at(type, index, std::countr_zero(m))))
            return false;
    return true;
}

std::optional<SeStep> SeTechniques::locking_step(int first_type, int first, int second_type,
                                                 int second, int d) const
{
    const bool claims = second_type == box;
    auto step = elimination(claims ? SeTechnique::claiming : SeTechnique::pointing,
                            claims ? "Claiming" : "Pointing", claims ? 2.8 : 2.6);
    for (int p = 0; p < 9; ++p) {
        const int cell = cell_at(second_type, second, p);
        if (!contains(first_type, first, cell) && (candidates(cell) & bit(d)))
            step.removed.emplace_back(cell, bit(d));
    }
    if (step.removed.empty())
        return std::nullopt;
    return step;
}

std::optional<SeStep> SeTechniques::direct_locking(int first_type, int first, int second_type,
                                                   int second, int d) const
{
    for (int third = 0; third < 9; ++third) {
        if (third == first || !crosses(first_type, third, second_type, second))
            continue;
        const unsigned places = positions(first_type, third, d);
        if (count_of(places) <= 1)
            continue;
        int left = 0, cell = -1;
        for (unsigned m = places; m != 0; m &= m - 1) {
            const int here = cell_at(first_type, third, std::countr_zero(m));
            if (!contains(second_type, second, here)) {
                ++left;
                cell = here;
            }
        }
        if (left == 1) {
            const bool points = first_type == box;
            return placement(points ? SeTechnique::direct_pointing : SeTechnique::direct_claiming,
                             points ? "Direct Pointing" : "Direct Claiming", points ? 1.7 : 1.9,
                             cell, d);
        }
    }
    return std::nullopt;
}

std::optional<SeStep> SeTechniques::hidden_set_step(int type, int region, unsigned digit_mask,
                                                    unsigned cells, int size, bool direct) const
{
    const auto digits = static_cast<std::uint16_t>(digit_mask);
    std::vector<int> set_cells;
    for (unsigned m = cells; m != 0; m &= m - 1)
        set_cells.push_back(cell_at(type, region, std::countr_zero(m)));
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
            step.cells = std::move(set_cells);
            return step;
        }
        return std::nullopt;
    }
    static constexpr SeTechnique techniques[] = {
        SeTechnique::hidden_pair, SeTechnique::hidden_triple, SeTechnique::hidden_quad};
    static constexpr double ratings[] = {3.4, 4.0, 5.4};
    auto step = elimination(techniques[size - 2], std::string("Hidden ") + set_names[size - 2],
                            ratings[size - 2]);
    for (const int cell : set_cells) {
        const auto out = static_cast<std::uint16_t>(candidates(cell) & ~digits);
        if (out != 0)
            step.removed.emplace_back(cell, out);
    }
    if (step.removed.empty())
        return std::nullopt;
    step.cells = std::move(set_cells);
    return step;
}

} // namespace sudoku::se
