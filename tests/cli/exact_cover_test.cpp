// exact-cover, run as a user runs it: the real binary, real files, exit codes and messages.
#include "cli/exact_cover_run.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <regex>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

using Catch::Matchers::Contains;
using Catch::Matchers::EndsWith;
using Catch::Matchers::StartsWith;
using dlx_test::run;
using dlx_test::TempDir;

using namespace dlx_test::exact_cover;

namespace {

const char* const knuth7 = "| A simple example\nA B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\n"
                           "D E G\n";

} // namespace

TEST_CASE("exact-cover counts the solutions of a file", "[cli][exact-cover]")
{
    const auto result = run({bin, data + "queens8.dlx"});
    CHECK(result.exit_code == 0);
    CHECK(result.out == "92\n");
    CHECK(result.err.empty());
}

TEST_CASE("exact-cover reads standard input, with or without '-'", "[cli][exact-cover]")
{
    CHECK(run({bin}, knuth7).out == "1\n");
    CHECK(run({bin, "-"}, knuth7).out == "1\n");
}

TEST_CASE("exact-cover --stats prints Knuth's counters on stderr", "[cli][exact-cover]")
{
    const auto [file, line] = GENERATE(table<std::string, std::string>({
        {"knuth7.dlx", "1 solution, 6 nodes, 30 updates"},
        {"taocp_abcdefg.dlx", "1 solution, 6 nodes, 29 updates"},
        {"wikipedia_algx.dlx", "1 solution, 5 nodes, 27 updates"},
        {"queens8.dlx", "92 solutions, 1199 nodes, 21375 updates"},
        {"langford7.dlx", "52 solutions, 607 nodes, 8339 updates"},
        {"sudoku4.dlx", "288 solutions, 2157 nodes, 22545 updates"},
        {"color.dlx", "1 solution, 4 nodes, 14 updates"},
        {"mult.dlx", "1 solution, 6 nodes, 14 updates"},
        // Knuth's dlx2 and dlx3 print the same for these two (docs/benchmarks.md section 10).
        {"colour12.dlx", "134 solutions, 552 nodes, 5954 updates"},
        {"mult3x4.dlx", "445535 solutions, 1133865 nodes, 2360964 updates"},
    }));
    const auto result = run({bin, "--stats", data + file});
    CHECK(result.exit_code == 0);
    CHECK(std::regex_match(result.err, std::regex(line + ", [0-9]+\\.[0-9]{3} s\n")));
}

TEST_CASE("exact-cover --threads gives the same counters", "[cli][exact-cover]")
{
    const auto result = run({bin, "--stats", "--threads", "2", data + "langford7.dlx"});
    CHECK(result.exit_code == 0);
    CHECK(result.out == "52\n");
    CHECK_THAT(result.err, StartsWith("52 solutions, 607 nodes, 8339 updates, "));
}

TEST_CASE("exact-cover --method cells prints ssxcc's counters", "[cli][exact-cover]")
{
    // Knuth's ssxcc prints the same solutions, updates and nodes (tests/dlx/cells_test.cpp).
    const auto [file, line] = GENERATE(table<std::string, std::string>({
        {"knuth7.dlx", "1 solution, 5 nodes, 27 updates"},
        {"queens8.dlx", "92 solutions, 947 nodes, 20078 updates"},
        {"colour12.dlx", "134 solutions, 419 nodes, 5887 updates"},
    }));
    const auto result = run({bin, "--stats", "--method", "cells", data + file});
    CHECK(result.exit_code == 0);
    CHECK(std::regex_match(result.err, std::regex(line + ", [0-9]+\\.[0-9]{3} s\n")));
    // --method links is the default: the same counters as without --method.
    const auto counters = [](const std::string& err) { return err.substr(0, err.rfind(", ")); };
    CHECK(counters(run({bin, "--stats", "-m", "links", data + file}).err) ==
          counters(run({bin, "--stats", data + file}).err));
}

