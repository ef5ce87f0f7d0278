// What every program in apps/ shares: the usage-error type, strict number parsing, and an
// output file that appears whole or not at all.
#pragma once

#include <boost/program_options.hpp>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <memory>
#include <optional>
#include <ostream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace cli {

/// Bad command-line usage: the program reports it with report_usage_error() and exits with 2.
class UsageError : public std::runtime_error {
public:
    /// What to print besides the message: a bad value gets one line; a command line that makes
    /// no sense as a whole (no task, an unknown option, two tasks) gets the usage too.
    enum class Show { message, usage };
    explicit UsageError(const std::string& message, Show show = Show::message)
        : std::runtime_error(message), show_(show)
    {
    }
    [[nodiscard]] Show show() const noexcept { return show_; }

private:
    Show show_;
};

/// Prints `error` on standard error: "program: message (try 'program --help')" on one line,
/// or, when it asks for the usage, the message, then `synopsis`, then the hint. Returns 2.
int report_usage_error(const std::string& program, const UsageError& error,
                       const std::string& synopsis);

/// Runs a program's `body` and turns what it throws into the exit status: a UsageError is
/// reported with report_usage_error() (2), any other exception as "program: what" on standard
/// error (1). Returns `body`'s own status otherwise.
int guarded_main(const std::string& program, const std::string& synopsis,
                 const std::function<int()>& body);

/// Adds the options every program has: -h/--help and --version.
void add_help_and_version(boost::program_options::options_description& options);

/// A parsed command line, asked the questions every program asks of it.
class Arguments {
public:
    explicit Arguments(boost::program_options::variables_map map) : map_(std::move(map)) {}
    /// True when option `name` was given.
    [[nodiscard]] bool given(const char* name) const { return map_.count(name) > 0; }
    /// The value of option `name` (which must have been given) as written.
    [[nodiscard]] std::string text(const char* name) const { return map_[name].as<std::string>(); }
    /// The values of a repeated option or of the positional words.
    [[nodiscard]] std::vector<std::string> texts(const char* name) const
    {
        return given(name) ? map_[name].as<std::vector<std::string>>() : std::vector<std::string>{};
    }

private:
    boost::program_options::variables_map map_;
};

/// Words on the command line that are not options: up to `most` of them (-1: any number),
/// read as the option `name` (a string, or with any number a vector of strings).
struct Positional {
    const char* name = nullptr; ///< none when null
    int most = 1;
};

/// Parses the command line against `options`, plus the positional words. Answers --help (with
/// `print_help`) and --version (with `version_line`) on standard output and returns nothing:
/// the program then exits with 0. An unknown or malformed option becomes a UsageError.
std::optional<Arguments> parse_command_line(
    int argc, char** argv, const boost::program_options::options_description& options,
    Positional positional, const std::function<void(std::ostream&)>& print_help,
    const std::string& version_line);

/// Parses the whole of `text` as a decimal number in [low, high], so that "-1", "12x", "1e3"
/// and "" are refused (an unsigned Boost.ProgramOptions value would take "-1" as 4294967295).
/// Throws UsageError naming `option` ("--limit wants a whole number from 1 to 10, not 'x'").
std::uint64_t parse_number(const std::string& text, const std::string& option, std::uint64_t low,
                           std::uint64_t high);

/// Parses the whole of `text` as a number of seconds, "S" or "S.FFF" (decimal digits; the
/// fraction to the nanosecond), greater than 0 and at most 10^9. Throws UsageError naming
/// `option` ("--time-limit wants a number of seconds above 0, at most 1000000000, such as 10
/// or 0.5, not 'x'").
std::chrono::nanoseconds parse_seconds(const std::string& text, const std::string& option);

/// Parses the whole of `text` as a size in bytes: digits, then optionally K, M, G or T (powers
/// of 1024), from 64K to 1024T. Throws UsageError naming `option` ("--memory wants a size such
/// as 512M or 4G (K, M, G, T: powers of 1024), from 64K to 1024T, not 'x'").
std::size_t parse_size(const std::string& text, const std::string& option);

/// Parses the whole of `text` as "LO~HI", two decimal numbers with low <= LO <= HI <= high (no
/// spaces, signs or other separators). Throws UsageError naming `option` ("-r wants LO~HI with
/// 20 <= LO <= HI <= 55, not '30-40'").
std::pair<std::uint64_t, std::uint64_t> parse_range(const std::string& text,
                                                    const std::string& option, std::uint64_t low,
                                                    std::uint64_t high);

/// An output file that replaces its target only when complete. Writes go to a temporary file
/// in the target's directory (so that the final rename cannot cross file systems); commit()
/// renames it over the target (through a symbolic link: over the file it points to).
/// Destroyed without commit(), it removes the temporary file and leaves any existing target
/// untouched. The path "-" writes to standard output, and an existing target that is not a
/// regular file (/dev/null, a FIFO) is written directly: neither can be taken back.
class OutputFile {
public:
    explicit OutputFile(const std::string& path);
    ~OutputFile();
    OutputFile(const OutputFile&) = delete;
    OutputFile& operator=(const OutputFile&) = delete;

    /// Appends `size` bytes; throws std::runtime_error naming the target on failure (a full
    /// disk, for example).
    void write(const char* data, std::size_t size);
    /// Appends `size` bytes (at most 64 KiB) that the caller writes at the pointer returned,
    /// before any other call: a formatter can write straight into the output buffer. Throws
    /// std::logic_error for more than 64 KiB.
    [[nodiscard]] char* append(std::size_t size);
    /// Flushes, closes and renames into place; throws std::runtime_error on failure.
    void commit();
    [[nodiscard]] const std::string& path() const noexcept { return path_; }

private:
    void flush();
    void write_through(const char* data, std::size_t size);
    [[noreturn]] void fail(const std::string& what, int error) const;
    std::string path_;
    std::string target_; // the file renamed over (path_ with symbolic links resolved)
    std::string temporary_;
    int fd_ = -1;
    bool to_stdout_ = false;
    bool direct_ = false; // writing straight into a device or FIFO
    bool committed_ = false;
    std::unique_ptr<char[]> buffer_;
    std::size_t buffered_ = 0;
    std::uint64_t written_ = 0; // bytes written to fd_
    std::uint64_t started_ = 0; // bytes whose writing to disk was started
};

/// A one-line progress report on standard error for long runs, redrawn at most four times a
/// second, not in the first half second, and by default only when standard error is a terminal
/// (so logs and tests see nothing).
class Progress {
public:
    /// When to draw: on a terminal only, always (a line at a time where standard error is not a
    /// terminal), or never.
    enum class Show { on_terminal, always, never };
    /// `what` names the things counted ("boards", "puzzles"); `total` is 0 when unknown.
    Progress(std::string program, std::string what, std::uint64_t total,
             Show show = Show::on_terminal);
    ~Progress();
    Progress(const Progress&) = delete;
    Progress& operator=(const Progress&) = delete;
    /// `done` things so far. Cheap when nothing is drawn.
    void update(std::uint64_t done);
    /// Draws "program: " and `text` (when it is time to draw: see ready()).
    void show(const std::string& text);
    /// Whether a line drawn now would be shown; false in between (so a caller can skip
    /// building it).
    [[nodiscard]] bool ready();
    /// Clears the line, so that a message can be printed; the next update() draws it again.
    void clear();
    /// Clears the line for good.
    void finish();

private:
    std::string program_, what_;
    std::uint64_t total_;
    bool active_;
    bool terminal_;
    bool drawn_ = false;
    long long next_draw_ = 0; // steady-clock milliseconds
};

} // namespace cli
