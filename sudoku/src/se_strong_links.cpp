// SE's strong links (its producer StrongLinks(3), 5.4-5.7): a chain of three strong links on
// one digit, each in a box, a row or a column, joined end to end by two weak links (each pair
// of joined ends sees each other in a shared region). One end of the chain or the other holds
// the digit, so it goes from every cell that sees both ends. A link may be grouped: a line
// whose places for the digit lie in two boxes, or a box whose places lie in two rows or two
// columns, or in one row and one column (an "empty rectangle"). See se_techniques.hpp.
#include "se_techniques.hpp"

#include <algorithm>
#include <array>
#include <initializer_list>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

namespace sudoku::se {

namespace {

constexpr int max_links = 8;

/// A strong link as SE builds it: its region and its two ends; an end that stands for a group
/// of cells in one line has a second cell of that line (its support), -1 otherwise.
struct Link {
    int type = 0, region = 0;
    bool grouped = false;
    std::array<int, 2> end{-1, -1};
    std::array<int, 2> support{-1, -1};
};

constexpr unsigned mask_of(std::initializer_list<int> positions)
{
    unsigned mask = 0;
    for (const int p : positions)
        mask |= 1u << p;
    return mask;
}

/// A way to split a region's places for a digit in two groups: the positions that must be
/// empty, and the positions of each group (SE's "blades").
struct Shape {
    unsigned empty, blade1, blade2;
};

/// The box shapes in SE's order. 0-8: the "empty rectangle" around the heart cell at that
/// position (the places lie in the heart's column, blade 1, and row, blade 2, the heart
/// itself in neither blade); 9-14: the places lie in two rows, then in two columns.
constexpr std::array<Shape, 15> box_shapes{{
    {mask_of({4, 5, 7, 8}), mask_of({3, 6}), mask_of({1, 2})},
    {mask_of({3, 5, 6, 8}), mask_of({4, 7}), mask_of({0, 2})},
    {mask_of({3, 4, 6, 7}), mask_of({5, 8}), mask_of({0, 1})},
    {mask_of({1, 2, 7, 8}), mask_of({0, 6}), mask_of({4, 5})},
    {mask_of({0, 2, 6, 8}), mask_of({1, 7}), mask_of({3, 5})},
    {mask_of({0, 1, 6, 7}), mask_of({2, 8}), mask_of({3, 4})},
    {mask_of({1, 2, 4, 5}), mask_of({0, 3}), mask_of({7, 8})},
    {mask_of({0, 2, 3, 5}), mask_of({1, 4}), mask_of({6, 8})},
    {mask_of({0, 1, 3, 4}), mask_of({2, 5}), mask_of({6, 7})},
    {mask_of({6, 7, 8}), mask_of({0, 1, 2}), mask_of({3, 4, 5})},
    {mask_of({3, 4, 5}), mask_of({0, 1, 2}), mask_of({6, 7, 8})},
    {mask_of({0, 1, 2}), mask_of({3, 4, 5}), mask_of({6, 7, 8})},
    {mask_of({2, 5, 8}), mask_of({0, 3, 6}), mask_of({1, 4, 7})},
    {mask_of({1, 4, 7}), mask_of({0, 3, 6}), mask_of({2, 5, 8})},
    {mask_of({0, 3, 6}), mask_of({1, 4, 7}), mask_of({2, 5, 8})},
}};

/// The line shapes: one box's segment of the line is empty, the other two are the groups.
constexpr std::array<Shape, 3> line_shapes{{
    {0007u, 0070u, 0700u},
    {0070u, 0007u, 0700u},
    {0700u, 0007u, 0070u},
}};

constexpr bool same_line(int a, int b) { return a / 9 == b / 9 || a % 9 == b % 9; }

/// The lowest set position of `mask`, then the next one (as SE's nextSetBit), as cells.
int first_cell(int type, int region, unsigned mask)
{
    return cell_at(type, region, std::countr_zero(mask));
}
int second_cell(int type, int region, unsigned mask)
{
    return first_cell(type, region, mask & (mask - 1));
}

/// The ways SE takes a region's places `places` for a digit as a strong link, in its order:
/// none (the region is no link), one, or two (a box whose four places make a rectangle, seen
/// as two rows and as two columns).
int link_options(int type, int region, unsigned places, std::array<Link, 2>& out)
{
    const int count = count_of(places);
    if (count < 2 || count > 6)
        return 0;
    Link link;
    link.type = type;
    link.region = region;
    if (count == 2) {
        // A plain link; two places of a box in one line are left to that line.
        link.end = {first_cell(type, region, places), second_cell(type, region, places)};
        if (type == box && same_line(link.end[0], link.end[1]))
            return 0;
        out[0] = link;
        return 1;
    }
    // More places: SE takes the first shape whose empty part holds none of them, and only
    // that one, so the region is no link when one of that shape's groups is empty.
    const int shapes = type == box ? 15 : 3;
    int shape = 0;
    for (; shape < shapes; ++shape) {
        if (shape > 8 && count < 4)
            continue;
        const Shape& s = type == box ? box_shapes[shape] : line_shapes[shape];
        if ((places & s.empty) == 0)
            break;
    }
    if (shape == shapes)
        return 0;
    const Shape& s = type == box ? box_shapes[shape] : line_shapes[shape];
    const unsigned blade1 = places & s.blade1, blade2 = places & s.blade2;
    if (blade1 == 0 || blade2 == 0)
        return 0;
    link.grouped = true;
    const int count1 = count_of(blade1), count2 = count_of(blade2);
    if (count1 == 1 || count2 == 1) {
        // The single cell is one end; the other end is the group, which in a box is the
        // heart's line (the heart cell is its support) and in a line its segment. With two
        // single cells (a box whose heart holds the digit too) SE keeps blade 2's cell. (A
        // box's single cell comes only with a heart shape: a two-line shape with one would
        // have been a heart shape first.)
        const unsigned single = count2 == 1 ? blade2 : blade1;
        const unsigned group = count2 == 1 ? blade1 : blade2;
        link.end = {first_cell(type, region, single), first_cell(type, region, group)};
        link.support[1] =
            type == box ? cell_at(box, region, shape) : second_cell(type, region, group);
        out[0] = link;
        return 1;
    }
    link.end = {first_cell(type, region, blade1), first_cell(type, region, blade2)};
    link.support = {second_cell(type, region, blade1), second_cell(type, region, blade2)};
    out[0] = link;
    // A box's four places in two rows and two columns (a rectangle): SE also takes the
    // groups the other way, the first cells of both blades as one group.
    if (shape > 8 && count == 4 && same_line(link.support[0], link.support[1]) &&
        same_line(link.end[0], link.end[1])) {
        Link other = link;
        other.end = {first_cell(type, region, blade1), second_cell(type, region, blade1)};
        other.support = {first_cell(type, region, blade2), second_cell(type, region, blade2)};
        out[1] = other;
        return 2;
    }
    return 1;
}

/// Whether SE's digit string of `order` is at most that of its reverse.
bool lexically_first(const int* order, int size)
{
    for (int i = 0; i < size; ++i) {
        if (order[i] != order[size - 1 - i])
            return order[i] < order[size - 1 - i];
    }
    return true;
}

/// The orders of the links along the chain that SE tries: the permutations in the order of
/// Fuchs's "QuickPerm" (a countdown Heap's algorithm), keeping only one of each permutation
/// and its reverse.
std::vector<std::array<int, max_links>> chain_orders(int size)
{
    std::vector<std::array<int, max_links>> orders;
    std::array<int, max_links> q{};
    std::array<int, max_links + 1> weight{};
    for (int s = 0; s <= size; ++s) {
        if (s < size)
            q[s] = s;
        weight[s] = s;
    }
    if (lexically_first(q.data(), size))
        orders.push_back(q);
    int s = 1;
    while (s < size) {
        --weight[s];
        const int t = s % 2 * weight[s];
        std::swap(q[t], q[s]);
        if (lexically_first(q.data(), size))
            orders.push_back(q);
        s = 1;
        while (weight[s] == 0) {
            weight[s] = s;
            ++s;
        }
    }
    return orders;
}

/// chain_orders of each size, made once (when first asked for: the larger sizes have many).
const std::vector<std::array<int, max_links>>& orders_of(int size)
{
    static std::array<std::vector<std::array<int, max_links>>, max_links + 1> made;
    static std::array<std::once_flag, max_links + 1> once;
    const auto n = static_cast<std::size_t>(size);
    std::call_once(once[n], [&] { made[n] = chain_orders(size); });
    return made[n];
}

/// SE's suffix of a chain whose links are of `types` (box 0, row 1, column 2) in chain order:
/// the number of grouped links, then the types read from the end whose digit string is
/// smaller, where rows and columns are told apart only when rows are in it ("1" and "2"),
/// as the smaller of that string and the one with rows and columns swapped.
std::string suffix_of(const int* chain_types, int size, int grouped)
{
    std::array<int, max_links> types{};
    for (int i = 0; i < size; ++i)
        types[i] = chain_types[i];
    if (!lexically_first(types.data(), size))
        for (int i = 0; i < size / 2; ++i)
            std::swap(types[i], types[size - 1 - i]);
    std::string original, lines, swapped, swapped_reverse;
    bool has_row = false;
    for (int i = 0; i < size; ++i) {
        const int type = types[i];
        const char swap = type == row ? '2' : type == column ? '1' : '0';
        has_row = has_row || type == row;
        original += static_cast<char>('0' + type);
        lines += type == column ? '1' : static_cast<char>('0' + type);
        swapped += swap;
        swapped_reverse.insert(swapped_reverse.begin(), swap);
    }
    const std::string& least_swapped = std::min(swapped, swapped_reverse);
    const std::string& name = has_row ? std::min(original, least_swapped) : lines;
    return std::to_string(grouped) + name;
}

constexpr double base_ratings[] = {0, 4.2, 5.4, 5.8, 6.2, 6.6, 7.0, 7.4};

/// A link with what the search asks of it again and again: the regions holding each end (as
/// holding_regions, with its support), the cells that see each end, the cells of its region
/// and of its places.
struct ReadyLink {
    Link link;
    std::array<std::uint32_t, 2> holding{};
    std::array<Cells, 2> seen{};
    Cells region, places;
};

ReadyLink ready(const Link& link, Cells places)
{
    ReadyLink out;
    out.link = link;
    out.region = region_cells[link.type][link.region];
    out.places = places;
    for (int e = 0; e < 2; ++e) {
        out.holding[e] = holding_regions(link.end[e]);
        out.seen[e] = peers[link.end[e]];
        if (link.support[e] >= 0) {
            out.holding[e] &= holding_regions(link.support[e]);
            out.seen[e] &= peers[link.support[e]];
        }
    }
    return out;
}

/// One digit's links in the order the search takes them (by type, region, then SE's order of
/// a region's links: at most 27 * 2), and for each, as bit masks over that order, the links
/// whose places are apart from its places and the links it can be joined to (an end of each in
/// a common region), and for each two links, which of their ends lie in a common region
/// (`junctions`: bit 2 * x + y for the first one's end x and the second one's end y).
struct DigitLinks {
    std::vector<ReadyLink> links;
    std::vector<std::uint64_t> apart, joins;
    std::vector<std::uint8_t> junctions; ///< [first * links + second]

