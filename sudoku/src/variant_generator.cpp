// Distinct complete grids of a variant by randomised rounds of search. See variant_generator.hpp.
#include <sudoku/variant_generator.hpp>

#include <sudoku/variant_solver.hpp>

#include "in_order.hpp"

#include <dlx/random.hpp>
#include <dlx/solver.hpp>

#include <algorithm>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>

namespace sudoku {

namespace {

using dlx::mix;

std::uint64_t placement_key(std::size_t cell, int digit) noexcept
{
    return mix(0xbb67ae8584caa73bULL + cell * 32 + static_cast<std::uint64_t>(digit));
}

struct Round {
    std::vector<std::uint8_t> cells; // whole grids, one after another
    std::vector<std::uint64_t> fingerprints;
    bool complete = false; // the search ended without a limit: it saw every grid
};

class Worker {
public:
    Worker(const Rules& rules, int first_digit)
        : encoding_(encode(rules)), engine_(encoding_.problem),
          base_(static_cast<std::size_t>(rules.canvas_size()), 0)
    {
        if (first_digit != 0) {
            const int cell = rules.cells().front();
            const auto option = encoding_.option_of[static_cast<std::size_t>(cell) *
                                                        static_cast<std::size_t>(rules.size()) +
                                                    static_cast<std::size_t>(first_digit - 1)];
            base_[static_cast<std::size_t>(cell)] = static_cast<std::uint8_t>(first_digit);
            base_fingerprint_ = placement_key(static_cast<std::size_t>(cell), first_digit);
            possible_ = engine_.force(static_cast<dlx::OptionId>(option));
        }
    }

    void run(const VariantGeneratorSettings& settings, std::uint64_t index, Round& round)
    {
        round.cells.clear();
        round.fingerprints.clear();
        round.complete = !possible_;
        if (!possible_)
            return;
        dlx::SearchOptions options;
        options.seed = mix(settings.seed ^ mix(index));
        options.solution_limit = settings.boards_per_round;
        options.randomise = dlx::Randomise::options_only;
        options.choice = dlx::ItemChoice::singles_first;
        options.method = search_method(encoding_.problem);
        if (settings.node_budget != 0)
            options.node_limit = settings.node_budget * luby(index);
        const auto stats = engine_.search(
            [&](std::span<const dlx::OptionId> solution) {
                const std::size_t at = round.cells.size();
                round.cells.insert(round.cells.end(), base_.begin(), base_.end());
                std::uint64_t sum = base_fingerprint_;
                for (const dlx::OptionId option : solution) {
                    const Placement placement = encoding_.placement_of[option];
                    if (placement.cell < 0)
                        continue;
                    const auto cell = static_cast<std::size_t>(placement.cell);
                    round.cells[at + cell] = static_cast<std::uint8_t>(placement.digit);
                    sum += placement_key(cell, placement.digit);
                }
                round.fingerprints.push_back(sum == 0 ? 1 : sum);
                return dlx::Visit::keep_going;
            },
            options);
        round.complete = stats.stopped == dlx::Stop::none;
    }

