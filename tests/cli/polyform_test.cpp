// polyform, run as a user runs it: the real binary, the sample puzzles of data/polyform, exit
// codes and messages. The counts are the published ones (docs/polyform.md names the sources).
#include "support/process.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;
using dlx_test::run;
using dlx_test::TempDir;

namespace {

const std::string bin = POLYFORM_BIN;
const std::string exact_cover = EXACT_COVER_BIN;
const std::string data = std::string(DLX_DATA_DIR) + "/polyform/";
const std::string gallery = std::string(DLX_DATA_DIR) + "/../docs/images/polyform/";

// The drawings that --print writes, split at their blank lines; the count after them.
std::vector<std::string> drawings_of(const std::string& out)
{
    std::vector<std::string> drawings;
    std::string current;
    std::istringstream in(out);
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty()) {
            drawings.push_back(current);
            current.clear();
        } else {
            current += line + "\n";
        }
    }
    return drawings;
}

// Checks a drawing of a square board by itself: every cell a letter of the puzzle, each letter
// on `size` cells that touch side to side.
void check_square_drawing(const std::string& drawing, std::size_t rows, std::size_t cols,
                          const std::string& letters, std::size_t size)
{
    std::vector<std::string> grid;
    std::istringstream in(drawing);
    for (std::string line; std::getline(in, line);)
        grid.push_back(line);
    REQUIRE(grid.size() == rows);
    std::map<char, std::vector<std::pair<std::size_t, std::size_t>>> cells;
    for (std::size_t r = 0; r < rows; ++r) {
        REQUIRE(grid[r].size() == cols);
        for (std::size_t c = 0; c < cols; ++c)
            cells[grid[r][c]].emplace_back(r, c);
    }
    REQUIRE(cells.size() == letters.size());
    for (const auto& [letter, where] : cells) {
        CHECK(letters.find(letter) != std::string::npos);
        CHECK(where.size() == size);
        std::set<std::pair<std::size_t, std::size_t>> reached{where.front()};
        std::vector<std::pair<std::size_t, std::size_t>> frontier{where.front()};
        while (!frontier.empty()) {
            const auto [r, c] = frontier.back();
            frontier.pop_back();
            for (const auto& other : where) {
                const auto dr = r > other.first ? r - other.first : other.first - r;
                const auto dc = c > other.second ? c - other.second : other.second - c;
                if (dr + dc == 1 && reached.insert(other).second)
                    frontier.push_back(other);
            }
        }
        CHECK(reached.size() == size);
    }
}

} // namespace

TEST_CASE("polyform counts the published solutions of the sample puzzles", "[cli][polyform]")
{
    const auto [file, all, distinct] = GENERATE(table<std::string, std::string, std::string>({
        {"pentominoes-3x20.txt", "8", "2"},
        {"scott.txt", "520", "65"},
        {"soma.txt", "11520", "240"},
        {"tetrahexes-4x7.txt", "18", "9"},
        {"tetracubes-2x4x4.txt", "11120", "695"},
        {"hexiamonds-6x6.txt", "624", "156"},
    }));
    CAPTURE(file);
    const auto raw = run({bin, data + file});
    CHECK(raw.exit_code == 0);
    CHECK(raw.out == all + "\n");
    CHECK(raw.err.empty());
    const auto reduced = run({bin, "--distinct", data + file});
    CHECK(reduced.exit_code == 0);
    CHECK(reduced.out == distinct + "\n");
}

TEST_CASE("polyform --distinct counts the larger published puzzles", "[cli][polyform]")
{
    const auto [file, distinct] = GENERATE(table<std::string, std::string>({
        {"pentominoes-6x10.txt", "2339"},
        {"pentominoes-5x12.txt", "1010"},
        {"pentominoes-4x15.txt", "368"},
        {"polyhexes-hexagon.txt", "12290"},
        {"solid-pentominoes-2x3x10.txt", "12"},
    }));
    CAPTURE(file);
    CHECK(run({bin, "-d", data + file}).out == distinct + "\n");
}

TEST_CASE("polyform counts every tiling of the pentomino rectangles: four times the distinct",
          "[cli][polyform]")
{
    // No tiling of these rectangles is its own image, so each class has four members.
    const auto [file, all] = GENERATE(table<std::string, std::string>({
        {"pentominoes-5x12.txt", "4040"},
        {"pentominoes-4x15.txt", "1472"},
    }));
    CAPTURE(file);
    CHECK(run({bin, data + file}).out == all + "\n");
}

