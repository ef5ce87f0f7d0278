// Reading puzzle files in every accepted form, reporting malformed puzzles without stopping,
// and writing the exact board format.
#include <sudoku/text_format.hpp>

#include <catch2/catch.hpp>

#include <algorithm>
#include <sstream>

namespace {

std::vector<sudoku::PuzzleRecord> read_all(const std::string& text)
{
    std::istringstream in(text);
    sudoku::PuzzleReader reader(in, "test.txt");
    std::vector<sudoku::PuzzleRecord> records;
    sudoku::PuzzleRecord record;
    while (reader.next(record))
        records.push_back(record);
    return records;
}

const std::string line1 =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const std::string line2 =
    "000000010400000000020000000000050407008000300001090000300400200050100000000806000";

std::string as_rows(const std::string& line, const std::string& sep = " ")
{
    std::string text;
    for (int r = 0; r < 9; ++r) {
        for (int c = 0; c < 9; ++c) {
            const char ch = line[static_cast<std::size_t>(r * 9 + c)];
            text += ch == '.' ? '0' : ch;
            if (c < 8)
                text += sep;
        }
        text += '\n';
    }
    return text;
}

} // namespace

TEST_CASE("reads one-line puzzles with '.' or '0' blanks", "[sudoku][format]")
{
    const auto records = read_all(line1 + "\n" + line2 + "\n");
    REQUIRE(records.size() == 2);
    CHECK_FALSE(records[0].error);
    CHECK(records[0].grid == sudoku::Grid::from_string(line1));
    CHECK(records[1].grid == sudoku::Grid::from_string(line2));
    CHECK(records[0].number == 1);
    CHECK(records[1].number == 2);
    CHECK(records[1].first_line == 2);
}

TEST_CASE("reads the 9-line layout, with or without spaces", "[sudoku][format]")
{
    const auto records = read_all(as_rows(line1) + "\n" + as_rows(line2, ""));
    REQUIRE(records.size() == 2);
    CHECK_FALSE(records[0].error);
    CHECK_FALSE(records[1].error);
    CHECK(records[0].grid == sudoku::Grid::from_string(line1));
    CHECK(records[1].grid == sudoku::Grid::from_string(line2));
    CHECK(records[1].first_line == 11);
}

TEST_CASE("accepts CRLF, a byte-order mark, comments, extra empty lines", "[sudoku][format]")
{
    std::string rows = as_rows(line1);
    std::string crlf;
    for (const char c : rows)
        crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
    const auto records =
        read_all("\xEF\xBB\xBF# a comment\r\n\r\n\r\n" + crlf + "\r\n\r\n# between\r\n" + line2);
    REQUIRE(records.size() == 2);
    CHECK_FALSE(records[0].error);
    CHECK(records[0].grid == sudoku::Grid::from_string(line1));
    CHECK(records[0].first_line == 4);
    CHECK_FALSE(records[1].error);
    CHECK(records[1].grid == sudoku::Grid::from_string(line2));
    CHECK(records[1].first_line == 16);
}

TEST_CASE("reports malformed puzzles and reads on", "[sudoku][format]")
{
    const auto [text, message] = GENERATE(table<std::string, std::string>({
        {line1.substr(0, 80) + "\n", "line 1: expected 81 cells, found 80"},
        {line1.substr(0, 40) + "x" + line1.substr(41) + "\n",
         "line 1: column 41: 'x' is not a digit or '.'"},
        {"1 2 3 4 5 6 7 8 9\n", "expected 9 rows, found 1"},
        {as_rows(line2).substr(0, 18 * 8), "expected 9 rows, found 8"},
        {as_rows(line2) + "1 2 3 4 5 6 7 8 9\n", "expected 9 rows, found 10"},
        {"1 2 3 4 5 6 7 8\n" + as_rows(line2).substr(18), "line 1: expected 9 cells, found 8"},
        {as_rows(line2).substr(0, 20) + "\t\x01" + as_rows(line2).substr(21),
         "line 2: column 4: byte 0x01 is not a digit or '.'"},
    }));
    const auto records = read_all(text + "\n" + line2 + "\n");
    REQUIRE(records.size() == 2);
    REQUIRE(records[0].error);
    CHECK(*records[0].error == message);
    CHECK(records[0].first_line == 1);
    CHECK_FALSE(records[0].raw_lines.empty());
    CHECK_FALSE(records[1].error);
    CHECK(records[1].number == 2);
}

