// Which lesson explains a graph break or a recompile: the Breaks and Guards panels' "lesson" links.
// The lesson of each kind of break and recompile is a column of break_catalogue.h's tables; this is
// the link the panels open (lesson_open takes the folder or its slug, then the step's heading).
#pragma once
#include <string>

namespace kiln::playground {

struct LessonLink {
    std::string lesson;  // "08-graph-breaks" (lesson_open takes the folder or its slug)
    std::string step;    // the heading of the step that explains it ("The usual causes")
    std::string why;     // one line: what this kind of break is
};

// `reason`: a Breaks-panel reason (break_catalogue.h's break_info).
LessonLink lesson_for_break(const std::string& reason);
// `guard_kind`: the failing guard's class, "TENSOR_MATCH" (FrameCall::guard_failure_kinds).
LessonLink lesson_for_recompile(const std::string& guard_kind);

}  // namespace kiln::playground
