// The embedded course's archive reader (course_embedded.h): the gzip-compressed tar CMake's
// file(ARCHIVE_CREATE) writes, unpacked by engine/support/tar.h.
#include <string>

#include "course_embedded.h"
#include "support/error.h"
#include "support/tar.h"

namespace kiln::playground {
namespace {

[[noreturn]] void broken(const std::string& why) {
    KILN_FAIL(RuntimeError, "internal error: the embedded course archive is malformed (", why, ")");
}

}  // namespace

std::vector<CourseFile> course_files_from_archive(const unsigned char* gz, size_t size) {
    support::TarArchive archive;
    std::string why;
    if (!support::read_tar_gz(gz, size, archive, why)) broken(why);
    std::vector<CourseFile> files;
    for (const support::TarFile& f : archive.files) files.push_back({f.path, archive.contents(f)});
    return files;
}

}  // namespace kiln::playground
