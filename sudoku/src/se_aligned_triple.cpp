// SE's aligned triplet exclusion (its AlignedExclusion with degree 3). See se_techniques.hpp.
#include "se_techniques.hpp"

#include <algorithm>
#include <vector>

namespace sudoku::se {

namespace {

// Excluders as digit masks: an excluder of two digits rules out the combinations that hold
// both, one of three the combinations of exactly its digits.
struct Excluders {
    std::array<std::uint16_t, 10> pairs{}; ///< [d]: the digits an excluder of two pairs with d
    std::array<std::array<std::uint16_t, 10>, 10> thirds{}; ///< [v][a]: see third()

    Excluders(const SeTechniques& grid, const Cells& cells)
    {
        cells.each([&](int cell) {
            const unsigned values = grid.candidates(cell);
            const unsigned upper = values & (values - 1); // (without the lowest digit)
            const int x = std::countr_zero(values) + 1, y = std::countr_zero(upper) + 1;
            if (count_of(values) == 2) {
                pairs[static_cast<std::size_t>(x)] |= static_cast<std::uint16_t>(bit(y));
                pairs[static_cast<std::size_t>(y)] |= static_cast<std::uint16_t>(bit(x));
                return;
            }
            const int z = std::countr_zero(upper & (upper - 1)) + 1;
            const auto add = [&](int v, int a, int third) {
                thirds[static_cast<std::size_t>(v)][static_cast<std::size_t>(a)] |= bit(third);
                thirds[static_cast<std::size_t>(a)][static_cast<std::size_t>(v)] |= bit(third);
            };
            add(x, y, z);
            add(x, z, y);
            add(y, z, x);
        });
    }
    [[nodiscard]] unsigned pairing(int d) const { return pairs[static_cast<std::size_t>(d)]; }
    /// The third digits that an excluder of three rules out with v and a (none if v = a).
    [[nodiscard]] unsigned third(int v, int a) const
    {
        return thirds[static_cast<std::size_t>(v)][static_cast<std::size_t>(a)];
    }
};

// The digits each of three cells keeps in some allowed combination (one digit per cell): one
// where no two cells that see each other share a digit and no common excluder has all its
// digits in it. For a digit v of the first cell and a digit a of the second that go together,
// the digits of the third that go with both are a mask: every allowed combination is met once.
std::array<unsigned, 3> allowed_digits(const int (&cells)[3], const std::array<unsigned, 3>& all,
                                       const Excluders& by)
{
    const bool see01 = sees(cells[0], cells[1]), see02 = sees(cells[0], cells[2]),
               see12 = sees(cells[1], cells[2]);
    std::array<unsigned, 3> allowed{};
    for (unsigned mv = all[0]; mv != 0; mv &= mv - 1) {
        const int v = std::countr_zero(mv) + 1;
        unsigned with_v = all[1] & ~by.pairing(v);
        if (see01)
            with_v &= ~bit(v);
        unsigned thirds = all[2] & ~by.pairing(v);
        if (see02)
            thirds &= ~bit(v);
        for (; with_v != 0; with_v &= with_v - 1) {
            const int a = std::countr_zero(with_v) + 1;
            unsigned with_both = thirds & ~by.pairing(a) & ~by.third(v, a);
            if (see12)
                with_both &= ~bit(a);
            if (with_both == 0)
                continue;
            allowed[0] |= bit(v);
            allowed[1] |= bit(a);
            allowed[2] |= with_both;
        }
    }
    return allowed;
}

// For two base cells, what a third cell's digits must be for the triplet to rule anything
// out, with every excluder the two share (a triplet's are among them) and the third cell
// taken to see both: a combination (v, a, b) is then ruled out when v = a and the two see
// each other, when a pairs with v, or when b is in S(v, a) = the digits paired with v or a,
// v and a themselves, and the third digits of excluders of three with v and a.
//   - v leaves the first cell only if the third cell's digits are all in S(v, a) for each
//     a of the second not ruled out with v alone (their meet: first[v]);
//   - a leaves the second likewise (second[a]);
//   - a digit w leaves the third cell only if it is in S(v, a) for each pair (v, a) not
//     ruled out alone (their meet: third).
// The first two ask the third cell's digits to lie within one of the meets, so within their
// union first (`within`: most third cells fail there).
struct PairBound {
    std::array<unsigned, 10> first{}, second{};
    unsigned first_digits, second_digits, third = 0x1ff, within = 0;

