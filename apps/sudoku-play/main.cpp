// sudoku-play: Sudoku in the terminal (ncurses). New games by level or by number of blanks, or
// the puzzles of a file; the rules live in game.hpp, this file draws them and reads keys.
#include "game.hpp"
#include "puzzles.hpp"

#include "common/cli_support.hpp"

#include <sudoku/rater.hpp>

#include <dlx/version.hpp>

#include <boost/program_options.hpp>

#include <curses.h>

#include <cstdlib>
#include <iostream>
#include <limits>
#include <random>

namespace po = boost::program_options;

namespace {

constexpr const char* program = "sudoku-play";
constexpr const char* synopsis =
    "Usage: sudoku-play [-m M | -b N] [--seed S]   play new puzzles (level M, or N blanks)\n"
    "       sudoku-play FILE [-k K]                play the puzzles of FILE, from the K-th\n";

constexpr int fewest_blanks = 30, most_blanks = 60; // the later edition's game

// The screen: 80 columns by 24 lines are enough.
constexpr int need_cols = 80, need_lines = 24;
constexpr int board_top = 2, board_left = 2; // the board: 13 lines of 31 columns
constexpr int panel_left = 38;               // the panel right of it
constexpr int message_line = 16, conflict_line = 18, help_line = 22;

const char* const help_text[] = {
    "arrows/hjkl move  1-9 place  0 x Del erase  p pencil marks  u undo  r redo",
    "? hint  s submit  n new game  q quit",
};

struct Settings {
    std::optional<sudoku::Level> level;
    int blanks = 0;
    std::optional<std::string> file;
    std::uint64_t first = 1;
    std::uint64_t seed = 0;
};

void print_usage(std::ostream& out, const po::options_description& options)
{
    out << synopsis << "\n"
        << options << "\n"
        << "Keys: " << help_text[0] << "\n      " << help_text[1] << "\n\n"
        << "Levels: 1 easy (singles solve it), 2 medium (pairs, triples, pointing, box-line), 3\n"
        << "hard (needs search). Without -m or -b, new games are easy. NO_COLOR turns colour off.\n\n"
        << "Exit status: 0 after quitting, 1 for a file that cannot be played, 2 bad usage.\n";
}

std::optional<Settings> parse_arguments(int argc, char** argv)
{
    po::options_description visible("Options", 92, 46);
    // One option a line, as Boost.ProgramOptions reads best:
    // clang-format off
    visible.add_options()
        ("level,m", po::value<std::string>()->value_name("M"), "new games of level M: 1 easy, 2 medium, 3 hard")
        ("blanks,b", po::value<std::string>()->value_name("N"),
         "new games with N blanks (30-60; 2 or more per box; one solution)")
        ("puzzle,k", po::value<std::string>()->value_name("K"), "with FILE: start at its K-th puzzle (default 1)")
        ("seed", po::value<std::string>()->value_name("S"), "the same S gives the same games");
    // clang-format on
    cli::add_help_and_version(visible);
    const auto parsed = cli::parse_command_line(
        argc, argv, visible, {"file"}, [&](std::ostream& out) { print_usage(out, visible); },
        std::string(program) + " (dlx) " + dlx::version);
    if (!parsed)
        return std::nullopt;
    const cli::Arguments& args = *parsed;
    Settings settings;
    if (args.given("level") && args.given("blanks"))
        throw cli::UsageError("-m and -b cannot be used together");
    if (args.given("file") && (args.given("level") || args.given("blanks") || args.given("seed")))
        throw cli::UsageError("a FILE is played as it is: -m, -b and --seed make new puzzles");
    if (args.given("puzzle") && !args.given("file"))
        throw cli::UsageError("-k goes with a FILE");
    if (args.given("level"))
        settings.level =
            static_cast<sudoku::Level>(cli::parse_number(args.text("level"), "-m", 1, 3));
    if (args.given("blanks"))
        settings.blanks = static_cast<int>(
            cli::parse_number(args.text("blanks"), "-b", fewest_blanks, most_blanks));
    else if (!settings.level)
        settings.level = sudoku::Level::easy;
    if (args.given("file"))
        settings.file = args.text("file");
    if (args.given("puzzle"))
        settings.first = cli::parse_number(args.text("puzzle"), "-k", 1,
                                           std::numeric_limits<std::uint32_t>::max());
    if (args.given("seed"))
        settings.seed = cli::parse_number(args.text("seed"), "--seed", 0,
                                          std::numeric_limits<std::uint64_t>::max());
    else
        settings.seed = (std::uint64_t{std::random_device{}()} << 32) ^ std::random_device{}();
    return settings;
}

// ncurses for the lifetime of the object: raw keys, no echo, keypad, a cursor hidden.
class Terminal {
public:
    Terminal()
    {
        initscr();
        cbreak();
        noecho();
        keypad(stdscr, TRUE);
        curs_set(0);
        timeout(250); // getch() returns ERR four times a second, so the clock can tick
        const char* no_color = std::getenv("NO_COLOR");
        colour_ = has_colors() && (no_color == nullptr || *no_color == '\0');
        if (colour_) {
            start_color();
            use_default_colors();
            init_pair(player_pair, COLOR_CYAN, -1);
            init_pair(conflict_pair, COLOR_RED, -1);
        }
    }
    ~Terminal() { endwin(); }
    Terminal(const Terminal&) = delete;
    Terminal& operator=(const Terminal&) = delete;

