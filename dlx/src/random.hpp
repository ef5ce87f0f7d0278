// A small, fast, seedable random generator whose output is the same on every platform
// (std::uniform_int_distribution is not: its algorithm is left to each standard library).
#pragma once

#include <cstdint>

namespace dlx::detail {

/// xoshiro256** (Blackman and Vigna), seeded through splitmix64 so that nearby seeds give
/// unrelated streams.
class Random64 {
public:
    explicit Random64(std::uint64_t seed = 0) noexcept
    {
        for (auto& word : state_) {
            seed += 0x9e3779b97f4a7c15ULL;
            std::uint64_t z = seed;
            z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
            z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
            word = z ^ (z >> 31);
        }
    }

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

private:
    static std::uint64_t rotl(std::uint64_t x, int k) noexcept { return (x << k) | (x >> (64 - k)); }
    std::uint64_t state_[4]{};
};

} // namespace dlx::detail
