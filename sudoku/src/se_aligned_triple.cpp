// SE's aligned triplet exclusion (its AlignedExclusion with degree 3). See se_techniques.hpp.
#include "se_techniques.hpp"

#include <algorithm>
#include <vector>

namespace sudoku::se {

namespace {

// A base cell and the cells it sees that may exclude: those of two or three candidates.
struct BaseCell {
    int cell;
    std::vector<int> excluders; // in increasing order
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
    const auto size_of = [&](int cell) { return std::popcount(candidates(cell)); };
    std::vector<BaseCell> bases;
    std::vector<int> base_index(81, -1);
    for (int cell = 0; cell < 81; ++cell) {
        if (size_of(cell) < 2)
            continue;
        BaseCell base{cell, {}};
        bool single_seen = false;
        for (int other = 0; other < 81; ++other) {
            if (!sees(cell, other))
                continue;
            const int n = size_of(other);
            single_seen = single_seen || n == 1;
            if (n >= 2 && n <= degree)
                base.excluders.push_back(other);
        }
        if (single_seen || base.excluders.empty())
            continue;
        base_index[static_cast<std::size_t>(cell)] = static_cast<int>(bases.size());
        bases.push_back(std::move(base));
    }
    const auto count = static_cast<int>(bases.size());
    if (count < degree)
        return std::nullopt;
    const auto excluders_of = [&](int cell) -> const std::vector<int>& {
        return bases[static_cast<std::size_t>(base_index[static_cast<std::size_t>(cell)])]
            .excluders;
    };
    std::vector<int> twin_area, common;
    for (int second = 1; second < count; ++second)
        for (int first = 0; first < second; ++first) {
            const int cell0 = bases[static_cast<std::size_t>(first)].cell;
            const int cell1 = bases[static_cast<std::size_t>(second)].cell;
            // the third cell: a base cell that the first or the second sees, in that order
            twin_area.clear();
            for (const int c : {cell0, cell1})
                for (const int other : excluders_of(c))
                    if (base_index[static_cast<std::size_t>(other)] >= 0 && other != cell0 &&
                        other != cell1 &&
                        std::find(twin_area.begin(), twin_area.end(), other) == twin_area.end())
                        twin_area.push_back(other);
            for (const int cell2 : twin_area) {
                const int cells[degree] = {cell0, cell1, cell2};
                common.clear();
                for (const int c : excluders_of(cell0))
                    if (std::find(excluders_of(cell1).begin(), excluders_of(cell1).end(), c) !=
                            excluders_of(cell1).end() &&
                        std::find(excluders_of(cell2).begin(), excluders_of(cell2).end(), c) !=
                            excluders_of(cell2).end())
                        common.push_back(c);
                if (common.size() < 2)
                    continue;
                // the digits each cell keeps in some allowed combination
                std::uint16_t allowed[degree] = {};
                for (unsigned m0 = candidates(cell0); m0 != 0; m0 &= m0 - 1)
                    for (unsigned m1 = candidates(cell1); m1 != 0; m1 &= m1 - 1)
                        for (unsigned m2 = candidates(cell2); m2 != 0; m2 &= m2 - 1) {
                            const unsigned values[degree] = {m0 & (~m0 + 1), m1 & (~m1 + 1),
                                                             m2 & (~m2 + 1)};
                            bool ok = true;
                            for (int a = 0; a < degree && ok; ++a)
                                for (int b = a + 1; b < degree && ok; ++b)
                                    ok = !(values[a] == values[b] && sees(cells[a], cells[b]));
                            const unsigned used = values[0] | values[1] | values[2];
                            for (std::size_t k = 0; k < common.size() && ok; ++k)
                                ok = (candidates(common[k]) & ~used) != 0;
                            if (ok)
                                for (int i = 0; i < degree; ++i)
                                    allowed[i] = static_cast<std::uint16_t>(allowed[i] | values[i]);
                        }
                SeStep step;
                for (int i = 0; i < degree; ++i) {
                    const auto out = static_cast<std::uint16_t>(candidates(cells[i]) & ~allowed[i]);
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