TEST_CASE("exact-cover --method cells prints, counts on threads and refuses multiplicities",
          "[cli][exact-cover]")
{
    const auto printed = run({bin, "--method", "cells", "--print", "1"}, knuth7);
    CHECK(printed.exit_code == 0);
    CHECK(printed.out == "C E F\nA D\nB G\n\n1\n");
    const auto threads = run({bin, "--method", "cells", "--threads", "2", data + "langford7.dlx"});
    CHECK(threads.exit_code == 0);
    CHECK(threads.out == "52\n");
    const auto mult = run({bin, "--method", "cells", data + "mult.dlx"});
    CHECK(mult.exit_code == 1);
    CHECK(mult.out.empty());
    CHECK(mult.err == "exact-cover: " + data +
                          "mult.dlx: --method cells does not take "
                          "multiplicities (Algorithm M); use --method links\n");
}

TEST_CASE("exact-cover --print shows solutions as option lines", "[cli][exact-cover]")
{
    const auto result = run({bin, "--print", "1"}, knuth7);
    CHECK(result.exit_code == 0);
    CHECK(result.out == "C E F\nA D\nB G\n\n1\n");
}

TEST_CASE("exact-cover --print K prints K solutions and still counts all", "[cli][exact-cover]")
{
    const auto result = run({bin, "--print", "2", data + "queens8.dlx"});
    CHECK(result.exit_code == 0);
    // Two blocks of eight option lines, each followed by an empty line, then the count.
    CHECK(std::regex_match(result.out, std::regex("(([^\n]+\n){8}\n){2}92\n")));
}

TEST_CASE("exact-cover --all prints every solution", "[cli][exact-cover]")
{
    const auto result = run({bin, "--all", data + "langford7.dlx"});
    CHECK(result.exit_code == 0);
    CHECK(std::regex_match(result.out, std::regex("(([^\n]+\n){7}\n){52}52\n")));
}

TEST_CASE("exact-cover --limit stops after N solutions", "[cli][exact-cover]")
{
    const auto result = run({bin, "--limit", "10", "--stats", data + "queens8.dlx"});
    CHECK(result.exit_code == 0);
    CHECK(result.out == "10\n");
    CHECK_THAT(result.err, Contains("(stopped early)"));
}

namespace {

// Langford pairs for n = 10: no solution (n is 2 modulo 4), after a search of many nodes.
std::string langford10()
{
    const int n = 10;
    std::string text;
    for (int k = 1; k <= n; ++k)
        text += "v" + std::to_string(k) + " ";
    for (int i = 1; i <= 2 * n; ++i)
        text += "s" + std::to_string(i) + " ";
    text += "\n";
    for (int k = 1; k <= n; ++k) {
        for (int i = 1; i + k + 1 <= 2 * n; ++i)
            text += "v" + std::to_string(k) + " s" + std::to_string(i) + " s" +
                    std::to_string(i + k + 1) + "\n";
    }
    return text;
}

} // namespace

TEST_CASE("exact-cover --node-limit ends the count with '+' and status 3", "[cli][exact-cover]")
{
    const auto stopped = run({bin, "--node-limit", "100", "--stats", data + "queens8.dlx"});
    CHECK(stopped.exit_code == 3);
    CHECK(std::regex_match(stopped.out, std::regex("[0-9]+[+]\n")));
    CHECK(std::stoi(stopped.out) < 92);
    CHECK_THAT(stopped.err, Contains(" 100 nodes, ") && Contains("(stopped at the node limit)"));
    // A limit the search does not reach: the whole count, status 0.
    const auto whole = run({bin, "--node-limit", "1000000", data + "queens8.dlx"});
    CHECK(whole.exit_code == 0);
    CHECK(whole.out == "92\n");
    // The solution limit reached first is the answer asked for: no '+'.
    const auto limited =
        run({bin, "--limit", "3", "--node-limit", "1000000", data + "queens8.dlx"});
    CHECK(limited.exit_code == 0);
    CHECK(limited.out == "3\n");
}

TEST_CASE("exact-cover never lets 'no solution' and 'did not finish' look alike",
          "[cli][exact-cover]")
{
    const std::string problem = langford10();
    const auto whole = run({bin, "--stats"}, problem);
    REQUIRE(whole.exit_code == 0);
    CHECK(whole.out == "0\n");
    const auto stopped = run({bin, "--node-limit", "1000"}, problem);
    CHECK(stopped.exit_code == 3);
    CHECK(stopped.out == "0+\n");
    const auto printed = run({bin, "--print", "1", "--node-limit", "1000"}, problem);
    CHECK(printed.exit_code == 3);
    CHECK(printed.out == "0+\n");
}

