// Solving speed of Sudoku variants, in process and on one thread: the exact-cover solver
// (sudoku::VariantSolver) side by side with a plain backtracking reference written here (a
// cell with the fewest candidates first, or a unit's digit with fewer places; bit masks per
// group; killer sums checked as cells fill). Runs alternate between the two, and the medians
// are printed with their ratio. Every solution of both is checked against the rules and the
// givens. The reference gives up on a puzzle after --budget nodes (default 10^6): the line
// then says how many it solved, and its time counts the tries it gave up on.
//
//   variant-solve-bench [--repeat R] [--budget N] FILE...   (files as sudoku-cli -s reads them)
#include <sudoku/text_format.hpp>
#include <sudoku/variant_solver.hpp>

#include <algorithm>
#include <bit>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

namespace {

// The reference: depth-first search over the cells, the one with the fewest candidates first.
class Backtracker {
public:
    explicit Backtracker(const sudoku::Rules& rules)
        : rules_(rules), different_(static_cast<std::size_t>(rules.canvas_size())),
          apart_(static_cast<std::size_t>(rules.canvas_size()))
    {
        for (std::size_t k = 0; k < rules.variant().cages.size(); ++k)
            cage_of_group_.emplace_back(rules.cage_group(k), static_cast<int>(k));
        for (const auto& [a, b] : rules.different_pairs()) { // anti-knight, anti-king
            different_[static_cast<std::size_t>(a)].push_back(b);
            different_[static_cast<std::size_t>(b)].push_back(a);
        }
        for (const auto& [a, b] : rules.apart_pairs()) { // non-consecutive
            apart_[static_cast<std::size_t>(a)].push_back(b);
            apart_[static_cast<std::size_t>(b)].push_back(a);
        }
    }

    // Solves `puzzle` into `grid` within `budget` nodes; false when it has no solution or the
    // budget ran out.
    bool solve(const sudoku::VariantPuzzle& puzzle, std::vector<std::uint8_t>& grid,
               std::uint64_t budget)
    {
        nodes_left_ = budget;
        const auto& groups = rules_.groups();
        used_.assign(groups.size(), 0);
        sums_.assign(groups.size(), 0);
        filled_.assign(groups.size(), 0);
        grid = puzzle.digits;
        set_.assign(grid.size(), false);
        value_.assign(grid.size(), 0);
        open_.clear();
        for (const int cell : rules_.cells()) {
            const int digit = grid[static_cast<std::size_t>(cell)];
            if (digit == 0)
                open_.push_back(cell);
            else if (!place(cell, digit))
                return false;
        }
        return search(grid, 0);
    }

private:
    std::uint32_t candidates(int cell) const
    {
        std::uint32_t allowed = sudoku::all_digits(rules_.size()) << 1;
        for (const int g : rules_.groups_of(cell))
            allowed &= ~used_[static_cast<std::size_t>(g)];
        for (const int other : different_[static_cast<std::size_t>(cell)])
            allowed &= ~(1u << value_[static_cast<std::size_t>(other)]);
        for (const int other : apart_[static_cast<std::size_t>(cell)]) {
            if (const int v = value_[static_cast<std::size_t>(other)]; v != 0)
                allowed &= ~((1u << (v - 1)) | (1u << (v + 1)));
        }
        return allowed & ~1u;
    }

    // Whether the cages of `cell` can still reach their sums.
    bool sums_possible(int cell) const
    {
        for (const int g : rules_.groups_of(cell)) {
            const auto it = std::find_if(cage_of_group_.begin(), cage_of_group_.end(),
                                         [&](const auto& pair) { return pair.first == g; });
            if (it == cage_of_group_.end())
                continue;
            const sudoku::Cage& cage = rules_.variant().cages[static_cast<std::size_t>(it->second)];
            if (cage.sum == 0)
                continue;
            const auto index = static_cast<std::size_t>(g);
            const int left = static_cast<int>(cage.cells.size()) - filled_[index];
            const int need = cage.sum - sums_[index];
            int low = 0, high = 0, taken = 0;
            for (int d = 1; d <= rules_.size() && taken < left; ++d)
                if ((used_[index] & (1u << d)) == 0)
                    low += d, ++taken;
            taken = 0;
            for (int d = rules_.size(); d >= 1 && taken < left; --d)
                if ((used_[index] & (1u << d)) == 0)
                    high += d, ++taken;
            if (need < low || need > high)
                return false;
        }
        return true;
    }

