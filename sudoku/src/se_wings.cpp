// SE's wings and its aligned pair exclusion: XY-wing and XYZ-wing (a pivot and two bivalue
// pincers), WXYZ-wing and VWXYZ-wing (an almost locked set of three or four cells and a
// bivalue cell, SE's "ALS-XZ with a bivalue cell", singly or doubly linked) and SE's own
// aligned pair exclusion. See se_techniques.hpp.
#include "se_techniques.hpp"

#include <algorithm>
#include <cstdlib>
#include <string>
#include <utility>

namespace sudoku::se {

namespace {

// The digits ruled out of each cell, listed cell by cell in the step.
struct Removals {
    std::uint16_t out[Grid::cells] = {};
    int total = 0; // (cell, digit) pairs

    void add(int cell, int digit)
    {
        out[cell] = static_cast<std::uint16_t>(out[cell] | bit(digit));
        ++total;
    }
    void into(SeStep& step) const
    {
        for (int cell = 0; cell < Grid::cells; ++cell)
            if (out[cell] != 0)
                step.removed.emplace_back(cell, out[cell]);
    }
};

// A WXYZ-wing (three cells) or VWXYZ-wing (four): `size` cells that see one another and hold
// size + 1 digits between them (an almost locked set), and a bivalue cell "yz" whose two digits
// are among them. A digit of yz is a link when yz sees every cell of the set that holds it.
// With one link x, the other digit z goes from the cells that see yz and the set's z cells;
// with two (doubly linked), the set's other digits go from the cells that see all the set's
// cells that hold them, and each of x and z from the cells that see yz and its set cells.
class AlsWing {
public:
    AlsWing(const SeTechniques& find, int size) : find_(find), size_(size) {}

    // SE collects every wing and takes the first in the order: rating up, eliminations
    // down, then the suffix, as a string, down; keeping the first of the best is the same.
    //
    // SE's sets are its cells from 0 to 80, each next one after the last and seeing all those
    // before. Cells that see one another lie in one region (a row, a column or a box), so the
    // sets are taken region by region here, each once (a set inside a box and a line is left
    // to the line), in another order than SE's: where two wings tie on all SE sorts by, the
    // one SE meets first (its cells in order, then yz) is kept.
    //
    // A region whose wings ruled nothing out is kept with what they read: its open cells and
    // the bivalue cells that see one (the yz cells they may take). While those stay the same,
    // its wings are the same, and the cells they would rule digits out of have only lost
    // candidates since: they rule nothing out again.
    std::optional<SeStep> first()
    {
        thread_local FoundNothingIn<27> nothing_in_by_size[2]; // [size - 3], [type * 9 + region]
        auto& nothing_in = nothing_in_by_size[size_ - 3];
        nothing_in.see(find_);
        for (const int type : {row, column, box})
            for (int region = 0; region < 9; ++region) {
                house_type_ = type;
                open_ = 0;
                Cells open, near;
                for (int p = 0; p < 9; ++p) {
                    const int cell = cell_at(type, region, p);
                    if (find_.open_cells().has(cell)) {
                        house_[open_] = cell;
                        marks_[open_++] = find_.candidates(cell);
                        open.add(cell);
                        near |= peers[static_cast<std::size_t>(cell)];
                    }
                }
                const auto part = static_cast<std::size_t>(type * 9 + region);
                const Cells pincers = find_.bivalue_cells() & near;
                if (nothing_in.known(part, open | pincers, pincers))
                    continue;
                found_ = false;
                choose(0, 0, 0);
                if (!found_)
                    nothing_in.keep(part, open | pincers, pincers);
            }
        return std::move(best_);
    }

private:
    static constexpr int most_cells = 4; // VWXYZ's set

    struct Wing {
        unsigned together = 0;          // the set's digits
        int cells[most_cells + 1] = {}; // the set's cells, then yz
        Cells set;                      // the set's cells
    };

