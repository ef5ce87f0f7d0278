// sudoku-cli -n, --rate and --count (docs/cli.md, sections 3.5-3.7), run as a user runs
// them; every puzzle checked by the tests' own solvers (support/human_check.hpp).
#include "cli/sudoku_cli_run.hpp"
#include "support/board_check.hpp"
#include "support/human_check.hpp"
#include "support/process.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;
using dlx_test::bin;
using dlx_test::Board;
using dlx_test::lines;
using dlx_test::read_file;
using dlx_test::run;
using dlx_test::Techniques;
using dlx_test::TempDir;

namespace {

const std::string data = std::string(DLX_DATA_DIR) + "/sudoku/";

// Runs sudoku-cli with `args` in a scratch directory; returns the puzzles it wrote.
std::vector<Board> make_puzzles(const std::vector<std::string>& args)
{
    const TempDir dir;
    std::vector<std::string> argv{bin};
    argv.insert(argv.end(), args.begin(), args.end());
    const auto result = run(argv, {}, dir.path());
    INFO(result.err);
    REQUIRE(result.exit_code == 0);
    REQUIRE(result.err.empty());
    return dlx_test::parse_boards(read_file(dir.path() / "sudoku.txt"), true);
}

int blanks(const Board& board)
{
    return static_cast<int>(std::count(board.begin(), board.end(), 0));
}

bool symmetric(const Board& board)
{
    for (std::size_t cell = 0; cell < 81; ++cell)
        if ((board[cell] == 0) != (board[80 - cell] == 0))
            return false;
    return true;
}

} // namespace

TEST_CASE("sudoku-cli -n -r writes puzzles with blanks in range, unique with -u",
          "[cli][sudoku-cli][make]")
{
    const auto low_high = GENERATE(as<std::pair<int, int>>{}, std::pair{20, 55}, std::pair{50, 55},
                                   std::pair{30, 30});
    const std::string range =
        std::to_string(low_high.first) + "~" + std::to_string(low_high.second);
    const auto puzzles = make_puzzles({"-n", "40", "-r", range, "-u", "--seed", "9", "-j", "2"});
    REQUIRE(puzzles.size() == 40);
    for (const auto& puzzle : puzzles) {
        CHECK(blanks(puzzle) >= low_high.first);
        CHECK(blanks(puzzle) <= low_high.second);
        CHECK(dlx_test::count_solutions(puzzle) == 1);
    }
    // Without -u the blank counts keep to the range too, and some puzzles are ambiguous.
    int ambiguous = 0;
    for (const auto& puzzle : make_puzzles({"-n", "40", "-r", "50~55", "--seed", "9"})) {
        CHECK(blanks(puzzle) >= 50);
        CHECK(blanks(puzzle) <= 55);
        ambiguous += dlx_test::count_solutions(puzzle) > 1 ? 1 : 0;
    }
    CHECK(ambiguous > 0);
}

TEST_CASE("sudoku-cli -n -m makes unique puzzles of exactly that level", "[cli][sudoku-cli][make]")
{
    const auto level = GENERATE(1, 2, 3);
    const auto puzzles = make_puzzles({"-n", "30", "-m", std::to_string(level), "--seed", "4"});
    REQUIRE(puzzles.size() == 30);
    for (const auto& puzzle : puzzles) {
        CHECK(dlx_test::count_solutions(puzzle) == 1);
        const bool by_singles = dlx_test::logic_solves(puzzle, Techniques::singles);
        const bool by_logic = dlx_test::logic_solves(puzzle, Techniques::all_listed);
        if (level == 1)
            CHECK(by_singles);
        if (level == 2)
            CHECK((!by_singles && by_logic));
        if (level == 3)
            CHECK(!by_logic); // not solved without search
    }
}

