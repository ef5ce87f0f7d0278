// The exchange formats (formats.hpp): every format written and read back; the one-line and
// grid readers on a real example of their formats (typed in from the program named beside it),
// and their faults. OpenSudoku and SadMan files: formats_files_test.cpp.
#include "formats_check.hpp"
#include "support/text.hpp"

#include <sudoku/formats.hpp>
#include <sudoku/text_format.hpp>
#include <sudoku/variant_solver.hpp>

#include <catch2/catch.hpp>

#include <algorithm>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

using dlx_test::lines;
using formats_check::classic;
using formats_check::Failure;
using formats_check::failure_of;
using formats_check::givens_of;
using formats_check::gnome_easy;
using formats_check::marks_of;
using formats_check::only;
using sudoku::Format;
using sudoku::VariantPuzzle;

namespace {

bool same_cells(int a, int b)
{
    return a / 9 == b / 9 || a % 9 == b % 9 || (a / 27 == b / 27 && a % 9 / 3 == b % 9 / 3);
}

// What a pencil-mark grid shows of a puzzle: a given's digit, a blank's candidates less the
// digits of the givens it sees (written from the rules, apart from the library's own).
std::vector<std::uint32_t> shown(const VariantPuzzle& puzzle)
{
    std::vector<std::uint32_t> cells(81);
    for (int cell = 0; cell < 81; ++cell) {
        const auto at = static_cast<std::size_t>(cell);
        if (puzzle.digits[at] != 0) {
            cells[at] = 0x1000u | puzzle.digits[at];
            continue;
        }
        cells[at] = puzzle.candidates.empty() ? 0x1FFu : puzzle.candidates[at];
        for (int other = 0; other < 81; ++other) {
            if (other != cell && same_cells(cell, other) && puzzle.digits[other] != 0)
                cells[at] &= ~(1u << (puzzle.digits[other] - 1));
        }
    }
    return cells;
}

// The puzzles the repository's streaming reader finds in `text` (board, line, sdm).
std::vector<VariantPuzzle> read_with_puzzle_reader(const std::string& text)
{
    std::istringstream in(text);
    sudoku::PuzzleReader reader(in, "test.txt");
    std::vector<VariantPuzzle> puzzles;
    for (sudoku::PuzzleRecord record; reader.next(record);) {
        REQUIRE_FALSE(record.error);
        if (record.variant) {
            puzzles.push_back(*record.variant);
        } else {
            VariantPuzzle puzzle = VariantPuzzle::blank(sudoku::classic_rules(9));
            puzzle.digits.assign(record.grid.digits().begin(), record.grid.digits().end());
            puzzles.push_back(puzzle);
        }
    }
    return puzzles;
}

// The puzzle written in `format`, read back by that format's reader.
VariantPuzzle read_back(Format format, const std::string& text)
{
    INFO(text);
    REQUIRE(!text.empty());
    CHECK(text.back() == '\n');
    switch (format) {
    case Format::board:
    case Format::line:
    case Format::sdm: {
        const auto puzzles = read_with_puzzle_reader(text);
        REQUIRE(puzzles.size() == 1);
        return puzzles[0];
    }
    case Format::ss: return sudoku::read_pm_grid(lines(text));
    case Format::sdk: return *only(sudoku::read_sdk(text)).puzzle;
    case Format::opensudoku: return *only(sudoku::read_opensudoku(text)).puzzle;
    case Format::pencil_marks: return sudoku::read_pencil_marks(text);
    case Format::hodoku: return sudoku::read_hodoku(text);
    case Format::fpuzzles: return sudoku::read_fpuzzles(text);
    }
    FAIL("no such format");
    return {};
}

} // namespace

TEST_CASE("every format has a name that finds it", "[formats]")
{
    for (const Format format : sudoku::all_formats)
        CHECK(sudoku::format_named(sudoku::format_name(format)) == format);
    CHECK(sudoku::format_named("pm") == Format::pencil_marks);
    CHECK_FALSE(sudoku::format_named("PM"));
    CHECK_FALSE(sudoku::format_named("pencil_marks"));
}

TEST_CASE("every format writes a classic puzzle that reads back the same", "[formats]")
{
    const Format format =
        GENERATE(from_range(std::begin(sudoku::all_formats), std::end(sudoku::all_formats)));
    INFO(sudoku::format_name(format));
    const VariantPuzzle puzzle = classic(gnome_easy);
    const VariantPuzzle read = read_back(format, sudoku::write_puzzle(format, puzzle));
    CHECK(read.rules->variant() == puzzle.rules->variant());
    CHECK(read.digits == puzzle.digits);
    if (format == Format::pencil_marks) // a PM grid shows what the givens leave
        CHECK(shown(read) == shown(puzzle));
    else
        CHECK(read.candidates.empty());
}