    // Adds the set's cell number `depth` from the region's open cells `from` on (in order, so
    // the set's cells are in order too), the digits so far at most size + 1, and exactly that
    // with the last cell.
    void choose(int depth, int from, unsigned together)
    {
        if (depth >= most_cells)
            return; // never (size_ is 3 or 4), but GCC's array-bounds check cannot see it
        const int digits = size_ + 1;
        for (int i = from; i <= open_ - (size_ - depth); ++i) {
            const unsigned now = together | marks_[i];
            const int count = count_of(now);
            if (count > digits || (depth == size_ - 1 && count != digits))
                continue;
            wing_.cells[depth] = house_[i];
            if (depth < size_ - 1) {
                choose(depth + 1, i + 1, now);
                continue;
            }
            if (house_type_ == box && in_one_line())
                continue; // (met in that line)
            wing_.together = now;
            wing_.set = Cells{};
            for (int k = 0; k < size_; ++k)
                wing_.set.add(wing_.cells[k]);
            pincers();
        }
    }

    // Whether the set's cells lie in one row or one column.
    [[nodiscard]] bool in_one_line() const
    {
        bool one_row = true, one_column = true;
        for (int k = 1; k < size_; ++k) {
            one_row = one_row && wing_.cells[k] / 9 == wing_.cells[0] / 9;
            one_column = one_column && wing_.cells[k] % 9 == wing_.cells[0] % 9;
        }
        return one_row || one_column;
    }

    // Whether SE meets this wing (set and yz) before the best so far.
    [[nodiscard]] bool met_before_best() const
    {
        return std::lexicographical_compare(wing_.cells, wing_.cells + size_ + 1, best_cells_,
                                            best_cells_ + size_ + 1);
    }

    // The bivalue cells outside the set that see one of its cells, from 0 to 80.
    void pincers()
    {
        Cells near;
        for (int k = 0; k < size_; ++k)
            near |= peers[wing_.cells[k]];
        for (Cells m = (find_.bivalue_cells() & near) - wing_.set; m.any();) {
            const int yz = m.pop();
            const std::uint16_t two = find_.candidates(yz);
            if ((two & ~wing_.together) != 0)
                continue;
            wing_.cells[size_] = yz;
            const int x = std::countr_zero(two) + 1, z = 16 - std::countl_zero(two);
            const bool x_links = links(x), z_links = links(z);
            if (x_links)
                consider(x, z, z_links);
            else if (z_links)
                consider(z, x, false);
        }
    }

    // The cells that see all the set's cells that hold `digit`.
    [[nodiscard]] Cells seeing(int digit) const
    {
        Cells all = Cells::every();
        for (int k = 0; k < size_; ++k)
            if (find_.candidates(wing_.cells[k]) & bit(digit))
                all &= peers[wing_.cells[k]];
        return all;
    }

    // Whether yz sees every cell of the set that holds `digit`.
    [[nodiscard]] bool links(int digit) const { return seeing(digit).has(wing_.cells[size_]); }

    // Rules `digit` out of the cells outside the wing that see all the set's cells holding
    // it, and yz too when `with_yz`; returns whether it ruled any out.
    bool rule_out(int digit, bool with_yz, Removals& removals) const
    {
        Cells out =
            (find_.cells_of(digit) & seeing(digit)) - wing_.set - Cells::of(wing_.cells[size_]);
        if (with_yz)
            out &= peers[wing_.cells[size_]];
        out.each([&](int cell) { removals.add(cell, digit); });
        return out.any();
    }

