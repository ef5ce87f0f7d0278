// SE's turbot fish: two strong links on one digit, in a base and a cover region, whose
// inner ends share a third region (the weak link). Either outer end then holds the digit, so
// a cell that sees both loses it. Named by the regions: skyscraper (two parallel lines),
// two-string kite (a column and a row), turbot crane (a line and a box); "grouped" when a
// link's end is a group of cells (a line whose places leave one of its three box segments
// empty, or a box whose places form an empty rectangle). See se_techniques.hpp.
#include "se_techniques.hpp"

#include <algorithm>
#include <utility>
#include <vector>

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
// empty box segment, and the arms are the other two segments in order. Tables, as every
// call of the technique reads every region.
struct Configuration {
    unsigned empty, arm1, arm2;
};

constexpr auto box_configurations = [] {
    std::array<Configuration, 9> all{};
    for (int e = 0; e < 9; ++e)
        for (int p = 0; p < 9; ++p) {
            if (p / 3 != e / 3 && p % 3 != e % 3)
                all[e].empty |= 1u << p;
            if (p != e && p % 3 == e % 3)
                all[e].arm1 |= 1u << p;
            if (p != e && p / 3 == e / 3)
                all[e].arm2 |= 1u << p;
        }
    return all;
}();

constexpr std::array<Configuration, 3> line_configurations{{
    {0007u, 0070u, 0700u},
    {0070u, 0007u, 0700u},
    {0700u, 0007u, 0070u},
}};

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
    const Configuration* all = type == box ? box_configurations.data() : line_configurations.data();
    while (e < configurations && (places & all[e].empty) != 0)
        ++e;
    if (e == configurations)
        return links;
    const unsigned first = places & all[e].arm1, second = places & all[e].arm2;
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

// An end with what the search asks of it again and again: the regions that hold all its cells
// (as holding_regions) and the cells that see all of them.
struct ReadyEnd {
    End cells{};
    std::uint32_t holding = 0;
    Cells seen;
};

ReadyEnd ready(const End& end)
{
    ReadyEnd out{end, 0x7ffffffu, Cells::every()};
    for (const int cell : end)
        if (cell >= 0) {
            out.holding &= holding_regions(cell);
            out.seen &= peers[cell];
        }
    return out;
}

// A region's links for one digit, ready, and the cells of its places.
struct ReadyLinks {
    int region = 0;
    bool grouped = false;
    int count = 0;
    std::array<std::array<ReadyEnd, 2>, 2> ends{};
    Cells places;
    std::uint32_t reach = 0; // the regions that hold an end, other than this one
};

// A pattern found: two strong links on `digit`, one in each region, and the order of their
// ends (start and first bridge in the base, second bridge and end in the cover), with the
// cells that lose the digit.
struct Pattern {
    int digit = 0;
    int base_type = 0, base = 0, cover_type = 0, cover = 0;
    bool base_grouped = false, cover_grouped = false;
    std::array<End, 4> ends{}; // start, bridge 1, bridge 2, end
    Cells removed;
};

// SE's number of a pattern: by the regions' types and whether a link is grouped.
double rating_of(int base_type, int cover_type, int grouped)
{
    if (grouped > 0)
        return 4.3;
    return base_type == box || cover_type == box ? 4.2 : base_type == cover_type ? 4.0 : 4.1;
}

// The hint of a pattern: the digit goes from the cells that see every cell of the start and
// of the end, outside base and cover.
SeStep pattern_step(const Pattern& p)
{
    SeStep step;
    p.removed.each([&](int cell) { step.removed.emplace_back(cell, bit(p.digit)); });
    step.technique = SeTechnique::turbot_fish;
    const bool base_grouped = p.base_grouped, cover_grouped = p.cover_grouped;
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
    step.rating = rating_of(p.base_type, p.cover_type, grouped);
    for (const End& part : p.ends)
        for (const int cell : part)
            if (cell >= 0)
                step.cells.push_back(cell);
    return step;
}

