// Knuth's estimate of a search tree (TAOCP 7.2.2, after "Estimating the efficiency of
// backtrack programs", 1975): random paths from the root, each an unbiased estimate.
//
//   level 0   choose i0 as X3 does; d0 options      nodes     += 1
//             cover i0, commit one option at random updates   += cover + d0 * commit
//   level 1   (this node stands for d0 of its kind) nodes     += d0
//             ...                                   updates   += d0 * (cover + d1 * commit)
//   level k   no primary item left: a solution      solutions  = d0 * d1 * ... * d(k-1)
//
// A node whose item has no option ends the path as a dead end (its cover still counts).
// Algorithm M's moves are sampled the same way (sample_paths_m() below).
//
// The paths are walked together: at a node that m of them reach, each of the m picks its
// option uniformly and independently, exactly as m separate walks would, and the m are then
// shared out among the options picked. A node is thus entered once however many paths pass
// through it, and the top of the tree, where the covers are largest, is danced once instead
// of once a path: on pento6x10, 10,000 paths cost 5.8% of the full count's time one by one and
// under 1% together, with the Trail below (docs/benchmarks.md section 11).
#include "choice.hpp"
#include "dance.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace dlx::detail {

namespace {

// A point in a Trail's record to come back to.
struct TrailMark {
    std::size_t changes, marks;
};

} // namespace

// The dance steps of the estimate, each change to the links also written down: a node unlinked
// from its item's list, an item deactivated, a node marked as agreeing with a purified colour.
// undo() puts everything back, newest change first, in one sweep along the record; uncommit()
// and uncover() would walk every option and every item's list again, reading the links as
// they go. That walk back was 40% of the estimate's time (perf, pento6x10); with the record,
// `exact-cover --estimate --samples 10000` took 77 ms instead of 88 (medians side by side).
//
// commit() walks the option as Links::commit() does, written out again for the reason given
// there (a walk shared through a lambda stops GCC inlining the steps).
//
//   changes_:  q1 q2 q3 -i4 q5 ...   q > 0: node q unlinked (it still knows its neighbours)
//                                    -i:    item i deactivated
//   marks_:    (node, colour) ...    a node marked -1 by purify(), and its colour before
//
// Each node is unlinked at most once on a walk (it is out of its list until undo()), so the
// record never outgrows the nodes and items. Marks are undone apart from the changes: they
// touch only colours, which undoing the changes does not read.
class Links::Trail {
public:
    explicit Trail(Links& links)
        : links_(links), changes_(static_cast<std::size_t>(links.node_end_) + 1),
          end_(changes_.data())
    {
    }

    // As Links::cover() and Links::commit() (cover or purify each other item of the option,
    // left to right). Each returns the updates it made: the changes it wrote down, since a
    // change is an update (a node unlinked, or the item itself) and a colour mark is none.
    template <bool Colors, bool Hint>
    DLX_ALWAYS_INLINE std::uint64_t cover(std::int32_t item) noexcept
    {
        std::int32_t* out = end_;
        cover_into<Colors, Hint>(item, out);
        return written(out);
    }

    template <bool Colors, bool Hint> DLX_ALWAYS_INLINE std::uint64_t commit(std::int32_t node)
    {
        const Link* const ln = links_.links_.data();
        const std::int32_t* const top = links_.top_.data();
        const std::int32_t* const color = links_.color_.data();
        std::int32_t* out = end_;
        for (std::int32_t q = node + 1; q != node;) {
            const std::int32_t item = top[q];
            if (item <= 0) {
                q = ln[q].up;
                continue;
            }
            if (!Colors || color[q] == 0)
                cover_into<Colors, Hint>(item, out);
            else if (color[q] > 0)
                purify_into<Hint>(q, out);
            ++q;
        }
        return written(out);
    }

    [[nodiscard]] TrailMark mark() const noexcept
    {
        return {static_cast<std::size_t>(end_ - changes_.data()), marks_.size()};
    }

