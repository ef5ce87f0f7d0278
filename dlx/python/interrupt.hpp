// Ctrl-C during a search that runs without the GIL.
//
// Python's own SIGINT handler only sets a flag that the interpreter looks at between
// bytecodes; a search in C++ would never see it. So, for the length of a search started from
// Python's main thread, InterruptGuard puts a handler of ours in front of Python's:
//
//   SIGINT --> ours: set `interrupted` (SearchOptions::cancel: the search ends at its next
//              check) --> Python's: note the signal
//   back in Python: raise_if_interrupted() runs Python's handler (PyErr_CheckSignals), which
//              raises KeyboardInterrupt, or whatever handler the program installed
//
// and puts Python's back afterwards. Signals reach Python only on its main thread, so a search
// started from another thread runs without one.
#pragma once

#include <pybind11/pybind11.h>

#include <atomic>
#include <csignal>
#include <cstdint>

namespace dlx::python {

// How often a search from Python looks at the cancel flag: every so many nodes (a node takes
// from a fraction of a microsecond to some microseconds, so well under the 0.2 s promised).
inline constexpr std::uint64_t interrupt_check_nodes = 4096;

class InterruptGuard {
public:
    InterruptGuard();
    ~InterruptGuard();
    InterruptGuard(const InterruptGuard&) = delete;
    InterruptGuard& operator=(const InterruptGuard&) = delete;

    // The flag for SearchOptions::cancel (null when no handler could be installed).
    [[nodiscard]] const std::atomic<bool>* flag() const noexcept;
    // With the GIL held, after the search: raises Python's exception for a Ctrl-C that came.
    void raise_if_interrupted() const;

private:
    bool installed_ = false;
    struct sigaction previous_ {};
};

} // namespace dlx::python
