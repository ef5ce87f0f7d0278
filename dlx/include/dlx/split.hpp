// Sharing one search out over many machines: the top of the search tree is cut into jobs, each
// the subtree below a path from the root; the jobs run anywhere (threads, processes, MPI ranks,
// a batch system's array tasks), each from the problem alone; their results merge into exactly
// the counts of one unsplit search (solutions, nodes and updates).
//
//                 root                 <- the top (root and o, the nodes cut): counted once,
//               /  |   \_                 by the split itself (Split::top)
//            /0   /1    \2
//          [1]   [2]     o             <- a job is the subtree below a path: /0, /1, /2/0, /2/1
//                       / \_
//                     [3] [4]
//
// A path names the branch taken at each level (0: the first option of the chosen item, and
// so on; under Algorithm M the last branch is "no further option"). The item at each level is
// the one the search chooses, so a path is replayed from the problem and the item choice alone.
//
// The text formats (the job file and a job's result line) are written and read here too, so
// that every program that runs jobs (exact-cover, exact-cover-mpi, the Python module) agrees
// on them; docs/cli.md section 4 describes them for people.
#pragma once

#include <dlx/big_count.hpp>
#include <dlx/memo.hpp>
#include <dlx/problem.hpp>
#include <dlx/solver.hpp>

