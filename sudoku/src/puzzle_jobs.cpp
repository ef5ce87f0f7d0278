// The answers of sudoku-cli -s, --rate and --count for each puzzle (puzzle_pipeline.hpp), kept in
// the library so that every front end (the CLI, the web page) writes them byte for byte alike.
#include <sudoku/puzzle_pipeline.hpp>

#include <sudoku/formats.hpp>
#include <sudoku/rater.hpp>
#include <sudoku/se_rating.hpp>
#include <sudoku/solver.hpp>

namespace sudoku {

namespace {

// A VariantSolver for the rules of the puzzles met, made again only when they change.
class VariantSolvers {
public:
    VariantSolver& operator()(const VariantPuzzle& puzzle)
    {
        if (!solver_ || (puzzle.rules != solver_->rules_pointer() &&
                         !(puzzle.rules->variant() == solver_->rules().variant())))
            solver_.emplace(puzzle.rules);
        return *solver_;
    }

private:
    std::optional<VariantSolver> solver_;
};

std::optional<std::string> describe_failure(Status status,
                                            const std::optional<std::string>& conflict)
{
    if (status == Status::conflict)
        return "the givens break the rules: " + conflict.value_or("");
    if (status == Status::no_solution)
        return "has no solution";
    return std::nullopt;
}

// The puzzle of a record without an error.
VariantPuzzle puzzle_of(const PuzzleRecord& record)
{
    return record.variant ? *record.variant : VariantPuzzle::classic(record.grid);
}

// -s: the first solution, in the board format or `format`; a bad puzzle stands in as it was
// (in a format, its givens; a malformed one as its lines, except in an OpenSudoku document,
// which leaves it out, as it does a puzzle that the format cannot hold).
class SolveJob final : public PuzzleJob {
public:
    explicit SolveJob(std::optional<Format> format) : format_(format) {}

    std::optional<std::string> process(const PuzzleRecord& record, std::string& text) override
    {
        if (record.error) {
            if (format_ != Format::opensudoku) {
                for (const auto& line : record.raw_lines)
                    text.append(line).push_back('\n');
            }
            return record.error;
        }
        if (format_)
            return in_format(record, text);
        if (record.variant) {
            const VariantPuzzle& puzzle = *record.variant;
            const auto result = variant_solvers_(puzzle).solve(puzzle);
            const auto problem = describe_failure(result.status, result.conflict);
            text += to_board(*puzzle.rules, problem ? puzzle.digits : result.solution);
            return problem;
        }
        const auto result = solver_.solve(record.grid);
        std::optional<std::string> problem;
        const Grid* shown = &result.solution;
        if (result.status == Status::conflict)
            problem = "the givens break the rules: " + result.conflict->describe();
        else if (result.status == Status::no_solution)
            problem = "has no solution";
        if (problem)
            shown = &record.grid;
        char board[board_bytes];
        text.append(board, format_board(*shown, board));
        return problem;
    }

private:
    std::optional<std::string> in_format(const PuzzleRecord& record, std::string& text)
    {
        VariantPuzzle puzzle = puzzle_of(record);
        const auto result = variant_solvers_(puzzle).solve(puzzle);
        const auto problem = describe_failure(result.status, result.conflict);
        if (!problem) {
            puzzle.digits = result.solution;
            puzzle.candidates.clear();
        }
        try {
            text += write_entry(*format_, puzzle);
        } catch (const FormatError& error) {
            return problem ? problem : std::optional<std::string>(error.what());
        }
        return problem;
    }