    // Undoes every change made since `to`, newest first.
    void undo(TrailMark to) noexcept
    {
        Link* const ln = links_.links_.data();
        std::int32_t* const top = links_.top_.data();
        const std::int32_t* const stop = changes_.data() + to.changes;
        std::int32_t* end = end_; // in a register, not stored back at every change
        while (end != stop) {
            const std::int32_t q = *--end;
            if (q < 0) {
                links_.reactivate(-q);
            } else {
                ln[ln[q].up].down = q;
                ln[ln[q].down].up = q;
                ++top[top[q]];
            }
        }
        end_ = end;
        for (std::size_t k = to.marks; k < marks_.size(); ++k)
            links_.color_[static_cast<std::size_t>(marks_[k].first)] = marks_[k].second;
        marks_.resize(to.marks);
    }

private:
    template <bool Colors, bool Hint>
    DLX_ALWAYS_INLINE void cover_into(std::int32_t item, std::int32_t*& out) noexcept
    {
        links_.deactivate(item);
        *out++ = -item;
        const Link* const ln = links_.links_.data();
        for (std::int32_t r = ln[item].down; r != item; r = ln[r].down)
            hide_into<Colors, Hint>(r, out);
    }

    // As Links::hide(), writing down each node it unlinks.
    template <bool Colors, bool Hint>
    DLX_ALWAYS_INLINE void hide_into(std::int32_t node, std::int32_t*& out) noexcept
    {
        Link* const ln = links_.links_.data();
        std::int32_t* const top = links_.top_.data();
        const std::int32_t* const color = links_.color_.data();
        const auto remove = [&](std::int32_t q) {
            if (!Colors || color[q] >= 0) {
                const std::int32_t up = ln[q].up, down = ln[q].down, item = top[q];
                ln[up].down = down;
                ln[down].up = up;
                *out++ = q;
                const std::int32_t left = --top[item];
                if (Hint && left <= 1 && item <= links_.primary_count_)
                    (left == 0 ? links_.zero_hint_ : links_.single_hint_) = item;
            }
        };
        std::int32_t q = node + 1;
        for (; top[q] > 0; ++q)
            remove(q);
        for (q = ln[q].up; q != node; ++q)
            remove(q);
    }

    // As Links::purify().
    template <bool Hint> void purify_into(std::int32_t node, std::int32_t*& out)
    {
        const Link* const ln = links_.links_.data();
        std::int32_t* const color = links_.color_.data();
        const std::int32_t item = links_.top_[static_cast<std::size_t>(node)];
        const std::int32_t wanted = color[node];
        for (std::int32_t r = ln[item].down; r != item; r = ln[r].down) {
            if (color[r] != wanted) {
                hide_into<true, Hint>(r, out);
            } else if (r != node) {
                marks_.emplace_back(r, wanted);
                color[r] = -1;
            }
        }
    }

    std::uint64_t written(std::int32_t* out) noexcept
    {
        const auto count = static_cast<std::uint64_t>(out - end_);
        end_ = out;
        return count;
    }

    Links& links_;
    std::vector<std::int32_t> changes_; // the record, from changes_[0] up to end_
    std::int32_t* end_;
    std::vector<std::pair<std::int32_t, std::int32_t>> marks_;
};

namespace {

// A node on the way down, with the paths that reached it still to be sent on.
struct Level {
    std::int32_t item;    // the item chosen here (covered)
    std::int32_t options; // its live options, d
    double weight;        // the nodes of the full tree that this node stands for
    double nodes;         // the paths' node estimate so far, this node included
    double updates;       // their update estimate before this node's own
    std::uint64_t cover;  // the updates of covering `item`
    std::size_t groups;   // where this node's groups begin in `groups`, and the next one
    std::size_t next;
    std::int32_t cursor; // the node of option `cursor_index` of `item`, walking forward
    std::uint32_t cursor_index;
    TrailMark covered; // the trail before `item` was covered, and after
    TrailMark chosen;
};

} // namespace

