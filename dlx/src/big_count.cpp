// BigCount (big_count.hpp): limbs of 64 bits, lowest first, the lowest one kept apart so that a
// count below 2^64 allocates nothing.
#include <dlx/big_count.hpp>
#include <dlx/error.hpp>

#include <algorithm>
#include <bit>

namespace dlx {

namespace {

__extension__ using Wide = unsigned __int128; // GCC and Clang; -Wpedantic wants the marker

// 10^19, the largest power of ten in a limb: decimal text is read and written 19 digits at a
// time.
constexpr std::uint64_t ten_to_19 = 10'000'000'000'000'000'000ULL;

} // namespace

void BigCount::set_limb(std::size_t i, std::uint64_t value)
{
    if (i == 0) {
        low_ = value;
        return;
    }
    if (high_.size() < i)
        high_.resize(i, 0);
    high_[i - 1] = value;
}

void BigCount::trim() noexcept
{
    while (!high_.empty() && high_.back() == 0)
        high_.pop_back();
}

BigCount& BigCount::operator+=(const BigCount& other)
{
    const std::size_t n = std::max(size(), other.size());
    std::uint64_t carry = 0;
    for (std::size_t i = 0; i < n || carry != 0; ++i) {
        const Wide sum = Wide{limb(i)} + other.limb(i) + carry;
        set_limb(i, static_cast<std::uint64_t>(sum));
        carry = static_cast<std::uint64_t>(sum >> 64);
    }
    return *this;
}

BigCount& BigCount::operator-=(const BigCount& other)
{
    if (*this < other)
        throw ArgumentError("dlx::BigCount: " + other.to_string() + " is larger than " +
                            to_string());
    std::uint64_t borrow = 0;
    for (std::size_t i = 0; i < size(); ++i) {
        const std::uint64_t a = limb(i), b = other.limb(i);
        const std::uint64_t difference = a - b - borrow;
        borrow = (a < b || (a == b && borrow != 0)) ? 1 : 0;
        set_limb(i, difference);
    }
    trim();
    return *this;
}

BigCount& BigCount::operator*=(std::uint64_t factor)
{
    std::uint64_t carry = 0;
    const std::size_t n = size();
    for (std::size_t i = 0; i < n; ++i) {
        const Wide product = Wide{limb(i)} * factor + carry;
        set_limb(i, static_cast<std::uint64_t>(product));
        carry = static_cast<std::uint64_t>(product >> 64);
    }
    if (carry != 0)
        set_limb(n, carry);
    trim();
    return *this;
}

std::strong_ordering operator<=>(const BigCount& a, const BigCount& b) noexcept
{
    if (a.size() != b.size())
        return a.size() <=> b.size();
    for (std::size_t i = a.size(); i-- > 0;) {
        if (a.limb(i) != b.limb(i))
            return a.limb(i) <=> b.limb(i);
    }
    return std::strong_ordering::equal;
}

std::optional<std::uint64_t> BigCount::to_u64() const noexcept
{
    if (!high_.empty())
        return std::nullopt;
    return low_;
}

std::size_t BigCount::bit_width() const noexcept
{
    const std::uint64_t top = limb(size() - 1);
    return 64 * (size() - 1) + static_cast<std::size_t>(std::bit_width(top));
}

BigCount BigCount::random_below(Random& random) const
{
    if (*this == BigCount())
        throw ArgumentError("dlx::BigCount::random_below: nothing is below 0");
    // Draw as many bits as the bound has, until the number drawn is below it (at most half the
    // draws are refused).
    const std::size_t top = size() - 1;
    const auto top_bits = static_cast<int>(std::bit_width(limb(top)));
    const std::uint64_t top_mask =
        top_bits == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << top_bits) - 1;
    for (;;) {
        BigCount drawn;
        for (std::size_t i = 0; i <= top; ++i)
            drawn.set_limb(i, i == top ? random.next() & top_mask : random.next());
        drawn.trim();
        if (drawn < *this)
            return drawn;
    }
}

std::string BigCount::to_string() const
{
    // Divide by 10^19 until nothing is left, each remainder 19 digits of the answer.
    std::vector<std::uint64_t> limbs(size());
    for (std::size_t i = 0; i < limbs.size(); ++i)
        limbs[i] = limb(i);
    std::vector<std::uint64_t> chunks; // lowest first
    while (limbs.size() > 1 || limbs[0] != 0) {
        Wide remainder = 0;
        for (std::size_t i = limbs.size(); i-- > 0;) {
            const Wide value = (remainder << 64) | limbs[i];
            limbs[i] = static_cast<std::uint64_t>(value / ten_to_19);
            remainder = value % ten_to_19;
        }
        chunks.push_back(static_cast<std::uint64_t>(remainder));
        while (limbs.size() > 1 && limbs.back() == 0)
            limbs.pop_back();
    }
    if (chunks.empty())
        return "0";
    std::string text = std::to_string(chunks.back());
    for (std::size_t i = chunks.size() - 1; i-- > 0;) {
        const std::string digits = std::to_string(chunks[i]);
        text.append(19 - digits.size(), '0');
        text += digits;
    }
    return text;
}

BigCount BigCount::parse(std::string_view text)
{
    const bool digits_only = !text.empty() && std::all_of(text.begin(), text.end(), [](char c) {
        return c >= '0' && c <= '9';
    });
    if (!digits_only || text.size() > max_digits)
        throw ArgumentError("not a count: '" + std::string(text.substr(0, 40)) +
                            (text.size() > 40 ? "...'" : "'"));
    BigCount count;
    // The first chunk takes what is left over from whole chunks of 19 digits.
    std::size_t at = 0, take = text.size() % 19 == 0 ? 19 : text.size() % 19;
    while (at < text.size()) {
        std::uint64_t chunk = 0, scale = 1;
        for (std::size_t k = 0; k < take; ++k) {
            chunk = chunk * 10 + static_cast<std::uint64_t>(text[at + k] - '0');
            scale *= 10;
        }
        count *= scale;
        count += chunk;
        at += take;
        take = 19;
    }
    return count;
}

} // namespace dlx