TEST_CASE("a one-line puzzle right after a 9-line block ends the block", "[sudoku][format]")
{
    const auto records = read_all(as_rows(line1) + line2 + "\n");
    REQUIRE(records.size() == 2);
    CHECK_FALSE(records[0].error);
    CHECK_FALSE(records[1].error);
    CHECK(records[1].number == 2);
    CHECK(records[1].first_line == 10);
}

TEST_CASE("a huge line costs no huge memory and is reported", "[sudoku][format]")
{
    const auto records = read_all(std::string(3'000'000, '1') + "\n" + line1);
    REQUIRE(records.size() == 2);
    REQUIRE(records[0].error);
    CHECK(*records[0].error == "line 1: more than 1048576 characters on one line");
    CHECK(records[0].raw_lines.at(0).size() <= 1048576);
    CHECK_FALSE(records[1].error);
}

TEST_CASE("reads many puzzles across buffer boundaries", "[sudoku][format]")
{
    std::string text;
    for (int i = 0; i < 30000; ++i)
        text += (i % 2 ? line1 : line2) + (i % 3 ? "\n" : "\r\n");
    const auto records = read_all(text);
    REQUIRE(records.size() == 30000);
    for (std::size_t i = 0; i < records.size(); ++i) {
        REQUIRE_FALSE(records[i].error);
        REQUIRE(records[i].grid == sudoku::Grid::from_string(i % 2 ? line1 : line2));
    }
}

TEST_CASE("an empty input has no puzzles", "[sudoku][format]")
{
    CHECK(read_all("").empty());
    CHECK(read_all("\n\n# nothing\n").empty());
}

TEST_CASE("writes the exact board format", "[sudoku][format]")
{
    const auto grid = sudoku::Grid::from_string(line1);
    CHECK(sudoku::to_board(grid) == "5 3 0 0 7 0 0 0 0\n6 0 0 1 9 5 0 0 0\n0 9 8 0 0 0 0 6 0\n"
                                    "8 0 0 0 6 0 0 0 3\n4 0 0 8 0 3 0 0 1\n7 0 0 0 2 0 0 0 6\n"
                                    "0 6 0 0 0 0 2 8 0\n0 0 0 4 1 9 0 0 5\n0 0 0 0 8 0 0 7 9\n");
    CHECK(sudoku::to_board(grid).size() == sudoku::board_bytes);
}

namespace {

// A 16x16 grid: row r holds (r's box shift + c) mod 16, a valid grid (a Latin square whose
// boxes of 4x4 hold every symbol), written in 1-9, A-G.
std::string grid16(char blank_every = 0)
{
    std::string text;
    for (int r = 0; r < 16; ++r)
        for (int c = 0; c < 16; ++c) {
            const int digit = (r % 4 * 4 + r / 4 + c) % 16 + 1;
            text += blank_every != 0 && (r * 16 + c) % blank_every == 0
                        ? '.'
                        : sudoku::digit_symbol(digit);
        }
    return text;
}

std::string rows_of(const std::string& line, std::size_t size, const std::string& sep = " ")
{
    std::string text;
    for (std::size_t r = 0; r < size; ++r) {
        for (std::size_t c = 0; c < size; ++c) {
            text += line[r * size + c];
            if (c + 1 < size)
                text += sep;
        }
        text += '\n';
    }
    return text;
}

} // namespace

