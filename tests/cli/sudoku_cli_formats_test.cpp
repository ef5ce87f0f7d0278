// sudoku-cli and the formats of other programs (docs/cli.md, sections 2.2 and 2.7): every
// sample of data/sudoku/formats solved; solutions, boards and puzzles written with --format and
// read back; a format that cannot hold the puzzles refused, the earlier output kept.
#include "cli/sudoku_cli_run.hpp"
#include "support/board_check.hpp"
#include "support/process.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using dlx_test::bin;
using dlx_test::lines;
using dlx_test::read_file;
using dlx_test::run;
using dlx_test::TempDir;

namespace {

const std::string samples = std::string(DLX_DATA_DIR) + "/sudoku/formats/";
const std::vector<std::string> formats{"board",      "line", "ss",     "sdk",     "sdm",
                                       "opensudoku", "pm",   "hodoku", "fpuzzles"};

// OpenSudoku's first Gnome-Sudoku puzzle (0 for a blank).
dlx_test::Board gnome()
{
    const std::string line =
        "379000014060010070080009005435007000090040020000800436900700080040080050850000249";
    dlx_test::Board board{};
    for (std::size_t i = 0; i < 81; ++i)
        board[i] = line[i] - '0';
    return board;
}

// `sudoku-cli -s FILE --format line -o -`: each solution on a line.
std::vector<std::string> solutions_of(const std::string& file)
{
    const auto result = run({bin, "-s", file, "--format", "line", "-o", "-"});
    INFO(result.err);
    REQUIRE(result.exit_code == 0);
    return lines(result.out);
}

} // namespace

TEST_CASE("sudoku-cli -s solves the sample of every format", "[cli][sudoku-cli][formats]")
{
    for (const std::string file : {"gnome.ss", "gnome.sdk", "gnome.opensudoku", "gnome.sdm",
                                   "gnome.pm", "gnome.hodoku", "gnome_pm_grid.txt"}) {
        INFO(file);
        const auto result = run({bin, "-s", samples + file, "-o", "-"});
        INFO(result.err);
        REQUIRE(result.exit_code == 0);
        const auto boards = dlx_test::parse_boards(result.out);
        REQUIRE(!boards.empty());
        CHECK(dlx_test::solves_puzzle(boards[0], gnome())); // checked apart from the library
        CHECK(run({bin, "--count", samples + file}).out.starts_with("1\n"));
    }
}

TEST_CASE("solutions written in every format read back as themselves", "[cli][sudoku-cli][formats]")
{
    const TempDir dir;
    const std::vector<std::string> expected = solutions_of(samples + "gnome.sdm");
    REQUIRE(expected.size() == 2);
    for (const std::string& format : formats) {
        INFO(format);
        const std::string out = (dir.path() / ("solved." + format)).string();
        const auto solved = run({bin, "-s", samples + "gnome.sdm", "--format", format, "-o", out});
        INFO(solved.err);
        REQUIRE(solved.exit_code == 0);
        CHECK(solutions_of(out) == expected);
        CHECK(run({bin, "--count", out}).out == "1\n1\n");
    }
    CHECK(read_file(dir.path() / "solved.opensudoku").starts_with("<?xml"));
    CHECK(lines(read_file(dir.path() / "solved.ss")).size() == 23); // 11 lines, 1 empty, 11
}

TEST_CASE("sudoku-cli -n and -c write the same puzzles and boards in every format",
          "[cli][sudoku-cli][formats]")
{
    const TempDir dir;
    const auto plain = run({bin, "-n", "3", "-m", "1", "--seed", "8", "-o", "-"});
    REQUIRE(plain.exit_code == 0);
    dir.write("plain.txt", plain.out);
    const std::vector<std::string> expected = solutions_of((dir.path() / "plain.txt").string());
    const auto boards = run({bin, "-c", "4", "--seed", "3", "-o", "-"});
    REQUIRE(boards.exit_code == 0);
    dir.write("boards.txt", boards.out);
    const std::vector<std::string> expected_boards =
        solutions_of((dir.path() / "boards.txt").string());
    for (const std::string& format : formats) {
        INFO(format);
        const std::string made = (dir.path() / ("made." + format)).string();
        REQUIRE(run({bin, "-n", "3", "-m", "1", "--seed", "8", "--format", format, "-o", made})
                    .exit_code == 0);
        CHECK(solutions_of(made) == expected);
        const std::string board_file = (dir.path() / ("boards." + format)).string();
        REQUIRE(
            run({bin, "-c", "4", "--seed", "3", "--format", format, "-o", board_file}).exit_code ==
            0);
        CHECK(solutions_of(board_file) == expected_boards);
    }
    // The variant maker too: 6x6 on lines, X as f-puzzles JSON written on request.
    const auto six =
        run({bin, "-n", "2", "--size", "6", "--seed", "1", "--format", "line", "-o", "-"});
    REQUIRE(six.exit_code == 0);
    REQUIRE(lines(six.out).size() == 2);
    CHECK(lines(six.out)[0].size() == 36);
}

