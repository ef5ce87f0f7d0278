// ProblemBuilder: what it accepts, and every problem it refuses.
#include <dlx/error.hpp>
#include <dlx/knuth_format.hpp>
#include <dlx/problem.hpp>
#include <dlx/solver.hpp>

#include <catch2/catch.hpp>

#include <functional>
#include <sstream>
#include <string>
#include <vector>

using Catch::Matchers::Contains;

TEST_CASE("problems are equal when their items and options are, whatever their colours' numbers",
          "[dlx][problem]")
{
    // Colours named "b" then "a", but only "a" used: equal to the problem with "a" alone.
    dlx::ProblemBuilder builder;
    const auto p = builder.add_primary("P");
    const auto x = builder.add_secondary("X");
    builder.color("b");
    const auto a = builder.color("a");
    builder.add_option({dlx::Entry{p}, dlx::Entry{x, a}});
    const dlx::Problem first = std::move(builder).build();

    dlx::ProblemBuilder other;
    other.add_primary("P");
    other.add_secondary("X");
    other.add_option({dlx::Entry{0}, dlx::Entry{1, other.color("a")}});
    const dlx::Problem second = std::move(other).build();
    CHECK(first.option(0)[1].color != second.option(0)[1].color);
    CHECK(first == second);

    // A different colour, item, bound or option order is a different problem.
    dlx::ProblemBuilder third;
    third.add_primary("P");
    third.add_secondary("X");
    third.add_option({dlx::Entry{0}, dlx::Entry{1, third.color("b")}});
    CHECK_FALSE(first == std::move(third).build());
    dlx::ProblemBuilder fourth;
    fourth.add_primary("P", {1, 2});
    fourth.add_secondary("X");
    fourth.add_option({dlx::Entry{0}, dlx::Entry{1, fourth.color("a")}});
    CHECK_FALSE(first == std::move(fourth).build());
}

TEST_CASE("a colour named but never used does not make a colour problem", "[dlx][problem]")
{
    dlx::ProblemBuilder builder;
    const auto p = builder.add_primary("P");
    builder.add_secondary("X");
    builder.color("red");
    builder.add_option({p});
    const dlx::Problem problem = std::move(builder).build();
    CHECK(problem.color_count() == 1);
    CHECK_FALSE(problem.has_colors());
}

TEST_CASE("builds a problem with primary, secondary and coloured items", "[dlx][problem]")
{
    dlx::ProblemBuilder builder;
    const auto a = builder.add_primary("A");
    const auto c = builder.add_primary("C", {2, 3});
    const auto x = builder.add_secondary("X");
    const auto red = builder.color("red");
    CHECK(builder.color("red") == red);
    builder.add_option({a, x});
    builder.add_option({dlx::Entry{c}, dlx::Entry{x, red}});
    const dlx::Problem problem = std::move(builder).build();

    CHECK(problem.item_count() == 3);
    CHECK(problem.primary_count() == 2);
    CHECK(problem.option_count() == 2);
    CHECK(problem.entry_count() == 4);
    CHECK(problem.color_count() == 1);
    CHECK(problem.kind(x) == dlx::ItemKind::secondary);
    CHECK(problem.bounds(c) == dlx::Bounds{2, 3});
    CHECK(problem.has_multiplicities());
    CHECK(problem.has_colors());
    CHECK(problem.name(c) == "C");
    CHECK(problem.color_name(red) == "red");
    CHECK(problem.find_item("X") == x);
    CHECK_FALSE(problem.find_item("nope"));
    REQUIRE(problem.option(1).size() == 2);
    CHECK(problem.option(1)[1] == dlx::Entry{x, red});
}

TEST_CASE("names unnamed items by their index", "[dlx][problem]")
{
    dlx::ProblemBuilder builder;
    builder.add_primary();
    builder.add_secondary();
    const auto problem = std::move(builder).build();
    CHECK(problem.name(0) == "#0");
    CHECK(problem.name(1) == "#1");
}

TEST_CASE("an empty problem has no items and no options", "[dlx][problem]")
{
    const dlx::Problem problem;
    CHECK(problem.item_count() == 0);
    CHECK(problem.option_count() == 0);
    CHECK_FALSE(problem.has_colors());
    CHECK_FALSE(problem.has_multiplicities());
}

