// Distinct complete boards by randomised enumeration of exact covers. See generator.hpp.
#include <sudoku/generator.hpp>

#include <sudoku/encoding.hpp>

#include <dlx/solver.hpp>

#include <algorithm>
#include <condition_variable>
#include <cstring>
#include <mutex>
#include <stdexcept>
#include <thread>

namespace sudoku {

namespace {

std::uint64_t mix(std::uint64_t x) noexcept
{
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

// One round: a fresh randomised search, taking up to `boards` covers.
struct Round {
    std::uint64_t index = 0;
    std::vector<Grid> grids;
    std::vector<std::uint64_t> fingerprints;
    bool ready = false;
};

class Worker {
public:
    explicit Worker(int first_digit) : engine_(standard_encoding().problem)
    {
        if (!engine_.force(option_of(0, first_digit)))
            throw std::logic_error("sudoku::BoardGenerator: cannot force the first digit");
        base_.set(0, first_digit);
    }

    void run(std::uint64_t seed, std::uint32_t boards, Round& round)
    {
        round.grids.clear();
        round.fingerprints.clear();
        dlx::SearchOptions options;
        options.seed = mix(seed ^ mix(round.index));
        options.solution_limit = boards;
        // The options' random order alone varies the boards enough; random ties between
        // items would cost a third more time per board (two more scans of the 324 items).
        options.randomise = dlx::Randomise::options_only;
        const auto& encoding = standard_encoding();
        engine_.search(
            [&](std::span<const dlx::OptionId> solution) {
                Grid grid = base_;
                decode(encoding, solution, grid);
                round.grids.push_back(grid);
                round.fingerprints.push_back(fingerprint(grid));
                return dlx::Visit::keep_going;
            },
            options);
    }

private:
    dlx::Solver engine_;
    Grid base_;
};

} // namespace

FingerprintSet::FingerprintSet(std::size_t expected)
{
    std::size_t capacity = 1024;
    while (capacity < 2 * expected)
        capacity *= 2;
    slots_.assign(capacity, 0);
}

void FingerprintSet::grow()
{
    std::vector<std::uint64_t> old(slots_.size() * 2, 0);
    old.swap(slots_);
    size_ = 0;
    for (const std::uint64_t member : old) {
        if (member != 0)
            insert(member);
    }
}

bool FingerprintSet::insert(std::uint64_t fingerprint)
{
    if (2 * (size_ + 1) > slots_.size())
        grow();
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t slot = fingerprint & mask;; slot = (slot + 1) & mask) {
        if (slots_[slot] == fingerprint)
            return false;
        if (slots_[slot] == 0) {
            slots_[slot] = fingerprint;
            ++size_;
            return true;
        }
    }
}

std::uint64_t fingerprint(const Grid& grid) noexcept
{
    // Pack the 81 digits (4 bits each) into six words and mix them: a full 64-bit avalanche
    // over the whole grid.
    std::uint64_t words[6] = {};
    for (int i = 0; i < Grid::cells; ++i)
        words[i / 16] |= static_cast<std::uint64_t>(grid[i]) << (4 * (i % 16));
    std::uint64_t h = 0x243f6a8885a308d3ULL;
    for (const std::uint64_t word : words)
        h = mix(h ^ word);
    return h == 0 ? 1 : h;
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
    const unsigned threads = settings_.threads;
    // A ring of rounds: thread t fills the rounds t, t + threads, t + 2 * threads, ...; the
    // caller's thread takes them in order. `depth` rounds per thread may wait to be taken.
    constexpr unsigned depth = 4;
    std::vector<Round> ring(static_cast<std::size_t>(threads) * depth);
    std::mutex mutex;
    std::condition_variable changed;
    bool done = false;
    std::uint64_t taken = next_round_; // rounds consumed by the caller's thread

    auto work = [&](unsigned t) {
        Worker worker(settings_.first_digit);
        for (std::uint64_t index = next_round_ + t;; index += threads) {
            Round& round = ring[index % ring.size()];
            {
                std::unique_lock lock(mutex);
                changed.wait(lock, [&] { return done || (!round.ready && index < taken + ring.size()); });
                if (done)
                    return;
            }
            round.index = index;
            worker.run(settings_.seed, settings_.boards_per_round, round);
            {
                std::lock_guard lock(mutex);
                round.ready = true;
            }
            changed.notify_all();
        }
    };

    std::vector<std::jthread> pool;
    for (unsigned t = 0; t < threads; ++t)
        pool.emplace_back(work, t);

    std::vector<Grid> batch;
    std::uint64_t produced = 0;
    try {
        while (produced < count) {
            Round& round = ring[taken % ring.size()];
            {
                std::unique_lock lock(mutex);
                changed.wait(lock, [&] { return round.ready; });
            }
            batch.clear();
            for (std::size_t i = 0; i < round.grids.size() && produced < count; ++i) {
                if (seen_.insert(round.fingerprints[i])) {
                    batch.push_back(round.grids[i]);
                    ++produced;
                }
            }
            {
                std::lock_guard lock(mutex);
                round.ready = false;
                ++taken;
            }
            changed.notify_all();
            if (!batch.empty())
                sink(batch);
        }
    } catch (...) {
        {
            std::lock_guard lock(mutex);
            done = true;
        }
        changed.notify_all();
        throw;
    }
    {
        std::lock_guard lock(mutex);
        done = true;
    }
    changed.notify_all();
    pool.clear();
    // Rounds filled ahead but not taken are thrown away: the next call starts after the last
    // round taken, so the output still depends only on the settings and the counts.
    next_round_ = taken;
}

} // namespace sudoku
