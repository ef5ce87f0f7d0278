// Faults, against the real programs (docs/reliability.md): output that cannot be
// written (a read-only directory, a full disk), a run killed in the middle of writing, input
// that cannot be read or is not text, a 100 MB line, a file cut off inside a puzzle. Each gets a
// clear message and the documented exit code, and the previous output survives.
#include "cli/sudoku_cli_run.hpp"
#include "support/process.hpp"
#include "support/skip.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <thread>

#include <fcntl.h>
#include <sys/mount.h>
#include <sys/wait.h>
#include <unistd.h>

using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;
using dlx_test::bin;
using dlx_test::read_file;
using dlx_test::run;
using dlx_test::TempDir;

namespace {

const std::string earlier = "an earlier run's output\n";
const std::string exact_cover = EXACT_COVER_BIN;

// The files in `dir` other than `keep`: a stray temporary file would show here.
std::vector<std::string> others(const std::filesystem::path& dir,
                                const std::vector<std::string>& keep)
{
    std::vector<std::string> found;
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
        const std::string name = entry.path().filename().string();
        if (std::find(keep.begin(), keep.end(), name) == keep.end())
            found.push_back(name);
    }
    return found;
}

// `size` bytes of noise.
std::string garbage(std::size_t size, unsigned seed)
{
    std::string bytes(size, '\0');
    std::mt19937 random(seed);
    for (char& byte : bytes)
        byte = static_cast<char>(random() & 0xff);
    return bytes;
}

// A file of one line: 100 MB of `fill`, no line end.
void write_huge_line(const std::filesystem::path& path, char fill)
{
    std::ofstream huge(path, std::ios::binary);
    const std::string block(1 << 20, fill);
    for (int i = 0; i < 100; ++i)
        huge << block;
}

} // namespace

TEST_CASE("Output into a read-only directory fails cleanly", "[cli][faults]")
{
    const TempDir dir;
    const auto out_dir = dir.path() / "read-only";
    std::filesystem::create_directory(out_dir);
    std::filesystem::permissions(out_dir, std::filesystem::perms::owner_read |
                                              std::filesystem::perms::owner_exec);
    // Root writes into read-only directories: give root a read-only file system instead.
    bool mounted = false;
    if (::geteuid() == 0) {
        mounted = ::mount("tmpfs", out_dir.c_str(), "tmpfs", MS_RDONLY, "size=64k") == 0;
        if (!mounted)
            DLX_SKIP("running as root, and cannot mount a read-only tmpfs here");
    }
    const auto result = run({bin, "-c", "10", "-o", (out_dir / "boards.txt").string()});
    CHECK(result.exit_code == 1);
    CHECK_THAT(result.err, StartsWith("sudoku-cli: ") && Contains("cannot write"));
    CHECK(std::filesystem::is_empty(out_dir));
    if (mounted)
        ::umount(out_dir.c_str());
}

TEST_CASE("A full disk: /dev/full, and a small full file system", "[cli][faults]")
{
    const auto full = run({bin, "-c", "1000", "-o", "/dev/full"});
    CHECK(full.exit_code == 1);
    CHECK_THAT(full.err,
               StartsWith("sudoku-cli: /dev/full: ") && Contains("No space left on device"));

    // A 64 KiB tmpfs, if this machine lets us mount one (root, not in a locked-down container).
    const TempDir dir;
    const auto mount_point = dir.path() / "small";
    std::filesystem::create_directory(mount_point);
    if (::mount("tmpfs", mount_point.c_str(), "tmpfs", 0, "size=64k") != 0) {
        WARN("not tested here: a small full file system (cannot mount a tmpfs: "
             << std::strerror(errno) << "); /dev/full was");
        return;
    }
    struct Unmount {
        std::filesystem::path path;
        ~Unmount() { ::umount(path.c_str()); }
    } unmount{mount_point};
    const auto before = mount_point / "sudoku.txt";
    std::ofstream(before) << earlier;
    const auto result = run({bin, "-c", "2000", "-o", before.string()}); // 326 KB: does not fit
    CHECK(result.exit_code == 1);
    CHECK_THAT(result.err, Contains("No space left on device"));
    CHECK(read_file(before) == earlier);
    CHECK(others(mount_point, {"sudoku.txt"}).empty()); // the temporary file is gone
}