// One path alone from the node the links stand at down to its leaf: what enter() and the loop
// of sample_paths() would do for it, with the same random choices (and so the same estimates),
// as a plain loop without their stack, groups and sorting; its changes are undone at the leaf.
template <bool Colors, bool Hint>
void Links::walk_alone(Trail& trail, Random& random, double weight, double nodes_so_far,
                       double updates_so_far, Welford& nodes, Welford& updates, Welford& solutions,
                       std::uint64_t& made)
{
    const TrailMark start = trail.mark();
    for (;;) {
        nodes_so_far += weight;
        const std::int32_t item = choose<false, Hint>(random, false);
        if (item == root) { // a solution
            nodes.add(nodes_so_far, 1);
            updates.add(updates_so_far, 1);
            solutions.add(weight, 1);
            break;
        }
        const std::int32_t options = length(item);
        const std::uint64_t cover_cost = trail.cover<Colors, false>(item);
        made += cover_cost;
        if (options == 0) { // a dead end
            nodes.add(nodes_so_far, 1);
            updates.add(updates_so_far + weight * static_cast<double>(cover_cost), 1);
            solutions.add(0, 1);
            break;
        }
        std::int32_t node = links_[item].down;
        for (std::uint32_t pick = random.below(static_cast<std::uint32_t>(options)); pick > 0;
             --pick)
            node = links_[node].down;
        if constexpr (Hint)
            clear_hints();
        const std::uint64_t commit_cost = trail.commit<Colors, Hint>(node);
        made += commit_cost;
        const double d = options;
        updates_so_far +=
            weight * (static_cast<double>(cover_cost) + d * static_cast<double>(commit_cost));
        weight *= d;
    }
    trail.undo(start);
}

// Walks `samples` paths from the current state, choosing and committing as run_x does (the
// hints cleared before each commit, so that the item choice is the search's), and adds each
// path's three estimates; leaves the links as it found them. Returns the updates it made.
template <bool Colors, bool Hint>
std::uint64_t Links::sample_paths(std::uint64_t samples, Random& random, Welford& nodes,
                                  Welford& updates, Welford& solutions,
                                  const std::atomic<bool>* cancel)
{
    std::uint64_t made = 0;
    if constexpr (Hint)
        start_hints();
    std::vector<Level> stack;
    std::vector<std::pair<std::uint32_t, std::uint64_t>> groups; // (option index, paths)
    std::vector<std::uint64_t> picks; // each path's option, or each option's paths
    Trail trail(*this);

    // The node the links stand at, reached by `paths` paths: a leaf adds their estimates;
    // otherwise its item is covered and the paths' picks grouped by option.
    auto enter = [&](std::uint64_t paths, double weight, double nodes_so_far,
                     double updates_so_far) {
        if (paths == 1) {
            walk_alone<Colors, Hint>(trail, random, weight, nodes_so_far, updates_so_far, nodes,
                                     updates, solutions, made);
            return;
        }
        nodes_so_far += weight;
        Random& r = random;
        const std::int32_t item = choose<false, Hint>(r, false);
        if (item == root) { // a solution
            nodes.add(nodes_so_far, paths);
            updates.add(updates_so_far, paths);
            solutions.add(weight, paths);
            return;
        }
        const std::int32_t options = length(item);
        const TrailMark covered = trail.mark();
        const std::uint64_t cover_cost = trail.cover<Colors, false>(item);
        made += cover_cost;
        if (options == 0) { // a dead end
            trail.undo(covered);
            nodes.add(nodes_so_far, paths);
            updates.add(updates_so_far + weight * static_cast<double>(cover_cost), paths);
            solutions.add(0, paths);
            return;
        }
        // The picks, grouped by option in increasing order: counted when the options are no
        // more than the paths (the root's 10,000 paths: no sort), else sorted.
        const std::size_t first = groups.size();
        const auto d = static_cast<std::uint32_t>(options);
        if (d <= paths) {
            picks.assign(d, 0);
            for (std::uint64_t p = 0; p < paths; ++p) {
                // Billions of paths take seconds to pick: a cancel is looked at meanwhile (the
                // loop below puts the links back).
                if (p % 4096 == 0 && cancelled(cancel))
                    return;
                ++picks[random.below(d)];
            }
            for (std::uint32_t pick = 0; pick < d; ++pick) {
                if (picks[pick] > 0)
                    groups.emplace_back(pick, picks[pick]);
            }
        } else {
            picks.clear();
            for (std::uint64_t p = 0; p < paths; ++p)
                picks.push_back(random.below(d));
            std::sort(picks.begin(), picks.end());
            for (const std::uint64_t pick : picks) {
                if (groups.size() > first && groups.back().first == pick)
                    ++groups.back().second;
                else
                    groups.emplace_back(static_cast<std::uint32_t>(pick), 1);
            }
        }
        stack.push_back({item, options, weight, nodes_so_far, updates_so_far, cover_cost, first,
                         first, links_[item].down, 0, covered, trail.mark()});
    };

    const TrailMark root_mark = trail.mark();
    enter(samples, 1, 0, 0);
    while (!stack.empty()) {
        if (cancelled(cancel)) // back to the root at once (below), the paths not taken left
            break;
        Level& level = stack.back();
        trail.undo(level.chosen);          // back from the paths of the last option, if any
        if (level.next == groups.size()) { // every group sent on: back up
            trail.undo(level.covered);
            groups.resize(level.groups);
            stack.pop_back();
            continue;
        }
        const auto [pick, paths] = groups[level.next++];
        while (level.cursor_index < pick) {
            level.cursor = links_[level.cursor].down;
            ++level.cursor_index;
        }
        if constexpr (Hint)
            clear_hints();
        const std::uint64_t commit_cost = trail.commit<Colors, Hint>(level.cursor);
        made += commit_cost;
        const double d = level.options;
        const double after = level.updates + level.weight * (static_cast<double>(level.cover) +
                                                             d * static_cast<double>(commit_cost));
        enter(paths, level.weight * d, level.nodes, after); // may grow the stack: `level` dies
    }
    trail.undo(root_mark); // nothing to undo unless the sampling was cancelled
    return made;
}

