// SolutionStream (solution_stream.hpp): a search on its own thread, pulled from Python.
#include "solution_stream.hpp"

#include "interrupt.hpp"

#include <chrono>
#include <utility>

namespace dlx::python {

namespace py = pybind11;

SolutionStream::SolutionStream(const Solver& solver, const SearchOptions& options, py::tuple labels)
    : solver_(solver), labels_(std::move(labels))
{
    thread_ = std::thread([this, options] { search(options); });
}

SolutionStream::~SolutionStream() { close(); }

void SolutionStream::search(SearchOptions options)
{
    options.cancel = &cancel_; // close() between two solutions ends the search at a check
    options.progress_interval = interrupt_check_nodes;
    SearchStats stats;
    std::exception_ptr error;
    try {
        stats = solver_.search(
            [this](std::span<const OptionId> solution) {
                std::unique_lock lock(mutex_);
                room_.wait(lock, [this] { return queue_.size() < capacity || cancel_; });
                if (cancel_)
                    return Visit::stop;
                queue_.emplace_back(solution.begin(), solution.end());
                ready_.notify_one();
                return Visit::keep_going;
            },
            options);
    } catch (...) {
        error = std::current_exception();
    }
    const std::lock_guard lock(mutex_);
    stats_ = stats;
    error_ = error;
    done_ = true;
    ready_.notify_all();
}

std::optional<py::list> SolutionStream::next()
{
    std::vector<OptionId> solution;
    for (;;) {
        {
            std::unique_lock lock(mutex_);
            if (!queue_.empty()) {
                solution = std::move(queue_.front());
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
            const py::gil_scoped_release unlocked;
            std::unique_lock lock(mutex_);
            ready = ready_.wait_for(lock, std::chrono::milliseconds(50),
                                    [this] { return !queue_.empty() || done_; });
        }
        if (!ready && PyErr_CheckSignals() != 0) { // Ctrl-C (or another signal's exception)
            py::error_already_set raised;
            close();
            throw raised;
        }
    }
    ++yielded_;
    py::list labels(solution.size());
    for (std::size_t i = 0; i < solution.size(); ++i)
        labels[i] = labels_[solution[i]];
    return labels;
}

void SolutionStream::close()
{
    {
        const std::lock_guard lock(mutex_);
        cancel_ = true;
        room_.notify_all();
    }
    join();
    const std::lock_guard lock(mutex_);
    queue_.clear();
}

void SolutionStream::join()
{
    if (thread_.joinable()) {
        const py::gil_scoped_release unlocked;
        thread_.join();
    }
}

py::object SolutionStream::stats() const
{
    const std::lock_guard lock(mutex_);
    return done_ ? py::cast(stats_) : py::none();
}

std::string SolutionStream::describe() const
{
    const std::lock_guard lock(mutex_);
    return "<dlx.Solutions: " + std::to_string(yielded_) + " yielded, " +
           (done_ ? "search ended" : "searching") + ">";
}

} // namespace dlx::python
