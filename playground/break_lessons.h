// Which lesson explains a graph break or a recompile: the graph-break panel's "lesson" link.
//
// Reasons are the engine's own texts (Graph Break Reason: Data-dependent branching, Failed to trace
// builtin operator `print`, ...); a small table maps a phrase of the reason to a lesson folder
// (lessons/NN-slug) and the heading of the step that explains it. A reason the table does not
// know still gets the graph-breaks lesson's overview.
#pragma once
#include <string>

namespace kiln::playground {

struct LessonLink {
    std::string lesson;  // "08-graph-breaks" (lesson_open takes the folder or its slug)
    std::string step;    // the heading of the step that explains it ("The usual causes")
    std::string why;     // one line: what this kind of break is
};

LessonLink lesson_for_break(const std::string& reason);
LessonLink lesson_for_recompile(const std::string& reason);

}  // namespace kiln::playground