TEST_CASE("sudoku-cli -n --symmetric and --minimal", "[cli][sudoku-cli][make]")
{
    for (const auto& puzzle :
         make_puzzles({"-n", "20", "-r", "40~50", "-u", "--symmetric", "--seed", "2"})) {
        CHECK(symmetric(puzzle));
        CHECK(blanks(puzzle) >= 40);
        CHECK(blanks(puzzle) <= 50);
    }
    const auto args =
        GENERATE(as<std::vector<std::string>>{}, std::vector<std::string>{"-m", "3", "--minimal"},
                 std::vector<std::string>{"-r", "20~55", "--minimal"},
                 std::vector<std::string>{"-m", "2", "--minimal", "--symmetric"});
    std::vector<std::string> all{"-n", "5", "--seed", "6"};
    all.insert(all.end(), args.begin(), args.end());
    const bool pairs = std::find(args.begin(), args.end(), "--symmetric") != args.end();
    for (const auto& puzzle : make_puzzles(all)) {
        REQUIRE(dlx_test::count_solutions(puzzle) == 1);
        if (pairs)
            CHECK(symmetric(puzzle));
        for (std::size_t cell = 0; cell < 81; ++cell) { // every given (or pair) is needed
            if (puzzle[cell] == 0 || (pairs && cell > 40))
                continue;
            auto fewer = puzzle;
            fewer[cell] = fewer[pairs ? 80 - cell : cell] = 0;
            CHECK(dlx_test::count_solutions(fewer) == 2);
        }
    }
}

TEST_CASE("sudoku-cli -n output is reproducible with --seed, whatever -j",
          "[cli][sudoku-cli][make]")
{
    const TempDir dir;
    const auto bytes = [&](const std::vector<std::string>& args) {
        std::vector<std::string> argv{bin, "-o", "-"};
        argv.insert(argv.end(), args.begin(), args.end());
        const auto result = run(argv, {}, dir.path());
        REQUIRE(result.exit_code == 0);
        return result.out;
    };
    const auto first = bytes({"-n", "50", "-m", "2", "--seed", "77", "-j", "1"});
    CHECK(bytes({"-n", "50", "-m", "2", "--seed", "77", "-j", "2"}) == first);
    CHECK(bytes({"-n", "50", "-m", "2", "--seed", "78"}) != first);
    CHECK(bytes({"-n", "50", "-m", "2"}) != bytes({"-n", "50", "-m", "2"}));
    // The board format: 9 lines a puzzle, an empty line between, none at the end.
    CHECK(first.size() == 50 * 163 - 1);
    CHECK(dlx_test::parse_boards(first, true).size() == 50);
}

TEST_CASE("sudoku-cli -n usage errors print the usage and touch nothing", "[cli][sudoku-cli][make]")
{
    const auto args = GENERATE(
        as<std::vector<std::string>>{},
        std::vector<std::string>{"-n", "5", "-m", "2", "-r", "20~30"},
        std::vector<std::string>{"-n", "5", "-m", "2", "-u"}, std::vector<std::string>{"-m", "2"},
        std::vector<std::string>{"-r", "20~30"}, std::vector<std::string>{"-u"},
        std::vector<std::string>{"-c", "5", "-u"}, std::vector<std::string>{"-n", "5"},
        std::vector<std::string>{"-n", "5", "-u"}, std::vector<std::string>{"-n", "0", "-m", "1"},
        std::vector<std::string>{"-n", "1000001", "-m", "1"},
        std::vector<std::string>{"-n", "x", "-m", "1"},
        std::vector<std::string>{"-n", "5", "-m", "0"},
        std::vector<std::string>{"-n", "5", "-m", "7"},
        std::vector<std::string>{"-n", "5", "-r", "19~30"},
        std::vector<std::string>{"-n", "5", "-r", "20~56"},
        std::vector<std::string>{"-n", "5", "-r", "40~30"},
        std::vector<std::string>{"-n", "5", "-r", "30"},
        std::vector<std::string>{"-n", "5", "-r", "30-40"},
        std::vector<std::string>{"-n", "5", "-r", "30~40~50"},
        std::vector<std::string>{"-n", "5", "-r", "~40"},
        std::vector<std::string>{"-n", "5", "-r", "+30~40"},
        std::vector<std::string>{"-n", "5", "-m", "1", "-c", "4"},
        std::vector<std::string>{"-n", "5", "-m", "1", "--rate", "puzzles.txt"});
    const auto [result, previous_kept] = dlx_test::run_beside_previous_output(args);
    INFO(result.err);
    CHECK(result.exit_code == 2);
    CHECK(result.out.empty());
    CHECK_THAT(result.err, StartsWith("sudoku-cli: ") && Contains("\nUsage: sudoku-cli -c N") &&
                               Contains("sudoku-cli -n N -m M"));
    CHECK(previous_kept);
}