// The first pattern of the smallest key SE sorts by: rating, then eliminations (most first),
// then grouped links (fewest first, SE's suffix "00" < "01" < "11").
class Best {
public:
    // Whether a pattern of this key would come before the best so far.
    [[nodiscard]] bool better(double rating, int removed, int grouped) const
    {
        return !best_ || (best_rating_ != rating ? rating < best_rating_
                          : removed != removed_  ? removed > removed_
                                                 : grouped < grouped_);
    }
    void keep(const Pattern& pattern, double rating, int removed, int grouped)
    {
        best_ = pattern;
        best_rating_ = rating;
        removed_ = removed;
        grouped_ = grouped;
    }
    std::optional<SeStep> take() const
    {
        return best_ ? std::optional<SeStep>(pattern_step(*best_)) : std::nullopt;
    }
    /// Takes `other`'s pattern where it comes first (`other` found after this one's).
    void merge(const Best& other)
    {
        if (other.best_ && better(other.best_rating_, other.removed_, other.grouped_))
            *this = other;
    }
    [[nodiscard]] bool found() const { return best_.has_value(); }

private:
    std::optional<Pattern> best_;
    double best_rating_ = 0;
    int removed_ = 0, grouped_ = 0;
};

// A digit's first best pattern for each pair of region types SE searches, in its order.
using DigitPatterns = std::array<Best, 5>;

// SE's search (see turbot_fish), over each region's links read once, as the search pairs
// each with many.
class TurbotSearch {
public:
    /// Over the digits `searched` ([digit - 1]; the others, known to give nothing, are left
    /// out: no links are read for them).
    TurbotSearch(const SeTechniques& find, const std::array<bool, 9>& searched) : find_(find)
    {
        links_.reserve(3 * 9 * 9);
        for (int d = 1; d <= 9; ++d) {
            for (int type = 0; type < 3; ++type) {
                from_[d - 1][type] = static_cast<int>(links_.size());
                if (!searched[d - 1])
                    continue;
                for (int region = 0; region < 9; ++region)
                    read(type, region, d);
            }
            from_[d - 1][3] = static_cast<int>(links_.size());
        }
    }

    static constexpr std::array<std::pair<int, int>, 5> sets{
        {{row, row}, {column, column}, {column, row}, {row, box}, {column, box}}};

    /// The first best pattern on digit `d` (which must be searched) for each pair of region
    /// types of `sets`, each found as if alone.
    DigitPatterns run(int d)
    {
        DigitPatterns found;
        for (std::size_t set = 0; set < sets.size(); ++set) {
            const auto [base_type, cover_type] = sets[set];
            best_ = &found[set];
            const ReadyLinks* const bases = links_.data() + from_[d - 1][base_type];
            const ReadyLinks* const covers = links_.data() + from_[d - 1][cover_type];
            const int base_count = from_[d - 1][base_type + 1] - from_[d - 1][base_type];
            const int cover_count = from_[d - 1][cover_type + 1] - from_[d - 1][cover_type];
            for (int i = 0; i < base_count; ++i) {
                // Covers after the base when of its type (the same list, by region); inner
                // ends that share no region but base and cover make no pattern.
                for (int b = 0; b < bases[i].count; ++b)
                    for (int k = base_type == cover_type ? i + 1 : 0; k < cover_count; ++k)
                        if ((bases[i].reach & covers[k].reach) != 0)
                            pair(d, base_type, bases[i], b, cover_type, covers[k]);
            }
        }
        return found;
    }

private:
    // Reads the links of region (type, region) on digit `d`, if any.
    void read(int type, int region, int d)
    {
        if (count_of(find_.positions(type, region, d)) < 2)
            return; // no link
        const Links found = region_links(find_, type, region, d);
        if (found.count == 0)
            return;
        ReadyLinks& here = links_.emplace_back();
        here.region = region;
        here.grouped = found.grouped;
        here.count = found.count;
        for (int k = 0; k < found.count; ++k)
            for (int e = 0; e < 2; ++e) {
                here.ends[k][e] = ready(found.ends[k][e]);
                here.reach |= here.ends[k][e].holding;
            }
        here.reach &= ~holding_bit(type, region);
        for (unsigned m = find_.positions(type, region, d); m != 0; m &= m - 1)
            here.places.add(cell_at(type, region, std::countr_zero(m)));
    }