TEST_CASE("polyform --dlx writes a problem that exact-cover counts to the same number",
          "[cli][polyform]")
{
    const auto [file, flags, count] = GENERATE(table<std::string, std::string, std::string>({
        {"scott.txt", "", "520"},
        {"scott.txt", "--distinct", "65"},
        {"soma.txt", "--distinct", "240"},
        {"tetrahexes-4x7.txt", "--distinct", "9"},
        {"pentominoes-3x20.txt", "--distinct", "2"},
    }));
    CAPTURE(file, flags);
    TempDir dir;
    std::vector<std::string> argv{bin, "--dlx", data + file};
    if (!flags.empty())
        argv.push_back(flags);
    const auto written = run(argv);
    REQUIRE(written.exit_code == 0);
    const auto counted = run({exact_cover, dir.write("p.dlx", written.out).string()});
    CHECK(counted.exit_code == 0);
    CHECK(counted.out == count + "\n");
}

TEST_CASE("polyform --print draws solutions that a checker of its own accepts", "[cli][polyform]")
{
    const auto result = run({bin, "--print", "3", data + "pentominoes-3x20.txt"});
    REQUIRE(result.exit_code == 0);
    const auto drawings = drawings_of(result.out);
    REQUIRE(drawings.size() == 3);
    CHECK(result.out.substr(result.out.rfind("\n\n") + 2) == "8\n");
    for (const std::string& drawing : drawings)
        check_square_drawing(drawing, 3, 20, "FILNPTUVWXYZ", 5);
    // The two distinct solutions are not images of each other; --all draws both.
    const auto distinct = run({bin, "--distinct", "--all", data + "pentominoes-3x20.txt"});
    const auto both = drawings_of(distinct.out);
    REQUIRE(both.size() == 2);
    CHECK(both[0] != both[1]);
}

TEST_CASE("polyform --svg writes a picture of each solution drawn", "[cli][polyform]")
{
    TempDir dir;
    const auto result = run({bin, "-d", "--all", "--svg", (dir.path() / "pics").string(),
                             data + "pentominoes-3x20.txt"});
    REQUIRE(result.exit_code == 0);
    for (const char* name : {"pentominoes-3x20-1.svg", "pentominoes-3x20-2.svg"}) {
        const std::string picture = dlx_test::read_file(dir.path() / "pics" / name);
        CHECK_THAT(picture, StartsWith("<svg xmlns=\"http://www.w3.org/2000/svg\""));
        // A polygon per cell, and the twelve names.
        std::size_t polygons = 0, names = 0;
        for (std::size_t at = 0; (at = picture.find("<polygon ", at)) != std::string::npos; ++at)
            ++polygons;
        for (std::size_t at = 0; (at = picture.find("<text ", at)) != std::string::npos; ++at)
            ++names;
        CHECK(polygons == 60);
        CHECK(names == 12);
        // Well formed, as an XML parser reads it (where Python is there to read it).
        const auto parsed =
            run({"python3", "-c", "import sys, xml.dom.minidom; xml.dom.minidom.parse(sys.argv[1])",
                 (dir.path() / "pics" / name).string()});
        CHECK(parsed.exit_code == 0);
    }
    CHECK_FALSE(std::filesystem::exists(dir.path() / "pics" / "pentominoes-3x20-3.svg"));
}

TEST_CASE("the gallery's pictures are what polyform --svg draws", "[cli][polyform]")
{
    const std::string name =
        GENERATE("pentominoes-6x10", "scott", "soma", "hexiamonds-6x6", "polyhexes-hexagon");
    CAPTURE(name);
    TempDir dir;
    const auto result = run(
        {bin, "--distinct", "--print", "1", "--svg", dir.path().string(), data + name + ".txt"});
    REQUIRE(result.exit_code == 0);
    CHECK(dlx_test::read_file(dir.path() / (name + "-1.svg")) ==
          dlx_test::read_file(gallery + name + "-1.svg"));
}

