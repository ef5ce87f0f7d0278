// Ratings on Sudoku Explainer's scale. See se_rating.hpp.
//
// Each technique scans as SE scans, since the first step found is the one taken: regions by
// type (boxes, then columns, then rows, unless said otherwise), each type's nine regions in
// order, digits from 1, and subsets of cells, digits or lines in increasing order of their
// bit masks ({0,1}, {0,2}, {1,2}, {0,3}, ...). A region's positions are numbered as SE
// numbers them: a box row by row, a row left to right, a column top to bottom.
#include <sudoku/se_rating.hpp>

#include <array>
#include <bit>
#include <cstdio>

namespace sudoku {

namespace {

enum RegionType { box = 0, row = 1, column = 2 };
constexpr std::array<RegionType, 3> box_column_row{box, column, row};

constexpr int cell_at(int type, int region, int position)
{
    switch (type) {
    case box: return 9 * (3 * (region / 3) + position / 3) + 3 * (region % 3) + position % 3;
    case row: return 9 * region + position;
    default: return 9 * position + region;
    }
}

// Whether two regions share a cell.
constexpr bool crosses(int type_a, int a, int type_b, int b)
{
    if (type_a == type_b)
        return a == b;
    if (type_a != box && type_b != box)
        return true; // a row and a column
    const int the_box = type_a == box ? a : b, line_type = type_a == box ? type_b : type_a;
    const int line = type_a == box ? b : a;
    return line_type == row ? line / 3 == the_box / 3 : line / 3 == the_box % 3;
}

constexpr std::uint16_t bit(int digit) { return static_cast<std::uint16_t>(1u << (digit - 1)); }

// Calls `visit(mask)` for each subset of `size` of {0..8}, in increasing order of the masks,
// until it returns true; returns whether it did.
template <typename Visit> bool any_subset(int size, const Visit& visit)
{
    for (unsigned mask = (1u << size) - 1; mask < (1u << 9);) {
        if (visit(mask))
            return true;
        const unsigned lowest = mask & (~mask + 1), ripple = mask + lowest;
        mask = ripple | (((mask ^ ripple) >> 2) / lowest);
    }
    return false;
}

// SE's common tuple: each of `sets` has two members or more, and together they have `size`.
std::optional<unsigned> common_tuple(const unsigned* sets, int size)
{
    unsigned together = 0;
    for (int k = 0; k < size; ++k) {
        if (std::popcount(sets[k]) <= 1)
            return std::nullopt;
        together |= sets[k];
    }
    if (std::popcount(together) != size)
        return std::nullopt;
    return together;
}

} // namespace

// The techniques, each returning the first step it finds.
class SeTechniques {
public:
    // Reads the state once into each region's places for each digit and its empty cells,
    // which every technique asks for again and again.
    explicit SeTechniques(const SeSolver& state) : s_(state)
    {
        for (int cell = 0; cell < Grid::cells; ++cell) {
            const int r = cell / 9, c = cell % 9, b = box_of(r, c), in_box = r % 3 * 3 + c % 3;
            if (s_.grid_[cell] != 0)
                continue;
            ++empty_[row][r];
            ++empty_[column][c];
            ++empty_[box][b];
            for (unsigned left = s_.candidates(cell); left != 0; left &= left - 1) {
                const int d = std::countr_zero(left);
                places_[row][r][d] |= 1u << c;
                places_[column][c][d] |= 1u << r;
                places_[box][b][d] |= 1u << in_box;
            }
        }
    }

    // Where `digit` may go in a region: bit p for position p.
    [[nodiscard]] unsigned positions(int type, int region, int digit) const
    {
        return places_[type][region][digit - 1];
    }
    [[nodiscard]] int empty_cells(int type, int region) const { return empty_[type][region]; }

