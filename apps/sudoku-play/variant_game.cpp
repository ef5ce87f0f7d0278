// The rules and state of a game of a variant. See variant_game.hpp.
#include "variant_game.hpp"

#include <sudoku/se_rating.hpp>
#include <sudoku/variant_logic.hpp>

#include <algorithm>
#include <cstdlib>
#include <stdexcept>
#include <utility>

namespace sudoku_play {

namespace {

std::uint32_t bit(int digit) { return 1u << (digit - 1); }

void add_unique(std::vector<int>& cells, int cell)
{
    if (std::find(cells.begin(), cells.end(), cell) == cells.end())
        cells.push_back(cell);
}

std::string cells(int count) { return std::to_string(count) + (count == 1 ? " cell" : " cells"); }

} // namespace

std::string Verdict::describe() const
{
    if (solved)
        return "Solved!";
    if (wrong > 0 && empty > 0)
        return cells(wrong) + (wrong == 1 ? " is" : " are") + " wrong and " +
               std::to_string(empty) + (empty == 1 ? " is" : " are") + " empty";
    if (wrong > 0)
        return cells(wrong) + (wrong == 1 ? " is wrong" : " are wrong");
    return cells(empty) + (empty == 1 ? " is empty" : " are empty");
}

VariantGame::VariantGame(sudoku::VariantPuzzle puzzle, std::vector<std::uint8_t> solution,
                         Clock::time_point now)
    : puzzle_(std::move(puzzle)), solution_(std::move(solution)), grid_(puzzle_.digits),
      marks_(puzzle_.digits.size(), 0), started_(now)
{
    const sudoku::Rules& r = rules();
    const auto canvas = static_cast<std::size_t>(r.canvas_size());
    if (solution_.size() != canvas || puzzle_.digits.size() != canvas)
        throw std::invalid_argument("a solution has a digit for each of the " +
                                    std::to_string(canvas) + " cells");
    if (!solved_by(solution_))
        throw std::invalid_argument("the solution does not solve the puzzle");
    peers_.resize(canvas);
    apart_.resize(canvas);
    for (const int cell : r.cells()) {
        auto& peers = peers_[index(cell)];
        for (const int group : r.groups_of(cell))
            for (const int other : r.groups()[static_cast<std::size_t>(group)].cells)
                if (other != cell)
                    add_unique(peers, other);
    }
    for (const auto& [a, b] : r.different_pairs()) {
        add_unique(peers_[index(a)], b);
        add_unique(peers_[index(b)], a);
    }
    for (const auto& [a, b] : r.apart_pairs()) {
        apart_[index(a)].push_back(b);
        apart_[index(b)].push_back(a);
    }
    for (auto& peers : peers_)
        std::sort(peers.begin(), peers.end());
    cursor_ = r.cells().front();
    for (const int cell : r.cells())
        if (!is_given(cell)) {
            cursor_ = cell;
            break;
        }
}

std::size_t VariantGame::index(int cell) const
{
    if (cell < 0 || cell >= rules().canvas_size())
        throw std::out_of_range("a cell is 0 to " + std::to_string(rules().canvas_size() - 1));
    return static_cast<std::size_t>(cell);
}

bool VariantGame::solved_by(const std::vector<std::uint8_t>& digits) const
{
    if (!rules().is_solved(digits))
        return false;
    for (const int cell : rules().cells()) {
        const int digit = digits[index(cell)];
        if ((puzzle_.allowed(cell) & bit(digit)) == 0)
            return false; // a given changed, or a digit its pencil marks do not allow
    }
    return true;
}

void VariantGame::set_cursor(int cell)
{
    if (!rules().is_cell(cell))
        throw std::invalid_argument(cell >= 0 && cell < rules().canvas_size()
                                        ? rules().cell_name(cell) + " is not a cell of the puzzle"
                                        : "a cell is 0 to " +
                                              std::to_string(rules().canvas_size() - 1));
    cursor_ = cell;
}

void VariantGame::move_cursor(int rows, int columns)
{
    // Down or up, then across: a cell at a time, over any gap to the next cell that way; at an
    // edge (or where no cell lies beyond a gap) the move along that axis stops.
    const sudoku::Rules& r = rules();
    int row = cursor_ / r.columns(), column = cursor_ % r.columns();
    const auto walk = [&](int count, int row_step, int column_step) {
        for (; count > 0; --count) {
            int next_row = row + row_step, next_column = column + column_step;
            while (next_row >= 0 && next_row < r.rows() && next_column >= 0 &&
                   next_column < r.columns() && !r.is_cell(next_row * r.columns() + next_column)) {
                next_row += row_step;
                next_column += column_step;
            }
            if (next_row < 0 || next_row >= r.rows() || next_column < 0 ||
                next_column >= r.columns())
                return;
            row = next_row;
            column = next_column;
        }
    };
    walk(std::abs(rows), rows > 0 ? 1 : -1, 0);
    walk(std::abs(columns), 0, columns > 0 ? 1 : -1);
    cursor_ = row * r.columns() + column;
}

VariantGame::CellState VariantGame::state(int cell) const
{
    return {grid_[index(cell)], marks(cell)};
}

void VariantGame::set_state(int cell, const CellState& to)
{
    grid_[index(cell)] = static_cast<std::uint8_t>(to.digit);
    marks_[index(cell)] = to.marks;
}

void VariantGame::record(Edit edit)
{
    for (const Change& change : edit)
        set_state(change.cell, change.after);
    done_.push_back(std::move(edit));
    undone_.clear();
}

VariantGame::Edit VariantGame::place(int cell, int digit) const
{
    // The marks each other cell loses: the digit where it may not stand too, the digits next
    // to it beside a non-consecutive cell (a neighbour can be both).
    std::vector<std::pair<int, std::uint32_t>> rubbed;
    for (const int other : peers(cell))
        rubbed.emplace_back(other, bit(digit));
    const std::uint32_t next_to =
        (digit > 1 ? bit(digit - 1) : 0u) | (digit < rules().size() ? bit(digit + 1) : 0u);
    for (const int other : apart_[index(cell)]) {
        const auto same = std::find_if(rubbed.begin(), rubbed.end(),
                                       [&](const auto& entry) { return entry.first == other; });
        if (same == rubbed.end())
            rubbed.emplace_back(other, next_to);
        else
            same->second |= next_to;
    }
    Edit edit{{cell, state(cell), {digit, marks(cell)}}};
    for (const auto& [other, digits] : rubbed) {
        if ((marks(other) & digits) == 0)
            continue;
        const CellState before = state(other);
        edit.push_back({other, before, {before.digit, before.marks & ~digits}});
    }
    return edit;
}

Outcome VariantGame::press_digit(int digit)
{
    if (digit < 1 || digit > rules().size() || finished())
        return Outcome::unchanged;
    if (is_given(cursor_))
        return Outcome::given;
    const CellState before = state(cursor_);
    if (mode_ == Mode::note) {
        if (before.digit != 0)
            return Outcome::unchanged; // marks show only in empty cells
        CellState after = before;
        after.marks ^= bit(digit);
        record({{cursor_, before, after}});
        return Outcome::changed;
    }
    if (before.digit == digit)
        return Outcome::unchanged;
    record(place(cursor_, digit));
    return Outcome::changed;
}

Outcome VariantGame::erase()
{
    if (finished())
        return Outcome::unchanged;
    if (is_given(cursor_))
        return Outcome::given;
    const CellState before = state(cursor_);
    CellState after = before;
    if (before.digit != 0)
        after.digit = 0;
    else if (before.marks != 0)
        after.marks = 0;
    else
        return Outcome::unchanged;
    record({{cursor_, before, after}});
    return Outcome::changed;
}

bool VariantGame::undo()
{
    if (done_.empty() || finished())
        return false;
    Edit edit = std::move(done_.back());
    done_.pop_back();
    for (auto change = edit.rbegin(); change != edit.rend(); ++change)
        set_state(change->cell, change->before);
    cursor_ = edit.front().cell;
    undone_.push_back(std::move(edit));
    return true;
}

bool VariantGame::redo()
{
    if (undone_.empty() || finished())
        return false;
    Edit edit = std::move(undone_.back());
    undone_.pop_back();
    for (const Change& change : edit)
        set_state(change.cell, change.after);
    cursor_ = edit.front().cell;
    done_.push_back(std::move(edit));
    return true;
}

std::vector<bool> VariantGame::conflicts() const
{
    const sudoku::Rules& r = rules();
    std::vector<bool> clash(grid_.size(), false);
    const auto mark = [&](int a, int b) { clash[index(a)] = clash[index(b)] = true; };
    for (const int cell : r.cells()) {
        const int digit = grid_[index(cell)];
        if (digit == 0)
            continue;
        for (const int other : peers(cell))
            if (other > cell && grid_[index(other)] == digit)
                mark(cell, other);
        for (const int other : apart_[index(cell)])
            if (other > cell && grid_[index(other)] != 0 &&
                std::abs(grid_[index(other)] - digit) == 1)
                mark(cell, other);
    }
    for (const sudoku::Cage& cage : r.variant().cages)
        if (total(cage).broken)
            for (const int cell : cage.cells)
                clash[index(cell)] = true;
    return clash;
}

const sudoku::Cage& VariantGame::cage_of(int group) const
{
    std::size_t k = 0;
    while (rules().cage_group(k) != group)
        ++k;
    return rules().variant().cages[k];
}

VariantGame::CageTotal VariantGame::total(const sudoku::Cage& cage) const
{
    CageTotal sum;
    for (const int cell : cage.cells) {
        sum.sum += grid_[index(cell)];
        sum.full = sum.full && grid_[index(cell)] != 0;
    }
    sum.broken = cage.sum != 0 && (sum.sum > cage.sum || (sum.full && sum.sum != cage.sum));
    return sum;
}

std::optional<std::string> VariantGame::fault(int cell) const
{
    // The rules that the digit in `cell` breaks with another cell, in the symbols the board
    // shows and naming a cage by where it is, as the player sees it.
    const sudoku::Rules& r = rules();
    const int digit = grid_[index(cell)];
    if (digit == 0)
        return std::nullopt;
    const std::string symbol(1, sudoku::digit_symbol(digit));
    const auto cage_name = [&](const sudoku::Cage& cage) {
        return "the cage at " +
               r.cell_name(*std::min_element(cage.cells.begin(), cage.cells.end()));
    };
    for (const int g : r.groups_of(cell)) {
        const sudoku::Group& group = r.groups()[static_cast<std::size_t>(g)];
        for (const int other : group.cells)
            if (other != cell && grid_[index(other)] == digit) {
                return "two " + symbol + "s in " +
                       (group.kind == sudoku::GroupKind::cage ? cage_name(cage_of(g)) : group.name);
            }
    }
    for (const auto& [a, b] : r.different_pairs()) {
        const int other = a == cell ? b : b == cell ? a : -1;
        if (other >= 0 && grid_[index(other)] == digit) {
            const int rows = std::abs(a / r.columns() - b / r.columns());
            const int columns = std::abs(a % r.columns() - b % r.columns());
            return r.cell_name(cell) + " and " + r.cell_name(other) + " both hold " + symbol +
                   (rows + columns == 3 ? ", a knight's move apart" : ", touching");
        }
    }
    for (const int other : apart_[index(cell)])
        if (grid_[index(other)] != 0 && std::abs(grid_[index(other)] - digit) == 1)
            return r.cell_name(cell) + " holds " + symbol + " and " + r.cell_name(other) +
                   " holds " + sudoku::digit_symbol(grid_[index(other)]) + ": consecutive";
    for (const int g : r.groups_of(cell)) {
        if (r.groups()[static_cast<std::size_t>(g)].kind != sudoku::GroupKind::cage)
            continue;
        const sudoku::Cage& cage = cage_of(g);
        if (const CageTotal sum = total(cage); sum.broken)
            return cage_name(cage) + " adds up to " + (sum.full ? "" : "at least ") +
                   std::to_string(sum.sum) + ", not " + std::to_string(cage.sum);
    }
    return std::nullopt;
}

std::optional<Hint> VariantGame::hint()
{
    if (finished())
        return std::nullopt;
    // As Game::hint: reason from the givens and the player's right digits, and take the first
    // step that fills an empty cell, naming the techniques that led to it.
    sudoku::VariantPuzzle known = puzzle_;
    for (const int cell : rules().cells()) {
        const auto i = index(cell);
        if (grid_[i] != 0 && grid_[i] == solution_[i])
            known.digits[i] = grid_[i];
    }
    sudoku::VariantLogic logic(known);
    std::vector<std::string_view> before; // the techniques that led there, each once
    std::optional<Hint> found;
    while (const auto step = logic.next_step()) {
        if (step->places() && grid_[index(step->cell)] == 0) {
            found = Hint(step->cell, step->digit, step->describe(rules()));
            break;
        }
        const std::string_view technique = sudoku::name(step->technique);
        if (!step->places() && std::find(before.begin(), before.end(), technique) == before.end())
            before.push_back(technique);
        logic.apply(*step);
    }
    if (found && !before.empty()) {
        found->reason += " (after ";
        for (std::size_t k = 0; k < before.size(); ++k)
            found->reason.append(k == 0 ? "" : ", ").append(before[k]);
        found->reason += ")";
    }
    if (!found && rules().variant() == sudoku::Variant::classic(9) && puzzle_.candidates.empty())
        found = se_hint(known.digits);
    if (!found) {
        for (const int cell : rules().cells()) {
            const int digit = solution_[index(cell)];
            if (grid_[index(cell)] == 0) {
                found = Hint(cell, digit,
                             "no technique here finds a cell: " + rules().cell_name(cell) + " is " +
                                 sudoku::digit_symbol(digit) + " (this needs search)");
                break;
            }
        }
    }
    for (const int cell : rules().cells()) { // full, but not right: mend a wrong digit
        const auto i = index(cell);
        if (found || grid_[i] == solution_[i])
            continue;
        found = Hint(cell, solution_[i],
                     rules().cell_name(cell) + " holds " + sudoku::digit_symbol(grid_[i]) +
                         ", but the solution has " + sudoku::digit_symbol(solution_[i]) + " there");
    }
    if (!found)
        return std::nullopt; // the grid is full and right
    record(place(found->cell, found->digit));
    cursor_ = found->cell;
    return found;
}

// Where the usual techniques get stuck on a classic 9x9 puzzle: Sudoku Explainer's techniques
// (se_rating.hpp) from `known`, in SE's order, up to the first step that fills an empty cell;
// the hint names the hardest step before it (wings, fish, uniqueness, chains) and draws it.
// SE's techniques from 9.0 up (its nested chains) are left out: one step can take minutes.
std::optional<Hint> VariantGame::se_hint(const std::vector<std::uint8_t>& known) const
{
    sudoku::Grid grid;
    for (int cell = 0; cell < sudoku::Grid::cells; ++cell)
        grid.set(cell, known[static_cast<std::size_t>(cell)]);
    sudoku::SeSolver solver(grid);
    std::optional<sudoku::SeStep> hardest;              // the first of the highest number
    while (const auto step = solver.next_step(false)) { // below 9.0: a hint comes at once
        if (step->places() && grid_[index(step->cell)] == 0) {
            Hint hint(step->cell, step->digit, sudoku::se_describe(*step));
            if (hardest && hardest->rating > step->rating) {
                hint.reason += ", after " + sudoku::se_describe(*hardest);
                hint.pattern = hardest->cells;
                for (const auto& [cell, digits] : hardest->removed)
                    for (int d = 1; d <= 9; ++d)
                        if (digits & (1u << (d - 1)))
                            hint.removed.emplace_back(cell, d);
                for (const sudoku::SeLink& link : hardest->links)
                    hint.links.push_back({link.from_cell, link.from_digit, link.to_cell,
                                          link.to_digit, link.strong});
            }
            return hint;
        }
        if (!hardest || step->rating > hardest->rating)
            hardest = *step;
        solver.apply(*step);
    }
    return std::nullopt;
}

Verdict VariantGame::submit(Clock::time_point now)
{
    Verdict verdict;
    for (const int cell : rules().cells()) {
        const auto i = index(cell);
        if (grid_[i] == 0)
            ++verdict.empty;
        else if (grid_[i] != solution_[i])
            ++verdict.wrong;
    }
    verdict.solved = solved_by(grid_); // any solution counts, as in Game
    if (verdict.solved) {
        verdict.wrong = 0;
        if (!finished_at_)
            finished_at_ = now;
    }
    return verdict;
}

Clock::duration VariantGame::elapsed(Clock::time_point now) const
{
    return (finished_at_ ? *finished_at_ : now) - started_;
}

} // namespace sudoku_play