TEST_CASE("the formats that hold pencil marks write them and read them back", "[formats]")
{
    // Candidates that leave out what the givens see, a cell of one candidate seen elsewhere.
    VariantPuzzle puzzle = classic(gnome_easy);
    puzzle.candidates = shown(puzzle);
    for (auto& marks : puzzle.candidates)
        marks = marks > 0x1FFu ? 0x1FFu : marks;
    puzzle.candidates[3] = 0b110000; // r1c4: 5 or 6 (the givens leave 2, 5, 6)
    puzzle.candidates[4] = 0b10010;  // r1c5: 2 or 5
    puzzle.candidates[5] = 0b10;     // r1c6: 2 only, which r1c5 allows
    for (const Format format : {Format::pencil_marks, Format::hodoku, Format::fpuzzles}) {
        INFO(sudoku::format_name(format));
        const VariantPuzzle read = read_back(format, sudoku::write_puzzle(format, puzzle));
        CHECK(read.digits == puzzle.digits);
        CHECK(read.candidates == puzzle.candidates);
    }
    const VariantPuzzle from_grid = sudoku::read_pm_grid(lines(sudoku::write_pm_grid(puzzle)));
    CHECK(from_grid.digits == puzzle.digits);
    CHECK(from_grid.candidates == puzzle.candidates);

    for (const Format format :
         {Format::board, Format::line, Format::ss, Format::sdk, Format::sdm, Format::opensudoku}) {
        INFO(sudoku::format_name(format));
        const Failure failure = failure_of([&] { return sudoku::write_puzzle(format, puzzle); });
        CHECK_THAT(failure.message, Catch::Contains("holds no pencil marks"));
        CHECK_THAT(failure.message, Catch::Contains("r1c4"));
    }
    CHECK_THAT(failure_of([&] { return sudoku::write_puzzle(Format::opensudoku, puzzle); }).message,
               Catch::Contains("notes are a player's"));
}

TEST_CASE("a format that cannot hold a puzzle says so", "[formats]")
{
    VariantPuzzle big = VariantPuzzle::blank(sudoku::classic_rules(16));
    big.digits[0] = 16; // a symbol above 4: a 16x16 grid, not sixteen 4x4 puzzles
    for (const Format format : {Format::board, Format::line}) // any size
        CHECK(read_back(format, sudoku::write_puzzle(format, big)).digits == big.digits);
    CHECK(failure_of([&] { return sudoku::write_puzzle(Format::ss, big); }).message ==
          "the .ss format holds classic 9x9 puzzles only, not 16x16");
    for (const Format format :
         {Format::sdk, Format::sdm, Format::opensudoku, Format::pencil_marks, Format::hodoku})
        CHECK_THAT(failure_of([&] { return sudoku::write_puzzle(format, big); }).message,
                   Catch::EndsWith("holds classic 9x9 puzzles only, not 16x16"));

    sudoku::Variant killer = sudoku::Variant::classic(9);
    killer.cages.push_back({{0, 1}, 3});
    const VariantPuzzle caged = VariantPuzzle::blank(std::make_shared<const sudoku::Rules>(killer));
    CHECK_THAT(failure_of([&] { return sudoku::write_puzzle(Format::board, caged); }).message,
               Catch::Contains("the board format holds the classic rules only"));
    CHECK_THAT(failure_of([&] { return sudoku::write_puzzle(Format::hodoku, caged); }).message,
               Catch::Contains("classic 9x9 puzzles only"));
    CHECK(sudoku::read_fpuzzles(sudoku::write_puzzle(Format::fpuzzles, caged)).rules->variant() ==
          killer);

    VariantPuzzle short_of_cells = VariantPuzzle::blank(sudoku::classic_rules(9));
    short_of_cells.digits.pop_back();
    CHECK_THROWS_AS(sudoku::write_puzzle(Format::line, short_of_cells), std::invalid_argument);
}