#include <atomic>
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace dlx {

/// How split() cuts the tree.
struct SplitOptions {
    /// The item choice of the search that the jobs will run (part of every path's meaning).
    ItemChoice choice = ItemChoice::fewest;
    /// The search method of the jobs (part of every path's meaning too). With Method::cells a
    /// path is replayed from the root, and a branch is the place of its option in the chosen
    /// item's set there; a branch whose option leaves some item without options is no node
    /// and no job (dancing cells count none). The merged solutions are exact; the nodes and
    /// updates are those of the jobs' subtrees each searched from its replayed path, fixed by
    /// the split (whoever runs the jobs, in any order), but not one unsplit search's
    /// (docs/engine.md section 12). Throws ArgumentError for a problem with multiplicities.
    Method method = Method::links;
    /// How to weigh a subtree, which decides what to cut deeper. 0 (the default): by its share
    /// of the tree, Knuth's measure (1 / the product of the branching degrees above it: the
    /// size it would have if every subtree at each level were alike). N > 0: by Knuth's
    /// estimate from N random paths below it (Solver::estimate). Measured on pento6x10 cut into
    /// 1,000 or more jobs: by shares the largest job held 0.6% of the work and the cut took 0.02 s;
    /// by 16 paths each, 2.9% and 0.8 s, since a few paths miss the rare deep branches that make a
    /// subtree heavy (docs/scale-out.md).
    std::uint64_t samples = 0;
    /// Seeds those paths: the same seed gives the same split.
    std::uint64_t seed = 0;
    /// No job is left estimated above `balance` times the mean size that the requested number
    /// of jobs would have, unless that takes more than `most_jobs_factor` times as many jobs
    /// (the last cut may pass that number by one node's branches) or as many cuts.
    double balance = 2.0;
    std::size_t most_jobs_factor = 4;
    /// When not null, looked at before each cut and by the estimates that weigh subtrees; once
    /// it reads true, split() ends by throwing dlx::Cancelled (a split cut short is no split).
    const std::atomic<bool>* cancel = nullptr;
};

/// One job: the subtree below `path`.
struct Job {
    /// The branch taken at each level from the root (empty: the whole tree).
    std::vector<std::uint32_t> path;
    /// Its estimated part of the work of all jobs (updates, or the share without estimates);
    /// the jobs' weights add up to 1.
    double weight = 0;
    friend bool operator==(const Job&, const Job&) = default;
};

/// The top of the tree cut into jobs.
struct Split {
    /// problem_digest() of the problem.
    std::string problem_digest;
    ItemChoice choice = ItemChoice::fewest;
    Method method = Method::links;
    /// The nodes above the jobs, as one search counts them: nodes, updates, and solutions found
    /// there (a solution above the jobs' depth).
    SearchStats top;
    /// Heaviest first (as a dynamic schedule wants them); job number k is jobs[k - 1].
    std::vector<Job> jobs;

    /// Names the split (the problem, the item choice and method, the top and every path): every
    /// result carries it, so that results of another problem or another split are refused.
    [[nodiscard]] std::string digest() const;
    friend bool operator==(const Split&, const Split&) = default;
};

/// Cuts the tree of `problem` into at least `jobs` jobs: the heaviest subtree, by its weight, is
/// cut at its root until there are enough and no job is much heavier than the rest
/// (SplitOptions::balance). A tree with too few leaves gives fewer jobs, none at all when the
/// cuts reach every leaf (the top then holds the whole count). Deterministic for given options.
[[nodiscard]] Split split(const Problem& problem, std::size_t jobs,
                          const SplitOptions& options = {});

/// Counts job `job` of `split` on `solver` (whose problem the split was made for, with no
/// options forced): the solutions, nodes and updates of its subtree exactly as the whole search
/// counts them there (options.choice and options.method are taken from the split; no seed, no
/// tracer). Throws ArgumentError when the path is not a path of this problem's tree.
[[nodiscard]] SearchStats count_job(Solver& solver, const Split& split, std::size_t job,
                                    SearchOptions options = {});

/// Counts job `job` of `split` with memory (Solver::count_memo_below(), memo.hpp): the same
/// solutions as count_job(), exact however many, with DLX6's figures for the subtree's count
/// (its search nodes, not Algorithm X's). The split must be one for Method::links. Throws
/// ArgumentError as count_job() does, and for a split for dancing cells or a problem with
/// multiplicities.
[[nodiscard]] MemoStats count_job_memo(Solver& solver, const Split& split, std::size_t job,
                                       const MemoOptions& options = {});

/// A 32-digit hexadecimal name of `problem`'s content (items, their kinds and bounds, options,
/// colours), independent of comments and spacing in the file it came from.
[[nodiscard]] std::string problem_digest(const Problem& problem);

/// Writes `split` as a job file: comments naming `problem_name`, then one line per fact and one
/// per job. read_split() of the output gives back an equal Split.
void write_split(std::ostream& out, const Split& split, std::string_view problem_name);

/// Reads a job file. Throws ParseError ("file:line:column: message") for anything that is not
/// a job file as write_split() writes it, including one edited so that its digest no longer
/// matches.
[[nodiscard]] Split read_split(std::istream& in, std::string_view file_name);

/// What running one job found: one JSON object on one line, e.g.
/// {"job":3,"solutions":"9356","nodes":1034,"updates":27314,"seconds":0.0042,"digest":"..."}
/// (solutions as a decimal string, since totals can pass 2^64 and JSON readers lose
/// precision beyond 2^53).
/// A job counted with memory (count_job_memo()) says so: "memo":true after "updates", its
/// nodes then DLX6's search nodes.
struct JobResult {
    std::uint64_t job = 0; ///< 1-based job number
    BigCount solutions;
    std::uint64_t nodes = 0, updates = 0;
    double seconds = 0;
    std::string digest; ///< Split::digest() of the split the job came from
    bool memo = false;  ///< counted with memory
    friend bool operator==(const JobResult&, const JobResult&) = default;
};

/// The JSON line of `result`, without the newline.
[[nodiscard]] std::string format_result(const JobResult& result);
/// Reads one result line. Throws ArgumentError saying what is wrong.
[[nodiscard]] JobResult parse_result(std::string_view line);

/// Sums job results into the totals of the unsplit search.
class Merge {
public:
    explicit Merge(const Split& split);
    /// Adds one result. Throws ArgumentError for a result of another split (digest), a
    /// job number out of range (0 included), a second result for a job that disagrees with the
    /// first (an identical one, from a job run twice, is ignored), or results counted with
    /// memory and without mixed (their nodes are not the same measure).
    void add(const JobResult& result);
    /// Adds every result line of `in` (blank lines skipped). Throws ParseError naming the file
    /// and line for a line add() or parse_result() refuses.
    void add_results(std::istream& in, std::string_view file_name);

    /// The jobs with no result yet, in increasing order.
    [[nodiscard]] std::vector<std::uint64_t> missing() const;
    /// Totals of the top and every job added, and the jobs' seconds.
    [[nodiscard]] BigCount solutions() const noexcept { return solutions_; }
    [[nodiscard]] BigCount nodes() const noexcept { return nodes_; }
    [[nodiscard]] BigCount updates() const noexcept { return updates_; }
    [[nodiscard]] double seconds() const noexcept { return seconds_; }
    /// Whether the results added were counted with memory (their nodes are DLX6's search
    /// nodes, added to the nodes of the split's top).
    [[nodiscard]] bool memo() const noexcept { return memo_.value_or(false); }

private:
    std::string digest_;
    std::vector<JobResult> results_; // by job number - 1; job 0 where none yet
    BigCount solutions_, nodes_, updates_;
    double seconds_ = 0;
    std::optional<bool> memo_; // none until a result is added
};

/// "1-3, 7, 10-12": job numbers (increasing) as ranges, for messages.
[[nodiscard]] std::string format_job_ranges(const std::vector<std::uint64_t>& jobs);

} // namespace dlx
