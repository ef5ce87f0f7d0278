// BigCount against published numbers (2^128, 2^200, 100!, the 300th Fibonacci number) and
// against a second model written here: decimal strings added and multiplied digit by digit,
// as on paper.
#include <dlx/big_count.hpp>
#include <dlx/error.hpp>
#include <dlx/random.hpp>

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <string>

namespace Catch {
template <> struct StringMaker<dlx::BigCount> {
    static std::string convert(const dlx::BigCount& count) { return count.to_string(); }
};
} // namespace Catch

namespace {

// The paper model: non-negative decimal strings, no leading zeros ("0" for zero).
std::string paper_add(const std::string& a, const std::string& b)
{
    std::string sum;
    int carry = 0;
    for (std::size_t i = 0; i < std::max(a.size(), b.size()) || carry != 0; ++i) {
        const int x = i < a.size() ? a[a.size() - 1 - i] - '0' : 0;
        const int y = i < b.size() ? b[b.size() - 1 - i] - '0' : 0;
        sum += static_cast<char>('0' + (x + y + carry) % 10);
        carry = (x + y + carry) / 10;
    }
    std::reverse(sum.begin(), sum.end());
    return sum;
}

std::string paper_times(const std::string& a, unsigned factor) // factor below 10^9
{
    std::string product;
    std::uint64_t carry = 0;
    for (std::size_t i = 0; i < a.size() || carry != 0; ++i) {
        const std::uint64_t x =
            i < a.size() ? static_cast<std::uint64_t>(a[a.size() - 1 - i] - '0') : 0;
        const std::uint64_t value = x * factor + carry;
        product += static_cast<char>('0' + value % 10);
        carry = value / 10;
    }
    while (product.size() > 1 && product.back() == '0')
        product.pop_back();
    std::reverse(product.begin(), product.end());
    return product;
}

std::string random_number(dlx::Random& random)
{
    const std::size_t digits = 1 + random.below(60);
    std::string text(1, static_cast<char>('1' + random.below(9)));
    for (std::size_t i = 1; i < digits; ++i)
        text += static_cast<char>('0' + random.below(10));
    return text;
}

} // namespace

TEST_CASE("counts past 2^64 add up and print as the published numbers", "[big_count]")
{
    dlx::BigCount count(std::numeric_limits<std::uint64_t>::max());
    count += 1;
    CHECK(count.to_string() == "18446744073709551616");
    CHECK(!count.to_u64());
    CHECK(count.bit_width() == 65);
    count += dlx::BigCount::parse("81553255926290448384");
    CHECK(count.to_string() == "100000000000000000000");
    CHECK(dlx::BigCount().to_string() == "0");
    CHECK(dlx::BigCount().bit_width() == 0);
    CHECK(dlx::BigCount(12).to_u64() == 12u);

    dlx::BigCount power(1);
    for (int k = 1; k <= 200; ++k) {
        power += power;
        if (k == 128)
            CHECK(power.to_string() == "340282366920938463463374607431768211456");
    }
    CHECK(power.to_string() == "1606938044258990275541962092341162602522202993782792835301376");
    CHECK(power.bit_width() == 201);

    dlx::BigCount factorial(1);
    for (std::uint64_t k = 2; k <= 100; ++k)
        factorial *= k;
    CHECK(factorial.to_string() ==
          "93326215443944152681699238856266700490715968264381621468592963895217599993229915608941"
          "463976156518286253697920827223758251185210916864000000000000000000000000");

    dlx::BigCount a(0), b(1);
    for (int k = 0; k < 300; ++k) {
        const dlx::BigCount next = a + b;
        a = b;
        b = next;
    }
    CHECK(a.to_string() == "222232244629420445529739893461909967206666939096499764990979600");
    CHECK(b - a < a); // the 299th
    CHECK((b - a) + a == b);
}

TEST_CASE("counts agree with sums and products done on paper", "[big_count]")
{
    dlx::Random random(2026);
    for (int round = 0; round < 2000; ++round) {
        const std::string x = random_number(random), y = random_number(random);
        const auto factor = static_cast<unsigned>(random.below(1'000'000'000));
        const dlx::BigCount a = dlx::BigCount::parse(x), b = dlx::BigCount::parse(y);
        INFO(x << " and " << y << ", times " << factor);
        REQUIRE(a.to_string() == x);
        REQUIRE((a + b).to_string() == paper_add(x, y));
        REQUIRE((a * factor).to_string() == paper_times(x, factor));
        const bool less = x.size() != y.size() ? x.size() < y.size() : x < y;
        REQUIRE((a < b) == less);
        REQUIRE((a == b) == (x == y));
        if (!less)
            REQUIRE(((a - b) + b) == a);
        else
            REQUIRE_THROWS_AS(a - b, dlx::ArgumentError);
    }
}

TEST_CASE("only decimal digits read as a count", "[big_count]")
{
    CHECK(dlx::BigCount::parse("007").to_string() == "7");
    CHECK(dlx::BigCount::parse("0").to_string() == "0");
    const std::string long_one = "1" + std::string(199, '0');
    CHECK(dlx::BigCount::parse(long_one).to_string() == long_one);
    CHECK_THROWS_AS(dlx::BigCount::parse(""), dlx::ArgumentError);
    CHECK_THROWS_AS(dlx::BigCount::parse("12a"), dlx::ArgumentError);
    CHECK_THROWS_AS(dlx::BigCount::parse("-1"), dlx::ArgumentError);
    CHECK_THROWS_AS(dlx::BigCount::parse(" 1"), dlx::ArgumentError);
    CHECK_THROWS_AS(dlx::BigCount::parse(std::string(dlx::BigCount::max_digits + 1, '9')),
                    dlx::ArgumentError);
}
