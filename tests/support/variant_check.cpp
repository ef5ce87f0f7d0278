// Sudoku variants' rules from their definitions (variant_check.hpp): no code of the library's
// Rules or encoder is used.
#include "support/variant_check.hpp"

#include <cstdlib>
#include <utility>

namespace dlx_test {

namespace {

struct Geometry {
    int n = 9, width = 9;                       // digits; canvas width (21 for samurai)
    std::vector<std::vector<int>> all;          // every group whose digits differ
    std::vector<std::pair<int, int>> cages_sum; // (group index in `all`, sum) of cages with one
    std::vector<bool> cell;
};

Geometry geometry(const sudoku::Variant& v)
{
    Geometry g;
    g.n = v.size;
    const int n = v.size;
    std::vector<std::pair<int, int>> corners{{0, 0}};
    if (v.samurai) {
        g.width = 21;
        corners = {{0, 0}, {0, 12}, {6, 6}, {12, 0}, {12, 12}};
    } else {
        g.width = n;
    }
    g.cell.assign(static_cast<std::size_t>(g.width * g.width), false);
    const auto at = [&](int r, int c) { return r * g.width + c; };
    for (const auto& [top, left] : corners) {
        for (int i = 0; i < n; ++i) {
            std::vector<int> row, column;
            for (int j = 0; j < n; ++j) {
                row.push_back(at(top + i, left + j));
                column.push_back(at(top + j, left + i));
                g.cell[static_cast<std::size_t>(at(top + i, left + j))] = true;
            }
            g.all.push_back(row);
            g.all.push_back(column);
        }
        if (v.regions.empty()) {
            for (int br = 0; br < n; br += v.box_rows)
                for (int bc = 0; bc < n; bc += v.box_columns) {
                    std::vector<int> box;
                    for (int r = 0; r < v.box_rows; ++r)
                        for (int c = 0; c < v.box_columns; ++c)
                            box.push_back(at(top + br + r, left + bc + c));
                    g.all.push_back(box);
                }
        }
    }
    if (!v.regions.empty()) {
        std::vector<std::vector<int>> regions(static_cast<std::size_t>(n));
        for (int i = 0; i < n * n; ++i)
            regions[static_cast<std::size_t>(v.regions[static_cast<std::size_t>(i)])].push_back(i);
        g.all.insert(g.all.end(), regions.begin(), regions.end());
    }
    std::vector<int> main, anti;
    for (int i = 0; i < n; ++i) {
        main.push_back(at(i, i));
        anti.push_back(at(i, n - 1 - i));
    }
    if (v.main_diagonal)
        g.all.push_back(main);
    if (v.anti_diagonal)
        g.all.push_back(anti);
    if (v.windoku) { // windows: one cell in from the edge, a line of cells between them
        for (int top = 1; top + v.box_rows < n; top += v.box_rows + 1)
            for (int left = 1; left + v.box_columns < n; left += v.box_columns + 1) {
                std::vector<int> window;
                for (int r = 0; r < v.box_rows; ++r)
                    for (int c = 0; c < v.box_columns; ++c)
                        window.push_back(at(top + r, left + c));
                g.all.push_back(window);
            }
    }
    for (const auto& region : v.extra_regions)
        g.all.push_back(region);
    for (const auto& cage : v.cages) {
        if (cage.sum != 0)
            g.cages_sum.emplace_back(static_cast<int>(g.all.size()), cage.sum);
        g.all.push_back(cage.cells);
    }
    return g;
}

// What rule the digit at `cell` breaks with the other filled cells (blanks agree with all; a
// cage may not pass its sum, and must reach it once full), or "".
std::string check_cell(const sudoku::Variant& v, const Geometry& g, const Digits& grid, int cell)
{
    const int digit = grid[static_cast<std::size_t>(cell)];
    const int row = cell / g.width, col = cell % g.width;
    const auto value = [&](int r, int c) {
        if (r < 0 || c < 0 || r >= g.width || c >= g.width)
            return 0;
        return static_cast<int>(grid[static_cast<std::size_t>(r * g.width + c)]);
    };
    for (std::size_t k = 0; k < g.all.size(); ++k) {
        const auto& group = g.all[k];
        bool in = false;
        for (const int other : group)
            in = in || other == cell;
        if (!in)
            continue;
        int sum = 0;
        bool full = true;
        for (const int other : group) {
            const int d = grid[static_cast<std::size_t>(other)];
            sum += d;
            full = full && d != 0;
            if (other != cell && d == digit)
                return "repeated digit in a group";
        }
        for (const auto& [index, target] : g.cages_sum) {
            if (static_cast<std::size_t>(index) == k && (sum > target || (full && sum != target)))
                return "cage sum";
        }
    }
    for (int dr = -2; dr <= 2; ++dr)
        for (int dc = -2; dc <= 2; ++dc) {
            const int other = value(row + dr, col + dc);
            if (other == 0 || (dr == 0 && dc == 0))
                continue;
            const int distance = std::abs(dr) + std::abs(dc);
            const bool knight = distance == 3 && std::abs(dr) != 0 && std::abs(dc) != 0;
            const bool king = std::abs(dr) <= 1 && std::abs(dc) <= 1;
            if (v.anti_knight && knight && other == digit)
                return "anti-knight";
            if (v.anti_king && king && other == digit)
                return "anti-king";
            if (v.non_consecutive && distance == 1 && std::abs(other - digit) == 1)
                return "non-consecutive";
        }
    return "";
}

struct Counter {
    const sudoku::Variant& v;
    const Geometry& g;
    Digits grid;
    std::uint64_t limit, found = 0;

    void run(int cell)
    {
        while (cell < static_cast<int>(grid.size()) && (!g.cell[static_cast<std::size_t>(cell)] ||
                                                        grid[static_cast<std::size_t>(cell)] != 0))
            ++cell;
        if (cell == static_cast<int>(grid.size())) {
            ++found;
            return;
        }
        for (int d = 1; d <= g.n && found < limit; ++d) {
            grid[static_cast<std::size_t>(cell)] = static_cast<std::uint8_t>(d);
            if (check_cell(v, g, grid, cell).empty())
                run(cell + 1);
        }
        grid[static_cast<std::size_t>(cell)] = 0;
    }
};

} // namespace

std::string broken_rule(const sudoku::Variant& variant, const Digits& grid)
{
    const Geometry g = geometry(variant);
    if (grid.size() != g.cell.size())
        return "wrong number of cells";
    for (std::size_t i = 0; i < grid.size(); ++i) {
        if (g.cell[i] != (grid[i] != 0))
            return g.cell[i] ? "blank cell" : "digit outside the grid";
        if (grid[i] > g.n)
            return "digit out of range";
    }
    for (std::size_t i = 0; i < grid.size(); ++i) {
        if (g.cell[i]) {
            std::string problem = check_cell(variant, g, grid, static_cast<int>(i));
            if (!problem.empty())
                return problem;
        }
    }
    return "";
}

std::uint64_t backtrack_count(const sudoku::Variant& variant, Digits givens, std::uint64_t limit)
{
    const Geometry g = geometry(variant);
    if (givens.empty())
        givens.assign(g.cell.size(), 0);
    for (std::size_t i = 0; i < givens.size(); ++i) { // givens that break a rule: none
        if (givens[i] != 0 && !check_cell(variant, g, givens, static_cast<int>(i)).empty())
            return 0;
    }
    Counter counter{variant, g, std::move(givens), limit};
    counter.run(0);
    return counter.found;
}

} // namespace dlx_test
