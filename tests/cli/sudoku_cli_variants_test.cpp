// sudoku-cli on other sizes and variants (docs/cli.md, section 3): boards made by -c --size and
// --variant, puzzles of other sizes solved and counted; the output read back by a reader
// written here and checked by the independent rules of support/variant_check.hpp.
#include "cli/sudoku_cli_run.hpp"
#include "support/process.hpp"
#include "support/variant_check.hpp"

#include <catch2/catch.hpp>

#include <algorithm>

#include <set>
#include <sstream>
#include <string>

using dlx_test::read_file;
using dlx_test::run;
using dlx_test::TempDir;

namespace {

using dlx_test::bin;

// Boards of `rows` lines, symbols separated by single spaces (two where samurai has a gap),
// one empty line between boards; '.' for a blank.
std::vector<dlx_test::Digits> parse_boards(const std::string& text, int rows, int columns)
{
    std::vector<dlx_test::Digits> boards;
    std::istringstream in(text);
    std::string line;
    dlx_test::Digits board;
    int row = 0;
    while (std::getline(in, line)) {
        if (row == rows) {
            REQUIRE(line.empty());
            row = 0;
            continue;
        }
        REQUIRE(line.size() <= static_cast<std::size_t>(2 * columns - 1));
        line.resize(static_cast<std::size_t>(2 * columns - 1), ' ');
        for (int c = 0; c < columns; ++c) {
            const char symbol = line[static_cast<std::size_t>(2 * c)];
            if (c + 1 < columns)
                REQUIRE(line[static_cast<std::size_t>(2 * c + 1)] == ' ');
            int digit = 0;
            if (symbol >= '1' && symbol <= '9')
                digit = symbol - '0';
            else if (symbol >= 'A' && symbol <= 'P')
                digit = symbol - 'A' + 10;
            else
                REQUIRE((symbol == '.' || symbol == ' '));
            board.push_back(static_cast<std::uint8_t>(digit));
        }
        if (++row == rows) {
            boards.push_back(board);
            board.clear();
        }
    }
    REQUIRE(row == rows);
    return boards;
}

} // namespace

TEST_CASE("sudoku-cli -c --size and --variant write distinct boards that keep the rules",
          "[cli][sudoku-cli][variant]")
{
    struct Case {
        std::vector<std::string> args;
        sudoku::Variant variant;
        int side;
    };
    sudoku::Variant x = sudoku::Variant::classic(9);
    x.main_diagonal = x.anti_diagonal = true;
    sudoku::Variant windoku_knight = sudoku::Variant::classic(9);
    windoku_knight.windoku = windoku_knight.anti_knight = true;
    sudoku::Variant samurai;
    samurai.samurai = true;
    sudoku::Variant eight = sudoku::Variant::classic(8);
    eight.non_consecutive = true;
    const std::vector<Case> cases{
        {{"-c", "2000", "--size", "16"}, sudoku::Variant::classic(16), 16},
        {{"-c", "20", "--size", "25"}, sudoku::Variant::classic(25), 25},
        {{"-c", "500", "--variant", "x"}, x, 9},
        {{"-c", "50", "--variant", "windoku,anti-knight"}, windoku_knight, 9},
        {{"-c", "50", "--variant", "samurai"}, samurai, 21},
        {{"-c", "100", "--size", "8", "--variant", "non-consecutive", "--first-digit", "2"},
         eight,
         8},
    };
    for (const Case& c : cases) {
        INFO(c.variant.describe());
        const TempDir dir;
        std::vector<std::string> argv{bin, "--seed", "5", "-j", "2"};
        argv.insert(argv.end(), c.args.begin(), c.args.end());
        const auto result = run(argv, {}, dir.path());
        REQUIRE(result.exit_code == 0);
        CHECK(result.err.empty());
        const auto boards = parse_boards(read_file(dir.path() / "sudoku.txt"), c.side, c.side);
        CHECK(boards.size() == std::stoul(c.args[1]));
        std::set<std::string> distinct;
        const int first = c.args.back() == "2" ? 2 : c.variant.size;
        for (const auto& board : boards) {
            REQUIRE(dlx_test::broken_rule(c.variant, board).empty());
            REQUIRE(board[0] == first);
            distinct.insert(std::string(board.begin(), board.end()));
        }
        CHECK(distinct.size() == boards.size());
        // The same seed, one thread: the same bytes.
        argv[4] = "1";
        const TempDir again;
        REQUIRE(run(argv, {}, again.path()).exit_code == 0);
        CHECK(read_file(again.path() / "sudoku.txt") == read_file(dir.path() / "sudoku.txt"));
    }
}

