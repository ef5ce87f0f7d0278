// dlx-demo: each demo's output for a fixed input against a golden file (tests/demo/golden,
// checked by hand when made: the counts are the known ones), every --dot file rendered by
// Graphviz, and the usage errors.
#include "support/process.hpp"

#include <catch2/catch.hpp>

#include <cctype>
#include <sstream>
#include <string>
#include <vector>

using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;
using dlx_test::read_file;
using dlx_test::run;
using dlx_test::TempDir;

namespace {

const std::string bin = DLX_DEMO_BIN;
const std::string golden = std::string(GOLDEN_DIR) + "/";
const std::string wikipedia =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

struct Case {
    std::vector<std::string> args;
    std::string golden;
};

} // namespace

TEST_CASE("dlx-demo prints what its golden file holds", "[demo]")
{
    const auto demo = GENERATE(values<Case>({
        {{"knuth"}, "knuth.txt"},
        {{"queens", "6"}, "queens_6.txt"},
        {{"pentomino", "3x20"}, "pentomino_3x20.txt"},
        {{"langford", "7"}, "langford_7.txt"},
        {{"sudoku", wikipedia}, "sudoku_wikipedia.txt"},
    }));
    std::vector<std::string> argv{bin};
    argv.insert(argv.end(), demo.args.begin(), demo.args.end());
    const auto result = run(argv);
    INFO(result.err);
    REQUIRE(result.exit_code == 0);
    CHECK(result.out == read_file(golden + demo.golden));
}

TEST_CASE("dlx-demo counts what is known", "[demo]")
{
    CHECK_THAT(run({bin, "queens", "8"}).out, Contains("92 solutions"));
    CHECK_THAT(run({bin, "langford", "8"}).out, Contains("300 solutions"));
    CHECK_THAT(run({bin, "pentomino", "4x15"}).out,
               Contains("1,472 tilings") &&
                   Contains("368 when turned and mirrored tilings count as one"));
    CHECK_THAT(run({bin, "knuth"}).out, Contains("{A D} {C E F} {B G}"));
}

TEST_CASE("dlx-demo --dot writes a search tree that Graphviz draws", "[demo][dot]")
{
    const auto args = GENERATE(
        as<std::vector<std::string>>{}, std::vector<std::string>{"knuth"},
        std::vector<std::string>{"queens", "5"}, std::vector<std::string>{"pentomino", "3x20"},
        std::vector<std::string>{"langford", "4"}, std::vector<std::string>{"sudoku", wikipedia});
    const TempDir dir;
    const auto tree = dir.path() / "tree.dot";
    std::vector<std::string> argv{bin};
    argv.insert(argv.end(), args.begin(), args.end());
    argv.insert(argv.end(), {"--dot", tree.string(), "--depth", "6", "--nodes", "40"});
    const auto result = run(argv);
    REQUIRE(result.exit_code == 0);
    const std::string text = read_file(tree);
    CHECK_THAT(text, StartsWith("digraph search {"));
    // At most 40 nodes drawn: lines "  nK [label=...]" (edges are "  nJ -> nK [...]").
    std::size_t nodes = 0;
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);)
        nodes += line.rfind("  n", 0) == 0 && std::isdigit(static_cast<unsigned char>(line[3])) &&
                         line.find(" -> ") == std::string::npos
                     ? 1
                     : 0;
    CHECK(nodes <= 40);
    CHECK(nodes > 0);
    const auto svg = dir.path() / "tree.svg";
    const auto drawn = run({"dot", "-Tsvg", tree.string(), "-o", svg.string()});
    INFO(drawn.err);
    CHECK(drawn.exit_code == 0);
    CHECK_THAT(read_file(svg), Contains("<svg"));
}

TEST_CASE("dlx-demo --dot marks solutions and dead ends, and says where it cut", "[demo][dot]")
{
    const TempDir dir;
    const auto knuth = dir.path() / "knuth.dot";
    REQUIRE(run({bin, "knuth", "--dot", knuth.string()}).exit_code == 0);
    const std::string text = read_file(knuth);
    CHECK_THAT(text,
               Contains("[label=\"solution\", shape=ellipse, style=filled, fillcolor=palegreen]"));
    CHECK_THAT(text, Contains("[label=\"E\\nno option left\", style=filled, fillcolor=mistyrose]"));
    CHECK_THAT(text, Contains("n0 -> n1 [label=\"A D G\"]"));
    const auto queens = dir.path() / "queens.dot";
    REQUIRE(run({bin, "queens", "8", "--dot", queens.string(), "--nodes", "25"}).exit_code == 0);
    CHECK_THAT(read_file(queens), Contains("drawing cut at 25 nodes"));
}

TEST_CASE("dlx-demo refuses bad usage", "[demo]")
{
    const auto args = GENERATE(
        as<std::vector<std::string>>{}, std::vector<std::string>{},
        std::vector<std::string>{"chess"}, std::vector<std::string>{"queens"},
        std::vector<std::string>{"queens", "0"}, std::vector<std::string>{"queens", "17"},
        std::vector<std::string>{"queens", "8", "9"}, std::vector<std::string>{"pentomino", "7x9"},
        std::vector<std::string>{"langford", "x"}, std::vector<std::string>{"sudoku", "123"},
        std::vector<std::string>{"knuth", "extra"},
        std::vector<std::string>{"knuth", "--depth", "3"});
    std::vector<std::string> argv{bin};
    argv.insert(argv.end(), args.begin(), args.end());
    const auto result = run(argv);
    CHECK(result.exit_code == 2);
    CHECK(result.out.empty());
    CHECK_THAT(result.err, StartsWith("dlx-demo: "));
}
