// The course (playground/course.h, lesson_check.h): lessons/ loads cleanly and equals the table the
// build embeds for the browser; broken lesson files give located errors and never crash; checks
// parse, and are evaluated on real runs so that right answers pass and wrong answers fail.
#include <catch2/catch.hpp>

#include <string>

#include "course.h"
#include "course_embedded.h"
#include "lesson_check.h"

using namespace kiln::playground;

namespace {

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

bool any_contains(const std::vector<std::string>& v, const std::string& part) {
    for (const auto& s : v)
        if (contains(s, part)) return true;
    return false;
}

std::string joined(const std::vector<std::string>& v) {
    std::string s;
    for (const auto& x : v) s += x + "\n";
    return s;
}

LoadResult load_repo_course() {
    std::vector<CourseFile> files;
    std::string error;
    REQUIRE(read_course_dir(std::string(KILN_SOURCE_DIR) + "/lessons", &files, &error));
    return load_course(files);
}

// A one-lesson course from a lesson.md and its programs.
LoadResult one_lesson(const std::string& md, std::vector<CourseFile> programs = {}) {
    programs.push_back({"01-demo/lesson.md", md});
    return load_course(programs);
}

const char* kGoodLesson =
    "# Demo\n"
    "\n"
    "A summary with `code`.\n"
    "\n"
    "## First step\n"
    "Text with **bold**, `code` and a [graph](panel:graph) link.\n"
    "and a second line.\n"
    "\n"
    "- an item\n"
    "  continued\n"
    "1. numbered\n"
    "\n"
    "@run prog.py\n"
    "\n"
    "```python\n"
    "x = 1\n"
    "```\n"
    "## Second step\n"
    "```exercise\n"
    "id: one\n"
    "title: One graph\n"
    "starter: prog.py\n"
    "solution: sol.py\n"
    "check: graphs == 1 | say it\n"
    "check: stdout contains \"a | b\"\n"
    "hint: first\n"
    "hint: second\n"
    "```\n";

const std::vector<CourseFile> kGoodPrograms = {{"01-demo/prog.py", "print(1)\n"},
                                               {"01-demo/sol.py", "print(2)\n"},
                                               {"01-demo/sol.out", "2\n"}};

}  // namespace

TEST_CASE("the lessons folder loads without errors and the browser's table holds the same files", "[lessons]") {
    LoadResult r = load_repo_course();
    INFO(joined(r.errors));
    CHECK(r.errors.empty());
    REQUIRE(r.course.lessons.size() >= 1);
    CHECK(r.course.lessons[0].id == "eager-autograd");
    for (const Lesson& L : r.course.lessons) {
        INFO(L.folder);
        CHECK(!L.title.empty());
        CHECK(!L.summary.empty());
        CHECK(!L.steps.empty());
        CHECK(!L.exercises.empty());  // every lesson has something to do
    }
    std::vector<CourseFile> files;
    std::string error;
    REQUIRE(read_course_dir(std::string(KILN_SOURCE_DIR) + "/lessons", &files, &error));
    const auto& embedded = embedded_course_files();
    REQUIRE(embedded.size() == files.size());
    for (size_t i = 0; i < files.size(); ++i) {
        INFO(files[i].path);
        CHECK(embedded[i].path == files[i].path);
        CHECK(embedded[i].text == files[i].text);  // rebuild after editing a lesson if this fails
    }
}

