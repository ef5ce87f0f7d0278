// Seeded randomness for the Sudoku library, the same on every platform (the standard
// distributions are not: their algorithms are left to each library).
#pragma once

#include <cstdint>
#include <utility>

namespace sudoku::detail {

/// splitmix64's finaliser: a bijection of 64-bit words with full avalanche, for deriving
/// independent seeds from (seed, index) pairs.
[[nodiscard]] constexpr std::uint64_t mix(std::uint64_t x) noexcept
{
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

/// splitmix64: small and fast; plenty for shuffling cells.
class Random {
public:
    explicit Random(std::uint64_t seed) noexcept : state_(seed) {}

    std::uint64_t next() noexcept { return mix(state_++ * 0x9e3779b97f4a7c15ULL); }

    /// A uniform integer in [0, bound), 0 < bound < 2^32, without modulo bias (Lemire).
    std::uint32_t below(std::uint32_t bound) noexcept
    {
        std::uint64_t product = (next() >> 32) * bound;
        if (static_cast<std::uint32_t>(product) < bound) {
            const std::uint32_t threshold = (0u - bound) % bound;
            while (static_cast<std::uint32_t>(product) < threshold)
                product = (next() >> 32) * bound;
        }
        return static_cast<std::uint32_t>(product >> 32);
    }

    /// Fisher-Yates over [first, last).
    template <typename It> void shuffle(It first, It last) noexcept
    {
        for (auto n = last - first; n > 1; --n)
            std::swap(first[n - 1], first[below(static_cast<std::uint32_t>(n))]);
    }

private:
    std::uint64_t state_;
};

} // namespace sudoku::detail