TEST_CASE("the builder is empty again after build", "[dlx][problem]")
{
    dlx::ProblemBuilder builder;
    builder.add_primary("A");
    [[maybe_unused]] const auto first = std::move(builder).build();
    CHECK(builder.item_count() == 0);
    CHECK_NOTHROW(builder.add_primary("A"));
}

TEST_CASE("refuses malformed items", "[dlx][problem]")
{
    dlx::ProblemBuilder builder;
    builder.add_primary("A");
    CHECK_THROWS_WITH(builder.add_primary("A"), Contains("'A' is defined twice"));
    CHECK_THROWS_WITH(builder.add_secondary("A"), Contains("'A' is defined twice"));
    CHECK_THROWS_WITH(builder.add_primary("a b"), Contains("white space"));
    CHECK_THROWS_WITH(builder.add_primary("a:b"), Contains("':' or '|'"));
    CHECK_THROWS_WITH(builder.add_primary("a|b"), Contains("':' or '|'"));
    CHECK_THROWS_WITH(builder.add_primary("Z", {0, 0}), Contains("upper bound is zero"));
    CHECK_THROWS_WITH(builder.add_primary("Z", {3, 2}),
                      Contains("lower bound 3 exceeds upper bound 2"));
    CHECK_THROWS_AS(builder.color(""), dlx::ProblemError);
    CHECK_THROWS_AS(builder.color("a:b"), dlx::ProblemError);
}

TEST_CASE("refuses malformed options, saying which option and item", "[dlx][problem]")
{
    dlx::ProblemBuilder builder;
    const auto a = builder.add_primary("A");
    const auto x = builder.add_secondary("X");
    const auto blue = builder.color("blue");
    builder.add_option({a});

    CHECK_THROWS_WITH(builder.add_option(std::initializer_list<dlx::ItemId>{}),
                      "option 1: an option needs at least one item");
    CHECK_THROWS_WITH(builder.add_option({a, 7}), "option 1: unknown item 7");
    CHECK_THROWS_WITH(builder.add_option({a, x, a}),
                      "option 1: item 'A' appears twice in this option");
    CHECK_THROWS_WITH(builder.add_option({dlx::Entry{a, blue}}),
                      "option 1: primary item 'A' cannot have a colour");
    CHECK_THROWS_WITH(builder.add_option({dlx::Entry{x, 9}}), "option 1: unknown colour 9");
    // A refused option leaves the builder as it was.
    CHECK(builder.option_count() == 1);
    CHECK(builder.add_option({a, x}) == 1);
}

TEST_CASE("adds options by their items' names, colours and labels included", "[dlx][problem]")
{
    dlx::ProblemBuilder builder;
    builder.add_primary("A");
    builder.add_primary("B");
    builder.add_secondary("X");
    CHECK(builder.add_option({"A", "X:red"}, "A in red") == 0);
    const std::vector<std::string> names{"B", "X:blue"};
    CHECK(builder.add_option(names) == 1);
    CHECK(builder.find_color("red") == dlx::ColorId{1});
    CHECK_FALSE(builder.find_color("green"));
    const dlx::Problem problem = std::move(builder).build();
    CHECK(problem.label(0) == "A in red");
    CHECK(problem.label(1).empty());
    CHECK(dlx::format_option(problem, 0) == "A X:red");
    CHECK(dlx::format_option(problem, 1) == "B X:blue");
    CHECK(problem.has_colors());
    // The same problem by ids: equal, labels aside (they are the caller's, not the problem's).
    dlx::ProblemBuilder by_ids;
    const auto a = by_ids.add_primary("A"), b = by_ids.add_primary("B");
    const auto x = by_ids.add_secondary("X");
    by_ids.add_option({dlx::Entry{a}, dlx::Entry{x, by_ids.color("red")}});
    by_ids.add_option({dlx::Entry{b}, dlx::Entry{x, by_ids.color("blue")}});
    CHECK(std::move(by_ids).build() == problem);
}

