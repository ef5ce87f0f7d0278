// Shared command-line support: strict numbers and atomic output files (POSIX).
#include "cli_support.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstring>
#include <filesystem>
#include <iostream>

namespace cli {

namespace {

constexpr std::size_t output_buffer = 1 << 20;
constexpr std::size_t largest_append = 64 << 10;  // see OutputFile::append()
constexpr std::uint64_t writeback_step = 8 << 20; // see OutputFile::write_through()

} // namespace

int report_usage_error(const std::string& program, const UsageError& error,
                       const std::string& synopsis)
{
    if (error.show() == UsageError::Show::message || synopsis.empty())
        std::cerr << program << ": " << error.what() << " (try '" << program << " --help')\n";
    else
        std::cerr << program << ": " << error.what() << '\n'
                  << synopsis << "Try '" << program << " --help'.\n";
    return 2;
}

int guarded_main(const std::string& program, const std::string& synopsis,
                 const std::function<int()>& body)
{
    try {
        return body();
    } catch (const UsageError& error) {
        return report_usage_error(program, error, synopsis);
    } catch (const std::exception& error) {
        std::cerr << program << ": " << error.what() << '\n';
        return 1;
    }
}

void add_help_and_version(boost::program_options::options_description& options)
{
    // One option a line, as Boost.ProgramOptions reads best:
    // clang-format off
    options.add_options()
        ("help,h", "print this help and exit")
        ("version", "print the version and exit");
    // clang-format on
}

std::optional<Arguments> parse_command_line(
    int argc, char** argv, const boost::program_options::options_description& options,
    Positional positional, const std::function<void(std::ostream&)>& print_help,
    const std::string& version_line)
{
    namespace po = boost::program_options;
    po::options_description all;
    all.add(options);
    po::positional_options_description words;
    if (positional.name != nullptr) {
        if (positional.most == 1)
            all.add_options()(positional.name, po::value<std::string>());
        else
            all.add_options()(positional.name, po::value<std::vector<std::string>>());
        words.add(positional.name, positional.most);
    }
    po::variables_map vm;
    try {
        po::store(po::command_line_parser(argc, argv).options(all).positional(words).run(), vm);
        po::notify(vm);
    } catch (const po::error& error) {
        throw UsageError(error.what(), UsageError::Show::usage);
    }
    if (vm.count("help")) {
        print_help(std::cout);
        return std::nullopt;
    }
    if (vm.count("version")) {
        std::cout << version_line << '\n';
        return std::nullopt;
    }
    return Arguments(std::move(vm));
}

std::uint64_t parse_number(const std::string& text, const std::string& option, std::uint64_t low,
                           std::uint64_t high)
{
    std::uint64_t value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || error != std::errc() || end != text.data() + text.size() || value < low ||
        value > high)
        throw UsageError(option + " wants a whole number from " + std::to_string(low) + " to " +
                         std::to_string(high) + ", not '" + text + "'");
    return value;
}

std::chrono::nanoseconds parse_seconds(const std::string& text, const std::string& option)
{
    constexpr std::uint64_t most = 1000000000;
    const auto refuse = [&]() -> UsageError {
        return UsageError(option + " wants a number of seconds above 0, at most " +
                          std::to_string(most) + ", such as 10 or 0.5, not '" + text + "'");
    };
    const std::size_t point = text.find('.');
    const std::string whole = text.substr(0, point);
    const std::string fraction = point == std::string::npos ? "" : text.substr(point + 1);
    const auto digits = [](const std::string& part) {
        return std::all_of(part.begin(), part.end(), [](char c) { return c >= '0' && c <= '9'; });
    };
    if ((whole.empty() && fraction.empty()) || !digits(whole) || !digits(fraction) ||
        (point != std::string::npos && fraction.empty()) || whole.size() > 10)
        throw refuse();
    const std::uint64_t seconds = whole.empty() ? 0 : std::stoull(whole);
    std::uint64_t nanoseconds = 0;
    for (std::size_t k = 0; k < 9; ++k)
        nanoseconds = nanoseconds * 10 + (k < fraction.size() ? fraction[k] - '0' : 0);
    const bool zero = seconds == 0 && nanoseconds == 0 &&
                      fraction.find_first_not_of('0', std::min<std::size_t>(9, fraction.size())) ==
                          std::string::npos;
    if (zero || seconds > most || (seconds == most && nanoseconds > 0))
        throw refuse();
    // A fraction finer than a nanosecond counts as one, so that "0.0000000001" is not zero.
    if (seconds == 0 && nanoseconds == 0)
        nanoseconds = 1;
    return std::chrono::seconds(seconds) + std::chrono::nanoseconds(nanoseconds);
}

