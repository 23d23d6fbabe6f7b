// Checks of exercises and of the whole course (see lesson_check.h). Everything is read from a real
// run's RunReport: the same numbers the playground's panels show.
#include "lesson_check.h"

#include <algorithm>
#include <cstdlib>

namespace kiln::playground {
namespace {

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

bool compare(long a, const std::string& op, long b) {
    if (op == "==") return a == b;
    if (op == "!=") return a != b;
    if (op == "<") return a < b;
    if (op == "<=") return a <= b;
    if (op == ">") return a > b;
    if (op == ">=") return a >= b;
    return false;
}

// "Fusion decisions of graph 0: 3 kernels" -> 3 (0 when the text has no count).
int kernels_in(const std::string& fusion) {
    size_t colon = fusion.find(": ");
    if (colon == std::string::npos) return 0;
    return std::atoi(fusion.c_str() + colon + 2);
}

std::string quoted(const std::string& s) { return "\"" + s + "\""; }

std::vector<std::string> lines_of(const std::string& s) {
    std::vector<std::string> out;
    size_t a = 0;
    while (a < s.size()) {
        size_t b = s.find('\n', a);
        if (b == std::string::npos) b = s.size();
        out.push_back(s.substr(a, b - a));
        a = b + 1;
    }
    return out;
}

// "line 3: kiln printed `...`, PyTorch printed `...`" for the first differing line.
std::string first_difference(const std::string& kiln, const std::string& torch) {
    auto a = lines_of(kiln), b = lines_of(torch);
    size_t i = 0;
    while (i < a.size() && i < b.size() && a[i] == b[i]) ++i;
    return "line " + std::to_string(i + 1) + ": Kiln printed `" + (i < a.size() ? a[i] : "<end>") +
           "`, PyTorch 2.11 printed `" + (i < b.size() ? b[i] : "<end>") + "`";
}

RunReport run_lesson_program(const Lesson& lesson, const std::string& name, const std::string& code) {
    (void)lesson;
    return run_program(code, lesson_run_options(name));
}

std::string error_line(const RunReport& r) {
    std::string s = r.error.type + ": " + r.error.message;
    if (r.error.line > 0) s += " (line " + std::to_string(r.error.line) + ")";
    return s;
}

}  // namespace

RunOptions lesson_run_options(const std::string& program_name) {
    RunOptions o;  // the defaults are PyTorch's torch.compile defaults and the browser's limits
    o.mode = RunMode::Compile;
    o.filename = program_name.empty() ? "main.py" : program_name;
    return o;
}

int report_metric(const RunReport& r, const std::string& metric) {
    if (metric == "graphs") return r.graph_count();
    if (metric == "compiles") return int(r.compiles.size());
    if (metric == "breaks") return int(r.breaks.size());
    if (metric == "recompiles") return int(r.recompiles.size());
    if (metric == "hits") {
        int n = 0;
        for (const auto& c : r.calls) n += c.outcome == "hit";
        return n;
    }
    if (metric == "kernels") {
        int n = 0;
        for (const auto& c : r.compiles)
            for (const auto& a : c.inductor) n += kernels_in(a.fusion);
        return n;
    }
    return 0;
}

bool needs_solution(const Exercise& ex) {
    for (const auto& c : ex.checks)
        if (c.kind == Check::Kind::StdoutSolution) return true;
    return false;
}

std::vector<CheckResult> evaluate_checks(const Exercise& ex, const RunReport& run, const RunReport* solution) {
    std::vector<CheckResult> out;
    for (const Check& c : ex.checks) {
        CheckResult res;
        res.check = &c;
        switch (c.kind) {
            case Check::Kind::Metric: {
                int v = report_metric(run, c.metric);
                res.passed = compare(v, c.op, c.value);
                res.detail = c.metric + " is " + std::to_string(v);
                break;
            }
            case Check::Kind::Ok:
                res.passed = run.ok;
                res.detail = run.ok ? "ran to the end" : "stopped with " + error_line(run);
                break;
            case Check::Kind::Failed:
                res.passed = !run.ok && (c.text.empty() || run.error.type == c.text);
                res.detail = run.ok ? "ran to the end without an error" : "stopped with " + error_line(run);
                break;
            case Check::Kind::StdoutContains:
                res.passed = contains(run.stdout_text, c.text);
                res.detail = res.passed ? "found" : "stdout has no " + quoted(c.text);
                break;
            case Check::Kind::StdoutLacks:
                res.passed = !contains(run.stdout_text, c.text);
                res.detail = res.passed ? "not printed" : "stdout has " + quoted(c.text);
                break;
            case Check::Kind::StderrContains:
                res.passed = contains(run.stderr_text, c.text);
                res.detail = res.passed ? "found" : "stderr has no " + quoted(c.text);
                break;
            case Check::Kind::StderrLacks:
                res.passed = !contains(run.stderr_text, c.text);
                res.detail = res.passed ? "not printed" : "stderr has " + quoted(c.text);
                break;
            case Check::Kind::StdoutSolution:
                if (!solution) {
                    res.detail = "the solution was not run";
                } else {
                    res.passed = run.stdout_text == solution->stdout_text;
                    res.detail = res.passed ? "same output as the solution"
                                            : first_difference(run.stdout_text, solution->stdout_text);
                    // Said from the learner's side: "the solution printed", not PyTorch.
                    if (!res.passed) {
                        std::string& d = res.detail;
                        size_t p = d.find("PyTorch 2.11 printed");
                        if (p != std::string::npos) d.replace(p, 20, "the solution printed");
                        p = d.find("Kiln printed");
                        if (p != std::string::npos) d.replace(p, 12, "yours printed");
                    }
                }
                break;
            case Check::Kind::BreakReason: {
                for (const auto& b : run.breaks) res.passed |= contains(b.reason, c.text) || contains(b.text, c.text);
                res.detail = res.passed ? "found" : run.breaks.empty() ? "no graph break happened"
                                                                      : "no break reason holds " + quoted(c.text);
                break;
            }
        }
        out.push_back(std::move(res));
    }
    return out;
}

ExerciseResult check_exercise(const Lesson& lesson, const Exercise& ex, const std::string& code) {
    ExerciseResult result;
    result.report = run_lesson_program(lesson, ex.starter, code);
    RunReport solution_run;
    const RunReport* solution = nullptr;
    if (needs_solution(ex)) {
        const Program* p = lesson.find_program(ex.solution);
        if (!p) {
            result.error = "the exercise's solution " + ex.solution + " is missing from the lesson";
            return result;
        }
        solution_run = run_lesson_program(lesson, ex.starter, p->source);
        solution = &solution_run;
    }
    result.results = evaluate_checks(ex, result.report, solution);
    result.passed = true;
    for (const auto& r : result.results) result.passed &= r.passed;
    return result;
}

bool LessonCheck::ok() const {
    if (!errors.empty()) return false;
    for (const auto& p : programs)
        if (!p.ran_ok || p.golden == GoldenStatus::Differs || p.golden == GoldenStatus::Missing) return false;
    for (const auto& e : exercises)
        if (!e.problems.empty()) return false;
    return true;
}

bool CourseCheck::ok() const {
    if (!errors.empty()) return false;
    for (const auto& l : lessons)
        if (!l.ok()) return false;
    return true;
}

int CourseCheck::pending_goldens() const {
    int n = 0;
    for (const auto& l : lessons)
        for (const auto& p : l.programs) n += p.golden == GoldenStatus::Pending;
    return n;
}

std::vector<std::string> parse_goldens_todo(const std::string& text) {
    std::vector<std::string> out;
    for (std::string line : lines_of(text)) {
        size_t hash = line.find('#');
        if (hash != std::string::npos) line = line.substr(0, hash);
        while (!line.empty() && (line.back() == ' ' || line.back() == '\r' || line.back() == '\t')) line.pop_back();
        size_t a = line.find_first_not_of(" \t");
        if (a != std::string::npos) out.push_back(line.substr(a));
    }
    return out;
}

CourseCheck check_course(const LoadResult& loaded, const CourseCheckOptions& options) {
    CourseCheck cc;
    auto listed = [&](const std::string& path) {
        return std::find(options.goldens_todo.begin(), options.goldens_todo.end(), path) != options.goldens_todo.end();
    };
    // Load errors go to their lesson (they start with its folder name) or to the course.
    std::vector<std::string> unplaced = loaded.errors;
    for (const Lesson& L : loaded.course.lessons) {
        if (!options.only.empty() && options.only != L.id && options.only != L.folder) continue;
        LessonCheck lc;
        lc.folder = L.folder;
        for (auto it = unplaced.begin(); it != unplaced.end();) {
            if (it->compare(0, L.folder.size() + 1, L.folder + "/") == 0) {
                lc.errors.push_back(*it);
                it = unplaced.erase(it);
            } else {
                ++it;
            }
        }
        if (options.source_exists)
            for (const auto& link : L.source_links)
                if (!options.source_exists(link))
                    lc.errors.push_back(L.folder + "/lesson.md: the link target '" + link +
                                        "' does not exist in the repository; fix the path or drop the link");
        for (const Program& p : L.programs) {
            ProgramCheck pc;
            pc.name = p.name;
            RunReport r = run_lesson_program(L, p.name, p.source);
            pc.millis = r.millis;
            pc.ran_ok = r.ok;
            if (!r.ok) pc.error = error_line(r);
            const std::string path = L.folder + "/" + p.name;
            if (p.has_golden) {
                pc.golden = r.stdout_text == p.golden ? GoldenStatus::Match : GoldenStatus::Differs;
                if (pc.golden == GoldenStatus::Differs) pc.diff = first_difference(r.stdout_text, p.golden);
                pc.stale_todo = listed(path);
            } else {
                pc.golden = listed(path) ? GoldenStatus::Pending : GoldenStatus::Missing;
            }
            lc.programs.push_back(std::move(pc));
        }
        for (const Exercise& ex : L.exercises) {
            ExerciseCheck ec;
            ec.id = ex.id;
            const Program* starter = L.find_program(ex.starter);
            const Program* solution = L.find_program(ex.solution);
            if (!starter || !solution) {
                ec.problems.push_back("its starter or solution file is missing (see the load errors)");
                lc.exercises.push_back(std::move(ec));
                continue;
            }
            ExerciseResult sol = check_exercise(L, ex, solution->source);
            ec.solution_passes = sol.passed;
            for (const auto& r : sol.results)
                if (!r.passed)
                    ec.problems.push_back("the solution fails `" + r.check->source + "` (" + r.detail + ")");
            ExerciseResult st = check_exercise(L, ex, starter->source);
            ec.starter_fails = !st.passed;
            if (st.passed)
                ec.problems.push_back("the starter already passes every check: the exercise asks for nothing; "
                                      "make the starter wrong or a check stricter");
            lc.exercises.push_back(std::move(ec));
        }
        cc.lessons.push_back(std::move(lc));
    }
    if (options.only.empty()) cc.errors = unplaced;
    if (!options.only.empty() && cc.lessons.empty())
        cc.errors.push_back("no lesson named '" + options.only + "' (give its id, e.g. tracing, or its folder)");
    return cc;
}

std::string format_course_check(const CourseCheck& c) {
    std::string out;
    int programs = 0, matched = 0, exercises = 0, failed_lessons = 0;
    std::vector<std::string> pending;
    for (const auto& l : c.lessons) {
        out += (l.ok() ? "ok    " : "FAIL  ") + l.folder + "\n";
        failed_lessons += !l.ok();
        for (const auto& e : l.errors) out += "      error: " + e + "\n";
        for (const auto& p : l.programs) {
            ++programs;
            std::string status;
            switch (p.golden) {
                case GoldenStatus::Match: status = "matches PyTorch 2.11"; ++matched; break;
                case GoldenStatus::Differs: status = "DIFFERS from PyTorch 2.11: " + p.diff; break;
                case GoldenStatus::Missing:
                    status = "NO GOLDEN and not listed in GOLDENS_TODO.txt: generate " + p.name.substr(0, p.name.size() - 3) +
                             ".out (lessons/README.md)";
                    break;
                case GoldenStatus::Pending:
                    status = "no golden yet (listed in GOLDENS_TODO.txt): stdout not compared with PyTorch";
                    pending.push_back(l.folder + "/" + p.name);
                    break;
            }
            if (!p.ran_ok) status = "FAILED: " + p.error + "; " + status;
            if (p.stale_todo) status += " (its golden exists: remove it from GOLDENS_TODO.txt)";
            out += "      " + p.name + ": " + status + "\n";
        }
        for (const auto& e : l.exercises) {
            ++exercises;
            if (e.problems.empty()) {
                out += "      exercise " + e.id + ": the solution passes, the starter fails\n";
            } else {
                for (const auto& pr : e.problems) out += "      exercise " + e.id + ": " + pr + "\n";
            }
        }
    }
    for (const auto& e : c.errors) out += "error: " + e + "\n";
    out += std::to_string(c.lessons.size()) + " lessons, " + std::to_string(programs) + " programs (" +
           std::to_string(matched) + " match PyTorch 2.11, " + std::to_string(pending.size()) + " with no golden yet), " +
           std::to_string(exercises) + " exercises: " +
           (c.ok() ? std::string("all checks pass") : std::to_string(failed_lessons) + " lessons FAIL") + "\n";
    if (!pending.empty())
        out += "no golden yet for " + std::to_string(pending.size()) +
               " programs: their output is Kiln's alone until the goldens are made (lessons/README.md)\n";
    return out;
}

}  // namespace kiln::playground
