// SolutionStream (solution_stream.hpp).
#include "solution_stream.hpp"

#include "interrupt.hpp"

#include <utility>

namespace dlx::python {

namespace py = pybind11;

namespace {

// Solutions queued ahead of the caller at most.
constexpr std::size_t solutions_ahead = 256;

} // namespace

SolutionStream::SolutionStream(const Solver& solver, const SearchOptions& options, py::tuple labels)
    : solver_(solver), labels_(std::move(labels)),
      stream_(
          [this, options = SearchOptions(options)](Stream<std::vector<OptionId>>& stream) mutable {
              options.cancel = stream.cancel_flag(); // close() between two solutions
              options.progress_interval = interrupt_check_nodes;
              stats_ = solver_.search(
                  [&stream](std::span<const OptionId> solution) {
                      return stream.push({solution.begin(), solution.end()}) ? Visit::keep_going
                                                                             : Visit::stop;
                  },
                  options);
          },
          [this](std::vector<OptionId>&& solution) -> py::object {
              py::list chosen(solution.size());
              for (std::size_t i = 0; i < solution.size(); ++i)
                  chosen[i] = labels_[solution[i]];
              return chosen;
          },
          solutions_ahead)
{
}

py::object SolutionStream::stats() const { return stream_.done() ? py::cast(stats_) : py::none(); }

std::string SolutionStream::describe() const
{
    return "<dlx.Solutions: " + stream_.describe() + ">";
}

} // namespace dlx::python
