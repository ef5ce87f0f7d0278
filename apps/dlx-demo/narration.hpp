// Tracers that tell the search as it happens, for dlx-demo: the matrix of a small problem
// redrawn at every level, and a Sudoku told in Sudoku's words.
#pragma once

#include <dlx/problem.hpp>
#include <dlx/solver.hpp>

#include <sudoku/encoding.hpp>

#include <initializer_list>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace demo {

/// Passes every event on to several tracers (null ones are skipped).
class Tee final : public dlx::Tracer {
public:
    Tee(std::initializer_list<dlx::Tracer*> tracers);
    void choose(std::size_t level, dlx::ItemId item, std::size_t length) override;
    void try_option(std::size_t level, std::optional<dlx::OptionId> option) override;
    void backtrack(std::size_t level, dlx::ItemId item) override;
    void solution(std::span<const dlx::OptionId> options) override;

private:
    std::vector<dlx::Tracer*> tracers_;
};

/// Keeps what the search has chosen so far: the item chosen at each open level and the option
/// being tried there, hence which items are covered and which options are hidden.
class SearchState {
public:
    explicit SearchState(const dlx::Problem& problem) : problem_(problem) {}
    void choose(std::size_t level, dlx::ItemId item);
    void try_option(std::size_t level, std::optional<dlx::OptionId> option);
    /// Covered: an item chosen at an open level, or an item of an option being tried.
    [[nodiscard]] bool covered(dlx::ItemId item) const;
    /// The level whose tried option is `option`, if it is being tried.
    [[nodiscard]] std::optional<std::size_t> tried_at(dlx::OptionId option) const;
    /// Hidden: an option (not being tried) that meets a covered item.
    [[nodiscard]] bool hidden(dlx::OptionId option) const;
    [[nodiscard]] std::size_t levels() const noexcept { return item_.size(); }

private:
    const dlx::Problem& problem_;
    std::vector<dlx::ItemId> item_;                   // per open level
    std::vector<std::optional<dlx::OptionId>> tried_; // per open level
};

/// Knuth's example told step by step: at each level the matrix, with covered items and hidden
/// options marked, the item chosen and why, each option tried, each backtrack, the solutions.
class MatrixNarrator final : public dlx::Tracer {
public:
    MatrixNarrator(const dlx::Problem& problem, std::ostream& out);
    void choose(std::size_t level, dlx::ItemId item, std::size_t length) override;
    void try_option(std::size_t level, std::optional<dlx::OptionId> option) override;
    void backtrack(std::size_t level, dlx::ItemId item) override;
    void solution(std::span<const dlx::OptionId> options) override;

private:
    void draw_matrix();
    [[nodiscard]] std::string option_text(dlx::OptionId option) const;

    const dlx::Problem& problem_;
    std::ostream& out_;
    SearchState state_;
    static constexpr std::size_t no_dead_end = static_cast<std::size_t>(-1);
    std::size_t dead_end_ = no_dead_end; // the level of the last item chosen with no option
};

/// A Sudoku search told in Sudoku's words: "r4c5 can only be 7", "row 2 has two places for 4",
/// each digit tried, each dead end and backtrack.
class SudokuNarrator final : public dlx::Tracer {
public:
    SudokuNarrator(const sudoku::Encoding& encoding, std::ostream& out);
    void choose(std::size_t level, dlx::ItemId item, std::size_t length) override;
    void try_option(std::size_t level, std::optional<dlx::OptionId> option) override;
    void backtrack(std::size_t level, dlx::ItemId item) override;
    void solution(std::span<const dlx::OptionId> options) override;

private:
    /// The item in words: "cell r1c2", "row 1 needs a 5", ...
    [[nodiscard]] std::string words(dlx::ItemId item) const;

    const sudoku::Encoding& encoding_;
    std::ostream& out_;
};

/// A pentomino board (letters, a line per row) with each piece on a background colour of its
/// own (ANSI escapes), for a terminal.
std::string coloured(const std::string& board);

} // namespace demo
