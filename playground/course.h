// The course: lessons/NN-slug/ folders read into plain data that the lesson panel draws and that
// `kiln lesson check` verifies (no ImGui, no file system here: a lesson is a list of files, read
// from a directory natively and from the table the build embeds for the browser, course_embedded.h).
//
// A lesson folder holds `lesson.md` and the programs it uses (`NAME.py`, each with the stdout
// PyTorch 2.11 printed for it in `NAME.out` once its golden exists). lesson.md is a small Markdown
// subset (lessons/README.md is the author's guide):
//
//   # Title                         the lesson's title (first line); the paragraph after it is the summary
//   ## Step title                   starts a step: the panel shows one step at a time
//   ### Heading, paragraphs, - lists, ```python code blocks```
//   `code`, **bold**, [text](target) where target is panel:NAME, lesson:ID, an engine/... source path
//   @run NAME.py                    a program card: the panel's Run loads it into the editor
//   ```exercise                     an exercise: key: value lines
//   id: one-graph                   (unique within the lesson)
//   title: Make it one graph
//   starter: ex_one_graph.py        loaded by Start and Reset
//   solution: ex_one_graph_solution.py
//   check: breaks == 0 | The print() still splits the graph.   (every check must hold; lesson_check.h)
//   hint: Where does Dynamo stop?   (revealed one at a time)
//   ```
// Bad lesson files never crash anything: every problem is a located error ("lessons/03-x/lesson.md:12:1:
// ...") in LoadResult::errors, and the lesson keeps what could be read.
#pragma once
#include <string>
#include <vector>

namespace kiln::playground {

// One file of the course, `path` relative to the lessons folder ("01-eager-autograd/lesson.md").
struct CourseFile {
    std::string path;
    std::string text;
};

// Inline text of a paragraph, list item or heading.
struct Span {
    enum class Kind { Text, Code, Bold, Link };
    Kind kind = Kind::Text;
    std::string text;
    std::string target;  // Link only: "panel:graph", "lesson:tracing", "engine/capture/trace.cpp", "https://..."
};

struct Block {
    enum class Kind { Heading, Paragraph, ListItem, Code, Run, Exercise };
    Kind kind = Kind::Paragraph;
    int level = 0;             // Heading: 3 for ###; ListItem: 0, or the number of a "1." item
    std::vector<Span> spans;   // Heading, Paragraph, ListItem
    std::string text;          // Code: the code; Run: the program's file name
    std::string lang;          // Code: the fence's language ("python", "")
    int exercise = -1;         // Exercise: index into Lesson::exercises
    int line = 0;              // in lesson.md
};

struct Step {
    std::string title;
    std::vector<Block> blocks;
    int line = 0;
};

// One machine check of an exercise, parsed from `check: ...` (grammar in lesson_check.h).
struct Check {
    enum class Kind { Metric, Ok, Failed, StdoutContains, StdoutLacks, StderrContains, StderrLacks, StdoutSolution, BreakReason };
    Kind kind = Kind::Ok;
    std::string source;    // the check as written, shown in the panel and in reports
    std::string metric;    // Metric: graphs, breaks, recompiles, kernels, ...
    std::string op;        // Metric: == != < <= > >=
    long value = 0;        // Metric
    std::string text;      // Stdout*/Stderr*/BreakReason: the quoted string; Failed: the error type or ""
    std::string message;   // what to tell the learner when it fails (after '|'), may be ""
    int line = 0;
};

struct Exercise {
    std::string id, title;
    std::string starter, solution;  // program file names in the lesson folder
    std::vector<Check> checks;
    std::vector<std::string> hints;
    int step = 0;                   // the step it appears in
    int line = 0;
};

struct Program {
    std::string name;     // "tensors.py"
    std::string source;
    std::string golden;   // PyTorch 2.11's stdout (NAME.out)
    bool has_golden = false;
};

struct Lesson {
    std::string id;       // the folder name without its number: "eager-autograd" (#lesson=ID)
    std::string folder;   // "01-eager-autograd"
    int number = 0;       // 1
    std::string title;
    std::string summary;  // the first paragraph under the title, as plain text
    std::vector<Step> steps;
    std::vector<Exercise> exercises;
    std::vector<Program> programs;  // every NAME.py of the folder, sorted by name
    std::vector<std::string> source_links;  // engine/... targets, for the checker to verify

    const Program* find_program(const std::string& name) const;
};

struct Course {
    std::vector<Lesson> lessons;  // in folder order
    const Lesson* find(const std::string& id) const;
    int index_of(const std::string& id) const;  // -1 when missing
};

struct LoadResult {
    Course course;
    std::vector<std::string> errors;  // "PATH:LINE:COL: what; expected ...; hint", empty when clean
};

// Builds the course from its files: folders named NN-slug holding lesson.md; other files ignored.
LoadResult load_course(const std::vector<CourseFile>& files);

// One lesson's text (tests feed broken ones): `folder` names it in errors and gives its id.
Lesson parse_lesson(const std::string& folder, const std::string& markdown, std::vector<std::string>* errors);

// Parses inline Markdown (`code`, **bold**, [text](target)); an unclosed marker stays plain text.
std::vector<Span> parse_inline(const std::string& text);

// The panels a `panel:NAME` link may name (the playground's tabs).
const std::vector<std::string>& lesson_panel_names();

// Parses the text after `check:` (grammar in lesson_check.h). False with *error = "what; expected ..."
// and *col = the 0-based offset of the problem in `text`.
bool parse_check(const std::string& text, Check* out, std::string* error, int* col);

// Reads every lesson file under `dir` (lesson.md, *.py, *.out of each NN-slug folder). False with a
// message when `dir` cannot be read. Native builds only (course_files.cpp): the browser has the
// embedded table instead.
bool read_course_dir(const std::string& dir, std::vector<CourseFile>* files, std::string* error);

}  // namespace kiln::playground
