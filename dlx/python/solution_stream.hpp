// Solutions pulled one at a time from a search that pushes them (Solver::search and its
// visitor): the Python iterator dlx.Solver.solutions() returns.
//
//   search thread (a copy of the Solver, no GIL)      caller (Python, next())
//   visitor: wait while the queue is full ------+      wait while the queue is empty,
//            push the solution's option ids     |-->   looking for Ctrl-C every 50 ms;
//   end: mark done (or keep the exception)  ----+      pop, turn the ids into labels
//
// The queue holds at most `capacity` solutions, so memory stays flat however many there are;
// the search runs ahead of the caller by that much at most. close() (also the destructor, and
// Ctrl-C while waiting) sets the cancel flag: the visitor returns Visit::stop, or the search
// ends at its next check between solutions, and the thread is joined.
#pragma once

#include <dlx/solver.hpp>

#include <pybind11/pybind11.h>

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <exception>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace dlx::python {

class SolutionStream {
public:
    // Starts searching a copy of `solver` with `options`; `labels` maps option ids to what the
    // caller sees.
    SolutionStream(const Solver& solver, const SearchOptions& options, pybind11::tuple labels);
    ~SolutionStream();
    SolutionStream(const SolutionStream&) = delete;
    SolutionStream& operator=(const SolutionStream&) = delete;

    // With the GIL held: the next solution's labels, or nothing when the search has ended.
    // Raises what the search raised, or KeyboardInterrupt (the search then ended).
    std::optional<pybind11::list> next();
    // Ends the search and waits for its thread; the iterator then yields nothing more.
    void close();
    // The search's counters once it has ended, else None.
    [[nodiscard]] pybind11::object stats() const;
    [[nodiscard]] std::string describe() const;

private:
    static constexpr std::size_t capacity = 256;

    void search(SearchOptions options);
    void join();

    Solver solver_;
    pybind11::tuple labels_;
    std::atomic<bool> cancel_{false};
    mutable std::mutex mutex_;
    std::condition_variable ready_; // a solution queued, or the search over
    std::condition_variable room_;  // a place free in the queue, or cancelled
    std::deque<std::vector<OptionId>> queue_;
    bool done_ = false;
    std::exception_ptr error_;
    SearchStats stats_;
    std::uint64_t yielded_ = 0;
    std::thread thread_;
};

} // namespace dlx::python