TEST_CASE("a lesson's markdown becomes steps, blocks, spans and exercises", "[lessons]") {
    LoadResult r = one_lesson(kGoodLesson, kGoodPrograms);
    INFO(joined(r.errors));
    REQUIRE(r.errors.empty());
    const Lesson& L = r.course.lessons.at(0);
    CHECK(L.id == "demo");
    CHECK(L.number == 1);
    CHECK(L.title == "Demo");
    CHECK(L.summary == "A summary with code.");
    REQUIRE(L.steps.size() == 2);
    const Step& s = L.steps[0];
    CHECK(s.title == "First step");
    REQUIRE(s.blocks.size() == 5);
    CHECK(s.blocks[0].kind == Block::Kind::Paragraph);
    REQUIRE(s.blocks[0].spans.size() == 7);
    CHECK(s.blocks[0].spans[1].kind == Span::Kind::Bold);
    CHECK(s.blocks[0].spans[3].kind == Span::Kind::Code);
    CHECK(s.blocks[0].spans[5].kind == Span::Kind::Link);
    CHECK(s.blocks[0].spans[5].target == "panel:graph");
    CHECK(s.blocks[0].spans[6].text == " link. and a second line.");
    CHECK(s.blocks[1].kind == Block::Kind::ListItem);
    CHECK(s.blocks[1].spans[0].text == "an item continued");
    CHECK(s.blocks[2].level == 1);
    CHECK(s.blocks[3].kind == Block::Kind::Run);
    CHECK(s.blocks[3].text == "prog.py");
    CHECK(s.blocks[4].kind == Block::Kind::Code);
    CHECK(s.blocks[4].text == "x = 1");
    REQUIRE(L.exercises.size() == 1);
    const Exercise& ex = L.exercises[0];
    CHECK(ex.step == 1);
    CHECK(ex.hints.size() == 2);
    REQUIRE(ex.checks.size() == 2);
    CHECK(ex.checks[0].message == "say it");
    CHECK(ex.checks[1].text == "a | b");  // a '|' inside a string is not the message separator
    CHECK(L.find_program("sol.py")->has_golden);
    CHECK(!L.find_program("prog.py")->has_golden);
}

TEST_CASE("checks parse, and bad ones say where and what was expected", "[lessons]") {
    Check c;
    std::string why;
    int col = -1;
    REQUIRE(parse_check("recompiles >= 2", &c, &why, &col));
    CHECK((c.kind == Check::Kind::Metric && c.metric == "recompiles" && c.op == ">=" && c.value == 2));
    REQUIRE(parse_check("fails Unsupported", &c, &why, &col));
    CHECK((c.kind == Check::Kind::Failed && c.text == "Unsupported"));
    REQUIRE(parse_check("stdout == solution", &c, &why, &col));
    CHECK(c.kind == Check::Kind::StdoutSolution);
    REQUIRE(parse_check("stderr lacks \"Tracer\\\"Warning\"", &c, &why, &col));
    CHECK((c.kind == Check::Kind::StderrLacks && c.text == "Tracer\"Warning"));
    REQUIRE(parse_check("break_reason contains \"print\" | why", &c, &why, &col));
    CHECK((c.kind == Check::Kind::BreakReason && c.message == "why"));

    CHECK(!parse_check("graph == 1", &c, &why, &col));
    CHECK(contains(why, "unknown check 'graph'"));
    CHECK(contains(why, "graphs"));
    CHECK(!parse_check("graphs = 1", &c, &why, &col));
    CHECK(contains(why, "expected a comparison"));
    CHECK(!parse_check("graphs == one", &c, &why, &col));
    CHECK(contains(why, "expected an integer"));
    CHECK(col == 10);  // 0-based offset of "one"
    CHECK(!parse_check("stdout contains \"open", &c, &why, &col));
    CHECK(contains(why, "unclosed string"));
    CHECK(!parse_check("stdout has \"x\"", &c, &why, &col));
    CHECK(contains(why, "expected 'contains', 'lacks'"));
    CHECK(!parse_check("break_reason lacks \"x\"", &c, &why, &col));
    CHECK(!parse_check("ok please", &c, &why, &col));
    CHECK(contains(why, "unexpected text"));
    CHECK(!parse_check("", &c, &why, &col));
}