std::size_t parse_size(const std::string& text, const std::string& option)
{
    const auto refuse = [&]() -> UsageError {
        return UsageError(option + " wants a size such as 512M or 4G (K, M, G, T: powers of " +
                          "1024), from 64K to 1024T, not '" + text + "'");
    };
    const std::string units = "KMGT";
    const std::size_t unit = text.empty() ? std::string::npos : units.find(text.back());
    const std::string digits = unit == std::string::npos ? text : text.substr(0, text.size() - 1);
    if (digits.empty() || digits.size() > 16 ||
        !std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; }))
        throw refuse();
    const int shift = unit == std::string::npos ? 0 : 10 * static_cast<int>(unit + 1);
    const std::uint64_t number = std::stoull(digits);
    constexpr std::uint64_t most = std::uint64_t{1} << 50, least = std::uint64_t{1} << 16;
    if (number > (most >> shift) || (number << shift) < least)
        throw refuse();
    return static_cast<std::size_t>(number << shift);
}

std::pair<std::uint64_t, std::uint64_t> parse_range(const std::string& text,
                                                    const std::string& option, std::uint64_t low,
                                                    std::uint64_t high)
{
    const auto refuse = [&]() -> UsageError {
        return UsageError(option + " wants LO~HI with " + std::to_string(low) +
                          " <= LO <= HI <= " + std::to_string(high) + ", not '" + text + "'");
    };
    const std::size_t tilde = text.find('~');
    if (tilde == std::string::npos)
        throw refuse();
    const auto number = [&](std::size_t begin, std::size_t end) {
        std::uint64_t value = 0;
        const char* const first = text.data() + begin;
        const char* const last = text.data() + end;
        const auto [stop, error] = std::from_chars(first, last, value);
        if (first == last || error != std::errc() || stop != last || value < low || value > high)
            throw refuse();
        return value;
    };
    const std::uint64_t first = number(0, tilde), last = number(tilde + 1, text.size());
    if (first > last)
        throw refuse();
    return {first, last};
}

OutputFile::OutputFile(const std::string& path)
    : path_(path), to_stdout_(path == "-"), buffer_(std::make_unique<char[]>(output_buffer))
{
    if (to_stdout_) {
        fd_ = STDOUT_FILENO;
        return;
    }
    std::filesystem::path target(path);
    std::error_code error;
    const auto status = std::filesystem::status(target, error);
    if (std::filesystem::is_directory(status))
        throw std::runtime_error(path + ": cannot write: it is a directory");
    if (std::filesystem::exists(status) && !std::filesystem::is_regular_file(status)) {
        // A device, a FIFO or a socket (/dev/null, /dev/stdout, a pipe): write to it directly;
        // replacing it by renaming a file over it would be wrong.
        direct_ = true;
        fd_ = open(path.c_str(), O_WRONLY | O_CLOEXEC);
        if (fd_ < 0)
            fail("cannot write", errno);
        return;
    }
    // Through a symbolic link, replace the file it points to, not the link.
    if (std::filesystem::is_symlink(std::filesystem::symlink_status(target, error)))
        target = std::filesystem::canonical(target, error);
    target_ = target.string();
    const auto directory = target.has_parent_path() ? target.parent_path() : ".";
    temporary_ = (directory / ("." + target.filename().string() + ".tmp-XXXXXX")).string();
    fd_ = mkstemp(temporary_.data());
    if (fd_ < 0)
        fail("cannot write", errno);
    // mkstemp makes the file private (0600); give it the mode a new file would get.
    const mode_t mask = umask(0);
    umask(mask);
    fchmod(fd_, 0666 & ~mask);
}

OutputFile::~OutputFile()
{
    if (to_stdout_ || committed_)
        return;
    if (fd_ >= 0)
        close(fd_);
    if (!temporary_.empty())
        unlink(temporary_.c_str());
}

