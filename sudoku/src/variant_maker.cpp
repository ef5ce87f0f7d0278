// Making puzzles of any variant: a random grid, cages or regions drawn for it where asked,
// givens taken away while the puzzle stays unique. See variant_maker.hpp.
#include <sudoku/variant_maker.hpp>

#include <sudoku/variant_generator.hpp>

#include "in_order.hpp"

#include <dlx/random.hpp>
#include <dlx/solver.hpp>

#include <algorithm>
#include <numeric>
#include <optional>
#include <stdexcept>
#include <thread>

namespace sudoku {

namespace {

constexpr int most_tries = 1000;
constexpr std::uint64_t grid_budget = 50'000; // nodes per unit of Luby's sequence
constexpr int jigsaw_tries = 8; // searches for a grid of one jigsaw's regions before others

// A stream of random numbers that depends only on its seed.
class Random {
public:
    explicit Random(std::uint64_t seed) : state_(dlx::mix(seed)) {}
    std::uint64_t next() { return dlx::mix(state_++); }
    /// Uniform in 0 .. bound - 1.
    std::size_t below(std::size_t bound) { return static_cast<std::size_t>(next() % bound); }
    template <typename T> void shuffle(std::vector<T>& items)
    {
        for (std::size_t i = items.size(); i > 1; --i)
            std::swap(items[i - 1], items[below(i)]);
    }

private:
    std::uint64_t state_;
};

// A random complete grid of `rules`, by restarts with node budgets on Luby's sequence; nothing
// when a search ended without a limit and found none (the rules have no grid), or, with
// `quit_after`, when that many searches found none (a jigsaw's regions, which may have no grid
// or few: others are drawn instead of proving it).
std::optional<std::vector<std::uint8_t>> random_grid(const Rules& rules, Random& random,
                                                     std::optional<int> quit_after = {})
{
    const VariantEncoding encoding = encode(rules);
    dlx::Solver engine(encoding.problem);
    for (int attempt = 0; attempt < quit_after.value_or(most_tries); ++attempt) {
        dlx::SearchOptions options;
        options.seed = random.next();
        options.randomise = dlx::Randomise::options_only;
        options.choice = dlx::ItemChoice::singles_first;
        options.method = search_method(encoding.problem);
        options.solution_limit = 1;
        options.node_limit = grid_budget * luby(static_cast<std::uint64_t>(attempt));
        std::vector<std::uint8_t> grid;
        const auto stats = engine.search(
            [&](std::span<const dlx::OptionId> solution) {
                grid.assign(static_cast<std::size_t>(rules.canvas_size()), 0);
                decode(encoding, solution, grid);
                return dlx::Visit::stop;
            },
            options);
        if (!grid.empty())
            return grid;
        if (stats.stopped == dlx::Stop::none)
            return std::nullopt;
    }
    if (quit_after)
        return std::nullopt;
    throw std::runtime_error("no " + rules.variant().describe() + " grid found in " +
                             std::to_string(most_tries) + " searches");
}

// Whether the cells of region `region` (one per cell in `regions`) are connected.
bool connected(const std::vector<int>& regions, int size, int region)
{
    std::vector<int> stack;
    std::vector<bool> seen(regions.size(), false);
    int total = 0;
    for (std::size_t cell = 0; cell < regions.size(); ++cell) {
        if (regions[cell] == region) {
            ++total;
            if (stack.empty()) {
                stack.push_back(static_cast<int>(cell));
                seen[cell] = true;
            }
        }
    }
    int reached = 0;
    while (!stack.empty()) {
        const int cell = stack.back();
        stack.pop_back();
        ++reached;
        const int row = cell / size, col = cell % size;
        for (const auto& [dr, dc] : {std::pair{0, 1}, {0, -1}, {1, 0}, {-1, 0}}) {
            const int r = row + dr, c = col + dc;
            if (r < 0 || c < 0 || r >= size || c >= size)
                continue;
            const auto next = static_cast<std::size_t>(r * size + c);
            if (!seen[next] && regions[next] == region) {
                seen[next] = true;
                stack.push_back(static_cast<int>(next));
            }
        }
    }
    return reached == total;
}

// Jigsaw regions at random: the boxes (rows where there are none), then many swaps of two
// neighbouring cells of different regions, each kept when both regions stay connected. Every
// region keeps its size.
std::vector<int> random_regions(const Variant& variant, Random& random)
{
    const int n = variant.size;
    std::vector<int> regions(static_cast<std::size_t>(n * n));
    for (int cell = 0; cell < n * n; ++cell) {
        const int row = cell / n, col = cell % n;
        regions[static_cast<std::size_t>(cell)] =
            variant.box_rows * variant.box_columns == n && variant.box_rows > 1
                ? (row / variant.box_rows) * (n / variant.box_columns) + col / variant.box_columns
                : row;
    }
    for (int swap = 0; swap < 30 * n * n; ++swap) {
        const auto a = random.below(regions.size());
        const bool across = random.next() % 2 == 0;
        const int row = static_cast<int>(a) / n, col = static_cast<int>(a) % n;
        if ((across && col + 1 >= n) || (!across && row + 1 >= n))
            continue;
        const std::size_t b = across ? a + 1 : a + static_cast<std::size_t>(n);
        // Swapping two neighbours changes nothing; swap a with a cell next to b instead, so
        // that a's region takes b's place: move a into b's region and a cell of b's region
        // that touches a's region into a's.
        const int ra = regions[a], rb = regions[b];
        if (ra == rb)
            continue;
        std::vector<std::size_t> partners;
        for (std::size_t cell = 0; cell < regions.size(); ++cell) {
            if (regions[cell] != rb || cell == b)
                continue;
            const int r = static_cast<int>(cell) / n, c = static_cast<int>(cell) % n;
            for (const auto& [dr, dc] : {std::pair{0, 1}, {0, -1}, {1, 0}, {-1, 0}}) {
                const int rr = r + dr, cc = c + dc;
                if (rr >= 0 && cc >= 0 && rr < n && cc < n &&
                    regions[static_cast<std::size_t>(rr * n + cc)] == ra &&
                    static_cast<std::size_t>(rr * n + cc) != a) {
                    partners.push_back(cell);
                    break;
                }
            }
        }
        if (partners.empty())
            continue;
        const std::size_t other = partners[random.below(partners.size())];
        regions[a] = rb;
        regions[other] = ra;
        if (!connected(regions, n, ra) || !connected(regions, n, rb)) {
            regions[a] = ra;
            regions[other] = rb;
        }
    }
    return regions;
}

// Killer cages cut from `grid`: from each cell not yet in a cage, in a random order, a cage
// grows to a length of 2 to 5 through neighbours whose digits are not in it yet.
std::vector<Cage> random_cages(const Rules& rules, const std::vector<std::uint8_t>& grid,
                               Random& random)
{
    std::vector<int> order = rules.cells();
    random.shuffle(order);
    std::vector<bool> caged(grid.size(), false);
    std::vector<Cage> cages;
    const int columns = rules.columns();
    constexpr int lengths[] = {2, 2, 3, 3, 3, 4, 4, 5};
    for (const int start : order) {
        if (caged[static_cast<std::size_t>(start)])
            continue;
        Cage cage;
        cage.cells.push_back(start);
        caged[static_cast<std::size_t>(start)] = true;
        std::uint32_t digits = 1u << grid[static_cast<std::size_t>(start)];
        const int length = lengths[random.below(std::size(lengths))];
        while (static_cast<int>(cage.cells.size()) < length) {
            std::vector<int> next;
            for (const int cell : cage.cells) {
                const int row = cell / columns, col = cell % columns;
                for (const auto& [dr, dc] : {std::pair{0, 1}, {0, -1}, {1, 0}, {-1, 0}}) {
                    const int r = row + dr, c = col + dc;
                    const int other = r * columns + c;
                    if (r < 0 || c < 0 || r >= rules.rows() || c >= columns ||
                        !rules.is_cell(other) || caged[static_cast<std::size_t>(other)] ||
                        (digits & (1u << grid[static_cast<std::size_t>(other)])) != 0)
                        continue;
                    next.push_back(other);
                }
            }
            if (next.empty())
                break;
            const int chosen = next[random.below(next.size())];
            cage.cells.push_back(chosen);
            caged[static_cast<std::size_t>(chosen)] = true;
            digits |= 1u << grid[static_cast<std::size_t>(chosen)];
        }
        std::sort(cage.cells.begin(), cage.cells.end());
        for (const int cell : cage.cells)
            cage.sum += grid[static_cast<std::size_t>(cell)];
        cages.push_back(std::move(cage));
    }
    std::sort(cages.begin(), cages.end(),
              [](const Cage& a, const Cage& b) { return a.cells.front() < b.cells.front(); });
    return cages;
}

} // namespace

class VariantMaker::Impl {
public:
    explicit Impl(const VariantPuzzleSettings& settings) : settings_(settings)
    {
        if (settings.killer && !settings.variant.cages.empty())
            throw std::invalid_argument("killer cages are made for each puzzle: give none");
        if (settings.jigsaw && (!settings.variant.regions.empty() || settings.variant.samurai))
            throw std::invalid_argument(settings.variant.samurai
                                            ? "samurai has no jigsaw"
                                            : "jigsaw regions are made for each puzzle: give none");
        Variant check = settings.variant;
        if (settings.jigsaw) { // the regions of the boxes stand in while the rules are checked
            Random random(0);
            check.regions = random_regions(check, random);
            check.windoku = check.windoku && check.box_rows * check.box_columns == check.size;
        }
        fixed_ = std::make_shared<const Rules>(check);
    }

