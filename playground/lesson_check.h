// Checking lessons against the engine: an exercise's checks evaluated on a real run's RunReport
// (the lesson panel's Check button), and the whole course verified (`kiln lesson check`): every
// program runs and prints what PyTorch 2.11 printed (its NAME.out golden), every solution passes its
// exercise's checks and every starter fails at least one (so each check can fail).
//
// The checks an exercise may use (`check:` lines in lesson.md, parsed by course.h's parse_check):
//   graphs OP N          graphs torch.compile captured (compile records with an FX graph)
//   compiles OP N        frames compiled, with or without a graph
//   breaks OP N          graph breaks logged (one per compile that broke: a recompiled frame logs again)
//   recompiles OP N      recompiles (a guard failed and the frame was compiled again)
//   hits OP N            calls that reused a compiled entry (cache hits)
//   kernels OP N         kernels the Inductor-style back end generated, over all graphs (after fusion)
//   ok                   the program ran to its end (no uncaught error)
//   fails [TYPE]         it ended with an uncaught error (of this type: Unsupported, RuntimeError, ...)
//   stdout contains "S" / stdout lacks "S" / stderr contains "S" / stderr lacks "S"
//   stdout == solution   it printed exactly what the solution prints
//   break_reason contains "S"   some graph break's reason holds S
// with OP one of == != < <= > >=. Text after an unquoted '|' is what the learner reads when it fails.
#pragma once
#include <functional>
#include <string>
#include <vector>

#include "course.h"
#include "session.h"

namespace kiln::playground {

// How every lesson program runs: torch.compile with PyTorch's defaults (inductor, no fullgraph,
// dynamic=None), the browser's limits, and the program's own file name in tracebacks and breaks.
RunOptions lesson_run_options(const std::string& program_name);

// The value of a metric (graphs, compiles, breaks, recompiles, hits, kernels) in a run.
int report_metric(const RunReport& r, const std::string& metric);

struct CheckResult {
    const Check* check = nullptr;
    bool passed = false;
    std::string detail;  // what was found: "got 2", "stdout has no \"tensor\""
};

// True when a check compares with the solution's output (the checker must run the solution too).
bool needs_solution(const Exercise& ex);
// Evaluates every check on `run`; `solution` is the solution's run (nullptr: stdout == solution fails).
std::vector<CheckResult> evaluate_checks(const Exercise& ex, const RunReport& run, const RunReport* solution);

struct ExerciseResult {
    bool passed = false;
    std::vector<CheckResult> results;
    RunReport report;   // the run of the learner's code
    std::string error;  // set when the exercise could not be checked (its solution is missing)
};

// Runs `code` as the exercise's program (and the solution when a check compares with it) and checks it.
ExerciseResult check_exercise(const Lesson& lesson, const Exercise& ex, const std::string& code);

// ---- the whole course (kiln lesson check) ----------------------------------------------------------

enum class GoldenStatus {
    Match,          // stdout is PyTorch's
    Differs,        // a failure
    Missing,        // no NAME.out and not listed in GOLDENS_TODO.txt: a failure
    Pending,        // no NAME.out yet, listed in GOLDENS_TODO.txt: reported, not a failure
};

struct ProgramCheck {
    std::string name;
    bool ran_ok = false;
    std::string error;    // the uncaught error, when it did not run to its end
    GoldenStatus golden = GoldenStatus::Missing;
    std::string diff;     // first differing line, for Differs
    bool stale_todo = false;  // listed in GOLDENS_TODO.txt although its golden exists
    double millis = 0;
};

struct ExerciseCheck {
    std::string id;
    bool solution_passes = false;
    bool starter_fails = false;
    std::vector<std::string> problems;  // why the exercise is broken, one line each
};

struct LessonCheck {
    std::string folder;
    std::vector<std::string> errors;  // load errors and broken source links of this lesson
    std::vector<ProgramCheck> programs;
    std::vector<ExerciseCheck> exercises;
    bool ok() const;
};

struct CourseCheckOptions {
    std::vector<std::string> goldens_todo;  // "01-eager-autograd/tensors.py": goldens still to make
    std::function<bool(const std::string&)> source_exists;  // verifies engine/... links (null: not checked)
    std::string only;                        // check this lesson (id or folder) only; "" = all
};

struct CourseCheck {
    std::vector<std::string> errors;  // load errors outside any lesson
    std::vector<LessonCheck> lessons;
    bool ok() const;
    int pending_goldens() const;
};

// Parses GOLDENS_TODO.txt: one "FOLDER/NAME.py" a line, '#' starts a comment.
std::vector<std::string> parse_goldens_todo(const std::string& text);

CourseCheck check_course(const LoadResult& loaded, const CourseCheckOptions& options);
// The report `kiln lesson check` prints: one block per lesson, then a summary line.
std::string format_course_check(const CourseCheck& c);

}  // namespace kiln::playground
