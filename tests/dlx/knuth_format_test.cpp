// Knuth's text format: every sample file reads, writing and reading back gives the same
// problem, and every fault is reported with its file, line and column.
#include "support/problems.hpp"

#include <dlx/knuth_format.hpp>

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

using Catch::Matchers::Contains;
using dlx_test::parse;

namespace {

std::string written(const dlx::Problem& problem)
{
    std::ostringstream out;
    dlx::write_knuth(out, problem);
    return out.str();
}

} // namespace

TEST_CASE("reads every sample file and writes it back to an equal problem", "[dlx][format]")
{
    const auto [file, items, primary, options] =
        GENERATE(table<std::string, std::size_t, std::size_t, std::size_t>({
            {"knuth7.dlx", 7, 5, 6},
            {"taocp_abcdefg.dlx", 7, 7, 6},
            {"wikipedia_algx.dlx", 7, 7, 6},
            {"queens8.dlx", 46, 16, 64},
            {"langford7.dlx", 21, 21, 63},
            {"sudoku4.dlx", 64, 64, 64},
            {"pento6x10.dlx", 72, 72, 2056},
            {"color.dlx", 5, 3, 5},
            {"mult.dlx", 5, 3, 5},
        }));
    INFO(file);
    const auto problem = dlx::read_knuth_file(std::string(DLX_DATA_DIR) + "/exact-cover/" + file);
    CHECK(problem.item_count() == items);
    CHECK(problem.primary_count() == primary);
    CHECK(problem.option_count() == options);
    const auto text = written(problem);
    CHECK(parse(text) == problem);
    CHECK(written(parse(text)) == text);
}

TEST_CASE("writes bounds, the secondary bar and colours as Knuth does", "[dlx][format]")
{
    const auto problem = parse("| comment\nA 2|B 1:3|C | X Y\nA X:red\nB C Y\n");
    CHECK(written(problem) == "A 2|B 1:3|C | X Y\nA X:red\nB C Y\n");
    CHECK(problem.bounds(1) == dlx::Bounds{2, 2});
    CHECK(problem.bounds(2) == dlx::Bounds{1, 3});
    CHECK(dlx::format_option(problem, 0) == "A X:red");
}

TEST_CASE("refuses to write a problem that would not read back the same", "[dlx][format]")
{
    SECTION("a primary item after a secondary one (the items would be numbered otherwise)")
    {
        dlx::ProblemBuilder builder;
        const auto x = builder.add_secondary("X");
        const auto a = builder.add_primary("A");
        builder.add_option({x, a});
        CHECK_THROWS_AS(written(std::move(builder).build()), dlx::ArgumentError);
    }
    SECTION("only secondary items (the item line would begin with '|', a comment)")
    {
        dlx::ProblemBuilder builder;
        builder.add_secondary("X");
        builder.add_secondary("Y");
        CHECK_THROWS_WITH(written(std::move(builder).build()), Contains("without primary items"));
    }
    SECTION("the empty problem")
    {
        CHECK_THROWS_WITH(written(dlx::Problem()), Contains("without primary items"));
    }
    SECTION("nothing is written when it refuses")
    {
        std::ostringstream out;
        CHECK_THROWS(dlx::write_knuth(out, dlx::Problem()));
        CHECK(out.str().empty());
    }
}

namespace {

// A random problem of any shape the builder allows: items primary or secondary in any order
// (perhaps none primary, perhaps none at all), bounds, names of any length with any bytes the
// format allows, colours, options with or without primary items.
dlx::Problem any_problem(std::mt19937& random)
{
    auto pick = [&](int low, int high) { return std::uniform_int_distribution(low, high)(random); };
    const std::string letters = "abcXYZ019_-+*#!~\x7f\xc3\xa9";
    auto name = [&](const std::string& prefix) {
        std::string text = prefix;
        for (int k = pick(0, 6); k > 0; --k)
            text +=
                letters[static_cast<std::size_t>(pick(0, static_cast<int>(letters.size()) - 1))];
        return text;
    };
    dlx::ProblemBuilder builder;
    const int items = pick(0, 7);
    const bool primary_first = pick(0, 3) != 0;
    int primaries = primary_first ? pick(0, items) : -1;
    std::vector<bool> primary;
    for (int i = 0; i < items; ++i) {
        const bool is_primary = primary_first ? i < primaries : pick(0, 1) == 0;
        if (is_primary) {
            dlx::Bounds bounds;
            if (pick(0, 3) == 0) {
                bounds.upper = static_cast<std::uint32_t>(pick(1, 12));
                bounds.lower = static_cast<std::uint32_t>(pick(0, static_cast<int>(bounds.upper)));
            }
            builder.add_primary(name("p" + std::to_string(i)), bounds);
        } else {
            builder.add_secondary(name("s" + std::to_string(i)));
        }
        primary.push_back(is_primary);
    }
    std::vector<dlx::ColorId> palette;
    for (int c = pick(1, 3); c > 0; --c)
        palette.push_back(builder.color(name("c" + std::to_string(c))));
    for (int o = pick(0, 10); o > 0 && items > 0; --o) {
        std::vector<dlx::Entry> entries;
        for (int i = 0; i < items; ++i) {
            if (pick(0, 2) != 0)
                continue;
            dlx::Entry entry{static_cast<dlx::ItemId>(i), dlx::no_color};
            if (!primary[static_cast<std::size_t>(i)] && pick(0, 1) == 0)
                entry.color = palette[static_cast<std::size_t>(
                    pick(0, static_cast<int>(palette.size()) - 1))];
            entries.push_back(entry);
        }
        std::shuffle(entries.begin(), entries.end(), random);
        if (!entries.empty())
            builder.add_option(std::span<const dlx::Entry>(entries));
    }
    return std::move(builder).build();
}

} // namespace