TEST_CASE("polyform --svg into a folder it cannot write fails with status 1", "[cli][polyform]")
{
    TempDir dir;
    const auto blocker = dir.write("file", "not a folder\n");
    const auto result =
        run({bin, "-p", "1", "--svg", blocker.string(), data + "pentominoes-3x20.txt"});
    CHECK(result.exit_code == 1);
    CHECK_THAT(result.err,
               StartsWith("polyform: --svg " + blocker.string() + ": cannot make the folder"));
    CHECK(result.out.empty()); // said before the search, not after the first drawing
    CHECK(dlx_test::read_file(blocker) == "not a folder\n");
}

TEST_CASE("polyform counts the same on threads, with memory and by dancing cells",
          "[cli][polyform]")
{
    const std::vector<std::string> flags =
        GENERATE(std::vector<std::string>{"-t", "2"}, std::vector<std::string>{"--memo"},
                 std::vector<std::string>{"--method", "cells"},
                 std::vector<std::string>{"--memo", "-t", "2"});
    std::vector<std::string> argv{bin, "--distinct", data + "scott.txt"};
    argv.insert(argv.end(), flags.begin(), flags.end());
    const auto result = run(argv);
    CHECK(result.exit_code == 0);
    CHECK(result.out == "65\n");
}

TEST_CASE("polyform --stats says the search's figures and the model's", "[cli][polyform]")
{
    const auto result = run({bin, "--stats", "--distinct", data + "soma.txt"});
    CHECK(result.exit_code == 0);
    CHECK(result.out == "240\n");
    CHECK_THAT(result.err, StartsWith("240 solutions, "));
    CHECK_THAT(
        result.err,
        Contains("7 pieces, 27 cells, 688 placements, 48 symmetries, 618 options in 1 part"));
}

TEST_CASE("polyform --estimate prints the four estimates", "[cli][polyform]")
{
    const auto result = run({bin, "--estimate", "--samples", "200", data + "scott.txt"});
    CHECK(result.exit_code == 0);
    std::istringstream in(result.out);
    std::vector<std::string> names;
    for (std::string name, value, error; in >> name >> value >> error;)
        names.push_back(name);
    CHECK(names == std::vector<std::string>{"nodes", "updates", "solutions", "seconds"});
}

TEST_CASE("polyform counts drawn pieces with copies, and cells that may stay empty",
          "[cli][polyform]")
{
    TempDir dir;
    // Domino tilings of a 4x4 board: 36 (Kasteleyn's formula); 9 up to its 8 symmetries.
    const auto dominoes = dir.write("d.txt", "piece D *\n##\n\nboard 4x4\n");
    CHECK(run({bin, dominoes.string()}).out == "36\n");
    CHECK(run({bin, "-d", dominoes.string()}).out == "9\n");
    // Two L trominoes on a 2x3 board: 2 tilings, one up to symmetry.
    const auto trominoes = dir.write("l.txt", "piece L 2\n#.\n##\n\nboard 2x3\n");
    CHECK(run({bin, trominoes.string()}).out == "2\n");
    CHECK(run({bin, "-d", trominoes.string()}).out == "1\n");
    // One domino on a row of three cells, the middle one or an end allowed to stay empty.
    const auto optional = dir.write("o.txt", "piece D\n##\nboard\n#+#\n");
    CHECK(run({bin, optional.string()}).out == "0\n");
    const auto loose = dir.write("p.txt", "piece D\n##\nboard\n+##\n");
    CHECK(run({bin, loose.string()}).out == "1\n");
    // At least one copy: the domino tilings of 2x4 are 5 (Fibonacci).
    const auto least = dir.write("m.txt", "piece D 1-*\n##\nboard 2x4\n");
    CHECK(run({bin, least.string()}).out == "5\n");
    // Copies side by side are told apart in the drawing.
    const auto drawn =
        run({bin, "--all", dir.write("c.txt", "piece D *\n##\nboard 1x4\n").string()});
    CHECK(drawn.out == "Da Da Db Db\n\n1\n");
}

TEST_CASE("polyform counts 0 where a piece fits only by walling in cells no piece can fill",
          "[cli][polyform]")
{
    // The T fits on 2x4 four ways, each leaving pockets of 1 and 3 cells that dominoes cannot
    // fill: no solution, which is an answer, not a fault of the file.
    TempDir dir;
    const auto file = dir.write("t.txt", "piece T\n###\n.#.\npieces dominoes *\nboard 2x4\n");
    const auto result = run({bin, file.string()});
    CHECK(result.exit_code == 0);
    CHECK(result.out == "0\n");
}