TEST_CASE("exact-cover --time-limit stops a long count, on one thread or two", "[cli][exact-cover]")
{
    // pento6x10 takes a second or more (1.2 billion updates): a thousandth of that stops it.
    const std::string threads = GENERATE("1", "2");
    const std::string method = GENERATE("links", "cells");
    INFO(threads << " threads, " << method);
    const auto result = run({bin, "--time-limit", "0.001", "--stats", "--threads", threads,
                             "--method", method, data + "pento6x10.dlx"});
    CHECK(result.exit_code == 3);
    CHECK(std::regex_match(result.out, std::regex("[0-9]+[+]\n")));
    CHECK_THAT(result.err, Contains("(stopped at the time limit)"));
    // A limit far off: the whole count.
    const auto whole = run({bin, "--time-limit", "1000", data + "queens8.dlx"});
    CHECK(whole.exit_code == 0);
    CHECK(whole.out == "92\n");
}

TEST_CASE("exact-cover --seed is reproducible", "[cli][exact-cover]")
{
    const auto first = run({bin, "--seed", "7", "--print", "3", data + "queens8.dlx"});
    const auto again = run({bin, "--seed", "7", "--print", "3", data + "queens8.dlx"});
    const auto other = run({bin, "--seed", "8", "--print", "3", data + "queens8.dlx"});
    const auto plain = run({bin, "--print", "3", data + "queens8.dlx"});
    CHECK(first.exit_code == 0);
    CHECK(first.out == again.out);
    CHECK(first.out != other.out);
    CHECK(first.out != plain.out);
}

TEST_CASE("exact-cover --trace tells the search step by step", "[cli][exact-cover]")
{
    const auto result = run({bin, "--trace"}, knuth7);
    CHECK(result.exit_code == 0);
    CHECK(result.out == "1\n");
    CHECK(result.err == "L0 choose A (2 options)\n"
                        "L0 try A D G\n"
                        "  L1 choose B (1 option)\n"
                        "  L1 try B C F\n"
                        "    L2 choose E (0 options)\n"
                        "    L2 backtrack from E\n"
                        "  L1 backtrack from B\n"
                        "L0 try A D\n"
                        "  L1 choose E (1 option)\n"
                        "  L1 try C E F\n"
                        "    L2 choose B (1 option)\n"
                        "    L2 try B G\n"
                        "      solution 1: A D; C E F; B G\n"
                        "    L2 backtrack from B\n"
                        "  L1 backtrack from E\n"
                        "L0 backtrack from A\n");
}

TEST_CASE("exact-cover --estimate prints four estimates with their errors", "[cli][exact-cover]")
{
    const std::string method = GENERATE("links", "cells");
    INFO("--method " << method);
    const auto result =
        run({bin, "--estimate", "--samples", "5000", "--method", method, data + "queens8.dlx"});
    CHECK(result.exit_code == 0);
    CHECK(result.err.empty());
    // name, estimate, standard error; queens8 truly has 1,199 nodes, 21,375 updates and 92
    // solutions (Knuth's dlx1), and 947 nodes and 20,078 updates by dancing cells (ssxcc).
    const std::regex line_form(R"(([a-z]+) ([-+.e0-9]+) ([-+.e0-9]+))");
    const bool cells = method == "cells";
    const std::vector<std::pair<std::string, double>> truth = {{"nodes", cells ? 947 : 1199},
                                                               {"updates", cells ? 20078 : 21375},
                                                               {"solutions", 92},
                                                               {"seconds", -1}};
    std::istringstream lines(result.out);
    std::string line;
    for (const auto& [name, value] : truth) {
        REQUIRE(std::getline(lines, line));
        std::smatch match;
        REQUIRE(std::regex_match(line, match, line_form));
        CHECK(match[1] == name);
        const double estimate = std::stod(match[2]), error = std::stod(match[3]);
        CHECK(estimate > 0);
        CHECK(error >= 0);
        if (value > 0)
            CHECK(std::abs(estimate - value) <= 3 * error);
    }
    CHECK_FALSE(std::getline(lines, line));
    // The same seed, the same estimates.
    CHECK(run({bin, "--estimate", "--samples", "5000", "--method", method, data + "queens8.dlx"})
              .out.substr(0, 40) == result.out.substr(0, 40));
}

