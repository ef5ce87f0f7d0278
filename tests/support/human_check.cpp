// Plain loops over a bool table of candidates: slow and obvious on purpose.
#include "support/human_check.hpp"

#include <vector>

namespace dlx_test {

const Units& units()
{
    static const Units all = [] {
        Units made;
        for (int i = 0; i < 9; ++i) {
            std::vector<int> row, col, box;
            for (int k = 0; k < 9; ++k) {
                row.push_back(i * 9 + k);
                col.push_back(k * 9 + i);
                box.push_back((i / 3 * 3 + k / 3) * 9 + i % 3 * 3 + k % 3);
            }
            made.push_back(row);
            made.push_back(col);
            made.push_back(box);
        }
        return made;
    }();
    return all;
}

namespace {

bool same_unit(int a, int b)
{
    return a / 9 == b / 9 || a % 9 == b % 9 || (a / 27 == b / 27 && a % 9 / 3 == b % 9 / 3);
}

struct Pencil {
    Board grid{};
    bool can[81][10] = {};

    explicit Pencil(const Board& puzzle)
    {
        for (int c = 0; c < 81; ++c)
            for (int d = 1; d <= 9; ++d)
                can[c][d] = true;
        for (int c = 0; c < 81; ++c) {
            if (puzzle[static_cast<std::size_t>(c)] != 0)
                place(c, puzzle[static_cast<std::size_t>(c)]);
        }
    }

    void place(int cell, int digit)
    {
        grid[static_cast<std::size_t>(cell)] = digit;
        for (int d = 1; d <= 9; ++d)
            can[cell][d] = false;
        for (int other = 0; other < 81; ++other) {
            if (other != cell && same_unit(cell, other))
                can[other][digit] = false;
        }
    }

    bool full() const
    {
        for (const int digit : grid)
            if (digit == 0)
                return false;
        return true;
    }

    int candidate_count(int cell) const
    {
        int count = 0;
        for (int d = 1; d <= 9; ++d)
            count += can[cell][d] ? 1 : 0;
        return count;
    }