    bool place(int cell, int digit)
    {
        if ((candidates(cell) & (1u << digit)) == 0)
            return false;
        set(cell, digit, true);
        return sums_possible(cell);
    }

    void set(int cell, int digit, bool on)
    {
        value_[static_cast<std::size_t>(cell)] = on ? digit : 0;
        for (const int g : rules_.groups_of(cell)) {
            const auto index = static_cast<std::size_t>(g);
            used_[index] ^= 1u << digit;
            sums_[index] += on ? digit : -digit;
            filled_[index] += on ? 1 : -1;
        }
    }

    // Branches on the open cell with the fewest candidates, or on the unit and digit with the
    // fewest places left when that is fewer (a hidden single is one place): the choice of the
    // exact-cover search, made by scanning instead of by dancing links.
    bool search(std::vector<std::uint8_t>& grid, std::size_t depth)
    {
        if (depth == open_.size())
            return true;
        if (nodes_left_ == 0)
            return false;
        --nodes_left_;
        std::size_t best = depth;
        int fewest = 99;
        for (std::size_t i = depth; i < open_.size() && fewest > 1; ++i) {
            const int count = std::popcount(candidates(open_[i]));
            if (count < fewest) {
                fewest = count;
                best = i;
            }
        }
        if (fewest == 0)
            return false;
        // A unit and digit with fewer places than the best cell has candidates.
        int unit_digit = 0;
        std::vector<int> places;
        { // (with a forced cell too: a unit whose digit has no place left ends the branch)
            const auto& groups = rules_.groups();
            for (std::size_t g = 0; g < groups.size() && fewest > 0; ++g) {
                if (!groups[g].unit)
                    continue;
                for (int d = 1; d <= rules_.size() && fewest > 0; ++d) {
                    if (used_[g] & (1u << d))
                        continue;
                    int count = 0;
                    for (const int cell : groups[g].cells)
                        if (grid[static_cast<std::size_t>(cell)] == 0 && !is_set(cell) &&
                            (candidates(cell) & (1u << d)))
                            ++count;
                    if (count < fewest) {
                        fewest = count;
                        unit_digit = d;
                        places.clear();
                        for (const int cell : groups[g].cells)
                            if (grid[static_cast<std::size_t>(cell)] == 0 && !is_set(cell) &&
                                (candidates(cell) & (1u << d)))
                                places.push_back(cell);
                    }
                }
            }
            if (fewest == 0)
                return false;
        }
        if (unit_digit != 0) {
            for (const int cell : places) {
                const auto at = static_cast<std::size_t>(
                    std::find(open_.begin() + static_cast<long>(depth), open_.end(), cell) -
                    open_.begin());
                if (try_digit(grid, depth, at, unit_digit))
                    return true;
            }
            return false;
        }
        for (std::uint32_t left = candidates(open_[best]); left != 0; left &= left - 1) {
            if (try_digit(grid, depth, best, std::countr_zero(left)))
                return true;
        }
        return false;
    }

    // Puts `digit` in the open cell at open_[at], moved to open_[depth], and searches on.
    bool try_digit(std::vector<std::uint8_t>& grid, std::size_t depth, std::size_t at, int digit)
    {
        std::swap(open_[depth], open_[at]);
        const int cell = open_[depth];
        set(cell, digit, true);
        set_[static_cast<std::size_t>(cell)] = true;
        bool found = sums_possible(cell) && search(grid, depth + 1);
        if (found)
            grid[static_cast<std::size_t>(cell)] = static_cast<std::uint8_t>(digit);
        else
            set(cell, digit, false);
        set_[static_cast<std::size_t>(cell)] = false;
        std::swap(open_[depth], open_[at]);
        return found;
    }

    bool is_set(int cell) const { return set_[static_cast<std::size_t>(cell)]; }

