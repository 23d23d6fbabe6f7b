// The lesson panel (Dear ImGui): the course (course.h) one step at a time, its text rendered from
// the Markdown subset, a Run button per program that loads it into the editor, exercises with
// Start / Check / Hint / Reset / Show solution, next/previous, and progress. The panel only reads
// the editor's text; what it wants from the window (new editor text, another panel shown) it asks
// through LessonRequests, which app.cpp carries out.
//
// The actions are also plain functions, so that presenter mode (lesson_next_step/lesson_prev_step),
// share links (#lesson=ID: lesson_open) and the page's window.kiln.lesson() test hook drive the very
// code the buttons run.
#pragma once
#include <map>
#include <string>
#include <vector>

#include "course.h"
#include "lesson_check.h"

namespace kiln::playground {

// What the learner did with one exercise (kept while the page is open).
struct ExerciseProgress {
    int hints_shown = 0;
    bool checked = false;      // Check was pressed at least once
    bool passed = false;       // the last check passed
    bool ever_passed = false;  // counts for progress
    std::vector<CheckResult> results;  // of the last check (pointers into the course, which never moves)
    std::string error;         // the last run's uncaught error, if any
    bool solution_shown = false;
};

struct LessonPanelState {
    bool loaded = false;
    Course course;
    std::vector<std::string> load_errors;
    int lesson = 0;            // index into course.lessons
    int step = 0;              // index into its steps
    std::map<std::string, ExerciseProgress> progress;  // key: "lesson-id/exercise-id"
    std::string open_panel;    // a panel:NAME link was followed: app.cpp selects that tab once
    bool progress_changed = false;  // an exercise was checked, a hint or solution shown: save it
};

// What the panel asks the window to do this frame.
struct LessonRequests {
    bool set_code = false;
    std::string code;          // the program to put into the editor
    std::string code_name;     // its file name ("tensors.py"), shown in the status line
    std::string open_panel;    // "graph", "console", ... (lesson_panel_names())
};

// Loads the embedded course once (course_embedded.h); later calls do nothing.
void lesson_load(LessonPanelState& s);
// Opens a lesson by id ("tracing") or folder ("03-tracing") at `step` (clamped); false if unknown.
bool lesson_open(LessonPanelState& s, const std::string& id, int step = 0);
// Presenter-mode hooks: the next/previous step, crossing into the next/previous lesson at the ends.
void lesson_next_step(LessonPanelState& s);
void lesson_prev_step(LessonPanelState& s);
// The open lesson's id ("" before the course is loaded), for the share link's lesson=.
std::string lesson_current_id(const LessonPanelState& s);
const Lesson* lesson_current(const LessonPanelState& s);

// The buttons' actions. Run: a program of the open lesson into the editor (false if not found).
bool lesson_run_program(LessonPanelState& s, const std::string& name, LessonRequests* rq);
// Start / Reset put the exercise's starter into the editor; Show solution its solution.
bool lesson_load_exercise_file(LessonPanelState& s, const std::string& exercise_id, bool solution, LessonRequests* rq);
// Check: runs `code` for the exercise of the open lesson and records the result in progress.
const ExerciseProgress* lesson_check(LessonPanelState& s, const std::string& exercise_id, const std::string& code);
// Exercises passed / exercises in the course.
void lesson_progress(const LessonPanelState& s, int* passed, int* total);

// Exercise progress across visits (the page keeps it in localStorage): one line per exercise the
// learner touched, "lesson-id/exercise-id passed hints solution" (0/1, a count, 0/1). Restoring
// ignores lines it cannot read and exercises the course no longer has.
std::string lesson_progress_save(const LessonPanelState& s);
void lesson_progress_restore(LessonPanelState& s, const std::string& text);

// Draws the panel. `editor_code` is what Check checks; `last_run` is the editor's last run, shown
// under the Run button of the program the editor holds (so the lesson text stays in view).
void lesson_panel(LessonPanelState& s, const std::string& editor_code, const RunReport& last_run, LessonRequests* rq);

// Tab flags for app.cpp's panel tabs: selects the tab a followed panel:NAME link named, once.
int lesson_tab_flags(LessonPanelState& s, const char* tab_label);

}  // namespace kiln::playground
