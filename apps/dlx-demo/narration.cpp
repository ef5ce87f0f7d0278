// Telling the search as it happens. See narration.hpp.
#include "narration.hpp"

#include <sudoku/grid.hpp>

#include <algorithm>

#include <dlx/knuth_format.hpp>

namespace demo {

namespace {

// Two spaces a level, up to a point: deep searches stay on the screen.
std::string indent(std::size_t level)
{
    return std::string(2 * std::min<std::size_t>(level, 12), ' ');
}

std::string options(std::size_t count)
{
    return std::to_string(count) + (count == 1 ? " option" : " options");
}

} // namespace

Tee::Tee(std::initializer_list<dlx::Tracer*> tracers)
{
    for (dlx::Tracer* tracer : tracers)
        if (tracer != nullptr)
            tracers_.push_back(tracer);
}

void Tee::choose(std::size_t level, dlx::ItemId item, std::size_t length)
{
    for (auto* tracer : tracers_)
        tracer->choose(level, item, length);
}

void Tee::try_option(std::size_t level, std::optional<dlx::OptionId> option)
{
    for (auto* tracer : tracers_)
        tracer->try_option(level, option);
}

void Tee::backtrack(std::size_t level, dlx::ItemId item)
{
    for (auto* tracer : tracers_)
        tracer->backtrack(level, item);
}

void Tee::solution(std::span<const dlx::OptionId> options)
{
    for (auto* tracer : tracers_)
        tracer->solution(options);
}

void SearchState::choose(std::size_t level, dlx::ItemId item)
{
    item_.resize(level + 1);
    tried_.resize(level + 1);
    item_[level] = item;
    tried_[level].reset();
}

void SearchState::try_option(std::size_t level, std::optional<dlx::OptionId> option)
{
    item_.resize(level + 1);
    tried_.resize(level + 1);
    tried_[level] = option;
}

bool SearchState::covered(dlx::ItemId item) const
{
    for (std::size_t level = 0; level < item_.size(); ++level) {
        if (item_[level] == item)
            return true;
        if (tried_[level]) {
            for (const auto& entry : problem_.option(*tried_[level]))
                if (entry.item == item)
                    return true;
        }
    }
    return false;
}

std::optional<std::size_t> SearchState::tried_at(dlx::OptionId option) const
{
    for (std::size_t level = 0; level < tried_.size(); ++level)
        if (tried_[level] == option)
            return level;
    return std::nullopt;
}

bool SearchState::hidden(dlx::OptionId option) const
{
    if (tried_at(option))
        return false;
    for (const auto& entry : problem_.option(option))
        if (covered(entry.item))
            return true;
    return false;
}

MatrixNarrator::MatrixNarrator(const dlx::Problem& problem, std::ostream& out)
    : problem_(problem), out_(out), state_(problem)
{
}

std::string MatrixNarrator::option_text(dlx::OptionId option) const
{
    return "{" + dlx::format_option(problem_, option) + "}";
}

// The matrix: a column per item, a row per option; '1' for an item of a live option, '-' in a
// hidden option, '#' in an option being tried; '^' under each covered item.
void MatrixNarrator::draw_matrix()
{
    std::size_t width = 0;
    for (dlx::OptionId option = 0; option < problem_.option_count(); ++option)
        width = std::max(width, option_text(option).size());
    out_ << "\n    " << std::string(width + 5, ' ');
    for (dlx::ItemId item = 0; item < problem_.item_count(); ++item)
        out_ << ' ' << problem_.name(item);
    out_ << '\n';
    for (dlx::OptionId option = 0; option < problem_.option_count(); ++option) {
        const bool tried = state_.tried_at(option).has_value(), hidden = state_.hidden(option);
        const std::string text = option_text(option);
        out_ << "    "
             << (tried    ? '>'
                 : hidden ? 'x'
                          : ' ')
             << ' ' << option + 1 << ' ' << text << std::string(width - text.size() + 1, ' ');
        for (dlx::ItemId item = 0; item < problem_.item_count(); ++item) {
            bool in = false;
            for (const auto& entry : problem_.option(option))
                in = in || entry.item == item;
            out_ << ' ' << std::string(problem_.name(item).size() - 1, ' ')
                 << (!in      ? '.'
                     : tried  ? '#'
                     : hidden ? '-'
                              : '1');
        }
        out_ << '\n';
    }
    out_ << "    " << std::string(width + 5, ' ');
    for (dlx::ItemId item = 0; item < problem_.item_count(); ++item)
        out_ << ' ' << std::string(problem_.name(item).size() - 1, ' ')
             << (state_.covered(item) ? '^' : ' ');
    out_ << "   (^ covered, > tried, x hidden)\n\n";
}

void MatrixNarrator::choose(std::size_t level, dlx::ItemId item, std::size_t length)
{
    out_ << "\nLevel " << level << ":";
    draw_matrix();
    dead_end_ = length == 0 ? level : no_dead_end;
    if (length == 0) {
        out_ << "    Item " << problem_.name(item)
             << " has no option left: no cover can be completed from here (a dead end).\n";
    } else {
        out_ << "    Choose item " << problem_.name(item) << ": it has " << options(length)
             << ", the fewest (the leftmost item of those with the fewest).\n"
             << "    Cover " << problem_.name(item) << ": hide every option that contains it.\n";
    }
    state_.choose(level, item);
}

void MatrixNarrator::try_option(std::size_t level, std::optional<dlx::OptionId> option)
{
    state_.try_option(level, option);
    if (!option)
        return;
    out_ << "    Level " << level << ": try option " << *option + 1 << " " << option_text(*option)
         << ": cover its other items, hiding the options that meet them.\n";
}

void MatrixNarrator::backtrack(std::size_t level, dlx::ItemId item)
{
    state_.try_option(level, std::nullopt);
    out_ << "    Level " << level << ": "
         << (level == dead_end_ ? "nothing to try for " + problem_.name(item) + ": back up"
                                : "every option of " + problem_.name(item) +
                                      " has been tried: uncover it and back up")
         << (level == 0 ? "; the search is over.\n"
                        : " to level " + std::to_string(level - 1) + ".\n");
}

void MatrixNarrator::solution(std::span<const dlx::OptionId> options)
{
    out_ << "\nLevel " << options.size() << ": every item is covered: a solution!\n   ";
    for (const dlx::OptionId option : options)
        out_ << ' ' << option_text(option);
    out_ << "\n";
}

SudokuNarrator::SudokuNarrator(const sudoku::Encoding& encoding, std::ostream& out)
    : encoding_(encoding), out_(out)
{
}

// Items 0-80 are the cells, then rows, columns and boxes with each digit (encoding.cpp).
std::string SudokuNarrator::words(dlx::ItemId item) const
{
    if (item < 81)
        return "cell " + sudoku::cell_name(static_cast<int>(item));
    const int rest = static_cast<int>(item) - 81;
    const int kind = rest / 81, index = rest % 81 / 9 + 1, digit = rest % 9 + 1;
    static constexpr const char* units[] = {"row", "column", "box"};
    return std::string(units[kind]) + " " + std::to_string(index) + " needs a " +
           std::to_string(digit);
}

void SudokuNarrator::choose(std::size_t level, dlx::ItemId item, std::size_t length)
{
    out_ << indent(level) << "Level " << level << ": " << words(item);
    if (length == 0)
        out_ << ", but nothing fits: a dead end.\n";
    else if (item < 81)
        out_ << ": " << length << (length == 1 ? " digit fits" : " digits fit")
             << " (the fewest choices).\n";
    else
        out_ << ": " << length << (length == 1 ? " place" : " places")
             << " (the fewest choices).\n";
}

void SudokuNarrator::try_option(std::size_t level, std::optional<dlx::OptionId> option)
{
    if (!option)
        return;
    const auto placed = encoding_.placement_of[*option];
    out_ << indent(level) << "  try " << placed.digit << " at " << sudoku::cell_name(placed.cell)
         << "\n";
}

void SudokuNarrator::backtrack(std::size_t level, dlx::ItemId item)
{
    out_ << indent(level) << "  nothing more for " << words(item) << ": back up\n";
}

void SudokuNarrator::solution(std::span<const dlx::OptionId> options)
{
    out_ << indent(options.size()) << "Level " << options.size()
         << ": every item is covered: a solution.\n";
}

std::string coloured(const std::string& board)
{
    static constexpr int backgrounds[] = {41, 42, 43, 44, 45, 46, 101, 102, 103, 104, 105, 106};
    static constexpr const char* pieces = "FILNPTUVWXYZ";
    std::string text;
    for (const char cell : board) {
        const char* at = std::char_traits<char>::find(pieces, 12, cell);
        if (at == nullptr) {
            text += cell;
            continue;
        }
        text +=
            "\x1b[30;" + std::to_string(backgrounds[at - pieces]) + "m" + cell + cell + "\x1b[0m";
    }
    return text;
}

} // namespace demo
