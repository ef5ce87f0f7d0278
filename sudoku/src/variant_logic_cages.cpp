// Cage combinations and the words of a step: see variant_logic.hpp.
//
// A cage of k cells with sum s holds one of the sets of k different digits that add up to s.
// A set is still open when it holds every digit placed in the cage and its other digits can
// be given to the blank cells, one each, among their candidates (a matching):
//
//   cage of 3, sum 10, r1c1 = {1 2}, r1c2 = {1 2}, r1c3 = {3 .. 9}
//   sets  1 2 7   1 3 6   1 4 5   2 3 5
//         open    --      --      --      (1 3 6: r1c1 and r1c2 both need one of 1 and 2)
//   so r1c3 keeps only 7
#include <sudoku/variant_logic.hpp>

#include <algorithm>
#include <array>
#include <bit>

namespace sudoku {

namespace {

constexpr std::uint32_t bit_of(int digit) { return 1u << (digit - 1); }
int lowest_digit(std::uint32_t digits) { return std::countr_zero(digits) + 1; }
int members(std::uint32_t bits) { return std::popcount(bits); }

// Sets, whole or partial, that a cage's search may look at before the cage is left alone (no
// step, and not seen as broken). Cages of 2 to 5 cells on 9x9 have at most 12 sets; a blank
// 12-cell cage of sum 156 on 25x25 has 110,780. Once its cells have fewer candidates, far
// fewer are looked at, as the search takes only digits that some cell can still hold.
constexpr std::uint64_t most_visits = 100'000;

// The depth-first search through a cage's sets: digits in increasing order, cut off as soon as
// the smallest or the largest digits left cannot meet the sum.
class SetSearch {
public:
    SetSearch(int size, std::uint32_t placed, std::vector<std::uint32_t> blank)
        : size_(size), placed_(placed), blank_(std::move(blank))
    {
        allowed_ = placed;
        for (const std::uint32_t digits : blank_)
            allowed_ |= digits;
    }

    // Looks through the sets of `left` digits from `from` up, added to `chosen`, that bring
    // the sum to `sum` more.
    void extend(int from, int left, int sum, std::uint32_t chosen)
    {
        if (stopped_ || ++visits_ > most_visits) {
            stopped_ = true;
            return;
        }
        if (left == 0) {
            if (sum == 0 && (chosen & placed_) == placed_ && fits(chosen & ~placed_)) {
                any_ |= chosen;
                every_ &= chosen;
                ++count_;
            }
            return;
        }
        const std::uint32_t missing = placed_ & ~chosen; // placed digits the set must still take
        if (members(missing) > left || left * size_ - left * (left - 1) / 2 < sum)
            return;
        for (int digit = from; digit <= size_ - left + 1; ++digit) {
            if (left * digit + left * (left - 1) / 2 > sum)
                break; // the `left` smallest digits from here already pass the sum
            if (missing != 0 && digit > lowest_digit(missing))
                break; // the lowest missing digit can no longer be taken
            if (allowed_ & bit_of(digit))
                extend(digit + 1, left - 1, sum - digit, chosen | bit_of(digit));
        }
    }

    [[nodiscard]] bool stopped() const noexcept { return stopped_; }
    [[nodiscard]] int count() const noexcept { return count_; }
    [[nodiscard]] std::uint32_t any() const noexcept { return any_; }
    [[nodiscard]] std::uint32_t every() const noexcept { return count_ == 0 ? 0 : every_; }

private:
    // Whether the blank cells can take the digits `needed`, one each, among their candidates:
    // a perfect matching, grown one cell at a time along augmenting paths.
    [[nodiscard]] bool fits(std::uint32_t needed) const
    {
        if (members(needed) != static_cast<int>(blank_.size()))
            return false;
        std::array<int, 32> holder{}; // per digit - 1: the blank cell it went to, or -1
        holder.fill(-1);
        for (std::size_t cell = 0; cell < blank_.size(); ++cell) {
            std::uint32_t tried = 0;
            if (!augment(static_cast<int>(cell), needed, tried, holder))
                return false;
        }
        return true;
    }

    bool augment(int cell, std::uint32_t needed, std::uint32_t& tried,
                 std::array<int, 32>& holder) const
    {
        for (std::uint32_t digits = blank_[static_cast<std::size_t>(cell)] & needed & ~tried;
             digits != 0; digits &= digits - 1) {
            const auto index = static_cast<std::size_t>(std::countr_zero(digits));
            tried |= 1u << index;
            if (holder[index] < 0 || augment(holder[index], needed, tried, holder)) {
                holder[index] = cell;
                return true;
            }
        }
        return false;
    }