    // The wing with link `x` and `z` ruled out; `both`: z is a link too.
    void consider(int x, int z, bool both)
    {
        int largest = 0, wing_size = 0;
        for (int k = 0; k < size_; ++k) {
            const int count = count_of(find_.candidates(wing_.cells[k]));
            largest = std::max(largest, count);
            wing_size += count;
        }
        // SE's formula: the base, plus a tenth less for each candidate the largest cell is
        // away from three.
        const int digits = size_ + 1;
        const double rating =
            (size_ == 3 ? 5.5 : 6.2) + ((digits - 3) - std::abs(3 - largest)) * 0.1;
        if (best_ && rating > best_->rating) {
            found_ = true; // (it may rule something out)
            return;        // it would come after the best wing so far
        }
        Removals removals;
        bool weak = false, strong_x = false;
        if (both) {
            const unsigned yz = find_.candidates(wing_.cells[size_]);
            for (unsigned m = wing_.together & ~yz; m != 0; m &= m - 1)
                weak = rule_out(std::countr_zero(m) + 1, false, removals) || weak;
            strong_x = rule_out(x, true, removals);
        }
        const bool strong_z = rule_out(z, true, removals);
        found_ = found_ || removals.total != 0;
        if (removals.total == 0 ||
            (best_ && rating == best_->rating && removals.total < best_total_))
            return;
        // SE names a doubly linked wing so only where the set's other digits go somewhere,
        // or both x and z do.
        const bool doubly = both && (weak || (strong_x && strong_z));
        const std::string suffix =
            std::to_string(doubly ? 2 : 1) + std::to_string(largest) + std::to_string(wing_size);
        if (best_ && rating == best_->rating && removals.total == best_total_ &&
            (suffix < best_suffix_ || (suffix == best_suffix_ && !met_before_best())))
            return;
        auto step = elimination(size_ == 3 ? SeTechnique::wxyz_wing : SeTechnique::vwxyz_wing,
                                (size_ == 3 ? "WXYZ-Wing " : "VWXYZ-Wing ") + suffix, rating);
        removals.into(step);
        step.cells.assign(wing_.cells, wing_.cells + size_ + 1);
        best_ = std::move(step);
        best_total_ = removals.total;
        best_suffix_ = suffix;
        std::copy(wing_.cells, wing_.cells + size_ + 1, best_cells_);
    }