    // 1.0 / 1.2 / 1.5: first the regions down to their last empty cell, then the others.
    [[nodiscard]] std::optional<SeStep> hidden_single() const
    {
        for (const bool last_cell : {true, false})
            for (const RegionType type : box_column_row)
                for (int region = 0; region < 9; ++region)
                    for (int digit = 1; digit <= 9; ++digit) {
                        const unsigned places = positions(type, region, digit);
                        if (std::popcount(places) != 1 ||
                            (empty_cells(type, region) == 1) != last_cell)
                            continue;
                        SeStep step;
                        step.technique = SeTechnique::hidden_single;
                        step.rating = last_cell ? 1.0 : type == box ? 1.2 : 1.5;
                        step.cell = cell_at(type, region, std::countr_zero(places));
                        step.digit = digit;
                        return step;
                    }
        return std::nullopt;
    }

    // Pointing (box to line) and claiming (line to box); `direct`: only where the digit's
    // places in another region of the first one's type, outside the second, come down to one.
    [[nodiscard]] std::optional<SeStep> locking(bool direct) const
    {
        constexpr std::array<std::pair<int, int>, 4> pairs{
            {{box, column}, {box, row}, {column, box}, {row, box}}};
        for (const auto& [first_type, second_type] : pairs)
            for (int digit = 1; digit <= 9; ++digit)
                for (int first = 0; first < 9; ++first) {
                    const unsigned places = positions(first_type, first, digit);
                    if (std::popcount(places) < 2)
                        continue;
                    for (int second = 0; second < 9; ++second) {
                        if (!crosses(first_type, first, second_type, second) ||
                            !inside(first_type, first, places, second_type, second))
                            continue;
                        auto step =
                            direct ? direct_locking(first_type, first, second_type, second, digit)
                                   : locking_step(first_type, first, second_type, second, digit);
                        if (step)
                            return step;
                    }
                }
        return std::nullopt;
    }

