// The graph-break and recompile catalogue (playground/break_catalogue.h): a row for every break title
// Kiln's Dynamo can raise (read from the engine's source, so a new break without a row fails here),
// no row for a title it never raises, PyTorch's ids where the engine prints them, every guard class,
// lessons that exist, and the rows real runs land on.
#include <catch2/catch.hpp>

#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>

#include "break_catalogue.h"
#include "capture/dynamo/guards.h"
#include "course_embedded.h"
#include "examples.h"
#include "session.h"

using namespace kiln::playground;

namespace {

std::string read_source(const std::string& rel) {
    std::ifstream f(std::string(KILN_SOURCE_DIR) + "/" + rel);
    REQUIRE(f.good());
    std::stringstream ss;
    ss << f.rdbuf();
    return ss.str();
}

struct RaisedTitle {
    std::string title;   // the string literal
    bool dynamic = false;  // the literal is followed by `+ name`: a prefix
    std::string gb;      // the id passed with it ("gb0059"), "" where none is
};

// Every break title the engine raises: unsupported("Title", ..., "gbNNNN"), skip("Title"), and the
// titles dynamo.cpp and the translator give frame-skipping breaks (reason.title = "...").
std::vector<RaisedTitle> raised_titles() {
    std::vector<RaisedTitle> out;
    const std::regex call(R"re((unsupported|skip)\(\s*"((?:[^"\\]|\\.)*)"\s*(\+)?)re");
    const std::regex assign(R"re(\b(?:reason|r)\.title = "((?:[^"\\]|\\.)*)")re");
    const std::regex gb(R"re("(gb\d{4})")re");
    for (const char* file : {"engine/capture/dynamo/translator.cpp", "engine/capture/dynamo/dynamo.cpp"}) {
        const std::string src = read_source(file);
        for (auto it = std::sregex_iterator(src.begin(), src.end(), call); it != std::sregex_iterator(); ++it) {
            RaisedTitle t;
            t.title = (*it)[2];
            t.dynamic = (*it)[3].matched;
            if ((*it)[1] == "unsupported") {
                // The id is the call's fourth argument: the first "gbNNNN" before the call's `;`.
                size_t start = size_t(it->position(0)), end = src.find(';', start);
                std::smatch m;
                std::string text = src.substr(start, end - start);
                if (std::regex_search(text, m, gb)) t.gb = m[1];
            }
            out.push_back(t);
        }
        for (auto it = std::sregex_iterator(src.begin(), src.end(), assign); it != std::sregex_iterator(); ++it)
            out.push_back({(*it)[1], false, ""});
    }
    return out;
}

std::string lower(std::string s) {
    for (char& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

}  // namespace

TEST_CASE("break catalogue: a row for every break the engine can raise, and only those", "[playground][catalogue]") {
    std::vector<RaisedTitle> raised = raised_titles();
    REQUIRE(raised.size() >= 60);  // the parse found the translator's calls
    std::set<std::string> literals;
    for (const RaisedTitle& t : raised) {
        INFO("engine title: " << t.title << (t.dynamic ? " + ..." : ""));
        literals.insert(t.title);
        CHECK(has_break_row(t.title));
        const BreakInfo& row = break_info(t.title);
        if (t.dynamic) CHECK(row.prefix);
        // Where the engine prints PyTorch's id, the catalogue names the same one.
        if (!t.gb.empty() && t.gb != "gb0000") CHECK(lower(row.gb) == t.gb);
        CHECK(!row.explain.empty());
    }
    // No stale rows: each row's title is one the engine raises (a prefix row: the start of one).
    for (const BreakInfo& b : break_catalogue()) {
        INFO("catalogue row: " << b.title);
        bool used = false;
        for (const std::string& l : literals) used |= b.prefix ? l.rfind(b.title, 0) == 0 : l == b.title;
        CHECK(used);
        if (!b.gb.empty()) {
            CHECK(std::regex_match(b.gb, std::regex("GB[0-9]{4}")));
            CHECK(b.docs_url() == "https://meta-pytorch.github.io/compile-graph-break-site/gb/" + lower(b.gb) + ".html");
        }
    }
}

TEST_CASE("recompile catalogue: a row for every guard class", "[playground][catalogue]") {
    using kiln::capture::dynamo::Guard;
    int kinds = 0;
    for (int k = 0;; ++k) {
        Guard g;
        g.kind = static_cast<Guard::Kind>(k);
        std::string name = g.kind_name();
        if (name == "?") break;
        ++kinds;
        INFO("guard class " << name);
        CHECK(recompile_info(name).guard == name);
    }
    CHECK(kinds >= 12);
    CHECK(recompile_info("NOT_A_GUARD").guard.empty());
}

TEST_CASE("catalogue rows point at lesson steps that exist", "[playground][catalogue]") {
    LoadResult course = load_course(embedded_course_files());
    auto exists = [&](const std::string& lesson, const std::string& step) {
        for (const Lesson& l : course.course.lessons)
            if (l.folder == lesson)
                for (const Step& s : l.steps)
                    if (s.title == step) return true;
        return false;
    };
    for (const BreakInfo& b : break_catalogue()) {
        INFO(b.title);
        CHECK(exists(b.lesson, b.step));
    }
    for (const RecompileInfo& r : recompile_catalogue()) {
        INFO(r.guard);
        CHECK(exists(r.lesson, r.step));
    }
    CHECK(exists(break_info("a title nobody raises").lesson, break_info("a title nobody raises").step));
}

TEST_CASE("catalogue: the rows real breaks and recompiles land on", "[playground][catalogue]") {
    RunOptions o;
    RunReport p = run_program(find_example("print_break")->source, o);
    REQUIRE(!p.breaks.empty());
    CHECK(break_info(p.breaks[0].reason).gb == "GB0059");
    CHECK(break_info(p.breaks[0].reason).rewrite == Rewrite::PrintOut);
    CHECK(break_info(p.breaks[0].reason).fixer == Fixer::YourCode);

    RunReport b = run_program(find_example("branch")->source, o);
    REQUIRE(!b.breaks.empty());
    CHECK(break_info(b.breaks[0].reason).gb == "GB0170");
    CHECK(break_info(b.breaks[0].reason).fixer == Fixer::Fundamental);

    RunReport i = run_program("import torch\n"
                              "@torch.compile\n"
                              "def f(x):\n"
                              "    s = x.sum().item()\n"
                              "    return x * s\n"
                              "print(f(torch.ones(3)))\n",
                              o);
    REQUIRE(i.breaks.size() == 1);
    CHECK(break_info(i.breaks[0].reason).gb == "GB0124");
    CHECK(break_info(i.breaks[0].reason).rewrite == Rewrite::ItemAsTensor);
    // Another builtin than print: the plain GB0059 row, no rewrite.
    CHECK(break_info("Failed to trace builtin operator\n  Explanation: Dynamo does not know how to trace builtin operator `id`")
              .rewrite == Rewrite::None);

    RunReport r = run_program(find_example("recompile")->source, o);
    bool tensor_match = false;
    for (const FrameCall& c : r.calls)
        if (c.outcome == "recompile") {
            REQUIRE(c.guard_failure_kinds.size() == c.guard_failures.size());
            tensor_match |= c.guard_failure_kinds[0] == "TENSOR_MATCH";
        }
    CHECK(tensor_match);
}