    [[nodiscard]] unsigned junctions_of(int first, int second) const
    {
        return junctions[static_cast<std::size_t>(first) * links.size() +
                         static_cast<std::size_t>(second)];
    }
};

/// Fills `out` with the links of `digit` (in place: its tables keep their memory).
void links_of(const SeTechniques& state, int digit, DigitLinks& out)
{
    out.links.clear();
    for (int type = 0; type < 3; ++type) {
        for (int region = 0; region < 9; ++region) {
            const unsigned places = state.positions(type, region, digit);
            if (count_of(places) < 2)
                continue; // no link
            std::array<Link, 2> options;
            const int count = link_options(type, region, places, options);
            Cells cells;
            for (unsigned m = places; count > 0 && m != 0; m &= m - 1)
                cells.add(cell_at(type, region, std::countr_zero(m)));
            for (int k = 0; k < count; ++k)
                out.links.push_back(ready(options[k], cells));
        }
    }
    const std::size_t n = out.links.size();
    out.apart.assign(n, 0);
    out.joins.assign(n, 0);
    out.junctions.assign(n * n, 0);
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j <= i; ++j) {
            const ReadyLink& a = out.links[i];
            const ReadyLink& b = out.links[j];
            if (!(a.places & b.places).any()) {
                out.apart[i] |= std::uint64_t{1} << j;
                out.apart[j] |= std::uint64_t{1} << i;
            }
            if (((a.holding[0] | a.holding[1]) & (b.holding[0] | b.holding[1])) == 0)
                continue; // (no end of one shares a region with an end of the other)
            out.joins[i] |= std::uint64_t{1} << j;
            out.joins[j] |= std::uint64_t{1} << i;
            unsigned found = 0, mirrored = 0;
            for (int x = 0; x < 2; ++x)
                for (int y = 0; y < 2; ++y)
                    if ((a.holding[x] & b.holding[y]) != 0) {
                        found |= 1u << (2 * x + y);
                        mirrored |= 1u << (2 * y + x);
                    }
            out.junctions[i * n + j] = static_cast<std::uint8_t>(found);
            out.junctions[j * n + i] = static_cast<std::uint8_t>(mirrored);
        }
}

/// Where SE's search meets a set of links: by their types (as a multiset, in increasing
/// order: 000, 001, 002, 011, ...), then digit, then their numbers in the digit's order.
struct SearchPlace {
    std::array<int, max_links> types{};
    int digit = 0;
    std::array<int, max_links> index{};

