// SE's uniqueness techniques: unique rectangles and loops (types 1 to 4) and the bivalue
// universal grave (types 1 to 4), as Sukaku Explainer runs them by default, that is with
// lkSudoku's fixes to both. See se_techniques.hpp.
//
// Both assume that the puzzle has one solution: a pattern that would let two digits swap
// places (a loop of cells on the same two candidates) or a grid of bivalue cells (which has
// two solutions or none) cannot be what the solution holds, so the candidates outside the
// pattern that keep it from forming are the ones that stay.
#include "se_techniques.hpp"

#include <string>
#include <utility>
#include <vector>

namespace sudoku::se {

namespace {

using Removals = std::vector<std::pair<int, std::uint16_t>>;

SeStep elimination(SeTechnique technique, std::string name, double rating, Removals removed,
                   std::vector<int> cells)
{
    SeStep step;
    step.technique = technique;
    step.name = std::move(name);
    step.rating = rating;
    step.removed = std::move(removed);
    step.cells = std::move(cells);
    return step;
}

// The base number of a loop of `size` cells: 4.5 for a rectangle, 4.6 for 6 cells, 4.7 for 8,
// 5.0 from 10 on (the same double additions as SE).
double loop_rating(std::size_t size)
{
    double rating = 4.5;
    if (size >= 10)
        rating += 0.3;
    if (size >= 8)
        rating += 0.2;
    else if (size >= 6)
        rating += 0.1;
    return rating;
}

// SE's unique loop search. From each bivalue cell (0..80) on its two digits, every path of
// cells holding both digits that comes back to the start is a loop; a loop may hold two cells
// with more digits, or any number that add the same single digit. Each loop that passes SE's
// check gives its hints of types 1 to 4; SE collects them all and sorts them by number, then
// by type, keeping the order found among equals, so the first of the lowest (number, type) is
// the step. (SE drops a hint equal to one found before; such a hint has the same number and
// type, so it could not come first anyway.)
//
// Whether any path from a start closes into a loop depends only on the cells holding both its
// digits and their candidates; most starts close none (93% on the 1,903 reference puzzles,
// with 77% of the search's steps). What the loops rule out depends on those cells, on the
// regions that two cells with more digits share (types 3 and 4 read them whole), and on the
// cells that see the cells with more digits (type 2 rules a digit out of them, so they can
// only rule out less as they lose candidates). A start whose loops ruled nothing out (or that
// closed none) is kept per thread with the cells it read, and skipped while the cells holding
// both its digits are the same and none of those it read has changed (the same kind of table
// as aligned triplet exclusion's, tested the same way).
class UniqueLoopSearch {
public:
    explicit UniqueLoopSearch(const SeTechniques& find) : find_(find) {}

    std::optional<SeStep> run()
    {
        thread_local FoundNothingIn<Grid::cells> nothing_from; // [start]
        nothing_from.see(find_);
        for (Cells starts = find_.bivalue_cells(); starts.any();) {
            const int cell = starts.pop();
            const std::uint16_t pair = find_.candidates(cell);
            pair_ = pair;
            v1_ = std::countr_zero(pair) + 1;
            v2_ = std::countr_zero(static_cast<unsigned>(pair & (pair - 1))) + 1;
            both_ = find_.cells_of(v1_) & find_.cells_of(v2_);
            const auto start = static_cast<std::size_t>(cell);
            if (nothing_from.known_by_role(start, both_))
                continue;
            also_read_ = {};
            offered_ = false;
            extend(cell, 2, 0, -1);
            if (!offered_)
                nothing_from.keep(start, both_ | also_read_, both_);
            else
                nothing_from.forget(start);
        }
        return std::move(best_);
    }

private:
    // Adds `cell` to the path and follows each region of another type than the last link's
    // (box, row, column), its cells in order; `allowed` more cells may hold extra digits,
    // `extra` are the extra digits met so far. A path that comes back to its start is a loop.
    //
    // SE checks a loop thus: going round it, each region is met at most once by the cells at
    // even places and once by those at odd places, and the two sets are the same. A path that
    // already meets a region twice at even or at odd places can only close into loops that
    // fail, so the search does not follow it. `seen_` holds the regions met so far at even
    // and at odd places (as holding_regions).
    void extend(int cell, int allowed, std::uint16_t extra, int last_type)
    {
        const std::uint32_t regions = holding_regions(cell);
        seen_[loop_.size() % 2] |= regions;
        loop_.push_back(cell);
        in_loop_.add(cell);
        const int start = loop_.front();
        for (int type = box; type <= column; ++type) {
            if (type == last_type)
                continue;
            const Cells region = region_cells[type][region_of(type, cell)];
            // The region's cells with both digits, in position order (the cells' order), and
            // the start, which closes the loop.
            Cells next_cells = (region & both_) - in_loop_;
            if (region.has(start) && loop_.size() >= 4)
                next_cells.add(start);
            for (Cells m = next_cells; m.any();) {
                const int next = m.pop();
                if (next == start) {
                    if (seen_[0] == seen_[1])
                        examine();
                    continue;
                }
                if ((seen_[loop_.size() % 2] & holding_regions(next)) != 0)
                    continue;
                const std::uint16_t here = find_.candidates(next);
                const auto next_extra = static_cast<std::uint16_t>((extra | here) & ~pair_);
                const bool more = count_of(here) > 2;
                if (!more || count_of(next_extra) == 1 || allowed > 0)
                    extend(next, more ? allowed - 1 : allowed, next_extra, type);
            }
        }
        loop_.pop_back();
        in_loop_ -= Cells::of(cell);
        seen_[loop_.size() % 2] &= ~regions;
    }

