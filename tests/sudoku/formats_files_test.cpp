// The exchange formats read from whole files (formats.hpp): OpenSudoku's XML and SadMan's .sdk,
// each on a real example of its format (typed in from the program or page named beside it),
// what the XML reader takes, and where each fault is reported.
#include "formats_check.hpp"

#include <sudoku/formats.hpp>

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using formats_check::classic;
using formats_check::givens_of;
using formats_check::gnome_easy;
using formats_check::only;
using sudoku::ReadPuzzle;

TEST_CASE("OpenSudoku's version 1 files are read with their folder's name", "[formats]")
{
    // OpenSudoku's sample of Gnome-Sudoku puzzles (romario333/opensudoku, and its tests).
    const std::string text = R"(<?xml version="1.0" encoding="UTF-8"?>
<opensudoku>
  <name>Gnome-Sudoku Easy</name>
  <author>romario333</author>
  <description></description>
  <comment></comment>
  <created>2009-09-16</created>
  <source>gnome-sudoku</source>
  <level>easy</level>
  <sourceURL>http://opensudoku.eu/puzzles</sourceURL>
  <game data="379000014060010070080009005435007000090040020000800436900700080040080050850000249" />
  <game data="070000810000318902281470005400060000690103027000090006900054681106982000057000040" />
</opensudoku>
)";
    const auto puzzles = sudoku::read_opensudoku(text);
    REQUIRE(puzzles.size() == 2);
    CHECK(puzzles[0].line == 11);
    CHECK(puzzles[1].line == 12);
    for (const ReadPuzzle& read : puzzles) {
        CHECK_FALSE(read.error);
        CHECK(read.title == "Gnome-Sudoku Easy");
    }
    CHECK(puzzles[0].puzzle->digits == classic(gnome_easy).digits);
    CHECK(givens_of(*puzzles[1].puzzle) ==
          ".7....81....3189.228147...54...6....69.1.3.27....9...69...546811.6982....57....4.");
}

namespace {

// OpenSudoku's versioned data of the Gnome puzzle, cell by cell "value|note|editable|".
std::string versioned_data(char version, const std::string& extra_cells = {})
{
    std::string data = std::string("version: ") + version + "&#10;";
    for (std::size_t i = 0; i < 81; ++i) {
        const char value = gnome_easy[i];
        const std::string note = version == '1' ? "-" : "0";
        if (i == 3 && !extra_cells.empty()) { // the player's 5, with notes
            data += extra_cells;
            continue;
        }
        data += std::string(1, value) + "|" + note + (version == '2' ? "||" : "|") +
                (value == '0' ? "1" : "0") + "|";
    }
    return data;
}

} // namespace

TEST_CASE("OpenSudoku's version 2 backups keep only the givens of each game", "[formats]")
{
    // As OpenSudoku's export writes it (FileExportTask: Android's XmlSerializer, single quotes
    // in the declaration, line ends in attributes as &#10;).
    const std::string text =
        "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>\n"
        "<opensudoku version=\"2\">\n"
        "<!-- exported -->\n"
        "<folder name=\"Easy &amp; &quot;quick&quot;\" created=\"1262304000000\">\n"
        "<game created=\"1262304000000\" state=\"1\" time=\"60000\" last_played=\"0\" data=\"" +
        versioned_data('3', "5|17|1|") +
        "\" note=\"\" command_stack=\"\" />\n"
        "<game data='" +
        versioned_data('1', "5|1,5,9,|1|") +
        "'/>\n"
        "<game data=\"" +
        versioned_data('2', "5|3||1|") +
        "\"/>\n"
        "</folder>\n"
        "<folder name=\"Plain\"><game data=\"" +
        gnome_easy +
        "\"/></folder>\n"
        "<game data=\"version: 3\n" +
        versioned_data('3').substr(15) +
        "\"/>\n"
        "</opensudoku>\n";
    const auto puzzles = sudoku::read_opensudoku(text);
    REQUIRE(puzzles.size() == 5);
    for (std::size_t i = 0; i < puzzles.size(); ++i) {
        INFO("game " << i + 1 << ": " << puzzles[i].error.value_or(""));
        REQUIRE(puzzles[i].puzzle);
        CHECK(puzzles[i].puzzle->digits == classic(gnome_easy).digits); // not the player's 5
        CHECK(puzzles[i].puzzle->candidates.empty());                   // nor the notes
        CHECK(puzzles[i].line == (i < 3 ? 5 + i : i + 6));
    }
    CHECK(puzzles[0].title == "Easy & \"quick\"");
    CHECK(puzzles[3].title == "Plain");
    CHECK(puzzles[4].title.empty()); // a game outside a folder (one game exported)
}