    /// Whether SE's search meets this set before `other` (of the same size).
    [[nodiscard]] bool before(const SearchPlace& other, int size) const
    {
        for (int k = 0; k < size; ++k)
            if (types[k] != other.types[k])
                return types[k] < other.types[k];
        if (digit != other.digit)
            return digit < other.digit;
        for (int k = 0; k < size; ++k)
            if (index[k] != other.index[k])
                return index[k] < other.index[k];
        return false;
    }
};

/// A chain found: its links, in chain order, each with the end it is entered at; the cells
/// it rules the digit out of; SE's sort key, and where SE's search met its links.
struct Chain {
    int digit = 0;
    std::array<Link, max_links> links{};
    std::array<int, max_links> entry{};
    Cells removed;
    double rating = 0;
    int eliminations = 0, grouped = 0;
    std::string suffix;
    SearchPlace place;
};

/// SE's search for chains of `size` strong links on one digit: every set of link types (box,
/// row, column; as a multiset, in increasing order), every digit, every choice of regions
/// (in increasing order for links of the same type) whose places for the digit are apart,
/// every order of the links along the chain and every direction of each link. SE sorts all
/// the eliminating chains found by rating, then by eliminations (more first), then by suffix,
/// keeping the order found among equals: the first least one is the step.
///
/// This search meets the same sets of links digit by digit instead, each set once, in the
/// digit's order of links (for one set of types, that is the order SE meets them in).
/// The orders and directions of a set are tried as SE tries them, and between equals from
/// different sets the one SE meets first (SearchPlace) is kept: only that one becomes a step.
class StrongLinkSearch {
public:
    /// Over the digits `searched` ([digit - 1]).
    StrongLinkSearch(const SeTechniques& state, int size, const std::array<bool, 9>& searched)
        : state_(state), size_(size), orders_(orders_of(size)), searched_(searched)
    {
    }

