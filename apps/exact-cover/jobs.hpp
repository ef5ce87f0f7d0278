// What exact-cover and exact-cover-mpi share to run a search as jobs (docs/cli.md section 4.5):
// reading the job file and checking it against the problem, running a range of jobs with a
// result line each, and merging result files into the summary of one unsplit search.
#pragma once

#include <dlx/memo.hpp>
#include <dlx/split.hpp>

#include <cstdint>
#include <fstream>
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace cli {
class Arguments;
}

namespace exact_cover {

/// Opens `path` for reading; throws "path: cannot open: reason" (or "...: it is a directory").
[[nodiscard]] std::ifstream open_input(const std::string& path);

/// Reads the problem in FILE ("-": standard input, named "stdin" in messages).
[[nodiscard]] dlx::Problem read_problem(const std::string& file);

/// Reads the job file at `path`; throws with "path: ..." or "path:line: ..." on a fault.
[[nodiscard]] dlx::Split read_job_file(const std::string& path);

/// Throws unless `problem` (read from `problem_file`) is the problem `split` was made for.
void check_problem(const dlx::Split& split, const std::string& jobs_file,
                   const dlx::Problem& problem, const std::string& problem_file);

/// The --method option's word, "links" or "cells"; throws cli::UsageError for another.
[[nodiscard]] dlx::Method parse_method(const std::string& text);

/// Throws "file: --method cells does not take multiplicities ..." when `method` cannot search
/// `problem` (read from `file`).
void check_method(const dlx::Problem& problem, dlx::Method method, const std::string& file);

/// "I" or "I-J" (1 <= I <= J <= jobs) as a range of job numbers; throws cli::UsageError.
[[nodiscard]] std::pair<std::uint64_t, std::uint64_t> parse_job_range(const std::string& text,
                                                                      std::uint64_t jobs);

/// Runs job `job` of `split` on `solver` and returns its result line's content, timed;
/// `digest` is split.digest() (a pass over every job: computed once by the caller). With
/// `memo`, counts it with memory (dlx::count_job_memo()).
[[nodiscard]] dlx::JobResult run_job(dlx::Solver& solver, const dlx::Split& split,
                                     const std::string& digest, std::uint64_t job,
                                     const dlx::MemoOptions* memo = nullptr);

/// --memo, --leftmost and --memory as both programs take them: the options of a count with
/// memory when --memo is given, else none; throws cli::UsageError for --leftmost or --memory
/// without --memo, or a size that --memory does not take. With `method_is_engine`, --method
/// says how the count keeps the options: 'links' or 'sets' (dlx::MemoEngine).
[[nodiscard]] std::optional<dlx::MemoOptions> memo_options(const cli::Arguments& args,
                                                           bool method_is_engine);

/// Throws "FILE: --memo does not take multiplicities ..." for such a problem (read from
/// `problem_file`), and for `engine` sets unless it has primary items only, at most 256; with
/// a job file, also unless its jobs are for dancing links.
void check_memo(const dlx::Problem& problem, const std::string& problem_file,
                dlx::MemoEngine engine, const dlx::Split* split = nullptr,
                const std::string& jobs_file = {});

/// "N words", in the singular when N is 1: its first word that ends in 's' loses it ("1 search
/// node", "1 option set aside").
[[nodiscard]] std::string counted(const std::string& number, std::string_view words);

/// The summary line that --stats prints: "S solutions, N nodes, U updates, T.TTT s", then
/// what stopped the search early, if anything: " (stopped early)" for the solution limit,
/// " (stopped at the node limit)", " (stopped at the time limit)", " (interrupted)".
[[nodiscard]] std::string stats_line(const std::string& solutions, const std::string& nodes,
                                     const std::string& updates, double seconds,
                                     dlx::Stop stopped = dlx::Stop::none,
                                     const char* nodes_word = "nodes",
                                     const char* updates_word = "updates");

/// Whether a count that `stopped` is a lower bound, to be printed with '+' (a limit on nodes
/// or time, or an interruption, ended it; not the solution limit asked for).
[[nodiscard]] bool unfinished(dlx::Stop stopped) noexcept;

/// Adds every result file (each a path, or "-" for standard input) to `merge`.
void add_result_files(dlx::Merge& merge, const std::vector<std::string>& files);

/// Throws, naming the jobs, when `merge` lacks a result for some job of `jobs_file`.
void require_complete(const dlx::Merge& merge, const std::string& jobs_file);

} // namespace exact_cover
