// The project's one random generator: small, fast, seedable, and the same stream on every
// platform (the standard library's distributions are not: their algorithms are left to each
// implementation). The engine's seeded searches and the Sudoku toolkit both draw from it, so a
// seed means the same thing everywhere.
#pragma once

#include <cstdint>
#include <utility>

namespace dlx {

/// splitmix64's finaliser (Steele, Lea and Flood): a bijection of 64-bit words with full
/// avalanche. Derives independent seeds from related ones, e.g. `mix(seed ^ mix(index))`.
[[nodiscard]] constexpr std::uint64_t mix(std::uint64_t x) noexcept
{
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

/// xoshiro256** (Blackman and Vigna), its state seeded through splitmix64 so that nearby seeds
/// give unrelated streams.
class Random {
public:
    explicit Random(std::uint64_t seed = 0) noexcept
    {
        for (auto& word : state_) {
            word = mix(seed);
            seed += 0x9e3779b97f4a7c15ULL;
        }
    }

    /// The next 64 random bits.
    std::uint64_t next() noexcept
    {
        const std::uint64_t result = rotl(state_[1] * 5, 7) * 9;
        const std::uint64_t t = state_[1] << 17;
        state_[2] ^= state_[0];
        state_[3] ^= state_[1];
        state_[1] ^= state_[2];
        state_[0] ^= state_[3];
        state_[2] ^= t;
        state_[3] = rotl(state_[3], 45);
        return result;
    }

    /// A uniform integer in [0, bound), bound > 0, without modulo bias (Lemire's method).
    std::uint32_t below(std::uint32_t bound) noexcept
    {
        std::uint64_t product = (next() >> 32) * bound;
        auto low = static_cast<std::uint32_t>(product);
        if (low < bound) {
            const std::uint32_t threshold = (0u - bound) % bound;
            while (low < threshold) {
                product = (next() >> 32) * bound;
                low = static_cast<std::uint32_t>(product);
            }
        }
        return static_cast<std::uint32_t>(product >> 32);
    }

    /// Shuffles [first, last) uniformly (Fisher-Yates), fewer than 2^32 elements.
    template <typename It> void shuffle(It first, It last) noexcept
    {
        for (auto n = last - first; n > 1; --n)
            std::swap(first[n - 1], first[below(static_cast<std::uint32_t>(n))]);
    }

private:
    static std::uint64_t rotl(std::uint64_t x, int k) noexcept
    {
        return (x << k) | (x >> (64 - k));
    }
    std::uint64_t state_[4]{};
};

} // namespace dlx
