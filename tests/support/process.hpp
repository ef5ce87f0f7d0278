// Running a real program from a test, as a user would: arguments, standard input, working
// directory in; exit code, standard output and standard error out.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace dlx_test {

struct RunResult {
    int exit_code = -1; ///< the exit status, or 128 + signal number when killed by a signal
    std::string out;    ///< everything written to standard output
    std::string err;    ///< everything written to standard error
};

/// Runs `argv[0]` (a path, or a program name looked up in PATH) with `argv`, feeding `input` on
/// standard input, in directory `cwd` (the current directory when empty). Throws std::runtime_error
/// when the program cannot be started.
RunResult run(const std::vector<std::string>& argv, const std::string& input = {},
              const std::filesystem::path& cwd = {});

/// A fresh directory under the system's temporary directory, removed with its contents when
/// the object is destroyed.
class TempDir {
public:
    TempDir();
    ~TempDir();
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;
    [[nodiscard]] const std::filesystem::path& path() const noexcept { return path_; }
    /// Writes `text` to the file `name` in this directory and returns its path.
    std::filesystem::path write(const std::string& name, const std::string& text) const;

private:
    std::filesystem::path path_;
};

/// The whole content of a file (throws when it cannot be read).
std::string read_file(const std::filesystem::path& path);

} // namespace dlx_test