TEST_CASE("an OpenSudoku file with a fault says where", "[formats]")
{
    const auto fault_of = [](const std::string& text) {
        return only(sudoku::read_opensudoku(text));
    };
    const ReadPuzzle unclosed = fault_of("<opensudoku>\n  <name>A</name>\n  <game data='1'>\n"
                                         "</opensudoku>\n");
    CHECK(unclosed.line == 4);
    CHECK(*unclosed.error ==
          "column 1: not well-formed XML: </opensudoku> closes <game>, opened on line 3");
    CHECK(fault_of("<opensudoku>\n<game data=\"1&2\"/></opensudoku>").line == 2);
    CHECK_THAT(*fault_of("<opensudoku>\n<game data=\"1&2\"/></opensudoku>").error,
               Catch::Contains("'&' begins no reference"));
    CHECK_THAT(*fault_of("<opensudoku>\n<game a='1' a='2'/>\n</opensudoku>").error,
               Catch::Contains("the attribute a is given twice"));
    CHECK_THAT(*fault_of("<?xml version='1.0'?>\n<opensudoku/>\n<more/>").error,
               Catch::Contains("a second element"));
    CHECK_THAT(*fault_of("<opensudoku>\n\n<game data='&unknown;'/>").error,
               Catch::Contains("unknown entity '&unknown;'"));
    CHECK(fault_of("<opensudoku>\n<!-- never closed\n<game/>").line == 2);
    CHECK_THAT(*fault_of("<sudoku/>").error, Catch::Contains("not an OpenSudoku file"));
    CHECK_THAT(*fault_of("<opensudoku version='3'/>").error,
               Catch::Contains("unknown OpenSudoku version \"3\""));
    CHECK(fault_of("").error);

    // A game whose data is wrong is reported at its data; the others are read.
    const auto puzzles = sudoku::read_opensudoku(
        "<opensudoku>\n<name>N</name>\n<game data=\"" + gnome_easy.substr(1) +
        "\"/>\n<game\n"
        "  data=\"version: 3&#10;1|0|0|x\"/>\n<game/>\n<game data='" +
        gnome_easy +
        "'/>\n"
        "</opensudoku>");
    REQUIRE(puzzles.size() == 4);
    CHECK(puzzles[0].line == 3);
    CHECK(*puzzles[0].error == "game data: the data has 80 digits, not 81 (one per cell, 0 for "
                               "a blank)");
    CHECK(puzzles[1].line == 5);
    CHECK(*puzzles[1].error == "game data: cell 2 (r1c2): expected \"value|note|editable|\", "
                               "found 'x'");
    CHECK(*puzzles[2].error == "a <game> without data");
    CHECK(puzzles[3].puzzle);
}

TEST_CASE("the XML reader takes what XML allows, and no DTD", "[formats]")
{
    const std::string text =
        "\xEF\xBB\xBF<?xml version=\"1.0\"?>\r\n<!DOCTYPE opensudoku>\r\n"
        "<?app instruction?>\r\n<opensudoku><name><![CDATA[<Mine> & yours]]> "
        "&#x2603;</name><!-- a comment -->\r\n  <game data = 'version: 3&#xA;" +
        versioned_data('3').substr(15) + "' />\r\n</opensudoku >\r\n<!-- end -->";
    const ReadPuzzle read = only(sudoku::read_opensudoku(text));
    CHECK(read.title == "<Mine> & yours \xE2\x98\x83");
    CHECK(read.line == 5);
    REQUIRE(read.puzzle);
    CHECK(read.puzzle->digits == classic(gnome_easy).digits);

    const ReadPuzzle dtd = only(sudoku::read_opensudoku("\n<!DOCTYPE a [<!ENTITY b 'c'>]><a/>"));
    CHECK(dtd.line == 2);
    CHECK_THAT(*dtd.error, Catch::Contains("internal subset"));
    std::string deep;
    for (int level = 0; level < 100; ++level)
        deep += "<opensudoku>";
    CHECK_THAT(*only(sudoku::read_opensudoku(deep)).error, Catch::Contains("deeper than 64"));
    CHECK_THAT(*only(sudoku::read_opensudoku("<opensudoku name='&#0;'/>")).error,
               Catch::Contains("'&#0;' is not a character XML allows"));
    CHECK_THAT(*only(sudoku::read_opensudoku("<opensudoku name='a<b'/>")).error,
               Catch::Contains("'<' in the value of name"));
}

