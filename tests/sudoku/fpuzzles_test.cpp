// f-puzzles JSON: lz-string against the answers of the npm package lz-string 1.5.0, every rule
// read from hand-written JSON, write then read, and every refusal with its message and line.
#include <sudoku/fpuzzles.hpp>

#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace {

using sudoku::FormatError;
using sudoku::Variant;
using sudoku::VariantPuzzle;

// An f-puzzles JSON text one key to a line: line 1 "size", line 2 "grid" (every cell "{}" but
// those of `cells`, by canvas index), then `members`, one to a line from line 3.
std::string puzzle_json(int size, const std::vector<std::string>& members = {},
                        const std::map<int, std::string>& cells = {})
{
    std::string text = "{\"size\": " + std::to_string(size) + ",\n\"grid\": [";
    for (int row = 0; row < size; ++row) {
        text += row == 0 ? "[" : ", [";
        for (int column = 0; column < size; ++column) {
            const auto cell = cells.find(row * size + column);
            text += column == 0 ? "" : ",";
            text += cell == cells.end() ? "{}" : cell->second;
        }
        text += "]";
    }
    text += "]";
    for (const std::string& member : members)
        text += ",\n" + member;
    return text + "\n}";
}

struct Failure {
    std::string message;
    std::size_t line = 0;
    std::size_t column = 0;
};

Failure failure_of(const std::string& text)
{
    try {
        (void)sudoku::read_fpuzzles(text);
    } catch (const FormatError& error) {
        return {error.what(), error.line(), error.column()};
    }
    FAIL("read without an error: " << text);
    return {};
}

VariantPuzzle puzzle_of(const Variant& variant)
{
    return VariantPuzzle::blank(std::make_shared<const sudoku::Rules>(variant));
}

// The groups of cells whose digits differ, as sets: equal rules whatever their names.
std::vector<std::vector<int>> group_sets(const sudoku::Rules& rules)
{
    std::vector<std::vector<int>> sets;
    for (const sudoku::Group& group : rules.groups()) {
        std::vector<int> cells = group.cells;
        std::sort(cells.begin(), cells.end());
        sets.push_back(cells);
    }
    std::sort(sets.begin(), sets.end());
    return sets;
}

// Recorded with the npm package lz-string 1.5.0 (node 20): compressToBase64 of a classic
// puzzle as f-puzzles writes it (a player's digit at R1C3 and marks at R1C4, not givens).
const std::string classic_json =
    R"({"size":9,"title":"Classic","author":"dlx tests","ruleset":"Normal sudoku rules apply.",)"
    R"("grid":[[{"value":5,"given":true},{"value":3,"given":true},{"value":4},{"centerPencilMar)"
    R"(ks":[2,6]},{"value":7,"given":true},{},{},{},{}],[{"value":6,"given":true},{},{},{"value)"
    R"(":1,"given":true},{"value":9,"given":true},{"value":5,"given":true},{},{},{}],[{},{"valu)"
    R"(e":9,"given":true},{"value":8,"given":true},{},{},{},{},{"value":6,"given":true},{}],[{")"
    R"(value":8,"given":true},{},{},{},{"value":6,"given":true},{},{},{},{"value":3,"given":tru)"
    R"(e}],[{"value":4,"given":true},{},{},{"value":8,"given":true},{},{"value":3,"given":true})"
    R"(,{},{},{"value":1,"given":true}],[{"value":7,"given":true},{},{},{},{"value":2,"given":t)"
    R"(rue},{},{},{},{"value":6,"given":true}],[{},{"value":6,"given":true},{},{},{},{},{"value)"
    R"(":2,"given":true},{"value":8,"given":true},{}],[{},{},{},{"value":4,"given":true},{"valu)"
    R"(e":1,"given":true},{"value":9,"given":true},{},{},{"value":5,"given":true}],[{},{},{},{})"
    R"(,{"value":8,"given":true},{},{},{"value":7,"given":true},{"value":9,"given":true}]]})";
