// SE's aligned triplet exclusion (its AlignedExclusion with degree 3). See se_techniques.hpp.
#include "se_techniques.hpp"

#include <algorithm>
#include <vector>

namespace sudoku::se {

// 7.5: three cells, the first two any pair of base cells (cells of two candidates or more
// that see an excluder and no cell of one candidate), the third a base cell among the
// excluders of the first two. Each combination of their digits is ruled out when two cells
// that see each other share a digit, or when it takes all the candidates of a cell of two or
// three that all three see (two such cells at least are needed). A digit of a base cell in
// no combination left goes. The first triplet in SE's order that removes something is taken.
namespace {

// The digits each of three cells keeps in some allowed combination (one digit per cell): one
// where no two cells that see each other share a digit and each common excluder keeps a digit
// outside it. An excluder of two digits rules out the pairs of them, one of three the three
// digits together; so for a digit v of cell i and a digit a of cell j, the digits of cell k
// that go with both are a mask.
std::array<unsigned, 3> allowed_digits(const SeTechniques& grid, const int (&cells)[3],
                                       const std::array<unsigned, 3>& all, const Cells& common)
{
    std::array<std::uint16_t, 10> pairs{}; // [d]: the digits an excluder of two pairs with d
    std::array<unsigned, 40> triples{};    // the excluders of three
    int triple_count = 0;
    common.each([&](int cell) {
        const unsigned values = grid.candidates(cell);
        if (count_of(values) == 2) {
            const int x = std::countr_zero(values) + 1;
            const int y = std::countr_zero(values & (values - 1)) + 1;
            pairs[static_cast<std::size_t>(x)] |= static_cast<std::uint16_t>(bit(y));
            pairs[static_cast<std::size_t>(y)] |= static_cast<std::uint16_t>(bit(x));
        } else {
            triples[static_cast<std::size_t>(triple_count++)] = values;
        }
    });
    const std::array<bool, 3> see{sees(cells[0], cells[1]), sees(cells[1], cells[2]),
                                  sees(cells[2], cells[0])}; // [i]: i sees i + 1
    std::array<unsigned, 3> allowed{};
    for (int i = 0; i < 3; ++i) {
        const int j = (i + 1) % 3, k = (i + 2) % 3;
        const bool see_ij = see[static_cast<std::size_t>(i)],
                   see_ik = see[static_cast<std::size_t>(k)],
                   see_jk = see[static_cast<std::size_t>(j)];
        for (unsigned mv = all[i] & ~allowed[i]; mv != 0; mv &= mv - 1) {
            const int v = std::countr_zero(mv) + 1;
            unsigned with_v = all[j] & ~pairs[static_cast<std::size_t>(v)];
            if (see_ij)
                with_v &= ~bit(v);
            unsigned ks = all[k] & ~pairs[static_cast<std::size_t>(v)];
            if (see_ik)
                ks &= ~bit(v);
            for (; with_v != 0; with_v &= with_v - 1) {
                const int a = std::countr_zero(with_v) + 1;
                unsigned with_both = ks & ~pairs[static_cast<std::size_t>(a)];
                if (see_jk)
                    with_both &= ~bit(a);
                const unsigned va = bit(v) | bit(a);
                for (int t = 0; t < triple_count && with_both != 0; ++t)
                    if (v != a && (triples[static_cast<std::size_t>(t)] & va) == va)
                        with_both &= ~(triples[static_cast<std::size_t>(t)] & ~va);
                if (with_both == 0)
                    continue;
                allowed[i] |= bit(v);
                allowed[j] |= bit(a);
                allowed[k] |= with_both;
            }
        }
    }
    return allowed;
}

} // namespace

std::optional<SeStep> SeTechniques::aligned_triple_exclusion() const
{
    constexpr int degree = 3;
    const auto size_of = [&](int cell) { return count_of(candidates(cell)); };
    // the base cells in order, and the cells each one sees that may exclude: those of two or
    // three candidates
    std::vector<int> bases;
    std::array<Cells, 81> excluders{};
    Cells is_base;
    for (int cell = 0; cell < 81; ++cell) {
        if (size_of(cell) < 2)
            continue;
        Cells seen;
        bool single_seen = false;
        for (int other = 0; other < 81; ++other) {
            if (!sees(cell, other))
                continue;
            const int n = size_of(other);
            single_seen = single_seen || n == 1;
            if (n >= 2 && n <= degree)
                seen.add(other);
        }
        if (single_seen || !seen.any())
            continue;
        excluders[static_cast<std::size_t>(cell)] = seen;
        is_base.add(cell);
        bases.push_back(cell);
    }
    const auto count = static_cast<int>(bases.size());
    if (count < degree)
        return std::nullopt;
    std::vector<int> twin_area;
    for (int second = 1; second < count; ++second)
        for (int first = 0; first < second; ++first) {
            const int cell0 = bases[static_cast<std::size_t>(first)];
            const int cell1 = bases[static_cast<std::size_t>(second)];
            const Cells& of0 = excluders[static_cast<std::size_t>(cell0)];
            const Cells& of1 = excluders[static_cast<std::size_t>(cell1)];
            const Cells both = of0 & of1;
            if (!both.any() || both.one()) // (the common excluders are among these)
                continue;
            // the third cell: a base cell that the first or the second sees, in that order
            twin_area.clear();
            const auto third = [&](int other) {
                if (other != cell0 && other != cell1)
                    twin_area.push_back(other);
            };
            (of0 & is_base).each(third);
            ((of1 & is_base) - of0).each(third);
            for (const int cell2 : twin_area) {
                const Cells common = both & excluders[static_cast<std::size_t>(cell2)];
                if (!common.any() || common.one()) // two cells at least
                    continue;
                const int cells[degree] = {cell0, cell1, cell2};
                const std::array<unsigned, degree> all{candidates(cell0), candidates(cell1),
                                                       candidates(cell2)};
                const std::array<unsigned, degree> allowed =
                    allowed_digits(*this, cells, all, common);
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
        }
    return std::nullopt;
}

} // namespace sudoku::se
