// Algorithm M of TAOCP 7.2.2.1 (Knuth's dlx3): primary items with multiplicities, each to be
// covered at least u and at most v times. An item is branched on by taking its options one at
// a time, each "tweaked" out of the list once tried, and, where its slack allows, a last move
// that takes no further option for it. The steps particular to M (tweak and its inverse, and
// commit with bounds) are here; the others come from dance.hpp.
#include "choice.hpp"
#include "dance.hpp"

#include <algorithm>
#include <limits>
#include <utility>

namespace dlx::detail {

// Algorithm M's tweak(p): p is the topmost option of its item. With `block`, the whole option
// is hidden, p included; without (the item is already covered), p only leaves the item's list.
void Links::tweak(std::int32_t node, bool block, std::uint64_t& updates) noexcept
{
    Link* const ln = links_.data();
    std::int32_t* const top = top_.data();
    std::int32_t* const color = color_.data();
    for (std::int32_t q = block ? node + 1 : node;;) {
        if (color[q] >= 0) {
            const std::int32_t item = top[q];
            if (item <= 0) {
                q = ln[q].up;
                continue;
            }
            ln[ln[q].up].down = ln[q].down;
            ln[ln[q].down].up = ln[q].up;
            --top[item];
            ++updates;
        }
        if (q == node)
            break;
        ++q;
    }
}

// untweak: the tweaked nodes, from `first` down to the current top, still point to each other
// through `down`; restore their `up` links, the header's `down` and the length, and (with
// `unblock`) the rest of their options. Without `unblock` the item was covered on entry.
void Links::untweak(std::int32_t item, std::int32_t first, bool unblock) noexcept
{
    Link* const ln = links_.data();
    std::int32_t* const top = top_.data();
    std::int32_t* const color = color_.data();
    const std::int32_t last = ln[item].down; // the current top of the list
    ln[item].down = first;
    std::int32_t count = 0, above = item, r = first;
    for (; r != last; above = r, r = ln[r].down) {
        ln[r].up = above;
        ++count;
        if (unblock) {
            for (std::int32_t q = r + 1; q != r;) {
                if (color[q] >= 0) {
                    const std::int32_t other = top[q];
                    if (other <= 0) {
                        q = ln[q].up;
                        continue;
                    }
                    ln[ln[q].up].down = q;
                    ln[ln[q].down].up = q;
                    ++top[other];
                }
                ++q;
            }
        }
    }
    ln[r].up = above;
    top[item] += count;
    if (!unblock) {
        for (std::int32_t o = ln[item].up; o != item; o = ln[o].up)
            unhide<true>(o);
    }
}

// Algorithm M's commit: each other primary item of the option loses one unit of bound and is
// covered when none is left; secondary items are covered or purified as in Algorithm C. The
// walk is commit()'s, written out again on purpose (see commit() in dance.hpp).
void Links::commit_m(std::int32_t node, std::uint64_t& updates) noexcept
{
    const Link* const ln = links_.data();
    const std::int32_t* const top = top_.data();
    const std::int32_t* const color = color_.data();
    for (std::int32_t q = node + 1; q != node;) {
        const std::int32_t item = top[q];
        if (item <= 0) {
            q = ln[q].up;
            continue;
        }
        if (item <= primary_count_) {
            if (--bound_[item] == 0)
                cover<true>(item, updates);
        } else if (color[q] == 0) {
            cover<true>(item, updates);
        } else if (color[q] > 0) {
            purify(q, updates);
        }
        ++q;
    }
}

void Links::uncommit_m(std::int32_t node) noexcept
{
    const Link* const ln = links_.data();
    const std::int32_t* const top = top_.data();
    const std::int32_t* const color = color_.data();
    for (std::int32_t q = node - 1; q != node;) {
        const std::int32_t item = top[q];
        if (item <= 0) {
            q = ln[q].down;
            continue;
        }
        if (item <= primary_count_) {
            if (bound_[item] == 0)
                uncover<true>(item);
            ++bound_[item];
        } else if (color[q] == 0) {
            uncover<true>(item);
        } else if (color[q] > 0) {
            unpurify(q);
        }
        --q;
    }
}

// M4 [Prepare to branch on i]: one unit of i's bound taken; i covered when none is left.
// Returns the first node tweaked at this level (i's first option), or 0 when i takes no
// further option after this one (no bound and no slack left: then nothing is tweaked).
std::int32_t Links::prepare_m(std::int32_t item, std::uint64_t& updates) noexcept
{
    const std::int32_t first = links_[item].down;
    --bound_[item];
    if (bound_[item] == 0 && slack_[item] == 0) {
        cover<true>(item, updates);
        return 0;
    }
    if (bound_[item] == 0)
        cover<true>(item, updates);
    return first;
}

// M5 [Possibly tweak x_l]: false when step M8 comes next (i has no further move); otherwise
// x_l is tweaked out of i's list (or, x_l = i being the move "no further option", i is
// deactivated) and M6 may try it.
bool Links::possibly_tweak(std::int32_t item, std::int32_t node, std::uint64_t& updates) noexcept
{
    if (bound_[item] == 0 && slack_[item] == 0)
        return node != item;
    if (length(item) <= bound_[item] - slack_[item])
        return false;
    if (node != item)
        tweak(node, bound_[item] != 0, updates);
    else if (bound_[item] != 0)
        deactivate(item);
    return true;
}

// M8 [Restore i]: uncover(i), or untweak the options tried at this level; increase BOUND(i).
void Links::restore_m(std::int32_t item, std::int32_t first_tweak) noexcept
{
    if (bound_[item] == 0 && slack_[item] == 0)
        uncover<true>(item);
    else
        untweak(item, first_tweak, bound_[item] != 0);
    ++bound_[item];
}

// Undoes a level left open (a stopped search, or a path to a job) with `node` tried for `item`:
// M9 and M8 as if the rest of the level's moves had been tried.
void Links::undo_level_m(std::int32_t item, std::int32_t node, std::int32_t first_tweak) noexcept
{
    // An item covered on entry with slack left (bound 0) is reactivated only on the way back
    // from its null move; leaving before that move must reactivate it here.
    const bool covered_with_slack = bound_[item] == 0 && slack_[item] != 0;
    if (node == item)
        reactivate(item);
    else
        uncommit_m(node);
    restore_m(item, first_tweak);
    if (node != item && covered_with_slack)
        reactivate(item);
}

// Algorithm M: levels whose move was "no further option" add nothing to the solution.
bool Links::report_solution(const Visitor* visit, Tracer* tracer, std::size_t level)
{
    solution_.clear();
    for (std::size_t l = 0; l < level; ++l) {
        if (choice_[l] != item_at_[l])
            solution_.push_back(option_of(choice_[l]));
    }
    return report(visit, tracer, solution_);
}

// The loop follows Knuth's steps:
//
//   M1 [Initialize.]  done by the constructor and layout(); the level is 0.
//   M2 [Enter level l.]  If no primary item is left to cover, visit the solution; go to M9.
//   M3 [Choose i.]  The item i with least branching degree theta_i; if theta_i = 0, go to M9.
//   M4 [Prepare to branch on i.]  x_l <- i's first option; decrease BOUND(i), and cover(i)
//      when it reaches 0; remember x_l as the first tweaked node when i may take more options.
//   M5 [Possibly tweak x_l.]  With no bound and no slack left, go to M6 if x_l != i, to M8 if
//      x_l = i. Otherwise go to M8 when i's list is too short for its bound; else tweak x_l
//      out of i's list (x_l != i), or deactivate i (x_l = i: the move "no further option").
//   M6 [Try x_l.]  Commit x_l's other items (bounds, covers, purifications); l <- l + 1; M2.
//   M7 [Try again.]  Uncommit x_l, x_l <- the next option of i, and go to M5.
//   M8 [Restore i.]  uncover(i), or untweak the options tried at this level; increase BOUND(i).
//   M9 [Leave level l.]  Terminate if l = 0. Otherwise l <- l - 1; if x_l = i, reactivate i
//      and go to M8; otherwise go to M7.
//
// Each case of the switch below starts at the step it is named after and runs on to the next
// case it names. Unlike Algorithm X, a stopped search undoes its own open levels at once; those
// left open by a hook that throws are undone by the next call, as Algorithm X's are, and so are
// those of a search that `paused` pauses at each solution (run_x() says how), which resumes
// at M9.
//
// Flattened: every step is inlined into the loop (they stay out of line for split.cpp). Its
// nodes are cheap (matrices7x6.dlx: 1.4 updates a node), so the calls were a fifth of the time:
// 2.98 s against 3.79, median of five side by side, where Knuth's dlx3 took 4.70.
template <bool Randomised, bool Traced>
[[gnu::flatten]] void Links::run_m(const Visitor* visit, const SearchOptions& options,
                                   SearchStats& stats, Paused* paused)
{
    const Link* const ln = links_.data();
    Random random(options.seed.value_or(0));
    Tracer* const tracer = Traced ? options.tracer : nullptr;
    const bool reporting = visit != nullptr || Traced;
    std::uint64_t nodes = 0, updates = 0, solutions = 0;
    std::size_t level = 0, max_level = 0;
    std::int32_t best = root, node = root;
    Stop stop = Stop::none;

    const bool resuming = paused != nullptr && paused->at_solution;
    const Deadline deadline(resuming ? paused->time_left : options.time_limit);
    std::uint64_t checkpoint = next_checkpoint(0, options); // a limit, or a report
    enum class Step { enter_level, possibly_tweak, restore, leave_level, done };
    Step step = Step::enter_level;
    if (resuming) { // after the solution where the search paused: M9
        paused->resume(nodes, updates, solutions, max_level, checkpoint, random);
        level = std::exchange(open_levels_, 0);
        step = Step::leave_level;
    }
    while (step != Step::done) {
        switch (step) {
        case Step::enter_level: { // M2 [Enter level l]
            if (nodes == checkpoint) {
                if ((stop = stop_at(nodes, options, deadline)) != Stop::none) {
                    step = Step::done;
                    break;
                }
                if (options.progress) {
                    hook(level, [&] {
                        options.progress(
                            {solutions, nodes, updates, std::numeric_limits<double>::quiet_NaN()});
                    });
                }
                checkpoint = next_checkpoint(nodes, options);
            }
            ++nodes;
            max_level = std::max(max_level, level);
            // M3 [Choose i], in the same walk as M2's test for items left (choice.hpp).
            std::int32_t score = 0;
            best = choose_m<Randomised>(random, score);
            if (best == root) { // M2: nothing left to cover, a solution
                ++solutions;
                if (reporting &&
                    !hook(level, [&] { return report_solution(visit, tracer, level); })) {
                    stop = Stop::visitor;
                    step = Step::done;
                    break;
                }
                if (solutions >= options.solution_limit) {
                    stop = Stop::solution_limit;
                    step = Step::done;
                    break;
                }
                step = Step::leave_level;
                break;
            }
            if (score <= 0) { // M3: too few options left for some item
                step = Step::leave_level;
                break;
            }
            // M4 [Prepare to branch on i].
            if constexpr (Traced) {
                hook(level, [&] {
                    tracer->choose(level, item_id(best), static_cast<std::size_t>(length(best)));
                });
            }
            item_at_[level] = best;
            node = ln[best].down;
            tweak_at_[level] = prepare_m(best, updates);
            step = Step::possibly_tweak;
            break;
        }
        case Step::possibly_tweak: // M5 [Possibly tweak x_l]
            if (!possibly_tweak(best, node, updates)) {
                step = Step::restore;
                break;
            }
            // M6 [Try x_l].
            if (node != best)
                commit_m(node, updates);
            choice_[level] = node;
            ++level;
            if constexpr (Traced) { // told once the move is made, so that its level is open
                hook(level, [&] {
                    tracer->try_option(level - 1, node == best
                                                      ? std::nullopt
                                                      : std::optional<OptionId>(option_of(node)));
                });
            }
            step = Step::enter_level;
            break;
        case Step::restore: // M8 [Restore i]
            restore_m(best, tweak_at_[level]);
            if constexpr (Traced)
                hook(level, [&] { tracer->backtrack(level, item_id(best)); });
            step = Step::leave_level;
            break;
        case Step::leave_level: // M9 [Leave level l]
            if (level == 0) {
                step = Step::done;
                break;
            }
            --level;
            node = choice_[level];
            best = item_at_[level];
            if (node == best) {
                reactivate(best);
                step = Step::restore;
                break;
            }
            uncommit_m(node); // M7 [Try again]
            node = ln[node].down;
            step = Step::possibly_tweak;
            break;
        case Step::done: break;
        }
    }

    const bool pausing = paused != nullptr && stop == Stop::visitor;
    if (stop != Stop::none) { // undone at once, unlike Algorithm X's (no reset() to spare it)
        open_levels_ = level;
        if (!pausing)
            settle();
    }
    if (paused != nullptr)
        *paused = {nodes,      updates,         solutions, max_level, level,
                   checkpoint, deadline.left(), random,    pausing};
    add_run(stats, solutions, nodes, updates, max_level, stop);
}

// The levels a stopped search (or a hook that threw) left open, deepest first (settle()).
void Links::undo_open_levels_m() noexcept
{
    while (open_levels_ > 0) {
        const std::size_t level = --open_levels_;
        undo_level_m(item_at_[level], choice_[level], tweak_at_[level]);
    }
}

void Links::search_m(const Visitor* visit, const SearchOptions& options, SearchStats& stats,
                     Paused* paused)
{
    with_flags(
        [&]<bool Randomised, bool Traced>() {
            run_m<Randomised, Traced>(visit, options, stats, paused);
        },
        options.seed.has_value(), options.tracer != nullptr);
}

} // namespace dlx::detail