const std::string classic_base64 =
    "N4IgzglgXgpiBcBOANCALhNAbO8QGEsBDMSAYxFSIFc0ALAewCcEQATLADwAI0Yw0YSiCbUcYGGlYA5ZgFsiWbmGps"
    "GAa2rdR47kQAO+rAE8AdMIDmTCGwQBtO6ABui6rgCsqCxCcwAdghoojAAvsjOrrgAzF4+/oHBYRFYbggALEkgZP58T"
    "AAK/mQQWACyREzqQvB2AEzIAGwAupkuKbgA7LG+AfBBbkkD4QONyI4granw9V3xvYlDC8mTAIwzPX2h4eORCCgg3t0"
    "J/VsTHmtHm8CDVyOOLTtI53PHS7gAHE8b198nD9P7cXW8xuo1eCA+AMOz0uPzBU0+wNh2zaCBikNmX1ucLSCJe12Rk"
    "whBwxiN+KPgaOJQLxiwJuFW6OpoSxdIQnUZF1h93JdQ50K5ZMm/ypnKx3KFuJhi3xpwQvJF/MF70lw1BSNl8BxfK+S"
    "oQDIVOrhewNpKuuvgnm1iTF0tpGqJgM5trh7JNL1Zjyt/UazSAA===";

// A 6x6 with the anti-diagonal, anti-king, an extra region, a cage with a sum and one without,
// a given and pencil-mark givens; the same recorded compressed, and '%'-escaped as
// encodeURIComponent writes it.
const std::string six_json =
    R"({"size":6,"grid":[[{"value":1,"given":true},{},{},{},{},{}],[{},{},{},{},{},{}],[{},{},{)"
    R"(},{},{},{}],[{},{},{},{},{},{}],[{},{},{},{},{},{}],[{},{},{},{},{},{"givenPencilMarks":)"
    R"([2,3]}]],"diagonal+":true,"antiking":true,"extraregion":[{"cells":["R2C2","R2C3","R3C2"])"
    R"(}],"killercage":[{"cells":["R1C5","R1C6"],"value":"11"},{"cells":["R6C1","R6C2"]}]})";
const std::string six_base64 =
    "N4IgzglgXgpiBcA2ANCA5gJwgEwQbT1ADcBDAGwFc54BGVNCImAOwQBcMqBfZYHv3vyEBdZISGDJAvqPFSJ0rrMXz5"
    "yhRsHrVK0AybMACiwDGEMgFkSGANZh8AJmQBmYUtEhsEEmgD2zcgBqdk4YVBJmNggbCGY0EKpUGAAPDmsYBn98UBMY"
    "MjJ7eDwQACUHAGEHEFQy8udq0udKkDcPGPyYDBMfakIQXPzC4pKacoBWBpHyxBbUUkpqEBoaEH5+vIL8UsRylZqdqt"
    "auIA==";
const std::string six_escaped =
    "N4IgzglgXgpiBcA2ANCA5gJwgEwQbT1ADcBDAGwFc54BGVNCImAOwQBcMqBfZYHv3vyEBdZISGDJAvqPFSJ0rrMXz5"
    "yhRsHrVK0AybMACiwDGEMgFkSGANZh8AJmQBmYUtEhsEEmgD2zcgBqdk4YVBJmNggbCGY0EKpUGAAPDmsYBn98UBMY"
    "MjJ7eDwQACUHAGEHEFQy8udq0udKkDcPGPyYDBMfakIQXPzC4pKacoBWBpHyxBbUUkpqEBoaEH5%2BvIL8UsRylZqd"
    "qtauIA%3D%3D";

} // namespace