    const sudoku::Rules& rules_;
    std::vector<std::pair<int, int>> cage_of_group_;
    std::vector<std::uint32_t> used_; // per group: digit d as bit d
    std::vector<int> sums_, filled_;
    std::vector<int> open_;
    std::vector<bool> set_; // open cells given a digit on the current path
    std::vector<std::vector<int>> different_, apart_; // each cell's pairs
    std::vector<int> value_;                          // each cell's digit so far (0: none)
    std::uint64_t nodes_left_ = 0;
};

std::vector<sudoku::VariantPuzzle> load(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw std::runtime_error("cannot open " + path);
    sudoku::PuzzleReader reader(in, path);
    sudoku::PuzzleRecord record;
    std::vector<sudoku::VariantPuzzle> puzzles;
    while (reader.next(record)) {
        if (record.error)
            throw std::runtime_error(sudoku::describe(record, path, *record.error));
        puzzles.push_back(record.variant ? *record.variant
                                         : sudoku::VariantPuzzle::classic(record.grid));
    }
    return puzzles;
}

double median(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    return values[values.size() / 2];
}

} // namespace

int main(int argc, char** argv)
{
    int repeat = 5;
    std::uint64_t budget = 1'000'000;
    std::vector<std::string> files;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--repeat" && i + 1 < argc)
            repeat = std::max(1, std::stoi(argv[++i]));
        else if (arg == "--budget" && i + 1 < argc)
            budget = std::stoull(argv[++i]);
        else
            files.push_back(arg);
    }
    if (files.empty()) {
        std::cerr << "usage: variant-solve-bench [--repeat R] [--budget N] FILE...\n";
        return 2;
    }
    std::printf("%-24s %8s %14s %14s %8s %8s\n", "file", "puzzles", "dlx puzzles/s",
                "backtrack p/s", "ratio", "solved");
    for (const std::string& file : files) {
        const auto puzzles = load(file);
        if (puzzles.empty())
            continue;
        std::vector<double> dlx_times, backtrack_times;
        std::size_t solved = 0;
        for (int r = 0; r < repeat; ++r) {
            using clock = std::chrono::steady_clock;
            auto start = clock::now();
            std::vector<std::vector<std::uint8_t>> by_dlx;
            {
                std::optional<sudoku::VariantSolver> solver;
                for (const auto& puzzle : puzzles) {
                    if (!solver || solver->rules().variant() != puzzle.rules->variant())
                        solver.emplace(puzzle.rules);
                    by_dlx.push_back(solver->solve(puzzle).solution);
                }
            }
            dlx_times.push_back(std::chrono::duration<double>(clock::now() - start).count());
            start = clock::now();
            std::vector<std::vector<std::uint8_t>> by_backtracking(puzzles.size());
            std::vector<bool> finished(puzzles.size());
            for (std::size_t i = 0; i < puzzles.size(); ++i) {
                Backtracker backtracker(*puzzles[i].rules);
                finished[i] = backtracker.solve(puzzles[i], by_backtracking[i], budget);
            }
            solved = static_cast<std::size_t>(std::count(finished.begin(), finished.end(), true));
            backtrack_times.push_back(std::chrono::duration<double>(clock::now() - start).count());
            for (std::size_t i = 0; i < puzzles.size(); ++i) {
                for (const auto* solution : {&by_dlx[i], &by_backtracking[i]}) {
                    if (solution == &by_backtracking[i] && !finished[i])
                        continue;
                    bool keeps = puzzles[i].rules->is_solved(*solution);
                    for (std::size_t cell = 0; keeps && cell < solution->size(); ++cell)
                        keeps = puzzles[i].digits[cell] == 0 ||
                                puzzles[i].digits[cell] == (*solution)[cell];
                    if (!keeps) {
                        std::cerr << file << ": puzzle " << i + 1 << ": a wrong solution by "
                                  << (solution == &by_dlx[i] ? "the exact-cover solver"
                                                             : "the reference")
                                  << "\n";
                        return 1;
                    }
                }
            }
        }
        const double dlx = median(dlx_times), backtrack = median(backtrack_times);
        const auto count = static_cast<double>(puzzles.size());
        std::fflush(stdout);
        std::printf("%-24s %8zu %14.1f %14.1f %8.1f %8zu\n",
                    file.substr(file.find_last_of('/') + 1).c_str(), puzzles.size(), count / dlx,
                    count / backtrack, backtrack / dlx, solved);
    }
    return 0;
}
