// Distinct complete boards by randomised enumeration of exact covers. See generator.hpp.
#include <sudoku/generator.hpp>

#include <sudoku/encoding.hpp>

#include "in_order.hpp"

#include <dlx/random.hpp>
#include <dlx/solver.hpp>

#include <algorithm>
#include <array>
#include <limits>
#include <stdexcept>
#include <thread>

namespace sudoku {

namespace {

using dlx::mix;

// The high 64 bits of a * b, in portable C++ (no __int128 under -Wpedantic).
std::uint64_t high_product(std::uint64_t a, std::uint64_t b) noexcept
{
    const std::uint64_t a_low = a & 0xffffffffU, a_high = a >> 32;
    const std::uint64_t b_low = b & 0xffffffffU, b_high = b >> 32;
    const std::uint64_t low_low = a_low * b_low, high_low = a_high * b_low;
    const std::uint64_t low_high = a_low * b_high, high_high = a_high * b_high;
    const std::uint64_t cross = (low_low >> 32) + (high_low & 0xffffffffU) + low_high;
    return high_high + (high_low >> 32) + (cross >> 32);
}

// A random 64-bit key per placement (option): a board's fingerprint is the sum of its
// placements' keys. A sum does not depend on the order of its terms, so a cover's fingerprint
// is taken straight from its options, in whatever order the search found them, without reading
// the grid back; and for two different boards the sums differ by a sum of keys that are in one
// and not the other, which is as random as the keys themselves.
constexpr std::size_t placements = 9 * Grid::cells;
const std::array<std::uint64_t, placements> placement_keys = [] {
    std::array<std::uint64_t, placements> keys{};
    for (std::size_t i = 0; i < placements; ++i)
        keys[i] = mix(0x6a09e667f3bcc908ULL + i);
    return keys;
}();

std::uint64_t placement_key(dlx::OptionId option) noexcept { return placement_keys[option]; }

// One round: a fresh randomised search, taking up to `boards` covers.
struct Round {
    std::vector<Grid> grids;
    std::vector<std::uint64_t> fingerprints;
};

class Worker {
public:
    explicit Worker(int first_digit) : engine_(standard_encoding().problem)
    {
        if (!engine_.force(option_of(0, first_digit)))
            throw std::logic_error("sudoku::BoardGenerator: cannot force the first digit");
        base_.set(0, first_digit);
        base_fingerprint_ = placement_key(option_of(0, first_digit));
    }

    // Fills `round` with the first `boards` covers of the search seeded for round `index`.
    void run(std::uint64_t seed, std::uint64_t index, std::uint32_t boards, Round& round)
    {
        round.grids.clear();
        round.fingerprints.clear();
        dlx::SearchOptions options;
        options.seed = mix(seed ^ mix(index));
        options.solution_limit = boards;
        // The options' random order alone varies the boards enough; random ties between
        // items would cost a third more time per board (two more scans of the 324 items).
        options.randomise = dlx::Randomise::options_only;
        options.choice = dlx::ItemChoice::singles_first; // 1.85 to 1.33 us a board

        const auto& encoding = standard_encoding();
        engine_.search(
            [&](std::span<const dlx::OptionId> solution) {
                decode(encoding, solution, round.grids.emplace_back(base_)); // in place
                std::uint64_t sum = base_fingerprint_;
                for (const dlx::OptionId option : solution)
                    sum += placement_key(option);
                round.fingerprints.push_back(sum == 0 ? 1 : sum);
                return dlx::Visit::keep_going;
            },
            options);
    }

private:
    dlx::Solver engine_;
    Grid base_;
    std::uint64_t base_fingerprint_ = 0;
};

} // namespace

// Slots are found by "fast range" (the high half of fingerprint * capacity), so the capacity
// need not be a power of two and the table can be sized to its load: at most 70% full.
FingerprintSet::FingerprintSet(std::size_t expected) { reserve(expected); }

void FingerprintSet::reserve(std::size_t members)
{
    const std::size_t wanted = std::max<std::size_t>(1024, members + members * 3 / 7 + 1);
    if (wanted <= slots_.size())
        return;
    std::vector<std::uint64_t> old(wanted, 0);
    old.swap(slots_);
    size_ = 0;
    for (const std::uint64_t member : old) {
        if (member != 0)
            insert(member);
    }
}

void FingerprintSet::prefetch(std::uint64_t fingerprint) const noexcept
{
    __builtin_prefetch(slots_.data() + high_product(fingerprint, slots_.size()));
}

bool FingerprintSet::insert(std::uint64_t fingerprint)
{
    if (10 * (size_ + 1) > 7 * slots_.size())
        reserve(2 * size_ + 2);
    const std::size_t capacity = slots_.size();
    std::size_t slot = static_cast<std::size_t>(high_product(fingerprint, capacity));
    for (;;) {
        if (slots_[slot] == fingerprint)
            return false;
        if (slots_[slot] == 0) {
            slots_[slot] = fingerprint;
            ++size_;
            return true;
        }
        if (++slot == capacity)
            slot = 0;
    }
}

std::uint64_t fingerprint(const Grid& grid) noexcept
{
    std::uint64_t sum = 0;
    for (int cell = 0; cell < Grid::cells; ++cell) {
        if (const int digit = grid[cell]; digit != 0)
            sum += placement_key(option_of(cell, digit));
    }
    return sum == 0 ? 1 : sum;
}

BoardGenerator::BoardGenerator(const GeneratorSettings& settings) : settings_(settings)
{
    if (settings_.first_digit < 1 || settings_.first_digit > 9)
        throw std::invalid_argument("sudoku::BoardGenerator: the first digit must be 1..9");
    if (settings_.boards_per_round == 0)
        settings_.boards_per_round = 1;
    if (settings_.threads == 0)
        settings_.threads = std::max(1u, std::thread::hardware_concurrency());
}

BoardGenerator::~BoardGenerator() = default;

void BoardGenerator::generate(std::uint64_t count,
                              const std::function<void(std::span<const Grid>)>& sink)
{
    if (count == 0)
        return;
    seen_.reserve(seen_.size() + static_cast<std::size_t>(count)); // a hint: may wrap on 32 bits
    std::uint64_t produced = 0;
    constexpr unsigned rounds_per_thread = 4; // made ahead of the one being taken
    // Rounds made ahead but not taken are thrown away: the next call starts after the last
    // round taken, so the output still depends only on the settings and the counts.
    next_round_ = detail::in_order<Round>(
        settings_.threads, rounds_per_thread * settings_.threads, next_round_,
        std::numeric_limits<std::uint64_t>::max(), [&] { return Worker(settings_.first_digit); },
        [&](Worker& worker, std::uint64_t index, Round& round) {
            worker.run(settings_.seed, index, settings_.boards_per_round, round);
        },
        [&](Round& round) {
            // The boards seen before are dropped in place (almost never: the grids are handed
            // on as they are).
            std::size_t kept = 0;
            for (std::size_t i = 0; i < round.grids.size() && produced < count; ++i) {
                // The set is far larger than the caches: ask for a slot a few boards ahead.
                if (i + 8 < round.fingerprints.size())
                    seen_.prefetch(round.fingerprints[i + 8]);
                if (seen_.insert(round.fingerprints[i])) {
                    if (kept != i)
                        round.grids[kept] = round.grids[i];
                    ++kept;
                    ++produced;
                }
            }
            if (kept > 0)
                sink(std::span<const Grid>(round.grids.data(), kept));
            return produced < count;
        });
}

} // namespace sudoku
