// The streaming reader on the formats of other programs (text_format.hpp): each sample file of
// data/sudoku/formats, the same puzzle in every format, is found by its content; formats mixed
// in one file; pencil marks that say more than the givens; and each fault reported at its line
// of the file.
#include <sudoku/formats.hpp>
#include <sudoku/text_format.hpp>

#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

std::vector<sudoku::PuzzleRecord> read_all(std::istream& in)
{
    sudoku::PuzzleReader reader(in, "test.txt");
    std::vector<sudoku::PuzzleRecord> records;
    for (sudoku::PuzzleRecord record; reader.next(record);)
        records.push_back(record);
    return records;
}

std::vector<sudoku::PuzzleRecord> read_text(const std::string& text)
{
    std::istringstream in(text);
    return read_all(in);
}

std::vector<sudoku::PuzzleRecord> read_sample(const std::string& name)
{
    std::ifstream in(std::string(DLX_DATA_DIR) + "/sudoku/formats/" + name, std::ios::binary);
    REQUIRE(in);
    return read_all(in);
}

// The givens of a classic record as 81 characters, '.' for a blank.
std::string givens(const sudoku::PuzzleRecord& record)
{
    std::string line;
    for (const int digit : record.grid.digits())
        line += digit == 0 ? '.' : static_cast<char>('0' + digit);
    return line;
}

// OpenSudoku's first Gnome-Sudoku puzzle, and another of the same sample.
const std::string gnome =
    "379....14.6..1..7..8...9..5435..7....9..4..2....8..4369..7...8..4..8..5.85....249";
const std::string gnome_second =
    ".7....81....3189.228147...54...6....69.1.3.27....9...69...546811.6982....57....4.";

} // namespace

TEST_CASE("the reader finds each program's format by its content", "[sudoku][format][formats]")
{
    struct Sample {
        const char* file;
        std::vector<std::string> puzzles;
        std::size_t first_line;
    };
    const std::vector<Sample> samples{
        {"gnome.ss", {gnome}, 1},  // Simple Sudoku, framed as it saves it
        {"gnome.sdk", {gnome}, 4}, // SadMan, with sections: [Puzzle] on line 4
        {"gnome.opensudoku", {gnome, gnome_second}, 8},
        {"gnome.sdm", {gnome, gnome_second}, 1},
        {"gnome.pm", {gnome}, 1},         // 729 characters, pencil marks of the givens only
        {"gnome.hodoku", {gnome}, 1},     // a HoDoKu library line
        {"gnome_pm_grid.txt", {gnome}, 1} // HoDoKu's PM grid
    };
    for (const Sample& sample : samples) {
        INFO(sample.file);
        const auto records = read_sample(sample.file);
        REQUIRE(records.size() == sample.puzzles.size());
        CHECK(records[0].first_line == sample.first_line);
        for (std::size_t i = 0; i < records.size(); ++i) {
            REQUIRE_FALSE(records[i].error);
            CHECK_FALSE(records[i].variant); // no pencil marks beyond the givens: a classic grid
            CHECK(records[i].number == i + 1);
            CHECK(givens(records[i]) == sample.puzzles[i]);
        }
    }
}

TEST_CASE("formats mix in one file, each puzzle numbered in turn", "[sudoku][format][formats]")
{
    const std::string ss = "379|...|.14\n.6.|.1.|.7.\n.8.|..9|..5\n-----------\n"
                           "435|..7|...\n.9.|.4.|.2.\n...|8..|436\n-----------\n"
                           "9..|7..|.8.\n.4.|.8.|.5.\n85.|...|249\n";
    const std::string text = "# a collection\n" + gnome + "\n" + ss + ":0000:x:" + gnome_second +
                             ":::\n" + ss + "\n" + gnome_second + "\n";
    const auto records = read_text(text);
    REQUIRE(records.size() == 5);
    const std::vector<std::size_t> lines{2, 3, 14, 15, 27};
    const std::vector<std::string> puzzles{gnome, gnome, gnome_second, gnome, gnome_second};
    for (std::size_t i = 0; i < records.size(); ++i) {
        INFO(i);
        REQUIRE_FALSE(records[i].error);
        CHECK(records[i].first_line == lines[i]);
        CHECK(givens(records[i]) == puzzles[i]);
    }
}

TEST_CASE("pencil marks that say more than the givens make a puzzle of candidates",
          "[sudoku][format][formats]")
{
    // r1c4 of the Gnome puzzle allows 2, 5 and 6; a HoDoKu line deletes the 2 (214).
    const auto hodoku = read_text(":0000:x:" + gnome + ":214::\n");
    REQUIRE(hodoku.size() == 1);
    REQUIRE(hodoku[0].variant);
    CHECK(hodoku[0].variant->candidates[3] == 0x1FDu); // every digit but 2
    CHECK(hodoku[0].variant->digits[0] == 3);

    std::ifstream in(std::string(DLX_DATA_DIR) + "/sudoku/formats/gnome.pm");
    std::string marks;
    REQUIRE(std::getline(in, marks));
    REQUIRE(marks.size() == 729);
    REQUIRE(marks[3 * 9 + 1] == '2');
    marks[3 * 9 + 1] = '.';
    const auto sukaku = read_text(marks + "\n");
    REQUIRE(sukaku.size() == 1);
    REQUIRE(sukaku[0].variant);
    CHECK(sukaku[0].variant->candidates[3] == 0b110000u);
}

TEST_CASE("a frame line or a row with '|' is never a puzzle on a line of its own",
          "[sudoku][format][formats]")
{
    // 81 characters of frame: a drawing's line, not a one-line puzzle.
    const std::string frame = "." + std::string(79, '-') + ".";
    const auto records = read_text(frame + "\n");
    REQUIRE(records.size() == 1);
    REQUIRE(records[0].error);
    CHECK(records[0].error->find("line 1") != std::string::npos);
    CHECK(records[0].raw_lines == std::vector<std::string>{frame});
}