TEST_CASE("compresses and decompresses as the npm package lz-string does", "[fpuzzles][lz]")
{
    // Pairs (text, compressToBase64(text)) recorded with lz-string 1.5.0.
    std::string long_text; // 7500 characters of f-puzzles cells, repeating
    for (int i = 0; i < 300; ++i)
        long_text += "{\"value\":" + std::to_string(i % 9 + 1) + ",\"given\":true},";
    REQUIRE(long_text.size() == 7500);
    const std::string long_base64 =
        "N4IgbghgNgrgpiAXARgDQgOYEsxwHZIAuATvAL6qiSwKIBM62uBiJ5l408SAzIzviKk4FKl1oAWfsyHsxNJAFZpg1s"
        "NGcFiAGwqWbER2rdEAdj2zD8kwA4LauZpMBOewY3HaaTAP3qj4kgMPjIOVk60fCGq7gFaUtF+jp5Kbv7WtLqJlh6BZ"
        "mnJeXbZYblariWxGUjeTDHpEUEF4SmIUXVJLXkJHTlxJsqVDa1ZvaX9tOZDhVrFY1WNiBXzw3m1vn3V9M1lJu0b41s"
        "9BwutgyszJqMnq1pTF12zOxNIyzeXXs9bwQ+7kV+LY6hU55c7vR5XAGte7gv5IOawl5LKFrFFaH6Irb7YG3ExA+ofV"
        "LTCGZNEmGE4wmIBGUkmvMmfYlw7ZMpHYgl0xD4zrMsG05nXflIikc5k00VIt5CrbraWLDFy1rsnlI7mbRZ8iVbQVax"
        "YilVbcUGxZS3WtWVmvIKy1aZXq1pqw4ahlIHXG6Eu6me03u1Gs76eu1Oh2ezW+rRu+15fVRp7+k2ei3hkzW5P/eMhj"
        "Ogz2R4PRz1G2MuROe1NF9O/VWhnOemN5uOVrY+8s1UuBz2OkFaMMtnS1gvektZ9Ht4d46tj0mTpB1ru2QfTlBtxdBu"
        "eSCeNxa5tczgeL5v1kxJ3tlw8VzGAjcXkb9xeFs/0xfHh8szdKjtXxV5be4yZ7t95AeO5Loup7Aauv5IJ2kGID2L4/"
        "lSs4wfewFATBz7AWBMEQVS0FUnBwEIZySFUihMFoVSGEwVhVI4ZyeGcgRMFEcyJGcmRVIUZyVFUjRnJ0cyDG8jWi5s"
        "WKC4AVoPGcnxzICVWi5MVSLHCv+16AUOkkpqOWnropIm6bud4SepUnLoZbQfvpi4qVsYlIhxnJccy0nMrJbJWRZSmc"
        "rZepqV+5SaaZ2krp5wW0N5Aq3hZjnMs5SKuUi7lYmFAUDAZ4VGTFJlpYyFnJYs8lHJ+NqQqJ/mlbQ8UyuZmWWYuQlI"
        "pFSK+R6xn7kFuVNKFDUlWmrrRXVsWSp1lXdRZRWXtZFmtfm7UWdViyJQGPUWY1WzNdqg1dV6HVPrVO2TZmXkZTt9mG"
        "jlY0gflOmIkAA===";
    // A real f-puzzles link's data (lisudoku/sudoku_formats' README): a 9x9 with a 1 in R1C1.
    std::string real_json =
        R"({"size":9,"grid":[[{"value":1,"given":true},{},{},{},{},{},{},{},{}])";
    for (int row = 1; row < 9; ++row)
        real_json += ",[{},{},{},{},{},{},{},{},{}]";
    real_json += "]}";
    const std::vector<std::pair<std::string, std::string>> pairs = {
        {"", "Q==="},
        {"a", "IZA="},
        {"{", "N5A="},
        {"Sudoku \u2013 \u00abKiller\u00bb \u2713 \U0001F3B2",
         "MoVwJg9g1iAEjIBLA1QaQJYBsMFMBOBu2QZHJZAeDcCb9oA="},
        {long_text, long_base64},
        {real_json, "N4IgzglgXgpiBcBOANCA5gJwgEwQbT1ADcBDAGwFc54BGVNCImAOwQBcMqBfZYHv3vyGCRfALrJCwg"
                    "TOlyJU0XKVKFsles1c1yrRu2S9R+Yd1nVp/Vdk7r58WK5A"},
        {classic_json, classic_base64},
        {six_json, six_base64},
    };
    for (const auto& [text, base64] : pairs) {
        CHECK(sudoku::compress_fpuzzles(text) == base64);
        CHECK(sudoku::decompress_fpuzzles(base64) == text);
    }
}