    VariantMade make(std::uint64_t index)
    {
        Random random(settings_.seed ^ dlx::mix(index + 0x9e3779b97f4a7c15ULL));
        for (int attempt = 0; attempt < most_tries; ++attempt) {
            std::shared_ptr<const Rules> rules = fixed_;
            if (settings_.jigsaw) {
                Variant variant = settings_.variant;
                variant.regions = random_regions(variant, random);
                rules = std::make_shared<const Rules>(std::move(variant));
            }
            const auto grid = random_grid(
                *rules, random, settings_.jigsaw ? std::optional(jigsaw_tries) : std::nullopt);
            if (!grid) {
                if (settings_.jigsaw)
                    continue; // these regions have no grid: draw others
                throw std::runtime_error("the rules " + rules->variant().describe() +
                                         " have no grid");
            }
            if (settings_.killer) {
                Variant variant = rules->variant();
                variant.cages = random_cages(*rules, *grid, random);
                rules = std::make_shared<const Rules>(std::move(variant));
            }
            return remove_givens(rules, *grid, random);
        }
        throw std::runtime_error("no " + fixed_->variant().describe() + " puzzle made in " +
                                 std::to_string(most_tries) + " tries");
    }

private:
    VariantMade remove_givens(const std::shared_ptr<const Rules>& rules,
                              const std::vector<std::uint8_t>& grid, Random& random)
    {
        VariantMade made;
        made.solution = grid;
        made.puzzle = VariantPuzzle::blank(rules);
        made.puzzle.digits = grid;
        VariantSolver solver(rules);
        std::vector<int> order;
        const int last = rules->canvas_size() - 1;
        for (const int cell : rules->cells()) {
            if (!settings_.symmetric || cell <= last - cell)
                order.push_back(cell);
        }
        random.shuffle(order);
        auto& digits = made.puzzle.digits;
        for (const int cell : order) {
            const auto a = static_cast<std::size_t>(cell);
            const auto b = static_cast<std::size_t>(settings_.symmetric ? last - cell : cell);
            digits[a] = digits[b] = 0;
            if (!still_unique(solver, made.puzzle, grid, a) ||
                (b != a && !still_unique(solver, made.puzzle, grid, b))) {
                digits[a] = grid[a]; // not proved unique without them: they stay
                digits[b] = grid[b];
            }
        }
        return made;
    }

