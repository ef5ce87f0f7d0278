// SE's strong links (its producer StrongLinks(3), 5.4-5.7): a chain of three strong links on
// one digit, each in a box, a row or a column, joined end to end by two weak links (each pair
// of joined ends sees each other in a shared region). One end of the chain or the other holds
// the digit, so it goes from every cell that sees both ends. A link may be grouped: a line
// whose places for the digit lie in two boxes, or a box whose places lie in two rows or two
// columns, or in one row and one column (an "empty rectangle"). See se_techniques.hpp.
#include "se_techniques.hpp"

#include <algorithm>
#include <array>
#include <bitset>
#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

namespace sudoku::se {

namespace {

constexpr int max_links = 8;

using CellSet = std::bitset<81>;

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

/// The region of cells `a` and `b` (each with its support, if any) in which they see each
/// other: the column, else the row, else the box holding all of them.
std::optional<std::pair<int, int>> shared_region(int a, int a_support, int b, int b_support)
{
    for (const int type : {column, row, box}) {
        const int region = region_of(type, a);
        if (region_of(type, b) == region &&
            (a_support < 0 || region_of(type, a_support) == region) &&
            (b_support < 0 || region_of(type, b_support) == region))
            return std::pair{type, region};
    }
    return std::nullopt;
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

/// SE's search for chains of `size` strong links on one digit: every set of link types (box,
/// row, column; as a multiset, in increasing order), every digit, every choice of regions
/// (in increasing order for links of the same type) whose places for the digit are apart,
/// every order of the links along the chain and every direction of each link. SE sorts all
/// the eliminating chains found by rating, then by eliminations (more first), then by suffix,
/// keeping the order found among equals: the first least one is the step.
class StrongLinkSearch {
public:
    StrongLinkSearch(const SeTechniques& state, int size)
        : state_(state), size_(size), orders_(chain_orders(size))
    {
    }

    std::optional<SeStep> run()
    {
        std::array<int, max_links> types{};
        // The multisets of types in increasing order: 000, 001, 002, 011, 012, ...
        for (;;) {
            types_ = types;
            for (digit_ = 1; digit_ <= 9; ++digit_)
                build(0, 0);
            int i = size_ - 1;
            while (i >= 0 && types[i] == 2)
                --i;
            if (i < 0)
                break;
            ++types[i];
            for (int k = i + 1; k < size_; ++k)
                types[k] = types[i];
        }
        return best_;
    }

private:
    /// Picks the link at `depth`, `previous` being the region of the link before it.
    void build(int depth, int previous)
    {
        const int type = types_[depth];
        const int from = depth > 0 && types_[depth - 1] == type ? previous + 1 : 0;
        for (int region = from; region < 9; ++region) {
            const unsigned places = state_.positions(type, region, digit_);
            std::array<Link, 2> options;
            const int count = link_options(type, region, places, options);
            if (count == 0)
                continue;
            CellSet cells;
            for (unsigned m = places; m != 0; m &= m - 1)
                cells.set(static_cast<std::size_t>(cell_at(type, region, std::countr_zero(m))));
            if ((cells & used_).any())
                continue; // the links' places must be apart
            used_ |= cells;
            for (int k = 0; k < count; ++k) {
                links_[depth] = options[k];
                if (depth + 1 < size_)
                    build(depth + 1, region);
                else
                    chains();
            }
            used_ &= ~cells;
        }
    }

    /// Tries each order of the links found and each direction of each link.
    void chains()
    {
        for (const auto& order : orders_)
            for (unsigned directions = 0; directions < (1u << size_); ++directions) {
                // Link k is entered at its end `entry[k]` (the first link's is most significant).
                std::array<int, max_links> entry{};
                for (int k = 0; k < size_; ++k)
                    entry[k] = static_cast<int>(directions >> (size_ - 1 - k)) & 1;
                chain(order, entry);
            }
    }

    void chain(const std::array<int, max_links>& order, const std::array<int, max_links>& entry)
    {
        std::array<std::pair<int, int>, max_links> shared{};
        for (int w = 0; w + 1 < size_; ++w) {
            const Link& a = links_[order[w]];
            const Link& b = links_[order[w + 1]];
            const int out = 1 - entry[w], in = entry[w + 1];
            const auto region = shared_region(a.end[out], a.support[out], b.end[in], b.support[in]);
            if (!region)
                return;
            shared[w] = *region;
        }
        const Link& first = links_[order[0]];
        const Link& last = links_[order[size_ - 1]];
        const int start = first.end[entry[0]], start_support = first.support[entry[0]];
        const int end = last.end[1 - entry[size_ - 1]];
        const int end_support = last.support[1 - entry[size_ - 1]];
        // The victims see both ends (and the supports of grouped ends), outside the links'
        // regions and the shared regions.
        std::vector<std::pair<int, std::uint16_t>> removed;
        for (int cell = 0; cell < 81; ++cell) {
            if ((state_.candidates(cell) & bit(digit_)) == 0 || !sees(cell, start) ||
                !sees(cell, end) || (start_support >= 0 && !sees(cell, start_support)) ||
                (end_support >= 0 && !sees(cell, end_support)))
                continue;
            bool outside = true;
            for (int k = 0; k < size_ && outside; ++k)
                outside = !contains(links_[k].type, links_[k].region, cell);
            for (int w = 0; w + 1 < size_ && outside; ++w)
                outside = !contains(shared[w].first, shared[w].second, cell);
            if (outside)
                removed.emplace_back(cell, bit(digit_));
        }
        if (removed.empty())
            return;
        int grouped = 0;
        std::array<int, max_links> chain_types{};
        for (int k = 0; k < size_; ++k) {
            grouped += links_[k].grouped ? 1 : 0;
            chain_types[k] = links_[order[k]].type;
        }
        const std::string suffix = suffix_of(chain_types.data(), size_, grouped);
        const double base = base_ratings[size_ - 1];
        std::string name = std::to_string(size_);
        double rating = base;
        if (suffix.find('0', 1) != std::string::npos) {
            name += " Strong links (including blocks)";
            rating = base + 0.1;
        } else if (suffix.find('2', 1) != std::string::npos) {
            name += "-String Kite";
            rating = base + 0.2;
        } else {
            name += " Skyscrapers";
        }
        name += " " + suffix;
        if (grouped > 0) {
            rating = base + 0.3;
            name += " (Using " + std::to_string(grouped) + " grouped strong link" +
                    (grouped > 1 ? "s" : "") + ")";
        }
        const int eliminations = static_cast<int>(removed.size());
        if (best_ && !(rating < best_->rating ||
                       (rating == best_->rating &&
                        (eliminations > best_eliminations_ ||
                         (eliminations == best_eliminations_ && suffix < best_suffix_)))))
            return;
        SeStep step;
        step.technique = SeTechnique::strong_links;
        step.name = std::move(name);
        step.rating = rating;
        step.removed = std::move(removed);
        step.cells.push_back(start);
        for (int w = 0; w + 1 < size_; ++w) {
            step.cells.push_back(links_[order[w]].end[1 - entry[w]]);
            step.cells.push_back(links_[order[w + 1]].end[entry[w + 1]]);
        }
        step.cells.push_back(end);
        best_ = std::move(step);
        best_eliminations_ = eliminations;
        best_suffix_ = suffix;
    }

    const SeTechniques& state_;
    int size_;
    std::vector<std::array<int, max_links>> orders_;
    std::array<int, max_links> types_{};
    int digit_ = 1;
    std::array<Link, max_links> links_{};
    CellSet used_;
    std::optional<SeStep> best_;
    int best_eliminations_ = 0;
    std::string best_suffix_;
};

} // namespace

// 5.4-5.7: three strong links (SE's default; it has 4, 5 and 6 too, off by default).
std::optional<SeStep> SeTechniques::strong_links() const
{
    return StrongLinkSearch(*this, 3).run();
}

} // namespace sudoku::se