    // The hints of a closed loop that passes SE's check, by its cells with more than the two
    // digits (in loop order).
    // Type 1: the only such cell cannot be either of the two, so it loses them.
    void examine()
    {
        int extra_cells[Grid::cells]; // (a loop's cells with more digits, in its order)
        int count = 0;
        for (const int cell : loop_)
            if (count_of(find_.candidates(cell)) > 2)
                extra_cells[count++] = cell;
        if (count == 1) {
            offer(1, loop_rating(loop_.size()), {{extra_cells[0], pair_}});
        } else if (count > 2) {
            type2(extra_cells, count);
        } else if (count == 2) {
            const int c1 = extra_cells[0], c2 = extra_cells[1];
            for (int type = box; type <= column; ++type) // (types 3 and 4 read them)
                if (region_of(type, c1) == region_of(type, c2))
                    also_read_ |= region_cells[static_cast<std::size_t>(type)]
                                              [static_cast<std::size_t>(region_of(type, c1))];
            const auto extra =
                static_cast<std::uint16_t>((find_.candidates(c1) | find_.candidates(c2)) & ~pair_);
            if (count_of(extra) == 1)
                type2(extra_cells, count);
            else
                type3(c1, c2, extra);
            type4(c1, c2);
        }
    }

    // Type 2: the cells with more digits share one extra digit, so one of them holds it: the
    // cells that see them all lose it.
    void type2(const int* extra_cells, int count)
    {
        const auto others = static_cast<unsigned>(find_.candidates(extra_cells[0]) & ~pair_);
        const int value = std::countr_zero(others) + 1;
        Cells common = Cells::every();
        Cells extra_set;
        for (int k = 0; k < count; ++k) {
            common &= peers[static_cast<std::size_t>(extra_cells[k])];
            extra_set.add(extra_cells[k]);
        }
        Removals removed;
        for (int cell = 0; cell < Grid::cells; ++cell)
            if (common.has(cell) && !extra_set.has(cell) && (find_.candidates(cell) & bit(value)))
                removed.emplace_back(cell, bit(value));
        offer(2, loop_rating(loop_.size()), std::move(removed));
    }

    // Type 3: the extra digits of the two cells act as one cell that, with other cells of a
    // region they share, forms a naked set (by degree, then region box, row, column; cells in
    // increasing order of their positions); or the loop's two digits and others are a hidden
    // set in the region where one of the two cells stands for both.
    void type3(int c1, int c2, std::uint16_t extra)
    {
        const double base = loop_rating(loop_.size());
        const std::uint16_t both = find_.candidates(c1) & find_.candidates(c2);
        for (int degree = 2; degree <= 7; ++degree)
            for (int type = box; type <= column; ++type) {
                const int region = region_of(type, c1);
                if (region != region_of(type, c2))
                    continue;
                const int empty = find_.empty_cells(type, region);
                const int p1 = position_in(type, c1), p2 = position_in(type, c2);
                if (degree * 2 <= empty && degree >= count_of(extra)) {
                    // The sets hold c1 and not c2; their other cells two to `degree`
                    // candidates (naked_set). Adding c1 to each keeps their order.
                    unsigned others = 0;
                    for (int p = 0; p < 9; ++p) {
                        const int count = count_of(find_.candidates(cell_at(type, region, p)));
                        if (p != p1 && p != p2 && count >= 2 && count <= degree)
                            others |= 1u << p;
                    }
                    any_subset_of(others, degree - 1, [&](unsigned chosen) {
                        naked_set(type, region, chosen | 1u << p1, c1, c2, extra, both, degree,
                                  base);
                        return false;
                    });
                }
                if (degree * 2 >= empty)
                    continue;
                // The loop's two digits and degree - 2 others, not extra ones (in increasing
                // order of their masks; SE's permutations of no digits give nothing).
                const unsigned rest = 0x1ffu & ~static_cast<unsigned>(pair_ | extra);
                const auto hidden = [&](unsigned chosen) {
                    hidden_set(type, region, static_cast<std::uint16_t>(pair_ | chosen), c1, c2,
                               degree, base);
                    return false;
                };
                if (rest != 0 && degree == 2)
                    hidden(0u);
                else if (rest != 0)
                    any_subset_of(rest, degree - 2, hidden);
            }
    }

