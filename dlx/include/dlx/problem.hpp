// An exact-cover problem: items to cover and options that cover them (TAOCP 7.2.2.1).
// A Problem is immutable once built, cheap to share between solvers and threads, and
// validated: every Problem that exists is well formed.
#pragma once

#include <dlx/error.hpp>

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace dlx {

/// Index of an item, in the order the items were added (0, 1, 2, ...).
using ItemId = std::uint32_t;
/// Index of an option, in the order the options were added (0, 1, 2, ...).
using OptionId = std::uint32_t;
/// Index of a colour; `no_color` means "uncoloured" (the item is taken whole).
using ColorId = std::uint32_t;

/// The colour of an uncoloured entry.
inline constexpr ColorId no_color = 0;

/// The largest problem the engine takes: items, entries and options together, plus two, fit in
/// 30 bits (the links' 32-bit indices keep two bits for flags). ProblemBuilder refuses more.
inline constexpr std::size_t max_problem_size = (std::size_t{1} << 30) - 1;

/// How an item must be covered.
enum class ItemKind : std::uint8_t {
    primary,   ///< covered by exactly `lower..upper` chosen options (1..1 unless bounds are given)
    secondary, ///< covered at most once, or by any number of options that agree on its colour
};

/// Multiplicity of a primary item (Knuth's DLX3): it must lie in at least `lower` and at most
/// `upper` chosen options. The ordinary exact-cover item has bounds {1, 1}.
struct Bounds {
    std::uint32_t lower = 1;
    std::uint32_t upper = 1;
    friend bool operator==(const Bounds&, const Bounds&) = default;
};

/// One item of an option, with the colour it asks for (secondary items only).
struct Entry {
    ItemId item = 0;
    ColorId color = no_color;
    friend bool operator==(const Entry&, const Entry&) = default;
};

/// An immutable, validated exact-cover problem. Build one with ProblemBuilder.
///
/// Options are stored flat: option `k` is `entries()[option_begin(k) .. option_begin(k+1))`.
class Problem {
public:
    /// An empty problem (no items, no options); it has exactly one solution, the empty set.
    Problem() = default;

    /// Number of items, primary and secondary.
    [[nodiscard]] std::size_t item_count() const noexcept { return items_.size(); }
    /// Number of primary items; they are not necessarily the first items.
    [[nodiscard]] std::size_t primary_count() const noexcept { return primary_count_; }
    /// Number of options.
    [[nodiscard]] std::size_t option_count() const noexcept { return option_begin_.size() - 1; }
    /// Total number of entries over all options (the number of non-spacer nodes in the links).
    [[nodiscard]] std::size_t entry_count() const noexcept { return entries_.size(); }
    /// Number of distinct colour names, `no_color` excluded.
    [[nodiscard]] std::size_t color_count() const noexcept { return color_names_.size() - 1; }

    /// Kind of item `item`. Precondition: `item < item_count()`.
    [[nodiscard]] ItemKind kind(ItemId item) const { return items_[item].kind; }
    /// Multiplicity bounds of item `item` ({1, 1} for secondary items).
    [[nodiscard]] Bounds bounds(ItemId item) const { return items_[item].bounds; }
    /// Name of item `item` (never empty: unnamed items are called "#<index>").
    [[nodiscard]] const std::string& name(ItemId item) const { return items_[item].name; }
    /// Name of colour `color`; empty for `no_color`.
    [[nodiscard]] const std::string& color_name(ColorId color) const { return color_names_[color]; }

    /// The entries of option `option`, in the order they were given.
    [[nodiscard]] std::span<const Entry> option(OptionId option) const
    {
        return {entries_.data() + option_begin_[option],
                entries_.data() + option_begin_[option + 1]};
    }
    /// True when some primary item has bounds other than {1, 1} (Knuth's Algorithm M applies).
    [[nodiscard]] bool has_multiplicities() const noexcept { return has_multiplicities_; }
    /// True when some entry carries a colour (Knuth's Algorithm C applies).
    [[nodiscard]] bool has_colors() const noexcept { return has_colors_; }

    /// The item called `name`, if there is one. O(items): for look-ups in a loop, build a map
    /// once.
    [[nodiscard]] std::optional<ItemId> find_item(std::string_view name) const;
    /// The label that option `option` was given when it was added (empty when none). Labels
    /// are the caller's names for options, not part of the exact-cover problem: Knuth's format
    /// does not hold them, and two problems that differ only in labels are equal.
    [[nodiscard]] const std::string& label(OptionId option) const { return labels_[option]; }
    /// The size that the engine's limit (max_problem_size) applies to: items, entries and
    /// options together, plus two.
    [[nodiscard]] std::size_t size() const noexcept
    {
        return item_count() + entry_count() + option_count() + 2;
    }

    /// The same problem: the same items in the same order (names, kinds, bounds) and the same
    /// options in the same order, each with the same items and the same colours, compared by
    /// name. How the colours are numbered, and colours that no option uses, do not matter (so
    /// a problem written by write_knuth() and read back is equal to the one written).
    friend bool operator==(const Problem& a, const Problem& b);

private:
    friend class ProblemBuilder;
    struct Item {
        std::string name;
        ItemKind kind = ItemKind::primary;
        Bounds bounds;
        friend bool operator==(const Item&, const Item&) = default;
    };
    std::vector<Item> items_;
    std::vector<Entry> entries_;
    std::vector<std::uint32_t> option_begin_{0};
    std::vector<std::string> color_names_{std::string()};
    std::vector<std::string> labels_; // per option, empty when it has none
    std::size_t primary_count_ = 0;
    bool has_multiplicities_ = false;
    bool has_colors_ = false;
};

/// Collects items and options, checks them, and produces a Problem. Every check is made when
/// an item or an option is added, and a call that throws leaves the builder as it was.
///
/// ```
/// dlx::ProblemBuilder builder;
/// builder.add_primary("a");
/// builder.add_primary("b");
/// builder.add_secondary("x");
/// builder.add_option({"a", "x:red"}, "a in red");
/// builder.add_option({"a", "b"});
/// dlx::Problem problem = std::move(builder).build();
/// ```
class ProblemBuilder {
public:
    /// A builder of problems up to `max_size` (Problem::size(), at most max_problem_size).
    explicit ProblemBuilder(std::size_t max_size = max_problem_size);

    /// Adds a primary item with the given multiplicity and returns its id. An empty name is
    /// replaced by "#<index>". Throws ProblemError on a duplicate name, a name that Knuth's text
    /// format cannot hold (white space, ':' or '|'), or bounds with `upper == 0` or
    /// `lower > upper`.
    ItemId add_primary(std::string name = {}, Bounds bounds = {});
    /// Adds a secondary item and returns its id. Same naming rules as add_primary().
    ItemId add_secondary(std::string name = {});

    /// Returns the id of the colour called `name`, creating it on first use. Throws ProblemError
    /// for an empty name or one that Knuth's text format cannot hold.
    ColorId color(std::string_view name);

    /// Adds an option given by its items' names, each "name" or, for a secondary item,
    /// "name:colour" (the colour made on first use), with an optional label (Problem::label)
    /// and returns its id. All or nothing: throws ProblemError, adding nothing (not even a
    /// colour), when the option is empty, names an unknown item or an item twice, gives a
    /// primary item a colour, has a colour name that Knuth's format cannot hold, or would make
    /// the problem larger than the builder's limit; the error says which entry.
    OptionId add_option(std::span<const std::string_view> names, std::string label = {});
    OptionId add_option(std::span<const std::string> names, std::string label = {});
    OptionId add_option(std::initializer_list<std::string_view> names, std::string label = {})
    {
        return add_option(std::span<const std::string_view>(names.begin(), names.size()),
                          std::move(label));
    }
    /// The same with items by id, uncoloured.
    OptionId add_option(std::span<const ItemId> items, std::string label = {});
    OptionId add_option(std::initializer_list<ItemId> items, std::string label = {})
    {
        return add_option(std::span<const ItemId>(items.begin(), items.size()), std::move(label));
    }
    /// The same with entries by id, colours from color(); a colour that is not one of this
    /// builder's is refused too.
    OptionId add_option(std::span<const Entry> entries, std::string label = {});
    OptionId add_option(std::initializer_list<Entry> entries, std::string label = {})
    {
        return add_option(std::span<const Entry>(entries.begin(), entries.size()),
                          std::move(label));
    }

    /// Number of items added so far.
    [[nodiscard]] std::size_t item_count() const noexcept { return problem_.items_.size(); }
    /// Number of options added so far.
    [[nodiscard]] std::size_t option_count() const noexcept { return problem_.option_count(); }
    /// The item called `name`, if there is one.
    [[nodiscard]] std::optional<ItemId> find_item(std::string_view name) const;
    /// The colour called `name`, if there is one (color() makes it).
    [[nodiscard]] std::optional<ColorId> find_color(std::string_view name) const;

    /// Hands over the finished problem; the builder is left empty.
    [[nodiscard]] Problem build() &&;

private:
    ItemId add_item(std::string name, ItemKind kind, Bounds bounds);
    // The checks of an option, which change nothing that a caller sees: its size and the
    // problem's (start_option), then each entry in turn (check_entry); commit_option adds it.
    void start_option(std::size_t entries, const std::string& where);
    void check_entry(const Entry& entry, std::size_t k, const std::string& where);
    OptionId commit_option(std::span<const Entry> entries, std::string label);
    template <typename Name>
    OptionId add_named_option(std::span<const Name> names, std::string label);
    void check_size(std::size_t more, const std::string& where) const;
    std::size_t max_size_;
    Problem problem_;
    std::unordered_map<std::string, ItemId> item_by_name_;
    std::unordered_map<std::string, ColorId> color_by_name_;
    std::vector<std::uint32_t> last_seen_; ///< per item: the stamp of the last call that used it
    std::uint32_t stamp_ = 0;
};

/// True when `name` can be written in Knuth's text format: non-empty, no white space,
/// no ':' and no '|'.
[[nodiscard]] bool is_valid_name(std::string_view name) noexcept;

} // namespace dlx