TEST_CASE("the plain formats are written as their programs write them", "[formats]")
{
    const VariantPuzzle puzzle = classic(gnome_easy);
    CHECK(sudoku::write_puzzle(Format::sdm, puzzle) == gnome_easy + "\n");
    CHECK(sudoku::write_puzzle(Format::line, puzzle) ==
          "379....14.6..1..7..8...9..5435..7....9..4..2....8..4369..7...8..4..8..5.85....249\n");
    const std::string ss = sudoku::write_puzzle(Format::ss, puzzle);
    CHECK(lines(ss).size() == 11);
    CHECK(lines(ss)[0] == "379|...|.14");
    CHECK(lines(ss)[3] == "-----------");
    CHECK(lines(sudoku::write_puzzle(Format::sdk, puzzle))[8] == "85....249");
    CHECK(lines(sudoku::write_puzzle(Format::board, puzzle))[0] == "3 7 9 . . . . 1 4");
    CHECK(sudoku::write_puzzle(Format::hodoku, puzzle).substr(0, 17) == ":0000:x:379....14");
    CHECK(sudoku::write_puzzle(Format::pencil_marks, puzzle).substr(0, 27) == "..3......"
                                                                              "......7.."
                                                                              "........9");
    CHECK(sudoku::write_puzzle(Format::opensudoku, puzzle) ==
          "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<opensudoku>\n  <name>Puzzles</name>\n"
          "  <game data=\"" +
              gnome_easy + "\"/>\n</opensudoku>\n");
}

namespace {

// SukakuExplainer's example of a sukaku that is slow to solve (its BruteForceAnalysis).
const std::string sukaku =
    "123456789123456789123456789..3456789123456789123456789...4..7..123456789123456789"
    "123456789..3.56.89123456789123456789123456789123456789123456789123456789123456789"
    "123456789..3..6.891234567891234567891234...8.1234567891.34..78.123456789123456789"
    "123456789123456789123456789..3..6.89..3..6..9123456789123456789..3..6..9123456789"
    "1234567891234567891..45.78.1234567891234567891234567891..4..78912.4...89123456789"
    "123456789123456789123456789........9123456789123456789123456789123456789123456789"
    "1.3.567..1.3.56.891234567891234567891234567891234567891..4..7..123456789123456789"
    "123456789..3.56...123456789..3..6.89.23..6.8.123456789123456789123456789123456789"
    "123456789..3..6.8.1.3.56.8........89123456789123456789123456789..34.6.89123456789";

} // namespace

TEST_CASE("729 characters of pencil marks are read as SukakuExplainer reads them", "[formats]")
{
    const VariantPuzzle puzzle = sudoku::read_pencil_marks(sukaku);
    CHECK(marks_of(puzzle, 6) == "47");         // r1c7
    CHECK(marks_of(puzzle, 40) == "123456789"); // r5c5
    CHECK(marks_of(puzzle, 48) == "9");         // r6c4: one candidate, which r4c4 allows too
    CHECK(puzzle.digits[48] == 0);              // so a naked single, not a given
    CHECK(givens_of(puzzle) == std::string(81, '.'));
    CHECK(sudoku::write_puzzle(Format::pencil_marks, puzzle) == sukaku + "\n");

    // The absent mark may be '0', '*' or '_', one of them; a lone candidate nothing else
    // allows is a given; white space around the line is allowed.
    std::string stars = sukaku;
    std::replace(stars.begin(), stars.end(), '.', '*');
    CHECK(sudoku::read_pencil_marks(stars).candidates == puzzle.candidates);
    std::string zeros; // r4c1 allows 1 alone, and none of its row, column and box allows 1
    for (int cell = 0; cell < 81; ++cell) {
        std::string group = "123456789";
        if (cell == 27)
            group = "100000000";
        else if (same_cells(cell, 27))
            group[0] = '0';
        zeros += group;
    }
    const VariantPuzzle given = sudoku::read_pencil_marks("  " + zeros + "\r\n");
    CHECK(given.digits[27] == 1);
    CHECK(marks_of(given, 27) == "123456789"); // a given's cell allows every digit
    CHECK(marks_of(given, 0) == "23456789");
}

TEST_CASE("729 characters with a fault say which column", "[formats]")
{
    const auto fault = [](const std::string& line) {
        return failure_of([&] { return sudoku::read_pencil_marks(line); });
    };
    CHECK(fault(sukaku.substr(1)).message ==
          "pencil marks are 729 characters (9 per cell), not 728");
    std::string mixed = sukaku;
    const std::size_t dot = sukaku.find('.', 300);
    mixed[dot] = '0';
    const Failure second_mark = fault(mixed);
    CHECK(second_mark.line == 1);
    CHECK(second_mark.column == dot + 1);
    CHECK(second_mark.message == "'0' after '.': one character stands for every absent candidate");
    std::string misplaced = sukaku;
    misplaced[1] = '1';
    CHECK(fault(misplaced).column == 2);
    CHECK(fault(misplaced).message == "'1' in the place of candidate 2 of r1c1");
    std::string empty = sukaku;
    empty.replace(9, 9, ".........");
    CHECK(fault(" " + empty).column == 11);
    CHECK(fault(" " + empty).message == "r1c2 allows no digit");
}