TEST_CASE("every problem written reads back equal, or is refused for a stated reason",
          "[dlx][format][property]")
{
    std::mt19937 random(2026);
    int refused = 0, round_trips = 0;
    for (int trial = 0; trial < 3000; ++trial) {
        const auto problem = any_problem(random);
        bool interleaved = false;
        for (dlx::ItemId item = 1; item < problem.item_count(); ++item) {
            interleaved = interleaved || (problem.kind(item) == dlx::ItemKind::primary &&
                                          problem.kind(item - 1) == dlx::ItemKind::secondary);
        }
        const bool writable = problem.primary_count() > 0 && !interleaved;
        std::ostringstream out;
        INFO("trial " << trial);
        if (!writable) {
            REQUIRE_THROWS_AS(dlx::write_knuth(out, problem), dlx::ArgumentError);
            ++refused;
            continue;
        }
        dlx::write_knuth(out, problem);
        INFO(out.str());
        REQUIRE(parse(out.str()) == problem);
        REQUIRE(written(parse(out.str())) == out.str());
        ++round_trips;
    }
    // Both kinds were tried, many times.
    CHECK(refused > 300);
    CHECK(round_trips > 1000);
}

TEST_CASE("accepts comments, blank lines, CRLF, a byte-order mark and long names", "[dlx][format]")
{
    const auto problem = parse("\xEF\xBB\xBF| header\r\n\r\n  a_rather_long_item_name  B | X\r\n"
                               "| between options\r\n"
                               "a_rather_long_item_name X:colour_name\r\n"
                               "\tB\r\n"
                               "X\r\n");
    CHECK(problem.item_count() == 3);
    CHECK(problem.name(0) == "a_rather_long_item_name");
    CHECK(problem.option_count() == 3);
    CHECK(problem.color_name(problem.option(0)[1].color) == "colour_name");
    CHECK(dlx::count_solutions(problem) == 1);
}

TEST_CASE("skips every byte-order mark at the start, so names write back the same", "[dlx][format]")
{
    // Found by the fuzzer: a first name that began with a second mark came back without it.
    const auto problem = parse("\xEF\xBB\xBF\xEF\xBB\xBF"
                               "A B\nA B\n");
    CHECK(problem.name(0) == "A");
    std::ostringstream out;
    dlx::write_knuth(out, problem);
    CHECK(parse(out.str()) == problem);
    // A mark anywhere else would begin a name, which could not be written back: refused.
    CHECK_THROWS_WITH(parse("| comment\n\xEF\xBB\xBF"
                            "A B\nA B\n"),
                      Contains("starts with a byte-order mark"));
}

TEST_CASE("accepts '|' glued to the first secondary item, as Knuth does", "[dlx][format]")
{
    const auto problem = parse("A |X Y\nA X\n");
    CHECK(problem.primary_count() == 1);
    CHECK(problem.kind(1) == dlx::ItemKind::secondary);
}

TEST_CASE("reports each fault with its file, line and column", "[dlx][format]")
{
    const auto [text, line, column, message] =
        GENERATE(table<std::string, std::size_t, std::size_t, std::string>({
            {"", 1, 1, "no item line"},
            {"| only a comment\n\n", 3, 1, "no item line"},
            {"A B\nA C\n", 2, 3, "unknown item 'C'"},
            {"A B\nB\n  A  A\n", 3, 6, "item 'A' appears twice in this option"},
            {"A | X\nA:1\n", 2, 1, "primary item 'A' cannot have a colour"},
            {"A | X\nA X:\n", 2, 4, "empty colour after ':'"},
            {"A | X\nA X:a:b\n", 2, 5, "bad colour name 'a:b'"},
            {"A B A\n", 1, 5, "item 'A' is named twice in the item line"},
            {"A | B | C\n", 1, 7, "'|' appears twice in the item line"},
            {"A | B |\n", 1, 7, "'|' appears twice in the item line"},
            {"0|A\n", 1, 1, "upper bound is zero"},
            {"B 3:2|A\n", 1, 3, "lower bound 3 exceeds upper bound 2"},
            {"x|A\n", 1, 1, "bad bound 'x' (expected a whole number)"},
            {"1:y|A\n", 1, 3, "bad bound 'y' (expected a whole number)"},
            {"99999999999|A\n", 1, 1, "bad bound '99999999999' (expected a whole number)"},
            {"A | 2|X\n", 1, 5, "secondary item 'X' cannot have bounds"},
            {"A:B\n", 1, 2, "item name 'A:B' contains ':'"},
            {"2|\n", 1, 3, "empty item name"},
        }));
    INFO(text);
    try {
        (void)parse(text);
        FAIL("no error");
    } catch (const dlx::ParseError& error) {
        CHECK(error.file() == "test");
        CHECK(error.line() == line);
        CHECK(error.column() == column);
        CHECK_THAT(error.message(), Contains(message));
        CHECK(std::string(error.what()) == "test:" + std::to_string(line) + ":" +
                                               std::to_string(column) + ": " + error.message());
    }
}

TEST_CASE("names a file it cannot open", "[dlx][format]")
{
    const std::string missing = "/nonexistent/dir/problem.dlx";
    CHECK_THROWS_WITH(dlx::read_knuth_file(missing),
                      Contains(missing) && Contains("No such file or directory"));
}
