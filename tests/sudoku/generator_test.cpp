// The board generator: valid, distinct boards with the chosen top-left digit, reproducible
// from a seed whatever the thread count.
#include "support/board_check.hpp"

#include <sudoku/generator.hpp>

#include <catch2/catch.hpp>

#include <set>

namespace {

std::vector<sudoku::Grid> generate(sudoku::BoardGenerator& generator, std::uint64_t count)
{
    std::vector<sudoku::Grid> boards;
    generator.generate(count, [&](std::span<const sudoku::Grid> batch) {
        boards.insert(boards.end(), batch.begin(), batch.end());
    });
    return boards;
}

std::vector<sudoku::Grid> generate(const sudoku::GeneratorSettings& settings, std::uint64_t count)
{
    sudoku::BoardGenerator generator(settings);
    return generate(generator, count);
}

} // namespace

TEST_CASE("generates valid, distinct boards with the chosen top-left digit", "[sudoku][generator]")
{
    const int digit = GENERATE(1, 5, 9);
    sudoku::GeneratorSettings settings;
    settings.first_digit = digit;
    settings.seed = 42;
    settings.threads = 2;
    const auto boards = generate(settings, 20000);
    REQUIRE(boards.size() == 20000);
    std::set<std::string> distinct;
    for (const auto& board : boards) {
        dlx_test::Board cells{};
        for (int i = 0; i < 81; ++i)
            cells[static_cast<std::size_t>(i)] = board[i];
        REQUIRE(dlx_test::valid_solution(cells));
        REQUIRE(board[0] == digit);
        distinct.insert(board.to_string());
    }
    CHECK(distinct.size() == boards.size());
}

TEST_CASE("the same seed gives the same boards on any number of threads", "[sudoku][generator]")
{
    sudoku::GeneratorSettings settings;
    settings.seed = 7;
    settings.boards_per_round = 50;
    settings.threads = 1;
    const auto one = generate(settings, 3000);
    settings.threads = 2;
    CHECK(generate(settings, 3000) == one);
    settings.threads = 3;
    CHECK(generate(settings, 3000) == one);
    settings.seed = 8;
    CHECK(generate(settings, 3000) != one);
}

TEST_CASE("boards stay distinct across calls", "[sudoku][generator]")
{
    sudoku::GeneratorSettings settings;
    settings.seed = 3;
    settings.boards_per_round = 10;
    sudoku::BoardGenerator generator(settings);
    std::set<std::string> seen;
    std::size_t total = 0;
    for (int call = 0; call < 5; ++call) {
        generator.generate(777, [&](std::span<const sudoku::Grid> batch) {
            for (const auto& board : batch)
                seen.insert(board.to_string());
            total += batch.size();
        });
    }
    CHECK(total == 5 * 777);
    CHECK(seen.size() == total);
    CHECK(generator.seen().size() == total);
}

TEST_CASE("the generator's set holds each board's fingerprint", "[sudoku][generator]")
{
    sudoku::GeneratorSettings settings;
    settings.seed = 11;
    settings.first_digit = 4;
    sudoku::BoardGenerator generator(settings);
    const auto boards = generate(generator, 2000);
    // The generator adds up each cover's keys as the search finds them; fingerprint() reads
    // the grid. Both must agree, or a board could come out twice.
    sudoku::FingerprintSet seen = generator.seen();
    for (const auto& board : boards)
        REQUIRE_FALSE(seen.insert(sudoku::fingerprint(board)));
    CHECK(seen.size() == boards.size());
}

TEST_CASE("a fingerprint depends on every placement", "[sudoku][generator]")
{
    sudoku::GeneratorSettings settings;
    settings.seed = 12;
    const sudoku::Grid board = generate(settings, 1).front();
    sudoku::FingerprintSet seen;
    REQUIRE(seen.insert(sudoku::fingerprint(board)));
    for (int cell = 0; cell < sudoku::Grid::cells; ++cell) {
        for (int digit = 0; digit <= 9; ++digit) {
            if (digit == board[cell])
                continue;
            sudoku::Grid changed = board;
            changed.set(cell, digit);
            REQUIRE(seen.insert(sudoku::fingerprint(changed)));
        }
    }
}

TEST_CASE("the fingerprint set refuses what it holds", "[sudoku][generator]")
{
    sudoku::FingerprintSet set;
    for (std::uint64_t i = 1; i <= 10000; ++i)
        REQUIRE(set.insert(i * 0x9E3779B97F4A7C15ULL | 1));
    for (std::uint64_t i = 1; i <= 10000; ++i)
        REQUIRE_FALSE(set.insert(i * 0x9E3779B97F4A7C15ULL | 1));
    CHECK(set.size() == 10000);
    CHECK(set.memory() <= 24 * 10000);
}