    // The grids there are, counted up to `limit` within `node_limit` nodes; nothing when the
    // count did not finish below the limit.
    std::optional<std::uint64_t> count_all(std::uint64_t limit, std::uint64_t node_limit)
    {
        if (!possible_)
            return 0;
        dlx::SearchOptions options;
        options.solution_limit = limit;
        options.node_limit = node_limit;
        options.choice = dlx::ItemChoice::singles_first;
        options.method = search_method(encoding_.problem);
        const auto stats = engine_.count(options);
        if (stats.stopped != dlx::Stop::none)
            return std::nullopt;
        return stats.solutions;
    }

private:
    VariantEncoding encoding_;
    dlx::Solver engine_;
    std::vector<std::uint8_t> base_;
    std::uint64_t base_fingerprint_ = 0;
    bool possible_ = true;
};

} // namespace

std::uint64_t luby(std::uint64_t index) noexcept
{
    // The sequence from 1: find the block 2^k - 1 that holds i; at its end the term is
    // 2^(k-1), otherwise the term of i within the earlier blocks.
    std::uint64_t i = index + 1;
    for (;;) {
        std::uint64_t k = 1;
        while ((std::uint64_t{1} << k) - 1 < i)
            ++k;
        if (i == (std::uint64_t{1} << k) - 1)
            return std::uint64_t{1} << (k - 1);
        i -= (std::uint64_t{1} << (k - 1)) - 1;
    }
}

VariantBoardGenerator::VariantBoardGenerator(std::shared_ptr<const Rules> rules,
                                             const VariantGeneratorSettings& settings)
    : rules_(std::move(rules)), settings_(settings)
{
    if (settings_.first_digit < 0 || settings_.first_digit > rules_->size())
        throw std::invalid_argument("sudoku::VariantBoardGenerator: the first digit must be 1.." +
                                    std::to_string(rules_->size()));
    if (settings_.boards_per_round == 0)
        settings_.boards_per_round = 1;
    if (settings_.threads == 0)
        settings_.threads = std::max(1u, std::thread::hardware_concurrency());
}

VariantBoardGenerator::~VariantBoardGenerator() = default;

std::string VariantBoardGenerator::only(std::uint64_t grids) const
{
    const std::string with =
        settings_.first_digit != 0
            ? " with " + std::to_string(settings_.first_digit) + " in its first cell"
            : std::string();
    const std::string name = rules_->variant().describe();
    if (grids == 0)
        return name + " has no grid" + with;
    return name + " has only " + std::to_string(grids) + " distinct grid" +
           (grids == 1 ? "" : "s") + with;
}

void VariantBoardGenerator::generate(std::uint64_t count,
                                     const std::function<void(std::span<const std::uint8_t>)>& sink)
{
    const auto size = static_cast<std::size_t>(rules_->canvas_size());
    std::uint64_t produced = 0;
    const auto too_few = [&] {
        return std::runtime_error(
            rules_->variant().describe() + " has only " + std::to_string(seen_.size()) +
            " distinct grid" + (seen_.size() == 1 ? "" : "s") +
            (settings_.first_digit != 0
                 ? " with " + std::to_string(settings_.first_digit) + " in its first cell"
                 : std::string()));
    };
    if (count == 0)
        return;
    if (exhausted_)
        throw too_few();
    // Grids too few for the request are counted first when that is quick (4x4, 6x6, small
    // variants): up to ten nodes per grid asked for, a million at least.
    const std::uint64_t wanted = seen_.size() + count;
    if (const auto total = Worker(*rules_, settings_.first_digit)
                               .count_all(wanted, std::max<std::uint64_t>(1'000'000, 10 * count));
        total && *total < wanted)
        throw std::runtime_error(only(*total));
    seen_.reserve(seen_.size() + static_cast<std::size_t>(std::min<std::uint64_t>(count, 1 << 24)));
    constexpr unsigned rounds_per_thread = 4;
    next_round_ = detail::in_order<Round>(
        settings_.threads, rounds_per_thread * settings_.threads, next_round_,
        std::numeric_limits<std::uint64_t>::max(),
        [&] { return Worker(*rules_, settings_.first_digit); },
        [&](Worker& worker, std::uint64_t index, Round& round) {
            worker.run(settings_, index, round);
        },
        [&](Round& round) {
            std::size_t kept = 0;
            for (std::size_t i = 0; i < round.fingerprints.size() && produced < count; ++i) {
                if (seen_.insert(round.fingerprints[i])) {
                    if (kept != i)
                        std::copy_n(round.cells.begin() + static_cast<long>(i * size), size,
                                    round.cells.begin() + static_cast<long>(kept * size));
                    ++kept;
                    ++produced;
                }
            }
            if (kept > 0)
                sink(std::span<const std::uint8_t>(round.cells.data(), kept * size));
            if (round.complete && produced < count)
                exhausted_ = true;
            return produced < count && !exhausted_;
        });
    if (produced < count)
        throw too_few();
}

} // namespace sudoku
