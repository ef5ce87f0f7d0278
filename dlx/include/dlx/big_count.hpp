// A count of any size: the totals of many jobs, and counts that no 64-bit word holds (the
// domino tilings of a 16x16 board number 2.4e30). Only what counting needs: sums, differences,
// products by a word, comparison, and decimal text.
//
// The library's own, rather than Boost.Multiprecision's cpp_int or GMP: its users (CMake
// projects through find_package, the WebAssembly page, the Python module) then need nothing
// besides the library, and a count that fits in 64 bits, as nearly every count does, is one
// word with no allocation.
#pragma once

#include <dlx/random.hpp>

#include <compare>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace dlx {

/// A natural number of any size.
class BigCount {
public:
    BigCount() = default;
    BigCount(std::uint64_t value) noexcept : low_(value) {} // NOLINT: a count converts freely

    BigCount& operator+=(const BigCount& other);
    BigCount& operator+=(std::uint64_t value)
    {
        if (high_.empty() && low_ + value >= low_) { // no carry: the common case, inline
            low_ += value;
            return *this;
        }
        return *this += BigCount(value);
    }
    /// Subtracts `other`, which must not be larger (ArgumentError otherwise).
    BigCount& operator-=(const BigCount& other);
    BigCount& operator*=(std::uint64_t factor);
    friend BigCount operator+(BigCount a, const BigCount& b) { return a += b; }
    friend BigCount operator-(BigCount a, const BigCount& b) { return a -= b; }
    friend BigCount operator*(BigCount a, std::uint64_t factor) { return a *= factor; }

    friend bool operator==(const BigCount&, const BigCount&) = default;
    friend std::strong_ordering operator<=>(const BigCount& a, const BigCount& b) noexcept;

    /// The value, when it fits in 64 bits.
    [[nodiscard]] std::optional<std::uint64_t> to_u64() const noexcept;
    /// How many bits the value needs (0 for 0).
    [[nodiscard]] std::size_t bit_width() const noexcept;
    /// A number drawn uniformly from 0 to this one less one (which must be above 0:
    /// ArgumentError otherwise).
    [[nodiscard]] BigCount random_below(Random& random) const;
    /// The number in decimal.
    [[nodiscard]] std::string to_string() const;
    /// Reads a decimal number: digits only, at most `max_digits` of them. Throws ArgumentError.
    static BigCount parse(std::string_view text);
    static constexpr std::size_t max_digits = 100000;

private:
    [[nodiscard]] std::size_t size() const noexcept { return 1 + high_.size(); }
    [[nodiscard]] std::uint64_t limb(std::size_t i) const noexcept
    {
        return i == 0 ? low_ : i <= high_.size() ? high_[i - 1] : 0;
    }
    void set_limb(std::size_t i, std::uint64_t value);
    void trim() noexcept; // no leading zero limbs in high_

    std::uint64_t low_ = 0;           // the lowest 64 bits
    std::vector<std::uint64_t> high_; // the next 64 bits, and so on; empty below 2^64
};

} // namespace dlx
