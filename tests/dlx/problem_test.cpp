// ProblemBuilder: what it accepts, and every problem it refuses.
#include <dlx/problem.hpp>

#include <catch2/catch.hpp>

#include <string>

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
    CHECK(problem.find_item("nope") == problem.item_count());
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
    CHECK_THROWS_WITH(builder.add_option({a, x, a}), "option 1: item 'A' appears twice");
    CHECK_THROWS_WITH(builder.add_option({dlx::Entry{a, blue}}),
                      "option 1: primary item 'A' cannot have a colour");
    CHECK_THROWS_WITH(builder.add_option({dlx::Entry{x, 9}}), "option 1: unknown colour 9");
    // A refused option leaves the builder as it was.
    CHECK(builder.option_count() == 1);
    CHECK(builder.add_option({a, x}) == 1);
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