TEST_CASE("exact-cover --estimate refuses what it cannot do", "[cli][exact-cover]")
{
    const auto searching = run({bin, "--estimate", "--limit", "3", data + "queens8.dlx"});
    CHECK(searching.exit_code == 2);
    CHECK_THAT(searching.err, StartsWith("exact-cover: --estimate does not search"));
    const auto samples = run({bin, "--samples", "10", data + "queens8.dlx"});
    CHECK(samples.exit_code == 2);
    CHECK_THAT(samples.err, StartsWith("exact-cover: --samples goes with --estimate"));
    const auto zero = run({bin, "--estimate", "--samples", "0", data + "queens8.dlx"});
    CHECK(zero.exit_code == 2);
    const auto cells = run({bin, "--estimate", "--method", "cells", data + "mult.dlx"});
    CHECK(cells.exit_code == 1);
    CHECK_THAT(cells.err, Contains("mult.dlx: --method cells does not take multiplicities"));
}

TEST_CASE("exact-cover shows progress on stderr only when asked, off a terminal",
          "[cli][exact-cover][progress]")
{
    // 14 queens: a search of more than a second, so that the line is due (not in the first
    // half second, then four times a second).
    const std::string problem = dlx_test::queens(14);
    const auto quiet = run({bin}, problem);
    CHECK(quiet.exit_code == 0);
    CHECK(quiet.out == "365596\n");
    CHECK(quiet.err.empty()); // stderr is not a terminal here

    const auto shown = run({bin, "--progress"}, problem);
    CHECK(shown.exit_code == 0);
    CHECK(shown.out == "365596\n"); // the count unchanged, on stdout alone
    const std::regex line_form(R"(exact-cover: [0-9.]+% of the tree, [0-9]+ solutions, )"
                               R"([0-9.e+]+M nodes/s, about [0-9]+ s left)");
    std::istringstream lines(shown.err);
    std::string line;
    int count = 0;
    while (std::getline(lines, line)) {
        CHECK(std::regex_match(line, line_form));
        ++count;
    }
    CHECK(count >= 1);

    const auto both = run({bin, "--progress", "--no-progress"}, problem);
    CHECK(both.exit_code == 2);
    CHECK_THAT(both.err, StartsWith("exact-cover: --progress and --no-progress cannot be"));
    CHECK(run({bin, "--progress", "--estimate"}, problem).exit_code == 2);
}

TEST_CASE("exact-cover reports bad input with file, line and column", "[cli][exact-cover]")
{
    const TempDir dir;
    const auto file = dir.write("bad.dlx", "A B\nA\nB Q\n");
    const auto result = run({bin, file.string()});
    CHECK(result.exit_code == 1);
    CHECK(result.out.empty());
    CHECK(result.err == "exact-cover: " + file.string() + ":3:3: unknown item 'Q'\n");

    const auto from_stdin = run({bin}, "A\nA A\n");
    CHECK(from_stdin.exit_code == 1);
    CHECK(from_stdin.err == "exact-cover: stdin:2:3: item 'A' appears twice in this option\n");
}

TEST_CASE("exact-cover reports a file it cannot read", "[cli][exact-cover]")
{
    const TempDir dir;
    const auto missing = run({bin, (dir.path() / "missing.dlx").string()});
    CHECK(missing.exit_code == 1);
    CHECK_THAT(missing.err, StartsWith("exact-cover: ") && Contains("missing.dlx") &&
                                Contains("No such file or directory"));

    const auto directory = run({bin, dir.path().string()});
    CHECK(directory.exit_code == 1);
    CHECK(directory.err ==
          "exact-cover: " + dir.path().string() + ": cannot read: it is a directory\n");
}