    std::optional<Format> format_;
    Solver solver_;
    VariantSolvers variant_solvers_;
};

// --rate: "LEVEL NAME technique:steps ..." and "search" when the techniques were not enough,
// "multiple-solutions" when the puzzle has more than one; a bad puzzle stands in as "- invalid".
// Classic 9x9 puzzles are rated by Rater, everything else (other sizes, rules, pencil marks)
// by rate_variant, with the variants' techniques.
class RateJob final : public PuzzleJob {
public:
    std::optional<std::string> process(const PuzzleRecord& record, std::string& text) override
    {
        std::optional<std::string> problem = record.error;
        if (!problem && record.variant) {
            if (const auto fault = record.variant->rules->find_fault(record.variant->digits))
                problem = "the givens break the rules: " + *fault;
        } else if (!problem) {
            if (const auto conflict = find_conflict(record.grid))
                problem = "the givens break the rules: " + conflict->describe();
        }
        Rating rating;
        VariantRating variant_rating;
        if (!problem && record.variant) {
            variant_rating = rate_variant(*record.variant, variant_solvers_(*record.variant));
            if (variant_rating.solutions == 0)
                problem = "has no solution";
        } else if (!problem) {
            rating = rater_.rate(record.grid);
            if (rating.solutions == 0)
                problem = "has no solution";
        }
        if (problem) {
            text += "- invalid\n";
            return problem;
        }
        if (record.variant)
            write(variant_rating, text);
        else
            write(rating, text);
        return std::nullopt;
    }

private:
    template <typename Technique, typename Rated>
    static void write(const Rated& rating, int techniques, std::string& text)
    {
        text += std::to_string(static_cast<int>(rating.level));
        text.append(" ").append(name(rating.level));
        for (int t = 0; t < techniques; ++t) {
            const auto technique = static_cast<Technique>(t);
            if (rating.uses(technique) > 0)
                text.append(" ")
                    .append(name(technique))
                    .append(":")
                    .append(std::to_string(rating.uses(technique)));
        }
        if (rating.needs_search)
            text += " search";
        if (rating.solutions > 1)
            text += " multiple-solutions";
        text += '\n';
    }
    static void write(const Rating& rating, std::string& text)
    {
        write<Technique>(rating, technique_count, text);
    }
    static void write(const VariantRating& rating, std::string& text)
    {
        write<VariantTechnique>(rating, variant_technique_count, text);
    }

    Rater rater_;
    VariantSolvers variant_solvers_;
};

// --rate --scale se: serate's "ED=ER/EP/ED technique" (se_rating.hpp) for a classic 9x9
// puzzle of givens; a bad one (malformed, givens that break the rules, no solution, other
// rules) stands in as "- invalid". A puzzle with several solutions is rated as serate rates
// it, on the path its techniques take.
class SeRateJob final : public PuzzleJob {
public:
    std::optional<std::string> process(const PuzzleRecord& record, std::string& text) override
    {
        std::optional<std::string> problem = record.error;
        if (!problem && record.variant)
            problem = se_refusal(*record.variant);
        SeVerdict verdict;
        if (!problem) {
            verdict = rate_se(record.grid, solver_);
            problem = verdict.refusal;
        }
        if (problem) {
            text += "- invalid\n";
            return problem;
        }
        text += se_line(verdict.rating);
        text += '\n';
        return std::nullopt;
    }

private:
    Solver solver_;
};

// --count: the number of solutions, "K+" when the count reached the limit K (at least K);
// givens that break the rules have 0. A malformed puzzle stands in as "-".
class CountJob final : public PuzzleJob {
public:
    explicit CountJob(std::uint64_t limit) : limit_(limit) {}
    std::optional<std::string> process(const PuzzleRecord& record, std::string& text) override
    {
        if (record.error) {
            text += "-\n";
            return record.error;
        }
        const std::uint64_t solutions =
            record.variant ? variant_solvers_(*record.variant).count(*record.variant, limit_)
                           : solver_.count(record.grid, limit_);
        text += std::to_string(solutions);
        if (solutions >= limit_)
            text += '+';
        text += '\n';
        return std::nullopt;
    }

private:
    Solver solver_;
    VariantSolvers variant_solvers_;
    std::uint64_t limit_;
};

} // namespace

std::unique_ptr<PuzzleJob> solve_job(std::optional<Format> format)
{
    return std::make_unique<SolveJob>(format);
}

std::unique_ptr<PuzzleJob> rate_job() { return std::make_unique<RateJob>(); }

std::unique_ptr<PuzzleJob> se_rate_job() { return std::make_unique<SeRateJob>(); }

std::unique_ptr<PuzzleJob> count_job(std::uint64_t limit)
{
    return std::make_unique<CountJob>(limit);
}

} // namespace sudoku