TEST_CASE("sudoku-cli options for other tasks are refused in one line", "[cli][sudoku-cli][make]")
{
    const auto args =
        GENERATE(as<std::vector<std::string>>{}, std::vector<std::string>{"-c", "5", "--symmetric"},
                 std::vector<std::string>{"-s", "puzzles.txt", "--minimal"},
                 std::vector<std::string>{"-n", "5", "-m", "1", "--first-digit", "3"},
                 std::vector<std::string>{"-n", "5", "-m", "1", "--keep-going"},
                 std::vector<std::string>{"-n", "5", "-m", "1", "--limit", "3"},
                 std::vector<std::string>{"--rate", "puzzles.txt", "--seed", "1"},
                 std::vector<std::string>{"--count", "puzzles.txt", "--limit", "0"},
                 std::vector<std::string>{"--count", "puzzles.txt", "--limit", "x"},
                 std::vector<std::string>{"-s", "puzzles.txt", "--limit", "3"});
    const auto [result, previous_kept] = dlx_test::run_beside_previous_output(args);
    INFO(result.err);
    CHECK(result.exit_code == 2);
    CHECK_THAT(result.err, StartsWith("sudoku-cli: ") && Contains("(try 'sudoku-cli --help')"));
    CHECK(std::count(result.err.begin(), result.err.end(), '\n') == 1);
    CHECK(previous_kept);
}

TEST_CASE("sudoku-cli --rate prints a level and the techniques per puzzle",
          "[cli][sudoku-cli][rate]")
{
    const auto file = GENERATE(as<std::string>{}, "17_clue_sample.txt",
                               "magictour_top1465_sample.txt", "kaggle_like_sample.txt");
    const auto result = run({bin, "--rate", data + file});
    REQUIRE(result.exit_code == 0);
    const auto puzzles = dlx_test::read_one_line_puzzles(data + file);
    const auto rated = lines(result.out);
    REQUIRE(rated.size() == puzzles.size());
    for (std::size_t i = 0; i < puzzles.size(); ++i) {
        INFO(rated[i]);
        const bool by_singles = dlx_test::logic_solves(puzzles[i], Techniques::singles);
        const bool by_logic = dlx_test::logic_solves(puzzles[i], Techniques::all_listed);
        const std::string expected = by_singles ? "1 easy " : by_logic ? "2 medium " : "3 hard ";
        CHECK_THAT(rated[i], StartsWith(expected));
        CHECK((rated[i].find(" search") != std::string::npos) == !by_logic);
        CHECK(rated[i].find("multiple-solutions") == std::string::npos);
        if (!by_singles && by_logic) // a medium puzzle names a technique beyond the singles
            CHECK((rated[i].find("pointing:") != std::string::npos ||
                   rated[i].find("box-line:") != std::string::npos ||
                   rated[i].find("pair:") != std::string::npos ||
                   rated[i].find("triple:") != std::string::npos));
    }
}

TEST_CASE("sudoku-cli --rate and --count read both layouts and write with -o",
          "[cli][sudoku-cli][rate]")
{
    const TempDir dir;
    const auto rate =
        run({bin, "--rate", data + "board_layout_sample.txt", "-o", "rated.txt"}, {}, dir.path());
    REQUIRE(rate.exit_code == 0);
    CHECK(rate.out.empty());
    const auto puzzles = dlx_test::parse_boards(read_file(data + "board_layout_sample.txt"), true);
    CHECK(lines(read_file(dir.path() / "rated.txt")).size() == puzzles.size());
    const auto count =
        run({bin, "--count", "-", "--limit", "3"}, read_file(data + "board_layout_sample.txt"));
    REQUIRE(count.exit_code == 0);
    const auto counted = lines(count.out);
    REQUIRE(counted.size() == puzzles.size());
    for (std::size_t i = 0; i < puzzles.size(); ++i) {
        const auto solutions = dlx_test::count_solutions(puzzles[i], 3);
        CHECK(counted[i] == std::to_string(solutions) + (solutions == 3 ? "+" : ""));
    }
}