    // Hidden pairs and triplets; `direct`: only where the set leaves another digit one place
    // in the region (the first such digit is placed).
    [[nodiscard]] std::optional<SeStep> hidden_set(int size, bool direct) const
    {
        for (const RegionType type : box_column_row)
            for (int region = 0; region < 9; ++region) {
                const int empty = empty_cells(type, region);
                if (!(empty > 2 * size || (direct && empty > size)))
                    continue;
                std::optional<SeStep> found;
                any_subset(size, [&](unsigned digit_mask) {
                    unsigned sets[4];
                    int digits[4], k = 0;
                    for (unsigned m = digit_mask; m != 0; m &= m - 1, ++k) {
                        digits[k] = std::countr_zero(m) + 1;
                        sets[k] = positions(type, region, digits[k]);
                    }
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
    [[nodiscard]] std::optional<SeStep> naked_single() const
    {
        for (int cell = 0; cell < Grid::cells; ++cell) {
            const std::uint16_t left = s_.candidates(cell);
            if (s_.grid_[cell] == 0 && std::popcount(left) == 1) {
                SeStep step;
                step.technique = SeTechnique::naked_single;
                step.rating = 2.3;
                step.cell = cell;
                step.digit = std::countr_zero(left) + 1;
                return step;
            }
        }
        return std::nullopt;
    }

    // Naked pairs and triplets, in regions with at least twice as many empty cells.
    [[nodiscard]] std::optional<SeStep> naked_set(int size) const
    {
        for (const RegionType type : box_column_row)
            for (int region = 0; region < 9; ++region) {
                if (empty_cells(type, region) < 2 * size)
                    continue;
                std::optional<SeStep> found;
                any_subset(size, [&](unsigned cell_mask) {
                    unsigned sets[4];
                    int k = 0;
                    for (unsigned m = cell_mask; m != 0; m &= m - 1, ++k)
                        sets[k] = s_.candidates(cell_at(type, region, std::countr_zero(m)));
                    const auto digits = common_tuple(sets, size);
                    if (!digits)
                        return false;
                    SeStep step;
                    step.technique =
                        size == 2 ? SeTechnique::naked_pair : SeTechnique::naked_triple;
                    step.rating = size == 2 ? 3.0 : 3.6;
                    for (int p = 0; p < 9; ++p) {
                        const int cell = cell_at(type, region, p);
                        const auto out = static_cast<std::uint16_t>(s_.candidates(cell) & *digits);
                        if ((cell_mask & (1u << p)) == 0 && out != 0)
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

    // X-wing and swordfish: base lines columns first, then rows; sets of base lines outside,
    // digits inside; only digits placed at most 9 - 2 * size times.
    [[nodiscard]] std::optional<SeStep> fish(int size) const
    {
        int placed[10] = {};
        for (int cell = 0; cell < Grid::cells; ++cell)
            ++placed[s_.grid_[cell]];
        for (const auto& types : {std::pair{column, row}, std::pair{row, column}}) {
            const int base_type = types.first, cover_type = types.second;
            std::optional<SeStep> found;
            any_subset(size, [&](unsigned base_mask) {
                for (int digit = 1; digit <= 9 && !found; ++digit) {
                    if (placed[digit] + 2 * size > 9)
                        continue;
                    unsigned sets[4];
                    int k = 0;
                    for (unsigned m = base_mask; m != 0; m &= m - 1, ++k)
                        sets[k] = positions(base_type, std::countr_zero(m), digit);
                    const auto covers = common_tuple(sets, size);
                    if (!covers)
                        continue;
                    SeStep step;
                    step.technique = size == 2 ? SeTechnique::x_wing : SeTechnique::swordfish;
                    step.rating = size == 2 ? 3.2 : 3.8;
                    for (int cover = 0; cover < 9; ++cover) {
                        if ((*covers & (1u << cover)) == 0)
                            continue;
                        const unsigned outside = positions(cover_type, cover, digit) & ~base_mask;
                        for (int p = 0; p < 9; ++p)
                            if (outside & (1u << p))
                                step.removed.emplace_back(cell_at(cover_type, cover, p),
                                                          bit(digit));
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

private:
    // Whether the positions `places` of region (type, index) all lie in the other region.
    [[nodiscard]] static bool inside(int type, int index, unsigned places, int other_type,
                                     int other)
    {
        for (int p = 0; p < 9; ++p) {
            if ((places & (1u << p)) == 0)
                continue;
            const int cell = cell_at(type, index, p);
            if (!contains(other_type, other, cell))
                return false;
        }
        return true;
    }
    [[nodiscard]] static bool contains(int type, int index, int cell)
    {
        switch (type) {
        case box: return (cell / 27) * 3 + (cell % 9) / 3 == index;
        case row: return cell / 9 == index;
        default: return cell % 9 == index;
        }
    }

    [[nodiscard]] std::optional<SeStep> locking_step(int first_type, int first, int second_type,
                                                     int second, int digit) const
    {
        SeStep step;
        step.technique = second_type == box ? SeTechnique::claiming : SeTechnique::pointing;
        step.rating = second_type == box ? 2.8 : 2.6;
        for (int p = 0; p < 9; ++p) {
            const int cell = cell_at(second_type, second, p);
            if (!contains(first_type, first, cell) && (s_.candidates(cell) & bit(digit)))
                step.removed.emplace_back(cell, bit(digit));
        }
        if (step.removed.empty())
            return std::nullopt;
        return step;
    }

    [[nodiscard]] std::optional<SeStep> direct_locking(int first_type, int first, int second_type,
                                                       int second, int digit) const
    {
        for (int third = 0; third < 9; ++third) {
            if (third == first || !crosses(first_type, third, second_type, second))
                continue;
            const unsigned places = positions(first_type, third, digit);
            if (std::popcount(places) <= 1)
                continue;
            int left = 0, cell = -1;
            for (int p = 0; p < 9; ++p) {
                const int here = cell_at(first_type, third, p);
                if ((places & (1u << p)) && !contains(second_type, second, here)) {
                    ++left;
                    cell = here;
                }
            }
            if (left == 1) {
                SeStep step;
                step.technique =
                    first_type == box ? SeTechnique::direct_pointing : SeTechnique::direct_claiming;
                step.rating = first_type == box ? 1.7 : 1.9;
                step.cell = cell;
                step.digit = digit;
                return step;
            }
        }
        return std::nullopt;
    }

    [[nodiscard]] std::optional<SeStep> hidden_set_step(int type, int region, unsigned digit_mask,
                                                        unsigned cells, int size, bool direct) const
    {
        const auto digits = static_cast<std::uint16_t>(digit_mask);
        if (direct) {
            for (int digit = 1; digit <= 9; ++digit) {
                if (digits & bit(digit))
                    continue;
                const unsigned places = positions(type, region, digit);
                if (std::popcount(places) <= 1 || std::popcount(places & ~cells) != 1)
                    continue;
                SeStep step;
                step.technique =
                    size == 2 ? SeTechnique::direct_hidden_pair : SeTechnique::direct_hidden_triple;
                step.rating = size == 2 ? 2.0 : 2.5;
                step.cell = cell_at(type, region, std::countr_zero(places & ~cells));
                step.digit = digit;
                return step;
            }
            return std::nullopt;
        }
        SeStep step;
        step.technique = size == 2 ? SeTechnique::hidden_pair : SeTechnique::hidden_triple;
        step.rating = size == 2 ? 3.4 : 4.0;
        for (int p = 0; p < 9; ++p) {
            const int cell = cell_at(type, region, p);
            const auto out = static_cast<std::uint16_t>(s_.candidates(cell) & ~digits);
            if ((cells & (1u << p)) && out != 0)
                step.removed.emplace_back(cell, out);
        }
        if (step.removed.empty())
            return std::nullopt;
        return step;
    }

    const SeSolver& s_;
    unsigned places_[3][9][9] = {}; // [type][region][digit - 1]: positions
    int empty_[3][9] = {};          // [type][region]: empty cells
};

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
    }
    return "?";
}

SeSolver::SeSolver(const Grid& puzzle) : candidates_(Grid::cells, 0)
{
    for (int cell = 0; cell < Grid::cells; ++cell)
        if (grid_[cell] == 0)
            candidates_[static_cast<std::size_t>(cell)] = 0x1ff;
    for (int cell = 0; cell < Grid::cells; ++cell)
        if (puzzle[cell] != 0) {
            SeStep given;
            given.cell = cell;
            given.digit = puzzle[cell];
            apply(given);
        }
}

bool SeSolver::solved() const noexcept
{
    for (int cell = 0; cell < Grid::cells; ++cell)
        if (grid_[cell] == 0)
            return false;
    return true;
}

std::optional<SeStep> SeSolver::next_step() const
{
    const SeTechniques find(*this);
    if (auto step = find.hidden_single())
        return step;
    if (auto step = find.locking(true))
        return step;
    if (auto step = find.hidden_set(2, true))
        return step;
    if (auto step = find.naked_single())
        return step;
    if (auto step = find.hidden_set(3, true))
        return step;
    if (auto step = find.locking(false))
        return step;
    if (auto step = find.naked_set(2))
        return step;
    if (auto step = find.fish(2))
        return step;
    if (auto step = find.hidden_set(2, false))
        return step;
    if (auto step = find.naked_set(3))
        return step;
    if (auto step = find.fish(3))
        return step;
    return find.hidden_set(3, false);
}

void SeSolver::apply(const SeStep& step)
{
    for (const auto& [cell, digits] : step.removed)
        candidates_[static_cast<std::size_t>(cell)] &= static_cast<std::uint16_t>(~digits);
    if (!step.places())
        return;
    grid_.set(step.cell, step.digit);
    candidates_[static_cast<std::size_t>(step.cell)] = 0;
    const int r = step.cell / 9, c = step.cell % 9, b = box_of(r, c);
    for (int p = 0; p < 9; ++p)
        for (const int peer : {cell_at(row, r, p), cell_at(column, c, p), cell_at(box, b, p)})
            candidates_[static_cast<std::size_t>(peer)] &=
                static_cast<std::uint16_t>(~bit(step.digit));
}

SeRating rate_se(const Grid& puzzle)
{
    SeRating rating;
    SeSolver solver(puzzle);
    bool placed = false;
    while (!solver.solved()) {
        const auto step = solver.next_step();
        if (!step)
            return rating; // stuck: SE goes on with its harder techniques
        if (step->rating > rating.er) {
            rating.er = step->rating;
            rating.er_technique = se_name(step->technique);
        }
        solver.apply(*step);
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

std::string se_number(double rating)
{
    const auto tenths = static_cast<int>((rating + 0.05) * 10);
    char text[16];
    std::snprintf(text, sizeof text, "%d.%d", tenths / 10, tenths % 10);
    return text;
}

} // namespace sudoku
