// The project's random generator: the published streams, reproducibility, bounded draws.
#include <dlx/random.hpp>

#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <numeric>
#include <vector>

TEST_CASE("mix is splitmix64's output function", "[dlx][random]")
{
    // The first two outputs of splitmix64 from state 0, as published with it.
    CHECK(dlx::mix(0) == 0xe220a8397b1dcdafULL);
    CHECK(dlx::mix(0x9e3779b97f4a7c15ULL) == 0x6e789e6aa1b965f4ULL);
}

TEST_CASE("the same seed gives the same stream, another seed another", "[dlx][random]")
{
    dlx::Random a(42), b(42), c(43);
    std::vector<std::uint64_t> from_a, from_b, from_c;
    for (int i = 0; i < 100; ++i) {
        from_a.push_back(a.next());
        from_b.push_back(b.next());
        from_c.push_back(c.next());
    }
    CHECK(from_a == from_b);
    CHECK(from_a != from_c);
    CHECK(std::adjacent_find(from_a.begin(), from_a.end()) == from_a.end());
}

TEST_CASE("below(n) stays below n and reaches every value about equally often", "[dlx][random]")
{
    dlx::Random random(7);
    const std::uint32_t bound = GENERATE(1u, 2u, 3u, 10u, 1000u);
    std::vector<int> seen(bound, 0);
    const int draws = 2000 * static_cast<int>(bound);
    std::uint32_t largest = 0;
    for (int i = 0; i < draws; ++i) {
        const std::uint32_t value = random.below(bound);
        largest = std::max(largest, value);
        if (value < bound)
            ++seen[value];
    }
    REQUIRE(largest < bound);
    // 2000 expected per value; a fair draw stays within 6 standard deviations (about 270).
    CHECK(*std::min_element(seen.begin(), seen.end()) > 1700);
    CHECK(*std::max_element(seen.begin(), seen.end()) < 2300);
    // A bound near 2^32 is still honoured.
    std::uint32_t near_top = 0;
    for (int i = 0; i < 1000; ++i)
        near_top = std::max(near_top, random.below(0xfffffffbu));
    CHECK(near_top < 0xfffffffbu);
    CHECK(near_top > 0xf0000000u);
}

TEST_CASE("shuffle permutes, and every order of three comes up", "[dlx][random]")
{
    dlx::Random random(1);
    std::vector<int> values(50);
    std::iota(values.begin(), values.end(), 0);
    random.shuffle(values.begin(), values.end());
    std::vector<int> sorted = values;
    std::sort(sorted.begin(), sorted.end());
    CHECK(sorted[0] == 0);
    CHECK(std::adjacent_find(sorted.begin(), sorted.end(),
                             [](int x, int y) { return y != x + 1; }) == sorted.end());
    CHECK(values != sorted);

    std::array<int, 6> orders{};
    for (int i = 0; i < 6000; ++i) {
        std::array<int, 3> three{0, 1, 2};
        random.shuffle(three.begin(), three.end());
        ++orders[static_cast<std::size_t>(three[0] * 2 + (three[1] > three[2] ? 1 : 0))];
    }
    for (const int count : orders)
        CHECK((count > 800 && count < 1200));
}
