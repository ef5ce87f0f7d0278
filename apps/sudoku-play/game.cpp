// The rules and state of a game. See game.hpp.
#include "game.hpp"

#include <algorithm>

namespace sudoku_play {

namespace {

bool same_unit(int a, int b)
{
    return a / 9 == b / 9 || a % 9 == b % 9 ||
           sudoku::box_of(a / 9, a % 9) == sudoku::box_of(b / 9, b % 9);
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

Game::Game(const sudoku::Grid& puzzle, const sudoku::Grid& solution, Clock::time_point now)
    : puzzle_(puzzle), solution_(solution), grid_(puzzle), started_(now)
{
    // Start on the first empty cell.
    for (int cell = 0; cell < sudoku::Grid::cells; ++cell) {
        if (!is_given(cell)) {
            cursor_ = cell;
            break;
        }
    }
}

void Game::move_cursor(int rows, int cols)
{
    const int row = std::clamp(cursor_ / 9 + rows, 0, 8),
              col = std::clamp(cursor_ % 9 + cols, 0, 8);
    cursor_ = row * 9 + col;
}

void Game::set_cursor(int cell) { cursor_ = std::clamp(cell, 0, sudoku::Grid::cells - 1); }

Game::CellState Game::state(int cell) const { return {grid_[cell], marks(cell)}; }

void Game::set_state(int cell, const CellState& to)
{
    grid_.set(cell, to.digit);
    marks_[static_cast<std::size_t>(cell)] = to.marks;
}

void Game::record(Edit edit)
{
    for (const Change& change : edit)
        set_state(change.cell, change.after);
    done_.push_back(std::move(edit));
    undone_.clear();
}

Game::Edit Game::place(int cell, int digit)
{
    Edit edit{{cell, state(cell), {digit, marks(cell)}}};
    for (int other = 0; other < sudoku::Grid::cells; ++other) {
        if (other != cell && same_unit(cell, other) && (marks(other) & sudoku::digit_bit(digit))) {
            const CellState before = state(other);
            CellState after = before;
            after.marks = static_cast<sudoku::DigitSet>(after.marks & ~sudoku::digit_bit(digit));
            edit.push_back({other, before, after});
        }
    }
    return edit;
}

Outcome Game::press_digit(int digit)
{
    if (digit < 1 || digit > 9 || finished())
        return Outcome::unchanged;
    if (is_given(cursor_))
        return Outcome::given;
    const CellState before = state(cursor_);
    if (mode_ == Mode::note) {
        if (before.digit != 0)
            return Outcome::unchanged; // marks show only in empty cells
        CellState after = before;
        after.marks = static_cast<sudoku::DigitSet>(after.marks ^ sudoku::digit_bit(digit));
        record({{cursor_, before, after}});
        return Outcome::changed;
    }
    if (before.digit == digit)
        return Outcome::unchanged;
    record(place(cursor_, digit));
    return Outcome::changed;
}

Outcome Game::erase()
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

bool Game::undo()
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

bool Game::redo()
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

std::array<bool, sudoku::Grid::cells> Game::conflicts() const
{
    std::array<bool, sudoku::Grid::cells> clash{};
    for (int a = 0; a < sudoku::Grid::cells; ++a) {
        for (int b = a + 1; b < sudoku::Grid::cells; ++b) {
            if (grid_[a] != 0 && grid_[a] == grid_[b] && same_unit(a, b))
                clash[static_cast<std::size_t>(a)] = clash[static_cast<std::size_t>(b)] = true;
        }
    }
    return clash;
}

std::optional<Hint> Game::hint()
{
    if (finished())
        return std::nullopt;
    // Reason from the givens and the player's right digits (a wrong digit would mislead the
    // techniques); take the first step that fills an empty cell, naming the eliminations that
    // led to it.
    sudoku::Grid known = puzzle_;
    for (int cell = 0; cell < sudoku::Grid::cells; ++cell) {
        if (grid_[cell] != 0 && grid_[cell] == solution_[cell])
            known.set(cell, grid_[cell]);
    }
    sudoku::LogicSolver logic(known);
    std::string before;
    std::optional<Hint> found;
    while (const auto step = logic.next_step()) {
        if (step->places() && grid_[step->cell] == 0) {
            found = Hint{step->cell, step->digit, step->describe()};
            break;
        }
        if (!step->places() && before.find(sudoku::name(step->technique)) == std::string::npos)
            before += (before.empty() ? "" : ", ") + std::string(sudoku::name(step->technique));
        logic.apply(*step);
    }
    if (found && !before.empty())
        found->reason += " (after " + before + ")";
    if (!found) {
        for (int cell = 0; cell < sudoku::Grid::cells && !found; ++cell) {
            if (grid_[cell] == 0)
                found = Hint{cell, solution_[cell],
                             "no technique here finds a cell: " + sudoku::cell_name(cell) + " is " +
                                 std::to_string(solution_[cell]) + " (this needs search)"};
        }
    }
    if (!found)
        return std::nullopt; // the grid is full
    record(place(found->cell, found->digit));
    cursor_ = found->cell;
    return found;
}

Verdict Game::submit(Clock::time_point now)
{
    Verdict verdict;
    for (int cell = 0; cell < sudoku::Grid::cells; ++cell) {
        if (grid_[cell] == 0)
            ++verdict.empty;
        else if (grid_[cell] != solution_[cell])
            ++verdict.wrong;
    }
    // Any grid that keeps the rules and the givens is right, even where a puzzle has more
    // than one solution.
    verdict.solved = sudoku::solves(grid_, puzzle_);
    if (verdict.solved) {
        verdict.wrong = 0;
        if (!finished_at_)
            finished_at_ = now;
    }
    return verdict;
}

Clock::duration Game::elapsed(Clock::time_point now) const
{
    return (finished_at_ ? *finished_at_ : now) - started_;
}

} // namespace sudoku_play
