// Ctrl-C during a search that runs without the GIL.
//
// Python's own SIGINT handler only sets a flag that the interpreter looks at between
// bytecodes; a search in C++ would never see it. So, for the length of a search started from
// Python's main thread, InterruptGuard puts a handler of ours in front of Python's:
//
//   SIGINT --> ours: set `interrupted` (SearchOptions::cancel: the search ends at its next
//              check), and the guard's relay flag if it has one --> Python's: note the signal
//   after the search: ours taken away again, then Python's handler run (PyErr_CheckSignals),
//              which raises KeyboardInterrupt, or whatever the program's handler does
//
// Python code never runs while ours is in front (a handler that changes SIGINT's disposition
// keeps its change), and a guard made while one is active adds nothing. Signals reach Python
// only on its main thread, so a search started from another thread runs without a guard.
#pragma once

#include <pybind11/pybind11.h>

#include <atomic>
#include <csignal>
#include <cstdint>
#include <utility>

namespace dlx::python {

// How often a search from Python looks at the cancel flag: every so many nodes (a node takes
// from a fraction of a microsecond to some microseconds, so well under the 0.2 s promised).
inline constexpr std::uint64_t interrupt_check_nodes = 4096;

// Notes which thread is Python's main thread (called once, from the module's initialisation).
void remember_main_thread();

class InterruptGuard {
public:
    // With the GIL held. Raises at once if a signal's handler raises (one that came before).
    // With `relay`, a Ctrl-C sets `*relay` too (for a search whose cancel flag was chosen
    // before the guard was made: dlx.Solutions).
    explicit InterruptGuard(std::atomic<bool>* relay = nullptr);
    ~InterruptGuard();
    InterruptGuard(const InterruptGuard&) = delete;
    InterruptGuard& operator=(const InterruptGuard&) = delete;

    // The flag for SearchOptions::cancel (null when this guard installed nothing).
    [[nodiscard]] const std::atomic<bool>* flag() const noexcept;
    // With the GIL held, after the search: puts Python's handler back, then raises Python's
    // exception for a Ctrl-C that came (KeyboardInterrupt when its handler raised nothing:
    // the search was cut short all the same).
    void raise_if_interrupted();

private:
    void restore() noexcept;

    bool installed_ = false;
    struct sigaction previous_ {};
};

// With the GIL held: runs `work(cancel)` without it, `cancel` being the flag that Ctrl-C sets
// (null off Python's main thread), hands its result to `keep` with the GIL held again, then
// raises Python's exception for a Ctrl-C that came, or returns the result.
template <typename Work, typename Keep> auto interruptibly(Work&& work, Keep&& keep)
{
    InterruptGuard guard;
    auto result = [&] {
        const pybind11::gil_scoped_release unlocked;
        return work(guard.flag());
    }();
    keep(std::as_const(result));
    guard.raise_if_interrupted();
    return result;
}
template <typename Work> auto interruptibly(Work&& work)
{
    return interruptibly(std::forward<Work>(work), [](const auto&) {});
}

} // namespace dlx::python