TEST_CASE("refuses compressed text that does not decompress", "[fpuzzles][lz]")
{
    using Catch::Matchers::Contains;
    // Cut short, lz-string 1.5.0 returns "" (41 characters) or, when the bits it reads past the
    // end make an end mark, a part of the text (40 characters).
    CHECK_THROWS_WITH(sudoku::decompress_fpuzzles(classic_base64.substr(0, 41)),
                      Contains("ends before its end mark"));
    CHECK(sudoku::decompress_fpuzzles(classic_base64.substr(0, 40)) ==
          R"({"size":9,"title":"Classic",")");
    CHECK(sudoku::decompress_fpuzzles(classic_base64.substr(0, 100)) ==
          R"({"size":9,"title":"Classic","author":"dlx tests","ruleset":"Normal sudoku rules )");
    CHECK_THROWS_WITH(sudoku::decompress_fpuzzles("N4Ig!"), "character 5 ('!') is not base64");
    CHECK_THROWS_WITH(sudoku::decompress_fpuzzles("N4=Ig"), "character 3 ('=') is not base64");
    CHECK_THROWS_WITH(sudoku::decompress_fpuzzles(""), "the compressed text is empty");
    // lz-string returns null for "BAs"; for "////" it goes on with an undefined first string.
    CHECK_THROWS_WITH(sudoku::decompress_fpuzzles("BAs"),
                      "the compressed text is corrupt (code 6 names no entry)");
    CHECK_THROWS_WITH(sudoku::decompress_fpuzzles("////"),
                      "the compressed text is corrupt (it starts with code 3)");
    CHECK_THROWS_WITH(sudoku::compress_fpuzzles("ok \xff"), "byte 4 of the JSON is not UTF-8");
}

TEST_CASE("reads a classic puzzle from its JSON, its compressed text and its links",
          "[fpuzzles][read]")
{
    const std::string digits =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    const std::vector<std::string> inputs = {
        classic_json,
        "  \n" + classic_base64 + "\n",
        "https://www.f-puzzles.com/?load=" + classic_base64,
        "f-puzzles.com/?load=" + classic_base64 + "#",
        "https://sudokupad.app/fpuzzles" + classic_base64,
        "fpuzzles" + classic_base64,
        "https://www.sudokulab.net/?fpuzzle=" + classic_base64,
    };
    for (const std::string& input : inputs) {
        const VariantPuzzle puzzle = sudoku::read_fpuzzles(input);
        CHECK(puzzle.rules->variant() == Variant::classic(9));
        REQUIRE(puzzle.digits.size() == 81);
        for (std::size_t cell = 0; cell < 81; ++cell) // R1C3's 4 is a player's: not a given
            CHECK(static_cast<char>(puzzle.digits[cell] == 0 ? '.' : '0' + puzzle.digits[cell]) ==
                  digits[cell]);
        CHECK(puzzle.candidates.empty());
    }
    sudoku::VariantSolver solver(sudoku::read_fpuzzles(classic_json).rules);
    CHECK(solver.count(sudoku::read_fpuzzles(classic_json)) == 1);
}

