// A file of puzzles on several threads, answers in input order. See puzzle_pipeline.hpp.
#include <sudoku/puzzle_pipeline.hpp>

#include "in_order.hpp"

#include <limits>
#include <memory>
#include <vector>

namespace sudoku {

namespace {

struct Batch {
    std::vector<PuzzleRecord> records;
    std::string text;                  // the outputs of the batch's puzzles
    std::vector<std::string> problems; // one description per bad puzzle, in order
};

} // namespace

PipelineResult process_puzzles(PuzzleReader& reader,
                               const std::function<std::unique_ptr<PuzzleJob>()>& new_job,
                               const std::function<void(std::string_view, std::uint64_t)>& write,
                               const std::function<void(const std::string&)>& report,
                               const PipelineOptions& options)
{
    const unsigned threads = options.threads == 0 ? 1 : options.threads;
    const std::size_t batch_size = options.batch_size == 0 ? 1 : options.batch_size;
    PipelineResult result;
    bool written = false; // some output has been written
    const auto read = [&](std::uint64_t, Batch& batch) {
        batch.records.resize(batch_size);
        std::size_t filled = 0;
        while (filled < batch_size && reader.next(batch.records[filled]))
            ++filled;
        batch.records.resize(filled);
        return filled > 0;
    };
    const auto make = [&](std::unique_ptr<PuzzleJob>& job, std::uint64_t number, Batch& batch) {
        batch.text.clear();
        batch.problems.clear();
        batch.text.reserve(batch.records.size() * (board_bytes + options.separator.size()));
        for (const PuzzleRecord& record : batch.records) {
            // A separator before each output but the first; a puzzle that writes nothing (a
            // format that cannot hold it) takes none. The first batch to write may still
            // start with one when the batches before it wrote nothing: take() drops it.
            const std::size_t before = batch.text.size();
            if (number > 0 || before > 0)
                batch.text += options.separator;
            const std::size_t start = batch.text.size();
            const auto problem = job->process(record, batch.text);
            if (batch.text.size() == start)
                batch.text.resize(before);
            if (problem) {
                batch.problems.push_back(describe(record, reader.file_name(), *problem));
                if (!options.keep_going)
                    return; // the run ends here: the rest of the batch is never written
            }
        }
    };
    const auto take = [&](Batch& batch) {
        for (const std::string& problem : batch.problems) {
            ++result.problems;
            if (!options.keep_going) {
                result.failure = problem;
                return false;
            }
            report(problem);
        }
        result.puzzles += batch.records.size();
        std::string_view text = batch.text;
        if (!written && text.starts_with(options.separator))
            text.remove_prefix(options.separator.size());
        written = written || !text.empty();
        write(text, result.puzzles);
        return true;
    };
    constexpr std::uint64_t until_the_input_ends = std::numeric_limits<std::uint64_t>::max();
    detail::in_order<Batch>(threads, 2 * static_cast<std::size_t>(threads) + 2, 0,
                            until_the_input_ends, new_job, read, make, take);
    return result;
}

} // namespace sudoku
