// Making puzzles by taking givens away from random boards. See maker.hpp.
#include <sudoku/maker.hpp>

#include <sudoku/encoding.hpp>
#include <sudoku/se_rating.hpp>
#include <sudoku/solver.hpp>

#include "in_order.hpp"

#include <dlx/random.hpp>
#include <dlx/solver.hpp>

#include <algorithm>
#include <memory>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace sudoku {

namespace {

// What is taken away in one move: a cell, or with symmetry a cell and its partner under a half
// turn (the centre, cell 40, is its own partner).
struct Move {
    int cell;
    int partner; // == cell for a single cell
    [[nodiscard]] int size() const { return cell == partner ? 1 : 2; }
};

} // namespace

class PuzzleMaker::Impl {
public:
    explicit Impl(const PuzzleSettings& settings)
        : settings_(settings), boards_(standard_encoding().problem)
    {
        if (settings_.fewest_blanks < 0 || settings_.most_blanks > Grid::cells ||
            settings_.fewest_blanks > settings_.most_blanks)
            throw std::invalid_argument("sudoku::PuzzleMaker: the blank range must lie in 0..81, "
                                        "fewest first");
        if (settings_.se && settings_.se->lowest > settings_.se->highest)
            throw std::invalid_argument("sudoku::PuzzleMaker: an SE range goes lowest first");
        if (settings_.minimal || settings_.se)
            settings_.unique = true;
        if (!settings_.level && settings_.unique && settings_.fewest_blanks > 64)
            throw std::invalid_argument(
                "sudoku::PuzzleMaker: a unique puzzle has at most 64 blanks");
        if (settings_.min_blanks_per_box < 0 || settings_.min_blanks_per_box > 9 ||
            (!settings_.level && 9 * settings_.min_blanks_per_box > settings_.most_blanks))
            throw std::invalid_argument("sudoku::PuzzleMaker: the blanks per box must lie in 0..9 "
                                        "and fit in the range");
    }

    Puzzle make(std::uint64_t index)
    {
        dlx::Random random(dlx::mix(settings_.seed ^ dlx::mix(index)));
        for (std::uint64_t boards = 0;; ++boards) {
            if (boards == give_up_after)
                throw std::runtime_error(unreachable());
            ++attempts_;
            Puzzle made;
            made.solution = random_board(random.next());
            made.puzzle = made.solution;
            if ((settings_.se      ? take_away_for_se(made.puzzle, random) && of_level(made.puzzle)
                 : settings_.level ? take_away_for_level(made.puzzle, random)
                                   : take_away_for_range(made.puzzle, random)) &&
                enough_blanks_per_box(made.puzzle))
                return made;
        }
    }

    [[nodiscard]] std::uint64_t attempts() const noexcept { return attempts_; }

private:
    // Every level takes a few boards a puzzle, and so do ranges that a random puzzle can
    // reach; this many boards in a row without a puzzle means the settings ask for something
    // that random removal (almost) never makes, such as a minimal puzzle with 30 blanks.
    static constexpr std::uint64_t give_up_after = 1000;

    std::string unreachable() const
    {
        if (settings_.se)
            return "no " + std::string(settings_.minimal ? "minimal " : "") +
                   (settings_.symmetric ? "symmetric " : "") + "puzzle rated " +
                   tenths(settings_.se->lowest) + " to " + tenths(settings_.se->highest) +
                   " on Sudoku Explainer's scale in " + std::to_string(give_up_after) +
                   " random boards: widen the range (random minimal puzzles rate 1.2 to 7.x, "
                   "seldom more)";
        std::string what = settings_.minimal ? "minimal " : settings_.unique ? "unique " : "";
        if (settings_.symmetric)
            what += "symmetric ";
        return "no " + what + "puzzle with " + std::to_string(settings_.fewest_blanks) + " to " +
               std::to_string(settings_.most_blanks) + " blanks in " +
               std::to_string(give_up_after) +
               " random boards: widen the range (random minimal puzzles have 54 to 59 blanks, "
               "49 to 57 when symmetric)";
    }

    // The first cover of a search with the options of each item in random order.
    Grid random_board(std::uint64_t seed)
    {
        dlx::SearchOptions options;
        options.seed = seed;
        options.randomise = dlx::Randomise::options_only;
        options.choice = dlx::ItemChoice::singles_first;
        options.solution_limit = 1;
        Grid board;
        boards_.search(
            [&](std::span<const dlx::OptionId> solution) {
                decode(standard_encoding(), solution, board);
                return dlx::Visit::stop;
            },
            options);
        return board;
    }

