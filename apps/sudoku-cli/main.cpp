// sudoku-cli: complete boards (-c), solutions (-s), new puzzles (-n), ratings (--rate) and
// solution counts (--count), by the contract of docs/cli.md, section 3. This file reads the
// command line; each task has a file of its own (tasks.hpp).
#include "tasks.hpp"

#include "common/cli_support.hpp"

#include <dlx/version.hpp>

#include <sudoku/formats.hpp>
#include <sudoku/variant.hpp>

#include <boost/program_options.hpp>

#include <algorithm>
#include <iostream>
#include <limits>
#include <thread>
#include <vector>

namespace po = boost::program_options;

namespace {

using sudoku_cli::program;
using sudoku_cli::Settings;
using sudoku_cli::Task;

constexpr std::uint64_t most_boards = 10'000'000;
constexpr std::uint64_t most_puzzles = 1'000'000;
constexpr std::uint64_t highest_limit = 1'000'000'000'000;
constexpr unsigned help_width = 92;
constexpr std::uint64_t fewest_blanks = 20, most_blanks = 55; // -r, as in the original rules

constexpr const char* synopsis =
    "Usage: sudoku-cli -c N [OPTIONS]             write N distinct complete boards\n"
    "       sudoku-cli -s FILE [OPTIONS]          solve every puzzle in FILE ('-': stdin)\n"
    "       sudoku-cli -n N -m M [OPTIONS]        make N puzzles of level M (1 to 6)\n"
    "       sudoku-cli -n N -r LO~HI [-u] [...]   make N puzzles with LO to HI blanks\n"
    "       sudoku-cli -n N --se LO~HI [...]      make N puzzles rated LO to HI by SE\n"
    "       sudoku-cli -n N --variant LIST [...]  make N puzzles of a variant or size\n"
    "       sudoku-cli --rate FILE [OPTIONS]      print each puzzle's level and techniques\n"
    "       sudoku-cli --count FILE [OPTIONS]     print each puzzle's number of solutions\n";

void print_usage(std::ostream& out, std::initializer_list<const po::options_description*> groups)
{
    out << synopsis << "\n"
        << "Boards, solutions and puzzles go to sudoku.txt, ratings and counts to standard output\n"
        << "(-o PATH to change either; '-' is standard output). A file is replaced only when the\n"
        << "run succeeds.\n";
    for (const auto* group : groups)
        out << "\n" << *group;
    out << "\n"
        << "Levels: 1 easy = hidden and naked singles alone solve it; 2 medium = it also needs\n"
        << "pointing, box-line, naked or hidden pairs or triples, but no guess; 3 hard = those\n"
        << "techniques get stuck, the rest needs search. 4 expert, 5 fiendish, 6 diabolical:\n"
        << "hard, and rated 4.0~5.9, 6.0~7.4, 7.5~8.9 on Sudoku Explainer's scale (as --rate\n"
        << "--scale se prints it). Every -m puzzle has one solution.\n"
        << "Other sizes and rules are rated by the same levels with the variants' techniques\n"
        << "(a killer's cage combinations count as easy; locked candidates as medium).\n\n"
        << "Exit status: 0 success, 1 bad data or I/O error, 2 bad usage.\n";
}

// The tasks, one per run, and the option that asks for each.
struct TaskOption {
    const char* name; // as Boost.ProgramOptions knows it
    const char* flag; // as messages say it
    Task task;
};
constexpr TaskOption task_options[] = {
    {"boards", "-c", Task::boards}, {"solve", "-s", Task::solve},      {"new", "-n", Task::make},
    {"rate", "--rate", Task::rate}, {"count", "--count", Task::count},
};

constexpr unsigned tasks_of(std::initializer_list<Task> tasks)
{
    unsigned set = 0;
    for (const Task task : tasks)
        set |= 1u << static_cast<unsigned>(task);
    return set;
}

// The options that only some tasks take. A mistake with the options of -n prints the usage too
// (docs/cli.md, section 1.3); the others get one line.
struct TaskBoundOption {
    const char* name;
    const char* flag;
    unsigned tasks;        // tasks_of(...)
    const char* goes_with; // the tasks' flags, for the message
    cli::UsageError::Show show;
};
constexpr auto usage = cli::UsageError::Show::usage, one_line = cli::UsageError::Show::message;
constexpr TaskBoundOption task_bound_options[] = {
    {"level", "-m", tasks_of({Task::make}), "-n", usage},
    {"blanks", "-r", tasks_of({Task::make}), "-n", usage},
    {"se", "--se", tasks_of({Task::make}), "-n", usage},
    {"unique", "-u", tasks_of({Task::make}), "-n", usage},
    {"symmetric", "--symmetric", tasks_of({Task::make}), "-n", one_line},
    {"minimal", "--minimal", tasks_of({Task::make}), "-n", one_line},
    {"first-digit", "--first-digit", tasks_of({Task::boards}), "-c", one_line},
    {"size", "--size", tasks_of({Task::boards, Task::make}), "-c or -n", one_line},
    {"variant", "--variant", tasks_of({Task::boards, Task::make}), "-c or -n", one_line},
    {"seed", "--seed", tasks_of({Task::boards, Task::make}), "-c or -n", one_line},
    {"limit", "--limit", tasks_of({Task::count}), "--count", one_line},
    {"scale", "--scale", tasks_of({Task::rate}), "--rate", one_line},
    {"format", "--format", tasks_of({Task::boards, Task::solve, Task::make}), "-c, -s or -n",
     one_line},
    {"keep-going", "--keep-going", tasks_of({Task::solve, Task::rate, Task::count}),
     "-s, --rate or --count", one_line},
};

// The one task the command line asks for, checked against the tables above.
const TaskOption& task_of(const cli::Arguments& args)
{
    std::vector<const TaskOption*> given;
    for (const TaskOption& option : task_options) {
        if (args.given(option.name))
            given.push_back(&option);
    }
    if (given.empty())
        throw cli::UsageError("say what to do: -c N, -s FILE, -n N, --rate FILE or --count FILE",
                              usage);
    if (given.size() == 2 && args.given("boards") && args.given("solve"))
        throw cli::UsageError("-c and -s cannot be used together", usage);
    if (given.size() > 1)
        throw cli::UsageError("give one task: -c, -s, -n, --rate or --count", usage);
    const TaskOption& task = *given.front();
    for (const TaskBoundOption& option : task_bound_options) {
        if (args.given(option.name) && (option.tasks & tasks_of({task.task})) == 0)
            throw cli::UsageError(std::string(option.flag) + " goes with " + option.goes_with,
                                  option.show);
    }
    return task;
}

// A bad value for -n, -m or -r prints the usage too (docs/cli.md, section 1.3).
template <typename Parse> auto with_usage(const Parse& parse)
{
    try {
        return parse();
    } catch (const cli::UsageError& error) {
        throw cli::UsageError(error.what(), usage);
    }
}

// --se LO~HI: ratings with one decimal ("7", "7.0", "7.5"), in tenths, from 1.0 to 12.0.
sudoku::SeRange parse_se_range(const std::string& text)
{
    const auto refuse = [&]() {
        return cli::UsageError("--se wants LO~HI with 1.0 <= LO <= HI <= 12.0 (Sudoku "
                               "Explainer's ratings, one decimal), not '" +
                               text + "'");
    };
    const auto tenths = [&](std::string_view number) {
        const auto point = number.find('.');
        const std::string_view whole = number.substr(0, point);
        const std::string_view decimal =
            point == std::string_view::npos ? std::string_view("0") : number.substr(point + 1);
        if (whole.empty() || whole.size() > 2 || decimal.size() != 1 ||
            !std::all_of(whole.begin(), whole.end(), [](char c) { return c >= '0' && c <= '9'; }) ||
            decimal[0] < '0' || decimal[0] > '9')
            throw refuse();
        int value = 0;
        for (const char c : whole)
            value = 10 * value + (c - '0');
        return 10 * value + (decimal[0] - '0');
    };
    const auto tilde = text.find('~');
    if (tilde == std::string::npos)
        throw refuse();
    const sudoku::SeRange range{tenths(std::string_view(text).substr(0, tilde)),
                                tenths(std::string_view(text).substr(tilde + 1))};
    if (range.lowest < 10 || range.lowest > range.highest || range.highest > 120)
        throw refuse();
    return range;
}

// -n N and the options that say what puzzles to make (docs/cli.md, section 3.5).
std::uint64_t make_settings(const cli::Arguments& args, sudoku::PuzzleSettings& puzzle)
{
    const std::uint64_t puzzles =
        with_usage([&] { return cli::parse_number(args.text("new"), "-n", 1, most_puzzles); });
    if (args.given("size") || args.given("variant")) { // the variant maker: unique puzzles
        for (const TaskBoundOption& option : task_bound_options) { // -m, -r, -u, --minimal
            const std::string name = option.name;
            if ((name == "level" || name == "blanks" || name == "unique" || name == "minimal" ||
                 name == "se") &&
                args.given(option.name))
                throw cli::UsageError(std::string(option.flag) +
                                          " is for classic 9x9 puzzles, not with --size or "
                                          "--variant (their puzzles are unique)",
                                      usage);
        }
        puzzle.symmetric = args.given("symmetric");
        return puzzles;
    }
    if (!args.given("level") && !args.given("blanks") && !args.given("se"))
        throw cli::UsageError("-n needs -m M, -r LO~HI or --se LO~HI", usage);
    if (args.given("level") && (args.given("blanks") || args.given("unique")))
        throw cli::UsageError("-m cannot be used with -r or -u", usage);
    if (args.given("se") && (args.given("level") || args.given("blanks") || args.given("unique")))
        throw cli::UsageError("--se cannot be used with -m, -r or -u", usage);
    if (args.given("se")) {
        puzzle.se = with_usage([&] { return parse_se_range(args.text("se")); });
    } else if (args.given("level")) {
        const auto level =
            with_usage([&] { return cli::parse_number(args.text("level"), "-m", 1, 6); });
        sudoku::set_level(puzzle, static_cast<int>(level));
    } else {
        const auto [low, high] = with_usage([&] {
            return cli::parse_range(args.text("blanks"), "-r", fewest_blanks, most_blanks);
        });
        puzzle.fewest_blanks = static_cast<int>(low);
        puzzle.most_blanks = static_cast<int>(high);
        puzzle.unique = args.given("unique");
    }
    puzzle.symmetric = args.given("symmetric");
    puzzle.minimal = args.given("minimal");
    return puzzles;
}

// --size S and --variant LIST (docs/cli.md, section 3.2).
void variant_settings(const cli::Arguments& args, Settings& settings)
{
    sudoku::Variant& variant = settings.variant;
    if (args.given("size")) {
        // The sizes that puzzle files hold as rows (docs/cli.md, section 2.2).
        static constexpr int sizes[] = {4, 6, 8, 9, 10, 12, 16, 25};
        const auto size = static_cast<int>(
            cli::parse_number(args.text("size"), "--size", 4, sudoku::most_digits));
        if (std::find(std::begin(sizes), std::end(sizes), size) == std::end(sizes))
            throw cli::UsageError("--size wants 4, 6, 8, 9, 10, 12, 16 or 25 (the sizes puzzle "
                                  "files hold), not '" +
                                  args.text("size") + "'");
        variant = sudoku::Variant::classic(size);
    }
    if (args.given("variant")) {
        const std::string list = args.text("variant");
        sudoku::MadeRules made;
        try {
            made = sudoku::add_named_rules(variant, list);
        } catch (const std::invalid_argument& error) {
            throw cli::UsageError(std::string("--variant: ") + error.what());
        }
        if ((made.killer || made.jigsaw) && !args.given("new"))
            throw cli::UsageError(std::string("--variant ") + (made.killer ? "killer" : "jigsaw") +
                                  " goes with -n (its cages or regions are made for each "
                                  "puzzle)");
        settings.killer = made.killer;
        settings.jigsaw = made.jigsaw;
        if (variant.samurai && args.given("size"))
            throw cli::UsageError("--variant samurai is made of 9x9 grids: leave out --size");
        if (variant.samurai && settings.jigsaw)
            throw cli::UsageError("--variant samurai takes no jigsaw");
        try {
            const sudoku::Rules rules(variant);
        } catch (const std::invalid_argument& error) {
            throw cli::UsageError(std::string("--variant ") + list + ": " + error.what());
        }
    }
    // -n with --size or --variant always takes the variant maker (unique puzzles), even for
    // plain 9x9; -c --size 9 alone is the classic generator's.
    settings.classic = variant == sudoku::Variant::classic(9) && !settings.killer &&
                       !settings.jigsaw &&
                       !(args.given("new") && (args.given("size") || args.given("variant")));
    // Rules that rows cannot show are written as f-puzzles JSON, which holds at most 16x16 and
    // no samurai: refused before any work.
    sudoku::Variant plain = sudoku::Variant::classic(variant.size);
    plain.samurai = variant.samurai;
    if (args.given("new") && !(variant == plain && !settings.killer && !settings.jigsaw) &&
        (variant.size > 16 || variant.samurai))
        throw cli::UsageError("--variant " + args.text("variant") +
                              (variant.samurai ? " on samurai" : " on 25x25") +
                              ": such puzzles are written as f-puzzles JSON, which holds neither "
                              "samurai nor grids above 16x16");
}

// --format NAME, checked for -c and -n against the rules of what they will write.
sudoku::Format format_settings(const std::string& name, const Settings& settings)
{
    const auto format = sudoku::format_named(name);
    if (!format) {
        throw cli::UsageError("--format: '" + name + "' is not one of " + sudoku::format_names());
    }
    if (settings.task != Task::boards && settings.task != Task::make)
        return *format;
    // A blank puzzle of the rules to be written (a cage and regions standing for the killer's
    // and jigsaw's own), which the format must hold.
    sudoku::Variant probe = settings.variant;
    if (settings.killer)
        probe.cages.push_back({{0}, 1});
    if (settings.jigsaw) { // the boxes, as regions
        for (int cell = 0; cell < probe.size * probe.size; ++cell)
            probe.regions.push_back(cell / probe.size / probe.box_rows * probe.box_rows +
                                    cell % probe.size / probe.box_columns);
    }
    try {
        (void)sudoku::write_entry(
            *format, sudoku::VariantPuzzle::blank(std::make_shared<const sudoku::Rules>(probe)));
    } catch (const sudoku::FormatError& error) {
        throw cli::UsageError("--format " + name + ": " + error.what());
    }
    return *format;
}

std::optional<Settings> parse_arguments(int argc, char** argv)
{
    po::options_description tasks("Tasks", help_width, help_width / 2);
    // One option a line, as Boost.ProgramOptions reads best:
    // clang-format off
    tasks.add_options()
        ("boards,c", po::value<std::string>()->value_name("N"),
         "write N distinct complete boards (1 to 10,000,000)")
        ("solve,s", po::value<std::string>()->value_name("FILE"), "solve the puzzles in FILE")
        ("new,n", po::value<std::string>()->value_name("N"),
         "make N puzzles (1 to 1,000,000), with -m, -r, --size or --variant")
        ("rate", po::value<std::string>()->value_name("FILE"),
         "print a line per puzzle: LEVEL NAME technique:steps ...")
        ("count", po::value<std::string>()->value_name("FILE"),
         "print a line per puzzle: its solutions ('K+': K or more)");
    // clang-format on
    po::options_description making("Making puzzles (-n)", help_width, help_width / 2);
    // One option a line, as Boost.ProgramOptions reads best:
    // clang-format off
    making.add_options()
        ("level,m", po::value<std::string>()->value_name("M"),
         "level: 1 easy, 2 medium, 3 hard; hard ones by SE's rating: 4 expert (4.0~5.9), "
         "5 fiendish (6.0~7.4), 6 diabolical (7.5~8.9)")
        ("blanks,r", po::value<std::string>()->value_name("LO~HI"),
         "blanks per puzzle, from LO to HI (20 <= LO <= HI <= 55)")
        ("se", po::value<std::string>()->value_name("LO~HI"),
         "rated LO to HI on Sudoku Explainer's scale, e.g. 5.5~6.4 (unique puzzles)")
        ("unique,u", "with -r: every puzzle has exactly one solution")
        ("symmetric", "blanks symmetric under a half turn")
        ("minimal", "no given can be taken away without losing uniqueness (implies -u)");
    // clang-format on
    po::options_description other("Other options", help_width, help_width / 2);
    // One option a line, as Boost.ProgramOptions reads best:
    // clang-format off
    other.add_options()
        ("output,o", po::value<std::string>()->value_name("PATH"), "write to PATH")
        ("first-digit", po::value<std::string>()->value_name("D"),
         "with -c: the top-left digit of every board (1-9, default 9; up to S with --size S)")
        ("size", po::value<std::string>()->value_name("S"),
         "with -c or -n: grids of S digits: 4, 6, 8, 9, 10, 12, 16 or 25 (default 9)")
        ("variant", po::value<std::string>()->value_name("LIST"),
         "with -c or -n: rules added, separated by commas: x, windoku, anti-knight, anti-king, "
         "non-consecutive, samurai; with -n also killer, jigsaw")
        ("seed", po::value<std::string>()->value_name("S"),
         "with -c or -n: make the output reproducible")
        ("format", po::value<std::string>()->value_name("NAME"),
         "with -c, -s or -n: write in NAME: board, line, ss, sdk, sdm, opensudoku, pm, hodoku, "
         "fpuzzles (default: boards, rows or f-puzzles JSON, as the rules need)")
        ("scale", po::value<std::string>()->value_name("NAME"),
         "with --rate: levels (default), or se: Sudoku Explainer's ED=ER/EP/ED and the "
         "technique that set ER, as its serate prints them")
        ("limit", po::value<std::string>()->value_name("K"),
         "with --count: count up to K solutions (default 2)")
        ("keep-going", "with -s, --rate, --count: report every bad puzzle, write a stand-in "
                       "for it, go on; still exit 1")
        ("jobs,j", po::value<std::string>()->value_name("J"), "threads to use (default: every core)");
    // clang-format on
    cli::add_help_and_version(other);
    po::options_description visible;
    visible.add(tasks).add(making).add(other);
    const auto parsed = cli::parse_command_line(
        argc, argv, visible, {},
        [&](std::ostream& out) {
            print_usage(out, {&tasks, &making, &other});
        },
        std::string(program) + " (dlx) " + dlx::version);
    if (!parsed)
        return std::nullopt;
    const cli::Arguments& args = *parsed;

    Settings settings;
    const TaskOption& task = task_of(args);
    settings.task = task.task;
    if (task.task == Task::boards)
        settings.boards = cli::parse_number(args.text(task.name), task.flag, 1, most_boards);
    else if (task.task == Task::make)
        settings.puzzles = make_settings(args, settings.puzzle);
    else
        settings.input = args.text(task.name); // a file of puzzles
    variant_settings(args, settings);
    if (args.given("first-digit"))
        settings.first_digit =
            static_cast<int>(cli::parse_number(args.text("first-digit"), "--first-digit", 1,
                                               static_cast<std::uint64_t>(settings.variant.size)));
    if (args.given("seed"))
        settings.seed = cli::parse_number(args.text("seed"), "--seed", 0,
                                          std::numeric_limits<std::uint64_t>::max());
    if (args.given("limit"))
        settings.limit = cli::parse_number(args.text("limit"), "--limit", 1, highest_limit);
    settings.keep_going = args.given("keep-going");
    if (args.given("scale")) {
        const std::string scale = args.text("scale");
        if (scale != "levels" && scale != "se")
            throw cli::UsageError("--scale wants levels or se, not '" + scale + "'");
        settings.se_scale = scale == "se";
    }
    if (args.given("format"))
        settings.format = format_settings(args.text("format"), settings);

    const bool printed = settings.task == Task::rate || settings.task == Task::count;
    settings.output = args.given("output") ? args.text("output") : printed ? "-" : "sudoku.txt";
    if (settings.output.empty())
        throw cli::UsageError("-o wants a path");
    if (args.given("jobs"))
        settings.jobs =
            static_cast<unsigned>(cli::parse_number(args.text("jobs"), "--jobs", 1, 1024));
    if (settings.jobs == 0)
        settings.jobs = std::max(1u, std::thread::hardware_concurrency());
    return settings;
}

int run(int argc, char** argv)
{
    const auto settings = parse_arguments(argc, argv);
    if (!settings)
        return 0;
    switch (settings->task) {
    case Task::boards: return sudoku_cli::write_boards(*settings);
    case Task::make: return sudoku_cli::make_puzzles(*settings);
    case Task::solve:
    case Task::rate:
    case Task::count: break;
    }
    return sudoku_cli::process_puzzle_file(*settings);
}

} // namespace

int main(int argc, char** argv)
{
    std::ios::sync_with_stdio(false);
    return cli::guarded_main(program, synopsis, [&] { return run(argc, argv); });
}