    // Whether `puzzle`, unique before `cell` was made blank, still is: a second solution would
    // have to differ from `grid` there, so each other digit of the cell is tried in turn, and
    // each try is a search for one solution that usually fails at once (far cheaper than a
    // count up to 2, which must find the known solution and then search the whole tree).
    bool still_unique(VariantSolver& solver, VariantPuzzle& puzzle,
                      const std::vector<std::uint8_t>& grid, std::size_t cell) const
    {
        bool unique = true;
        for (int digit = 1; digit <= puzzle.rules->size() && unique; ++digit) {
            if (digit == grid[cell])
                continue;
            puzzle.digits[cell] = static_cast<std::uint8_t>(digit);
            const std::uint64_t found = solver.count(puzzle, 1, nullptr, settings_.check_budget);
            unique = found == 0 && solver.last_stats().stopped == dlx::Stop::none;
        }
        puzzle.digits[cell] = 0;
        return unique;
    }

    VariantPuzzleSettings settings_;
    std::shared_ptr<const Rules> fixed_;
};

VariantMaker::VariantMaker(const VariantPuzzleSettings& settings)
    : impl_(std::make_unique<Impl>(settings))
{
}

VariantMaker::~VariantMaker() = default;

VariantMade VariantMaker::make(std::uint64_t index) { return impl_->make(index); }

void make_variant_puzzles(const VariantPuzzleSettings& settings, std::uint64_t count,
                          unsigned threads,
                          const std::function<void(std::span<const VariantMade>)>& sink)
{
    if (count == 0)
        return;
    if (threads == 0)
        threads = std::max(1u, std::thread::hardware_concurrency());
    VariantMaker check(settings); // throws on bad settings before any thread starts
    constexpr std::uint64_t chunk = 4;
    detail::in_order<std::vector<VariantMade>>(
        threads, 4 * static_cast<std::size_t>(threads), 0, (count + chunk - 1) / chunk,
        [&] { return std::make_unique<VariantMaker>(settings); },
        [&](std::unique_ptr<VariantMaker>& maker, std::uint64_t index,
            std::vector<VariantMade>& made) {
            made.clear();
            for (std::uint64_t i = index * chunk; i < std::min(count, (index + 1) * chunk); ++i)
                made.push_back(maker->make(i));
        },
        [&](const std::vector<VariantMade>& made) {
            sink(made);
            return true;
        });
}

} // namespace sudoku
