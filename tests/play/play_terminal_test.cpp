// sudoku-play in a real terminal: tmux runs it, the test types keys (send-keys) and reads the
// screen (capture-pane), as a player would. The puzzle on the screen is solved by the tests' own
// solver (support/human_check.hpp), not by the program.
#include "support/board_check.hpp"
#include "support/human_check.hpp"
#include "support/process.hpp"

#include <catch2/catch.hpp>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <unistd.h>
#include <vector>

using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;
using dlx_test::Board;
using dlx_test::run;

namespace {

const std::string bin = SUDOKU_PLAY_BIN;

// The screen's layout (apps/sudoku-play/main.cpp): the board's top border on line 2 from
// column 2, cells three columns wide.
constexpr int board_top = 2, board_left = 2;

// A tmux server of its own (its own socket), one session of 80x24 running `command` with the
// `environment` (NAME=value) added. A small shell around the program writes its exit status
// to a file: tmux 3.3 does not always learn it (#{pane_dead_status} stays empty now and then).
class Tmux {
public:
    explicit Tmux(const std::vector<std::string>& command,
                  const std::vector<std::string>& environment = {})
        : socket_("dlx-play-test-" + std::to_string(::getpid()) + "-" +
                  std::to_string(++sessions_)),
          status_file_(scratch_.path() / "status")
    {
        std::vector<std::string> args{
            "new-session", "-d", "-s", "game", "-x",
            "80",          "-y", "24", "-e",   "DLX_PLAY_STATUS=" + status_file_.string()};
        for (const auto& variable : environment)
            args.insert(args.end(), {"-e", variable});
        args.insert(args.end(), {"sh", "-c", R"("$0" "$@"; echo $? > "$DLX_PLAY_STATUS")"});
        args.insert(args.end(), command.begin(), command.end());
        REQUIRE(tmux(args).exit_code == 0);
    }
    ~Tmux() { tmux({"kill-server"}); }
    Tmux(const Tmux&) = delete;
    Tmux& operator=(const Tmux&) = delete;

    /// Waits (up to 10 seconds) for the program to end; its exit status, or -1 if it did not.
    int exit_status()
    {
        for (int tries = 0; tries < 200; ++tries) {
            std::ifstream in(status_file_);
            int status = -1;
            if (in >> status)
                return status;
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        }
        return -1;
    }

    /// True while the program is running.
    bool running() const { return !std::filesystem::exists(status_file_); }

    void type(const std::string& keys)
    {
        REQUIRE(tmux({"send-keys", "-t", "game", "-l", keys}).exit_code == 0);
    }
    void press(const std::string& key)
    {
        REQUIRE(tmux({"send-keys", "-t", "game", key}).exit_code == 0);
    }
    void resize(int width, int height)
    {
        REQUIRE(tmux({"resize-window", "-t", "game", "-x", std::to_string(width), "-y",
                      std::to_string(height)})
                    .exit_code == 0);
    }

    /// The screen as text (`escapes`: with the SGR sequences that show bold, underline, colour).
    std::string screen(bool escapes = false)
    {
        std::vector<std::string> args{"capture-pane", "-p", "-t", "game"};
        if (escapes)
            args.push_back("-e");
        return tmux(args).out;
    }

    /// Waits (up to 10 seconds) until the screen holds `text`; returns the screen. It must read
    /// the same twice in a row: tmux may show a redraw half done (the title there, the board not).
    std::string wait_for(const std::string& text)
    {
        std::string shown, before;
        for (int tries = 0; tries < 200; ++tries) {
            shown = screen();
            if (shown == before && shown.find(text) != std::string::npos)
                return shown;
            before = shown;
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        }
        FAIL("the screen never showed '" << text << "'; it shows:\n" << shown);
        return shown;
    }

private:
    dlx_test::RunResult tmux(std::vector<std::string> args)
    {
        args.insert(args.begin(), {"tmux", "-L", socket_});
        return run(args);
    }
    static inline int sessions_ = 0;
    std::string socket_;
    dlx_test::TempDir scratch_;
    std::filesystem::path status_file_;
};

std::vector<std::string> lines_of(const std::string& text)
{
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        lines.push_back(line);
    return lines;
}

// The character shown for `cell`, and whether the cursor's brackets are round it.
struct CellView {
    char shown = ' ';
    bool cursor = false;
};

CellView cell_view(const std::vector<std::string>& lines, int cell)
{
    const int row = cell / 9, col = cell % 9;
    const std::string& line = lines.at(static_cast<std::size_t>(board_top + 1 + row + row / 3));
    const auto x = static_cast<std::size_t>(board_left + 1 + col * 3 + col / 3);
    return {line.at(x + 1), line.at(x) == '['};
}

// The grid on the screen (0 for '.' and '*') and the cursor's cell.
struct Seen {
    Board grid{};
    int cursor = -1;
};

Seen read_screen(const std::string& screen)
{
    const auto lines = lines_of(screen);
    Seen seen;
    for (int cell = 0; cell < 81; ++cell) {
        const CellView view = cell_view(lines, cell);
        seen.grid[static_cast<std::size_t>(cell)] =
            view.shown >= '1' && view.shown <= '9' ? view.shown - '0' : 0;
        if (view.cursor)
            seen.cursor = cell;
    }
    return seen;
}

// True when some SGR sequence of `styled` ("ESC [ 4 ; 7 m") sets attribute `code` (1 bold,
// 4 underline, 7 reverse, 36 cyan).
bool sets_attribute(const std::string& styled, int code)
{
    for (std::size_t at = styled.find("\x1b["); at != std::string::npos;
         at = styled.find("\x1b[", at + 1)) {
        const std::size_t end = styled.find('m', at);
        if (end == std::string::npos)
            break;
        std::istringstream params(styled.substr(at + 2, end - at - 2));
        for (std::string param; std::getline(params, param, ';');)
            if (param == std::to_string(code))
                return true;
    }
    return false;
}

// Moves the cursor from `from` to `to` with hjkl.
std::string path(int from, int to)
{
    std::string keys;
    const int rows = to / 9 - from / 9, cols = to % 9 - from % 9;
    keys.append(static_cast<std::size_t>(std::abs(rows)), rows > 0 ? 'j' : 'k');
    keys.append(static_cast<std::size_t>(std::abs(cols)), cols > 0 ? 'l' : 'h');
    return keys;
}

} // namespace

