// The ordered work helper behind the generator and the maker (sudoku/src/in_order.hpp): every
// piece taken once, in order, with the contents made for its number, whatever the threads, the
// ring and the timing; early stops and failures.
#include "in_order.hpp"

#include <catch2/catch.hpp>

#include <chrono>
#include <cstdint>
#include <stdexcept>
#include <thread>
#include <vector>

namespace {

struct Piece {
    std::uint64_t number = 0;
    std::uint64_t value = 0;
};

std::uint64_t value_of(std::uint64_t number) { return number * 0x9E3779B97F4A7C15ULL ^ 7; }

// A make step that takes a little while, longer for some numbers, so that threads overtake each
// other.
void make_piece(std::uint64_t number, Piece& piece)
{
    if (number % 7 == 3)
        std::this_thread::sleep_for(std::chrono::microseconds(200));
    piece.number = number;
    piece.value = value_of(number);
}

} // namespace

TEST_CASE("in_order takes every piece once, in order, on any number of threads",
          "[sudoku][in_order]")
{
    const unsigned threads = GENERATE(1u, 2u, 3u, 5u);
    const std::size_t ring = GENERATE(std::size_t{1}, std::size_t{2}, std::size_t{8});
    std::vector<std::uint64_t> taken;
    bool contents_right = true;
    const std::uint64_t end = sudoku::detail::in_order<Piece>(
        threads, ring, 10, 150, [] { return 0; },
        [](int&, std::uint64_t number, Piece& piece) { make_piece(number, piece); },
        [&](const Piece& piece) {
            taken.push_back(piece.number);
            contents_right = contents_right && piece.value == value_of(piece.number);
            return true;
        });
    CHECK(end == 150);
    REQUIRE(taken.size() == 140);
    for (std::size_t i = 0; i < taken.size(); ++i)
        REQUIRE(taken[i] == 10 + i);
    CHECK(contents_right);
}

TEST_CASE("in_order: the caller's thread building its state late claims nothing out of turn",
          "[sudoku][in_order]")
{
    // The caller builds its state only when it first has a piece to make; a slow build lets the
    // other threads claim the whole ring meanwhile. It must look again before claiming (once,
    // it took the piece one ring further on, whose slot was the next piece's: wrong contents,
    // then a wait for ever).
    const auto caller = std::this_thread::get_id();
    std::vector<std::uint64_t> taken;
    bool contents_right = true;
    sudoku::detail::in_order<Piece>(
        3, 4, 0, 200,
        [&] {
            if (std::this_thread::get_id() == caller)
                std::this_thread::sleep_for(std::chrono::milliseconds(30));
            return 0;
        },
        [](int&, std::uint64_t number, Piece& piece) {
            piece.number = number;
            piece.value = value_of(number);
        },
        [&](const Piece& piece) {
            taken.push_back(piece.number);
            contents_right = contents_right && piece.value == value_of(piece.number);
            return true;
        });
    REQUIRE(taken.size() == 200);
    for (std::size_t i = 0; i < taken.size(); ++i)
        REQUIRE(taken[i] == i);
    CHECK(contents_right);
}

TEST_CASE("in_order stops when take says so and tells where", "[sudoku][in_order]")
{
    const unsigned threads = GENERATE(1u, 2u, 4u);
    std::uint64_t last = 0;
    const std::uint64_t end = sudoku::detail::in_order<Piece>(
        threads, 8, 0, std::uint64_t{1} << 62, [] { return 0; },
        [](int&, std::uint64_t number, Piece& piece) { make_piece(number, piece); },
        [&](const Piece& piece) {
            last = piece.number;
            return piece.number < 41;
        });
    CHECK(last == 41);
    CHECK(end == 42);
}

TEST_CASE("in_order passes on a failure from any thread", "[sudoku][in_order]")
{
    const unsigned threads = GENERATE(1u, 2u, 3u);
    SECTION("in make")
    {
        std::uint64_t taken = 0;
        CHECK_THROWS_WITH(sudoku::detail::in_order<Piece>(
                              threads, 4, 0, 1000, [] { return 0; },
                              [](int&, std::uint64_t number, Piece& piece) {
                                  if (number == 37)
                                      throw std::runtime_error("piece 37 failed");
                                  make_piece(number, piece);
                              },
                              [&](const Piece&) { return ++taken, true; }),
                          "piece 37 failed");
        CHECK(taken <= 37);
    }
    SECTION("in take")
    {
        CHECK_THROWS_WITH(
            sudoku::detail::in_order<Piece>(
                threads, 4, 0, 1000, [] { return 0; },
                [](int&, std::uint64_t number, Piece& piece) { make_piece(number, piece); },
                [&](const Piece& piece) {
                    if (piece.number == 12)
                        throw std::runtime_error("sink failed");
                    return true;
                }),
            "sink failed");
    }
    SECTION("in a thread's state")
    {
        const auto caller = std::this_thread::get_id();
        CHECK_THROWS_WITH(
            sudoku::detail::in_order<Piece>(
                threads, 4, 0, 1000,
                [&] {
                    if (threads == 1 || std::this_thread::get_id() != caller)
                        throw std::runtime_error("no state");
                    return 0;
                },
                [](int&, std::uint64_t number, Piece& piece) { make_piece(number, piece); },
                [](const Piece&) { return true; }),
            "no state");
    }
}

TEST_CASE("in_order reads each piece's input in order and ends where the input does",
          "[sudoku][in_order]")
{
    const unsigned threads = GENERATE(1u, 2u, 4u);
    std::vector<std::uint64_t> read_order, taken;
    const std::uint64_t end = sudoku::detail::in_order<Piece>(
        threads, 3, 0, 1000, [] { return 0; },
        [&](std::uint64_t number, Piece& piece) {
            if (number == 57)
                return false; // the input has 57 pieces
            read_order.push_back(number);
            piece.value = value_of(number); // the input
            return true;
        },
        [](int&, std::uint64_t number, Piece& piece) {
            piece.number = number;
            piece.value = piece.value == value_of(number) ? piece.value : 0;
        },
        [&](const Piece& piece) {
            taken.push_back(piece.value == value_of(piece.number) ? piece.number : 999999);
            return true;
        });
    CHECK(end == 57);
    REQUIRE(read_order.size() == 57);
    REQUIRE(taken.size() == 57);
    for (std::uint64_t i = 0; i < 57; ++i) {
        REQUIRE(read_order[i] == i);
        REQUIRE(taken[i] == i);
    }
}
