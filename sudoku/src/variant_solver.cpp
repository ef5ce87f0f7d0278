// Sudoku variants as exact cover (the items and options of variant_solver.hpp), and the solver.
#include <sudoku/variant_solver.hpp>

#include <bit>
#include <stdexcept>

namespace sudoku {

namespace {

std::string compact(const std::string& name)
{
    std::string text;
    for (const char c : name) {
        if (c != ' ')
            text += c;
    }
    return text;
}

// Calls `visit` with every set of `k` different digits from 1..n that adds up to `sum`, as a
// mask (digit d as bit d - 1), smallest digits first.
template <typename Visit>
void digit_sets(int k, int n, int sum, int lowest, std::uint32_t chosen, const Visit& visit)
{
    if (k == 0) {
        if (sum == 0)
            visit(chosen);
        return;
    }
    for (int d = lowest; d <= n; ++d) {
        // The k - 1 digits after d add up to at least (d+1) + ... + (d+k-1).
        if (d + (k - 1) * d + (k - 1) * k / 2 > sum)
            break;
        if (sum - d > (k - 1) * (2 * n - k + 2) / 2) // the k - 1 largest cannot reach the rest
            continue;
        digit_sets(k - 1, n, sum - d, d + 1, chosen | (1u << (d - 1)), visit);
    }
}

} // namespace

dlx::Method search_method(const dlx::Problem& problem)
{
    constexpr std::size_t most_for_singles = 1024; // dlx::ItemChoice::singles_first's limit
    return problem.primary_count() > most_for_singles ? dlx::Method::cells : dlx::Method::links;
}

VariantPuzzle VariantPuzzle::blank(std::shared_ptr<const Rules> rules)
{
    VariantPuzzle puzzle;
    puzzle.digits.assign(static_cast<std::size_t>(rules->canvas_size()), 0);
    puzzle.rules = std::move(rules);
    return puzzle;
}

VariantPuzzle VariantPuzzle::classic(const Grid& grid)
{
    VariantPuzzle puzzle = blank(classic_rules(9));
    puzzle.digits.assign(grid.digits().begin(), grid.digits().end());
    return puzzle;
}

bool VariantPuzzle::has_pencil_marks() const
{
    const std::uint32_t all = all_digits(rules->size());
    for (const int cell : rules->cells()) {
        if (digits[static_cast<std::size_t>(cell)] == 0 && !candidates.empty() &&
            candidates[static_cast<std::size_t>(cell)] != all)
            return true;
    }
    return false;
}

std::uint32_t VariantPuzzle::allowed(int cell) const
{
    const auto index = static_cast<std::size_t>(cell);
    const std::uint32_t marks = candidates.empty() ? all_digits(rules->size()) : candidates[index];
    if (const int digit = digits[index]; digit != 0)
        return marks & (1u << (digit - 1));
    return marks;
}

void decode(const VariantEncoding& encoding, std::span<const dlx::OptionId> options,
            std::vector<std::uint8_t>& digits)
{
    for (const dlx::OptionId option : options) {
        const Placement placement = encoding.placement_of[option];
        if (placement.cell >= 0)
            digits[static_cast<std::size_t>(placement.cell)] =
                static_cast<std::uint8_t>(placement.digit);
    }
}

VariantEncoding encode(const Rules& rules, const VariantPuzzle* puzzle)
{
    const int n = rules.size();
    const auto& groups = rules.groups();
    const auto digit_suffix = [](int d) { return "#" + std::to_string(d); };
    dlx::ProblemBuilder builder;

    // Items, numbered as they are added.
    std::vector<dlx::ItemId> cell_item(static_cast<std::size_t>(rules.canvas_size()));
    for (const int cell : rules.cells())
        cell_item[static_cast<std::size_t>(cell)] = builder.add_primary(rules.cell_name(cell));
    std::vector<dlx::ItemId> group_item; // first item of each group (digit 1)
    std::vector<bool> is_cage(groups.size(), false);
    for (std::size_t k = 0; k < rules.variant().cages.size(); ++k)
        is_cage[static_cast<std::size_t>(rules.cage_group(k))] = true;
    for (std::size_t g = 0; g < groups.size(); ++g) {
        const std::string name = compact(groups[g].name);
        const bool primary = groups[g].unit && !is_cage[g];
        for (int d = 1; d <= n; ++d) {
            const dlx::ItemId item = primary ? builder.add_primary(name + digit_suffix(d))
                                             : builder.add_secondary(name + digit_suffix(d));
            if (d == 1)
                group_item.push_back(item);
        }
    }
    // Per cell, the first item (digit 1) of each pair it is in.
    std::vector<std::vector<dlx::ItemId>> pair_items(static_cast<std::size_t>(rules.canvas_size()));
    for (const auto& [a, b] : rules.different_pairs()) {
        const std::string name = rules.cell_name(a) + "~" + rules.cell_name(b);
        for (int d = 1; d <= n; ++d) {
            const dlx::ItemId item = builder.add_secondary(name + digit_suffix(d));
            if (d == 1) {
                pair_items[static_cast<std::size_t>(a)].push_back(item);
                pair_items[static_cast<std::size_t>(b)].push_back(item);
            }
        }
    }
    // Per cell, the non-consecutive items: (first item, shift) with the item for digit d at
    // first + d - 1 - shift, for d from 1 + shift to n - 1 + shift.
    struct Apart {
        dlx::ItemId first;
        int shift;
    };
    std::vector<std::vector<Apart>> apart_items(static_cast<std::size_t>(rules.canvas_size()));
    for (const auto& [a, b] : rules.apart_pairs()) {
        const std::string rising = rules.cell_name(a) + "<" + rules.cell_name(b);
        const std::string falling = rules.cell_name(a) + ">" + rules.cell_name(b);
        // "a<b#d": d in a, d+1 in b. "a>b#d": d+1 in a, d in b.
        dlx::ItemId first_rising = 0, first_falling = 0;
        for (int d = 1; d < n; ++d) {
            const dlx::ItemId item = builder.add_secondary(rising + digit_suffix(d));
            if (d == 1)
                first_rising = item;
        }
        for (int d = 1; d < n; ++d) {
            const dlx::ItemId item = builder.add_secondary(falling + digit_suffix(d));
            if (d == 1)
                first_falling = item;
        }
        apart_items[static_cast<std::size_t>(a)].push_back({first_rising, 0});
        apart_items[static_cast<std::size_t>(b)].push_back({first_rising, 1});
        apart_items[static_cast<std::size_t>(a)].push_back({first_falling, 1});
        apart_items[static_cast<std::size_t>(b)].push_back({first_falling, 0});
    }
    std::vector<dlx::ItemId> cage_item;
    for (std::size_t k = 0; k < rules.variant().cages.size(); ++k) {
        if (rules.variant().cages[k].sum != 0)
            cage_item.push_back(builder.add_primary("cage" + std::to_string(k + 1)));
        else
            cage_item.push_back(0);
    }

    // Options: the placements, cell by cell, then the cages' digit sets.
    VariantEncoding encoding;
    encoding.option_of.assign(static_cast<std::size_t>(rules.canvas_size() * n), -1);
    std::vector<dlx::ItemId> items;
    for (const int cell : rules.cells()) {
        const auto index = static_cast<std::size_t>(cell);
        const std::uint32_t allowed = puzzle != nullptr && !puzzle->candidates.empty()
                                          ? puzzle->allowed(cell)
                                          : all_digits(n);
        for (int d = 1; d <= n; ++d) {
            if ((allowed & (1u << (d - 1))) == 0)
                continue;
            const auto offset = static_cast<dlx::ItemId>(d - 1);
            items.clear();
            items.push_back(cell_item[index]);
            for (const int g : rules.groups_of(cell))
                items.push_back(group_item[static_cast<std::size_t>(g)] + offset);
            for (const dlx::ItemId first : pair_items[index])
                items.push_back(first + offset);
            for (const Apart apart : apart_items[index]) {
                if (d - apart.shift >= 1 && d - apart.shift <= n - 1)
                    items.push_back(apart.first + static_cast<dlx::ItemId>(d - 1 - apart.shift));
            }
            encoding.option_of[index * static_cast<std::size_t>(n) + offset] =
                static_cast<std::int32_t>(builder.add_option(items));
            encoding.placement_of.push_back({cell, d});
        }
    }
    for (std::size_t k = 0; k < rules.variant().cages.size(); ++k) {
        const Cage& cage = rules.variant().cages[k];
        if (cage.sum == 0)
            continue;
        const dlx::ItemId first = group_item[static_cast<std::size_t>(rules.cage_group(k))];
        digit_sets(static_cast<int>(cage.cells.size()), n, cage.sum, 1, 0, [&](std::uint32_t set) {
            items.clear();
            items.push_back(cage_item[k]);
            for (int d = 1; d <= n; ++d) {
                if ((set & (1u << (d - 1))) == 0)
                    items.push_back(first + static_cast<dlx::ItemId>(d - 1));
            }
            builder.add_option(items);
            encoding.placement_of.push_back({-1, 0});
        });
    }
    encoding.problem = std::move(builder).build();
    return encoding;
}

VariantSolver::VariantSolver(std::shared_ptr<const Rules> rules)
    : rules_(std::move(rules)), encoding_(encode(*rules_)), engine_(encoding_.problem)
{
}

std::pair<dlx::Solver*, const VariantEncoding*> VariantSolver::prepare(
    const VariantPuzzle& puzzle, std::optional<std::string>& conflict)
{
    if (puzzle.rules.get() != rules_.get() && !(puzzle.rules->variant() == rules_->variant()))
        throw std::invalid_argument("sudoku::VariantSolver: the puzzle has other rules");
    conflict = rules_->find_fault(puzzle.digits);
    if (conflict)
        return {nullptr, nullptr};
    dlx::Solver* engine = &engine_;
    const VariantEncoding* encoding = &encoding_;
    if (puzzle.has_pencil_marks()) {
        marked_engine_.reset();
        marked_encoding_ = encode(*rules_, &puzzle);
        marked_engine_.emplace(marked_encoding_->problem);
        engine = &*marked_engine_;
        encoding = &*marked_encoding_;
    }
    givens_.clear();
    const auto n = static_cast<std::size_t>(rules_->size());
    for (const int cell : rules_->cells()) {
        const int digit = puzzle.digits[static_cast<std::size_t>(cell)];
        if (digit == 0)
            continue;
        const std::int32_t option = encoding->option_of[static_cast<std::size_t>(cell) * n +
                                                        static_cast<std::size_t>(digit - 1)];
        if (option < 0) // a given its pencil marks do not allow
            return {nullptr, nullptr};
        givens_.push_back(static_cast<dlx::OptionId>(option));
    }
    if (!engine->reset(givens_))
        return {nullptr, nullptr};
    return {engine, encoding};
}

VariantResult VariantSolver::solve(const VariantPuzzle& puzzle)
{
    VariantResult result;
    stats_ = {};
    const auto prepared = prepare(puzzle, result.conflict);
    dlx::Solver* const engine = prepared.first;
    const VariantEncoding* const encoding = prepared.second; // (a lambda may not take a binding)
    if (engine == nullptr) {
        result.status = result.conflict ? Status::conflict : Status::no_solution;
        return result;
    }
    result.solution = puzzle.digits;
    dlx::SearchOptions options;
    options.choice = dlx::ItemChoice::singles_first;
    options.method = search_method(encoding->problem);
    stats_ = engine->search(
        [&](std::span<const dlx::OptionId> solution) {
            decode(*encoding, solution, result.solution);
            return dlx::Visit::stop;
        },
        options);
    result.status = stats_.solutions > 0 ? Status::solved : Status::no_solution;
    if (result.status != Status::solved)
        result.solution.clear();
    return result;
}

std::uint64_t VariantSolver::count(const VariantPuzzle& puzzle, std::uint64_t limit,
                                   const std::atomic<bool>* cancel, std::uint64_t node_limit)
{
    stats_ = {};
    std::optional<std::string> conflict;
    const auto [engine, encoding] = prepare(puzzle, conflict);
    if (engine == nullptr)
        return 0;
    dlx::SearchOptions options;
    options.solution_limit = limit;
    options.node_limit = node_limit;
    options.choice = dlx::ItemChoice::singles_first;
    options.method = search_method(encoding->problem);
    if (cancel != nullptr) {
        options.cancel = cancel;
        options.progress_interval = 4096;
    }
    stats_ = engine->count(options);
    return stats_.solutions;
}

} // namespace sudoku
