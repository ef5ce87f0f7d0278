// Solver: the public face of the links, and the one-call helpers.
#include <dlx/solver.hpp>

#include "cells.hpp"
#include "links.hpp"

#include <stdexcept>
#include <utility>

namespace dlx {

SearchStats& SearchStats::operator+=(const SearchStats& other) noexcept
{
    solutions += other.solutions;
    nodes += other.nodes;
    updates += other.updates;
    max_level = std::max(max_level, other.max_level);
    complete = complete && other.complete;
    if (stopped == Stop::none)
        stopped = other.stopped;
    return *this;
}

void Tracer::choose(std::size_t, ItemId, std::size_t) {}
void Tracer::try_option(std::size_t, std::optional<OptionId>) {}
void Tracer::backtrack(std::size_t, ItemId) {}
void Tracer::solution(std::span<const OptionId>) {}

Solver::Solver(const Problem& problem) : links_(std::make_unique<detail::Links>(problem)) {}
Solver::~Solver() = default;
// A move takes the links, open levels and all, but ends a paused Solutions on either side: it
// holds the Solver it was started on, which has no links left (or other links).
Solver::Solver(Solver&& other) noexcept
    : links_(std::move(other.links_)), cells_(std::move(other.cells_))
{
    other.paused_by_ = 0;
}

Solver& Solver::operator=(Solver&& other) noexcept
{
    if (this != &other) {
        links_ = std::move(other.links_);
        cells_ = std::move(other.cells_);
        paused_by_ = 0;
        other.paused_by_ = 0;
    }
    return *this;
}
Solver::Solver(const Solver& other) : links_(std::make_unique<detail::Links>(*other.links_)) {}

Solver& Solver::operator=(const Solver& other)
{
    if (this != &other) {
        links_ = std::make_unique<detail::Links>(*other.links_);
        cells_.reset();
        paused_by_ = 0;
    }
    return *this;
}

detail::Cells& Solver::cells()
{
    paused_by_ = 0;
    if (links_->has_multiplicities())
        throw ArgumentError("dlx: dancing cells (Method::cells) do not take multiplicities; "
                            "use Method::links");
    if (!cells_)
        cells_ = std::make_unique<detail::Cells>(links_->compact());
    return *cells_;
}

SearchStats Solver::search(const Visitor& visit, const SearchOptions& options)
{
    if (options.method == Method::cells)
        return cells().search(&visit, options, links_->forced());
    return links().search(&visit, options);
}

SearchStats Solver::count(const SearchOptions& options)
{
    if (options.method == Method::cells)
        return cells().search(nullptr, options, links_->forced());
    return links().search(nullptr, options);
}

MemoStats Solver::count_memo(const MemoOptions& options, Zdd* zdd)
{
    return links().count_memo(options, zdd);
}

MemoStats Solver::count_memo_below(std::span<const std::uint32_t> path, ItemChoice choice,
                                   const MemoOptions& options)
{
    return links().count_memo_below_path(path, choice, options);
}

SearchStats Solver::count_below(std::span<const std::uint32_t> path, const SearchOptions& options)
{
    if (options.method == Method::cells)
        return cells().search_below_path(path, options, links_->forced());
    return links().search_below_path(path, nullptr, options);
}

std::optional<std::vector<OptionId>> Solver::first_solution(const SearchOptions& options)
{
    std::optional<std::vector<OptionId>> found;
    const Visitor keep_first = [&](std::span<const OptionId> solution) {
        found.emplace(solution.begin(), solution.end());
        return Visit::stop;
    };
    search(keep_first, options);
    return found;
}

bool Solver::force(OptionId option)
{
    if (links_->has_multiplicities())
        throw ArgumentError("dlx::Solver::force: not available for problems with "
                            "multiplicities");
    return links().force(option);
}

bool Solver::reset(std::span<const OptionId> forced)
{
    if (links_->has_multiplicities())
        throw ArgumentError("dlx::Solver::reset: not available for problems with "
                            "multiplicities");
    return links().reset(forced);
}

TreeEstimate Solver::estimate(const EstimateOptions& options)
{
    if (options.method == Method::cells)
        return cells().estimate(options.samples, options.seed, links_->forced(), options.cancel);
    return links().estimate(options.samples, options.seed, options.choice, options.cancel);
}

TreeEstimate Solver::estimate(std::uint64_t samples, std::uint64_t seed, ItemChoice choice,
                              Method method)
{
    return estimate(EstimateOptions{samples, seed, choice, method, nullptr});
}

void Solver::unforce_all() { links().unforce_all(); }

std::span<const OptionId> Solver::forced() const noexcept { return links_->forced(); }

std::string Solver::check_links() const { return links_->check(); }

bool Solver::same_links_as(const Solver& other) const { return links_->same_as(*other.links_); }

std::uint64_t count_solutions(const Problem& problem, std::uint64_t limit)
{
    SearchOptions options;
    options.solution_limit = limit;
    return Solver(problem).count(options).solutions;
}

TreeEstimate estimate(const Problem& problem, const EstimateOptions& options)
{
    return Solver(problem).estimate(options);
}

TreeEstimate estimate(const Problem& problem, std::uint64_t samples, std::uint64_t seed,
                      ItemChoice choice, Method method)
{
    return Solver(problem).estimate(samples, seed, choice, method);
}

std::optional<std::vector<OptionId>> first_solution(const Problem& problem)
{
    return Solver(problem).first_solution();
}

} // namespace dlx
