// Listing a tar archive's regular files (see tar.h).
#include "support/tar.h"

#include "support/inflate.h"

namespace kiln::support {

namespace {

// A header's octal number field (the size): digits, then NUL or space.
size_t octal_field(std::string_view tar, size_t at, size_t width) {
    size_t v = 0;
    for (size_t i = 0; i < width; ++i) {
        const char c = tar[at + i];
        if (c < '0' || c > '7') break;
        v = v * 8 + size_t(c - '0');
    }
    return v;
}

// A NUL-terminated (or field-filling) string field.
std::string c_string(std::string_view tar, size_t at, size_t width) {
    size_t n = 0;
    while (n < width && at + n < tar.size() && tar[at + n] != '\0') ++n;
    return std::string(tar.substr(at, n));
}

}  // namespace

bool tar_files(std::string_view tar, std::vector<TarFile>& files, std::string& why) {
    std::string long_name;  // a GNU 'L' entry names the next file when its path passes 100 bytes
    for (size_t at = 0; at + 512 <= tar.size();) {
        if (tar[at] == '\0') break;  // the two zero blocks that end the archive
        const size_t file_size = octal_field(tar, at + 124, 12);
        const char type = tar[at + 156];
        const size_t data = at + 512;
        if (data + file_size > tar.size()) {
            why = "an entry runs past the end";
            return false;
        }
        std::string path = long_name.empty() ? c_string(tar, at + 345, 155) : long_name;
        if (long_name.empty() && !path.empty()) path += "/";
        if (long_name.empty()) path += c_string(tar, at, 100);
        long_name.clear();
        if (type == 'L')
            long_name = c_string(tar, data, file_size);
        else if (type == '0' || type == '\0')
            files.push_back({path, data, file_size});
        at = data + (file_size + 511) / 512 * 512;
    }
    return true;
}

bool read_tar_gz(const unsigned char* gz, size_t size, TarArchive& archive, std::string& why) {
    try {
        archive.bytes = gunzip(std::string(reinterpret_cast<const char*>(gz), size));
    } catch (const InflateError& e) {
        why = e.msg;
        return false;
    }
    return tar_files(archive.bytes, archive.files, why);
}

}  // namespace kiln::support
