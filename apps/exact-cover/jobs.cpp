#include "exact-cover/jobs.hpp"

#include "common/cli_support.hpp"

#include <dlx/knuth_format.hpp>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <stdexcept>

namespace exact_cover {

dlx::Problem read_problem(const std::string& file)
{
    return file == "-" ? dlx::read_knuth(std::cin, "stdin") : dlx::read_knuth_file(file);
}

std::ifstream open_input(const std::string& path)
{
    std::error_code error;
    if (std::filesystem::is_directory(path, error))
        throw std::runtime_error(path + ": cannot read: it is a directory");
    std::ifstream in(path);
    if (!in)
        throw std::runtime_error(path + ": cannot open: " + std::strerror(errno));
    return in;
}

dlx::Split read_job_file(const std::string& path)
{
    if (path == "-")
        return dlx::read_split(std::cin, "stdin");
    std::ifstream in = open_input(path);
    dlx::Split split = dlx::read_split(in, path);
    if (in.bad())
        throw std::runtime_error(path + ": cannot read");
    return split;
}

void check_problem(const dlx::Split& split, const std::string& jobs_file,
                   const dlx::Problem& problem, const std::string& problem_file)
{
    const std::string digest = dlx::problem_digest(problem);
    if (digest != split.problem_digest)
        throw std::runtime_error(jobs_file + ": its jobs are not of the problem in " +
                                 (problem_file == "-" ? "stdin" : problem_file) + " (digest " +
                                 split.problem_digest + ", not " + digest + ")");
}

dlx::Method parse_method(const std::string& text)
{
    if (text == "links")
        return dlx::Method::links;
    if (text == "cells")
        return dlx::Method::cells;
    throw cli::UsageError("--method takes 'links' or 'cells', not '" + text + "'");
}

void check_method(const dlx::Problem& problem, dlx::Method method, const std::string& file)
{
    if (method == dlx::Method::cells && problem.has_multiplicities())
        throw std::runtime_error(file + ": --method cells does not take multiplicities "
                                        "(Algorithm M); use --method links");
}

std::pair<std::uint64_t, std::uint64_t> parse_job_range(const std::string& text, std::uint64_t jobs)
{
    if (jobs == 0)
        throw cli::UsageError("--job " + text +
                              ": the job file has no jobs (the top of the tree "
                              "holds the whole count: run --merge with no results)");
    const auto dash = text.find('-');
    if (dash == std::string::npos) {
        const auto job = cli::parse_number(text, "--job", 1, jobs);
        return {job, job};
    }
    const auto first = cli::parse_number(text.substr(0, dash), "--job", 1, jobs);
    const auto last = cli::parse_number(text.substr(dash + 1), "--job", first, jobs);
    return {first, last};
}

dlx::JobResult run_job(dlx::Solver& solver, const dlx::Split& split, const std::string& digest,
                       std::uint64_t job, const dlx::MemoOptions* memo)
{
    const auto start = std::chrono::steady_clock::now();
    dlx::JobResult result;
    result.job = job;
    result.digest = digest;
    if (memo != nullptr) {
        const dlx::MemoStats stats = dlx::count_job_memo(solver, split, job, *memo);
        result.solutions = stats.solutions;
        result.nodes = stats.nodes;
        result.updates = stats.updates;
        result.memo = true;
    } else {
        const dlx::SearchStats stats = dlx::count_job(solver, split, job);
        result.solutions = stats.solutions;
        result.nodes = stats.nodes;
        result.updates = stats.updates;
    }
    const std::chrono::duration<double> seconds = std::chrono::steady_clock::now() - start;
    result.seconds = seconds.count();
    return result;
}

std::optional<dlx::MemoOptions> memo_options(const cli::Arguments& args, bool method_is_engine)
{
    const bool leftmost = args.given("leftmost"), memory = args.given("memory");
    if (!args.given("memo")) {
        if (leftmost || memory)
            throw cli::UsageError(std::string(leftmost ? "--leftmost" : "--memory") +
                                  " goes with --memo");
        return std::nullopt;
    }
    dlx::MemoOptions options;
    options.leftmost = leftmost;
    if (memory)
        options.memory = cli::parse_size(args.text("memory"), "--memory");
    if (method_is_engine && args.given("method")) {
        const std::string method = args.text("method");
        if (method == "links")
            options.engine = dlx::MemoEngine::links;
        else if (method == "sets")
            options.engine = dlx::MemoEngine::sets;
        else
            throw cli::UsageError("with --memo, --method takes 'links' or 'sets' (how the count "
                                  "keeps the options), not '" +
                                  method + "'");
    }
    return options;
}

void check_memo(const dlx::Problem& problem, const std::string& problem_file,
                dlx::MemoEngine engine, const dlx::Split* split, const std::string& jobs_file)
{
    const std::string name = problem_file == "-" ? std::string("stdin") : problem_file;
    if (problem.has_multiplicities())
        throw std::runtime_error(name + ": --memo does not take multiplicities (Knuth's DLX6 has "
                                        "none either)");
    if (engine == dlx::MemoEngine::sets &&
        (problem.primary_count() != problem.item_count() || problem.primary_count() > 256))
        throw std::runtime_error(name +
                                 ": --memo --method sets takes primary items only, at "
                                 "most 256 (this problem has " +
                                 std::to_string(problem.item_count() - problem.primary_count()) +
                                 " secondary items and " + std::to_string(problem.primary_count()) +
                                 " primary)");
    if (split != nullptr && split->method != dlx::Method::links)
        throw std::runtime_error(jobs_file +
                                 ": its jobs are for --method cells; --memo dances links (split "
                                 "again with --method links)");
}

std::string counted(const std::string& number, std::string_view words)
{
    std::string text = number + ' ';
    if (number != "1")
        return text.append(words);
    // One: the first word that ends in 's' loses it ("search nodes": "search node").
    for (std::size_t start = 0; start < words.size();) {
        std::size_t end = words.find(' ', start);
        if (end == std::string_view::npos)
            end = words.size();
        if (end > start && words[end - 1] == 's')
            return text.append(words.substr(0, end - 1)).append(words.substr(end));
        start = end + 1;
    }
    return text.append(words);
}

std::string stats_line(const std::string& solutions, const std::string& nodes,
                       const std::string& updates, double seconds, dlx::Stop stopped,
                       const char* nodes_word, const char* updates_word)
{
    char time[32];
    std::snprintf(time, sizeof time, "%.3f s", seconds);
    const char* ending = "";
    switch (stopped) {
    case dlx::Stop::none: break;
    case dlx::Stop::solution_limit:
    case dlx::Stop::visitor: ending = " (stopped early)"; break;
    case dlx::Stop::node_limit: ending = " (stopped at the node limit)"; break;
    case dlx::Stop::time_limit: ending = " (stopped at the time limit)"; break;
    case dlx::Stop::cancelled: ending = " (interrupted)"; break;
    }
    return counted(solutions, "solutions") + ", " + counted(nodes, nodes_word) + ", " +
           counted(updates, updates_word) + ", " + time + ending;
}

bool unfinished(dlx::Stop stopped) noexcept
{
    return stopped == dlx::Stop::node_limit || stopped == dlx::Stop::time_limit ||
           stopped == dlx::Stop::cancelled;
}

void add_result_files(dlx::Merge& merge, const std::vector<std::string>& files)
{
    for (const std::string& file : files) {
        if (file == "-") {
            merge.add_results(std::cin, "stdin");
            continue;
        }
        std::ifstream in = open_input(file);
        merge.add_results(in, file);
    }
}

void require_complete(const dlx::Merge& merge, const std::string& jobs_file)
{
    const std::vector<std::uint64_t> missing = merge.missing();
    if (missing.empty())
        return;
    throw std::runtime_error(jobs_file + ": no result for " + std::to_string(missing.size()) +
                             (missing.size() == 1 ? " job: " : " jobs: ") +
                             dlx::format_job_ranges(missing) +
                             " (run them with --job, then merge again with their results)");
}

} // namespace exact_cover
