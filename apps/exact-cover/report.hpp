// What exact-cover and polyform both say about a search: the progress line, and the tree
// estimate with its time on this machine (docs/cli.md, sections 4.2 and 8.2).
#pragma once

#include <dlx/solver.hpp>

#include <iosfwd>
#include <string>

namespace exact_cover {

/// Flushes standard output and returns 0; throws "cannot write to standard output" when it
/// failed (a full disk, a closed pipe).
int finish_output();

/// "12.3% of the tree, 4093 solutions, 1.21M nodes/s, about 40 s left": where a search stands
/// after `seconds` (without the part done where the search cannot tell it).
[[nodiscard]] std::string describe(const dlx::SearchProgress& progress, double seconds);

/// This machine's speed for the search of `problem`, in updates a second, from a real search of
/// at least `seconds` (or the whole search, if it is shorter).
[[nodiscard]] double update_rate(const dlx::Problem& problem, dlx::Method method, double seconds);

/// --estimate's four lines, "name estimate standard-error", for nodes, updates, solutions and
/// seconds, of `tree`, whose sampling took `took` seconds on `problem`. The seconds divide the
/// updates by this machine's rate: the rate at which the sampling made its own updates (the
/// same dance steps as the search), or, when it took under 10 ms, that of a real search of
/// 20 ms.
void print_estimate(std::ostream& out, const dlx::TreeEstimate& tree, double took,
                    const dlx::Problem& problem, dlx::Method method);

} // namespace exact_cover
