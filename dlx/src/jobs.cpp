// The text of sharing a search out (split.hpp): digests, the job file, result lines, and the
// merge of results.
#include <dlx/knuth_format.hpp>
#include <dlx/random.hpp>
#include <dlx/split.hpp>

#include "knuth_text.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <istream>
#include <locale>
#include <ostream>
#include <sstream>
#include <stdexcept>

namespace dlx {

namespace {

// 128 bits of `text`, as 32 hexadecimal digits: two lanes of splitmix64's mixer over its
// 8-byte words. Not cryptographic: it tells one problem or split from another by mistake.
std::string digest_of(std::string_view text)
{
    std::uint64_t a = 0x243f6a8885a308d3ULL, b = 0x13198a2e03707344ULL;
    for (std::size_t at = 0; at < text.size(); at += 8) {
        std::uint64_t word = 0;
        const std::size_t n = std::min<std::size_t>(8, text.size() - at);
        for (std::size_t i = 0; i < n; ++i)
            word |= std::uint64_t{static_cast<unsigned char>(text[at + i])} << (8 * i);
        a = mix(a ^ word);
        b = mix(b + word + (a >> 7));
    }
    a = mix(a ^ text.size());
    b = mix(b ^ a);
    char hex[33];
    std::snprintf(hex, sizeof hex, "%016llx%016llx", static_cast<unsigned long long>(a),
                  static_cast<unsigned long long>(b));
    return hex;
}

const char* choice_name(ItemChoice choice)
{
    return choice == ItemChoice::fewest ? "fewest" : "singles-first";
}

std::string format_path(const std::vector<std::uint32_t>& path)
{
    if (path.empty())
        return "/";
    std::string text;
    for (const std::uint32_t branch : path)
        text += '/' + std::to_string(branch);
    return text;
}

template <typename Number> bool parse_number(std::string_view text, Number& value)
{
    const char* end = text.data() + text.size();
    const auto [stop, error] = std::from_chars(text.data(), end, value);
    return error == std::errc() && stop == end && !text.empty();
}

bool parse_path(std::string_view text, std::vector<std::uint32_t>& path)
{
    path.clear();
    if (text.empty() || text[0] != '/')
        return false;
    if (text == "/")
        return true;
    for (std::size_t at = 0; at < text.size();) {
        const std::size_t next = text.find('/', at + 1);
        const std::string_view branch =
            text.substr(at + 1, next == std::string_view::npos ? text.npos : next - at - 1);
        std::uint32_t value = 0;
        if (!parse_number(branch, value))
            return false;
        path.push_back(value);
        at = next == std::string_view::npos ? text.size() : next;
    }
    return true;
}

// The keys of a result line, in the order format_result() writes them.
constexpr std::string_view result_keys[] = {"job",     "solutions", "nodes", "updates",
                                            "seconds", "digest",    "memo"};
constexpr unsigned required_keys = 6; // "memo" may be left out (false)

std::vector<std::string_view> words_of(std::string_view line)
{
    std::vector<std::string_view> words;
    for (std::size_t at = 0;;) {
        at = line.find_first_not_of(" \t\r", at);
        if (at == std::string_view::npos)
            return words;
        const std::size_t end = std::min(line.find_first_of(" \t\r", at), line.size());
        words.push_back(line.substr(at, end - at));
        at = end;
    }
}

} // namespace

std::string problem_digest(const Problem& problem)
{
    std::ostringstream text;
    text.imbue(std::locale::classic()); // no digit grouping, whatever the global locale
    detail::write_knuth_text(text, problem);
    return digest_of(text.str());
}

std::string Split::digest() const
{
    // " cells" only for dancing cells: the digests of splits for dancing links are those of the
    // job files written before there was a choice of method.
    std::string text = problem_digest + ' ' + choice_name(choice) +
                       (method == Method::cells ? " cells " : " ") + std::to_string(top.nodes) +
                       ' ' + std::to_string(top.updates) + ' ' + std::to_string(top.solutions) +
                       ' ' + std::to_string(top.max_level);
    for (const Job& job : jobs)
        text += ' ' + format_path(job.path);
    return digest_of(text);
}

// The job file, line by line:
//   # comments (the problem's name, how to run the jobs)
//   dlx-jobs 1
//   problem <problem digest>
//   choice fewest|singles-first
//   method links|cells                (absent in files written before: links)
//   top <nodes> <updates> <solutions> <max level>
//   jobs <count>
//   digest <split digest>
//   <number> <path> <weight>          one line per job, numbered from 1
void write_split(std::ostream& out, const Split& split, std::string_view problem_name)
{
    out << "# " << std::to_string(split.jobs.size()) << " jobs, each a subtree of the search of "
        << problem_name << ".\n"
        << "# Run jobs I to J with: exact-cover --jobs THIS_FILE --job I-J " << problem_name
        << "\n# then add their results up with: exact-cover --merge THIS_FILE RESULTS...\n"
        << "dlx-jobs 1\n"
        << "problem " << split.problem_digest << '\n'
        << "choice " << choice_name(split.choice) << '\n'
        << "method " << (split.method == Method::cells ? "cells" : "links") << '\n'
        << "top " << std::to_string(split.top.nodes) << ' ' << std::to_string(split.top.updates)
        << ' ' << std::to_string(split.top.solutions) << ' ' << std::to_string(split.top.max_level)
        << '\n'
        << "jobs " << std::to_string(split.jobs.size()) << '\n'
        << "digest " << split.digest() << '\n';
    // Numbers as text here, not through `out`, whose locale might group digits.
    char weight[32];
    for (std::size_t j = 0; j < split.jobs.size(); ++j) {
        std::snprintf(weight, sizeof weight, "%.17g", split.jobs[j].weight);
        out << std::to_string(j + 1) << ' ' << format_path(split.jobs[j].path) << ' ' << weight
            << '\n';
    }
}

Split read_split(std::istream& in, std::string_view file_name)
{
    const std::string file(file_name);
    std::size_t line_number = 0;
    std::string line;
    auto fail = [&](const std::string& message) -> ParseError {
        return ParseError(file, line_number, 0, message);
    };
    // The next line that is not a comment or blank, as words; none at the end of the file.
    auto next_words = [&]() -> std::vector<std::string_view> {
        while (std::getline(in, line)) {
            ++line_number;
            std::vector<std::string_view> words = words_of(line);
            if (!words.empty() && words[0][0] != '#')
                return words;
        }
        return {};
    };
    auto check = [&](std::string_view key, std::size_t values,
                     std::vector<std::string_view> words) {
        if (words.empty()) {
            ++line_number;
            throw fail("the file ends before its '" + std::string(key) + "' line");
        }
        if (words[0] != key || words.size() != values + 1)
            throw fail("expected '" + std::string(key) + "' and " + std::to_string(values) +
                       (values == 1 ? " value" : " values"));
        return words;
    };
    auto expect = [&](std::string_view key, std::size_t values) {
        return check(key, values, next_words());
    };

    const auto format = next_words();
    if (format.size() != 2 || format[0] != "dlx-jobs")
        throw fail("not a job file (it must start with 'dlx-jobs 1', as exact-cover --split "
                   "writes it)");
    if (format[1] != "1")
        throw fail("job file version " + std::string(format[1]) + " is not known (only 1)");
    Split split;
    split.problem_digest = std::string(expect("problem", 1)[1]);
    const auto choice = expect("choice", 1)[1];
    if (choice == "fewest")
        split.choice = ItemChoice::fewest;
    else if (choice == "singles-first")
        split.choice = ItemChoice::singles_first;
    else
        throw fail("unknown item choice '" + std::string(choice) + "'");
    std::vector<std::string_view> after_choice = next_words();
    if (!after_choice.empty() && after_choice[0] == "method") {
        after_choice = check("method", 1, after_choice);
        if (after_choice[1] == "cells")
            split.method = Method::cells;
        else if (after_choice[1] != "links")
            throw fail("unknown method '" + std::string(after_choice[1]) + "' (links or cells)");
        after_choice = next_words();
    }
    const auto top = check("top", 4, after_choice);
    if (!parse_number(top[1], split.top.nodes) || !parse_number(top[2], split.top.updates) ||
        !parse_number(top[3], split.top.solutions) || !parse_number(top[4], split.top.max_level))
        throw fail("'top' needs four counts: nodes, updates, solutions, level");
    std::size_t count = 0;
    if (!parse_number(expect("jobs", 1)[1], count))
        throw fail("'jobs' needs a count");
    const std::string digest(expect("digest", 1)[1]);
    split.jobs.reserve(std::min<std::size_t>(count, 1u << 20));
    for (std::size_t j = 1; j <= count; ++j) {
        const auto words = next_words();
        if (words.empty()) {
            ++line_number;
            throw fail("the file ends after " + std::to_string(j - 1) + " of its " +
                       std::to_string(count) + " jobs");
        }
        std::size_t number = 0;
        Job job;
        if (words.size() != 3 || !parse_number(words[0], number))
            throw fail("expected a job: its number, path and weight");
        if (number != j)
            throw fail("expected job " + std::to_string(j) + ", found job " +
                       std::string(words[0]));
        if (!parse_path(words[1], job.path))
            throw fail("bad path '" + std::string(words[1]) + "' (branch numbers after '/')");
        // from_chars for doubles needs GCC 11; strtod reads the same numbers here.
        const std::string weight(words[2]);
        char* end = nullptr;
        job.weight = std::strtod(weight.c_str(), &end);
        if (end != weight.c_str() + weight.size() || !(job.weight >= 0))
            throw fail("bad weight '" + weight + "'");
        split.jobs.push_back(std::move(job));
    }
    if (!next_words().empty())
        throw fail("more jobs than the 'jobs' line says (" + std::to_string(count) + ")");
    if (split.digest() != digest)
        throw ParseError(file, 0, 0,
                         "the digest does not match the jobs: the file was changed after "
                         "exact-cover --split wrote it");
    return split;
}

std::string format_result(const JobResult& result)
{
    char seconds[32];
    std::snprintf(seconds, sizeof seconds, "%.6g", result.seconds);
    return "{\"job\":" + std::to_string(result.job) + ",\"solutions\":\"" +
           result.solutions.to_string() + "\",\"nodes\":" + std::to_string(result.nodes) +
           ",\"updates\":" + std::to_string(result.updates) +
           (result.memo ? ",\"memo\":true" : "") + ",\"seconds\":" + seconds + ",\"digest\":\"" +
           result.digest + "\"}";
}

// A flat JSON object of known keys, strings (without escapes: none of ours needs one) and
// numbers; anything else is refused with what was expected where.
JobResult parse_result(std::string_view line)
{
    std::size_t at = 0;
    auto fail = [&](const std::string& what) {
        return ArgumentError(what + " at column " + std::to_string(at + 1));
    };
    auto skip_space = [&] {
        while (at < line.size() && (line[at] == ' ' || line[at] == '\t' || line[at] == '\r'))
            ++at;
    };
    auto take = [&](char c) {
        skip_space();
        if (at >= line.size() || line[at] != c)
            throw fail(std::string("expected '") + c + "'");
        ++at;
    };
    auto string_value = [&] {
        take('"');
        const std::size_t end = line.find('"', at);
        if (end == std::string_view::npos)
            throw fail("unterminated string");
        const std::string_view text = line.substr(at, end - at);
        if (text.find('\\') != std::string_view::npos)
            throw fail("unexpected escape in string");
        at = end + 1;
        return text;
    };
    auto number_value = [&] {
        skip_space();
        const std::size_t begin = at;
        while (at < line.size() &&
               std::string_view("0123456789+-.eE").find(line[at]) != std::string_view::npos)
            ++at;
        if (at == begin)
            throw fail("expected a number");
        return line.substr(begin, at - begin);
    };

    JobResult result;
    unsigned seen = 0; // one bit per key
    take('{');
    for (bool first = true;; first = false) {
        skip_space();
        if (at < line.size() && line[at] == '}') {
            ++at;
            break;
        }
        if (!first)
            take(',');
        const std::size_t key_at = at;
        const std::string_view key = string_value();
        take(':');
        const auto index =
            static_cast<unsigned>(std::find(std::begin(result_keys), std::end(result_keys), key) -
                                  std::begin(result_keys));
        if (index == std::size(result_keys)) { // another program's extra: skip its value
            skip_space();
            if (at < line.size() && line[at] == '"') {
                string_value();
            } else if (const auto literal = line.substr(at, 5);
                       literal.starts_with("true") || literal.starts_with("null")) {
                at += 4;
            } else if (literal.starts_with("false")) {
                at += 5;
            } else {
                number_value();
            }
            continue;
        }
        if (seen & (1u << index)) {
            at = key_at;
            throw fail("\"" + std::string(key) + "\" given twice");
        }
        seen |= 1u << index;
        const std::size_t value_at = at;
        auto count = [&](std::string_view text, std::uint64_t& value) {
            if (!parse_number(text, value)) {
                at = value_at;
                throw fail("\"" + std::string(key) + "\" must be a whole number");
            }
        };
        switch (index) {
        case 0: count(number_value(), result.job); break;
        case 1: {
            const std::string_view text = string_value();
            try {
                result.solutions = BigCount::parse(text);
            } catch (const ArgumentError&) {
                at = value_at;
                throw fail("\"solutions\" must be a whole number");
            }
            break;
        }
        case 2: count(number_value(), result.nodes); break;
        case 3: count(number_value(), result.updates); break;
        case 4: {
            const std::string text(number_value());
            char* end = nullptr;
            result.seconds = std::strtod(text.c_str(), &end);
            if (end != text.c_str() + text.size() || !(result.seconds >= 0) ||
                !std::isfinite(result.seconds)) {
                at = value_at;
                throw fail("\"seconds\" must be a number of seconds");
            }
            break;
        }
        case 5: result.digest = std::string(string_value()); break;
        default: {
            skip_space();
            if (line.substr(at, 4) == "true") {
                result.memo = true;
                at += 4;
            } else if (line.substr(at, 5) == "false") {
                at += 5;
            } else {
                throw fail("\"memo\" must be true or false");
            }
            break;
        }
        }
    }
    skip_space();
    if (at != line.size())
        throw fail("unexpected text after the object");
    for (unsigned k = 0; k < required_keys; ++k) {
        if (!(seen & (1u << k))) {
            at = 0;
            throw ArgumentError("no \"" + std::string(result_keys[k]) + "\"");
        }
    }
    if (result.job == 0)
        throw ArgumentError("job numbers start at 1");
    return result;
}

Merge::Merge(const Split& split)
    : digest_(split.digest()), results_(split.jobs.size()), solutions_(split.top.solutions),
      nodes_(split.top.nodes), updates_(split.top.updates)
{
}

void Merge::add(const JobResult& result)
{
    if (result.digest != digest_)
        throw ArgumentError("digest " + result.digest + " is not the job file's (" + digest_ +
                            "): a result of another problem or split");
    if (result.job == 0 || result.job > results_.size())
        throw ArgumentError("there is no job " + std::to_string(result.job) +
                            " (the job file has " + std::to_string(results_.size()) + ")");
    if (memo_ && *memo_ != result.memo)
        throw ArgumentError("job " + std::to_string(result.job) + " was counted " +
                            (result.memo ? "with" : "without") +
                            " memory and the results before "
                            "it " +
                            (result.memo ? "without" : "with") +
                            ": their nodes are not the same measure (count every job one way)");
    JobResult& kept = results_[static_cast<std::size_t>(result.job - 1)]; // in range: checked
    if (kept.job != 0) {
        if (kept.solutions != result.solutions || kept.nodes != result.nodes ||
            kept.updates != result.updates)
            throw ArgumentError("job " + std::to_string(result.job) +
                                " has two results that disagree (" + kept.solutions.to_string() +
                                " and " + result.solutions.to_string() + " solutions, " +
                                std::to_string(kept.nodes) + " and " +
                                std::to_string(result.nodes) + " nodes)");
        return; // the same job run twice
    }
    memo_ = result.memo;
    kept = result;
    solutions_ += result.solutions;
    nodes_ += result.nodes;
    updates_ += result.updates;
    seconds_ += result.seconds;
}

void Merge::add_results(std::istream& in, std::string_view file_name)
{
    std::string line;
    for (std::size_t number = 1; std::getline(in, line); ++number) {
        if (line.find_first_not_of(" \t\r") == std::string::npos)
            continue;
        try {
            add(parse_result(line));
        } catch (const ArgumentError& error) {
            throw ParseError(std::string(file_name), number, 0, error.what());
        }
    }
    if (in.bad())
        throw FileError(std::string(file_name) + ": cannot read");
}

std::vector<std::uint64_t> Merge::missing() const
{
    std::vector<std::uint64_t> jobs;
    for (std::size_t j = 0; j < results_.size(); ++j) {
        if (results_[j].job == 0)
            jobs.push_back(j + 1);
    }
    return jobs;
}

std::string format_job_ranges(const std::vector<std::uint64_t>& jobs)
{
    std::string text;
    for (std::size_t i = 0; i < jobs.size();) {
        std::size_t j = i;
        while (j + 1 < jobs.size() && jobs[j + 1] == jobs[j] + 1)
            ++j;
        if (!text.empty())
            text += ", ";
        text += std::to_string(jobs[i]);
        if (j > i)
            text += '-' + std::to_string(jobs[j]);
        i = j + 1;
    }
    return text;
}

} // namespace dlx