TEST_CASE("HoDoKu's library lines give the givens and the deleted candidates", "[formats]")
{
    // The two examples of HoDoKu's regression library (reglib-1.4.txt): '+' before a placed
    // digit, which is not a given; deleted candidates as digit, row, column.
    const std::string example1 =
        ":0003:8:6...+53+4.7....4+2+56.+254867+3+9+1.+4..+9+6.1.162+38+5749.3"
        "..+1+4.+5....42193..1.+57...+44+2.6+3.+1+75:::829:";
    CHECK(sudoku::is_hodoku_line(example1));
    const VariantPuzzle first = sudoku::read_hodoku(example1);
    CHECK(givens_of(first) ==
          "6....3..7....4..6..54867..........1.162.8.749.3..........42193..1..7..."
          ".4..6....5"); // as the library says
    CHECK(first.candidates.empty());

    const std::string example2 =
        ":0603:3:14+8..+9+72+5.+3...89.697+6....38.+61......3+2.8.56...9..."
        "...2.5+9+186....+8+3....61+6+1...35+89:224 524 225 525 135 455 755 "
        "458 758 165 168 771 284 484 784 285 485 785:364 365::";
    CHECK(sudoku::is_hodoku_line(example2));
    const VariantPuzzle second = sudoku::read_hodoku(example2);
    CHECK(givens_of(second) ==
          "14.....2......89.697.....38..1......3..8.56...9......2.5..86.........."
          "61.....35.9");
    CHECK(marks_of(second, 12) == "1346789");  // r2c4: "224" and "524"
    CHECK(marks_of(second, 40) == "1235689");  // r5c5: "455" and "755"
    CHECK(marks_of(second, 49) == "23456789"); // r6c5: "165"
    CHECK(marks_of(second, 8) == "123456789");
    CHECK(sudoku::read_hodoku(sudoku::write_puzzle(Format::hodoku, second)).candidates ==
          second.candidates);

    // The line the research note gives, written without a step.
    const VariantPuzzle plain = sudoku::read_hodoku(
        "  :0000:x:7.2.34.8.........2.8..51.74.......51..63.27..29.......14.76..2.8.........2.51.8.7"
        ":::\n");
    CHECK(givens_of(plain) ==
          "7.2.34.8.........2.8..51.74.......51..63.27..29.......14.76..2.8.........2.51.8.7");
    CHECK(sudoku::write_puzzle(Format::hodoku, plain) ==
          ":0000:x:7.2.34.8.........2.8..51.74.......51..63.27..29.......14.76..2.8.........2.51.8"
          ".7:::\n");
}

TEST_CASE("a HoDoKu line with a fault says which column", "[formats]")
{
    const std::string cells =
        "7.2.34.8.........2.8..51.74.......51..63.27..29.......14.76..2.8.........2.51.8.7";
    const auto fault = [](const std::string& line) {
        return failure_of([&] { return sudoku::read_hodoku(line); });
    };
    CHECK_FALSE(sudoku::is_hodoku_line(":0000:x:" + cells + "::"));
    CHECK_FALSE(sudoku::is_hodoku_line(cells));
    CHECK_THAT(fault(":0000:x:" + cells + "::").message,
               Catch::StartsWith("a HoDoKu library line"));
    CHECK(fault(":0000:x:" + cells.substr(1) + ":::").message ==
          "the cells field holds 80 cells, not 81");
    const Failure plus = fault(":0000:x:+." + cells.substr(1) + ":::");
    CHECK(plus.column == 9);
    CHECK(plus.message == "'+' must come before a digit placed in its cell");
    const Failure entry = fault(":0000:x:" + cells + ":524 52:::");
    CHECK(entry.column == 95);
    CHECK_THAT(entry.message, Catch::StartsWith("\"52\" is not a deleted candidate"));
    CHECK(fault(":0000:x:" + cells + ":711:::").message == "\"711\" deletes the given 7 of r1c1");
    CHECK(fault(":0000:x:" + cells + ":112 212 312 412 512 612 712 812 912:::").message ==
          "\"912\" deletes the last candidate of r1c2");
}