    PairBound(unsigned c0, unsigned c1, bool see01, const Excluders& by)
        : first_digits(c0), second_digits(c1)
    {
        first.fill(0x1ff);
        second.fill(0x1ff);
        for (unsigned mv = c0; mv != 0; mv &= mv - 1) {
            const int v = std::countr_zero(mv) + 1;
            for (unsigned ma = c1; ma != 0; ma &= ma - 1) {
                const int a = std::countr_zero(ma) + 1;
                if ((v == a && see01) || (by.pairing(v) & bit(a)) != 0)
                    continue;
                const unsigned s = by.pairing(v) | by.pairing(a) | bit(v) | bit(a) | by.third(v, a);
                first[static_cast<std::size_t>(v)] &= s;
                second[static_cast<std::size_t>(a)] &= s;
                third &= s;
            }
        }
        for (unsigned m = c0; m != 0; m &= m - 1)
            within |= first[static_cast<std::size_t>(std::countr_zero(m) + 1)];
        for (unsigned m = c1; m != 0; m &= m - 1)
            within |= second[static_cast<std::size_t>(std::countr_zero(m) + 1)];
    }
    /// Whether a triplet with a third cell of these digits may rule something out.
    [[nodiscard]] bool may_remove(unsigned c2) const
    {
        if ((third & c2) != 0)
            return true;
        if ((c2 & ~within) != 0)
            return false;
        for (unsigned m = first_digits; m != 0; m &= m - 1)
            if ((c2 & ~first[static_cast<std::size_t>(std::countr_zero(m) + 1)]) == 0)
                return true;
        for (unsigned m = second_digits; m != 0; m &= m - 1)
            if ((c2 & ~second[static_cast<std::size_t>(std::countr_zero(m) + 1)]) == 0)
                return true;
        return false;
    }
};

} // namespace

// 7.5: three cells, the first two any pair of base cells (cells of two candidates or more
// that see an excluder and no cell of one candidate), the third a base cell among the
// excluders of the first two. Each combination of their digits is ruled out when two cells
// that see each other share a digit, or when it takes all the candidates of a cell of two or
// three that all three see (two such cells at least are needed). A digit of a base cell in
// no combination left goes. The first triplet in SE's order that removes something is taken.
std::optional<SeStep> SeTechniques::aligned_triple_exclusion() const
{
    constexpr int degree = 3;
    const auto size_of = [&](int cell) { return count_of(candidates(cell)); };
    // the base cells in order, and the cells each one sees that may exclude: those of two or
    // three candidates
    std::vector<int> bases;
    std::array<Cells, 81> excluders{};
    Cells is_base, singles, small;
    for (int cell = 0; cell < 81; ++cell) {
        const int n = size_of(cell);
        if (n == 1)
            singles.add(cell);
        else if (n >= 2 && n <= degree)
            small.add(cell);
    }
    for (int cell = 0; cell < 81; ++cell) {
        const Cells& seen = peers[static_cast<std::size_t>(cell)];
        if (size_of(cell) < 2 || (seen & singles).any() || !(seen & small).any())
            continue;
        excluders[static_cast<std::size_t>(cell)] = seen & small;
        is_base.add(cell);
        bases.push_back(cell);
    }
    const auto count = static_cast<int>(bases.size());
    if (count < degree)
        return std::nullopt;
    // What the triplets of a pair of base cells read: the pair, its common excluders and the
    // third cells tried with it, those last two told apart (a cell can be either: whether it is
    // a base cell depends on its peers); which of them see which follows from where they lie.
    // The same cells in the same roles with the same candidates rule out the same, so a pair
    // whose triplets ruled out nothing is kept, by [cell1 * (cell1 - 1) / 2 + cell0] for
    // cell0 < cell1, and skipped while none of those cells changes: along a solving path, most
    // pairs keep theirs from one step to the next (68% of the pairs tried on the 1,903
    // reference puzzles).
    thread_local FoundNothingIn<81 * 80 / 2> nothing_from;
    nothing_from.see(*this);
    // (a pair's number in nothing_from, for cell0 < cell1)
    const auto pair_of = [](int cell0, int cell1) {
        return static_cast<std::size_t>(cell1 * (cell1 - 1) / 2 + cell0);
    };
    // (the pair's common excluders, and the third cells: base cells that see two of those at
    // least; those the first or the second sees are tried with it, in that order)
    const auto thirds_of = [&](int cell0, int cell1, Cells both) {
        return (seeing_two(both) & is_base) - Cells::of(cell0) - Cells::of(cell1);
    };
    const auto try_pair = [&](int cell0, int cell1, Cells both,
                              Cells thirds) -> std::optional<SeStep> {
        const Cells& of0 = excluders[static_cast<std::size_t>(cell0)];
        const Cells& of1 = excluders[static_cast<std::size_t>(cell1)];
        const Cells in_first = thirds & of0;
        const std::size_t pair = pair_of(cell0, cell1);
        const Cells tried = thirds & (of0 | of1);
        const Cells read = Cells::of(cell0) | Cells::of(cell1) | both | tried;
        if (nothing_from.known(pair, read, tried))
            return std::nullopt;
        int twin_area[81];
        int size = 0;
        in_first.each([&](int cell) { twin_area[size++] = cell; });
        ((thirds & of1) - of0).each([&](int cell) { twin_area[size++] = cell; });
        // (made for the first triplet that needs them)
        std::optional<Excluders> by_both;
        std::optional<PairBound> bound;
        for (int t = 0; t < size; ++t) {
            const int cell2 = twin_area[t];
            const Cells common = both & excluders[static_cast<std::size_t>(cell2)];
            if (!bound)
                bound.emplace(candidates(cell0), candidates(cell1), sees(cell0, cell1),
                              by_both.emplace(*this, both));
            if (!bound->may_remove(candidates(cell2)))
                continue;
            const int cells[degree] = {cell0, cell1, cell2};
            const std::array<unsigned, degree> all{candidates(cell0), candidates(cell1),
                                                   candidates(cell2)};
            std::optional<Excluders> own; // (where the triplet shares fewer than the pair)
            const std::array<unsigned, degree> allowed =
                allowed_digits(cells, all, common == both ? *by_both : own.emplace(*this, common));
            SeStep step;
            for (int i = 0; i < degree; ++i) {
                const auto out = static_cast<std::uint16_t>(all[i] & ~allowed[i]);
                if (out != 0)
                    step.removed.emplace_back(cells[i], out);
            }
            if (step.removed.empty())
                continue;
            std::sort(step.removed.begin(), step.removed.end());
            step.technique = SeTechnique::aligned_triple_exclusion;
            step.name = "Aligned Triplet Exclusion";
            step.rating = 7.5;
            step.cells.assign(cells, cells + degree);
            return step;
        }
        nothing_from.keep(pair, read, tried);
        return std::nullopt;
    };
    // The pairs with a third cell to try, in order, depend only on which cells are base cells
    // and which have two or three candidates: where neither changed since a search that found
    // nothing, its pairs are this one's, each reading the same cells in the same roles, so a
    // pair still kept (every pair was kept or tried with those since) would read what it was
    // kept with, and only the others need trying again: those that read a cell changed since,
    // or all where a cell gained a candidate (this holds for 40% of the searches on the 1,903
    // reference puzzles).
    thread_local struct {
        Cells is_base, small;
        bool complete = false; ///< that search found nothing, nor any since: pairs has them all
        std::vector<std::pair<std::int8_t, std::int8_t>> pairs;
    } last;
    if (last.complete && last.is_base == is_base && last.small == small) {
        for (const auto& [cell0, cell1] : last.pairs) {
            if (nothing_from.known_as_kept(pair_of(cell0, cell1)))
                continue;
            const Cells both = excluders[static_cast<std::size_t>(cell0)] &
                               excluders[static_cast<std::size_t>(cell1)];
            if (auto step = try_pair(cell0, cell1, both, thirds_of(cell0, cell1, both))) {
                last.complete = false;
                return step;
            }
        }
        return std::nullopt;
    }
    last.is_base = is_base;
    last.small = small;
    last.complete = false;
    last.pairs.clear();
    Cells before; // the base cells before the second
    for (int second = 1; second < count; ++second) {
        const int cell1 = bases[static_cast<std::size_t>(second)];
        const Cells& of1 = excluders[static_cast<std::size_t>(cell1)];
        before.add(bases[static_cast<std::size_t>(second - 1)]);
        // the first cells that share two excluders with it at least (a triplet's common
        // excluders are among the pair's, and it needs two): those that see two of its
        // excluders, in order
        for (Cells firsts = seeing_two(of1) & before; firsts.any();) {
            const int cell0 = firsts.pop();
            const Cells& of0 = excluders[static_cast<std::size_t>(cell0)];
            const Cells both = of0 & of1;
            const Cells thirds = thirds_of(cell0, cell1, both);
            if (!(thirds & (of0 | of1)).any())
                continue;
            last.pairs.emplace_back(static_cast<std::int8_t>(cell0),
                                    static_cast<std::int8_t>(cell1));
            if (auto step = try_pair(cell0, cell1, both, thirds))
                return step;
        }
    }
    last.complete = true;
    return std::nullopt;
}

} // namespace sudoku::se
