// Dancing cells (cells.hpp): the data laid out, and the search loop of Knuth's SSXCC, step for
// step (its dance steps in cells_dance.hpp), so that its nodes and updates equal his program's.
#include "cells_dance.hpp"

#include <algorithm>
#include <limits>
#include <stdexcept>

namespace dlx::detail {

CompactProblem Links::compact() const noexcept
{
    CompactProblem problem;
    problem.primary_count = primary_count_;
    problem.item_of = item_of_;
    problem.option_begin = option_begin_;
    problem.entry_header = entry_header_;
    problem.entry_color = entry_color_;
    problem.primaries = primaries_;
    return problem;
}

// Lays out the options that have a primary item (the others can never be chosen), in the
// problem's order; each item's set lists its options in that order too, as SSXCC reads them.
Cells::Cells(const CompactProblem& problem)
{
    const std::size_t headers = problem.item_of.size() - 1;
    const std::size_t options = problem.primaries.size();
    std::vector<std::int32_t> count(headers + 1, 0);
    std::size_t nodes = 1;
    for (std::size_t o = 0; o < options; ++o) {
        if (problem.primaries[o] == 0)
            continue;
        for (std::uint32_t e = problem.option_begin[o]; e < problem.option_begin[o + 1]; ++e)
            ++count[static_cast<std::size_t>(problem.entry_header[e])];
        nodes += problem.option_begin[o + 1] - problem.option_begin[o] + 1;
    }
    std::size_t set_size = 0;
    for (std::size_t h = 1; h <= headers; ++h)
        set_size += 3 + static_cast<std::size_t>(count[h]);
    constexpr auto most = static_cast<std::size_t>(std::numeric_limits<std::int32_t>::max());
    if (nodes >= most || set_size >= most)
        throw ProblemError("dlx: the problem is too large for dancing cells (2^31 nodes)");

    // Each item's header words, then room for its options; item_ in item order, primary first.
    std::vector<std::int32_t> base(headers + 1, 0);
    set_.assign(set_size, 0);
    item_.assign(headers, 0);
    second_ = std::numeric_limits<std::int32_t>::max(); // until a secondary item is placed
    std::int32_t next = 0;
    for (std::size_t h = 1; h <= headers; ++h) {
        const std::int32_t x = next + 3;
        if (static_cast<std::int32_t>(h) == problem.primary_count + 1)
            second_ = x;
        base[h] = x;
        set_[static_cast<std::size_t>(x - 3)] = static_cast<std::int32_t>(problem.item_of[h]);
        set_[static_cast<std::size_t>(x - 2)] = static_cast<std::int32_t>(h - 1);
        item_[h - 1] = x;
        next = x + count[h];
    }

    // The nodes, option by option, each option between two spacers.
    node_.reserve(nodes);
    color_.reserve(nodes);
    option_id_.reserve(nodes);
    option_primary_.assign(options, -1);
    node_.push_back({0, 0});
    color_.push_back(0);
    option_id_.push_back(0);
    for (std::size_t o = 0; o < options; ++o) {
        if (problem.primaries[o] == 0)
            continue;
        const auto length =
            static_cast<std::int32_t>(problem.option_begin[o + 1] - problem.option_begin[o]);
        node_.back().loc = length; // the spacer on its left
        for (std::uint32_t e = problem.option_begin[o]; e < problem.option_begin[o + 1]; ++e) {
            const std::int32_t header = problem.entry_header[e];
            const std::int32_t x = base[static_cast<std::size_t>(header)];
            const auto n = static_cast<std::int32_t>(node_.size());
            const std::int32_t loc = x + set_[static_cast<std::size_t>(x - 1)]++;
            set_[static_cast<std::size_t>(loc)] = n;
            node_.push_back({x, loc});
            color_.push_back(problem.entry_color[e]);
            colors_ = colors_ || problem.entry_color[e] != 0;
            option_id_.push_back(static_cast<OptionId>(o));
            if (header <= problem.primary_count && option_primary_[o] < 0)
                option_primary_[o] = n;
        }
        node_.push_back({-length, 0});
        color_.push_back(0);
        option_id_.push_back(static_cast<OptionId>(o));
    }
    active_ = static_cast<std::int32_t>(headers);

    initial_node_ = node_;
    initial_set_ = set_;
    initial_item_ = item_;
    initial_active_ = active_;
    // Each level makes at least one primary item inactive; the force stack holds at most the
    // items that one scan finds with one option, plus those that a path's hides take from two
    // options to one.
    const auto primaries = static_cast<std::size_t>(problem.primary_count);
    force_.assign(2 * primaries + 4, 0);
    saved_.resize(std::max<std::size_t>(headers, 64));
    saved_at_.assign(primaries + 2, 0);
    choice_.assign(primaries + 2, 0);
    level_option_.assign(primaries + 2, 0);
}

// A seeded search tries the options of the item it branches on in random order: the item's
// set, which stays as it is while the item is inactive, is shuffled in place (each node told
// its new place).
void Cells::shuffle_options(std::int32_t item, Random& random) noexcept
{
    std::int32_t* const set = set_.data();
    for (std::int32_t n = length(item); n > 1; --n) {
        const std::int32_t a = item + n - 1;
        const std::int32_t b =
            item + static_cast<std::int32_t>(random.below(static_cast<std::uint32_t>(n)));
        std::swap(set[a], set[b]);
        node_[static_cast<std::size_t>(set[a])].loc = a;
        node_[static_cast<std::size_t>(set[b])].loc = b;
    }
}

// Pushes the active items' lengths on the saved stack from `top`; returns the new top.
std::uint32_t Cells::save_lengths(std::uint32_t top)
{
    const auto active = static_cast<std::uint32_t>(active_);
    if (top + active > saved_.size())
        saved_.resize(std::max<std::size_t>(2 * saved_.size(), top + active));
    Saved* const saved = saved_.data() + top;
    const std::int32_t* const set = set_.data();
    for (std::uint32_t p = 0; p < active; ++p) {
        const std::int32_t x = item_[p];
        saved[p] = {x, set[x - 1]};
    }
    return top + active;
}

// Puts back the lengths a level saved, and with them its active items (they are still the
// first ones in item_: every item that left since swapped places within them).
void Cells::restore_lengths(std::uint32_t from, std::uint32_t to) noexcept
{
    active_ = static_cast<std::int32_t>(to - from);
    std::int32_t* const set = set_.data();
    for (std::uint32_t p = from; p < to; ++p)
        set[saved_[p].item - 1] = saved_[p].length;
}

// Branches on `node`'s item and commits its option, outside a search (nothing counted).
bool Cells::take(std::int32_t node) noexcept
{
    std::uint64_t ignored = 0;
    branch_on<true>(node_[static_cast<std::size_t>(node)].item, ignored);
    return commit<true>(node, ignored);
}

bool Cells::start(std::span<const OptionId> forced)
{
    if (dirty_) {
        std::copy(initial_node_.begin(), initial_node_.end(), node_.begin());
        std::copy(initial_set_.begin(), initial_set_.end(), set_.begin());
        std::copy(initial_item_.begin(), initial_item_.end(), item_.begin());
        active_ = initial_active_;
    }
    dirty_ = true;
    forced_ = 0;
    for (const OptionId option : forced) {
        // The forced options agree (Links::force checked), but may leave an item without
        // options: then the hide stopped half-way, and there is nothing to search.
        if (!take(option_primary_[option]))
            return false;
    }
    return true;
}

SearchStats Cells::search(const Visitor* visit, const SearchOptions& options,
                          std::span<const OptionId> forced)
{
    SearchStats stats;
    if (start(forced))
        search_here(visit, options, stats, nullptr);
    else
        add_run(stats, 0, 0, 0, 0, stop_before_start(options));
    return stats;
}

SearchStats Cells::search_on(const Visitor& visit, const SearchOptions& options,
                             std::span<const OptionId> forced, Paused& paused)
{
    SearchStats stats;
    if (!paused.at_solution) {
        if (start(forced))
            search_here(&visit, options, stats, nullptr, &paused);
        else
            add_run(stats, 0, 0, 0, 0, stop_before_start(options));
        return stats;
    }
    with_flags(
        [&]<bool Colors, bool Randomised, bool Traced>() {
            run<Colors, Randomised, Traced>(&visit, options, stats, nullptr, &paused);
        },
        colors_, options.seed.has_value(), options.tracer != nullptr);
    return stats;
}

void Cells::search_here(const Visitor* visit, const SearchOptions& options, SearchStats& stats,
                        Top* top, Paused* paused)
{
    if (const Stop stop = stop_before_start(options); stop != Stop::none) {
        add_run(stats, 0, 0, 0, 0, stop);
        return;
    }
    if (stuck()) // no solution, and (as SSXCC) no search
        return;
    with_flags(
        [&]<bool Colors, bool Randomised, bool Traced>() {
            run<Colors, Randomised, Traced>(visit, options, stats, top, paused);
        },
        colors_, options.seed.has_value(), options.tracer != nullptr);
}

// Knuth's measure of the part of the tree done (as Links::fraction_done): the set of the item
// a level branches on stays as it is while the level is open, so the place of the level's node
// in it says how many options came first.
double Cells::fraction_done(std::size_t levels) const noexcept
{
    double done = 0, share = 1;
    for (std::size_t l = 0; l < levels; ++l) {
        const Node& node = node_[static_cast<std::size_t>(choice_[l])];
        share /= length(node.item);
        done += (node.loc - node.item) * share;
    }
    return done;
}

// SSXCC's loop, step for step. Level l branches on an item x_l and tries the node choice_[l],
// whose place in x_l's set says which option it is:
//
//   forward  Enter a node (count it). Take a forced move if the force stack has an item still
//            active; otherwise choose (pushing the items with one option); none pushed and no
//            primary item active: a solution, back up. The item leaves the active ones and
//            its options the other sets; a branching level (not a forced move) saves the
//            active items' lengths. Try its first option.
//   advance  Try the option: commit it; on to the next level (forward), or, when the commit
//            leaves some item without options, abort.
//   abort    x_l's last option done: back up. Otherwise restore the lengths the level saved
//            and advance to its next option.
//   backup   Terminate at level 0; otherwise go up a level, and abort there.
//
// With `top` (count_parallel), the nodes at depth top->depth are not entered but recorded.
// A stopped search leaves its levels open: the next one starts from the initial state anyway.
// With `paused` (Solver::solutions), the visitor stops the loop at every solution, and the
// next call resumes there with backup, as Links::run_x() describes.
template <bool Colors, bool Randomised, bool Traced>
void Cells::run(const Visitor* visit, const SearchOptions& options, SearchStats& stats, Top* top,
                Paused* paused)
{
    Random random(options.seed.value_or(0));
    Tracer* const tracer = Traced ? options.tracer : nullptr;
    const bool reporting = visit != nullptr || Traced;
    const bool random_items = Randomised && options.randomise == Randomise::items_and_options;
    const std::size_t cut = top != nullptr ? top->depth : std::numeric_limits<std::size_t>::max();
    std::uint64_t nodes = 0, updates = 0, solutions = 0;
    std::size_t level = 0, max_level = 0;
    std::uint32_t save_top = 0;
    std::int32_t best = 0, place = 0;
    Stop stop = Stop::none;
    saved_at_[0] = 0;

    const bool resuming = paused != nullptr && paused->at_solution;
    const Deadline deadline(resuming ? paused->time_left : options.time_limit);
    std::uint64_t checkpoint = next_checkpoint(0, options);
    enum class Step { forward, advance, abort, backup, done };
    Step step = Step::forward;
    if (resuming) { // after the solution where the search paused (save_top is set before use)
        paused->resume(nodes, updates, solutions, max_level, checkpoint, random);
        level = paused->level;
        step = Step::backup;
    }
    while (step != Step::done) {
        switch (step) {
        case Step::forward: {
            if (level == cut) { // the top of the tree ends here: a path for a thread
                double share = 1;
                for (std::size_t l = 0; l < level; ++l) {
                    top->prefixes.push_back(choice_[l]);
                    share /= length(node_[static_cast<std::size_t>(choice_[l])].item);
                }
                top->shares.push_back(share);
                forced_ = 0;
                step = Step::backup;
                break;
            }
            if (nodes == checkpoint) {
                if ((stop = stop_at(nodes, options, deadline)) != Stop::none) {
                    step = Step::done;
                    break;
                }
                if (options.progress)
                    options.progress({solutions, nodes, updates, fraction_done(level)});
                checkpoint = next_checkpoint(nodes, options);
            }
            ++nodes;
            max_level = std::max(max_level, level);
            bool forced_move = false;
            best =
                random_items ? pick<true>(random, forced_move) : pick<false>(random, forced_move);
            if (best == 0) { // no primary item left: a solution
                ++solutions;
                const std::span<const OptionId> solution(level_option_.data(), level);
                if constexpr (Traced)
                    tracer->solution(solution);
                if (visit != nullptr && (*visit)(solution) == Visit::stop) {
                    stop = Stop::visitor;
                    step = Step::done;
                    break;
                }
                if (solutions >= options.solution_limit) {
                    stop = Stop::solution_limit;
                    step = Step::done;
                    break;
                }
                step = Step::backup;
                break;
            }
            if constexpr (Traced)
                tracer->choose(level, item_id(best), static_cast<std::size_t>(length(best)));
            branch_on<Colors>(best, updates);
            if (!forced_move) {
                if constexpr (Randomised)
                    shuffle_options(best, random);
                save_top = save_lengths(save_top);
            }
            saved_at_[level + 1] = save_top;
            place = best;
            step = Step::advance;
            break;
        }
        case Step::advance: {
            const std::int32_t node = set_[static_cast<std::size_t>(place)];
            choice_[level] = node;
            if (reporting)
                level_option_[level] = option_of(node);
            if constexpr (Traced)
                tracer->try_option(level, option_of(node));
            if (commit<Colors>(node, updates)) {
                ++level;
                step = Step::forward;
            } else {
                forced_ = 0;
                step = Step::abort;
            }
            break;
        }
        case Step::abort:
            if (place + 1 >= best + length(best)) {
                if constexpr (Traced)
                    tracer->backtrack(level, item_id(best));
                step = Step::backup;
                break;
            }
            restore_lengths(saved_at_[level], saved_at_[level + 1]);
            save_top = saved_at_[level + 1];
            ++place;
            step = Step::advance;
            break;
        case Step::backup: {
            if (level == 0) {
                step = Step::done;
                break;
            }
            --level;
            const Node& node = node_[static_cast<std::size_t>(choice_[level])];
            best = node.item;
            place = node.loc;
            step = Step::abort;
            break;
        }
        case Step::done: break;
        }
    }

    if (paused != nullptr)
        *paused = {nodes,           updates, solutions,
                   max_level,       level,   checkpoint,
                   deadline.left(), random,  stop == Stop::visitor};
    add_run(stats, solutions, nodes, updates, max_level, stop);
}

Cells::Top Cells::expand_top(std::size_t depth, const SearchOptions& options,
                             std::span<const OptionId> forced)
{
    Top top;
    top.depth = depth;
    if (!start(forced))
        return top;
    SearchOptions plain; // the item choice of the search, no randomness, limit or report
    plain.choice = options.choice;
    search_here(nullptr, plain, top.stats, &top);
    return top;
}

SearchStats Cells::search_below(std::span<const std::int32_t> prefix, const Visitor* visit,
                                const SearchOptions& options, std::span<const OptionId> forced)
{
    SearchStats stats;
    if (!start(forced))
        return stats;
    for (const std::int32_t node : prefix) {
        forced_ = 0;
        take(node);
    }
    search_here(visit, options, stats, nullptr);
    stats.max_level += prefix.size();
    return stats;
}

} // namespace dlx::detail
