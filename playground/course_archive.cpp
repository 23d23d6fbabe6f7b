// The embedded course's archive reader (course_embedded.h): gunzip (engine/support/inflate.h), then
// the tar CMake's file(ARCHIVE_CREATE) writes, listed by engine/support/tar.h.
#include <string>

#include "course_embedded.h"
#include "support/error.h"
#include "support/inflate.h"
#include "support/tar.h"

namespace kiln::playground {
namespace {

[[noreturn]] void broken(const std::string& why) {
    KILN_FAIL(RuntimeError, "internal error: the embedded course archive is malformed (", why, ")");
}

}  // namespace

std::vector<CourseFile> course_files_from_archive(const unsigned char* gz, size_t size) {
    std::string tar;
    try {
        tar = support::gunzip(std::string(reinterpret_cast<const char*>(gz), size));
    } catch (const support::InflateError& e) {
        broken(e.msg);
    }
    std::vector<support::TarFile> entries;
    std::string why;
    if (!support::tar_files(tar, entries, why)) broken(why);
    std::vector<CourseFile> files;
    for (const support::TarFile& f : entries) files.push_back({f.path, tar.substr(f.offset, f.size)});
    return files;
}

}  // namespace kiln::playground