    void naked_set(int type, int region, unsigned positions, int c1, int c2, std::uint16_t extra,
                   std::uint16_t both, int degree, double base)
    {
        auto covered = static_cast<std::uint16_t>(extra & both);
        auto all = extra;
        bool each_two = count_of(extra) > 1;
        Cells set_cells;
        for (unsigned m = positions; m != 0; m &= m - 1) {
            const int cell = cell_at(type, region, std::countr_zero(m));
            if (cell == c1)
                continue;
            const std::uint16_t here = find_.candidates(cell);
            covered |= here;
            all |= here;
            each_two = each_two && count_of(here) > 1;
            set_cells.add(cell);
        }
        if (count_of(covered) != degree || !each_two || count_of(all) != degree)
            return;
        Removals removed;
        for (int p = 0; p < 9; ++p) {
            const int cell = cell_at(type, region, p);
            if (set_cells.has(cell) || cell == c1 || cell == c2)
                continue;
            const auto out = static_cast<std::uint16_t>(find_.candidates(cell) & all);
            if (out != 0)
                removed.emplace_back(cell, out);
        }
        if (!removed.empty())
            offer(3, base + (degree - 1) * 0.1, std::move(removed));
    }

    void hidden_set(int type, int region, std::uint16_t digits, int c1, int c2, int degree,
                    double base)
    {
        const int p1 = position_in(type, c1), p2 = position_in(type, c2);
        unsigned places = 0;
        for (unsigned m = digits; m != 0; m &= m - 1) {
            const unsigned here =
                find_.positions(type, region, std::countr_zero(m) + 1) & ~(1u << p2);
            if (here == 0)
                return;
            places |= here;
        }
        if (count_of(places) != degree)
            return;
        places &= ~(1u << p1);
        Removals removed;
        for (unsigned m = places; m != 0; m &= m - 1) {
            const int cell = cell_at(type, region, std::countr_zero(m));
            const auto out = static_cast<std::uint16_t>(find_.candidates(cell) & ~digits);
            if (out != 0)
                removed.emplace_back(cell, out);
        }
        if (!removed.empty())
            offer(3, base + (static_cast<double>(count_of(places)) - 1) * 0.1, std::move(removed));
    }

    // Type 4: one of the loop's digits has no other place, in a region the two cells share,
    // than these cells: it is in one of them, so the other digit is in neither.
    void type4(int c1, int c2)
    {
        bool lock1 = false, lock2 = false;
        for (int type = box; type <= column; ++type) {
            const int region = region_of(type, c1);
            if (region != region_of(type, c2))
                continue;
            const unsigned outside =
                ~((1u << position_in(type, c1)) | (1u << position_in(type, c2)));
            lock1 = lock1 || (find_.positions(type, region, v1_) & outside) == 0;
            lock2 = lock2 || (find_.positions(type, region, v2_) & outside) == 0;
        }
        if (!lock1 && !lock2)
            return;
        const std::uint16_t out = lock1 ? bit(v2_) : bit(v1_);
        offer(4, loop_rating(loop_.size()), {{c1, out}, {c2, out}});
    }

    void offer(int type, double rating, Removals removed)
    {
        if (removed.empty())
            return;
        offered_ = true;
        if (best_ && !(rating < best_->rating || (rating == best_->rating && type < best_type_)))
            return;
        std::string name = loop_.size() > 4
                               ? "Unique Loop " + std::to_string(loop_.size()) + " type "
                               : std::string("Unique Rectangle type ");
        name += std::to_string(type);
        best_ = elimination(SeTechnique::unique_loop, std::move(name), rating, std::move(removed),
                            loop_);
        best_type_ = type;
    }