    std::optional<SeStep> run()
    {
        for (digit_ = 1; digit_ <= 9; ++digit_) {
            if (!searched_[digit_ - 1])
                continue;
            links_of(state_, digit_, digit_links_);
            digit_cells_ = state_.cells_of(digit_);
            const std::size_t n = digit_links_.links.size();
            if (n >= static_cast<std::size_t>(size_)) // (n <= 27 * 2)
                build(0, (std::uint64_t{1} << n) - 1, 0);
        }
        return best_ ? std::optional<SeStep>(step_of(*best_)) : std::nullopt;
    }

private:
    /// Picks the link at `depth` among `allowed` (those after the links before it and apart
    /// from them); the last one among those that can be joined to one before it (`joined`),
    /// as in a chain every link is joined to another.
    void build(int depth, std::uint64_t allowed, std::uint64_t joined)
    {
        const DigitLinks& digit_links = digit_links_;
        std::uint64_t choices = allowed;
        if (depth > 0 && depth + 1 == size_) {
            choices &= joined;
            // A link joined to none of the others so far can only be joined to the last one.
            std::uint64_t chosen = 0;
            for (int k = 0; k < depth; ++k)
                chosen |= std::uint64_t{1} << index_[k];
            for (int k = 0; k < depth; ++k) {
                const std::uint64_t joins = digit_links.joins[index_[k]];
                if ((joins & chosen & ~(std::uint64_t{1} << index_[k])) == 0)
                    choices &= joins;
            }
        }
        for (; choices != 0; choices &= choices - 1) {
            const int k = std::countr_zero(choices);
            links_[depth] = &digit_links.links[static_cast<std::size_t>(k)];
            index_[depth] = k;
            // (the links after this one: k + 1 <= 54)
            if (depth + 1 < size_)
                build(depth + 1,
                      allowed & digit_links.apart[static_cast<std::size_t>(k)] &
                          ~((std::uint64_t{2} << k) - 1),
                      joined | digit_links.joins[static_cast<std::size_t>(k)]);
            else
                chains();
        }
    }