TEST_CASE("broken lesson files give located errors and no crash", "[lessons]") {
    struct Case {
        const char* md;
        const char* error;
    } cases[] = {
        {"no title\n## s\ntext\n", "01-demo/lesson.md:1:1: a lesson starts with its title"},
        {"# T\n", "the lesson has no step"},
        {"# T\n## s\n```python\nx = 1\n", "01-demo/lesson.md:3:1: this ``` block is never closed"},
        {"# T\n## s\n@play x.py\n", "01-demo/lesson.md:3:1: unknown directive '@play'"},
        {"# T\n## s\n@run missing.py\n", "01-demo/lesson.md:3:1: @run names a program 'missing.py' is not in the folder"},
        {"# T\n## s\n@run ../x.py\n", "@run needs a program file"},
        {"# T\n## s\nsee [it](panel:nowhere)\n", "01-demo/lesson.md:3:1: unknown panel 'nowhere'"},
        {"# T\n## s\nsee [it](somewhere)\n", "unknown link target 'somewhere'"},
        {"# T\n## s\nsee [it](lesson:nope)\n", "the link 'lesson:nope' names no lesson"},
        {"# T\n## s\n```exercise\nid: a\n```\n", "the exercise has no title"},
        {"# T\n## s\n```exercise\nid: a\ntitle: t\nstarter: prog.py\nsolution: sol.py\n```\n", "has no check"},
        {"# T\n## s\n```exercise\ncolour: red\n```\n", "01-demo/lesson.md:4:1: unknown exercise key 'colour'"},
        {"# T\n## s\n```exercise\ncheck: graphs == x\n```\n", "01-demo/lesson.md:4:18: bad check: expected an integer"},
        {"# T\n## s\n```exercise\nstarter: a.txt\n```\n", "starter must name a .py file"},
        {"# T\n## s\n```exercise\nid: a\ntitle: t\nstarter: nope.py\nsolution: sol.py\ncheck: ok\n```\n",
         "the starter 'nope.py' is not in the folder"},
        {"# T\n## s\n```exercise\nid: a\ntitle: t\nstarter: prog.py\nsolution: sol.py\ncheck: ok\n```\n"
         "```exercise\nid: a\ntitle: t\nstarter: prog.py\nsolution: sol.py\ncheck: ok\n```\n",
         "a second exercise with id 'a'"},
        {"# T\n@run prog.py\n## s\n", "01-demo/lesson.md:2:1: only the summary paragraph"},
        {"# T\n## s\n# Another title\n", "a lesson has one '# Title'"},
        {"\xff\xfe\x00garbage\n## \n", "a lesson starts with its title"},
    };
    for (const auto& c : cases) {
        INFO(c.md);
        LoadResult r = one_lesson(c.md, kGoodPrograms);
        INFO(joined(r.errors));
        CHECK(any_contains(r.errors, c.error));
    }
    // Folders and files around lessons.
    LoadResult r = load_course({{"1-x/lesson.md", "# T\n## s\n"}});
    CHECK(any_contains(r.errors, "no lessons found"));
    r = load_course({{"01-x/prog.py", "print(1)\n"}});
    CHECK(any_contains(r.errors, "01-x/: a lesson folder without lesson.md"));
    std::vector<std::string> errors;
    parse_lesson("3-Bad", "# T\n## s\n", &errors);
    CHECK(any_contains(errors, "the folder name '3-Bad' is not NN-slug"));
    std::vector<CourseFile> none;
    std::string why;
    CHECK(!read_course_dir(std::string(KILN_SOURCE_DIR) + "/no-such-dir", &none, &why));
    CHECK(contains(why, "is not a directory"));
}

