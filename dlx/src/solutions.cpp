// A search that pauses at each solution (Solver::solutions): the Solutions that its caller
// holds (the loops' side of it is in each loop, and Links::search_on() in algorithm_x.cpp).
//
//   next() ──> the search loop runs on, from the root the first time ──> a solution: the
//              loop's visitor says stop, so it leaves its levels open (as any stopped search
//              does) and its variables in Paused; next() returns the solution, a span into
//              the loop's own record of the options chosen
//   next() ──> the loop resumes from Paused, where a visitor that said "keep going" would have
//              let it go on ──> ... ──> the tree searched (or a limit): nothing more
//
// Nothing is copied: the solution, the open levels and the counters stay where one search
// keeps them. Between two calls the Solver holds the paused search's id (paused_by_); any other
// call that searches or changes the Solver clears it (Solver::links(), Solver::cells()), and
// that call's settle() or fresh start takes the open levels down.
#include "cells.hpp"
#include "links.hpp"

#include <atomic>
#include <utility>

namespace dlx {

namespace {

// Each Solutions gets an id of its own, by which the Solver knows whose search it holds.
std::atomic<std::uint64_t> next_id{1};

} // namespace

Solutions Solver::solutions(const SearchOptions& options)
{
    paused_by_ = 0; // another search: it ends a paused one
    if (options.method == Method::cells)
        cells(); // refuses multiplicities now, not at the first next()
    return Solutions(*this, options);
}

Solutions::Solutions(Solver& solver, const SearchOptions& options)
    : solver_(&solver), options_(options), paused_(std::make_unique<detail::Paused>()),
      id_(next_id.fetch_add(1, std::memory_order_relaxed))
{
    stats_.complete = false; // not started: nothing searched yet, by the caller's choice
    stats_.stopped = Stop::visitor;
}

Solutions::Solutions(Solutions&& other) noexcept
    : solver_(other.solver_), options_(std::move(other.options_)),
      paused_(std::move(other.paused_)), id_(other.id_), current_(other.current_),
      stats_(other.stats_), done_(std::exchange(other.done_, true))
{
}

Solutions& Solutions::operator=(Solutions&& other) noexcept
{
    if (this != &other) {
        solver_ = other.solver_;
        options_ = std::move(other.options_);
        paused_ = std::move(other.paused_);
        id_ = other.id_;
        current_ = other.current_;
        stats_ = other.stats_;
        done_ = std::exchange(other.done_, true);
    }
    return *this;
}

Solutions::~Solutions() = default;

std::optional<std::span<const OptionId>> Solutions::next()
{
    advance();
    if (done_)
        return std::nullopt;
    return current_;
}

void Solutions::close() noexcept
{
    done_ = true;
    current_ = {};
}

void Solutions::advance()
{
    current_ = {};
    if (done_)
        return;
    if (paused_->at_solution) {
        if (solver_->paused_by_ != id_) {
            done_ = true;
            throw ArgumentError("dlx::Solutions: the Solver was searched or changed by another "
                                "call since this search paused at a solution; it cannot go on "
                                "(start a new one with Solver::solutions)");
        }
        if (stats_.solutions >= options_.solution_limit) { // reached at the last solution
            stats_.stopped = Stop::solution_limit;
            done_ = true;
            return;
        }
    }
    bool found = false;
    const Visitor pause = [&](std::span<const OptionId> solution) {
        current_ = solution;
        found = true;
        return Visit::stop;
    };
    try {
        if (options_.method == Method::cells) {
            const std::span<const OptionId> forced = solver_->links_->forced();
            stats_ = solver_->cells().search_on(pause, options_, forced, *paused_);
        } else {
            stats_ = solver_->links().search_on(pause, options_, *paused_);
        }
    } catch (...) { // a hook threw: the search cannot go on, the Solver settles it
        done_ = true;
        current_ = {};
        throw;
    }
    if (found)
        solver_->paused_by_ = id_;
    else
        done_ = true;
}

} // namespace dlx
