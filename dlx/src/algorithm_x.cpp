// Algorithm X (and C, its colour variant) of TAOCP 7.2.2.1, step for step, so that nodes and
// updates equal Knuth's dlx1/dlx2 on the same input; the entry point of every search; and the
// undoing of the levels a stopped search left open.
#include "choice.hpp"
#include "dance.hpp"

#include <algorithm>
#include <utility>

namespace dlx::detail {

SearchStats Links::search(const Visitor* visit, const SearchOptions& options)
{
    settle();
    if (uses_hints(options))
        start_hints();
    return search_here(visit, options);
}

SearchStats Links::search_on(const Visitor& visit, const SearchOptions& options, Paused& paused)
{
    if (!paused.at_solution) { // a search from the current state, as search() starts it
        settle();
        if (uses_hints(options))
            start_hints();
    }
    return search_here(&visit, options, &paused);
}

SearchStats Links::search_here(const Visitor* visit, const SearchOptions& options, Paused* paused)
{
    SearchStats stats;
    if (paused == nullptr || !paused->at_solution) {
        if (const Stop stop = stop_before_start(options); stop != Stop::none) {
            add_run(stats, 0, 0, 0, 0, stop);
            return stats;
        }
    }
    if (multiplicities_) {
        search_m(visit, options, stats, paused);
        return stats;
    }
    const bool randomised = options.seed.has_value();
    const bool traced = options.tracer != nullptr;
    with_flags(
        [&]<bool Colors, bool Randomised, bool Traced, bool Hint>() {
            run_x<Colors, Randomised, Traced, Hint>(visit, options, stats, paused);
        },
        colors_, randomised, traced, uses_hints(options));
    return stats;
}

// Knuth's measure of the part of the tree done: at each open level l, the options tried before
// the current one, each worth 1 / (d_0 d_1 ... d_l) of the tree (d_j: the options of the item
// chosen at level j). A covered item keeps its list, so d_l is its length still.
template <bool Randomised> double Links::fraction_done(std::size_t levels) const noexcept
{
    double done = 0, share = 1;
    for (std::size_t l = 0; l < levels; ++l) {
        const std::int32_t item = item_at_[l];
        const std::int32_t options = length(item);
        std::int32_t before = 0; // options tried before the current one
        if constexpr (Randomised) {
            before = static_cast<std::int32_t>(order_next_[l] - order_begin_[l]) - 1;
        } else {
            for (std::int32_t r = links_[item].down; r != choice_[l]; r = links_[r].down)
                ++before;
        }
        share /= options;
        done += before * share;
    }
    return done;
}

template double Links::fraction_done<false>(std::size_t) const noexcept; // memo.cpp's too

bool Links::report(const Visitor* visit, Tracer* tracer, std::span<const OptionId> solution)
{
    if (tracer)
        tracer->solution(solution);
    return !visit || (*visit)(solution) == Visit::keep_going;
}

// The loop keeps `level` open levels; level l has chosen item item_at_[l] and is trying the
// option of node choice_[l] (choice_[l] == item_at_[l] before its first try). Knuth's steps:
//
//   X1 [Initialize.]  done by the constructor and layout(); the level is 0.
//   X2 [Enter level l.]  If no primary item is left, visit the solution and go to X8.
//   X3 [Choose i.]  Choose a primary item i (choice.hpp).
//   X4 [Cover i.]  cover(i) and set x_l to i's first option.
//   X5 [Try x_l.]  If x_l = i, go to X7; otherwise commit x_l (cover or purify its other
//      items), l <- l + 1, and go to X2.
//   X6 [Try again.]  Uncommit x_l, set x_l to the next option of i, and go to X5.
//   X7 [Backtrack.]  uncover(i).
//   X8 [Leave level l.]  Terminate if l = 0; otherwise l <- l - 1 and go to X6.
//
// The loop body runs X2 to X4 for a new node, then X5 to X8 until it has an option committed
// (and so a node to enter) or has left level 0. The counters are locals, kept in registers.
//
// With `paused` (Solver::solutions), the visitor stops the loop at every solution with its
// levels open, and the variables below are kept in `paused`; the next call resumes at X8 of
// that solution, as the loop would have gone on had the visitor said so.
template <bool Colors, bool Randomised, bool Traced, bool Hint>
void Links::run_x(const Visitor* visit, const SearchOptions& options, SearchStats& stats,
                  Paused* paused)
{
    const Link* const ln = links_.data();
    Random random(options.seed.value_or(0));
    Tracer* const tracer = Traced ? options.tracer : nullptr;
    const bool reporting = visit != nullptr || Traced;
    const bool random_items = Randomised && options.randomise == Randomise::items_and_options;
    std::uint64_t nodes = 0, updates = 0, solutions = 0;
    std::size_t level = 0, max_level = 0;
    std::uint32_t order_top = 0;
    Stop stop = Stop::none;
    // The primary items not yet covered: none left is a solution, known without a scan of the
    // items (which took three scans of Sudoku's 324 at every board that -c generates). A
    // committed option covers exactly its primary items: any option still in a list has them
    // all active.
    std::int32_t uncovered = 0;
    for (std::int32_t header = 1; header <= primary_count_; ++header)
        uncovered += static_cast<std::int32_t>(top_[header] < inactive);

    // The limits and the progress reports share one test per node: the next checkpoint.
    const bool resuming = paused != nullptr && paused->at_solution;
    const Deadline deadline(resuming ? paused->time_left : options.time_limit);
    std::uint64_t checkpoint = next_checkpoint(0, options);
    // X5 to X8, in the loop below and where a paused search resumes: the next option to try,
    // leaving exhausted levels on the way. Inlined in both places: as a function, it cost
    // Sudoku 8% more instructions in this loop (and a jump into the loop instead, 4%).
    const auto try_next = [&]() DLX_INLINE_LAMBDA {
        for (;;) {
            if (level == 0) // X8: terminate
                return;
            const std::size_t l = level - 1;
            const std::int32_t item = item_at_[l];
            std::int32_t node = choice_[l];
            if (node != item) { // X6 [Try again]: uncommit the option tried last
                uncommit<Colors>(node);
                uncovered += static_cast<std::int32_t>(primaries_[option_of(node)]);
            }
            if constexpr (Randomised) {
                const auto end = order_begin_[l] + static_cast<std::uint32_t>(length(item));
                node = order_next_[l] < end ? order_[order_next_[l]++] : item;
            } else {
                node = ln[node].down;
            }
            if (node == item) { // X5 finds i's options used up: X7 [Backtrack], X8 [Leave level l]
                uncover<Colors>(item);
                if constexpr (Traced)
                    hook(l, [&] { tracer->backtrack(l, item_id(item)); });
                if constexpr (Randomised)
                    order_top = order_begin_[l];
                --level;
                continue;
            }
            choice_[l] = node; // X5 [Try x_l]: commit it, and enter the level below (X2)
            const OptionId option = option_of(node);
            uncovered -= static_cast<std::int32_t>(primaries_[option]);
            if (reporting) // kept level by level: a solution is then ready as it stands
                level_option_[l] = option;
            if constexpr (Hint)
                clear_hints();
            commit<Colors, Hint>(node, updates);
            if constexpr (Traced) // told once the option is in, so that level l is open
                hook(level, [&] { tracer->try_option(l, level_option_[l]); });
            return;
        }
    };
    if (resuming) { // after the solution where the search paused
        paused->resume(nodes, updates, solutions, max_level, checkpoint, random);
        level = std::exchange(open_levels_, 0);
        if constexpr (Randomised) {
            if (level > 0)
                order_top = order_begin_[level - 1] +
                            static_cast<std::uint32_t>(length(item_at_[level - 1]));
        }
        try_next(); // X8 after the visit, and on to the next option
    }
    if (!resuming || level > 0) { // a resumed search may have nothing left to search
        for (;;) {
            // X2 [Enter level l]; a search stopped by a limit stops here.
            if (nodes == checkpoint) {
                if ((stop = stop_at(nodes, options, deadline)) != Stop::none)
                    break;
                if (options.progress) {
                    hook(level, [&] {
                        options.progress(
                            {solutions, nodes, updates, fraction_done<Randomised>(level)});
                    });
                }
                checkpoint = next_checkpoint(nodes, options);
            }
            ++nodes;
            max_level = std::max(max_level, level);
            // X3 [Choose i]; none left is X2's solution, known from `uncovered` without a scan.
            const std::int32_t chosen =
                uncovered > 0 ? choose<Randomised, Hint>(random, random_items) : root;
            if (chosen == root) { // X2: visit the solution, then on to X8
                ++solutions;
                const bool go_on = !reporting || hook(level, [&] {
                    return report(visit, tracer, {level_option_.data(), level});
                });
                if (!go_on || solutions >= options.solution_limit) {
                    stop = go_on ? Stop::solution_limit : Stop::visitor;
                    break;
                }
            } else {
                // X4 [Cover i].
                if constexpr (Traced) {
                    hook(level, [&] {
                        tracer->choose(level, item_id(chosen),
                                       static_cast<std::size_t>(length(chosen)));
                    });
                }
                cover<Colors>(chosen, updates); // no hints: the commit that follows clears them
                item_at_[level] = choice_[level] = chosen;
                if constexpr (Randomised) {
                    const std::uint32_t begin = order_top;
                    for (std::int32_t r = ln[chosen].down; r != chosen; r = ln[r].down)
                        order_[order_top++] = r;
                    for (std::uint32_t i = order_top - begin; i > 1; --i)
                        std::swap(order_[begin + i - 1], order_[begin + random.below(i)]);
                    order_begin_[level] = order_next_[level] = begin;
                }
                ++level;
            }
            try_next();
            if (level == 0)
                break;
        }
    }

    if (stop != Stop::none) // the open levels are undone by the next call that needs the links
        open_levels_ = level;
    if (paused != nullptr)
        *paused = {nodes,           updates, solutions,
                   max_level,       level,   checkpoint,
                   deadline.left(), random,  stop == Stop::visitor};
    add_run(stats, solutions, nodes, updates, max_level, stop);
}

// A stopped search leaves its open levels as they are (so does one whose visitor, progress
// report or tracer threw), and the next call that reads the links undoes them here, deepest
// first; reset() instead lays everything out afresh, so a Sudoku
// solver, which resets the links for every puzzle, never pays for undoing the sixty-odd levels
// that led to a puzzle's solution (a fifth of its time: 17_clue 82k to 105k puzzles a second).
void Links::settle() noexcept
{
    if (multiplicities_)
        undo_open_levels_m();
    else if (colors_)
        undo_open_levels<true>();
    else
        undo_open_levels<false>();
}

template <bool Colors> void Links::undo_open_levels() noexcept
{
    while (open_levels_ > 0) {
        const std::size_t level = --open_levels_;
        if (choice_[level] != item_at_[level])
            uncommit<Colors>(choice_[level]);
        uncover<Colors>(item_at_[level]);
    }
}

} // namespace dlx::detail