    int size_;
    std::uint32_t placed_, allowed_ = 0;
    std::vector<std::uint32_t> blank_; // the candidates of each blank cell of the cage
    std::uint64_t visits_ = 0;
    bool stopped_ = false;
    std::uint32_t any_ = 0, every_ = ~0u;
    int count_ = 0;
};

// The digits of a set, for messages: "2", "2 and 7", "2, 5 and C".
std::string list_digits(std::uint32_t digits)
{
    std::string text;
    const int count = members(digits);
    int written = 0;
    for (std::uint32_t bits = digits; bits != 0; bits &= bits - 1) {
        if (written > 0)
            text += written + 1 == count ? " and " : ", ";
        text += digit_symbol(lowest_digit(bits));
        ++written;
    }
    return text;
}

std::string count_of(int count, const char* what)
{
    return std::to_string(count) + " " + what + (count == 1 ? "" : "s");
}

} // namespace

VariantLogic::CageSets VariantLogic::cage_sets(std::size_t cage) const
{
    const Cage& shape = rules_->variant().cages[cage];
    CageSets sets;
    std::uint32_t placed = 0;
    std::vector<std::uint32_t> blank;
    for (const int cell : shape.cells) {
        const int digit = digits_[static_cast<std::size_t>(cell)];
        if (digit == 0) {
            blank.push_back(candidates_[static_cast<std::size_t>(cell)]);
        } else if (placed & bit_of(digit)) {
            return sets; // a digit twice: no set holds the cage's digits
        } else {
            placed |= bit_of(digit);
        }
    }
    SetSearch search(rules_->size(), placed, std::move(blank));
    search.extend(1, static_cast<int>(shape.cells.size()), shape.sum, 0);
    sets.complete = !search.stopped();
    sets.count = search.count();
    sets.any = search.any();
    sets.every = search.every();
    return sets;
}

// Each cage with a sum, in order: its blank cells keep only the digits of its open sets.
std::optional<VariantStep> VariantLogic::find_cage_combination() const
{
    const Rules& rules = *rules_;
    for (std::size_t k = 0; k < rules.variant().cages.size(); ++k) {
        const Cage& cage = rules.variant().cages[k];
        const auto blank = [&](int cell) { return digits_[static_cast<std::size_t>(cell)] == 0; };
        if (cage.sum == 0 || std::none_of(cage.cells.begin(), cage.cells.end(), blank))
            continue;
        const CageSets sets = cage_sets(k);
        if (!sets.complete || sets.count == 0) // left alone, or broken
            continue;
        VariantStep step;
        for (const int cell : cage.cells) {
            const std::uint32_t out = candidates_[static_cast<std::size_t>(cell)] & ~sets.any;
            if (out != 0)
                step.removed.emplace_back(cell, out);
        }
        if (step.removed.empty())
            continue;
        std::sort(step.removed.begin(), step.removed.end());
        step.technique = VariantTechnique::cage_combination;
        step.group = rules.cage_group(k);
        step.digits = sets.any;
        return step;
    }
    return std::nullopt;
}

std::string VariantStep::describe(const Rules& rules) const
{
    const auto& groups = rules.groups();
    const std::string where = group >= 0 ? groups[static_cast<std::size_t>(group)].name : "";
    const std::string other =
        other_group >= 0 ? groups[static_cast<std::size_t>(other_group)].name : "";
    const std::string symbol(1, digit_symbol(digit));
    std::string text;
    switch (technique) {
    case VariantTechnique::hidden_single:
        return "hidden single: " + symbol + " has one place in " + where + ", " +
               rules.cell_name(cell);
    case VariantTechnique::naked_single:
        return "naked single: " + rules.cell_name(cell) + " can only be " + symbol;
    case VariantTechnique::cage_combination:
        for (std::size_t k = 0; k < rules.variant().cages.size(); ++k) {
            if (rules.cage_group(k) != group)
                continue;
            const Cage& cage = rules.variant().cages[k];
            const int cells = static_cast<int>(cage.cells.size());
            text = where + " at " + rules.cell_name(cage.cells.front()) + " (" +
                   count_of(cells, "cell") + ", sum " + std::to_string(cage.sum) + ") " +
                   (members(digits) == cells ? "holds " : "takes its digits from ") +
                   list_digits(digits);
        }
        break;
    case VariantTechnique::pointing:
        text = "in " + where + ", " + list_digits(digits) + " lies in one row or column";
        break;
    case VariantTechnique::box_line:
        text = "in " + where + ", " + list_digits(digits) + " lies in one " +
               (other_group >= 0 &&
                        groups[static_cast<std::size_t>(other_group)].kind == GroupKind::region
                    ? "region"
                    : "box");
        break;
    case VariantTechnique::locked_candidates:
        // A unit holds every digit; a cage only those of every combination left to it.
        text = groups[static_cast<std::size_t>(group)].unit
                   ? "in " + where + ", " + list_digits(digits) + " lies in " + other + " only"
                   : where + " must hold " + list_digits(digits) + ", and in it " +
                         list_digits(digits) + " lies in " + other + " only";
        break;
    case VariantTechnique::naked_pair:
    case VariantTechnique::naked_triple:
        text = "in " + where + ", " +
               (technique == VariantTechnique::naked_pair ? "two" : "three") + " cells hold only " +
               list_digits(digits);
        break;
    case VariantTechnique::hidden_pair:
    case VariantTechnique::hidden_triple:
        text = "in " + where + ", " + list_digits(digits) + " fit in " +
               (technique == VariantTechnique::hidden_pair ? "two" : "three") + " cells only";
        break;
    }
    std::string ruled_out;
    for (const auto& [at, out] : removed)
        ruled_out +=
            (ruled_out.empty() ? "" : ", ") + list_digits(out) + " from " + rules.cell_name(at);
    std::string title(name(technique));
    std::replace(title.begin(), title.end(), '-', ' ');
    return title + ": " + text + "; out: " + ruled_out;
}

} // namespace sudoku
