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

bool member(const int* cells, int count, int cell)
{
    for (int k = 0; k < count; ++k)
        if (cells[k] == cell)
            return true;
    return false;
}

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
    std::optional<SeStep> first()
    {
        extend(0, 0);
        return std::move(best_);
    }

private:
    struct Wing {
        unsigned together = 0; // the set's digits
        int cells[5] = {};     // the set's cells, then yz
    };

    // Adds the set's cell number `depth` in SE's order: the first cell from 0 to 80, each
    // next one after the last, seeing all the cells before it; each with two candidates or
    // more, the digits so far at most size + 1, and exactly that with the last cell.
    void extend(int depth, unsigned together)
    {
        const int digits = size_ + 1;
        const int from = depth == 0 ? 0 : wing_.cells[depth - 1] + 1;
        for (int cell = from; cell < Grid::cells; ++cell) {
            const std::uint16_t here = find_.candidates(cell);
            if (count_of(here) < 2)
                continue;
            bool sees_all = true;
            for (int k = 0; k < depth && sees_all; ++k)
                sees_all = sees(cell, wing_.cells[k]);
            if (!sees_all)
                continue;
            const unsigned now = together | here;
            const int count = count_of(now);
            if (count > digits || (depth == size_ - 1 && count != digits))
                continue;
            wing_.cells[depth] = cell;
            if (depth == size_ - 1) {
                wing_.together = now;
                pincers();
            } else {
                extend(depth + 1, now);
            }
        }
    }

    // The bivalue cells outside the set that see one of its cells, from 0 to 80.
    void pincers()
    {
        for (int yz = 0; yz < Grid::cells; ++yz) {
            const std::uint16_t two = find_.candidates(yz);
            if (count_of(two) != 2 || (two & ~wing_.together) != 0 ||
                member(wing_.cells, size_, yz))
                continue;
            bool near = false;
            for (int k = 0; k < size_ && !near; ++k)
                near = sees(yz, wing_.cells[k]);
            if (!near)
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

    // Whether yz sees every cell of the set that holds `digit`.
    [[nodiscard]] bool links(int digit) const
    {
        for (int k = 0; k < size_; ++k)
            if ((find_.candidates(wing_.cells[k]) & bit(digit)) &&
                !sees(wing_.cells[size_], wing_.cells[k]))
                return false;
        return true;
    }

    // Rules `digit` out of the cells outside the wing that see all the set's cells holding
    // it, and yz too when `with_yz`; returns whether it ruled any out.
    bool rule_out(int digit, bool with_yz, Removals& removals) const
    {
        bool any = false;
        for (int cell = 0; cell < Grid::cells; ++cell) {
            if (!(find_.candidates(cell) & bit(digit)) || member(wing_.cells, size_ + 1, cell) ||
                (with_yz && !sees(cell, wing_.cells[size_])))
                continue;
            bool sees_all = true;
            for (int k = 0; k < size_ && sees_all; ++k)
                sees_all =
                    !(find_.candidates(wing_.cells[k]) & bit(digit)) || sees(cell, wing_.cells[k]);
            if (sees_all) {
                removals.add(cell, digit);
                any = true;
            }
        }
        return any;
    }

    // The wing with link `x` and `z` ruled out; `both`: z is a link too.
    void consider(int x, int z, bool both)
    {
        Removals removals;
        bool weak = false, strong_x = false;
        if (both) {
            const unsigned yz = find_.candidates(wing_.cells[size_]);
            for (unsigned m = wing_.together & ~yz; m != 0; m &= m - 1)
                weak = rule_out(std::countr_zero(m) + 1, false, removals) || weak;
            strong_x = rule_out(x, true, removals);
        }
        const bool strong_z = rule_out(z, true, removals);
        if (removals.total == 0)
            return;
        // SE names a doubly linked wing so only where the set's other digits go somewhere,
        // or both x and z do.
        const bool doubly = both && (weak || (strong_x && strong_z));
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
        const std::string suffix =
            std::to_string(doubly ? 2 : 1) + std::to_string(largest) + std::to_string(wing_size);
        if (best_) {
            if (rating > best_->rating ||
                (rating == best_->rating &&
                 (removals.total < best_total_ ||
                  (removals.total == best_total_ && suffix <= best_suffix_))))
                return;
        }
        auto step = elimination(size_ == 3 ? SeTechnique::wxyz_wing : SeTechnique::vwxyz_wing,
                                (size_ == 3 ? "WXYZ-Wing " : "VWXYZ-Wing ") + suffix, rating);
        removals.into(step);
        step.cells.assign(wing_.cells, wing_.cells + size_ + 1);
        best_ = std::move(step);
        best_total_ = removals.total;
        best_suffix_ = suffix;
    }

    const SeTechniques& find_;
    const int size_;
    Wing wing_;
    std::optional<SeStep> best_;
    int best_total_ = 0;
    std::string best_suffix_;
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
        for (int xz = 0; xz < Grid::cells; ++xz) {
            const unsigned first = candidates(xz);
            if (!sees(xy, xz) || count_of(first) != 2 || count_of(pivot & ~first) != 1)
                continue;
            for (int yz = 0; yz < Grid::cells; ++yz) {
                const unsigned second = candidates(yz);
                if (!sees(xy, yz) || count_of(second) != 2 ||
                    count_of(pivot | first | second) != 3 ||
                    count_of(pivot & first & second) != (xyz ? 1 : 0))
                    continue;
                const int z = std::countr_zero(first & second) + 1;
                auto step = elimination(xyz ? SeTechnique::xyz_wing : SeTechnique::xy_wing,
                                        xyz ? "XYZ-Wing" : "XY-Wing", xyz ? 4.4 : 4.2);
                for (int cell = 0; cell < Grid::cells; ++cell)
                    if ((candidates(cell) & bit(z)) && cell != xy && cell != xz && cell != yz &&
                        sees(cell, xz) && sees(cell, yz) && (!xyz || sees(cell, xy)))
                        step.removed.emplace_back(cell, bit(z));
                if (step.removed.empty())
                    continue;
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
    int base[Grid::cells];
    std::uint64_t excluders[Grid::cells][2] = {}; // bivalue peers: cells 0-63, 64-80
    int count = 0;
    for (int cell = 0; cell < Grid::cells; ++cell) {
        if (count_of(candidates(cell)) < 2)
            continue;
        bool single = false, any = false;
        std::uint64_t found[2] = {};
        for (int peer = 0; peer < Grid::cells; ++peer) {
            if (!sees(cell, peer))
                continue;
            const int n = count_of(candidates(peer));
            if (n == 1)
                single = true;
            else if (n == 2) {
                found[peer / 64] |= std::uint64_t{1} << (peer % 64);
                any = true;
            }
        }
        if (single || !any)
            continue;
        base[count] = cell;
        excluders[count][0] = found[0];
        excluders[count][1] = found[1];
        ++count;
    }
    for (int second = 1; second < count; ++second)
        for (int first = 0; first < second; ++first) {
            const std::uint64_t common[2] = {excluders[first][0] & excluders[second][0],
                                             excluders[first][1] & excluders[second][1]};
            if (std::popcount(common[0]) + std::popcount(common[1]) < 2)
                continue;
            const int a = base[first], b = base[second];
            const std::uint16_t in_a = candidates(a), in_b = candidates(b);
            std::uint16_t allowed_a = 0, allowed_b = 0; // digits in a pair left
            for (int da = 1; da <= 9; ++da) {
                if (!(in_a & bit(da)))
                    continue;
                for (int db = 1; db <= 9; ++db) {
                    if (!(in_b & bit(db)) || (da == db && sees(a, b)))
                        continue;
                    const auto pair = static_cast<std::uint16_t>(bit(da) | bit(db));
                    bool locked = false;
                    for (int cell = 0; cell < Grid::cells && !locked; ++cell)
                        locked = (common[cell / 64] >> (cell % 64) & 1) != 0 &&
                                 (candidates(cell) & ~pair) == 0;
                    if (locked)
                        continue;
                    allowed_a = static_cast<std::uint16_t>(allowed_a | bit(da));
                    allowed_b = static_cast<std::uint16_t>(allowed_b | bit(db));
                }
            }
            auto step =
                elimination(SeTechnique::aligned_pair_exclusion, "Aligned Pair Exclusion", 6.2);
            for (const auto& [cell, out] :
                 {std::pair{a, in_a & ~allowed_a}, std::pair{b, in_b & ~allowed_b}})
                if (out != 0)
                    step.removed.emplace_back(cell, static_cast<std::uint16_t>(out));
            if (step.removed.empty())
                continue;
            step.cells = {a, b};
            return step;
        }
    return std::nullopt;
}

} // namespace sudoku::se
