// The geometry of a Sudoku variant: its cells, the groups whose digits differ, the pairs that
// constrain each other, and the check of a grid against them all.
#include <sudoku/variant.hpp>

#include <algorithm>
#include <cmath>
#include <map>
#include <mutex>
#include <set>
#include <stdexcept>

namespace sudoku {

namespace {

constexpr int samurai_canvas = 21;
// Where each of samurai's five grids has its top-left cell (row, column).
constexpr std::pair<int, int> samurai_grids[] = {{0, 0}, {0, 12}, {6, 6}, {12, 0}, {12, 12}};

std::string count_of(int count, const char* what)
{
    return std::to_string(count) + " " + what + (count == 1 ? "" : "s");
}

// The sums that k different digits from 1..n reach: every whole number between the k smallest
// and the k largest (a sum can be raised by one by raising one digit to a free one).
std::pair<int, int> reachable_sums(int k, int n)
{
    return {k * (k + 1) / 2, k * (2 * n - k + 1) / 2};
}

// The most nearly square boxes at least two rows high (0: none, `size` is prime).
int classic_box_rows(int size)
{
    int best = 0;
    for (int rows = 2; rows * rows <= size; ++rows) {
        if (size % rows == 0)
            best = rows;
    }
    return best;
}

} // namespace

Variant Variant::classic(int size)
{
    if (size < 4 || size > most_digits)
        throw std::invalid_argument("a grid has 4 to " + std::to_string(most_digits) +
                                    " digits, not " + std::to_string(size));
    Variant variant;
    variant.size = size;
    variant.box_rows = classic_box_rows(size);
    if (variant.box_rows == 0)
        throw std::invalid_argument("a grid of " + std::to_string(size) + " digits has no boxes (" +
                                    std::to_string(size) + " is prime)");
    variant.box_columns = size / variant.box_rows;
    return variant;
}

std::string Variant::describe() const
{
    std::string text = samurai ? "samurai" : std::to_string(size) + "x" + std::to_string(size);
    if (!samurai && regions.empty() && box_rows != classic_box_rows(size))
        text += " (boxes " + std::to_string(box_rows) + "x" + std::to_string(box_columns) + ")";
    const auto add = [&](bool on, const char* name) {
        if (on)
            text.append(" ").append(name);
    };
    add(!regions.empty(), "jigsaw");
    add(main_diagonal && anti_diagonal, "X");
    add(main_diagonal != anti_diagonal, "diagonal");
    add(windoku, "windoku");
    add(anti_knight, "anti-knight");
    add(anti_king, "anti-king");
    add(non_consecutive, "non-consecutive");
    add(!extra_regions.empty(), "extra-regions");
    add(!cages.empty(), "killer");
    return text;
}

MadeRules add_named_rules(Variant& variant, std::string_view names)
{
    struct Name {
        std::string_view name;
        bool Variant::*rule;
    };
    static constexpr Name rules[] = {
        {"windoku", &Variant::windoku},     {"anti-knight", &Variant::anti_knight},
        {"anti-king", &Variant::anti_king}, {"non-consecutive", &Variant::non_consecutive},
        {"samurai", &Variant::samurai},
    };
    MadeRules made;
    std::size_t at = 0;
    for (;;) {
        const std::size_t comma = names.find(',', at);
        const std::string_view word = names.substr(at, comma - at);
        bool known = false;
        if (word == "x") {
            variant.main_diagonal = variant.anti_diagonal = known = true;
        } else if (word == "killer" || word == "jigsaw") {
            (word == "killer" ? made.killer : made.jigsaw) = known = true;
        }
        for (const Name& rule : rules) {
            if (word == rule.name)
                variant.*rule.rule = known = true;
        }
        if (!known)
            throw std::invalid_argument("'" + std::string(word) +
                                        "' is not one of x, windoku, anti-knight, anti-king, "
                                        "non-consecutive, samurai, killer, jigsaw");
        if (comma == std::string_view::npos)
            return made;
        at = comma + 1;
    }
}

Rules::Rules(Variant variant) : variant_(std::move(variant))
{
    const Variant& v = variant_;
    const int n = v.size;
    if (n < 4 || n > most_digits)
        throw std::invalid_argument("a grid has 4 to " + std::to_string(most_digits) +
                                    " digits, not " + std::to_string(n));
    if (v.samurai) {
        if (n != 9 || v.box_rows != 3 || v.box_columns != 3)
            throw std::invalid_argument("samurai is made of 9x9 grids with 3x3 boxes");
        if (!v.regions.empty() || v.main_diagonal || v.anti_diagonal || v.windoku)
            throw std::invalid_argument(
                "samurai takes no jigsaw regions, diagonals or windows (which grid's?)");
        rows_ = columns_ = samurai_canvas;
    } else {
        rows_ = columns_ = n;
        if (v.regions.empty() &&
            (v.box_rows < 2 || v.box_columns < 2 || v.box_rows * v.box_columns != n))
            throw std::invalid_argument("boxes of " + std::to_string(v.box_rows) + "x" +
                                        std::to_string(v.box_columns) + " do not tile a " +
                                        std::to_string(n) + "x" + std::to_string(n) + " grid");
    }
    present_.assign(static_cast<std::size_t>(canvas_size()), !v.samurai);
    if (v.samurai) {
        for (const auto& [top, left] : samurai_grids)
            for (int r = 0; r < 9; ++r)
                for (int c = 0; c < 9; ++c)
                    present_[static_cast<std::size_t>((top + r) * columns_ + left + c)] = true;
    }
    for (int i = 0; i < canvas_size(); ++i) {
        if (present_[static_cast<std::size_t>(i)])
            cells_.push_back(i);
    }
    groups_of_.resize(static_cast<std::size_t>(canvas_size()));
    add_units();
    add_cages();
    add_pairs();
}

void Rules::add_group(std::vector<int> cells, std::string name, GroupKind kind)
{
    Group group;
    group.kind = kind;
    group.unit = static_cast<int>(cells.size()) == size();
    group.cells = std::move(cells);
    group.name = std::move(name);
    const int index = static_cast<int>(groups_.size());
    for (const int cell : group.cells)
        groups_of_[static_cast<std::size_t>(cell)].push_back(index);
    groups_.push_back(std::move(group));
}

void Rules::add_units()
{
    const Variant& v = variant_;
    const int n = v.size;
    struct Named {
        std::vector<int> cells;
        std::string name;
        GroupKind kind;
    };
    std::vector<Named> units;
    const auto at = [&](int row, int col) { return row * columns_ + col; };
    const auto add_grid = [&](int top, int left, const std::string& suffix) {
        for (int r = 0; r < n; ++r) {
            std::vector<int> cells;
            for (int c = 0; c < n; ++c)
                cells.push_back(at(top + r, left + c));
            units.push_back(
                {std::move(cells), "row " + std::to_string(top + r + 1) + suffix, GroupKind::row});
        }
        for (int c = 0; c < n; ++c) {
            std::vector<int> cells;
            for (int r = 0; r < n; ++r)
                cells.push_back(at(top + r, left + c));
            units.push_back({std::move(cells), "column " + std::to_string(left + c + 1) + suffix,
                             GroupKind::column});
        }
        if (!v.regions.empty())
            return;
        const int boxes_across = n / v.box_columns;
        for (int b = 0; b < n; ++b) {
            const int box_top = top + (b / boxes_across) * v.box_rows;
            const int box_left = left + (b % boxes_across) * v.box_columns;
            std::vector<int> cells;
            for (int r = 0; r < v.box_rows; ++r)
                for (int c = 0; c < v.box_columns; ++c)
                    cells.push_back(at(box_top + r, box_left + c));
            units.push_back(
                {std::move(cells), "box " + std::to_string(b + 1) + suffix, GroupKind::box});
        }
    };
    if (v.samurai) {
        for (int g = 0; g < 5; ++g)
            add_grid(samurai_grids[g].first, samurai_grids[g].second,
                     " of grid " + std::to_string(g + 1));
    } else {
        add_grid(0, 0, "");
    }
    if (!v.regions.empty()) {
        if (v.regions.size() != static_cast<std::size_t>(n * n))
            throw std::invalid_argument("jigsaw regions: " + count_of(n * n, "cell") +
                                        " need a region each, " + std::to_string(v.regions.size()) +
                                        " given");
        std::vector<std::vector<int>> regions(static_cast<std::size_t>(n));
        for (int cell = 0; cell < n * n; ++cell) {
            const int region = v.regions[static_cast<std::size_t>(cell)];
            if (region < 0 || region >= n)
                throw std::invalid_argument("jigsaw regions: " + cell_name(cell) +
                                            " is in region " + std::to_string(region) +
                                            ", not one of 0 to " + std::to_string(n - 1));
            regions[static_cast<std::size_t>(region)].push_back(cell);
        }
        for (int r = 0; r < n; ++r) {
            auto& cells = regions[static_cast<std::size_t>(r)];
            if (static_cast<int>(cells.size()) != n)
                throw std::invalid_argument("jigsaw region " + std::to_string(r + 1) + " has " +
                                            count_of(static_cast<int>(cells.size()), "cell") +
                                            ", not " + std::to_string(n));
            units.push_back(
                {std::move(cells), "region " + std::to_string(r + 1), GroupKind::region});
        }
    }
    if (v.main_diagonal || v.anti_diagonal) {
        std::vector<int> main, anti;
        for (int i = 0; i < n; ++i) {
            main.push_back(at(i, i));
            anti.push_back(at(i, n - 1 - i));
        }
        if (v.main_diagonal)
            units.push_back({std::move(main), "main diagonal", GroupKind::diagonal});
        if (v.anti_diagonal)
            units.push_back({std::move(anti), "anti-diagonal", GroupKind::diagonal});
    }
    if (v.windoku) {
        if (!v.regions.empty() && (v.box_rows * v.box_columns != n))
            throw std::invalid_argument("windoku needs the boxes' shape (a jigsaw has none)");
        int window = 0;
        for (int top = 1; top + v.box_rows <= n - 1; top += v.box_rows + 1)
            for (int left = 1; left + v.box_columns <= n - 1; left += v.box_columns + 1) {
                std::vector<int> cells;
                for (int r = 0; r < v.box_rows; ++r)
                    for (int c = 0; c < v.box_columns; ++c)
                        cells.push_back(at(top + r, left + c));
                units.push_back(
                    {std::move(cells), "window " + std::to_string(++window), GroupKind::window});
            }
    }
    // The extra regions: cells on the grid, none twice, at most one of each digit.
    std::vector<Named> smaller;
    for (std::size_t e = 0; e < v.extra_regions.size(); ++e) {
        const std::string name = "extra region " + std::to_string(e + 1);
        const auto& cells = v.extra_regions[e];
        if (cells.empty() || static_cast<int>(cells.size()) > n)
            throw std::invalid_argument(name + " has " +
                                        count_of(static_cast<int>(cells.size()), "cell") +
                                        ": it needs 1 to " + std::to_string(n));
        std::set<int> seen;
        for (const int cell : cells) {
            if (!is_cell(cell))
                throw std::invalid_argument(name + ": cell " + std::to_string(cell) +
                                            " is not on the grid");
            if (!seen.insert(cell).second)
                throw std::invalid_argument(name + " has " + cell_name(cell) + " twice");
        }
        (static_cast<int>(cells.size()) == n ? units : smaller)
            .push_back({cells, name, GroupKind::extra});
    }
    // A set of cells is one group, under the first name it was given.
    std::set<std::vector<int>> seen;
    for (auto* list : {&units, &smaller})
        for (auto& [cells, name, kind] : *list) {
            std::vector<int> sorted = cells;
            std::sort(sorted.begin(), sorted.end());
            if (seen.insert(std::move(sorted)).second)
                add_group(std::move(cells), std::move(name), kind);
        }
}

void Rules::add_cages()
{
    const int n = size();
    for (std::size_t k = 0; k < variant_.cages.size(); ++k) {
        const Cage& cage = variant_.cages[k];
        const std::string name = "cage " + std::to_string(k + 1);
        const int cells = static_cast<int>(cage.cells.size());
        if (cells == 0 || cells > n)
            throw std::invalid_argument(name + " has " + count_of(cells, "cell") +
                                        ": it needs 1 to " + std::to_string(n));
        std::set<int> seen;
        for (const int cell : cage.cells) {
            if (!is_cell(cell))
                throw std::invalid_argument(name + ": cell " + std::to_string(cell) +
                                            " is not on the grid");
            if (!seen.insert(cell).second)
                throw std::invalid_argument(name + " has " + cell_name(cell) + " twice");
        }
        const auto [low, high] = reachable_sums(cells, n);
        if (cage.sum != 0 && (cage.sum < low || cage.sum > high))
            throw std::invalid_argument(
                name + " at " + cell_name(cage.cells.front()) + ": " + count_of(cells, "cell") +
                " with different digits from 1 to " + std::to_string(n) + " add up to " +
                std::to_string(low) + " to " + std::to_string(high) + ", never " +
                std::to_string(cage.sum));
    }
    for (std::size_t k = 0; k < variant_.cages.size(); ++k) { // all checked: now they join
        cage_groups_.push_back(static_cast<int>(groups_.size()));
        add_group(variant_.cages[k].cells, "cage " + std::to_string(k + 1), GroupKind::cage);
    }
}

void Rules::add_pairs()
{
    const Variant& v = variant_;
    const auto share_group = [&](int a, int b) {
        const auto& of_a = groups_of(a);
        const auto& of_b = groups_of(b);
        return std::any_of(of_a.begin(), of_a.end(), [&](int g) {
            return std::find(of_b.begin(), of_b.end(), g) != of_b.end();
        });
    };
    std::vector<std::pair<int, int>> moves;
    if (v.anti_knight)
        moves.insert(moves.end(), {{1, -2}, {1, 2}, {2, -1}, {2, 1}});
    if (v.anti_king)
        moves.insert(moves.end(), {{0, 1}, {1, -1}, {1, 0}, {1, 1}});
    std::set<CellPair> different;
    for (const int cell : cells_) {
        const int row = cell / columns_, col = cell % columns_;
        for (const auto& [dr, dc] : moves) {
            const int r = row + dr, c = col + dc;
            if (r < 0 || r >= rows_ || c < 0 || c >= columns_ || !is_cell(r * columns_ + c))
                continue;
            const int other = r * columns_ + c;
            if (!share_group(cell, other))
                different.insert({cell, other});
        }
        if (v.non_consecutive) {
            if (col + 1 < columns_ && is_cell(cell + 1))
                apart_.emplace_back(cell, cell + 1);
            if (row + 1 < rows_ && is_cell(cell + columns_))
                apart_.emplace_back(cell, cell + columns_);
        }
    }
    different_.assign(different.begin(), different.end());
}

std::string Rules::cell_name(int index) const
{
    return "r" + std::to_string(index / columns_ + 1) + "c" + std::to_string(index % columns_ + 1);
}

std::optional<std::string> Rules::find_fault(std::span<const std::uint8_t> digits) const
{
    const auto digit = [&](int cell) { return digits[static_cast<std::size_t>(cell)]; };
    if (digits.size() != static_cast<std::size_t>(canvas_size()))
        return "expected " + count_of(canvas_size(), "cell") + ", found " +
               std::to_string(digits.size());
    for (int cell = 0; cell < canvas_size(); ++cell) {
        if (digit(cell) > size())
            return cell_name(cell) + " holds " + std::to_string(digit(cell)) + ", more than " +
                   std::to_string(size());
        if (digit(cell) != 0 && !is_cell(cell))
            return cell_name(cell) + " holds " + std::to_string(digit(cell)) +
                   " but is not a cell of the grid";
    }
    for (const Group& group : groups_) {
        std::uint32_t seen = 0;
        for (const int cell : group.cells) {
            const int d = digit(cell);
            if (d == 0)
                continue;
            if (seen & (1u << d))
                return "two " + std::to_string(d) + "s in " + group.name;
            seen |= 1u << d;
        }
    }
    for (const auto& [a, b] : different_) {
        if (digit(a) != 0 && digit(a) == digit(b))
            return cell_name(a) + " and " + cell_name(b) + " both hold " +
                   std::to_string(digit(a)) +
                   (std::abs(a / columns_ - b / columns_) + std::abs(a % columns_ - b % columns_) ==
                            3
                        ? ", a knight's move apart"
                        : ", touching");
    }
    for (const auto& [a, b] : apart_) {
        if (digit(a) != 0 && digit(b) != 0 && std::abs(digit(a) - digit(b)) == 1)
            return cell_name(a) + " holds " + std::to_string(digit(a)) + " and " + cell_name(b) +
                   " holds " + std::to_string(digit(b)) + ": consecutive";
    }
    for (std::size_t k = 0; k < variant_.cages.size(); ++k) {
        const Cage& cage = variant_.cages[k];
        int sum = 0;
        bool full = true;
        for (const int cell : cage.cells) {
            sum += digit(cell);
            full = full && digit(cell) != 0;
        }
        if (cage.sum != 0 && (sum > cage.sum || (full && sum != cage.sum)))
            return "cage " + std::to_string(k + 1) + " at " + cell_name(cage.cells.front()) +
                   " adds up to " + (full ? "" : "at least ") + std::to_string(sum) + ", not " +
                   std::to_string(cage.sum);
    }
    return std::nullopt;
}

bool Rules::is_solved(std::span<const std::uint8_t> digits) const
{
    if (find_fault(digits))
        return false;
    return std::all_of(cells_.begin(), cells_.end(),
                       [&](int cell) { return digits[static_cast<std::size_t>(cell)] != 0; });
}

std::shared_ptr<const Rules> classic_rules(int size)
{
    static std::mutex mutex;
    static std::map<int, std::shared_ptr<const Rules>> made;
    const std::lock_guard lock(mutex);
    auto& rules = made[size];
    if (!rules)
        rules = std::make_shared<const Rules>(Variant::classic(size));
    return rules;
}

std::shared_ptr<const Rules> samurai_rules()
{
    static const std::shared_ptr<const Rules> rules = [] {
        Variant variant;
        variant.samurai = true;
        return std::make_shared<const Rules>(variant);
    }();
    return rules;
}

} // namespace sudoku