    /// Tries each order of the links found and each direction of each link.
    void chains()
    {
        Cells covered; // the links' regions, where nothing goes
        int grouped = 0;
        bool has_box = false, has_row = false, has_column = false;
        for (int k = 0; k < size_; ++k) {
            covered |= links_[k]->region;
            grouped += links_[k]->link.grouped ? 1 : 0;
            has_box = has_box || links_[k]->link.type == box;
            has_row = has_row || links_[k]->link.type == row;
            has_column = has_column || links_[k]->link.type == column;
        }
        // SE's number: from the links' types and how many are grouped.
        const double base = base_ratings[size_ - 1];
        const double rating = grouped > 0             ? base + 0.3
                              : has_box               ? base + 0.1
                              : has_row && has_column ? base + 0.2
                                                      : base;
        if (best_ && rating > best_->rating)
            return; // no chain of these links can come before the best one
        // The victims see an end of the first link and one of the last: they are seen from
        // two of the links.
        Cells once, twice;
        for (int k = 0; k < size_; ++k) {
            const Cells seen = links_[k]->seen[0] | links_[k]->seen[1];
            twice |= once & seen;
            once |= seen;
        }
        if (!((digit_cells_ - covered) & twice).any())
            return;
        for (const auto& order : orders_) {
            // Each weak link needs a region holding an end of each of its two links.
            bool joined = true;
            for (int w = 0; w + 1 < size_ && joined; ++w) {
                joints_[w] = digit_links_.junctions_of(index_[order[w]], index_[order[w + 1]]);
                joined = joints_[w] != 0;
            }
            if (joined) {
                std::array<int, max_links> entry{};
                directions(order, 0, entry, covered, grouped, rating);
            }
        }
    }

    /// Tries each direction of the links from the one at `k` of `order` on, the earlier ones
    /// entered at their ends `entry`: in SE's order (the first link's direction most
    /// significant), and only where each link's exit and the next one's entry can be joined.
    void directions(const std::array<int, max_links>& order, int k,
                    std::array<int, max_links>& entry, Cells covered, int grouped, double rating)
    {
        if (k == size_) {
            chain(order, entry, covered, grouped, rating);
            return;
        }
        for (int e = 0; e < 2; ++e) {
            if (k > 0 && (joints_[k - 1] >> (2 * (1 - entry[k - 1]) + e) & 1) == 0)
                continue;
            entry[k] = e;
            directions(order, k + 1, entry, covered, grouped, rating);
        }
    }

