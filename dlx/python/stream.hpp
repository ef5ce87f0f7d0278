// Items pulled one at a time, from Python, out of C++ code that pushes them (the board
// generator's and the puzzle maker's sinks): the lazy iterators dlx.sudoku.boards() and
// dlx.sudoku.make() return. (dlx.Solver.solutions() needs none of this: its search pauses at
// each solution, dlx::Solutions.)
//
//   producer thread (no GIL)                        caller (Python, next())
//   push(item): wait while the queue is full --+    wait while the queue is empty, looking
//               (false once closed: stop)      |--> for Ctrl-C every 50 ms; pop the item,
//   end: mark done (or keep the exception) ----+    turn it into a Python object
//
// The queue holds at most `capacity` items, so memory stays flat however many there are, and
// the producer runs ahead of the caller by that much at most. close() (also the destructor,
// and Ctrl-C while waiting) sets the cancel flag, wakes the producer, whose push() then
// returns false (it should stop; a search also reads the flag as SearchOptions::cancel between
// items), and joins its thread.
#pragma once

#include <pybind11/pybind11.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <exception>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <utility>

namespace dlx::python {

template <typename Item> class Stream {
public:
    // `produce` runs on the stream's thread, calling push() for each item, and returns when it
    // has no more (or push() said stop); an exception from it reaches the caller of next().
    // `convert` turns an item into what next() returns (with the GIL held).
    Stream(std::function<void(Stream&)> produce, std::function<pybind11::object(Item&&)> convert,
           std::size_t capacity)
        : convert_(std::move(convert)), capacity_(capacity)
    {
        thread_ = std::thread([this, produce = std::move(produce)] { run(produce); });
    }
    ~Stream() { close(); }
    Stream(const Stream&) = delete;
    Stream& operator=(const Stream&) = delete;

    // What a producer may throw to stop where it cannot return (a sink inside a library call):
    // the stream ends without an error.
    struct Closed {};

    // Producer side: queues `item`, waiting for room; false once the stream is closed.
    bool push(Item item)
    {
        std::unique_lock lock(mutex_);
        room_.wait(lock, [this] { return queue_.size() < capacity_ || cancel_; });
        if (cancel_)
            return false;
        queue_.push_back(std::move(item));
        ready_.notify_one();
        return true;
    }
    // Producer side: the flag close() sets (for SearchOptions::cancel).
    [[nodiscard]] const std::atomic<bool>* cancel_flag() const noexcept { return &cancel_; }

    // With the GIL held: the next item, or nothing when the producer is done. Rethrows the
    // producer's exception; raises KeyboardInterrupt (closing the stream) on Ctrl-C.
    std::optional<pybind11::object> next()
    {
        Item item;
        for (;;) {
            {
                std::unique_lock lock(mutex_);
                if (!queue_.empty()) {
                    item = std::move(queue_.front());
                    queue_.pop_front();
                    room_.notify_one();
                    break;
                }
                if (done_) {
                    const std::exception_ptr error = std::exchange(error_, nullptr);
                    lock.unlock();
                    join();
                    if (error)
                        std::rethrow_exception(error);
                    return std::nullopt;
                }
            }
            bool ready = false;
            {
                const pybind11::gil_scoped_release unlocked;
                std::unique_lock lock(mutex_);
                ready = ready_.wait_for(lock, std::chrono::milliseconds(50),
                                        [this] { return !queue_.empty() || done_; });
            }
            if (!ready && PyErr_CheckSignals() != 0) { // Ctrl-C (or another signal's error)
                pybind11::error_already_set raised;
                close();
                throw raised;
            }
        }
        ++taken_;
        return convert_(std::move(item));
    }

    // Ends the producer and waits for its thread; next() then returns nothing.
    void close()
    {
        {
            const std::lock_guard lock(mutex_);
            cancel_ = true;
            room_.notify_all();
        }
        join();
        const std::lock_guard lock(mutex_);
        queue_.clear();
        error_ = nullptr; // closed: the producer's failure no longer matters
    }

    [[nodiscard]] bool done() const
    {
        const std::lock_guard lock(mutex_);
        return done_;
    }
    // For reprs: "12 taken, running" or "12 taken, ended".
    [[nodiscard]] std::string describe() const
    {
        const std::lock_guard lock(mutex_);
        return std::to_string(taken_) + " taken, " + (done_ ? "ended" : "running");
    }

private:
    void run(const std::function<void(Stream&)>& produce)
    {
        std::exception_ptr error;
        try {
            produce(*this);
        } catch (const Closed&) {
            // closed: nothing more to say
        } catch (...) {
            error = std::current_exception();
        }
        const std::lock_guard lock(mutex_);
        error_ = error;
        done_ = true;
        ready_.notify_all();
    }

    // Without the GIL (the thread may be finishing), and one caller at a time: next() and
    // close() may come from two Python threads.
    void join()
    {
        const pybind11::gil_scoped_release unlocked;
        const std::lock_guard lock(join_mutex_);
        if (thread_.joinable())
            thread_.join();
    }

    std::function<pybind11::object(Item&&)> convert_;
    std::size_t capacity_;
    std::atomic<bool> cancel_{false};
    mutable std::mutex mutex_;
    std::condition_variable ready_; // an item queued, or the producer done
    std::condition_variable room_;  // a place free in the queue, or closed
    std::deque<Item> queue_;
    bool done_ = false;
    std::exception_ptr error_;
    std::uint64_t taken_ = 0;
    std::mutex join_mutex_;
    std::thread thread_;
};

/// Binds `Owner`, a class whose stream() is a Stream, as the Python iterator class `name` of
/// `module`: next(), close(), a context manager that closes, and a repr "<FULL_NAME: ...>"
/// that says how far the stream has gone.
template <typename Owner>
void bind_stream(pybind11::module_& module, const char* name, const char* doc,
                 const char* full_name)
{
    namespace py = pybind11;
    const std::string prefix = std::string("<") + full_name + ": ";
    py::class_<Owner>(module, name, doc)
        .def("__iter__", [](Owner& owner) -> Owner& { return owner; })
        .def("__next__",
             [](Owner& owner) {
                 auto item = owner.stream().next();
                 if (!item)
                     throw py::stop_iteration();
                 return *item;
             })
        .def(
            "close", [](Owner& owner) { owner.stream().close(); }, "Stops making more.")
        .def("__enter__", [](Owner& owner) -> Owner& { return owner; })
        .def("__exit__", [](Owner& owner, const py::args&) { owner.stream().close(); })
        .def("__repr__", [prefix](const Owner& owner) {
            return prefix + const_cast<Owner&>(owner).stream().describe() + ">";
        });
}

} // namespace dlx::python
