// Building and validating exact-cover problems.
#include <dlx/problem.hpp>

#include <algorithm>
#include <limits>
#include <utility>

namespace dlx {

namespace {

std::string quoted(std::string_view name) { return "'" + std::string(name) + "'"; }

// In a check, the colour of an entry whose colour is named but not made yet.
constexpr ColorId new_color = std::numeric_limits<ColorId>::max();

} // namespace

bool is_valid_name(std::string_view name) noexcept
{
    return !name.empty() && std::none_of(name.begin(), name.end(), [](char c) {
        return c == ':' || c == '|' || c == ' ' || c == '\t' || c == '\n' || c == '\r' ||
               c == '\v' || c == '\f';
    });
}

std::optional<ItemId> Problem::find_item(std::string_view name) const
{
    const auto it = std::find_if(items_.begin(), items_.end(),
                                 [&](const Item& item) { return item.name == name; });
    if (it == items_.end())
        return std::nullopt;
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
    check_size(1, "item " + quoted(name));
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

ProblemBuilder::ProblemBuilder(std::size_t max_size)
    : max_size_(std::min(max_size, max_problem_size))
{
}

void ProblemBuilder::check_size(std::size_t more, const std::string& where) const
{
    if (problem_.size() + more > max_size_)
        throw ProblemError(where + ": the problem would hold more than " +
                           std::to_string(max_size_) +
                           " items, entries and options (plus two): more than the engine takes");
}

// One entry of the option being checked, the k-th: its item exists and is not in the option
// yet (the stamp marks the items seen), and only a secondary item has a colour.
void ProblemBuilder::check_entry(const Entry& entry, std::size_t k, const std::string& where)
{
    if (entry.item >= problem_.items_.size())
        throw ProblemError(where, "unknown item " + std::to_string(entry.item), k);
    const auto& item = problem_.items_[entry.item];
    if (last_seen_[entry.item] == stamp_)
        throw ProblemError(where, "item " + quoted(item.name) + " appears twice in this option", k);
    last_seen_[entry.item] = stamp_;
    if (entry.color == no_color)
        return;
    if (item.kind == ItemKind::primary)
        throw ProblemError(where, "primary item " + quoted(item.name) + " cannot have a colour", k);
    if (entry.color != new_color && entry.color >= problem_.color_names_.size())
        throw ProblemError(where, "unknown colour " + std::to_string(entry.color), k);
}

// A new stamp for each option checked (not per option id: a refused option's id is used again).
void ProblemBuilder::start_option(std::size_t entries, const std::string& where)
{
    if (entries == 0)
        throw ProblemError(where + ": an option needs at least one item");
    check_size(entries + 1, where);
    if (++stamp_ == 0) {
        std::fill(last_seen_.begin(), last_seen_.end(), 0);
        stamp_ = 1;
    }
}

OptionId ProblemBuilder::commit_option(std::span<const Entry> entries, std::string label)
{
    const auto id = static_cast<OptionId>(problem_.option_count());
    problem_.has_colors_ = problem_.has_colors_ ||
                           std::any_of(entries.begin(), entries.end(),
                                       [](const Entry& entry) { return entry.color != no_color; });
    problem_.entries_.insert(problem_.entries_.end(), entries.begin(), entries.end());
    problem_.option_begin_.push_back(static_cast<std::uint32_t>(problem_.entries_.size()));
    problem_.labels_.push_back(std::move(label));
    return id;
}

OptionId ProblemBuilder::add_option(std::span<const Entry> entries, std::string label)
{
    const std::string where = "option " + std::to_string(option_count());
    start_option(entries.size(), where);
    for (std::size_t k = 0; k < entries.size(); ++k)
        check_entry(entries[k], k, where);
    return commit_option(entries, std::move(label));
}

OptionId ProblemBuilder::add_option(std::span<const ItemId> items, std::string label)
{
    std::vector<Entry> entries;
    entries.reserve(items.size());
    for (const ItemId item : items)
        entries.push_back({item, no_color});
    return add_option(std::span<const Entry>(entries), std::move(label));
}

// Each name is resolved and checked in turn, so that the first fault from the left is the one
// reported; colours not made yet are made only once the whole option has passed.
template <typename Name>
OptionId ProblemBuilder::add_named_option(std::span<const Name> names, std::string label)
{
    const std::string where = "option " + std::to_string(option_count());
    start_option(names.size(), where);
    std::vector<Entry> entries;
    entries.reserve(names.size());
    std::vector<std::pair<std::size_t, std::string_view>> new_colors; // (entry, name)
    for (std::size_t k = 0; k < names.size(); ++k) {
        const std::string_view text = names[k];
        const std::size_t colon = text.find(':');
        const std::string_view name = text.substr(0, colon);
        const std::optional<ItemId> item = find_item(name);
        if (!item)
            throw ProblemError(where, "unknown item " + quoted(name), k);
        Entry entry{*item, no_color};
        if (colon != std::string_view::npos) {
            const std::string_view color = text.substr(colon + 1);
            if (color.empty())
                throw ProblemError(where, "empty colour after ':'", k, colon);
            if (!is_valid_name(color))
                throw ProblemError(where, "bad colour name " + quoted(color), k, colon + 1);
            if (const std::optional<ColorId> known = find_color(color)) {
                entry.color = *known;
            } else {
                entry.color = new_color;
                new_colors.emplace_back(k, color);
            }
        }
        check_entry(entry, k, where);
        entries.push_back(entry);
    }
    for (const auto& [k, name] : new_colors)
        entries[k].color = this->color(name);
    return commit_option(entries, std::move(label));
}

OptionId ProblemBuilder::add_option(std::span<const std::string_view> names, std::string label)
{
    return add_named_option(names, std::move(label));
}

OptionId ProblemBuilder::add_option(std::span<const std::string> names, std::string label)
{
    return add_named_option(names, std::move(label));
}

std::optional<ItemId> ProblemBuilder::find_item(std::string_view name) const
{
    const auto it = item_by_name_.find(std::string(name));
    if (it == item_by_name_.end())
        return std::nullopt;
    return it->second;
}

std::optional<ColorId> ProblemBuilder::find_color(std::string_view name) const
{
    const auto it = color_by_name_.find(std::string(name));
    if (it == color_by_name_.end())
        return std::nullopt;
    return it->second;
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
