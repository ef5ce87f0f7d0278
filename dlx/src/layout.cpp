// Building the links: the problem's options kept compactly, every node placed once, and the
// vertical links laid out, for the whole problem or (after reset()) only for the options that
// the forced ones leave. links.hpp explains the layout.
#include "links.hpp"

#include <algorithm>
#include <stdexcept>

namespace dlx::detail {

Links::Links(const Problem& problem)
{
    const auto items = static_cast<std::int32_t>(problem.item_count());
    colors_ = problem.has_colors();
    multiplicities_ = problem.has_multiplicities();
    primary_count_ = static_cast<std::int32_t>(problem.primary_count());
    keep_list_ = multiplicities_ || primary_count_ > linear_choice_limit;

    const std::size_t node_count =
        static_cast<std::size_t>(items) + 2 + problem.entry_count() + problem.option_count();
    if (node_count >= static_cast<std::size_t>(inactive))
        throw ProblemError("dlx: the problem has 2^30 nodes or more (items, entries and "
                           "options together)");

    // Headers: the primary items first, in item order, then the secondary ones.
    header_of_.resize(static_cast<std::size_t>(items));
    item_of_.assign(static_cast<std::size_t>(items) + 1, 0);
    bound_.assign(static_cast<std::size_t>(items) + 1, 0);
    slack_.assign(static_cast<std::size_t>(items) + 1, 0);
    std::int32_t next_primary = 1, next_secondary = primary_count_ + 1;
    for (ItemId item = 0; item < problem.item_count(); ++item) {
        const bool primary = problem.kind(item) == ItemKind::primary;
        const std::int32_t header = primary ? next_primary++ : next_secondary++;
        header_of_[item] = header;
        item_of_[static_cast<std::size_t>(header)] = item;
        if (primary) {
            Bounds bounds = problem.bounds(item);
            // A bound beyond the number of options behaves like that number plus one (the
            // branching degree len + 1 - lower is unchanged), and then fits in 32 signed bits.
            const std::uint32_t cap = static_cast<std::uint32_t>(problem.option_count()) + 1;
            bounds.upper = std::min(bounds.upper, cap);
            bounds.lower = std::min(bounds.lower, cap);
            bound_[static_cast<std::size_t>(header)] = static_cast<std::int32_t>(bounds.upper);
            slack_[static_cast<std::size_t>(header)] =
                static_cast<std::int32_t>(bounds.upper - bounds.lower);
        }
    }

    // The options, kept compactly so that reset() can lay out the links again.
    option_begin_.reserve(problem.option_count() + 1);
    option_begin_.push_back(0);
    entry_header_.reserve(problem.entry_count());
    entry_color_.reserve(problem.entry_count());
    primaries_.assign(problem.option_count(), 0);
    for (OptionId option = 0; option < problem.option_count(); ++option) {
        for (const Entry& entry : problem.option(option)) {
            entry_header_.push_back(header_of_[entry.item]);
            entry_color_.push_back(static_cast<std::int32_t>(entry.color));
            if (problem.kind(entry.item) == ItemKind::primary)
                ++primaries_[option];
        }
        option_begin_.push_back(static_cast<std::uint32_t>(entry_header_.size()));
    }
    // Per item, its entries in option order: reset() walks them to find the dead options.
    item_begin_.assign(static_cast<std::size_t>(items) + 2, 0);
    for (const std::int32_t header : entry_header_)
        ++item_begin_[static_cast<std::size_t>(header) + 1];
    for (std::size_t h = 1; h < item_begin_.size(); ++h)
        item_begin_[h] += item_begin_[h - 1];
    item_options_.resize(entry_header_.size());
    item_colors_.resize(entry_header_.size());
    {
        std::vector<std::uint32_t> fill(item_begin_.begin(), item_begin_.end() - 1);
        for (OptionId option = 0; option < problem.option_count(); ++option) {
            for (std::uint32_t e = option_begin_[option]; e < option_begin_[option + 1]; ++e) {
                const std::uint32_t k = fill[static_cast<std::size_t>(entry_header_[e])]++;
                item_options_[k] = option;
                item_colors_[k] = entry_color_[e];
            }
        }
    }
    dead_.assign(problem.option_count(), 0);
    live_options_.assign(problem.option_count() + 1, 0);
    forced_state_.assign(static_cast<std::size_t>(items) + 1, 0);
    option_first_.assign(problem.option_count(), -1);
    prev_.assign(static_cast<std::size_t>(items) + 1, root);
    next_.assign(static_cast<std::size_t>(items) + 1, root);
    links_.resize(node_count);
    top_.resize(node_count + 4); // padding for the four-wide scan in first_of_length()
    color_.resize(node_count);
    option_id_.resize(node_count);
    place_nodes();
    layout();

    // Each level decreases the bound of one primary item, and an item is chosen at most once
    // more than it has options (the last time for Algorithm M's null move).
    std::size_t max_levels = 1;
    for (std::int32_t header = 1; header <= primary_count_; ++header)
        max_levels += static_cast<std::size_t>(std::min(bound_[header], top_[header] + 1));
    choice_.assign(max_levels + 1, 0);
    item_at_.assign(max_levels + 1, 0);
    tweak_at_.assign(max_levels + 1, 0);
    order_begin_.assign(max_levels + 1, 0);
    order_next_.assign(max_levels + 1, 0);
    order_.assign(entry_header_.size() + 1, 0);
    solution_.reserve(max_levels);
    level_option_.assign(max_levels + 1, 0);
}

// Every option's nodes get their places once: option by option, a spacer between, as Knuth
// lays them out (options without a primary item too, though never linked). TOP of the nodes
// and the spacers' links never change after this; layout() writes only the vertical links.
void Links::place_nodes()
{
    Link* const ln = links_.data();
    std::int32_t* const top = top_.data();
    const auto items = static_cast<std::int32_t>(item_of_.size()) - 1;
    const auto options = static_cast<OptionId>(option_begin_.size() - 1);
    std::int32_t spacer = items + 1; // the first spacer
    ln[spacer] = {0, 0};
    top[spacer] = 0;
    for (OptionId option = 0; option < options; ++option) {
        const std::uint32_t begin = option_begin_[option], end = option_begin_[option + 1];
        const std::int32_t first = spacer + 1;
        option_first_[option] = primaries_[option] ? first : -1;
        for (std::uint32_t e = begin; e < end; ++e) {
            top[first + static_cast<std::int32_t>(e - begin)] = entry_header_[e];
            option_id_[first + e - begin] = option;
        }
        const std::int32_t last = first + static_cast<std::int32_t>(end - begin) - 1;
        ln[spacer].down = last;
        spacer = last + 1;
        ln[spacer] = {first, 0};
        top[spacer] = -static_cast<std::int32_t>(option) - 1;
    }
    node_end_ = spacer + 1;
}

// Lays out the links of every option that is compatible with forced_state_: not through a
// covered item, and agreeing with the colour of every purified one (those nodes get colour -1,
// as purify() would have marked them). Covered items are left inactive. With no state set,
// this is the problem as given.
void Links::layout()
{
    // The arrays were sized and placed once (place_nodes); a reset() per Sudoku puzzle pays for
    // no allocation and writes only the links of the options that stay.
    Link* const ln = links_.data();
    std::int32_t* const top = top_.data();
    std::int32_t* const color = color_.data();
    const std::int32_t* const state = forced_state_.data();
    const auto items = static_cast<std::int32_t>(item_of_.size()) - 1;

    ln[root] = {root, root};
    top[root] = 0;
    color[root] = 0;
    for (std::int32_t header = 1; header <= items; ++header) {
        ln[header] = {header, header};
        top[header] = state[header] == -1 ? inactive : 0;
    }
    if (keep_list_) { // the active list, where something walks it (see deactivate())
        std::int32_t last_active = root;
        for (std::int32_t header = 1; header <= items; ++header) {
            if (header <= primary_count_ && state[header] != -1) {
                prev_[header] = last_active;
                next_[last_active] = header;
                last_active = header;
            } else {
                prev_[header] = next_[header] = header;
            }
        }
        next_[last_active] = root;
        prev_[root] = last_active;
    }

    // The options that stay, in order, gathered without a branch: whether an option survived
    // the givens is unpredictable, and the mispredictions cost more than the rest of the loop.
    // Each keeps the nodes place_nodes() gave it, so only the vertical links are written.
    // (Locals, so that the store into live_options_ does not make the compiler load the
    // epoch and the arrays again at every option.)
    const auto options = static_cast<OptionId>(option_begin_.size() - 1);
    const std::uint32_t* const primaries = primaries_.data();
    const std::uint32_t* const dead = dead_.data();
    const std::uint32_t epoch = epoch_;
    OptionId* const gathered = live_options_.data();
    std::uint32_t live = 0;
    for (OptionId option = 0; option < options; ++option) {
        gathered[live] = option;
        live += static_cast<std::uint32_t>(primaries[option] != 0) &
                static_cast<std::uint32_t>(dead[option] != epoch);
    }
    for (std::uint32_t i = 0; i < live; ++i) {
        const OptionId option = gathered[i];
        std::int32_t node = option_first_[option];
        for (std::uint32_t e = option_begin_[option]; e < option_begin_[option + 1]; ++e, ++node) {
            const std::int32_t header = entry_header_[e];
            const std::int32_t bottom = ln[header].up;
            ln[node] = {bottom, header};
            if (colors_) // without colours the colour array stays all 0, as built
                color[node] = state[header] > 0 ? -1 : entry_color_[e];
            ln[bottom].down = node;
            ln[header].up = node;
            ++top[header];
        }
    }
}

void Links::next_epoch()
{
    if (++epoch_ == 0) { // after 2^32 resets: clear the stamps once
        std::fill(dead_.begin(), dead_.end(), 0);
        epoch_ = 1;
    }
}

} // namespace dlx::detail