TEST_CASE("sudoku-play is played to the end in a real terminal", "[play][terminal]")
{
    Tmux tmux({bin, "--seed", "7", "-m", "1"}, {"NO_COLOR=1"});
    auto screen = tmux.wait_for("sudoku-play: easy (level 1), game 1");
    CHECK_THAT(screen, Contains("arrows/hjkl move") && Contains("q quit")); // the help line

    const Board puzzle = read_screen(screen).grid;
    const auto solution = dlx_test::first_solution(puzzle);
    REQUIRE(solution);
    REQUIRE(dlx_test::count_solutions(puzzle) == 1);
    int cursor = read_screen(screen).cursor;
    REQUIRE(cursor >= 0);
    CHECK(puzzle[static_cast<std::size_t>(cursor)] == 0); // the game starts on an empty cell

    // Moves: arrows and hjkl.
    tmux.press(cursor % 9 < 8 ? "Right" : "Left");
    const int moved = cursor % 9 < 8 ? cursor + 1 : cursor - 1;
    tmux.wait_for("r" + std::to_string(moved / 9 + 1) + "c" + std::to_string(moved % 9 + 1));
    CHECK(read_screen(tmux.screen()).cursor == moved);
    cursor = moved;

    // A given cannot change.
    int given = 0;
    while (puzzle[static_cast<std::size_t>(given)] == 0)
        ++given;
    tmux.type(path(cursor, given));
    cursor = given;
    const int other_digit = puzzle[static_cast<std::size_t>(given)] % 9 + 1;
    tmux.type(std::to_string(other_digit));
    screen = tmux.wait_for("is a given: it cannot change");
    CHECK(read_screen(screen).grid == puzzle);

    // A conflict shows as it happens: an empty cell of the given's row gets the given's digit.
    int empty = given / 9 * 9;
    while (puzzle[static_cast<std::size_t>(empty)] != 0)
        ++empty;
    REQUIRE(empty / 9 == given / 9);
    tmux.type(path(cursor, empty) + std::to_string(puzzle[static_cast<std::size_t>(given)]));
    cursor = empty;
    screen =
        tmux.wait_for("Conflict: two " + std::to_string(puzzle[static_cast<std::size_t>(given)]) +
                      "s in row " + std::to_string(given / 9 + 1));
    // Without colour: givens bold, the player's digits underlined, the clash in reverse video.
    const std::string styled = tmux.screen(true);
    CHECK(sets_attribute(styled, 1));
    CHECK(sets_attribute(styled, 4));
    CHECK(sets_attribute(styled, 7));
    CHECK_FALSE(sets_attribute(styled, 36)); // no colour

    // Undo takes it back.
    tmux.type("u");
    screen = tmux.wait_for("Undone");
    CHECK(screen.find("Conflict:") == std::string::npos);
    CHECK(read_screen(screen).grid == puzzle);

    // A hint fills one cell correctly and names its technique.
    tmux.type("?");
    screen = tmux.wait_for("Hint: ");
    CHECK_THAT(screen, Contains("single"));
    Board now = read_screen(screen).grid;
    int filled = 0;
    for (std::size_t cell = 0; cell < 81; ++cell) {
        if (puzzle[cell] == 0 && now[cell] != 0) {
            ++filled;
            CHECK(now[cell] == (*solution)[cell]);
        }
    }
    CHECK(filled == 1);
    cursor = read_screen(screen).cursor;

    // A wrong submit says what is wrong, and the game goes on.
    int wrong_cell = 0;
    while (now[static_cast<std::size_t>(wrong_cell)] != 0)
        ++wrong_cell;
    const int right = (*solution)[static_cast<std::size_t>(wrong_cell)];
    tmux.type(path(cursor, wrong_cell) + std::to_string(right % 9 + 1) + "s");
    cursor = wrong_cell;
    int empties = 0;
    for (const int digit : now)
        empties += digit == 0 ? 1 : 0;
    tmux.wait_for("1 cell is wrong and " + std::to_string(empties - 1) + " are empty. Go on!");

    // Fill in the rest from the solution, erasing the wrong digit first, then submit.
    tmux.press("BSpace");
    std::string keys;
    for (int cell = 0; cell < 81; ++cell) {
        if (now[static_cast<std::size_t>(cell)] != 0)
            continue;
        keys += path(cursor, cell) + std::to_string((*solution)[static_cast<std::size_t>(cell)]);
        cursor = cell;
    }
    tmux.type(keys);
    tmux.type("s");
    screen = tmux.wait_for("Solved!");
    CHECK(read_screen(screen).grid == *solution);

    // q quits a finished game at once.
    tmux.type("q");
    CHECK(tmux.exit_status() == 0);
}