    bool enough_blanks_per_box(const Grid& puzzle) const
    {
        int blanks[9] = {};
        for (int cell = 0; cell < Grid::cells; ++cell)
            blanks[box_of(cell / 9, cell % 9)] += puzzle[cell] == 0 ? 1 : 0;
        return std::all_of(std::begin(blanks), std::end(blanks),
                           [&](int count) { return count >= settings_.min_blanks_per_box; });
    }

    // Every move, in random order; with a least number of blanks per box, moves that bring a
    // box towards it come first (in their random order), so that the first blanks spread
    // over every box.
    std::vector<Move> shuffled_moves(dlx::Random& random) const
    {
        std::vector<Move> moves = every_move(random);
        if (settings_.min_blanks_per_box == 0)
            return moves;
        int planned[9] = {};
        const auto box = [](int cell) { return box_of(cell / 9, cell % 9); };
        std::vector<Move> early, late;
        for (const Move& move : moves) {
            if (planned[box(move.cell)] < settings_.min_blanks_per_box ||
                planned[box(move.partner)] < settings_.min_blanks_per_box) {
                ++planned[box(move.cell)];
                if (move.partner != move.cell)
                    ++planned[box(move.partner)];
                early.push_back(move);
            } else {
                late.push_back(move);
            }
        }
        early.insert(early.end(), late.begin(), late.end());
        return early;
    }

    std::vector<Move> every_move(dlx::Random& random) const
    {
        std::vector<Move> moves;
        if (settings_.symmetric) {
            for (int cell = 0; cell <= 40; ++cell)
                moves.push_back({cell, 80 - cell});
        } else {
            for (int cell = 0; cell < Grid::cells; ++cell)
                moves.push_back({cell, cell});
        }
        random.shuffle(moves.begin(), moves.end());
        return moves;
    }

    static void blank(Grid& puzzle, const Move& move)
    {
        puzzle.set(move.cell, 0);
        puzzle.set(move.partner, 0);
    }

    static void restore(Grid& puzzle, const Grid& before, const Move& move)
    {
        puzzle.set(move.cell, before[move.cell]);
        puzzle.set(move.partner, before[move.partner]);
    }

    bool unique(const Grid& puzzle) { return solver_.count(puzzle, 2) == 1; }

    // Each move in turn blanks its cells, and is undone unless `keeps` the puzzle.
    template <class Keeps>
    static void take_away(Grid& puzzle, const std::vector<Move>& moves, Keeps keeps)
    {
        const Grid board = puzzle;
        for (const Move& move : moves) {
            blank(puzzle, move);
            if (!keeps(puzzle))
                restore(puzzle, board, move);
        }
    }

    // -m: take away every given that can go while the puzzle stays within reach of the level
    // (singles alone for easy, the listed techniques for medium, uniqueness for hard), then
    // keep the puzzle if it rates exactly at the level. Each test can only fail more often as
    // givens go (fewer givens never make a deduction possible that was not), so one pass over
    // the moves leaves a puzzle where no further move passes. With `minimal`, every level takes
    // away by uniqueness alone, and the rating then decides.
    bool take_away_for_level(Grid& puzzle, dlx::Random& random)
    {
        const Level level = *settings_.level;
        take_away(puzzle, shuffled_moves(random), [&](const Grid& fewer) {
            if (settings_.minimal || level == Level::hard)
                return unique(fewer);
            return solvable_with(fewer, level == Level::easy ? Technique::naked_single
                                                             : Technique::hidden_triple);
        });
        return rater_.rate(puzzle).level == level;
    }

    static std::string tenths(int rating)
    {
        return std::to_string(rating / 10) + "." + std::to_string(rating % 10);
    }

    // With an SE range, the level too, if one is asked for.
    bool of_level(const Grid& puzzle)
    {
        return !settings_.level || rater_.rate(puzzle).level == *settings_.level;
    }

    // ER as serate prints it, in tenths.
    static int er_tenths(const Grid& puzzle) { return se_tenths(rate_se(puzzle).er); }

    // --se: take away every given that can go while the puzzle stays unique (a minimal
    // puzzle), and rate it. Too easy: another board. Too hard (and not `minimal`): givens come
    // back from the board, in random order, as long as the puzzle still rates above the
    // range; fewer blanks seldom make it harder, so it lands in the range or below it.
    bool take_away_for_se(Grid& puzzle, dlx::Random& random)
    {
        const Grid board = puzzle;
        const std::vector<Move> moves = shuffled_moves(random);
        take_away(puzzle, moves, [&](const Grid& fewer) { return unique(fewer); });
        int rating = er_tenths(puzzle);
        if (rating > settings_.se->highest && !settings_.minimal) {
            for (const Move& move : moves) {
                if (puzzle[move.cell] != 0)
                    continue;
                restore(puzzle, board, move);
                rating = er_tenths(puzzle);
                if (rating <= settings_.se->highest)
                    break;
            }
        }
        return rating >= settings_.se->lowest && rating <= settings_.se->highest;
    }