TEST_CASE("reads other sizes on one line or as rows", "[sudoku][format][variant]")
{
    const std::string big = grid16(7);
    const std::string six = "1.3.5.4.6.2..3.5.6..1.4.2.5.6.3.6.1.";
    const std::string four = "12..34..21..43..";
    const auto records = read_all(big + "\n" + rows_of(big, 16) + "\n" + rows_of(six, 6, "") +
                                  "\n" + rows_of(four, 4) + "\n" + four + "\n" + four + "\n");
    REQUIRE(records.size() == 6);
    const std::vector<int> sizes{16, 16, 6, 4, 4, 4};
    for (std::size_t i = 0; i < records.size(); ++i) {
        INFO("puzzle " << i + 1);
        REQUIRE_FALSE(records[i].error);
        REQUIRE(records[i].variant);
        CHECK(records[i].variant->rules->size() == sizes[i]);
    }
    const auto& digits = records[0].variant->digits;
    CHECK(sudoku::to_line(*records[0].variant->rules, digits) == big);
    CHECK(records[1].variant->digits == digits);
    CHECK(records[1].first_line == 2);
    CHECK(records[2].first_line == 19);
    CHECK(records[2].variant->rules->variant().box_rows == 2);
    CHECK(sudoku::to_line(*records[3].variant->rules, records[3].variant->digits) == four);
    CHECK(records[4].first_line == 31);
    CHECK(records[5].first_line == 32);
    CHECK(sudoku::to_board(*records[2].variant->rules, records[2].variant->digits) ==
          rows_of(six, 6));
}

TEST_CASE("lines of 16 cells are 4x4 puzzles when more are than not, else a 16x16 grid",
          "[sudoku][format][variant]")
{
    // A typing mistake among 4x4 puzzles is that puzzle's fault alone.
    const auto typo = read_all("1234341221434321\n1234341221434721\n1234341221434321\n");
    REQUIRE(typo.size() == 3);
    CHECK_FALSE(typo[0].error);
    REQUIRE(typo[1].error);
    CHECK(*typo[1].error ==
          "line 2: column 14: '7' is not a symbol of a 4x4 grid (1-4, '.' or '0')");
    CHECK_FALSE(typo[2].error);
    std::string small;
    for (int i = 0; i < 16; ++i)
        small += "1234341221434321\n";
    const auto fours = read_all(small);
    REQUIRE(fours.size() == 16);
    CHECK(fours[15].first_line == 16);
    CHECK(fours[15].variant->rules->size() == 4);
    const auto one = read_all(rows_of(grid16(), 16, ""));
    REQUIRE(one.size() == 1);
    CHECK(one[0].variant->rules->size() == 16);
    CHECK(sudoku::classic_rules(16)->is_solved(one[0].variant->digits));
    // A sparse 16x16 grid: lines without a digit are no 4x4 puzzles.
    std::string sparse = "G" + std::string(15, '.') + "\n";
    for (int i = 1; i < 16; ++i)
        sparse += std::string(16, '.') + "\n";
    const auto blank = read_all(sparse);
    REQUIRE(blank.size() == 1);
    REQUIRE_FALSE(blank[0].error);
    CHECK(blank[0].variant->digits[0] == 16);
}

TEST_CASE("reports malformed grids of other sizes", "[sudoku][format][variant]")
{
    std::string bad = grid16();
    bad[20] = 'H';
    const std::string rows = rows_of(grid16(), 16);
    const auto [text, message] = GENERATE_COPY(table<std::string, std::string>({
        {bad + "\n",
         "line 1: column 21: 'H' is not a symbol of a 16x16 grid (1-9, A-G, '.' or '0')"},
        {rows.substr(0, 32 * 15), "expected 16 rows, found 15"},
        {"1 2 3 4\n3 4 1 2\n2 1 7 3\n4 3 2 1\n",
         "line 3: column 5: '7' is not a symbol of a 4x4 grid (1-4, '.' or '0')"},
        {"123456\n# a comment\n12345\n123456\n123456\n123456\n123456\n",
         "line 3: expected 6 cells, found 5"},
        {std::string(625, '.').substr(1) + "\n", "line 1: expected 81 cells, found 624"},
    }));
    const auto records = read_all(text + "\n" + line2 + "\n");
    REQUIRE(records.size() == 2);
    REQUIRE(records[0].error);
    CHECK(*records[0].error == message);
    CHECK_FALSE(records[0].variant);
    CHECK_FALSE(records[1].error);
}

