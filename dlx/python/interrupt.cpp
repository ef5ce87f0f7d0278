// InterruptGuard (interrupt.hpp): our SIGINT handler in front of Python's during a search.
#include "interrupt.hpp"

#include <pythread.h>

namespace dlx::python {

namespace py = pybind11;

namespace {

std::atomic<bool> interrupted{false};
struct sigaction python_action {}; // Python's handler, while ours stands in front of it

void on_sigint(int signal)
{
    interrupted.store(true, std::memory_order_relaxed);
    if (python_action.sa_flags & SA_SIGINFO)
        python_action.sa_sigaction(signal, nullptr, nullptr);
    else
        python_action.sa_handler(signal);
}

bool on_main_thread()
{
    static const unsigned long main_thread =
        py::module_::import("threading").attr("main_thread")().attr("ident").cast<unsigned long>();
    return PyThread_get_thread_ident() == main_thread;
}

} // namespace

InterruptGuard::InterruptGuard()
{
    if (!on_main_thread())
        return;
    struct sigaction current {};
    if (sigaction(SIGINT, nullptr, &current) != 0)
        return;
    // A program that ignores Ctrl-C, or lets it end the process, keeps it that way.
    const bool handled = (current.sa_flags & SA_SIGINFO) != 0 ||
                         (current.sa_handler != SIG_DFL && current.sa_handler != SIG_IGN);
    if (!handled)
        return;
    python_action = current;
    interrupted.store(false);
    struct sigaction ours {};
    ours.sa_handler = on_sigint;
    sigemptyset(&ours.sa_mask);
    installed_ = sigaction(SIGINT, &ours, &previous_) == 0;
}

InterruptGuard::~InterruptGuard()
{
    if (installed_)
        sigaction(SIGINT, &previous_, nullptr);
}

const std::atomic<bool>* InterruptGuard::flag() const noexcept
{
    return installed_ ? &interrupted : nullptr;
}

void InterruptGuard::raise_if_interrupted() const
{
    if (!installed_ || !interrupted.load())
        return;
    if (PyErr_CheckSignals() != 0) // Python's handler raised (KeyboardInterrupt by default)
        throw py::error_already_set();
    // The program's own handler let it pass; the search was cut short all the same.
    PyErr_SetNone(PyExc_KeyboardInterrupt);
    throw py::error_already_set();
}

} // namespace dlx::python
