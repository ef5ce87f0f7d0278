// The library's exceptions. Every one that the library throws for a reason of its own derives
// from dlx::Error, so that `catch (const dlx::Error&)` takes them all; what() says what was
// wrong, in a sentence that a program can print as it is. (std::bad_alloc passes through as
// it is, and so does whatever a caller's visitor, progress report or tracer throws; a
// std::logic_error would mean a fault in the library itself.)
//
//   dlx::Error
//   ├── ProblemError    a problem that is not well formed, or too large for the engine
//   ├── ParseError      text that does not read (knuth_format.hpp, split.hpp): file:line:column
//   ├── ArgumentError   a call that cannot be made with these arguments, on this problem
//   ├── FileError       a file that cannot be opened, read or written
//   └── Cancelled       a call cut short by its cancel flag, whose partial answer means nothing
#pragma once

#include <cstddef>
#include <optional>
#include <stdexcept>
#include <string>

namespace dlx {

/// The base of every exception the library throws for a reason of its own.
class Error : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// Thrown by ProblemBuilder for a problem that is not well formed or too large for the engine.
/// The message says what is wrong and where, for example "option 3: unknown item 'Q'".
class ProblemError : public Error {
public:
    explicit ProblemError(const std::string& message) : Error(message), reason_(message) {}
    /// A fault in one entry of an option: `where` names the option, `reason` the fault,
    /// `entry` the entry's index in the option and `offset` the character of the entry's text
    /// where the fault lies (for an option given by names), so that a reader of a text can
    /// point at it.
    ProblemError(const std::string& where, const std::string& reason, std::size_t entry,
                 std::size_t offset = 0)
        : Error(where + ": " + reason), reason_(reason), entry_(entry), offset_(offset)
    {
    }
    /// The fault, without the option it is in ("unknown item 'Q'").
    [[nodiscard]] const std::string& reason() const noexcept { return reason_; }
    /// The index of the entry at fault in its option, when one is.
    [[nodiscard]] std::optional<std::size_t> entry() const noexcept { return entry_; }
    /// Where in that entry's text the fault lies (0: its start).
    [[nodiscard]] std::size_t offset() const noexcept { return offset_; }

private:
    std::string reason_;
    std::optional<std::size_t> entry_;
    std::size_t offset_ = 0;
};

/// A problem in a text input, located by file, line and column (both 1-based). what() reads
/// "file:line:column: message", the form compilers and editors understand; "file:line: message"
/// when the column is 0 (the whole line), and "file: message" when the line is 0 too (the
/// whole file).
class ParseError : public Error {
public:
    ParseError(std::string file, std::size_t line, std::size_t column, const std::string& message);
    /// The file name given to the reader ("-" for standard input).
    [[nodiscard]] const std::string& file() const noexcept { return file_; }
    [[nodiscard]] std::size_t line() const noexcept { return line_; }
    [[nodiscard]] std::size_t column() const noexcept { return column_; }
    /// The message without the location.
    [[nodiscard]] const std::string& message() const noexcept { return message_; }

private:
    std::string file_;
    std::size_t line_;
    std::size_t column_;
    std::string message_;
};

/// A call that cannot be made with these arguments on this problem: dancing cells or forcing
/// for a problem with multiplicities, a path that is not a path of the tree, a job that the
/// split does not have, a problem that Knuth's format cannot hold, the next solution of a
/// Solutions whose Solver has searched otherwise since it paused.
class ArgumentError : public Error {
public:
    using Error::Error;
};

/// A file that cannot be opened, read or written; the message names it and says why.
class FileError : public Error {
public:
    using Error::Error;
};

/// Thrown by a call whose answer means nothing short of its end (dlx::split()) when its cancel
/// flag is set. Searches and estimates do not throw it: they end early and say so.
class Cancelled : public Error {
public:
    Cancelled() : Error("dlx: cancelled") {}
};

} // namespace dlx