    void chain(const std::array<int, max_links>& order, const std::array<int, max_links>& entry,
               Cells covered, int grouped, double rating)
    {
        for (int w = 0; w + 1 < size_; ++w) {
            const ReadyLink& a = *links_[order[w]];
            const ReadyLink& b = *links_[order[w + 1]];
            const std::uint32_t common = a.holding[1 - entry[w]] & b.holding[entry[w + 1]];
            const auto [type, region] = held_region(std::countr_zero(common));
            covered |= region_cells[type][region];
        }
        // The victims see both ends (and the supports of grouped ends), outside the links'
        // regions and the shared regions.
        const ReadyLink& first = *links_[order[0]];
        const ReadyLink& last = *links_[order[size_ - 1]];
        const Cells removed =
            (digit_cells_ & first.seen[entry[0]] & last.seen[1 - entry[size_ - 1]]) - covered;
        if (!removed.any())
            return;
        const int eliminations = removed.count();
        if (best_ && rating == best_->rating && eliminations < best_->eliminations)
            return;
        std::array<int, max_links> chain_types{};
        for (int k = 0; k < size_; ++k)
            chain_types[k] = links_[order[k]]->link.type;
        std::string suffix = suffix_of(chain_types.data(), size_, grouped);
        SearchPlace place;
        for (int k = 0; k < size_; ++k) {
            place.types[k] = links_[k]->link.type;
            place.index[k] = index_[k];
        }
        place.digit = digit_;
        if (best_ && rating == best_->rating && eliminations == best_->eliminations &&
            (best_->suffix < suffix ||
             (suffix == best_->suffix && !place.before(best_->place, size_))))
            return;
        if (!best_)
            best_.emplace();
        Chain& c = *best_;
        c.place = place;
        c.digit = digit_;
        for (int k = 0; k < size_; ++k) {
            c.links[k] = links_[order[k]]->link;
            c.entry[k] = entry[k];
        }
        c.removed = removed;
        c.rating = rating;
        c.eliminations = eliminations;
        c.grouped = grouped;
        c.suffix = std::move(suffix);
    }

    /// The step of chain `c`, with SE's name.
    [[nodiscard]] SeStep step_of(const Chain& c) const
    {
        const std::string& suffix = c.suffix;
        std::string name = std::to_string(size_);
        if (suffix.find('0', 1) != std::string::npos)
            name += " Strong links (including blocks)";
        else if (suffix.find('2', 1) != std::string::npos)
            name += "-String Kite";
        else
            name += " Skyscrapers";
        name += " " + suffix;
        if (c.grouped > 0)
            name += " (Using " + std::to_string(c.grouped) + " grouped strong link" +
                    (c.grouped > 1 ? "s" : "") + ")";
        SeStep step;
        step.technique = SeTechnique::strong_links;
        step.name = std::move(name);
        step.rating = c.rating;
        c.removed.each([&](int cell) { step.removed.emplace_back(cell, bit(c.digit)); });
        step.cells.push_back(c.links[0].end[c.entry[0]]);
        for (int w = 0; w + 1 < size_; ++w) {
            step.cells.push_back(c.links[w].end[1 - c.entry[w]]);
            step.cells.push_back(c.links[w + 1].end[c.entry[w + 1]]);
        }
        step.cells.push_back(c.links[size_ - 1].end[1 - c.entry[size_ - 1]]);
        return step;
    }

    const SeTechniques& state_;
    int size_;
    const std::vector<std::array<int, max_links>>& orders_;
    std::array<bool, 9> searched_; // [digit - 1]
    int digit_ = 1;
    DigitLinks digit_links_; // the links of digit_
    Cells digit_cells_;
    std::array<const ReadyLink*, max_links> links_{};
    std::array<int, max_links> index_{};       // the links' numbers in their digit's order
    std::array<unsigned, max_links> joints_{}; // junctions_of() the links along the chain
    std::optional<Chain> best_;
};

} // namespace

// 5.4-5.7: three strong links (SE's default; it has 4, 5 and 6 too, off by default).
std::optional<SeStep> SeTechniques::strong_links() const
{
    thread_local FoundNothing nothing; // (of chains of three: the only size used)
    const std::array<bool, 9> searched = digits_to_search(nothing);
    auto step = StrongLinkSearch(*this, 3, searched).run();
    if (!step) // (only then was every chain looked at: the best one found prunes the rest)
        remember_searched(nothing, searched);
    return step;
}

} // namespace sudoku::se