TEST_CASE("exact-cover refuses bad usage with exit code 2", "[cli][exact-cover]")
{
    const auto args = GENERATE(
        as<std::vector<std::string>>{}, std::vector<std::string>{"--limit", "0"},
        std::vector<std::string>{"--limit", "-1"}, std::vector<std::string>{"--limit", "abc"},
        std::vector<std::string>{"--limit", "12x"}, std::vector<std::string>{"--limit", "1e3"},
        std::vector<std::string>{"--print", "0"}, std::vector<std::string>{"--limit"},
        std::vector<std::string>{"--threads", "0"}, std::vector<std::string>{"--seed", "-5"},
        std::vector<std::string>{"--print", "2", "--all"},
        std::vector<std::string>{"--threads", "2", "--all"},
        std::vector<std::string>{"--threads", "2", "--trace"},
        std::vector<std::string>{"--threads", "2", "--seed", "1"},
        std::vector<std::string>{"--method", "sets"},
        std::vector<std::string>{"--method", "cells", "--jobs", "jobs.txt", "p.dlx"},
        std::vector<std::string>{"--method", "links", "--merge", "jobs.txt"},
        std::vector<std::string>{"--node-limit", "0"},
        std::vector<std::string>{"--node-limit", "-3"},
        std::vector<std::string>{"--node-limit", "100", "--threads", "2"},
        std::vector<std::string>{"--time-limit", "0"},
        std::vector<std::string>{"--time-limit", "0.0"},
        std::vector<std::string>{"--time-limit", "-1"},
        std::vector<std::string>{"--time-limit", "1e3"},
        std::vector<std::string>{"--time-limit", "1."},
        std::vector<std::string>{"--time-limit", ""},
        std::vector<std::string>{"--time-limit", "1000000000.5"},
        std::vector<std::string>{"--time-limit", "5", "--estimate"},
        std::vector<std::string>{"--node-limit", "5", "--split", "4"},
        std::vector<std::string>{"--bogus"}, std::vector<std::string>{"a.dlx", "b.dlx"},
        std::vector<std::string>{"--memo", "--limit", "3"},
        std::vector<std::string>{"--memo", "--threads", "2", "--node-limit", "9"},
        std::vector<std::string>{"--memo", "--method", "cells"},
        std::vector<std::string>{"--memo", "--trace"},
        std::vector<std::string>{"--memo", "--estimate"}, std::vector<std::string>{"--leftmost"},
        std::vector<std::string>{"--memory", "1G"},
        std::vector<std::string>{"--memo", "--memory", "1x"},
        std::vector<std::string>{"--memo", "--memory", "1K"},
        std::vector<std::string>{"--memo", "--memory", ""},
        std::vector<std::string>{"--zdd", "out.zdd"},
        std::vector<std::string>{"--memo", "--zdd", "-"}, std::vector<std::string>{"--random", "3"},
        std::vector<std::string>{"--memo", "--random", "0"},
        std::vector<std::string>{"--memo", "--random", "2", "--print", "1"},
        std::vector<std::string>{"--memo", "--seed", "4"},
        std::vector<std::string>{"--read-zdd", "k.zdd", "--memo"},
        std::vector<std::string>{"--memo", "--zdd", ""}, std::vector<std::string>{"--read-zdd", ""},
        std::vector<std::string>{"--read-zdd", "k.zdd", "--node-limit", "5"});
    std::vector<std::string> argv{bin};
    argv.insert(argv.end(), args.begin(), args.end());
    const auto result = run(argv, knuth7);
    INFO(result.err);
    CHECK(result.exit_code == 2);
    CHECK(result.out.empty());
    CHECK_THAT(result.err, StartsWith("exact-cover: ") && Contains("exact-cover --help"));
}

TEST_CASE("exact-cover --help and --version print to stdout", "[cli][exact-cover]")
{
    const auto help = run({bin, "--help"});
    CHECK(help.exit_code == 0);
    CHECK_THAT(help.out, StartsWith("Usage: exact-cover") && Contains("--threads"));
    CHECK(help.err.empty());
    const auto version = run({bin, "--version"});
    CHECK(version.exit_code == 0);
    CHECK(std::regex_match(version.out,
                           std::regex("exact-cover \\(dlx\\) [0-9]+\\.[0-9]+\\.[0-9]+\n")));
}

