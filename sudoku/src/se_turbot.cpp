// SE's turbot fish: two strong links on one digit, in a base and a cover region, whose
// inner ends share a third region (the weak link). Either outer end then holds the digit, so
// a cell that sees both loses it. Named by the regions: skyscraper (two parallel lines),
// two-string kite (a column and a row), turbot crane (a line and a box); "grouped" when a
// link's end is a group of cells (a line whose places leave one of its three box segments
// empty, or a box whose places form an empty rectangle). See se_techniques.hpp.
#include "se_techniques.hpp"

#include <utility>

namespace sudoku::se {

namespace {

// One end of a strong link: its first cell, then up to two more cells when the end is a
// group (-1 where there are none).
using End = std::array<int, 3>;

// The ways SE splits a region's places for a digit into the two ends of a strong link:
// one way for a pair of places; for a grouped link, one way, or two for a box whose row and
// column arms each hold one place.
struct Links {
    bool grouped = false;
    int count = 0;
    std::array<std::array<End, 2>, 2> ends{};
};

// The cells at `places` of the region, in position order, after `first` if it is a cell.
End end_at(int type, int region, unsigned places, int first = -1)
{
    End end{-1, -1, -1};
    int k = 0;
    if (first >= 0)
        end[k++] = first;
    for (unsigned m = places; m != 0 && k < 3; m &= m - 1)
        end[k++] = cell_at(type, region, std::countr_zero(m));
    return end;
}

// For grouped links, SE's configuration `e` of a region. In a box, `e` is the heart cell's
// position: the empty area is the four cells outside its row and column, the first arm its
// column and the second arm its row (the heart left out of both). In a line, `e` is the
// empty box segment, and the arms are the other two segments in order.
unsigned empty_area(int type, int e)
{
    if (type != box)
        return 7u << (3 * e);
    unsigned area = 0;
    for (int p = 0; p < 9; ++p)
        if (p / 3 != e / 3 && p % 3 != e % 3)
            area |= 1u << p;
    return area;
}

// The positions of arm `which` (1 or 2) of configuration `e`.
unsigned arm(int type, int e, int which)
{
    if (type != box) {
        const int segment = which == 1 ? (e == 0 ? 1 : 0) : (e == 2 ? 1 : 2);
        return 7u << (3 * segment);
    }
    unsigned cells = 0;
    for (int p = 0; p < 9; ++p)
        if (p != e && (which == 1 ? p % 3 == e % 3 : p / 3 == e / 3))
            cells |= 1u << p;
    return cells;
}

// The region of the first type (column, row, box) holding every cell of both ends, as
// (type, index), or (-1, -1).
std::pair<int, int> shared_region(const End& a, const End& b)
{
    for (const int type : {column, row, box}) {
        const int index = region_of(type, a[0]);
        bool all = true;
        for (const End* end : {&a, &b})
            for (const int cell : *end)
                if (cell >= 0 && region_of(type, cell) != index)
                    all = false;
        if (all)
            return {type, index};
    }
    return {-1, -1};
}

// Whether `cell` sees every cell of `end`.
bool sees_all(int cell, const End& end)
{
    for (const int other : end)
        if (other >= 0 && !sees(cell, other))
            return false;
    return true;
}

// The strong links of region (type, index) on digit `d`, as SE reads them: a pair of places,
// or, with three to six places (five in a box), the first configuration whose empty area
// holds none of them, when both its arms hold some.
Links region_links(const SeTechniques& find, int type, int index, int d)
{
    Links links;
    const unsigned places = find.positions(type, index, d);
    const int n = count_of(places);
    if (n < 2 || n > 6 || (type == box && n > 5))
        return links;
    if (n == 2) {
        const unsigned low = places & (~places + 1);
        links.count = 1;
        links.ends[0] = {end_at(type, index, low), end_at(type, index, places & ~low)};
        return links;
    }
    int e = 0;
    const int configurations = type == box ? 9 : 3;
    while (e < configurations && (places & empty_area(type, e)) != 0)
        ++e;
    if (e == configurations)
        return links;
    const unsigned first = places & arm(type, e, 1), second = places & arm(type, e, 2);
    if (first == 0 || second == 0)
        return links;
    links.grouped = true;
    // A single place in one arm links with the rest: in a box with the heart and the other
    // arm (the heart's line; SE counts the heart in even when it is not a place), in a line
    // with the other segment's places. Otherwise the two arms link (in a box, SE leaves the
    // heart out even when it is a place).
    const int heart = type == box ? cell_at(type, index, e) : -1;
    if (count_of(first) == 1)
        links.ends[links.count++] = {end_at(type, index, first),
                                     end_at(type, index, second, heart)};
    if (count_of(second) == 1)
        links.ends[links.count++] = {end_at(type, index, second),
                                     end_at(type, index, first, heart)};
    if (links.count == 0) {
        links.count = 1;
        links.ends[0] = {end_at(type, index, first), end_at(type, index, second)};
    }
    return links;
}

// Two strong links on `digit`, one in each region, and the order of their ends: start and
// first bridge in the base, second bridge and end in the cover.
struct Pattern {
    int digit;
    int base_type, base;
    int cover_type, cover;
    const Links& base_links;
    const Links& cover_links;
    const End& start;
    const End& bridge1;
    const End& bridge2;
    const End& end;
};

// The hint of a pattern whose bridges share a region other than base and cover: the digit
// goes from the cells that see every cell of the start and of the end, outside base and
// cover. Nothing when it removes nothing.
std::optional<SeStep> pattern_step(const SeTechniques& find, const Pattern& p)
{
    SeStep step;
    for (int cell = 0; cell < Grid::cells; ++cell)
        if ((find.candidates(cell) & bit(p.digit)) && sees_all(cell, p.start) &&
            sees_all(cell, p.end) && !contains(p.base_type, p.base, cell) &&
            !contains(p.cover_type, p.cover, cell))
            step.removed.emplace_back(cell, bit(p.digit));
    if (step.removed.empty())
        return std::nullopt;
    step.technique = SeTechnique::turbot_fish;
    const bool base_grouped = p.base_links.grouped, cover_grouped = p.cover_links.grouped;
    const int grouped = int{base_grouped} + int{cover_grouped};
    const std::string suffix = grouped == 0 ? "00" : grouped == 1 ? "01" : "11";
    if ((base_grouped && p.base_type == box) || (cover_grouped && p.cover_type == box))
        step.name = "Grouped Turbot Crane " + suffix;
    else if (grouped > 0 && p.base_type == p.cover_type)
        step.name = "Grouped Skyscraper " + suffix;
    else if (grouped > 0)
        step.name = "Grouped 2-String Kite " + suffix;
    else if (p.base_type == box || p.cover_type == box)
        step.name = "Turbot Crane";
    else
        step.name = p.base_type == p.cover_type ? "Skyscraper" : "Two-string Kite";
    if (grouped > 0)
        step.rating = 4.3;
    else
        step.rating = p.base_type == box || p.cover_type == box ? 4.2
                      : p.base_type == p.cover_type             ? 4.0
                                                                : 4.1;
    for (const End* part : {&p.start, &p.bridge1, &p.bridge2, &p.end})
        for (const int cell : *part)
            if (cell >= 0)
                step.cells.push_back(cell);
    return step;
}

// The first hint of the smallest key SE sorts by: rating, then eliminations (most first),
// then grouped links (fewest first, SE's suffix "00" < "01" < "11").
class Best {
public:
    void offer(std::optional<SeStep> step, int grouped)
    {
        if (!step)
            return;
        const int removed = static_cast<int>(step->removed.size());
        if (best_ && (best_->rating != step->rating ? best_->rating < step->rating
                      : removed != removed_         ? removed < removed_
                                                    : grouped >= grouped_))
            return;
        best_ = std::move(step);
        removed_ = removed;
        grouped_ = grouped;
    }
    std::optional<SeStep> take() { return std::move(best_); }

private:
    std::optional<SeStep> best_;
    int removed_ = 0, grouped_ = 0;
};

} // namespace

// 4.0-4.3. SE pairs base and cover regions in the order rows-rows, columns-columns,
// columns-rows, rows-boxes, columns-boxes, then digits, base regions, the base's links, cover
// regions (those after the base when of its type), the cover's links, and the inner ends:
// each of the base's ends against each of the cover's. It collects every hint and
// stable-sorts them (see Best); the first is taken.
std::optional<SeStep> SeTechniques::turbot_fish() const
{
    static constexpr std::array<std::pair<int, int>, 5> sets{
        {{row, row}, {column, column}, {column, row}, {row, box}, {column, box}}};
    Best best;
    for (const auto& [base_type, cover_type] : sets)
        for (int d = 1; d <= 9; ++d)
            for (int base = 0; base < 9; ++base) {
                const Links base_links = region_links(*this, base_type, base, d);
                for (int b = 0; b < base_links.count; ++b)
                    for (int cover = base_type == cover_type ? base + 1 : 0; cover < 9; ++cover) {
                        const Links cover_links = region_links(*this, cover_type, cover, d);
                        // A place in both regions makes no pair of links.
                        bool overlap = false;
                        for (unsigned m = positions(base_type, base, d); m != 0; m &= m - 1)
                            if (contains(cover_type, cover,
                                         cell_at(base_type, base, std::countr_zero(m))))
                                overlap = true;
                        for (int c = 0; c < cover_links.count && !overlap; ++c) {
                            const auto& [base0, base1] = base_links.ends[b];
                            const auto& [cover0, cover1] = cover_links.ends[c];
                            const End* ends[4] = {&base0, &base1, &cover0, &cover1};
                            for (int i = 0; i < 2; ++i)
                                for (int j = 2; j < 4; ++j) {
                                    const auto [type, index] =
                                        shared_region(*ends[1 - i], *ends[j]);
                                    if (type < 0 || (type == base_type && index == base) ||
                                        (type == cover_type && index == cover))
                                        continue;
                                    const Pattern pattern{d,           base_type,   base,
                                                          cover_type,  cover,       base_links,
                                                          cover_links, *ends[i],    *ends[1 - i],
                                                          *ends[j],    *ends[5 - j]};
                                    best.offer(pattern_step(*this, pattern),
                                               int{base_links.grouped} + int{cover_links.grouped});
                                }
                        }
                    }
            }
    return best.take();
}

} // namespace sudoku::se