    const SeTechniques& find_;
    const int size_;
    // the region whose sets are taken: its type, open cells and their candidates
    int house_type_ = row, open_ = 0;
    int house_[9] = {};
    unsigned marks_[9] = {};
    Wing wing_;
    std::optional<SeStep> best_;
    bool found_ = false; ///< a wing of this region ruled something out (or may have)
    int best_total_ = 0;
    std::string best_suffix_;
    int best_cells_[most_cells + 1] = {}; // the best wing's set and yz
};

} // namespace

// 4.2 / 4.4: a pivot with two candidates (three for XYZ) from cell 0 to 80, then two
// bivalue cells it sees (each in cell order), xz sharing one digit with the pivot and the
// three holding three digits; z goes from the cells that see both pincers (and the pivot,
// for XYZ).
std::optional<SeStep> SeTechniques::xy_wing(bool xyz) const
{
    const int pivot_size = xyz ? 3 : 2;
    for (int xy = 0; xy < Grid::cells; ++xy) {
        const unsigned pivot = candidates(xy);
        if (count_of(pivot) != pivot_size)
            continue;
        // The pincers: the bivalue cells that see the pivot, in cell order.
        const Cells pincers = bivalue_cells() & peers[xy];
        for (Cells m = pincers; m.any();) {
            const int xz = m.pop();
            const unsigned first = candidates(xz);
            if (count_of(pivot & ~first) != 1)
                continue;
            for (Cells n = pincers; n.any();) {
                const int yz = n.pop();
                const unsigned second = candidates(yz);
                if (count_of(pivot | first | second) != 3 ||
                    count_of(pivot & first & second) != (xyz ? 1 : 0))
                    continue;
                const int z = std::countr_zero(first & second) + 1;
                Cells removed = cells_of(z) & peers[xz] & peers[yz];
                if (xyz)
                    removed &= peers[xy];
                removed -= Cells::of(xy) | Cells::of(xz) | Cells::of(yz);
                if (!removed.any())
                    continue;
                auto step = elimination(xyz ? SeTechnique::xyz_wing : SeTechnique::xy_wing,
                                        xyz ? "XYZ-Wing" : "XY-Wing", xyz ? 4.4 : 4.2);
                removed.each([&](int cell) { step.removed.emplace_back(cell, bit(z)); });
                step.cells = {xy, xz, yz};
                return step;
            }
        }
    }
    return std::nullopt;
}

// 5.5-5.6: a set of three cells.
std::optional<SeStep> SeTechniques::wxyz_wing() const { return AlsWing(*this, 3).first(); }

// 6.2-6.4: a set of four cells.
std::optional<SeStep> SeTechniques::vwxyz_wing() const { return AlsWing(*this, 4).first(); }

// 6.2: SE's own aligned pair exclusion. Base cells: from 0 to 80, those with two candidates
// or more, no peer down to one candidate and a bivalue peer. For each pair of them (in
// increasing order of their bit masks) with two common bivalue peers or more, a pair of
// digits for the two cells is ruled out when it is the same digit and the cells see each
// other, or when it holds both digits of a common bivalue peer; a digit of a base cell in no
// pair left goes.
std::optional<SeStep> SeTechniques::aligned_pair_exclusion() const
{
    Cells singles; // the empty cells down to one candidate
    for (int cell = 0; cell < Grid::cells; ++cell)
        if (count_of(candidates(cell)) == 1)
            singles.add(cell);
    Cells bases;
    std::array<Cells, Grid::cells> excluders; // each base cell's bivalue peers
    for (Cells m = open_cells(); m.any();) {
        const int cell = m.pop();
        const Cells found = peers[cell] & bivalue_cells();
        if ((peers[cell] & singles).any() || !found.any())
            continue;
        bases.add(cell);
        excluders[static_cast<std::size_t>(cell)] = found;
    }
    for (Cells seconds = bases; seconds.any();) {
        const int b = seconds.pop();
        const Cells& of_b = excluders[static_cast<std::size_t>(b)];
        // the base cells before b that share two excluders or more with it: those that see
        // two of its excluders
        for (Cells firsts = (seeing_two(of_b) & bases) - Cells::after(b - 1); firsts.any();) {
            const int a = firsts.pop();
            const Cells common = excluders[static_cast<std::size_t>(a)] & of_b;
            const std::uint16_t in_a = candidates(a), in_b = candidates(b);
            // A pair of digits is ruled out when it is a common excluder's two, or one digit
            // twice in cells that see each other: paired[d] holds the digits paired with d.
            std::array<unsigned, 10> paired{};
            for (Cells m = common; m.any();) {
                const unsigned two = candidates(m.pop());
                const int x = std::countr_zero(two) + 1, y = std::countr_zero(two & (two - 1)) + 1;
                paired[static_cast<std::size_t>(x)] |= bit(y);
                paired[static_cast<std::size_t>(y)] |= bit(x);
            }
            const bool same_unit = sees(a, b);
            // the digits of one cell that go with some digit of the other
            const auto allowed = [&](unsigned own, unsigned other) {
                std::uint16_t kept = 0;
                for (unsigned m = own; m != 0; m &= m - 1) {
                    const int d = std::countr_zero(m) + 1;
                    if ((other & ~paired[static_cast<std::size_t>(d)] &
                         ~(same_unit ? bit(d) : 0u)) != 0)
                        kept = static_cast<std::uint16_t>(kept | bit(d));
                }
                return kept;
            };
            const unsigned out_a = in_a & ~allowed(in_a, in_b), out_b = in_b & ~allowed(in_b, in_a);
            if (out_a == 0 && out_b == 0)
                continue;
            auto step =
                elimination(SeTechnique::aligned_pair_exclusion, "Aligned Pair Exclusion", 6.2);
            for (const auto& [cell, out] : {std::pair{a, out_a}, std::pair{b, out_b}})
                if (out != 0)
                    step.removed.emplace_back(cell, static_cast<std::uint16_t>(out));
            step.cells = {a, b};
            return step;
        }
    }
    return std::nullopt;
}

} // namespace sudoku::se
