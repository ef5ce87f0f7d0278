// The iterator that dlx.Solver.solutions() returns: a search on a copy of the solver, on a
// Stream's thread, each solution's option ids turned into the options' labels as the caller
// takes it.
#pragma once

#include "stream.hpp"

#include <dlx/solver.hpp>

#include <pybind11/pybind11.h>

#include <optional>
#include <string>
#include <vector>

namespace dlx::python {

class SolutionStream {
public:
    // Starts searching a copy of `solver` with `options`; `labels` maps option ids to what the
    // caller sees.
    SolutionStream(const Solver& solver, const SearchOptions& options, pybind11::tuple labels);

    // With the GIL held: the next solution's labels, or nothing when the search has ended.
    std::optional<pybind11::object> next() { return stream_.next(); }
    // Ends the search; the iterator then yields nothing more.
    void close() { stream_.close(); }
    // The search's counters once it has ended, else None.
    [[nodiscard]] pybind11::object stats() const;
    [[nodiscard]] std::string describe() const;

private:
    Solver solver_;
    pybind11::tuple labels_;
    SearchStats stats_; // written by the search's thread before the stream is marked done
    // Last: its thread starts when it is built, and ends (closed) before the rest goes.
    Stream<std::vector<OptionId>> stream_;
};

} // namespace dlx::python