TEST_CASE("sudoku-cli -c refuses what no board can be, and keeps the earlier output",
          "[cli][sudoku-cli][variant]")
{
    const auto [args, status, message] =
        GENERATE(table<std::vector<std::string>, int, std::string>({
            {{"-c", "73", "--size", "4"},
             1,
             "sudoku-cli: 4x4 has only 72 distinct grids with 4 in its first cell\n"},
            {{"-c", "1", "--size", "6", "--variant", "x,windoku"},
             1,
             "sudoku-cli: 6x6 X windoku has no grid with 6 in its first cell\n"},
            {{"-c", "1", "--size", "7"},
             2,
             "sudoku-cli: --size wants 4, 6, 8, 9, 10, 12, 16 or 25 (the sizes puzzle files "
             "hold), not '7' (try 'sudoku-cli --help')\n"},
            {{"-c", "1", "--size", "14"},
             2,
             "sudoku-cli: --size wants 4, 6, 8, 9, 10, 12, 16 or 25 (the sizes puzzle files "
             "hold), not '14' (try 'sudoku-cli --help')\n"},
            {{"-c", "1", "--size", "9", "--variant", "samurai"},
             2,
             "sudoku-cli: --variant samurai is made of 9x9 grids: leave out --size (try "
             "'sudoku-cli --help')\n"},
            {{"-c", "1", "--size", "26"},
             2,
             "sudoku-cli: --size wants a whole number from 4 to 25, not '26' (try 'sudoku-cli "
             "--help')\n"},
            {{"-c", "1", "--variant", "x,sandwich"},
             2,
             "sudoku-cli: --variant: 'sandwich' is not one of x, windoku, anti-knight, anti-king, "
             "non-consecutive, samurai, killer, jigsaw (try 'sudoku-cli --help')\n"},
            {{"-c", "1", "--size", "16", "--variant", "samurai"},
             2,
             "sudoku-cli: --variant samurai is made of 9x9 grids: leave out --size (try "
             "'sudoku-cli --help')\n"},
            {{"-c", "1", "--size", "4", "--first-digit", "5"},
             2,
             "sudoku-cli: --first-digit wants a whole number from 1 to 4, not '5' (try "
             "'sudoku-cli --help')\n"},
            {{"-s", "puzzles.txt", "--size", "16"},
             2,
             "sudoku-cli: --size goes with -c or -n (try 'sudoku-cli --help')\n"},
        }));
    const auto outcome = dlx_test::run_beside_previous_output(args);
    CHECK(outcome.result.exit_code == status);
    CHECK(outcome.result.err == message);
    CHECK(outcome.previous_kept);
}

TEST_CASE("sudoku-cli -s and --count take puzzles of other sizes", "[cli][sudoku-cli][variant]")
{
    // A 16x16 puzzle cut from a board the program made, a 4x4 one with four solutions, a 6x6 one
    // as rows, and a 4x4 one whose givens break the rules.
    const TempDir dir;
    REQUIRE(run({bin, "-c", "1", "--size", "16", "--seed", "3", "-o", "board.txt"}, {}, dir.path())
                .exit_code == 0);
    const auto board = parse_boards(read_file(dir.path() / "board.txt"), 16, 16).at(0);
    std::string puzzle16;
    for (std::size_t i = 0; i < board.size(); ++i)
        puzzle16 += i % 3 == 0 ? '.' : sudoku::digit_symbol(board[i]);
    std::string text = puzzle16 + "\n1.3..4....1.....\n\n1 2 3 . . .\n. . . 1 2 3\n";
    for (int row = 0; row < 4; ++row)
        text += ". . . . . .\n";
    text += "\n1.3..4....1...1.\n";
    dir.write("puzzles.txt", text);
    const auto count = run({bin, "--count", "puzzles.txt", "--limit", "100"}, {}, dir.path());
    CHECK(count.err.empty());
    REQUIRE(count.exit_code == 0);
    CHECK(count.out.substr(0, 2) == "1\n");
    const auto counts = count.out.substr(2);
    const std::string four = counts.substr(0, counts.find('\n'));
    sudoku::Variant v4 = sudoku::Variant::classic(4);
    dlx_test::Digits p4(16, 0);
    p4[0] = 1, p4[2] = 3, p4[5] = 4, p4[10] = 1;
    CHECK(four == std::to_string(dlx_test::backtrack_count(v4, p4)));
    CHECK(count.out.substr(count.out.size() - 2) == "0\n");

    const auto solved = run({bin, "-s", "puzzles.txt", "--keep-going", "-o", "-"}, {}, dir.path());
    CHECK(solved.exit_code == 1);
    CHECK(solved.err == "sudoku-cli: puzzles.txt:11: puzzle 4: the givens break the rules: two 1s "
                        "in column 3\n");
    const std::string out = solved.out;
    const auto first = parse_boards(out.substr(0, 16 * 32), 16, 16).at(0);
    CHECK(dlx_test::broken_rule(sudoku::Variant::classic(16), first).empty());
    for (std::size_t i = 0; i < board.size(); ++i) {
        if (i % 3 != 0)
            REQUIRE(first[i] == board[i]);
    }
    CHECK(out.substr(out.size() - 33) == "\n1 . 3 .\n. 4 . .\n. . 1 .\n. . 1 .\n");
}

