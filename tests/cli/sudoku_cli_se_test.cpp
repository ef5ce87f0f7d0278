// sudoku-cli --rate --scale se (docs/cli.md, sections 2.4 and 3.6), run as a user runs it,
// against Sukaku Explainer 1.15.10's serate: its ratings are recorded as facts in
// data/sudoku/se/serate_1.15.10.txt.
#include "cli/sudoku_cli_run.hpp"
#include "support/process.hpp"

#include <catch2/catch.hpp>

#include <fstream>
#include <string>
#include <tuple>
#include <vector>

using Catch::Matchers::Contains;
using dlx_test::bin;
using dlx_test::lines;
using dlx_test::read_file;
using dlx_test::run;
using dlx_test::TempDir;

namespace {

struct Rated {
    std::string puzzle, line; // line: "ED=ER/EP/ED ER_TECHNIQUE", as serate's
};

// The reference, as lines of what --scale se prints for each puzzle.
std::vector<Rated> reference()
{
    std::ifstream in(std::string(DLX_DATA_DIR) + "/sudoku/se/serate_1.15.10.txt");
    REQUIRE(in);
    std::vector<Rated> all;
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] == '#')
            continue;
        Rated r;
        r.puzzle = line.substr(0, 81);
        const auto numbers = line.find(" ED=") + 1, names = line.find(' ', numbers);
        r.line = line.substr(numbers, names - numbers) + ' ' +
                 line.substr(names + 1, line.find('/', names) - names - 1);
        all.push_back(r);
    }
    return all;
}

} // namespace

TEST_CASE("sudoku-cli --rate --scale se prints serate's line", "[cli][sudoku-cli][rate][se]")
{
    // A quarter of the reference (se_tests rates all of it in process).
    std::vector<Rated> rated;
    const auto all = reference();
    for (std::size_t i = 0; i < all.size(); i += 4)
        rated.push_back(all[i]);
    std::string puzzles;
    for (const Rated& r : rated)
        puzzles += r.puzzle + "\n";
    const TempDir dir;
    dir.write("puzzles.txt", puzzles);
    const auto result =
        run({bin, "--rate", "puzzles.txt", "--scale", "se", "-j", "2", "-o", "ratings.txt"}, {},
            dir.path());
    INFO(result.err);
    REQUIRE(result.exit_code == 0);
    CHECK(result.out.empty());
    const auto ours = lines(read_file(dir.path() / "ratings.txt"));
    REQUIRE(ours.size() == rated.size());
    for (std::size_t i = 0; i < ours.size(); ++i) {
        INFO(rated[i].puzzle << " serate: " << rated[i].line);
        CHECK(ours[i] == rated[i].line);
    }
}

TEST_CASE("sudoku-cli --rate --scale se refuses what SE does not rate",
          "[cli][sudoku-cli][rate][se]")
{
    const TempDir dir;
    const auto before = dlx_test::previous_output(dir);
    const std::string puzzle =
        "520010007080040032007500100000000700410060059002000000009006200360070080200050043";
    dir.write("puzzles.txt", puzzle + "\n55" + puzzle.substr(2) + "\n" + puzzle.substr(1) + "\n");
    const auto failed =
        run({bin, "--rate", "puzzles.txt", "--scale", "se", "-o", "sudoku.txt"}, {}, dir.path());
    CHECK(failed.exit_code == 1);
    CHECK(failed.err ==
          "sudoku-cli: puzzles.txt:2: puzzle 2: the givens break the rules: two 5s in row 1\n");
    CHECK(read_file(before) == "an earlier run's output\n");

    const auto going =
        run({bin, "--rate", "puzzles.txt", "--scale", "se", "--keep-going"}, {}, dir.path());
    CHECK(going.exit_code == 1);
    CHECK(lines(going.err).size() == 2);
    CHECK(going.out == "ED=5.5/1.2/1.2 3 Strong links (including blocks) 0011\n- invalid\n"
                       "- invalid\n");

    const std::string data = std::string(DLX_DATA_DIR) + "/sudoku/";
    const auto killer = run({bin, "--rate", data + "variants/killer_6x6.json", "--scale", "se"});
    CHECK(killer.exit_code == 1);
    CHECK_THAT(killer.err, Contains("Sudoku Explainer's scale rates classic 9x9 puzzles of "
                                    "givens, not 6x6 killer"));
    // The pencil marks of a puzzle, with one candidate taken away.
    std::string marks_text;
    for (const auto& line : lines(read_file(data + "formats/gnome.pm")))
        if (line.size() == 729)
            marks_text = line;
    REQUIRE(!marks_text.empty());
    for (std::size_t cell = 0; cell < 729; cell += 9) {
        const auto first = marks_text.find_first_not_of('.', cell);
        if (marks_text.find_first_not_of('.', first + 1) < cell + 9) {
            marks_text[first] = '.';
            break;
        }
    }
    dir.write("marks.txt", marks_text + "\n");
    const auto marks = run({bin, "--rate", "marks.txt", "--scale", "se"}, {}, dir.path());
    CHECK(marks.exit_code == 1);
    CHECK_THAT(marks.err, Contains("not pencil marks"));

    const auto scale = run({bin, "--rate", "puzzles.txt", "--scale", "hard"}, {}, dir.path());
    CHECK(scale.exit_code == 2);
    CHECK_THAT(scale.err, Contains("--scale wants levels or se, not 'hard'"));
    const auto task = run({bin, "-s", "puzzles.txt", "--scale", "se"}, {}, dir.path());
    CHECK(task.exit_code == 2);
    CHECK_THAT(task.err, Contains("--scale goes with --rate"));
}

