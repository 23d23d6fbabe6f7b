// The course as the build embedded it: every lessons/NN-slug/{lesson.md,*.py,*.out} compiled into
// a table (playground/embed_lessons.cmake writes it), so the browser, which has no file system, loads
// the same files `kiln lesson check` reads from disk. Library kiln_course_data.
#pragma once
#include <cstddef>
#include <vector>

#include "course.h"

namespace kiln::playground {

// The embedded lesson files, paths relative to lessons/ ("01-eager-autograd/lesson.md"), sorted.
const std::vector<CourseFile>& embedded_course_files();

// The files of a gzip-compressed tar (what embed_lessons.cmake embeds), regular files only, in
// archive order (course_archive.cpp). The archive is built by CMake, so a malformed one is a build
// bug: it throws kiln::Error naming what is wrong.
std::vector<CourseFile> course_files_from_archive(const unsigned char* gz, size_t size);

}  // namespace kiln::playground
