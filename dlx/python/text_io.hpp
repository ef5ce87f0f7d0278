// Text in and out of the module's readers and writers (Problem.read/write, Split.read/write,
// Merge.add_results, sudoku.read): a path (str or os.PathLike) or an open file.
#pragma once

#include <pybind11/pybind11.h>

#include <string>

namespace dlx::python {

// The text of a path (opened by Python, so that a missing file raises FileNotFoundError) or of
// an open file (str or bytes), and a name for messages: the path, the file's name, or "-".
void read_text(const pybind11::object& source, std::string& text, std::string& name);
// Writes `text` to a path (as UTF-8) or an open text file.
void write_text(const pybind11::object& target, const std::string& text);

} // namespace dlx::python
