// A file of puzzles worked through on several threads, the answers written in input order: the
// reading, the threads and the order of sudoku-cli's -s, --rate and --count, apart from what
// becomes of each puzzle (a PuzzleJob).
//
//   PuzzleReader ──► batch 0 │ batch 1 │ batch 2 │ ...   read in turn, as a thread claims one
//                       │         │         │
//                     job       job       job            one PuzzleJob per thread, the
//                       │         │         │            caller's thread included
//                       ▼         ▼         ▼
//   write(text) ◄── batch 0, then 1, then 2, ...         on the caller's thread, in order;
//                                                        report(problem) before its batch
//
// At most 2 * threads + 2 batches are read and not yet written, so memory does not grow with
// the input. The output is the same, byte for byte, for any number of threads.
#pragma once

#include <sudoku/formats.hpp>
#include <sudoku/text_format.hpp>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace sudoku {

/// What becomes of each puzzle. Each thread has its own, so a job may keep a Solver or a Rater.
class PuzzleJob {
public:
    virtual ~PuzzleJob() = default;
    /// Appends the output for `record` to `text`. Returns what is wrong with the puzzle, if
    /// anything (its text then holds what stands in the puzzle's place when the run goes on).
    virtual std::optional<std::string> process(const PuzzleRecord& record, std::string& text) = 0;
};

/// What sudoku-cli -s writes for each puzzle (docs/cli.md sections 3.3 and 3.4): its first
/// solution in the board format; a bad puzzle (malformed, givens that break the rules, no solution)
/// stands in as it was, and is reported. With a `format` (--format), the solution is
/// write_entry()'s text in it (formats.hpp; the caller writes layout_of()'s beginning, end and
/// separator); a puzzle with givens that break the rules or no solution stands in as its
/// givens, a malformed one as its lines (left out of an OpenSudoku document); a puzzle that the
/// format cannot hold is reported ("the .ss format holds classic 9x9 puzzles only, not 16x16") and
/// left out.
[[nodiscard]] std::unique_ptr<PuzzleJob> solve_job(std::optional<Format> format = std::nullopt);
/// What sudoku-cli --rate writes (section 2.4): "LEVEL NAME technique:steps ...", then "search"
/// when the techniques were not enough and "multiple-solutions" when there is more than one; a
/// bad puzzle stands in as "- invalid".
[[nodiscard]] std::unique_ptr<PuzzleJob> rate_job();
/// What sudoku-cli --rate --scale se writes (section 2.4): Sudoku Explainer's rating in
/// serate's layout, "ED=ER/EP/ED TECHNIQUE" (se_rating.hpp); classic 9x9 puzzles of givens
/// only, anything else (and malformed puzzles, givens that break the rules, no solution) a bad
/// puzzle that stands in as "- invalid".
[[nodiscard]] std::unique_ptr<PuzzleJob> se_rate_job();
/// What sudoku-cli --count writes (section 2.5): the number of solutions, "K+" when it reached
/// `limit` K; 0 for givens that break the rules; "-" for a malformed puzzle.
[[nodiscard]] std::unique_ptr<PuzzleJob> count_job(std::uint64_t limit);

struct PipelineOptions {
    unsigned threads = 1;          ///< threads that process puzzles, the caller's included (0: 1)
    bool keep_going = false;       ///< go on past bad puzzles (else the first one ends the run)
    std::string separator;         ///< written between the outputs of two puzzles
    std::size_t batch_size = 2048; ///< puzzles per batch
};

struct PipelineResult {
    std::uint64_t puzzles = 0;  ///< puzzles whose output was written
    std::uint64_t problems = 0; ///< bad puzzles reported
    /// Without keep_going: the first bad puzzle, which ended the run. Its batch and everything
    /// after it were not written.
    std::optional<std::string> failure;
};

/// Works through every puzzle of `reader`: each batch is processed by the job of one thread
/// (`new_job()` makes one per thread), then handed to `write(text, puzzles so far)` on the
/// caller's thread, in input order. A bad puzzle is described as "FILE:LINE: puzzle N: what";
/// with keep_going each goes to `report` (before its batch's text), otherwise the first ends the
/// run (PipelineResult::failure). An exception from the reader, a job, `write` or `report` is
/// rethrown on the caller's thread once every thread has stopped.
PipelineResult process_puzzles(PuzzleReader& reader,
                               const std::function<std::unique_ptr<PuzzleJob>()>& new_job,
                               const std::function<void(std::string_view, std::uint64_t)>& write,
                               const std::function<void(const std::string&)>& report,
                               const PipelineOptions& options);

} // namespace sudoku