TEST_CASE("faults in other programs' formats are reported at their line of the file",
          "[sudoku][format][formats]")
{
    SECTION("a PM grid's row")
    {
        std::ifstream in(std::string(DLX_DATA_DIR) + "/sudoku/formats/gnome_pm_grid.txt");
        std::vector<std::string> lines;
        for (std::string line; std::getline(in, line);)
            lines.push_back(line);
        REQUIRE(lines.size() == 13);
        lines[6].replace(lines[6].find("1356"), 4, "13x6"); // row 5, on line 7
        std::string text = "# pencil marks\n";
        for (const auto& line : lines)
            text += line + "\n";
        const auto records = read_text(text + gnome + "\n");
        REQUIRE(records.size() == 2);
        REQUIRE(records[0].error);
        CHECK(records[0].error->starts_with("line 8: column "));
        CHECK(records[0].raw_lines.size() == 13);
        CHECK_FALSE(records[1].error);
    }
    SECTION("a HoDoKu line and 729 characters")
    {
        const auto records =
            read_text(gnome + "\n:0000:x:" + gnome + ":999::\n" + std::string(729, '1') + "\n");
        REQUIRE(records.size() == 3);
        CHECK_FALSE(records[0].error);
        REQUIRE(records[1].error);
        CHECK(records[1].error->starts_with("line 2: column "));
        REQUIRE(records[2].error);
        CHECK(records[2].error->starts_with("line 3: column "));
    }
    SECTION("a game of an OpenSudoku document, the others read")
    {
        const auto records =
            read_text("\n<?xml version=\"1.0\"?>\n<opensudoku>\n  <game data=\"123\"/>\n"
                      "  <game data=\"" +
                      std::string(81, '0') + "\"/>\n</opensudoku>\n");
        REQUIRE(records.size() == 2);
        REQUIRE(records[0].error);
        CHECK(records[0].error->starts_with("line 4: "));
        CHECK(records[0].first_line == 4);
        CHECK(records[0].raw_lines == std::vector<std::string>{"  <game data=\"123\"/>"});
        CHECK_FALSE(records[1].error);
        CHECK(records[1].number == 2);
    }
    SECTION("XML that is not well formed")
    {
        const auto records = read_text("<opensudoku>\n  <game data=\"1\">\n</opensudoku>\n");
        REQUIRE(records.size() == 1);
        REQUIRE(records[0].error);
        CHECK(records[0].error->find("not well-formed XML") != std::string::npos);
    }
    SECTION("a .sdk file with sections")
    {
        const auto records = read_text("#Aauthor\n[Puzzle]\n379...014\n.6..1..7.\n");
        REQUIRE(records.size() == 1);
        REQUIRE(records[0].error);
        CHECK(records[0].error->starts_with("line "));
    }
}

TEST_CASE("an OpenSudoku document without games has no puzzles", "[sudoku][format][formats]")
{
    CHECK(read_text("<opensudoku><name>none</name></opensudoku>\n").empty());
}

TEST_CASE("a PM grid needs no frame and a board with a typing mistake stays a board",
          "[sudoku][format][formats]")
{
    std::ifstream in(std::string(DLX_DATA_DIR) + "/sudoku/formats/gnome_pm_grid.txt");
    std::string rows;
    for (std::string line; std::getline(in, line);) {
        if (line.starts_with('|')) { // the rows, without their '|'
            std::replace(line.begin(), line.end(), '|', ' ');
            rows += line + "\n";
        }
    }
    const auto unframed = read_text(rows);
    REQUIRE(unframed.size() == 1);
    REQUIRE_FALSE(unframed[0].error);
    CHECK(givens(unframed[0]) == gnome);

    std::string board; // the solution of the Gnome puzzle, a digit typed twice in row 4
    for (const char* row : {"3 7 9 5 2 6 8 1 4", "5 6 4 3 1 8 9 7 2", "2 8 1 4 7 9 3 6 5",
                            "44 3 5 2 6 7 1 9 8", "6 9 8 1 4 3 5 2 7", "7 1 2 8 9 5 4 3 6",
                            "9 2 3 7 5 4 6 8 1", "1 4 6 9 8 2 7 5 3", "8 5 7 6 3 1 2 4 9"})
        board += std::string(row) + "\n";
    const auto typo = read_text(board);
    REQUIRE(typo.size() == 1);
    REQUIRE(typo[0].error);
    CHECK(*typo[0].error == "line 4: expected 9 cells, found 10");
}

TEST_CASE("a document's faults are at the file's lines and other first lines start none",
          "[sudoku][format][formats]")
{
    const auto xml = read_text("# comment\n\n<opensudoku>\n  <game data=\"" + std::string(81, '0') +
                               "\"/>\n</opensudok>\n");
    REQUIRE(xml.size() == 1);
    REQUIRE(xml[0].error);
    CHECK(*xml[0].error == "line 5: column 1: not well-formed XML: </opensudok> closes "
                           "<opensudoku>, opened on line 3");
    const auto header = read_text("[Easy puzzles]\n" + gnome + "\n");
    REQUIRE(header.size() == 2); // the header is one bad line, the puzzle after it is read
    CHECK(header[0].error);
    CHECK_FALSE(header[1].error);
    const auto sdk = read_text("#Dsections\n[puzzle]\n" + gnome.substr(0, 9) + "\n");
    REQUIRE(sdk.size() == 1);
    REQUIRE(sdk[0].error);
    CHECK(sdk[0].error->starts_with("line 3: ")); // the short row, counted from the file
}
