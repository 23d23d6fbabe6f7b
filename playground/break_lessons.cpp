// The break -> lesson table (see break_lessons.h).
#include "break_lessons.h"

#include <algorithm>
#include <cctype>

namespace kiln::playground {
namespace {

struct Row {
    const char* phrase;  // matched case-insensitively inside the reason
    const char* lesson;
    const char* step;
    const char* why;
};

// Most specific phrases first.
const Row kBreakRows[] = {
    {"graph_break()", "08-graph-breaks", "The usual causes", "an explicit torch._dynamo.graph_break() call"},
    {"`print`", "08-graph-breaks", "The usual causes", "print() writes to the console: a side effect a graph cannot hold"},
    {"builtin operator", "08-graph-breaks", "The usual causes", "a Python builtin Dynamo does not model"},
    {"data-dependent", "08-graph-breaks", "The usual causes",
     "the branch depends on tensor values, unknown while capturing"},
    {"item()", "08-graph-breaks", "The usual causes", "reading a tensor's value into Python (capture_scalar_outputs=False)"},
    {"fullgraph", "08-graph-breaks", "fullgraph=True", "fullgraph=True turns every break into an error"},
    {"context manager", "08-graph-breaks", "The usual causes", "a context manager Dynamo cannot enter symbolically"},
    {"loop", "08-graph-breaks", "Resume functions", "a break inside a loop: the whole frame runs eagerly"},
};

bool contains_ci(const std::string& text, const char* phrase) {
    std::string t = text, p = phrase;
    auto lower = [](std::string& s) {
        std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    };
    lower(t);
    lower(p);
    return t.find(p) != std::string::npos;
}

}  // namespace

LessonLink lesson_for_break(const std::string& reason) {
    for (const Row& r : kBreakRows)
        if (contains_ci(reason, r.phrase)) return {r.lesson, r.step, r.why};
    return {"08-graph-breaks", "The usual causes", "why Dynamo stops a graph, and how the frame resumes"};
}

LessonLink lesson_for_recompile(const std::string& reason) {
    if (contains_ci(reason, "size mismatch") || contains_ci(reason, "2 <= "))
        return {"07-guards", "Shapes are guarded", "a shape guard failed: the next compile may make the size dynamic"};
    return {"07-guards", "What else is guarded", "a guard failed: Dynamo compiles again for the new inputs"};
}

}  // namespace kiln::playground