    // Without colour: givens bold, the player's digits underlined, conflicts in reverse video.
    [[nodiscard]] attr_t player() const { return colour_ ? COLOR_PAIR(player_pair) : A_UNDERLINE; }
    [[nodiscard]] attr_t conflict() const
    {
        return A_REVERSE | (colour_ ? COLOR_PAIR(conflict_pair) : A_NORMAL);
    }

private:
    static constexpr short player_pair = 1, conflict_pair = 2;
    bool colour_ = false;
};

std::string clock_text(sudoku_play::Clock::duration elapsed)
{
    const auto seconds = std::chrono::duration_cast<std::chrono::seconds>(elapsed).count();
    char text[32];
    std::snprintf(text, sizeof text, "%02lld:%02lld", static_cast<long long>(seconds / 60),
                  static_cast<long long>(seconds % 60));
    return text;
}

// Writes `text` at (line, col), wrapped at the screen's width into at most `lines` lines.
void write_wrapped(int line, int col, const std::string& text, int lines)
{
    const int width = need_cols - col - 1;
    std::size_t at = 0;
    for (int row = 0; row < lines && at < text.size(); ++row) {
        std::size_t end = std::min(text.size(), at + static_cast<std::size_t>(width));
        if (end < text.size()) {
            const std::size_t space = text.rfind(' ', end);
            if (space != std::string::npos && space > at)
                end = space;
        }
        mvaddstr(line + row, col, text.substr(at, end - at).c_str());
        at = end;
        while (at < text.size() && text[at] == ' ')
            ++at;
    }
}

class App {
public:
    App(std::unique_ptr<sudoku_play::PuzzleSource> source, sudoku_play::Game game)
        : source_(std::move(source)), game_(std::move(game))
    {
    }

    void run()
    {
        Terminal terminal;
        draw(terminal);
        for (;;) {
            const int key = getch();
            if (key != ERR && !handle(key))
                return;
            draw(terminal);
        }
    }

private:
    // Returns false to quit.
    bool handle(int key)
    {
        const auto now = sudoku_play::Clock::now();
        const bool confirming = confirm_ != 0;
        const int asked = confirm_;
        confirm_ = 0;
        if (confirming && key == asked)
            return key == 'q' ? false : (new_game(), true);
        message_.clear();
        switch (key) {
        case KEY_LEFT:
        case 'h': game_.move_cursor(0, -1); break;
        case KEY_RIGHT:
        case 'l': game_.move_cursor(0, 1); break;
        case KEY_UP:
        case 'k': game_.move_cursor(-1, 0); break;
        case KEY_DOWN:
        case 'j': game_.move_cursor(1, 0); break;
        case '0':
        case 'x':
        case KEY_DC:
        case KEY_BACKSPACE:
        case 127:
        case 8: report(game_.erase()); break;
        case 'p':
            game_.toggle_mode();
            message_ = game_.mode() == sudoku_play::Mode::note ? "Digits now toggle pencil marks"
                                                               : "Digits now fill cells";
            break;
        case 'u': message_ = game_.undo() ? "Undone" : "Nothing to undo"; break;
        case 'r':
        case 18 /* Ctrl-R */: message_ = game_.redo() ? "Redone" : "Nothing to redo"; break;
        case '?':
            if (const auto hint = game_.hint())
                message_ = "Hint: " + hint->reason;
            else
                message_ = "No hint: the grid is full";
            break;
        case 's':
        case '\n':
        case KEY_ENTER: {
            const auto verdict = game_.submit(now);
            message_ = verdict.solved ? "Solved! in " + clock_text(game_.elapsed(now)) +
                                            ". n for a new game, q to quit"
                                      : verdict.describe() + ". Go on!";
            break;
        }
        case 'n':
        case 'q':
            if (game_.finished() || !game_.changed()) {
                if (key == 'q')
                    return false;
                new_game();
            } else {
                confirm_ = key;
                message_ = key == 'q' ? "Quit this game? Press q again (any other key goes on)"
                                      : "Leave this game for a new one? Press n again";
            }
            break;
        case KEY_RESIZE: clear(); break;
        default:
            if (key >= '1' && key <= '9')
                report(game_.press_digit(key - '0'));
            break;
        }
        return true;
    }