    bool remove(int cell, int digit)
    {
        if (!can[cell][digit])
            return false;
        can[cell][digit] = false;
        return true;
    }
};

bool placed_in(const Pencil& p, const std::vector<int>& unit, int digit)
{
    for (const int cell : unit)
        if (p.grid[static_cast<std::size_t>(cell)] == digit)
            return true;
    return false;
}

bool apply_single(Pencil& p)
{
    for (int cell = 0; cell < 81; ++cell) {
        if (p.grid[static_cast<std::size_t>(cell)] == 0 && p.candidate_count(cell) == 1) {
            for (int d = 1; d <= 9; ++d)
                if (p.can[cell][d]) {
                    p.place(cell, d);
                    return true;
                }
        }
    }
    for (const auto& unit : units()) {
        for (int d = 1; d <= 9; ++d) {
            std::vector<int> places;
            for (const int cell : unit)
                if (p.can[cell][d])
                    places.push_back(cell);
            if (places.size() == 1 && !placed_in(p, unit, d)) {
                p.place(places[0], d);
                return true;
            }
        }
    }
    return false;
}

// A digit's candidates in unit `a` all inside unit `b` (a box and a line): out of b's other cells.
bool apply_intersections(Pencil& p)
{
    bool changed = false;
    for (const auto& a : units()) {
        for (const auto& b : units()) {
            if (&a == &b)
                continue;
            for (int d = 1; d <= 9; ++d) {
                bool inside = true, any = false;
                for (const int cell : a) {
                    if (!p.can[cell][d])
                        continue;
                    any = true;
                    bool in_b = false;
                    for (const int other : b)
                        in_b = in_b || other == cell;
                    inside = inside && in_b;
                }
                if (!any || !inside)
                    continue;
                for (const int cell : b) {
                    bool in_a = false;
                    for (const int other : a)
                        in_a = in_a || other == cell;
                    if (!in_a)
                        changed = p.remove(cell, d) || changed;
                }
            }
        }
    }
    return changed;
}

// Every set of `size` indices from 0..8.
std::vector<std::vector<int>> combinations(int size)
{
    std::vector<std::vector<int>> all;
    for (int i = 0; i < 9; ++i)
        for (int j = i + 1; j < 9; ++j) {
            if (size == 2) {
                all.push_back({i, j});
                continue;
            }
            for (int k = j + 1; k < 9; ++k)
                all.push_back({i, j, k});
        }
    return all;
}

bool apply_subsets(Pencil& p, int size)
{
    bool changed = false;
    for (const auto& unit : units()) {
        for (const auto& pick : combinations(size)) {
            // Naked: `size` blank cells whose candidates together are `size` digits.
            bool digits[10] = {};
            bool all_blank = true;
            for (const int index : pick) {
                const int cell = unit[static_cast<std::size_t>(index)];
                all_blank = all_blank && p.grid[static_cast<std::size_t>(cell)] == 0;
                for (int d = 1; d <= 9; ++d)
                    digits[d] = digits[d] || p.can[cell][d];
            }
            int digit_count = 0;
            for (int d = 1; d <= 9; ++d)
                digit_count += digits[d] ? 1 : 0;
            if (all_blank && digit_count == size) {
                for (int index = 0; index < 9; ++index) {
                    bool picked = false;
                    for (const int chosen : pick)
                        picked = picked || chosen == index;
                    if (picked)
                        continue;
                    for (int d = 1; d <= 9; ++d)
                        if (digits[d])
                            changed = p.remove(unit[static_cast<std::size_t>(index)], d) || changed;
                }
            }
            // Hidden: `size` digits (1..9 from the indices) missing from the unit whose places
            // together are `size` cells.
            bool cells[9] = {};
            bool all_missing = true;
            for (const int index : pick) {
                const int d = index + 1;
                all_missing = all_missing && !placed_in(p, unit, d);
                for (int k = 0; k < 9; ++k)
                    cells[k] = cells[k] || p.can[unit[static_cast<std::size_t>(k)]][d];
            }
            int cell_count = 0;
            for (const bool in : cells)
                cell_count += in ? 1 : 0;
            if (all_missing && cell_count == size) {
                for (int k = 0; k < 9; ++k) {
                    if (!cells[k])
                        continue;
                    for (int d = 1; d <= 9; ++d) {
                        bool picked = false;
                        for (const int chosen : pick)
                            picked = picked || chosen + 1 == d;
                        if (!picked)
                            changed = p.remove(unit[static_cast<std::size_t>(k)], d) || changed;
                    }
                }
            }
        }
    }
    return changed;
}

// Backtracking on the emptiest cell; stops after `limit` solutions, the last one left in
// `last` (when given).
bool count_from(Board& grid, std::uint64_t limit, std::uint64_t& found, Board* last = nullptr)
{
    int best = -1, best_count = 10;
    for (int cell = 0; cell < 81; ++cell) {
        if (grid[static_cast<std::size_t>(cell)] != 0)
            continue;
        int count = 0;
        for (int d = 1; d <= 9; ++d) {
            bool free = true;
            for (int other = 0; other < 81 && free; ++other)
                free = !(other != cell && same_unit(cell, other) &&
                         grid[static_cast<std::size_t>(other)] == d);
            count += free ? 1 : 0;
        }
        if (count < best_count)
            best = cell, best_count = count;
    }
    if (best < 0) {
        if (last != nullptr)
            *last = grid;
        return ++found >= limit;
    }
    for (int d = 1; d <= 9; ++d) {
        bool free = true;
        for (int other = 0; other < 81 && free; ++other)
            free = !(other != best && same_unit(best, other) &&
                     grid[static_cast<std::size_t>(other)] == d);
        if (!free)
            continue;
        grid[static_cast<std::size_t>(best)] = d;
        const bool stop = count_from(grid, limit, found, last);
        grid[static_cast<std::size_t>(best)] = 0;
        if (stop)
            return true;
    }
    return false;
}

} // namespace

bool logic_solves(const Board& puzzle, Techniques techniques)
{
    Pencil p(puzzle);
    while (!p.full()) {
        if (apply_single(p))
            continue;
        if (techniques == Techniques::singles)
            return false;
        if (!apply_intersections(p) && !apply_subsets(p, 2) && !apply_subsets(p, 3))
            return false;
    }
    return true;
}

std::optional<Board> first_solution(const Board& puzzle)
{
    if (count_solutions(puzzle, 1) == 0)
        return std::nullopt;
    Board grid = puzzle, solution{};
    std::uint64_t found = 0;
    count_from(grid, 1, found, &solution);
    return solution;
}

std::uint64_t count_solutions(const Board& puzzle, std::uint64_t limit)
{
    for (int a = 0; a < 81; ++a)
        for (int b = a + 1; b < 81; ++b)
            if (puzzle[static_cast<std::size_t>(a)] != 0 && same_unit(a, b) &&
                puzzle[static_cast<std::size_t>(a)] == puzzle[static_cast<std::size_t>(b)])
                return 0;
    Board grid = puzzle;
    std::uint64_t found = 0;
    count_from(grid, limit, found);
    return found;
}

} // namespace dlx_test