TEST_CASE("checks read the engine's results: right answers pass, wrong answers fail", "[lessons]") {
    // A tiny exercise: make f compile into one graph.
    const std::string md =
        "# T\n## s\n```exercise\nid: one\ntitle: t\nstarter: start.py\nsolution: sol.py\n"
        "check: ok\ncheck: graphs == 1 | still split\ncheck: breaks == 0\ncheck: stdout == solution\n"
        "check: stdout lacks \"hello\"\n```\n";
    const std::string starter =
        "import torch\n"
        "def f(x):\n"
        "    x = x + 1\n"
        "    print('hello')\n"
        "    return x * 2\n"
        "print(torch.compile(f)(torch.ones(2)))\n";
    const std::string solution =
        "import torch\n"
        "def f(x):\n"
        "    x = x + 1\n"
        "    return x * 2\n"
        "print(torch.compile(f)(torch.ones(2)))\n";
    LoadResult r = one_lesson(md, {{"01-demo/start.py", starter}, {"01-demo/sol.py", solution}});
    INFO(joined(r.errors));
    REQUIRE(r.errors.empty());
    const Lesson& L = r.course.lessons[0];
    const Exercise& ex = L.exercises[0];

    ExerciseResult right = check_exercise(L, ex, solution);
    INFO(right.report.stderr_text);
    CHECK(right.passed);

    ExerciseResult wrong = check_exercise(L, ex, starter);
    CHECK(!wrong.passed);
    REQUIRE(wrong.results.size() == 5);
    CHECK(wrong.results[0].passed);  // it runs
    CHECK(!wrong.results[1].passed);
    CHECK(wrong.results[1].detail == "graphs is 2");
    CHECK(wrong.results[1].check->message == "still split");
    CHECK(!wrong.results[2].passed);
    CHECK(!wrong.results[3].passed);
    CHECK(contains(wrong.results[3].detail, "line 1: yours printed `hello`"));
    CHECK(!wrong.results[4].passed);

    // A wrong answer of another kind: the right graph count but a crash.
    ExerciseResult crash = check_exercise(L, ex, solution + "raise ValueError('no')\n");
    CHECK(!crash.passed);
    CHECK(!crash.results[0].passed);
    CHECK(contains(crash.results[0].detail, "ValueError: no"));
}

TEST_CASE("metrics: recompiles, hits, break reasons, kernels and failures", "[lessons]") {
    const std::string src =
        "import torch\n"
        "def f(x):\n"
        "    return (x.sin() * 2).relu() + 1\n"
        "cf = torch.compile(f)\n"
        "cf(torch.ones(2))\n"
        "cf(torch.ones(2))\n"
        "cf(torch.ones(3))\n"
        "cf(torch.ones(3, 2))\n";
    RunReport r = run_program(src, lesson_run_options("m.py"));
    INFO(r.stderr_text);
    REQUIRE(r.ok);
    CHECK(report_metric(r, "recompiles") == 2);  // shape 2 -> 3 (then dynamic), and a new rank
    CHECK(report_metric(r, "hits") >= 1);
    CHECK(report_metric(r, "graphs") == 3);
    CHECK(report_metric(r, "kernels") == 3);  // one fused kernel per graph

    Exercise ex;
    Check c;
    std::string why;
    int col;
    REQUIRE(parse_check("break_reason contains \"print\"", &c, &why, &col));
    ex.checks.push_back(c);
    REQUIRE(parse_check("fails Unsupported", &c, &why, &col));
    ex.checks.push_back(c);
    RunReport b = run_program(
        "import torch\n"
        "def f(x):\n"
        "    print('hi')\n"
        "    return x + 1\n"
        "torch.compile(f, fullgraph=True)(torch.ones(2))\n",
        lesson_run_options("b.py"));
    auto res = evaluate_checks(ex, b, nullptr);
    CHECK(res[1].passed);  // fullgraph=True turned the break into an Unsupported error
    CHECK(!res[0].passed);
    RunReport b2 = run_program(
        "import torch\n"
        "def f(x):\n"
        "    print('hi')\n"
        "    return x + 1\n"
        "torch.compile(f)(torch.ones(2))\n",
        lesson_run_options("b.py"));
    res = evaluate_checks(ex, b2, nullptr);
    CHECK(res[0].passed);
    CHECK(!res[1].passed);
    CHECK(res[1].detail == "ran to the end without an error");
}

