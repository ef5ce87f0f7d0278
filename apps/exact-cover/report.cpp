// The progress line and the estimate's lines. See report.hpp.
#include "exact-cover/report.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <ostream>
#include <stdexcept>

namespace exact_cover {

int finish_output()
{
    std::cout.flush();
    if (!std::cout)
        throw std::runtime_error("cannot write to standard output");
    return 0;
}

double update_rate(const dlx::Problem& problem, dlx::Method method, double seconds)
{
    dlx::Solver solver(problem);
    dlx::SearchOptions options;
    options.method = method;
    for (options.node_limit = 1000;; options.node_limit *= 4) {
        const auto start = std::chrono::steady_clock::now();
        const auto stats = solver.count(options);
        const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
        if (took.count() >= seconds || stats.complete || options.node_limit > dlx::no_limit / 8)
            return static_cast<double>(stats.updates) / std::max(took.count(), 1e-9);
    }
}

std::string describe(const dlx::SearchProgress& progress, double seconds)
{
    const auto per_second = static_cast<double>(progress.nodes) / std::max(seconds, 1e-9);
    char text[160];
    if (std::isnan(progress.fraction_done)) {
        std::snprintf(text, sizeof text, "%llu solutions, %.3gM nodes/s",
                      static_cast<unsigned long long>(progress.solutions), per_second / 1e6);
    } else {
        const double done = progress.fraction_done;
        const double left = done > 0 ? seconds * (1 - done) / done : 0;
        std::snprintf(text, sizeof text,
                      "%.1f%% of the tree, %llu solutions, %.3gM nodes/s, about %.0f s left",
                      100 * done, static_cast<unsigned long long>(progress.solutions),
                      per_second / 1e6, left);
    }
    return text;
}

void print_estimate(std::ostream& out, const dlx::TreeEstimate& tree, double took,
                    const dlx::Problem& problem, dlx::Method method)
{
    const double rate = took >= 0.01 && tree.updates_made > 0
                            ? static_cast<double>(tree.updates_made) / took
                            : update_rate(problem, method, 0.02);
    const auto line = [&](const char* name, double value, double error) {
        char text[96];
        std::snprintf(text, sizeof text, "%s %.6g %.6g\n", name, value, error);
        out << text;
    };
    line("nodes", tree.nodes.value, tree.nodes.standard_error);
    line("updates", tree.updates.value, tree.updates.standard_error);
    line("solutions", tree.solutions.value, tree.solutions.standard_error);
    line("seconds", rate > 0 ? tree.updates.value / rate : 0,
         rate > 0 ? tree.updates.standard_error / rate : 0);
}

} // namespace exact_cover
