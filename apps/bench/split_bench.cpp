// How well dlx::split cuts a search: for each way of weighing subtrees, the jobs made, the time
// the cut took, and (after counting every job, one thread) the largest job's part of all the
// jobs' updates, the largest over the mean, and how far a dynamic schedule of the jobs, heaviest
// first, would be from perfect on W workers. Also writes "job seconds" lines, one per job
// counted, to a file for the scale-out simulation (apps/bench/scale_out_simulate.py). With
// --sample N only N jobs drawn at random are counted (for a tree that takes hours): the file
// then holds those, and the table's figures are the sample's.
//
//   split-bench FILE K [SAMPLES...] [--seconds OUT] [--sample N]
//   (SAMPLES: random paths per subtree, 0 = shares; default 0 16 64)
#include <dlx/dlx.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <numeric>
#include <queue>
#include <string>
#include <vector>

namespace {

double seconds_since(std::chrono::steady_clock::time_point start)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// The time W workers take when each takes the next job as it becomes free (greedy list
// scheduling in job order), over the time if the work were shared perfectly.
double schedule_ratio(const std::vector<double>& seconds, std::size_t workers)
{
    std::priority_queue<double, std::vector<double>, std::greater<>> free_at;
    for (std::size_t w = 0; w < workers; ++w)
        free_at.push(0);
    double end = 0;
    for (const double s : seconds) {
        const double start = free_at.top();
        free_at.pop();
        free_at.push(start + s);
        end = std::max(end, start + s);
    }
    const double total = std::accumulate(seconds.begin(), seconds.end(), 0.0);
    return total > 0 ? end / (total / static_cast<double>(workers)) : 1;
}

} // namespace

int main(int argc, char** argv)
{
    if (argc < 3) {
        std::cerr << "usage: split-bench FILE K [SAMPLES...] [--seconds OUT]\n";
        return 2;
    }
    const dlx::Problem problem = dlx::read_knuth_file(argv[1]);
    const auto jobs = static_cast<std::size_t>(std::atol(argv[2]));
    std::vector<std::uint64_t> samples;
    std::string seconds_file;
    std::size_t sample = 0;
    for (int a = 3; a < argc; ++a) {
        if (std::string(argv[a]) == "--seconds" && a + 1 < argc)
            seconds_file = argv[++a];
        else if (std::string(argv[a]) == "--sample" && a + 1 < argc)
            sample = static_cast<std::size_t>(std::atol(argv[++a]));
        else
            samples.push_back(std::strtoull(argv[a], nullptr, 10));
    }
    if (samples.empty())
        samples = {0, 16, 64};
    std::printf("%-8s %7s %9s %9s %12s %8s %8s %8s\n", "weights", "jobs", "cut (s)", "jobs (s)",
                "largest (%)", "max/mean", "W=2", "W=64");
    dlx::Solver solver(problem);
    // The unsplit count's time, the yardstick of every speedup (not with --sample: the tree
    // is one that takes hours).
    double serial = 0;
    if (sample == 0) {
        const auto start = std::chrono::steady_clock::now();
        (void)solver.count();
        serial = seconds_since(start);
        std::printf("unsplit count: %.3f s\n", serial);
    }
    for (const std::uint64_t n : samples) {
        dlx::SplitOptions options;
        options.samples = n;
        auto start = std::chrono::steady_clock::now();
        const dlx::Split split = dlx::split(problem, jobs, options);
        const double cut = seconds_since(start);
        // The jobs to count: all, or a random sample (in job order).
        std::vector<std::size_t> counted(split.jobs.size());
        std::iota(counted.begin(), counted.end(), std::size_t{1});
        if (sample > 0 && sample < counted.size()) {
            dlx::Random random(1);
            random.shuffle(counted.begin(), counted.end());
            counted.resize(sample);
            std::sort(counted.begin(), counted.end());
        }
        std::vector<double> updates, seconds;
        start = std::chrono::steady_clock::now();
        for (const std::size_t job : counted) {
            const auto job_start = std::chrono::steady_clock::now();
            updates.push_back(static_cast<double>(dlx::count_job(solver, split, job).updates));
            seconds.push_back(seconds_since(job_start));
        }
        const double run = seconds_since(start);
        const double total = std::accumulate(updates.begin(), updates.end(), 0.0);
        const double largest = *std::max_element(updates.begin(), updates.end());
        const std::string name = n == 0 ? "shares" : std::to_string(n) + " paths";
        std::printf("%-8s %7zu %9.3f %9.3f %12.2f %8.1f %8.3f %8.3f\n", name.c_str(),
                    split.jobs.size(), cut, run, 100 * largest / total,
                    largest / (total / static_cast<double>(updates.size())),
                    schedule_ratio(seconds, 2), schedule_ratio(seconds, 64));
        if (!seconds_file.empty() && n == samples.front()) {
            std::ofstream out(seconds_file);
            out << "# " << argv[1] << ", " << split.jobs.size() << " jobs; job seconds\n";
            if (serial > 0)
                out << "# serial " << serial << '\n';
            for (std::size_t i = 0; i < counted.size(); ++i)
                out << counted[i] << ' ' << seconds[i] << '\n';
        }
    }
}