TEST_CASE("writes grids of any size, samurai's gaps blank", "[sudoku][format][variant]")
{
    const auto rules = sudoku::classic_rules(4);
    const std::vector<std::uint8_t> digits{1, 2, 3, 4, 3, 4, 1, 2, 0, 1, 4, 3, 4, 3, 2, 1};
    CHECK(sudoku::to_board(*rules, digits) == "1 2 3 4\n3 4 1 2\n. 1 4 3\n4 3 2 1\n");
    sudoku::Variant samurai;
    samurai.samurai = true;
    const sudoku::Rules rules21(samurai);
    std::vector<std::uint8_t> canvas(21 * 21, 0);
    canvas[12] = 5;
    const std::string board = sudoku::to_board(rules21, canvas);
    CHECK(board.substr(0, board.find('\n')) == ". . . . . . . . .       5 . . . . . . . .");
    std::vector<std::string> lines;
    for (std::size_t at = 0; at < board.size(); at = board.find('\n', at) + 1)
        lines.push_back(board.substr(at, board.find('\n', at) - at));
    REQUIRE(lines.size() == 21);
    CHECK(lines[9] == "            . . . . . . . . ."); // row 10: the centre grid only
    CHECK(sudoku::to_line(rules21, canvas).size() == 369);
}

TEST_CASE("reads f-puzzles documents, on one line or spread over lines, among other puzzles",
          "[sudoku][format][fpuzzles]")
{
    // A 4x4 X-Sudoku with one given, pretty-printed over lines; the same on one line; a classic
    // 9x9 one (read as a classic grid); a document with a fault on its fourth line.
    const std::string grid4 = R"("grid": [[{"value": 1, "given": true}, {}, {}, {}],
  [{}, {}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {}]],)";
    const std::string spread =
        "{\n  \"size\": 4,\n  " + grid4 + "\n  \"diagonal+\": true, \"diagonal-\": true\n}\n";
    std::string one_line = "{\"size\": 4, " + grid4 + " \"diagonal+\": true, \"diagonal-\": true}";
    one_line.erase(std::remove(one_line.begin(), one_line.end(), '\n'), one_line.end());
    std::string classic = R"({"size":9,"grid":[)";
    for (int r = 0; r < 9; ++r)
        classic += std::string(r ? "," : "") + "[" +
                   (r == 4 ? R"({"value":5,"given":true})" : "{}") + ",{},{},{},{},{},{},{},{}]";
    classic += "]}";
    const std::string bad = "{\n  \"size\": 4,\n  " + grid4 + "\n  \"thermometer\": [1]\n}\n";
    const auto records =
        read_all("# puzzles\n" + spread + line1 + "\n" + one_line + "\n" + classic + "\n" + bad);
    REQUIRE(records.size() == 5);
    for (const std::size_t i : {0, 2}) {
        INFO("puzzle " << i + 1);
        REQUIRE_FALSE(records[i].error);
        REQUIRE(records[i].variant);
        CHECK(records[i].variant->rules->variant().describe() == "4x4 X");
        CHECK(records[i].variant->digits[0] == 1);
    }
    CHECK(records[0].first_line == 2);
    CHECK(records[1].grid == sudoku::Grid::from_string(line1));
    CHECK(records[1].first_line == 8);
    CHECK(records[2].first_line == 9);
    REQUIRE_FALSE(records[3].error);
    CHECK_FALSE(records[3].variant);
    CHECK(records[3].grid[36] == 5);
    REQUIRE(records[4].error);
    CHECK(*records[4].error ==
          "line 15: column 3: f-puzzles key 'thermometer' (thermometers) is not supported");
    CHECK(records[4].raw_lines.size() == 6);
}

TEST_CASE("reads samurai as 21 rows with blank gaps, or on one line of 369 cells",
          "[sudoku][format][variant]")
{
    const auto rules = sudoku::samurai_rules();
    std::vector<std::uint8_t> digits(21 * 21, 0);
    for (std::size_t i = 0; i < rules->cells().size(); i += 7)
        digits[static_cast<std::size_t>(rules->cells()[i])] = static_cast<std::uint8_t>(i % 9 + 1);
    const std::string board = sudoku::to_board(*rules, digits);
    const std::string line = sudoku::to_line(*rules, digits);
    CHECK(line.size() == 369);
    const auto records = read_all(board + "\n" + line + "\n" + line1 + "\n");
    REQUIRE(records.size() == 3);
    for (const std::size_t i : {0, 1}) {
        REQUIRE_FALSE(records[i].error);
        REQUIRE(records[i].variant);
        CHECK(records[i].variant->rules->variant().samurai);
        CHECK(records[i].variant->digits == digits);
    }
    CHECK(records[1].first_line == 23);
    CHECK(records[2].grid == sudoku::Grid::from_string(line1));
}