    // The patterns of link `b` of the base and each link of the cover.
    void pair(int d, int base_type, const ReadyLinks& base_links, int b, int cover_type,
              const ReadyLinks& cover_links)
    {
        const int base = base_links.region, cover = cover_links.region;
        const Cells base_cells = region_cells[base_type][base];
        const Cells cover_cells = region_cells[cover_type][cover];
        if ((base_links.places & cover_cells).any())
            return; // a place in both regions makes no pair of links
        const int grouped = int{base_links.grouped} + int{cover_links.grouped};
        const double rating = rating_of(base_type, cover_type, grouped);
        const Cells outside = find_.cells_of(d) - base_cells - cover_cells;
        for (int c = 0; c < cover_links.count; ++c) {
            const auto& [base0, base1] = base_links.ends[b];
            const auto& [cover0, cover1] = cover_links.ends[c];
            const ReadyEnd* ends[4] = {&base0, &base1, &cover0, &cover1};
            for (int i = 0; i < 2; ++i)
                for (int j = 2; j < 4; ++j) {
                    const std::uint32_t common = ends[1 - i]->holding & ends[j]->holding;
                    if (common == 0)
                        continue;
                    const auto [type, index] = held_region(std::countr_zero(common));
                    if ((type == base_type && index == base) ||
                        (type == cover_type && index == cover))
                        continue;
                    const Cells removed = outside & ends[i]->seen & ends[5 - j]->seen;
                    if (!removed.any())
                        continue;
                    const int count = removed.count();
                    if (!best_->better(rating, count, grouped))
                        continue;
                    const Pattern pattern{
                        d,
                        base_type,
                        base,
                        cover_type,
                        cover,
                        base_links.grouped,
                        cover_links.grouped,
                        {ends[i]->cells, ends[1 - i]->cells, ends[j]->cells, ends[5 - j]->cells},
                        removed};
                    best_->keep(pattern, rating, count, grouped);
                }
        }
    }

    const SeTechniques& find_;
    // The regions with links for each digit and type: links_[from_[d - 1][type]] up to
    // links_[from_[d - 1][type + 1]], by region.
    std::vector<ReadyLinks> links_;
    int from_[9][4] = {};
    Best* best_ = nullptr; // (of the pair of region types searched)
};

} // namespace

// 4.0-4.3. SE pairs base and cover regions in the order rows-rows, columns-columns,
// columns-rows, rows-boxes, columns-boxes, then digits, base regions, the base's links, cover
// regions (those after the base when of its type), the cover's links, and the inner ends:
// each of the base's ends against each of the cover's. It collects every hint and
// stable-sorts them (see Best); the first is taken. Where the inner ends' first common region
// (column, row, box) is the base or the cover, they make no pattern.
//
// A digit's patterns depend on its places alone, so each digit's first best pattern for each
// pair of region types is kept per thread by its places and the digit (the patterns name it),
// those with none in the table of nothing found (by the places alone: nothing is nothing for
// any digit); the first best of all is then the first of the least key among them, taken in
// SE's order (pairs of types, then digits).
std::optional<SeStep> SeTechniques::turbot_fish() const
{
    thread_local FoundNothing nothing;
    thread_local FootprintMap<DigitPatterns, 7> patterns;
    const std::array<bool, 9> unknown = digits_to_search(nothing);
    // (the patterns name their digit: the key is the places and the digit, bits 32 up)
    const auto key = [&](std::size_t d) {
        Footprint footprint = Footprint::of(cells_of_[d]);
        footprint.high |= std::uint64_t{d + 1} << 32;
        return footprint;
    };
    std::array<const DigitPatterns*, 9> of_digit{};
    std::array<bool, 9> searched{};
    for (std::size_t d = 0; d < 9; ++d)
        if (unknown[d]) {
            of_digit[d] = patterns.find(key(d));
            searched[d] = of_digit[d] == nullptr;
        }
    TurbotSearch search(*this, searched);
    std::array<DigitPatterns, 9> found;
    for (std::size_t d = 0; d < 9; ++d)
        if (searched[d]) {
            found[d] = search.run(static_cast<int>(d) + 1);
            of_digit[d] = &found[d];
        }
    Best best;
    for (std::size_t set = 0; set < TurbotSearch::sets.size(); ++set)
        for (std::size_t d = 0; d < 9; ++d)
            if (of_digit[d] != nullptr)
                best.merge((*of_digit[d])[set]);
    // (kept only now: a new entry may take the slot of one read above)
    for (std::size_t d = 0; d < 9; ++d) {
        if (!searched[d])
            continue;
        if (std::none_of(found[d].begin(), found[d].end(), [](const Best& b) { return b.found(); }))
            nothing.add(Footprint::of(cells_of_[d]));
        else
            patterns.put(key(d), found[d]);
    }
    return best.take();
}

} // namespace sudoku::se
