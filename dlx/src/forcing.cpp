// Forcing options before a search (Sudoku's givens): one at a time by dancing them in
// (force), or all at once by laying out only the options compatible with them (reset).
#include "dance.hpp"

#include <algorithm>

namespace dlx::detail {

// The item states recorded here let force() see a conflict without searching: an option is dead
// exactly when one of its items was covered, or purified to another colour, by an option
// forced earlier.

bool Links::force(OptionId option)
{
    settle();
    const std::int32_t* const top = top_.data();
    const std::int32_t* const color = color_.data();
    const std::int32_t first = option < option_first_.size() ? option_first_[option] : -1;
    if (first < 0)
        return false; // no primary item: never part of a solution
    std::int32_t anchor = -1;
    for (std::int32_t q = first; top[q] > 0; ++q) {
        const std::int32_t item = top[q];
        const std::int32_t state = forced_state_[item];
        if (state == -1 || (state > 0 && color[q] >= 0 && color[q] != state))
            return false;
        if (anchor < 0 && item <= primary_count_)
            anchor = q;
    }
    std::uint64_t ignored = 0;
    cover<true>(top[anchor], ignored);
    commit<true>(anchor, ignored);
    for (std::int32_t q = first; top[q] > 0; ++q)
        forced_state_[top[q]] = color[q] > 0 ? color[q] : -1;
    forced_options_.push_back(option);
    forced_anchors_.push_back(anchor);
    return true;
}

void Links::unforce_all()
{
    settle();
    const std::int32_t* const top = top_.data();
    while (!forced_anchors_.empty()) {
        const std::int32_t anchor = forced_anchors_.back();
        forced_anchors_.pop_back();
        uncommit<true>(anchor);
        uncover<true>(top[anchor]);
    }
    forced_options_.clear();
    std::fill(forced_state_.begin(), forced_state_.end(), 0);
    if (laid_out_forced_) {
        next_epoch();
        layout();
        laid_out_forced_ = false;
    }
}

bool Links::reset(std::span<const OptionId> forced)
{
    open_levels_ = 0; // nothing to undo: layout() below writes every link that is used
    forced_anchors_.clear();
    forced_options_.clear();
    std::fill(forced_state_.begin(), forced_state_.end(), 0);
    next_epoch();
    bool consistent = true;
    for (const OptionId option : forced) {
        if (option >= primaries_.size()) { // not an option of the problem
            consistent = false;
            break;
        }
        const std::uint32_t begin = option_begin_[option], end = option_begin_[option + 1];
        for (std::uint32_t e = begin; e < end; ++e) {
            const std::int32_t state = forced_state_[entry_header_[e]];
            if (state == -1 || (state > 0 && entry_color_[e] != state))
                consistent = false;
        }
        if (!primaries_[option] || !consistent) {
            consistent = false;
            break;
        }
        // The options this one rules out: all through an item it covers, and those giving an
        // item it purifies another colour. Marking them walks only the forced options' items.
        for (std::uint32_t e = begin; e < end; ++e) {
            const std::int32_t header = entry_header_[e], color = entry_color_[e];
            forced_state_[header] = color > 0 ? color : -1;
            const std::uint32_t first = item_begin_[header], last = item_begin_[header + 1];
            if (color == 0) {
                for (std::uint32_t k = first; k < last; ++k)
                    dead_[item_options_[k]] = epoch_;
            } else {
                for (std::uint32_t k = first; k < last; ++k) {
                    if (item_colors_[k] != color)
                        dead_[item_options_[k]] = epoch_;
                }
            }
        }
    }
    if (consistent) {
        forced_options_.assign(forced.begin(), forced.end());
    } else {
        std::fill(forced_state_.begin(), forced_state_.end(), 0);
        next_epoch();
    }
    laid_out_forced_ = consistent && !forced.empty();
    layout();
    return consistent;
}

} // namespace dlx::detail