TEST_CASE("sudoku-cli --rate rates variants by their techniques", "[cli][sudoku-cli][variant]")
{
    // The 6x6 killer opens with its cage of one cell and is solved by logic alone; the
    // 16x16 and 25x25 samples are rated too, the 4x4 one with several solutions is hard.
    const auto killer = run(
        {bin, "--rate", std::string(DLX_DATA_DIR) + "/sudoku/variants/killer_6x6.json", "-o", "-"});
    CHECK(killer.err.empty());
    REQUIRE(killer.exit_code == 0);
    CHECK(killer.out.find("cage-combination:") != std::string::npos);
    CHECK(killer.out.find("search") == std::string::npos);
    CHECK(std::count(killer.out.begin(), killer.out.end(), '\n') == 1);
    const TempDir dir;
    dir.write("open.txt", "1...............\n");
    const auto open = run({bin, "--rate", "open.txt", "-o", "-"}, {}, dir.path());
    CHECK(open.out == "3 hard search multiple-solutions\n");
    dir.write("broken.txt", "11..............\n");
    const auto broken = run({bin, "--rate", "broken.txt", "-o", "-"}, {}, dir.path());
    CHECK(broken.exit_code == 1);
    CHECK(broken.err == "sudoku-cli: broken.txt:1: puzzle 1: the givens break the rules: two 1s "
                        "in row 1\n");
}

TEST_CASE("sudoku-cli -n --size and --variant make puzzles that have one solution",
          "[cli][sudoku-cli][variant]")
{
    // Rows for a size or samurai, f-puzzles JSON (a puzzle a line) for the other rules; counted
    // back by --count, which reads both.
    const std::vector<std::vector<std::string>> cases{
        {"--size", "9"}, // plain 9x9 through the variant maker: unique too
        {"--size", "16"},
        {"--variant", "samurai"},
        {"--variant", "killer"},
        {"--variant", "jigsaw,anti-king", "--size", "6"},
        {"--variant", "x,windoku", "--symmetric"},
    };
    for (const auto& extra : cases) {
        INFO(extra[1]);
        const TempDir dir;
        std::vector<std::string> argv{bin, "-n", "3", "--seed", "9", "-o", "made.txt"};
        argv.insert(argv.end(), extra.begin(), extra.end());
        const auto made = run(argv, {}, dir.path());
        REQUIRE(made.exit_code == 0);
        CHECK(made.err.empty());
        const std::string text = read_file(dir.path() / "made.txt");
        CHECK((text.front() == '{') ==
              (extra[1] != "9" && extra[1] != "16" && extra[1] != "samurai"));
        const auto count = run({bin, "--count", "made.txt", "--limit", "10"}, {}, dir.path());
        CHECK(count.err.empty());
        CHECK(count.out == "1\n1\n1\n");
    }
}

TEST_CASE("sudoku-cli -n refuses what the variant maker does not do", "[cli][sudoku-cli][variant]")
{
    const auto [args, message] = GENERATE(table<std::vector<std::string>, std::string>({
        {{"-n", "1", "--variant", "killer", "-m", "2"},
         "sudoku-cli: -m is for classic 9x9 puzzles, not with --size or --variant (their puzzles "
         "are unique)\n"},
        {{"-c", "1", "--variant", "killer"},
         "sudoku-cli: --variant killer goes with -n (its cages or regions are made for each "
         "puzzle) (try 'sudoku-cli --help')\n"},
        {{"-n", "1", "--variant", "samurai,jigsaw"},
         "sudoku-cli: --variant samurai takes no jigsaw (try 'sudoku-cli --help')\n"},
        {{"-n", "1", "--variant", "x", "--size", "25"},
         "sudoku-cli: --variant x on 25x25: such puzzles are written as f-puzzles JSON, which "
         "holds neither samurai nor grids above 16x16 (try 'sudoku-cli --help')\n"},
        {{"-n", "1", "--variant", "killer,samurai"},
         "sudoku-cli: --variant killer,samurai on samurai: such puzzles are written as f-puzzles "
         "JSON, which holds neither samurai nor grids above 16x16 (try 'sudoku-cli --help')\n"},
    }));
    const auto outcome = dlx_test::run_beside_previous_output(args);
    CHECK(outcome.result.exit_code == 2);
    CHECK(outcome.result.err.substr(0, message.size()) == message);
    CHECK(outcome.previous_kept);
}
