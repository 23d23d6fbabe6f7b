// The break -> lesson links (see break_lessons.h), read from the catalogue's rows.
#include "break_lessons.h"

#include "break_catalogue.h"

namespace kiln::playground {

LessonLink lesson_for_break(const std::string& reason) {
    const BreakInfo& b = break_info(reason);
    return {b.lesson, b.step, b.explain};
}

LessonLink lesson_for_recompile(const std::string& guard_kind) {
    const RecompileInfo& r = recompile_info(guard_kind);
    return {r.lesson, r.step, r.explain};
}

}  // namespace kiln::playground