    const SeTechniques& find_;
    std::uint16_t pair_ = 0;
    int v1_ = 0, v2_ = 0;
    Cells both_; // the cells with both digits
    std::vector<int> loop_;
    Cells in_loop_;
    std::uint32_t seen_[2] = {0, 0};
    std::optional<SeStep> best_;
    Cells also_read_;      // what the start's loops read besides both_
    bool offered_ = false; // the start's loops ruled something out
    int best_type_ = 0;
};

// BUG type 4: the two BUG cells share a region and one digit that is not a BUG digit.
std::optional<SeStep> bug_type4(const SeTechniques& find, const std::vector<int>& bug_cells,
                                const std::uint16_t* bug_digits, std::uint16_t all_digits)
{
    const int c1 = bug_cells[0], c2 = bug_cells[1];
    const auto shared =
        static_cast<std::uint16_t>(find.candidates(c1) & find.candidates(c2) & ~all_digits);
    if (count_of(shared) != 1 || !sees(c1, c2))
        return std::nullopt;
    Removals removed;
    for (const int cell : {c1, c2})
        removed.emplace_back(
            cell, static_cast<std::uint16_t>(find.candidates(cell) & ~bug_digits[cell] & ~shared));
    return elimination(SeTechnique::bug, "BUG type 4", 5.7, std::move(removed), bug_cells);
}

// BUG type 3: by degree (2 to 6), then type (box, row, column) of a region all BUG cells
// share, the BUG digits and degree - 1 other cells of the region form a naked set (those cells
// chosen in increasing order of their masks over the region's other cells, by cell number).
std::optional<SeStep> bug_type3(const SeTechniques& find, const std::vector<int>& bug_cells,
                                std::uint16_t all_digits, Cells common)
{
    for (int degree = 2; degree <= 6; ++degree)
        for (int type = box; type <= column; ++type) {
            const int region = region_of(type, bug_cells[0]);
            bool shared = true;
            for (const int cell : bug_cells)
                shared = shared && region_of(type, cell) == region;
            if (!shared)
                continue;
            std::vector<int> sharers; // the region's cells that see all BUG cells
            for (int cell = 0; cell < Grid::cells; ++cell)
                if (common.has(cell) && region_of(type, cell) == region)
                    sharers.push_back(cell);
            const int n = static_cast<int>(sharers.size());
            if (n < degree)
                continue;
            std::optional<SeStep> found;
            any_subset(
                degree - 1,
                [&](unsigned chosen) {
                    std::uint16_t others = 0;
                    bool each_two = count_of(all_digits) > 1;
                    std::vector<int> set_cells;
                    for (unsigned m = chosen; m != 0; m &= m - 1) {
                        const int cell = sharers[static_cast<std::size_t>(std::countr_zero(m))];
                        set_cells.push_back(cell);
                        others |= find.candidates(cell);
                        each_two = each_two && count_of(find.candidates(cell)) > 1;
                    }
                    const auto all = static_cast<std::uint16_t>(others | all_digits);
                    if (count_of(others) != degree || !each_two || count_of(all) != degree)
                        return false;
                    Removals removed;
                    for (std::size_t k = 0; k < sharers.size(); ++k) {
                        if (chosen & (1u << k))
                            continue;
                        const int cell = sharers[k];
                        const auto out = static_cast<std::uint16_t>(find.candidates(cell) & all);
                        if (out != 0)
                            removed.emplace_back(cell, out);
                    }
                    if (removed.empty())
                        return false;
                    std::vector<int> cells = bug_cells;
                    cells.insert(cells.end(), set_cells.begin(), set_cells.end());
                    found =
                        elimination(SeTechnique::bug, "BUG type 3", 5.7 + (count_of(all) - 1) * 0.1,
                                    std::move(removed), std::move(cells));
                    return true;
                },
                n);
            if (found)
                return found;
        }
    return std::nullopt;
}

} // namespace

// 4.5 and more: unique rectangles and loops, types 1 to 4.
std::optional<SeStep> SeTechniques::unique_loops() const { return UniqueLoopSearch(*this).run(); }

// 5.6 and more: the bivalue universal grave. Every region and digit with other than 0 or 2
// places (boxes, rows, then columns) must have exactly one of them in a cell of 3 digits or
// more: that cell is a BUG cell and the digit one of its BUG digits. With lkSudoku's fix,
// where all those regions concern one digit, every cell of 3 digits or more at its places is a
// BUG cell. Without the BUG digits the grid must be all bivalue cells, each digit twice in each
// region where it remains; then one BUG digit must be true:
//   type 1: one BUG cell, which keeps only its BUG digits;
//   type 2: one BUG digit, which the cells that see all BUG cells lose;
//   type 3: the BUG digits, as one cell, and other cells of a region all BUG cells share form a
//           naked set, which the region's other cells lose;
//   type 4: two BUG cells in a region share one non-BUG digit: each loses its other one.
std::optional<SeStep> SeTechniques::bug() const
{
    std::uint16_t left[Grid::cells]; // the candidates without the BUG digits
    for (int cell = 0; cell < Grid::cells; ++cell)
        left[cell] = candidates(cell);
    std::vector<int> bug_cells;
    std::uint16_t bug_digits[Grid::cells] = {}; // each BUG cell's BUG digits
    std::uint16_t all_digits = 0;
    Cells common; // the cells that see all BUG cells, none of them
    bool any_common = false;
    Cells extra_cells; // lkSudoku's fix: the cells of 3 digits or more at the digit's places
    bool any_extra = false, one_digit = true;
    int only_digit = 0;
    const auto add_cell = [&](int cell) {
        common = any_common ? common & peers[cell] : peers[cell];
        any_common = true;
        for (const int c : bug_cells)
            common -= Cells::of(c);
        return !(bug_cells.size() > 1 && count_of(all_digits) > 1 && !common.any());
    };
    for (int type = box; type <= column; ++type)
        for (int region = 0; region < 9; ++region)
            for (int d = 1; d <= 9; ++d) {
                const unsigned places = positions(type, region, d);
                if (places == 0 || count_of(places) == 2)
                    continue;
                Cells cells; // (the places in cells of three digits or more)
                for (unsigned m = places; m != 0; m &= m - 1) {
                    const int cell = cell_at(type, region, std::countr_zero(m));
                    if (count_of(candidates(cell)) >= 3)
                        cells.add(cell);
                }
                if (!any_extra) {
                    any_extra = true;
                    only_digit = d;
                    extra_cells |= cells;
                } else if (one_digit) {
                    if (only_digit == d)
                        extra_cells |= cells;
                    else
                        one_digit = false;
                }
                if (cells.one()) {
                    const int cell = cells.first();
                    if (bug_digits[cell] == 0)
                        bug_cells.push_back(cell);
                    bug_digits[cell] |= bit(d);
                    all_digits |= bit(d);
                    left[cell] &= static_cast<std::uint16_t>(~bit(d));
                    if (!add_cell(cell))
                        return std::nullopt;
                }
                if (!cells.any())
                    return std::nullopt; // a digit 3 times or more in a region of bivalue cells
            }
    if (one_digit && any_extra &&
        static_cast<std::size_t>(extra_cells.count()) > bug_cells.size()) {
        for (const int cell : bug_cells)
            extra_cells -= Cells::of(cell);
        for (int cell = 0; cell < Grid::cells; ++cell) {
            if (!extra_cells.has(cell))
                continue;
            bug_cells.push_back(cell);
            bug_digits[cell] = bit(only_digit);
            left[cell] &= static_cast<std::uint16_t>(~bit(only_digit));
            if (!add_cell(cell))
                return std::nullopt;
        }
    }
    for (int cell = 0; cell < Grid::cells; ++cell)
        if (digit(cell) == 0 && count_of(left[cell]) != 2)
            return std::nullopt;
    for (int type = box; type <= column; ++type)
        for (int region = 0; region < 9; ++region)
            for (int d = 1; d <= 9; ++d) {
                int count = 0;
                for (int p = 0; p < 9; ++p)
                    count += (left[cell_at(type, region, p)] & bit(d)) != 0;
                if (count != 0 && count != 2)
                    return std::nullopt;
            }
    if (bug_cells.size() == 1) {
        const int cell = bug_cells[0];
        return elimination(SeTechnique::bug, "BUG type 1", 5.6,
                           {{cell, static_cast<std::uint16_t>(candidates(cell) & ~all_digits)}},
                           bug_cells);
    }
    if (count_of(all_digits) == 1) {
        if (any_common) {
            Removals removed;
            for (int cell = 0; cell < Grid::cells; ++cell)
                if (common.has(cell) && (candidates(cell) & all_digits))
                    removed.emplace_back(cell, all_digits);
            if (!removed.empty())
                return elimination(SeTechnique::bug, "BUG type 2", 5.7, std::move(removed),
                                   bug_cells);
        }
        if (bug_cells.size() == 2)
            return bug_type4(*this, bug_cells, bug_digits, all_digits);
        return std::nullopt;
    }
    if (!any_common || !common.any())
        return std::nullopt;
    if (bug_cells.size() == 2)
        if (auto step = bug_type4(*this, bug_cells, bug_digits, all_digits))
            return step;
    return bug_type3(*this, bug_cells, all_digits, common);
}

} // namespace sudoku::se