TEST_CASE("sudoku-cli --count counts solutions up to the limit", "[cli][sudoku-cli][count]")
{
    const auto several = run({bin, "--count", data + "serg_benchmark_sample.txt"});
    REQUIRE(several.exit_code == 0);
    const auto counted = lines(several.out);
    REQUIRE(counted.size() == 100);
    CHECK(std::all_of(counted.begin(), counted.end(),
                      [](const std::string& line) { return line == "2+"; }));

    const TempDir dir;
    const auto puzzles = dir.write("puzzles.txt", dlx_test::puzzle + "\n" + std::string(81, '.') +
                                                      "\n" + "55" + std::string(79, '.') + "\n" +
                                                      "1234567.." + std::string(72, '.') + "\n");
    const auto limited = run({bin, "--count", puzzles.string(), "--limit", "5"});
    REQUIRE(limited.exit_code == 0);
    const auto found = lines(limited.out);
    REQUIRE(found.size() == 4);
    CHECK(found[0] == "1");
    CHECK(found[1] == "5+");
    CHECK(found[2] == "0"); // givens that break the rules
    CHECK(found[3] == "5+");
}

TEST_CASE("sudoku-cli --rate and --count report bad puzzles", "[cli][sudoku-cli][rate]")
{
    const TempDir dir;
    const auto before = dlx_test::previous_output(dir);
    dir.write("puzzles.txt", dlx_test::puzzle + "\n" + dlx_test::puzzle.substr(0, 80) + "\n" +
                                 "55" + std::string(79, '.') + "\n");
    const auto rate = run({bin, "--rate", "puzzles.txt", "-o", "sudoku.txt"}, {}, dir.path());
    CHECK(rate.exit_code == 1);
    CHECK(rate.err == "sudoku-cli: puzzles.txt:2: puzzle 2: line 2: expected 81 cells, found 80\n");
    CHECK(read_file(before) == "an earlier run's output\n");

    const auto going = run({bin, "--rate", "puzzles.txt", "--keep-going"}, {}, dir.path());
    CHECK(going.exit_code == 1);
    CHECK(lines(going.err).size() == 2);
    CHECK_THAT(going.err, Contains("puzzle 3: the givens break the rules: two 5s in row 1"));
    const auto rated = lines(going.out);
    REQUIRE(rated.size() == 3);
    CHECK_THAT(rated[0], StartsWith("1 easy "));
    CHECK(rated[1] == "- invalid");
    CHECK(rated[2] == "- invalid");

    const auto count = run({bin, "--count", "puzzles.txt", "--keep-going"}, {}, dir.path());
    CHECK(count.exit_code == 1);
    CHECK(count.out == "1\n-\n0\n");
    CHECK(lines(count.err).size() == 1);
}

TEST_CASE("sudoku-cli -n gives up on a range that random puzzles do not reach",
          "[cli][sudoku-cli][make]")
{
    // Random minimal puzzles have 54 to 59 blanks: 20 to 30 is out of reach.
    const TempDir dir;
    const auto before = dlx_test::previous_output(dir);
    const auto result =
        run({bin, "-n", "2", "-r", "20~30", "--minimal", "--seed", "1"}, {}, dir.path());
    CHECK(result.exit_code == 1);
    CHECK_THAT(result.err, StartsWith("sudoku-cli: no minimal puzzle with 20 to 30 blanks in 1000 "
                                      "random boards: widen the range"));
    CHECK(lines(result.err).size() == 1);
    CHECK(read_file(before) == "an earlier run's output\n");
}