TEST_CASE("exact-cover --memo counts with memory, with DLX6's figures", "[cli][exact-cover]")
{
    // Figures that Knuth's dlx6 and dlx6-noMRV print for the same files.
    const auto fewest = run({bin, "--memo", "--stats", data + "queens8.dlx"});
    CHECK(fewest.exit_code == 0);
    CHECK(fewest.out == "92\n");
    CHECK_THAT(fewest.err, StartsWith("92 solutions, 1101 search nodes, ") &&
                               Contains(", 474 ZDD nodes, 590+382 signatures, 130 hits, cache "));
    const auto leftmost = run({bin, "--memo", "--leftmost", "--stats", data + "colour12.dlx"});
    CHECK(leftmost.out == "134\n");
    CHECK_THAT(leftmost.err, Contains(" 230 ZDD nodes, 442+135 signatures, 355 hits"));
    // No solution: one ZDD node, in the singular.
    const auto none = run({bin, "--memo", "--stats"}, "A B\nA\n");
    CHECK(none.out == "0\n");
    CHECK_THAT(none.err, Contains(", 1 ZDD node, "));
    // Over sets, the same figures but the updates (the options set aside, then); a problem
    // with secondary items is refused, naming the file.
    const auto sets = run({bin, "--memo", "--method", "sets", "--stats", data + "langford7.dlx"});
    const auto links = run({bin, "--memo", "--method", "links", "--stats", data + "langford7.dlx"});
    CHECK(sets.out == "52\n");
    CHECK(links.out == "52\n");
    CHECK_THAT(sets.err, StartsWith("52 solutions, 588 search nodes, ") &&
                             Contains(" options set aside, ") &&
                             Contains(", 269 ZDD nodes, 312+217 signatures, 60 hits, "));
    CHECK_THAT(links.err, StartsWith("52 solutions, 588 search nodes, ") &&
                              Contains(" updates, ") && Contains(", 269 ZDD nodes, "));
    const auto no_sets = run({bin, "--memo", "--method", "sets", data + "queens8.dlx"});
    CHECK(no_sets.exit_code == 1);
    CHECK_THAT(no_sets.err, Contains("queens8.dlx: --memo --method sets takes primary items only"));
    // A cache too small for what langford7 remembers: emptied, and the count still exact.
    const auto small = run({bin, "--memo", "--memory", "64K", "--stats", data + "langford7.dlx"});
    CHECK(small.out == "52\n");
    CHECK_THAT(small.err, Contains("(emptied "));
}

TEST_CASE("exact-cover --memo prints counts past 2^64, and stops at a node limit",
          "[cli][exact-cover]")
{
    // Domino tilings of a 14x14 board: 112,202,208,776,036,178,000,000 (OEIS A004003).
    std::string board;
    const auto cell = [](int r, int c) {
        return "r" + std::to_string(r) + "c" + std::to_string(c);
    };
    for (int r = 0; r < 14; ++r)
        for (int c = 0; c < 14; ++c)
            board += cell(r, c) + ' ';
    board += '\n';
    for (int r = 0; r < 14; ++r) {
        for (int c = 0; c < 14; ++c) {
            if (c + 1 < 14)
                board += cell(r, c) + ' ' + cell(r, c + 1) + '\n';
            if (r + 1 < 14)
                board += cell(r, c) + ' ' + cell(r + 1, c) + '\n';
        }
    }
    const auto tilings = run({bin, "--memo"}, board);
    CHECK(tilings.exit_code == 0);
    CHECK(tilings.out == "112202208776036178000000\n");
    // On two threads sharing the cache: the same count, and a ZDD with the same solutions.
    const auto shared = run({bin, "--memo", "--threads", "2", "--stats"}, board);
    CHECK(shared.exit_code == 0);
    CHECK(shared.out == "112202208776036178000000\n");
    CHECK_THAT(shared.err, StartsWith("112202208776036178000000 solutions, "));
    const auto drawn =
        run({bin, "--memo", "-t", "2", "--random", "3", "--seed", "5", data + "queens8.dlx"});
    CHECK(drawn.exit_code == 0);
    CHECK(drawn.out ==
          run({bin, "--memo", "--random", "3", "--seed", "5", data + "queens8.dlx"}).out);
    const auto stopped = run({bin, "--memo", "--node-limit", "1000", "--stats"}, board);
    CHECK(stopped.exit_code == 3);
    CHECK(std::regex_match(stopped.out, std::regex("[0-9]+[+]\n")));
    CHECK_THAT(stopped.err,
               Contains(" 1000 search nodes, ") && Contains("(stopped at the node limit)"));
    // Multiplicities are refused, naming the file.
    const auto refused = run({bin, "--memo", data + "mult.dlx"});
    CHECK(refused.exit_code == 1);
    CHECK_THAT(refused.err, Contains("mult.dlx: --memo does not take multiplicities"));
}

