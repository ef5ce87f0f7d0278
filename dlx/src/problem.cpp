// Building and validating exact-cover problems.
#include <dlx/problem.hpp>

#include <algorithm>
#include <utility>

namespace dlx {

namespace {

std::string quoted(std::string_view name) { return "'" + std::string(name) + "'"; }

} // namespace

bool is_valid_name(std::string_view name) noexcept
{
    return !name.empty() && std::none_of(name.begin(), name.end(), [](char c) {
        return c == ':' || c == '|' || c == ' ' || c == '\t' || c == '\n' || c == '\r' ||
               c == '\v' || c == '\f';
    });
}

ItemId Problem::find_item(std::string_view name) const
{
    const auto it = std::find_if(items_.begin(), items_.end(),
                                 [&](const Item& item) { return item.name == name; });
    return static_cast<ItemId>(it - items_.begin());
}

bool operator==(const Problem& a, const Problem& b)
{
    if (a.items_ != b.items_ || a.option_begin_ != b.option_begin_)
        return false;
    return std::equal(a.entries_.begin(), a.entries_.end(), b.entries_.begin(), b.entries_.end(),
                      [&](const Entry& x, const Entry& y) {
                          return x.item == y.item &&
                                 a.color_names_[x.color] == b.color_names_[y.color];
                      });
}

ItemId ProblemBuilder::add_item(std::string name, ItemKind kind, Bounds bounds)
{
    const auto id = static_cast<ItemId>(problem_.items_.size());
    if (name.empty())
        name = "#" + std::to_string(id);
    if (!is_valid_name(name))
        throw ProblemError("item " + quoted(name) +
                           ": a name may not contain white space, "
                           "':' or '|'");
    if (bounds.upper == 0)
        throw ProblemError("item " + quoted(name) + ": upper bound is zero");
    if (bounds.lower > bounds.upper)
        throw ProblemError("item " + quoted(name) + ": lower bound " +
                           std::to_string(bounds.lower) + " exceeds upper bound " +
                           std::to_string(bounds.upper));
    if (!item_by_name_.emplace(name, id).second)
        throw ProblemError("item " + quoted(name) + " is defined twice");
    if (kind == ItemKind::primary) {
        ++problem_.primary_count_;
        if (bounds != Bounds{})
            problem_.has_multiplicities_ = true;
    }
    problem_.items_.push_back({std::move(name), kind, bounds});
    last_seen_.push_back(0);
    return id;
}

ItemId ProblemBuilder::add_primary(std::string name, Bounds bounds)
{
    return add_item(std::move(name), ItemKind::primary, bounds);
}

ItemId ProblemBuilder::add_secondary(std::string name)
{
    return add_item(std::move(name), ItemKind::secondary, Bounds{});
}

ColorId ProblemBuilder::color(std::string_view name)
{
    if (!is_valid_name(name))
        throw ProblemError("colour " + quoted(name) +
                           ": a colour needs a name without white "
                           "space, ':' or '|'");
    const auto [it, added] = color_by_name_.emplace(
        std::string(name), static_cast<ColorId>(problem_.color_names_.size()));
    if (added)
        problem_.color_names_.emplace_back(name);
    return it->second;
}

OptionId ProblemBuilder::add_option(std::span<const ItemId> items)
{
    std::vector<Entry> entries;
    entries.reserve(items.size());
    for (const ItemId item : items)
        entries.push_back({item, no_color});
    return add_option(std::span<const Entry>(entries));
}

OptionId ProblemBuilder::add_option(std::span<const Entry> entries)
{
    const auto id = static_cast<OptionId>(problem_.option_count());
    const std::string where = "option " + std::to_string(id);
    if (entries.empty())
        throw ProblemError(where + ": an option needs at least one item");
    // last_seen_[i] == stamp_ marks the items already in this option; a new stamp per call
    // (not per option id, since a refused option's id is used again).
    if (++stamp_ == 0) {
        std::fill(last_seen_.begin(), last_seen_.end(), 0);
        stamp_ = 1;
    }
    const std::uint32_t stamp = stamp_;
    for (const Entry& entry : entries) {
        if (entry.item >= problem_.items_.size())
            throw ProblemError(where + ": unknown item " + std::to_string(entry.item));
        const auto& item = problem_.items_[entry.item];
        if (last_seen_[entry.item] == stamp)
            throw ProblemError(where + ": item " + quoted(item.name) + " appears twice");
        last_seen_[entry.item] = stamp;
        if (entry.color != no_color) {
            if (item.kind == ItemKind::primary)
                throw ProblemError(where + ": primary item " + quoted(item.name) +
                                   " cannot have a colour");
            if (entry.color >= problem_.color_names_.size())
                throw ProblemError(where + ": unknown colour " + std::to_string(entry.color));
        }
    }
    problem_.has_colors_ = problem_.has_colors_ ||
                           std::any_of(entries.begin(), entries.end(),
                                       [](const Entry& entry) { return entry.color != no_color; });
    problem_.entries_.insert(problem_.entries_.end(), entries.begin(), entries.end());
    problem_.option_begin_.push_back(static_cast<std::uint32_t>(problem_.entries_.size()));
    return id;
}

ItemId ProblemBuilder::find_item(std::string_view name) const
{
    const auto it = item_by_name_.find(std::string(name));
    return it == item_by_name_.end() ? static_cast<ItemId>(item_count()) : it->second;
}

Problem ProblemBuilder::build() &&
{
    Problem result = std::move(problem_);
    problem_ = Problem();
    item_by_name_.clear();
    color_by_name_.clear();
    last_seen_.clear();
    return result;
}

} // namespace dlx