TEST_CASE("sudoku-play redraws on resize and asks before quitting a game in progress",
          "[play][terminal]")
{
    Tmux tmux({bin, "--seed", "3", "-b", "40"});
    auto screen = tmux.wait_for("40 blanks, game 1");
    Board puzzle = read_screen(screen).grid;
    int blanks = 0;
    int per_box[9] = {};
    for (int cell = 0; cell < 81; ++cell) {
        if (puzzle[static_cast<std::size_t>(cell)] == 0) {
            ++blanks;
            ++per_box[cell / 27 * 3 + cell % 9 / 3];
        }
    }
    CHECK(blanks == 40);
    for (const int count : per_box)
        CHECK(count >= 2);
    CHECK(dlx_test::count_solutions(puzzle) == 1);

    tmux.resize(60, 20);
    tmux.wait_for("sudoku-play needs 80x24; this terminal is 60x20");
    tmux.resize(80, 24);
    screen = tmux.wait_for("40 blanks, game 1");
    CHECK(read_screen(screen).grid == puzzle);

    // With colour (NO_COLOR unset), the player's digits are in colour.
    const int cursor = read_screen(screen).cursor;
    tmux.type(
        std::to_string(dlx_test::first_solution(puzzle).value()[static_cast<std::size_t>(cursor)]));
    tmux.wait_for("Empty cells: 39");
    CHECK(sets_attribute(tmux.screen(true), 36));

    tmux.type("q");
    tmux.wait_for("Quit this game? Press q again");
    tmux.type("j"); // goes on
    tmux.wait_for("Empty cells: 39");
    CHECK(tmux.running());
    tmux.type("n");
    tmux.wait_for("Press n again");
    tmux.type("n");
    tmux.wait_for("40 blanks, game 2");
    tmux.type("q"); // nothing to lose in a new game
    CHECK(tmux.exit_status() == 0);
}

TEST_CASE("sudoku-play plays the K-th puzzle of a file", "[play][terminal]")
{
    const dlx_test::TempDir dir;
    const std::string second =
        "..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759..";
    const auto file = dir.write("puzzles.txt", std::string(81, '.') + "\n" + second + "\n");
    Tmux tmux({bin, file.string(), "-k", "2"});
    const auto screen = tmux.wait_for("puzzles.txt, puzzle 2");
    const Board shown = read_screen(screen).grid;
    for (std::size_t cell = 0; cell < 81; ++cell)
        CHECK(shown[cell] == (second[cell] == '.' ? 0 : second[cell] - '0'));
    tmux.type("q");
    CHECK(tmux.exit_status() == 0);
}

TEST_CASE("sudoku-play refuses bad usage and unplayable files before drawing", "[play]")
{
    const dlx_test::TempDir dir;
    const auto bad = dir.write("bad.txt", "12345\n");
    const auto none = dir.write("none.txt", "11" + std::string(79, '.') + "\n");
    const auto usage =
        GENERATE(as<std::vector<std::string>>{}, std::vector<std::string>{"-m", "4"},
                 std::vector<std::string>{"-b", "29"}, std::vector<std::string>{"-b", "61"},
                 std::vector<std::string>{"-m", "1", "-b", "40"},
                 std::vector<std::string>{"-k", "2"}, std::vector<std::string>{"--bogus"});
    std::vector<std::string> argv{bin};
    argv.insert(argv.end(), usage.begin(), usage.end());
    const auto refused = run(argv);
    CHECK(refused.exit_code == 2);
    CHECK_THAT(refused.err, StartsWith("sudoku-play: "));

    const auto malformed = run({bin, bad.string()});
    CHECK(malformed.exit_code == 1);
    CHECK_THAT(malformed.err, Contains("bad.txt:1: puzzle 1: "));
    const auto conflicting = run({bin, none.string()});
    CHECK(conflicting.exit_code == 1);
    CHECK_THAT(conflicting.err, Contains("the givens break the rules: two 1s in row 1"));
    const auto beyond = run({bin, none.string(), "-k", "5"});
    CHECK(beyond.exit_code == 1);
    CHECK_THAT(beyond.err, Contains("has 1 puzzle, not 5"));
}