void OutputFile::fail(const std::string& what, int error) const
{
    throw std::runtime_error(path_ + ": " + what + ": " + std::strerror(error));
}

void OutputFile::write(const char* data, std::size_t size)
{
    if (buffered_ + size > output_buffer)
        flush();
    if (size >= output_buffer) {
        write_through(data, size);
        return;
    }
    std::memcpy(buffer_.get() + buffered_, data, size);
    buffered_ += size;
}

char* OutputFile::append(std::size_t size)
{
    if (size > largest_append)
        throw std::logic_error("cli::OutputFile::append: more than 64 KiB at once");
    if (buffered_ + size > output_buffer)
        flush();
    char* const room = buffer_.get() + buffered_;
    buffered_ += size;
    return room;
}

void OutputFile::flush()
{
    write_through(buffer_.get(), buffered_);
    buffered_ = 0;
}

void OutputFile::write_through(const char* data, std::size_t size)
{
    for (std::size_t left = size; left > 0;) {
        const ssize_t written = ::write(fd_, data, left);
        if (written < 0) {
            if (errno == EINTR)
                continue;
            fail("cannot write", errno);
        }
        data += written;
        left -= static_cast<std::size_t>(written);
    }
    written_ += size;
#if defined(SYNC_FILE_RANGE_WRITE)
    // Start writing the temporary file to disk every few megabytes, without waiting for it.
    // Renaming over an existing file makes ext4 flush the new one at once (its "auto_da_alloc"
    // safeguard): for the 163 MB of sudoku-cli -c 1000000 that cost 45 of the 70 ms that
    // rename() took, after all the work; started along the way, it overlaps the work instead.
    if (!temporary_.empty() && written_ - started_ >= writeback_step) {
        sync_file_range(fd_, static_cast<off_t>(started_), static_cast<off_t>(written_ - started_),
                        SYNC_FILE_RANGE_WRITE);
        started_ = written_;
    }
#endif
}

void OutputFile::commit()
{
    flush();
    if (to_stdout_)
        return;
    const int fd = fd_;
    fd_ = -1;
    if (close(fd) != 0)
        fail("cannot write", errno);
    if (!direct_ && std::rename(temporary_.c_str(), target_.c_str()) != 0)
        fail("cannot replace", errno);
    committed_ = true;
}

Progress::Progress(std::string program, std::string what, std::uint64_t total, Show show)
    : program_(std::move(program)), what_(std::move(what)), total_(total),
      active_(show == Show::always || (show == Show::on_terminal && isatty(STDERR_FILENO) == 1)),
      terminal_(isatty(STDERR_FILENO) == 1)
{
}

Progress::~Progress() { finish(); }

bool Progress::ready()
{
    if (!active_)
        return false;
    const long long now = std::chrono::duration_cast<std::chrono::milliseconds>(
                              std::chrono::steady_clock::now().time_since_epoch())
                              .count();
    if (now < next_draw_)
        return false;
    if (next_draw_ == 0) { // nothing on screen for the first half second of a run
        next_draw_ = now + 500;
        return false;
    }
    next_draw_ = now + 250;
    return true;
}

void Progress::show(const std::string& text)
{
    // On a terminal the line is redrawn in place; elsewhere each report is a line of its own.
    const std::string line =
        terminal_ ? "\r" + program_ + ": " + text + "\x1b[K" : program_ + ": " + text + "\n";
    [[maybe_unused]] const auto written = ::write(STDERR_FILENO, line.data(), line.size());
    drawn_ = terminal_;
}

void Progress::update(std::uint64_t done)
{
    if (!ready())
        return;
    std::string text = std::to_string(done);
    if (total_ > 0)
        text += " of " + std::to_string(total_) + " " + what_ + " (" +
                std::to_string(done * 100 / total_) + "%)";
    else
        text += " " + what_;
    show(text);
}

void Progress::clear()
{
    if (!drawn_)
        return;
    const char blank[] = "\r\x1b[K";
    [[maybe_unused]] const auto written = ::write(STDERR_FILENO, blank, sizeof blank - 1);
    drawn_ = false;
}

void Progress::finish()
{
    clear();
    active_ = false;
}

} // namespace cli
