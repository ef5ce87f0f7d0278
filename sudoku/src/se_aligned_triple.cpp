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
            // the third cell: a base cell that the first or the second sees, in that order
            twin_area.clear();
            const auto third = [&](int other) {
                if (other != cell0 && other != cell1)
                    twin_area.push_back(other);
            };
            (of0 & is_base).each(third);
            ((of1 & is_base) - of0).each(third);
            const Cells both = of0 & of1;
            for (const int cell2 : twin_area) {
                const Cells common = both & excluders[static_cast<std::size_t>(cell2)];
                if (!common.any() || common.one()) // two cells at least
                    continue;
                const int cells[degree] = {cell0, cell1, cell2};
                std::array<std::uint16_t, 40> common_candidates{};
                int commons = 0;
                common.each([&](int c) {
                    common_candidates[static_cast<std::size_t>(commons++)] = candidates(c);
                });
                const bool see01 = sees(cell0, cell1), see02 = sees(cell0, cell2),
                           see12 = sees(cell1, cell2);
                // A combination of one digit per cell is allowed when no two cells that see
                // each other share a digit and every common excluder keeps a digit outside it.
                const auto allowed_combination = [&](const std::array<unsigned, degree>& v) {
                    if ((v[0] == v[1] && see01) || (v[0] == v[2] && see02) ||
                        (v[1] == v[2] && see12))
                        return false;
                    const unsigned used = v[0] | v[1] | v[2];
                    for (int k = 0; k < commons; ++k)
                        if ((common_candidates[static_cast<std::size_t>(k)] & ~used) == 0)
                            return false;
                    return true;
                };
                // The digits each cell keeps in some allowed combination: for each digit not
                // kept yet, the first allowed combination with it, whose digits all stay.
                const std::array<unsigned, degree> all{candidates(cell0), candidates(cell1),
                                                       candidates(cell2)};
                std::array<unsigned, degree> allowed{};
                for (int i = 0; i < degree; ++i) {
                    const int j = (i + 1) % degree, k = (i + 2) % degree;
                    for (unsigned mi = all[i] & ~allowed[i]; mi != 0; mi &= mi - 1) {
                        std::array<unsigned, degree> v{};
                        v[i] = mi & (~mi + 1);
                        bool found = false;
                        for (unsigned mj = all[j]; mj != 0 && !found; mj &= mj - 1)
                            for (unsigned mk = all[k]; mk != 0 && !found; mk &= mk - 1) {
                                v[j] = mj & (~mj + 1);
                                v[k] = mk & (~mk + 1);
                                found = allowed_combination(v);
                            }
                        if (found)
                            for (int c = 0; c < degree; ++c)
                                allowed[c] |= v[c];
                    }
                }
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