TEST_CASE("A run killed while writing leaves the previous output whole", "[cli][faults]")
{
    const TempDir dir;
    const auto before = dlx_test::previous_output(dir);
    const pid_t child = ::fork();
    REQUIRE(child >= 0);
    if (child == 0) {
        ::chdir(dir.path().c_str());
        const int null = ::open("/dev/null", O_WRONLY);
        ::dup2(null, 1);
        ::dup2(null, 2);
        ::execl(bin.c_str(), bin.c_str(), "-c", "10000000", "--seed", "1",
                static_cast<char*>(nullptr));
        ::_exit(127);
    }
    // Wait until the temporary file is well under way, then kill.
    std::uintmax_t written = 0;
    for (int tries = 0; tries < 400 && written < 2'000'000; ++tries) {
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
        for (const auto& name : others(dir.path(), {"sudoku.txt"}))
            written = std::filesystem::file_size(dir.path() / name);
    }
    ::kill(child, SIGKILL);
    int status = 0;
    ::waitpid(child, &status, 0);
    CHECK(WIFSIGNALED(status));
    CHECK(written >= 2'000'000);
    CHECK(read_file(before) == earlier); // the kill left the old file as it was
}

TEST_CASE("Input that is not a readable file of puzzles", "[cli][faults]")
{
    const TempDir dir;
    const auto before = dlx_test::previous_output(dir);

    // Binary garbage.
    dir.write("garbage.bin", garbage(4096, 7));
    auto result = run({bin, "-s", "garbage.bin"}, {}, dir.path());
    CHECK(result.exit_code == 1);
    CHECK_THAT(result.err, StartsWith("sudoku-cli: garbage.bin:1: puzzle 1: line 1: "));
    CHECK(std::count(result.err.begin(), result.err.end(), '\n') == 1);

    // A line of 100 MB with no newline: refused without holding it in memory.
    write_huge_line(dir.path() / "huge.txt", '5');
    result = run({bin, "-s", "huge.txt"}, {}, dir.path());
    CHECK(result.exit_code == 1);
    CHECK(result.err ==
          "sudoku-cli: huge.txt:1: puzzle 1: line 1: more than 1048576 characters on one line\n");

    // A file cut off in the middle of a 9-line puzzle.
    dir.write("cut.txt", "5 3 0 0 7 0 0 0 0\n6 0 0 1 9 5 0 0 0\n0 9 8 0 0 0 0 6 0\n8 0 0 0 6");
    result = run({bin, "-s", "cut.txt"}, {}, dir.path());
    CHECK(result.exit_code == 1);
    CHECK_THAT(result.err, StartsWith("sudoku-cli: cut.txt:1: puzzle 1: "));

    // A directory, a missing file, and (unless we are root, who reads anything) a file that
    // cannot be read.
    result = run({bin, "-s", dir.path().string()});
    CHECK(result.exit_code == 1);
    CHECK_THAT(result.err, Contains("it is a directory"));
    result = run({bin, "-s", "missing.txt"}, {}, dir.path());
    CHECK(result.exit_code == 1);
    CHECK_THAT(result.err, StartsWith("sudoku-cli: missing.txt: cannot open: "));
    const auto locked = dir.write("locked.txt", dlx_test::puzzle + "\n");
    std::filesystem::permissions(locked, std::filesystem::perms::none);
    if (::geteuid() != 0) {
        result = run({bin, "-s", "locked.txt"}, {}, dir.path());
        CHECK(result.exit_code == 1);
        CHECK_THAT(result.err, Contains("locked.txt: cannot open: Permission denied"));
    }
    CHECK(read_file(before) == earlier);
    CHECK(others(dir.path(), {"sudoku.txt", "garbage.bin", "huge.txt", "cut.txt", "locked.txt"})
              .empty());
}

TEST_CASE("exact-cover on binary garbage and a 100 MB line", "[cli][faults]")
{
    const TempDir dir;
    const auto file = dir.write("garbage.dlx", garbage(4096, 11));
    auto result = run({exact_cover, file.string()});
    CHECK(result.exit_code == 1);
    CHECK_THAT(result.err, StartsWith("exact-cover: " + file.string() + ":"));
    write_huge_line(dir.path() / "huge.dlx", 'A');
    result = run({exact_cover, (dir.path() / "huge.dlx").string()});
    CHECK(result.exit_code == 0); // one item with a name of 100 MB and no option: no solution
    CHECK_THAT(result.out, Contains("0"));
}