// Algorithm M's estimate: each path walked alone, from the node the links stand at. At each
// node its moves are counted as the search makes them (expand_here_m(): M3 to M8, every move
// tried and undone), so that the node's own updates are known exactly, not estimated; one of
// its d moves is then taken at random (enter_branch_m(), the moves before it tweaked as the
// search tweaks them) and the path goes on with weight multiplied by d. Its nodes' moves are
// cheap (matrices7x6.dlx: 1.4 updates a node), so the walks are not shared as Algorithm X's
// are. Returns the updates it made.
std::uint64_t Links::sample_paths_m(std::uint64_t samples, Random& random, Welford& nodes,
                                    Welford& updates, Welford& solutions,
                                    const std::atomic<bool>* cancel)
{
    std::uint64_t made = 0;
    const std::size_t start = path_levels_.size(); // split() estimates below a path of its own
    for (std::uint64_t sample = 0; sample < samples && !cancelled(cancel); ++sample) {
        double weight = 1, nodes_so_far = 0, updates_so_far = 0, found = 0;
        for (;;) {
            SearchStats here;
            const std::uint32_t moves = expand_here_m(here);
            made += here.updates;
            nodes_so_far += weight;
            updates_so_far += weight * static_cast<double>(here.updates);
            if (here.solutions > 0)
                found = weight;
            if (moves == 0) // a solution, or a dead end
                break;
            if (!enter_branch_m(random.below(moves)))
                throw std::logic_error("dlx::estimate: a move of its own is not in the tree");
            weight *= moves;
        }
        while (path_levels_.size() > start)
            leave_branch();
        nodes.add(nodes_so_far, 1);
        updates.add(updates_so_far, 1);
        solutions.add(found, 1);
    }
    return made;
}

TreeEstimate Links::estimate(std::uint64_t samples, std::uint64_t seed, ItemChoice choice,
                             const std::atomic<bool>* cancel)
{
    settle();
    SearchOptions options;
    options.choice = choice;
    Random random(seed);
    Welford nodes, updates, solutions;
    std::uint64_t made = 0;
    if (samples > 0 && multiplicities_) {
        made = sample_paths_m(samples, random, nodes, updates, solutions, cancel);
    } else if (samples > 0) {
        with_flags(
            [&]<bool Colors, bool Hint>() {
                made =
                    sample_paths<Colors, Hint>(samples, random, nodes, updates, solutions, cancel);
            },
            colors_, uses_hints(options));
    }
    return tree_estimate(nodes, updates, solutions, samples, made);
}

} // namespace dlx::detail