TEST_CASE("reads every supported rule", "[fpuzzles][read]")
{
    for (const std::string& input :
         {six_json, six_base64, "https://sudokupad.app/?puzzleid=fpuzzles" + six_escaped,
          "https://app.crackingthecryptic.com/sudoku/?puzzleid=fpuzzles" + six_escaped}) {
        const VariantPuzzle puzzle = sudoku::read_fpuzzles(input);
        Variant expected = Variant::classic(6);
        expected.anti_diagonal = true;
        expected.anti_king = true;
        expected.extra_regions = {{7, 8, 13}};
        expected.cages = {{{4, 5}, 11}, {{30, 31}, 0}};
        CHECK(puzzle.rules->variant() == expected);
        CHECK(puzzle.digits[0] == 1);
        REQUIRE(puzzle.candidates.size() == 36);
        CHECK(puzzle.candidates[35] == 0b110u); // digits 2 and 3
        CHECK(puzzle.allowed(34) == 0b111111u);
        const auto& groups = puzzle.rules->groups();
        const auto anti = std::find_if(groups.begin(), groups.end(), [](const auto& group) {
            return group.name == "anti-diagonal";
        });
        REQUIRE(anti != groups.end());
        CHECK(anti->cells == std::vector<int>{5, 10, 15, 20, 25, 30}); // R1C6 ... R6C1
    }
    // diagonal- is the main diagonal.
    const auto main = sudoku::read_fpuzzles(puzzle_json(4, {R"("diagonal-": true)"}));
    CHECK(main.rules->variant().main_diagonal);
    CHECK_FALSE(main.rules->variant().anti_diagonal);
    for (const auto& [key, flag] : std::vector<std::pair<std::string, bool Variant::*>>{
             {"antiknight", &Variant::anti_knight},
             {"antiking", &Variant::anti_king},
             {"nonconsecutive", &Variant::non_consecutive}}) {
        CHECK(sudoku::read_fpuzzles(puzzle_json(9, {"\"" + key + "\": true"})).rules->variant().*
              flag);
        CHECK(sudoku::read_fpuzzles(puzzle_json(9, {"\"" + key + "\": false"})).rules->variant() ==
              Variant::classic(9));
    }
    // Metadata, settings, empty lists and cages that only hold SudokuPad's metadata are no rule.
    const auto plain = sudoku::read_fpuzzles(puzzle_json(
        9,
        {R"("title": "T", "author": "A", "ruleset": "R", "highlightConflicts": false)",
         R"("solution": [1, 2], "disabledlogic": ["Tuples"], "truecandidatesoptions": [])",
         R"("thermometer": [], "arrow": [], "negative": [], "disjointgroups": false)",
         R"("text": [], "cage": [{"value": "msgcorrect: Yes!", "cells": []}])"},
        {{0, R"({"value": 3, "cornerPencilMarks": [1], "c": "#FFA0A0", "highlight": "#A8A8A8"})"},
         {1, R"({"value": 2, "given": false, "candidates": [2]})"},
         {2, R"({"given": true})"}}));
    CHECK(plain.rules->variant() == Variant::classic(9));
    CHECK(std::all_of(plain.digits.begin(), plain.digits.end(), [](auto d) { return d == 0; }));
}

TEST_CASE("takes f-puzzles' boxes for every size from 4 to 16", "[fpuzzles][read]")
{
    // f-puzzles' table `sizes` (rows x columns): the composites agree with Variant::classic;
    // a prime's boxes are its rows, read as a jigsaw of rows.
    const std::map<int, std::pair<int, int>> boxes = {{4, {2, 2}},  {6, {2, 3}},  {8, {2, 4}},
                                                      {9, {3, 3}},  {10, {2, 5}}, {12, {3, 4}},
                                                      {14, {2, 7}}, {15, {3, 5}}, {16, {4, 4}}};
    for (int size = 4; size <= 16; ++size) {
        const Variant variant = sudoku::read_fpuzzles(puzzle_json(size)).rules->variant();
        const auto box = boxes.find(size);
        if (box == boxes.end()) {
            REQUIRE(variant.regions.size() == static_cast<std::size_t>(size * size));
            for (int cell = 0; cell < size * size; ++cell)
                CHECK(variant.regions[static_cast<std::size_t>(cell)] == cell / size);
            continue;
        }
        CHECK(variant == Variant::classic(size));
        CHECK(std::pair{variant.box_rows, variant.box_columns} == box->second);
    }
}

TEST_CASE("reads jigsaw regions, given only for the cells out of their box", "[fpuzzles][read]")
{
    // Boxes 2x2; R2C2 and R2C3 trade places: region 0 takes R2C3, region 1 takes R2C2.
    const auto puzzle = sudoku::read_fpuzzles(
        puzzle_json(4, {}, {{5, R"({"region": 1})"}, {6, R"({"region": 0})"}}));
    const std::vector<int> regions = {0, 0, 1, 1, 0, 1, 0, 1, 2, 2, 3, 3, 2, 2, 3, 3};
    CHECK(puzzle.rules->variant().regions == regions);
    // Regions written where they equal the box change nothing.
    CHECK(sudoku::read_fpuzzles(puzzle_json(4, {}, {{0, R"({"region": 0})"}})).rules->variant() ==
          Variant::classic(4));
}

TEST_CASE("writes JSON that f-puzzles loads", "[fpuzzles][write]")
{
    Variant variant = Variant::classic(4);
    variant.main_diagonal = true;
    variant.cages = {{{0, 1}, 3}, {{14, 15}, 0}};
    VariantPuzzle puzzle = puzzle_of(variant);
    puzzle.digits[5] = 2;
    puzzle.candidates.assign(16, 0b1111);
    puzzle.candidates[3] = 0b1010;
    CHECK(sudoku::write_fpuzzles(puzzle) ==
          R"({"size":4,"grid":[[{},{},{},{"givenPencilMarks":[2,4]}],)"
          R"([{},{"value":2,"given":true},{},{}],)"
          R"([{},{},{},{}],[{},{},{},{}]],"diagonal-":true,"killercage":[{"cells":["R1C1","R1C2"],)"
          R"("value":"3"},{"cells":["R4C3","R4C4"]}]})");
}

TEST_CASE("reads back what it writes", "[fpuzzles][write]")
{
    std::vector<VariantPuzzle> puzzles;
    puzzles.push_back(sudoku::read_fpuzzles(classic_json));
    puzzles.push_back(sudoku::read_fpuzzles(six_json));
    Variant jigsaw = Variant::classic(4);
    jigsaw.regions = {0, 0, 1, 1, 0, 1, 0, 1, 2, 2, 3, 3, 2, 2, 3, 3};
    jigsaw.anti_knight = true;
    jigsaw.non_consecutive = true;
    puzzles.push_back(puzzle_of(jigsaw));
    Variant big = Variant::classic(16);
    big.main_diagonal = big.anti_diagonal = true;
    big.extra_regions = {{0, 17, 34}};
    big.cages = {{{255, 254, 239}, 45}};
    puzzles.push_back(puzzle_of(big));
    puzzles.back().digits[17] = 16;
    for (const VariantPuzzle& puzzle : puzzles) {
        const std::string json = sudoku::write_fpuzzles(puzzle);
        const std::string link = sudoku::fpuzzles_link_prefix + sudoku::compress_fpuzzles(json);
        for (const std::string& input : {json, link}) {
            const VariantPuzzle back = sudoku::read_fpuzzles(input);
            CHECK(back.rules->variant() == puzzle.rules->variant());
            CHECK(back.digits == puzzle.digits);
            for (const int cell : puzzle.rules->cells())
                CHECK(back.allowed(cell) == puzzle.allowed(cell));
        }
    }
    // What f-puzzles has no key for comes back as the same rules in its terms: windoku's
    // windows as extra regions, boxes of another shape as regions.
    Variant windoku = Variant::classic(9);
    windoku.windoku = true;
    Variant wide = Variant::classic(12);
    wide.box_rows = 2;
    wide.box_columns = 6;
    for (const Variant& variant : {windoku, wide}) {
        const VariantPuzzle back =
            sudoku::read_fpuzzles(sudoku::write_fpuzzles(puzzle_of(variant)));
        CHECK_FALSE(back.rules->variant() == variant);
        CHECK(group_sets(*back.rules) == group_sets(sudoku::Rules(variant)));
    }
}

TEST_CASE("refuses what f-puzzles cannot hold", "[fpuzzles][write]")
{
    Variant samurai = Variant::classic(9);
    samurai.samurai = true;
    CHECK_THROWS_MATCHES(
        sudoku::write_fpuzzles(puzzle_of(samurai)), FormatError,
        Catch::Matchers::Message("f-puzzles has no samurai grids: this puzzle cannot be written"));
    CHECK_THROWS_MATCHES(
        sudoku::write_fpuzzles(puzzle_of(Variant::classic(25))), FormatError,
        Catch::Matchers::Message(
            "f-puzzles grids have at most 16 digits: a 25x25 grid cannot be written"));
}

TEST_CASE("refuses a bad puzzle with the line where it is wrong", "[fpuzzles][errors]")
{
    struct Case {
        std::string input;
        std::string message;
        std::size_t line;
        std::size_t column;
    };
    const auto cell = [](int index, const std::string& object) {
        return std::map<int, std::string>{{index, object}};
    };
    const std::string cut_link = "https://www.f-puzzles.com/?load=" + classic_base64.substr(0, 41);
    const std::string part_link = "https://www.f-puzzles.com/?load=" + classic_base64.substr(0, 40);
    const std::vector<Case> cases = {
        {"", "the text is empty: it holds no f-puzzles puzzle", 0, 0},
        {"{\"size\": 9,\n \"grid\": [}", "expected a value, found '}'", 2, 11},
        {"{\"size\": 9,\n \"grid\": [[", "the JSON text ends early: expected a value", 2, 12},
        {"{\"size\": 9, \"size\": 9}", "the key 'size' appears twice in one object", 1, 13},
        {"\n\n  " + cut_link,
         "the compressed puzzle does not decompress: the compressed text ends before its end "
         "mark (cut short?)",
         3, 3},
        {part_link,
         "the JSON text ends inside this string: its closing '\"' is missing (decompressed JSON, "
         "line 1, column 29)",
         1, 1},
        {"N4Ig zglg",
         "' ' is not base64: not a compressed f-puzzles puzzle (A-Z, a-z, 0-9, + and /)", 1, 5},
        {"https://www.f-puzzles.com/?id=abcd",
         "an f-puzzles short link (?id=...) only names a tinyurl.com page: open it and give the "
         "?load= link it leads to",
         1, 1},
        {"https://example.com/puzzle",
         "this link holds no f-puzzles puzzle: expected f-puzzles' ?load=..., or SudokuPad's "
         "/fpuzzles... or ?puzzleid=fpuzzles...",
         1, 1},
        {"[1, 2]", "an f-puzzles puzzle is a JSON object, not an array", 1, 1},
        {"{\"grid\": []}", "the key 'size' is missing", 1, 1},
        {"{\"size\": \"9\",\n\"grid\": []}", "'size' is the number of digits, not a string", 1, 10},
        {puzzle_json(17), "'size' is 17: grids of 4 to 16 digits are read", 1, 10},
        {"{\"size\": 3}", "'size' is 3: grids of 4 to 16 digits are read", 1, 10},
        {"{\"size\": 4}", "the key 'grid' is missing: f-puzzles needs a grid of size x size cells",
         1, 1},
        {"{\"size\": 4,\n\"grid\": [[]]}", "'grid' is a list of 4 rows, not of 1", 2, 9},
        {puzzle_json(4, {}, cell(5, "5")), "R2C2 in 'grid' is an object, not a number", 2, 29},
        {puzzle_json(9, {}, cell(1, R"({"value": 10, "given": true})")),
         "R1C2's value is 10, not a digit from 1 to 9", 2, 24},
        {puzzle_json(9, {}, cell(0, R"({"value": 5, "given": "yes"})")),
         "R1C1's 'given' is true or false, not a string", 2, 33},
        {puzzle_json(4, {}, cell(0, R"({"region": 4})")),
         "R1C1's region is 4, not a region from 0 to 3", 2, 22},
        {puzzle_json(4, {}, cell(0, R"({"region": null})")),
         "R1C1 is in no region: f-puzzles' region-0 cells are not supported", 2, 22},
        {puzzle_json(4, {}, cell(2, R"({"region": 0})")),
         "jigsaw region 1 (\"region\": 0) has 5 cells, not 4", 2, 28},
        {puzzle_json(4, {}, cell(0, R"({"givenPencilMarks": [1, 5]})")),
         "R1C1's givenPencilMarks holds 5, not a digit from 1 to 4", 2, 36},
        {puzzle_json(9, {}, cell(0, R"({"parity": "Odd"})")),
         "R1C1 has 'parity' (an odd, even, minimum or maximum cell of an old f-puzzles "
         "version): it is not supported",
         2, 12},
        {puzzle_json(9, {}, cell(0, R"({"fog": true})")),
         "R1C1 has the key 'fog', which is not known here and may hold a rule: it is not "
         "supported",
         2, 12},
        {puzzle_json(9, {R"("antiknight": 1)"}), "'antiknight' is true or false, not a number", 3,
         15},
        {puzzle_json(9, {R"("extraregion": [{"cells": ["R1C1", "R0C1"]}])"}),
         "'R0C1' is not a cell of the 9x9 grid (rows and columns 1 to 9)", 3, 36},
        {puzzle_json(9, {R"("killercage": [{"cells": ["R10C1"]}])"}),
         "'R10C1' is not a cell of the 9x9 grid (rows and columns 1 to 9)", 3, 27},
        {puzzle_json(9, {R"("killercage": [{"cells": ["R1X1"]}])"}),
         "'R1X1' is not a cell name like R1C1", 3, 27},
        {puzzle_json(9, {R"("killercage": [{"cells": [11]}])"}),
         "a cell is named by a string like \"R1C1\", not a number", 3, 27},
        {puzzle_json(9, {R"("killercage": {"cells": []})"}),
         "'killercage' is a list, not an object", 3, 15},
        {puzzle_json(9, {R"("killercage": [{"cells": ["R1C1"], "value": "12?"}])"}),
         "a killer cage's value is its sum, a whole number from 1, not '12?'", 3, 45},
        {puzzle_json(9, {"\"killercage\": [\n"
                         R"({"cells": ["R1C1", "R1C2"], "value": "3"},)"
                         "\n"
                         R"({"cells": ["R1C3", "R1C4"], "value": "18"}])"}),
         "cage 2 at r1c3: 2 cells with different digits from 1 to 9 add up to 3 to 17, never 18", 5,
         1},
        {puzzle_json(9, {R"("extraregion": [{"cells": ["R1C1"]},)"
                         "\n"
                         R"({"cells": ["R2C2", "R2C2"]}])"}),
         "extra region 2 has r2c2 twice", 4, 1},
        {puzzle_json(9, {R"("thermometer": [{"lines": [["R1C1", "R1C2"]]}])"}),
         "f-puzzles key 'thermometer' (thermometers) is not supported", 3, 1},
        {puzzle_json(9, {R"("littlekillersum": [{"cell": "R0C1", "value": "5"}])"}),
         "f-puzzles key 'littlekillersum' (little killer sums) is not supported", 3, 1},
        {puzzle_json(9, {R"("negative": ["ratio"])"}),
         "f-puzzles key 'negative' (negative constraints) is not supported", 3, 1},
        {puzzle_json(9, {R"("text": [{"cells": ["R1C1"], "value": "odd"}])"}),
         "f-puzzles key 'text' (text decorations, which may state rules) is not supported", 3, 1},
        {puzzle_json(9, {R"("cage": [{"cells": ["R1C1"], "value": "10"}])"}),
         "f-puzzles key 'cage' (cage decorations, which may state rules) is not supported", 3, 1},
        {puzzle_json(9, {R"("disjointgroups": true)"}),
         "f-puzzles key 'disjointgroups' (disjoint groups) is not supported", 3, 1},
        {puzzle_json(9, {R"("renban": [{"lines": [["R1C1", "R1C2"]]}])"}),
         "f-puzzles key 'renban' is not known here and may hold a rule: it is not supported", 3, 1},
        {"https://www.f-puzzles.com/?load=" +
             sudoku::compress_fpuzzles(puzzle_json(4, {R"("xv": [{}])"})),
         "f-puzzles key 'xv' (XV sums) is not supported (decompressed JSON, line 3, column 1)", 1,
         1},
    };
    for (const Case& c : cases) {
        INFO(c.input);
        const Failure failure = failure_of(c.input);
        CHECK(failure.message == c.message);
        CHECK(failure.line == c.line);
        CHECK(failure.column == c.column);
    }
}