TEST_CASE("an option by names is added whole or not at all, its fault located", "[dlx][problem]")
{
    dlx::ProblemBuilder builder;
    builder.add_primary("A");
    builder.add_primary("B");
    builder.add_secondary("X");
    builder.add_secondary("Y");
    builder.add_option({"A"});
    const auto refused = [&](std::initializer_list<std::string_view> names) {
        try {
            builder.add_option(names);
        } catch (const dlx::ProblemError& error) {
            return error;
        }
        FAIL("accepted");
        return dlx::ProblemError("");
    };
    const auto unknown = refused({"A", "Q"});
    CHECK(std::string(unknown.what()) == "option 1: unknown item 'Q'");
    CHECK(unknown.reason() == "unknown item 'Q'");
    CHECK(unknown.entry() == std::size_t{1});
    CHECK(unknown.offset() == 0);
    const auto twice = refused({"X:new", "B", "X"});
    CHECK(twice.reason() == "item 'X' appears twice in this option");
    CHECK(twice.entry() == std::size_t{2});
    CHECK(refused({"Y:fresh", "A:red"}).reason() == "primary item 'A' cannot have a colour");
    const auto empty = refused({"B", "X:"});
    CHECK(empty.reason() == "empty colour after ':'");
    CHECK(empty.offset() == 1);
    const auto bad = refused({"Y:a|b"});
    CHECK(bad.reason() == "bad colour name 'a|b'");
    CHECK(bad.offset() == 2);
    CHECK(std::string(refused({}).what()) == "option 1: an option needs at least one item");
    // Nothing of the refused options stayed: no option, no colour named in them.
    CHECK(builder.option_count() == 1);
    CHECK_FALSE(builder.find_color("new"));
    CHECK_FALSE(builder.find_color("fresh"));
    CHECK(builder.add_option({"B", "X:new", "Y:new"}) == 1);
    CHECK(builder.find_color("new") == dlx::ColorId{1});
}

TEST_CASE("refuses a problem larger than the builder's limit when the item or option is added",
          "[dlx][problem]")
{
    // Items, entries and options together, plus two: at most 9 here.
    dlx::ProblemBuilder builder(9);
    builder.add_primary("A");
    builder.add_primary("B");
    builder.add_option({"A", "B"});                   // 2 items + 2 entries + 1 option + 2 = 7
    CHECK_THROWS_WITH(builder.add_option({"A", "B"}), // 10
                      Contains("option 1: the problem would hold more than 9"));
    CHECK(builder.option_count() == 1);
    builder.add_option({"A"}); // 9
    CHECK_THROWS_AS(builder.add_secondary("X"), dlx::ProblemError);
    CHECK(builder.item_count() == 2);
    CHECK(std::move(builder).build().size() == 9);
    // The engine's own limit is the most any builder takes.
    CHECK(dlx::max_problem_size == (std::size_t{1} << 30) - 1);
}

TEST_CASE("every error of the library is a dlx::Error", "[dlx][problem]")
{
    const auto kind = [](const std::function<void()>& call) -> std::string {
        try {
            call();
        } catch (const dlx::ProblemError&) {
            return "problem";
        } catch (const dlx::ParseError&) {
            return "parse";
        } catch (const dlx::ArgumentError&) {
            return "argument";
        } catch (const dlx::FileError&) {
            return "file";
        } catch (const dlx::Error&) {
            return "error";
        }
        return "none";
    };
    CHECK(kind([] { dlx::ProblemBuilder().add_primary("a b"); }) == "problem");
    CHECK(kind([] {
              std::istringstream in("A\nB\n");
              (void)dlx::read_knuth(in);
          }) == "parse");
    CHECK(kind([] { (void)dlx::read_knuth_file("/no/such/file.dlx"); }) == "file");
    CHECK(kind([] {
              std::istringstream in("2|A\nA\n");
              dlx::Solver(dlx::read_knuth(in)).force(0);
          }) == "argument");
    CHECK(kind([] {
              std::ostringstream out;
              dlx::write_knuth(out, dlx::Problem());
          }) == "argument");
    const dlx::Error& base = dlx::Cancelled();
    CHECK(std::string(base.what()) == "dlx: cancelled");
}

TEST_CASE("knows which names the text format can hold", "[dlx][problem]")
{
    CHECK(dlx::is_valid_name("r1c2"));
    CHECK(dlx::is_valid_name("#0"));
    CHECK_FALSE(dlx::is_valid_name(""));
    CHECK_FALSE(dlx::is_valid_name("a\tb"));
    CHECK_FALSE(dlx::is_valid_name("x:1"));
    CHECK_FALSE(dlx::is_valid_name("|"));
}
