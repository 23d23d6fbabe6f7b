// The embedded course's archive reader (course_embedded.h): gunzip (engine/support/inflate.h), then
// the GNU tar entries CMake's file(ARCHIVE_CREATE) writes: 512-byte headers (name, octal size, type,
// ustar prefix), a GNU 'L' entry for a path longer than 100 bytes, two zero blocks at the end.
#include <string>

#include "course_embedded.h"
#include "support/error.h"
#include "support/inflate.h"

namespace kiln::playground {
namespace {

size_t octal_field(const std::string& tar, size_t at, size_t width) {
    size_t v = 0;
    for (size_t i = 0; i < width; ++i) {
        char c = tar[at + i];
        if (c < '0' || c > '7') break;
        v = v * 8 + size_t(c - '0');
    }
    return v;
}

std::string c_string(const std::string& tar, size_t at, size_t width) {
    size_t n = 0;
    while (n < width && tar[at + n] != '\0') ++n;
    return tar.substr(at, n);
}

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
    std::vector<CourseFile> files;
    std::string long_name;
    for (size_t at = 0; at + 512 <= tar.size();) {
        if (tar[at] == '\0') break;
        const size_t file_size = octal_field(tar, at + 124, 12);
        const char type = tar[at + 156];
        const size_t data = at + 512;
        if (data + file_size > tar.size()) broken("an entry runs past the end");
        std::string path = long_name.empty() ? c_string(tar, at + 345, 155) : long_name;
        if (long_name.empty() && !path.empty()) path += "/";
        if (long_name.empty()) path += c_string(tar, at, 100);
        long_name.clear();
        if (type == 'L') long_name = c_string(tar, data, file_size);
        else if (type == '0' || type == '\0') files.push_back({path, tar.substr(data, file_size)});
        at = data + (file_size + 511) / 512 * 512;
    }
    return files;
}

}  // namespace kiln::playground