TEST_CASE("a format that cannot hold the puzzles is refused, the earlier output kept",
          "[cli][sudoku-cli][formats]")
{
    SECTION("an unknown name")
    {
        const auto result =
            dlx_test::run_beside_previous_output({"-s", "puzzles.txt", "--format", "csv"});
        CHECK(result.result.exit_code == 2);
        CHECK(result.result.err.starts_with(
            "sudoku-cli: --format: 'csv' is not one of board, line, ss, sdk, sdm, opensudoku, pm, "
            "hodoku, fpuzzles"));
        CHECK(result.previous_kept);
    }
    SECTION("-n and -c: before any work")
    {
        for (const std::vector<std::string>& args :
             {std::vector<std::string>{"-n", "2", "--size", "16", "--format", "ss"},
              std::vector<std::string>{"-n", "2", "--variant", "killer", "--format", "line"},
              std::vector<std::string>{"-c", "2", "--variant", "x", "--format", "hodoku"}}) {
            const auto result = dlx_test::run_beside_previous_output(args);
            INFO(result.result.err);
            CHECK(result.result.exit_code == 2);
            CHECK(result.result.err.find("--format ") != std::string::npos);
            CHECK(result.previous_kept);
        }
    }
    SECTION("-s: the puzzle that the format cannot hold, at its line")
    {
        const TempDir dir;
        const auto before = dlx_test::previous_output(dir);
        const std::string sizes = std::string(DLX_DATA_DIR) + "/sudoku/variants/sizes_sample.txt";
        const auto result = run({bin, "-s", sizes, "--format", "sdm"}, {}, dir.path());
        CHECK(result.exit_code == 1);
        CHECK(result.err == "sudoku-cli: " + sizes +
                                ":4: puzzle 1: the .sdm format holds classic 9x9 puzzles only, "
                                "not 16x16\n");
        CHECK(read_file(before) == "an earlier run's output\n");
    }
    SECTION("--rate and --count write no puzzles")
    {
        const auto result =
            dlx_test::run_beside_previous_output({"--rate", "puzzles.txt", "--format", "line"});
        CHECK(result.result.exit_code == 2);
        CHECK(result.result.err.starts_with("sudoku-cli: --format goes with -c, -s or -n"));
    }
}

TEST_CASE("a solution the format cannot hold takes no slot, nor a separator",
          "[cli][sudoku-cli][formats]")
{
    const TempDir dir;
    const std::string small = "1.3..4....1.....\n\n";
    dir.write("puzzles.txt", small + dlx_test::puzzle + "\n\n" + small + dlx_test::puzzle + "\n");
    const auto result = run({bin, "-s", "puzzles.txt", "--format", "ss", "--keep-going", "-o", "-"},
                            {}, dir.path());
    CHECK(result.exit_code == 1);
    CHECK(lines(result.err).size() == 2);
    const auto grids = lines(result.out);
    REQUIRE(grids.size() == 23); // two grids of 11 lines, an empty line between
    CHECK(grids[0] == "534|678|912");
    CHECK(grids[11].empty());
    CHECK(grids[12] == "534|678|912");
}

TEST_CASE("an OpenSudoku document of solutions leaves out a malformed puzzle and stays whole",
          "[cli][sudoku-cli][formats]")
{
    const TempDir dir;
    dir.write("puzzles.txt", dlx_test::puzzle + "\n" + dlx_test::puzzle.substr(0, 80) + "\n" +
                                 dlx_test::puzzle + "\n");
    const auto result = run(
        {bin, "-s", "puzzles.txt", "--format", "opensudoku", "--keep-going", "-o", "solved.xml"},
        {}, dir.path());
    CHECK(result.exit_code == 1);
    CHECK(result.err.find("puzzles.txt:2: puzzle 2: ") != std::string::npos);
    const std::string xml = read_file(dir.path() / "solved.xml");
    CHECK(xml.ends_with("</opensudoku>\n"));
    CHECK(solutions_of((dir.path() / "solved.xml").string()).size() == 2);
}
