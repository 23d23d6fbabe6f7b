// The course as the build embedded it: every lessons/NN-slug/{lesson.md,*.py,*.out} compiled into
// a table (playground/embed_lessons.cmake writes it), so the browser, which has no file system, loads
// the same files `kiln lesson check` reads from disk. Library kiln_course_data.
#pragma once
#include <vector>

#include "course.h"

namespace kiln::playground {

// The embedded lesson files, paths relative to lessons/ ("01-eager-autograd/lesson.md"), sorted.
const std::vector<CourseFile>& embedded_course_files();

}  // namespace kiln::playground