TEST_CASE("polyform --memo refuses distinct solutions that it would have to compare",
          "[cli][polyform]")
{
    TempDir dir;
    const auto file = dir.write("x.txt", "piece X\n.#.\n###\n.#.\npiece O *\n#\nboard 3x3\n");
    const auto result = run({bin, "--distinct", "--memo", file.string()});
    CHECK(result.exit_code == 1);
    CHECK_THAT(result.err, Contains("--memo"));
}

TEST_CASE("polyform quotes what it cannot read with its bytes escaped", "[cli][polyform]")
{
    TempDir dir;
    const auto file = dir.write("b.txt", std::string("\x7f"
                                                     "ELF\x01\n",
                                                     5));
    const auto result = run({bin, file.string()});
    CHECK(result.exit_code == 1);
    CHECK_THAT(result.err, Contains("unknown statement '\\x7fELF\\x01' (expected"));
}

TEST_CASE("polyform refuses a bad puzzle file with its line and status 1", "[cli][polyform]")
{
    const auto [text, message] = GENERATE(table<std::string, std::string>({
        {"pieces pentominos\nboard 6x10\n", "p.txt:1:8: unknown set 'pentominos'"},
        {"pieces pentominoes\nboard 6x11\n",
         "p.txt:2: the pieces cover 60 cells, the board has 66 cells"},
        {"piece Q\n##\n##\npiece I\n####\nboard 1x8\n",
         "p.txt:1: piece 'Q' fits nowhere on the board"},
        {"pieces pentominoes\n", "p.txt: no board"},
        {"board 6x10\n", "p.txt: no pieces"},
        {"pieces pentominoes\nboard 6x10\nbox 2\n", "p.txt:3:1: unknown statement 'box'"},
        {"piece L\n#.\n##\npiece L\n#\n", "p.txt:4: a second piece 'L' (the first is on line 1)"},
        {"pieces hexiamonds pentominoes\nboard 6x6\n",
         "p.txt:1: the set pentominoes is made of square cells, but the puzzle's grid is "
         "triangle"},
        {"grid hexagon\npiece H\n##\nboard 2x2\n",
         "p.txt:3:2: out of step with the hexagon at line 3, column 1"},
        {"piece A\n#.#\nboard 1x2\n", "p.txt:1: piece 'A' is in several parts"},
    }));
    CAPTURE(text);
    TempDir dir;
    dir.write("p.txt", text);
    const auto result = run({bin, "p.txt"}, "", dir.path());
    CHECK(result.exit_code == 1);
    CHECK(result.out.empty());
    CHECK_THAT(result.err, StartsWith("polyform: " + message));
    CHECK(std::count(result.err.begin(), result.err.end(), '\n') == 1);
}

TEST_CASE("polyform --dlx --distinct refuses a puzzle whose symmetry no single piece breaks",
          "[cli][polyform]")
{
    TempDir dir;
    const auto file = dir.write("d.txt", "piece D *\n##\n\nboard 4x4\n");
    const auto result = run({bin, "--dlx", "--distinct", file.string()});
    CHECK(result.exit_code == 1);
    CHECK(result.out.empty());
    CHECK_THAT(result.err, StartsWith("polyform: --dlx --distinct: no piece used exactly once"));
}

TEST_CASE("polyform refuses bad usage with status 2", "[cli][polyform]")
{
    const auto [argv, message] = GENERATE(table<std::vector<std::string>, std::string>({
        {std::vector<std::string>{}, "say which puzzle FILE to solve"},
        {{"--print", "0", "x"}, "--print wants a whole number"},
        {{"--print", "1", "--all", "x"}, "--print and --all cannot be used together"},
        {{"--dlx", "--stats", "x"}, "--dlx does not search"},
        {{"--samples", "5", "x"}, "--samples and --seed go with --estimate"},
        {{"-t", "2", "--print", "1", "x"}, "--threads only counts"},
        {{"--method", "sets", "x"}, "--method takes 'links' or 'cells'"},
        {{"--svg", "d", "x"}, "--svg goes with --print K or --all"},
        {{"a.txt", "b.txt"}, "one puzzle FILE at a time, not 'b.txt' too"},
    }));
    std::vector<std::string> command{bin};
    command.insert(command.end(), argv.begin(), argv.end());
    const auto result = run(command);
    CHECK(result.exit_code == 2);
    CHECK_THAT(result.err, StartsWith("polyform: " + message));
}