namespace {

// Simple Sudoku's export of a puzzle, its grid after a few moves, and its pencil marks, as
// HoDoKu's Sudoku2.setSudoku() quotes it.
const std::string simple_sudoku = R"( *-----------*
 |8..|4..|...|
 |.65|...|.42|
 |9..|.8.|1.6|
 |---+---+---|
 |7..|.65|..8|
 |...|...|...|
 |2..|94.|..5|
 |---+---+---|
 |5.9|.2.|..7|
 |47.|...|29.|
 |...|..1|..4|
 *-----------*
)";
const std::string simple_sudoku_marks = R"(
 *-----------------------------------------------------------------------------*
 | 8       123     1237    | 4       135     2369    | 3579    357     39      |
 | 13      6       5       | 13      7       39      | 89      4       2       |
 | 9       234     2347    | 235     8       23      | 1       357     6       |
 |-------------------------+-------------------------+-------------------------|
 | 7       1349    134     | 123     6       5       | 349     123     8       |
 | 136     134589  13468   | 1238    13      2378    | 34679   12367   139     |
 | 2       138     1368    | 9       4       378     | 367     1367    5       |
 |-------------------------+-------------------------+-------------------------|
 | 5       138     9       | 368     2       4       | 368     1368    7       |
 | 4       7       1368    | 3568    35      368     | 2       9       13      |
 | 36      238     2368    | 7       9       1       | 3568    3568    4       |
 *-----------------------------------------------------------------------------*
)";

} // namespace

TEST_CASE("grids over lines are read framed or not, plain or with pencil marks", "[formats]")
{
    const VariantPuzzle puzzle = sudoku::read_pm_grid(lines(simple_sudoku));
    CHECK(givens_of(puzzle) ==
          "8..4......65....429...8.1.67...65..8.........2..94...55.9.2...747....29......1..4");
    CHECK(puzzle.candidates.empty());

    const VariantPuzzle marked = sudoku::read_pm_grid(lines(simple_sudoku_marks));
    CHECK(marks_of(marked, 1) == "123");
    CHECK(marked.digits[0] == 8);  // one candidate that no other cell of its units allows
    CHECK(marked.digits[13] == 7); // the move made in the grid after the export
    CHECK(marks_of(marked, 9) == "13");
    for (std::size_t cell = 0; cell < 81; ++cell) { // the givens stay, with what they leave
        if (puzzle.digits[cell] != 0)
            CHECK(marked.digits[cell] == puzzle.digits[cell]);
    }
    // Both have the one solution.
    sudoku::VariantSolver solver(sudoku::classic_rules(9));
    const sudoku::VariantResult plain = solver.solve(puzzle);
    REQUIRE(plain.status == sudoku::Status::solved);
    CHECK(solver.count(puzzle) == 1);
    CHECK(solver.solve(marked).solution == plain.solution);

    // HoDoKu's frame, written and read back; the same rows without a frame.
    const std::string grid = sudoku::write_pm_grid(marked);
    CHECK(lines(grid)[0].substr(0, 6) == ".-----");
    CHECK(lines(grid)[1].substr(0, 14) == "| 8    123    ");
    CHECK(lines(grid)[4].substr(0, 2) == ":-");
    CHECK(lines(grid)[12].substr(0, 2) == "'-");
    CHECK(sudoku::read_pm_grid(lines(grid)).candidates == marked.candidates);
    std::vector<std::string> bare;
    for (const std::string& line : lines(grid)) {
        if (line.find("--") == std::string::npos) {
            std::string row = line;
            std::replace(row.begin(), row.end(), '|', ' ');
            bare.push_back(row);
        }
    }
    CHECK(sudoku::read_pm_grid(bare).digits == marked.digits);
}

TEST_CASE("a grid over lines with a fault says which line", "[formats]")
{
    std::vector<std::string> rows = lines(simple_sudoku);
    const auto fault = [&] { return failure_of([&] { return sudoku::read_pm_grid(rows); }); };
    rows[2] = " |.65|...|.4|";
    CHECK(fault().line == 3);
    CHECK(fault().message == "a row of 9 cells was expected: found 3 groups of 8 symbols");
    rows[2] = " |.65|...|.4x|";
    CHECK(fault().line == 3);
    CHECK(fault().column == 13);
    CHECK(fault().message == "'x' in a cell, which holds digits 1-9 (or '.' for a blank)");
    rows.erase(rows.begin() + 2);
    CHECK(fault().line == 12);
    CHECK(fault().message == "the grid has 8 rows, not 9");
    rows = lines(simple_sudoku_marks);
    rows[2].replace(3, 1, ".");
    CHECK(fault().line == 3);
    CHECK(fault().column == 4);
    CHECK(fault().message == "r1c1 has no candidate: in a PM grid every cell lists its own");
    rows = lines(simple_sudoku_marks);
    rows.insert(rows.begin() + 3, rows[3]);
    CHECK(fault().line == 14);
    CHECK(fault().message == "a tenth row: a grid has 9");
}