TEST_CASE("the course report: goldens matched, pending, missing and differing", "[lessons]") {
    const std::string md =
        "# T\n## s\n@run a.py\n@run b.py\n@run c.py\n"
        "```exercise\nid: e\ntitle: t\nstarter: a.py\nsolution: b.py\ncheck: stdout contains \"2\"\n```\n";
    LoadResult r = one_lesson(md, {{"01-demo/a.py", "print(1)\n"}, {"01-demo/a.out", "1\n"},
                                   {"01-demo/b.py", "print(2)\n"}, {"01-demo/b.out", "3\n"},
                                   {"01-demo/c.py", "print(3)\n"}});
    REQUIRE(r.errors.empty());
    CourseCheckOptions o;
    CourseCheck cc = check_course(r, o);
    REQUIRE(cc.lessons.size() == 1);
    const LessonCheck& lc = cc.lessons[0];
    CHECK(lc.programs[0].golden == GoldenStatus::Match);
    CHECK(lc.programs[1].golden == GoldenStatus::Differs);
    CHECK(lc.programs[1].diff == "line 1: Kiln printed `2`, PyTorch 2.11 printed `3`");
    CHECK(lc.programs[2].golden == GoldenStatus::Missing);
    CHECK(lc.exercises[0].problems.empty());
    CHECK(!cc.ok());
    std::string text = format_course_check(cc);
    CHECK(contains(text, "FAIL  01-demo"));
    CHECK(contains(text, "c.py: NO GOLDEN"));

    // Listed in GOLDENS_TODO.txt: "no golden yet", said, but not a failure.
    o.goldens_todo = parse_goldens_todo("# comment\n01-demo/c.py   # soon\n\n01-demo/a.py\n");
    REQUIRE(o.goldens_todo.size() == 2);
    cc = check_course(r, o);
    CHECK(cc.lessons[0].programs[2].golden == GoldenStatus::Pending);
    CHECK(cc.lessons[0].programs[0].stale_todo);
    CHECK(cc.pending_goldens() == 1);
    text = format_course_check(cc);
    CHECK(contains(text, "c.py: no golden yet"));
    CHECK(contains(text, "remove it from GOLDENS_TODO.txt"));
    CHECK(contains(text, "no golden yet for 1 programs"));
    CHECK(!cc.ok());  // b.py still differs

    // A starter that already passes is a broken exercise; a broken source link is an error.
    LoadResult r2 = one_lesson(
        "# T\n## s\nsee [x](engine/nope.cpp)\n```exercise\nid: e\ntitle: t\nstarter: a.py\nsolution: a.py\ncheck: ok\n```\n",
        {{"01-demo/a.py", "print(1)\n"}, {"01-demo/a.out", "1\n"}});
    REQUIRE(r2.errors.empty());
    CourseCheckOptions o2;
    o2.source_exists = [](const std::string& p) { return p != "engine/nope.cpp"; };
    cc = check_course(r2, o2);
    CHECK(!cc.ok());
    CHECK(any_contains(cc.lessons[0].errors, "'engine/nope.cpp' does not exist"));
    CHECK(any_contains(cc.lessons[0].exercises[0].problems, "the starter already passes"));
    o2.only = "nothing";
    cc = check_course(r2, o2);
    CHECK(any_contains(cc.errors, "no lesson named 'nothing'"));
}

TEST_CASE("every exercise of the course: the solution passes and the starter fails", "[lessons]") {
    LoadResult r = load_repo_course();
    REQUIRE(r.errors.empty());
    for (const Lesson& L : r.course.lessons)
        for (const Exercise& ex : L.exercises) {
            INFO(L.folder << " exercise " << ex.id);
            ExerciseResult sol = check_exercise(L, ex, L.find_program(ex.solution)->source);
            for (const auto& c : sol.results) {
                INFO(c.check->source << ": " << c.detail);
                CHECK(c.passed);
            }
            ExerciseResult st = check_exercise(L, ex, L.find_program(ex.starter)->source);
            CHECK(!st.passed);
        }
}