    // -r: a number of blanks drawn from the range; without uniqueness the first moves are
    // taken as they come, with it each move must keep the solution unique. With symmetry the
    // centre is blank exactly when the number is odd. With `minimal` the moves go on past the
    // number drawn until none passes, and the puzzle is kept if its blanks lie in the range.
    bool take_away_for_range(Grid& puzzle, dlx::Random& random)
    {
        const Grid board = puzzle;
        const int target =
            settings_.fewest_blanks + static_cast<int>(random.below(static_cast<std::uint32_t>(
                                          settings_.most_blanks - settings_.fewest_blanks + 1)));
        std::vector<Move> moves = shuffled_moves(random);
        if (settings_.symmetric && !settings_.minimal) {
            // The centre first when the count is odd, never when it is even.
            const auto centre = std::find_if(moves.begin(), moves.end(),
                                             [](const Move& move) { return move.size() == 1; });
            const Move middle = *centre;
            moves.erase(centre);
            if (target % 2 == 1)
                moves.insert(moves.begin(), middle);
        }
        int blanks = 0;
        for (const Move& move : moves) {
            if (!settings_.minimal && blanks + move.size() > target)
                continue;
            blank(puzzle, move);
            if (settings_.unique && !unique(puzzle)) {
                restore(puzzle, board, move);
                continue;
            }
            blanks += move.size();
            if (!settings_.minimal && blanks == target)
                return true;
        }
        if (settings_.minimal)
            return blanks >= settings_.fewest_blanks && blanks <= settings_.most_blanks;
        return false; // the number drawn could not be reached on this board: try another
    }

    PuzzleSettings settings_;
    dlx::Solver boards_;
    Solver solver_;
    Rater rater_;
    std::uint64_t attempts_ = 0;
};

namespace {

struct SeLevel {
    const char* name;
    SeRange range;
};
constexpr SeLevel se_levels[] = {
    {"expert", {40, 59}}, {"fiendish", {60, 74}}, {"diabolical", {75, 89}}};

const SeLevel& se_level(int level)
{
    if (level < 4 || level > 6)
        throw std::invalid_argument("sudoku: the levels by SE's rating are 4, 5 and 6, not " +
                                    std::to_string(level));
    return se_levels[level - 4];
}

} // namespace

SeRange se_level_range(int level) { return se_level(level).range; }

const char* se_level_name(int level) { return se_level(level).name; }

void set_level(PuzzleSettings& settings, int level)
{
    if (level < 1 || level > 6)
        throw std::invalid_argument("sudoku: the levels are 1 to 6, not " + std::to_string(level));
    settings.level = static_cast<Level>(std::min(level, 3));
    if (level >= 4) // hard, and in a range of SE's scale (docs/puzzles.md, section 2)
        settings.se = se_level_range(level);
}

PuzzleMaker::PuzzleMaker(const PuzzleSettings& settings) : impl_(std::make_unique<Impl>(settings))
{
}

PuzzleMaker::~PuzzleMaker() = default;

Puzzle PuzzleMaker::make(std::uint64_t index) { return impl_->make(index); }

std::uint64_t PuzzleMaker::attempts() const noexcept { return impl_->attempts(); }

void make_puzzles(const PuzzleSettings& settings, std::uint64_t count, unsigned threads,
                  const std::function<void(std::span<const Puzzle>)>& sink)
{
    if (count == 0)
        return;
    if (threads == 0)
        threads = std::max(1u, std::thread::hardware_concurrency());
    PuzzleMaker check(settings); // throws on bad settings before any thread starts

    // Puzzles go in chunks of consecutive numbers, made on every thread and handed to the sink
    // in order.
    constexpr std::uint64_t chunk = 16;
    detail::in_order<std::vector<Puzzle>>(
        threads, 4 * static_cast<std::size_t>(threads), 0, (count + chunk - 1) / chunk,
        [&] { return std::make_unique<PuzzleMaker>(settings); },
        [&](std::unique_ptr<PuzzleMaker>& maker, std::uint64_t index,
            std::vector<Puzzle>& puzzles) {
            puzzles.clear();
            for (std::uint64_t i = index * chunk; i < std::min(count, (index + 1) * chunk); ++i)
                puzzles.push_back(maker->make(i));
        },
        [&](const std::vector<Puzzle>& puzzles) {
            sink(puzzles);
            return true;
        });
}

} // namespace sudoku