TEST_CASE("sudoku-cli -n --se makes puzzles that --rate --scale se puts in range",
          "[cli][sudoku-cli][make][se]")
{
    const TempDir dir;
    const auto made = run({bin, "-n", "6", "--se", "4.0~4.4", "--symmetric", "--seed", "11",
                           "--format", "line", "-j", "2"},
                          {}, dir.path());
    INFO(made.err);
    REQUIRE(made.exit_code == 0);
    const auto rated = run({bin, "--rate", "sudoku.txt", "--scale", "se"}, {}, dir.path());
    REQUIRE(rated.exit_code == 0);
    const auto ratings = lines(rated.out);
    REQUIRE(ratings.size() == 6);
    for (const auto& line : ratings) {
        INFO(line);
        const double er = std::stod(line.substr(3));
        CHECK(er >= 4.0);
        CHECK(er <= 4.4);
    }
    const auto counted = run({bin, "--count", "sudoku.txt"}, {}, dir.path());
    CHECK(counted.out == "1\n1\n1\n1\n1\n1\n");

    for (const std::string bad : {"4.0", "4.0~3.9", "0.5~2.0", "4.05~5.0", "4~13", "a~b"}) {
        const auto refused = run({bin, "-n", "1", "--se", bad}, {}, dir.path());
        CHECK(refused.exit_code == 2);
        CHECK_THAT(refused.err, Contains("--se wants LO~HI with 1.0 <= LO <= HI <= 12.0"));
    }
    // Levels 4 to 6: hard puzzles in a range of SE's scale.
    for (const auto& [level, lowest, highest] :
         {std::tuple{"4", 4.0, 5.9}, std::tuple{"5", 6.0, 7.4}, std::tuple{"6", 7.5, 8.9}}) {
        REQUIRE(
            run({bin, "-n", "3", "-m", level, "--seed", "5", "-o", "levels.txt"}, {}, dir.path())
                .exit_code == 0);
        for (const auto& line : lines(run({bin, "--rate", "levels.txt"}, {}, dir.path()).out))
            CHECK(line.rfind("3 hard ", 0) == 0);
        for (const auto& line :
             lines(run({bin, "--rate", "levels.txt", "--scale", "se"}, {}, dir.path()).out)) {
            INFO("-m " << level << ": " << line);
            const double er = std::stod(line.substr(3));
            CHECK(er >= lowest);
            CHECK(er <= highest);
        }
    }
    const auto both = run({bin, "-n", "1", "--se", "4~5", "-m", "3"}, {}, dir.path());
    CHECK(both.exit_code == 2);
    CHECK_THAT(both.err, Contains("--se cannot be used with -m, -r or -u"));
    const auto alone = run({bin, "--se", "4~5"}, {}, dir.path());
    CHECK(alone.exit_code == 2);
}