TEST_CASE("SadMan and SudoCue .sdk files give the puzzle's givens", "[formats]")
{
    // SudoCue's example (sudocue.net/fileformats.php): headers without a space, no section.
    const std::string sudocue = "#ARuud\n#DA random puzzle created by SudoCue\n"
                                "#CJust start plugging in the numbers\n#B03-08-2006\n#SSudoCue\n"
                                "#LEasy\n#Uhttp://www.sudocue.net/\n2..1.5..3\n.54...71.\n"
                                ".1.2.3.8.\n6.28.73.4\n.........\n1.53.98.6\n.2.7.1.6.\n"
                                ".81...24.\n7..4.2..1\n";
    const ReadPuzzle read = only(sudoku::read_sdk(sudocue));
    REQUIRE(read.puzzle);
    CHECK(read.line == 1);
    CHECK(read.title == "A random puzzle created by SudoCue");
    CHECK(givens_of(*read.puzzle) == "2..1.5..3.54...71..1.2.3.8.6.28.73.4.........1.53.98.6"
                                     ".2.7.1.6..81...24.7..4.2..1");

    // SadMan's sections, as SuDonkey writes them: the player's state, marks and colours left.
    std::string sadman = "\r\n#A Ruud\r\n[Puzzle]\r\n2..1.5..3\r\n.54...71.\r\n.1.2.3.8.\r\n"
                         "6.28.73.4\r\n.........\r\n1.53.98.6\r\n.2.7.1.6.\r\n.81...24.\r\n"
                         "7..4.2..1\r\n[State]\r\n2..1.5..3\r\n.54...71.\r\n.1.2.3.8.\r\n"
                         "6.28.73.4\r\n.........\r\n1.53.98.6\r\n.2.7.1.6.\r\n.81...24.\r\n"
                         "7..4.2.91\r\n[PencilMarks]\r\n";
    for (int row = 0; row < 9; ++row)
        sadman += "13,,4,,,,,79,\r\n";
    sadman += "[Colours]\r\n";
    for (int row = 0; row < 9; ++row)
        sadman += "..1....2.\r\n";
    const ReadPuzzle sections = only(sudoku::read_sdk(sadman));
    REQUIRE(sections.puzzle);
    CHECK(sections.line == 2);
    CHECK(sections.puzzle->digits == read.puzzle->digits);
    CHECK(sections.puzzle->candidates.empty());
}

TEST_CASE("an .sdk file with a fault says which line", "[formats]")
{
    const auto fault_of = [](const std::string& text) { return only(sudoku::read_sdk(text)); };
    const std::string rows = "2..1.5..3\n.54...71.\n.1.2.3.8.\n6.28.73.4\n.........\n1.53.98.6\n"
                             ".2.7.1.6.\n.81...24.\n7..4.2..1\n";
    const ReadPuzzle short_row = fault_of("#AX\n2..1.5..3\n.54...71\n");
    CHECK(short_row.line == 3);
    CHECK(*short_row.error == "a row of 9 cells was expected, found 8");
    const ReadPuzzle letter = fault_of("[Puzzle]\n" + rows.substr(0, 12) + "x" + rows.substr(13));
    CHECK(letter.line == 3);
    CHECK(*letter.error == "column 3: 'x' is not a digit or '.'");
    CHECK(fault_of("[Puzzle]\n" + rows + "[Notes]\n").line == 11);
    CHECK_THAT(*fault_of("[Puzzle]\n" + rows + "[Notes]\n").error,
               Catch::StartsWith("unknown section [Notes]"));
    const ReadPuzzle changed = fault_of("[Puzzle]\n" + rows + "[State]\n9" + rows.substr(1));
    CHECK(changed.line == 12);
    CHECK(*changed.error == "[State] changes the given 2 of r1c1 (to 9)");
    CHECK(*fault_of("[Puzzle]\n" + rows + "[PencilMarks]\n1,2\n").error ==
          "a row of [PencilMarks] has 9 groups (8 commas), not 2");
    CHECK(*fault_of("[Puzzle]\n" + rows.substr(0, 30)).error == "the text ends after 3 of 9 rows");
    CHECK_THAT(*fault_of("#AX\n[State]\n" + rows).error, Catch::StartsWith("no puzzle"));
    CHECK(*fault_of(rows + rows).error ==
          "a line outside the sections: expected a header (#X) or a section ([Name])");
    CHECK(fault_of(rows + rows).line == 10);
}