    void report(sudoku_play::Outcome outcome)
    {
        if (outcome == sudoku_play::Outcome::given)
            message_ = sudoku::cell_name(game_.cursor()) + " is a given: it cannot change";
    }

    void new_game()
    {
        try {
            const auto made = source_->next();
            game_ = sudoku_play::Game(made.puzzle, made.solution, sudoku_play::Clock::now());
            message_ = "New game";
        } catch (const std::exception& error) {
            message_ = error.what();
        }
    }

    void draw(const Terminal& terminal)
    {
        erase();
        if (LINES < need_lines || COLS < need_cols) {
            mvprintw(0, 0, "sudoku-play needs %dx%d; this terminal is %dx%d. q quits.", need_cols,
                     need_lines, COLS, LINES);
            refresh();
            return;
        }
        const auto now = sudoku_play::Clock::now();
        mvaddstr(0, 2, ("sudoku-play: " + source_->title()).c_str());
        const std::string status =
            std::string(game_.mode() == sudoku_play::Mode::note ? "pencil" : "place") + "   " +
            clock_text(game_.elapsed(now));
        mvaddstr(0, need_cols - 2 - static_cast<int>(status.size()), status.c_str());

        draw_board(terminal);
        draw_panel();
        write_wrapped(message_line, 2, message_, 2);
        if (const auto conflict = sudoku::find_conflict(game_.grid()))
            mvaddstr(conflict_line, 2, ("Conflict: " + conflict->describe()).c_str());
        for (int i = 0; i < 2; ++i)
            mvaddstr(help_line + i, 2, help_text[i]);
        refresh();
    }

    // +---------+---------+---------+   each cell is three columns: " 5 ", "[5]" under the
    // | 5  3  . | .  7  . | .  .  . |   cursor; "." is empty, "*" empty with pencil marks
    void draw_board(const Terminal& terminal)
    {
        const auto clash = game_.conflicts();
        for (int band = 0; band <= 3; ++band)
            mvaddstr(board_top + band * 4, board_left, "+---------+---------+---------+");
        for (int row = 0; row < 9; ++row) {
            const int line = board_top + 1 + row + row / 3;
            for (int bar = 0; bar <= 3; ++bar)
                mvaddch(line, board_left + bar * 10, '|');
            for (int col = 0; col < 9; ++col) {
                const int cell = row * 9 + col;
                const int x = board_left + 1 + col * 3 + col / 3;
                const bool here = cell == game_.cursor();
                mvaddch(line, x, here ? '[' : ' ');
                mvaddch(line, x + 2, here ? ']' : ' ');
                const int digit = game_.grid()[cell];
                attr_t look = A_NORMAL;
                if (digit != 0)
                    look = game_.is_given(cell) ? A_BOLD : terminal.player();
                if (clash[static_cast<std::size_t>(cell)])
                    look |= terminal.conflict();
                const chtype shown = digit != 0               ? static_cast<chtype>('0' + digit)
                                     : game_.marks(cell) != 0 ? '*'
                                                              : '.';
                mvaddch(line, x + 1, shown | look);
            }
        }
    }

    // The cell under the cursor and its pencil marks, three by three.
    void draw_panel()
    {
        const int cell = game_.cursor();
        std::string what = sudoku::cell_name(cell);
        if (game_.is_given(cell))
            what += ": a given";
        mvaddstr(board_top, panel_left, what.c_str());
        mvaddstr(board_top + 2, panel_left, "Pencil marks:");
        for (int digit = 1; digit <= 9; ++digit) {
            const bool marked = (game_.marks(cell) & sudoku::digit_bit(digit)) != 0;
            mvaddch(board_top + 3 + (digit - 1) / 3, panel_left + 2 + (digit - 1) % 3 * 2,
                    marked ? static_cast<chtype>('0' + digit) : '.');
        }
        const int empty = game_.grid().blank_count();
        mvaddstr(board_top + 7, panel_left, ("Empty cells: " + std::to_string(empty)).c_str());
    }

    std::unique_ptr<sudoku_play::PuzzleSource> source_;
    sudoku_play::Game game_;
    std::string message_;
    int confirm_ = 0; // 'q' or 'n' while asking to confirm it
};

int run(int argc, char** argv)
{
    const auto settings = parse_arguments(argc, argv);
    if (!settings)
        return 0;
    auto source = settings->file ? sudoku_play::file_puzzles(*settings->file, settings->first)
                                 : sudoku_play::made_puzzles(settings->level, settings->blanks,
                                                             settings->seed);
    const auto first = source->next(); // a file that cannot be played fails here, before the screen
    App app(std::move(source),
            sudoku_play::Game(first.puzzle, first.solution, sudoku_play::Clock::now()));
    app.run();
    return 0;
}

} // namespace

int main(int argc, char** argv)
{
    return cli::guarded_main(program, synopsis, [&] { return run(argc, argv); });
}
