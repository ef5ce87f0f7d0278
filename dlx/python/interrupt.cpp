// InterruptGuard (interrupt.hpp): our SIGINT handler in front of Python's during a search.
#include "interrupt.hpp"

#include <pythread.h>

namespace dlx::python {

namespace py = pybind11;

namespace {

static_assert(std::atomic<bool>::is_always_lock_free, "set from a signal handler");

std::atomic<bool> interrupted{false};
std::atomic<std::atomic<bool>*> relay_to{nullptr}; // the guard's relay flag, while it stands
static_assert(std::atomic<std::atomic<bool>*>::is_always_lock_free, "read by a signal handler");
struct sigaction python_action {}; // Python's handler, while ours stands in front of it
unsigned long main_thread = 0;

void on_sigint(int signal, siginfo_t* info, void* context)
{
    interrupted.store(true, std::memory_order_relaxed);
    if (std::atomic<bool>* const relay = relay_to.load(std::memory_order_relaxed))
        relay->store(true, std::memory_order_relaxed);
    if (python_action.sa_flags & SA_SIGINFO)
        python_action.sa_sigaction(signal, info, context);
    else
        python_action.sa_handler(signal);
}

bool ours(const struct sigaction& action)
{
    return (action.sa_flags & SA_SIGINFO) != 0 && action.sa_sigaction == on_sigint;
}

} // namespace

void remember_main_thread()
{
    main_thread =
        py::module_::import("threading").attr("main_thread")().attr("ident").cast<unsigned long>();
}

InterruptGuard::InterruptGuard(std::atomic<bool>* relay)
{
    if (PyThread_get_thread_ident() != main_thread)
        return;
    struct sigaction current {};
    if (sigaction(SIGINT, nullptr, &current) != 0 || ours(current))
        return; // a guard further out is in place
    // A program that ignores Ctrl-C, or lets it end the process, keeps it that way.
    const bool handled = (current.sa_flags & SA_SIGINFO) != 0 ||
                         (current.sa_handler != SIG_DFL && current.sa_handler != SIG_IGN);
    if (!handled)
        return;
    python_action = current;
    interrupted.store(false);
    relay_to.store(relay);
    struct sigaction action {};
    action.sa_sigaction = on_sigint;
    action.sa_flags = SA_SIGINFO | (current.sa_flags & (SA_ONSTACK | SA_RESTART));
    action.sa_mask = current.sa_mask;
    installed_ = sigaction(SIGINT, &action, &previous_) == 0;
    if (!installed_)
        relay_to.store(nullptr);
    // A Ctrl-C that came just before ours was in place reached Python's handler alone.
    if (installed_ && PyErr_CheckSignals() != 0) {
        restore();
        throw py::error_already_set();
    }
}

InterruptGuard::~InterruptGuard() { restore(); }

void InterruptGuard::restore() noexcept
{
    if (!installed_)
        return;
    installed_ = false;
    struct sigaction current {};
    if (sigaction(SIGINT, nullptr, &current) == 0 && ours(current))
        sigaction(SIGINT, &previous_, nullptr);
    relay_to.store(nullptr);
}

const std::atomic<bool>* InterruptGuard::flag() const noexcept
{
    return installed_ ? &interrupted : nullptr;
}

void InterruptGuard::raise_if_interrupted()
{
    const bool was_installed = installed_;
    restore();
    if (!was_installed || !interrupted.load())
        return;
    if (PyErr_CheckSignals() != 0) // Python's handler raised (KeyboardInterrupt by default)
        throw py::error_already_set();
    PyErr_SetNone(PyExc_KeyboardInterrupt);
    throw py::error_already_set();
}

} // namespace dlx::python
