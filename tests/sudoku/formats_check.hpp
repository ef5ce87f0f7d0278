// What the tests of the exchange formats (formats_test.cpp, formats_files_test.cpp) share:
// puzzles from text and back, and the fault a reader throws.
#pragma once

#include <sudoku/formats.hpp>

#include <catch2/catch.hpp>

#include <string>
#include <vector>

namespace formats_check {

using sudoku::FormatError;
using sudoku::ReadPuzzle;
using sudoku::VariantPuzzle;

// The puzzle of 81 symbols ('.' or '0' for a blank).
inline VariantPuzzle classic(const std::string& line)
{
    VariantPuzzle puzzle = VariantPuzzle::blank(sudoku::classic_rules(9));
    for (std::size_t i = 0; i < 81; ++i)
        puzzle.digits[i] = static_cast<std::uint8_t>(line[i] == '.' ? 0 : line[i] - '0');
    return puzzle;
}

// The givens as 81 characters, '.' for a blank.
inline std::string givens_of(const VariantPuzzle& puzzle)
{
    std::string line;
    for (const std::uint8_t digit : puzzle.digits)
        line += digit == 0 ? '.' : static_cast<char>('0' + digit);
    return line;
}

// The candidates of cell `cell` as digits ("" for a puzzle without pencil marks).
inline std::string marks_of(const VariantPuzzle& puzzle, int cell)
{
    std::string digits;
    if (puzzle.candidates.empty())
        return digits;
    for (int d = 1; d <= 9; ++d) {
        if ((puzzle.candidates[static_cast<std::size_t>(cell)] >> (d - 1)) & 1u)
            digits += static_cast<char>('0' + d);
    }
    return digits;
}

inline ReadPuzzle only(const std::vector<ReadPuzzle>& puzzles)
{
    REQUIRE(puzzles.size() == 1);
    return puzzles[0];
}

struct Failure {
    std::string message;
    std::size_t line = 0;
    std::size_t column = 0;
};

template <typename Read> Failure failure_of(Read read)
{
    try {
        (void)read();
    } catch (const FormatError& error) {
        return {error.what(), error.line(), error.column()};
    }
    FAIL("read without an error");
    return {};
}

// Gnome-Sudoku's first easy puzzle, as OpenSudoku's sample file holds it.
inline const std::string gnome_easy =
    "379000014060010070080009005435007000090040020000800436900700080040080050850000249";

} // namespace formats_check