TEST_CASE("exact-cover --memo --zdd writes DLX6's ZDD, which --read-zdd reads back",
          "[cli][exact-cover]")
{
    const TempDir dir;
    const std::string zdd = (dir.path() / "knuth7.zdd").string();
    const auto written = run({bin, "--memo", "--zdd", zdd, data + "knuth7.dlx"});
    CHECK(written.exit_code == 0);
    CHECK(written.out == "1\n");
    // What ./dlx6 m1 v0 < knuth7.dlx prints.
    CHECK(dlx_test::read_file(zdd) == "2: (~5?0:1)\n3: (~1?0:2)\n4: (~4?0:3)\n5: (~0?0:4)\n");
    const auto read = run({bin, "--read-zdd", zdd, "--all", "--stats", data + "knuth7.dlx"});
    CHECK(read.exit_code == 0);
    CHECK(read.out == "C E F\nA D\nB G\n\n1\n");
    CHECK_THAT(read.err, StartsWith("1 solution, 5 ZDD nodes, "));

    // Every solution of queens 8 through the ZDD, as the plain search prints them.
    const std::string queens = (dir.path() / "queens8.zdd").string();
    CHECK(run({bin, "--memo", "--zdd", queens, data + "queens8.dlx"}).out == "92\n");
    const auto all = run({bin, "--read-zdd", queens, "--all", data + "queens8.dlx"});
    const auto searched = run({bin, "--all", data + "queens8.dlx"});
    const auto blocks = [](const std::string& text) {
        std::vector<std::string> found;
        std::string block;
        std::istringstream in(text);
        for (std::string line; std::getline(in, line);) {
            if (line.empty()) {
                found.push_back(block);
                block.clear();
            } else {
                block += line + '\n';
            }
        }
        std::sort(found.begin(), found.end());
        return found;
    };
    CHECK(blocks(all.out) == blocks(searched.out));
    CHECK(blocks(all.out).size() == 92);
    // A ZDD read with another problem is refused, naming the file and line.
    const auto wrong = run({bin, "--read-zdd", queens, data + "knuth7.dlx"});
    CHECK(wrong.exit_code == 1);
    CHECK_THAT(wrong.err, Contains("queens8.zdd:1:1: option "));
    // The problem file is never the ZDD's target, and a target that cannot be written is said
    // before the count.
    const auto itself = run({bin, "--memo", "--zdd", data + "knuth7.dlx", data + "knuth7.dlx"});
    CHECK(itself.exit_code == 2);
    CHECK_THAT(itself.err, Contains("is the problem file itself"));
    const auto nowhere =
        run({bin, "--memo", "--zdd", (dir.path() / "no" / "x.zdd").string(), data + "knuth7.dlx"});
    CHECK(nowhere.exit_code == 1);
    CHECK(nowhere.out.empty());
    CHECK_THAT(nowhere.err, Contains("x.zdd: cannot write"));
    // A count cut short writes no ZDD, and says so.
    const std::string cut = (dir.path() / "cut.zdd").string();
    const auto stopped =
        run({bin, "--memo", "--zdd", cut, "--node-limit", "10", data + "queens8.dlx"});
    CHECK(stopped.exit_code == 3);
    CHECK_THAT(stopped.err, Contains("cut.zdd not written: the count did not finish"));
    CHECK(!std::filesystem::exists(cut));
}

TEST_CASE("exact-cover --memo --random draws solutions, reproducibly", "[cli][exact-cover]")
{
    const auto a = run({bin, "--memo", "--random", "5", "--seed", "9", data + "langford7.dlx"});
    const auto b = run({bin, "--memo", "--random", "5", "--seed", "9", data + "langford7.dlx"});
    const auto c = run({bin, "--memo", "--random", "5", "--seed", "10", data + "langford7.dlx"});
    CHECK(a.exit_code == 0);
    CHECK(a.out == b.out);
    CHECK(a.out != c.out);
    // Five solutions, each of 7 options (one per number), then the count.
    CHECK(std::count(a.out.begin(), a.out.end(), '\n') == 5 * 8 + 1);
    CHECK_THAT(a.out, EndsWith("\n\n52\n"));
    // Each drawn solution is one the plain search finds.
    const auto searched = run({bin, "--all", data + "langford7.dlx"});
    std::istringstream in(a.out);
    std::string block;
    for (std::string line; std::getline(in, line);) {
        if (!line.empty()) {
            block += line + '\n';
        } else if (!block.empty()) {
            CHECK_THAT(searched.out, Contains(block));
            block.clear();
        }
    }
}
