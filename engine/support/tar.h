// The regular files of a tar archive held in memory (ustar, with GNU 'L' entries for long names):
// what the embedded archives (the standard library's modules, vm/stdlib_archive.cpp, and the course,
// playground/course_archive.cpp) are unpacked with after gunzip.
#pragma once
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace kiln::support {

struct TarFile {
    std::string path;   // "json/__init__.py"
    size_t offset = 0;  // of its bytes in the archive
    size_t size = 0;
};

// Every regular file in archive order; false with `why` set when an entry runs past the end.
bool tar_files(std::string_view tar, std::vector<TarFile>& files, std::string& why);

// A gzip-compressed tar in memory (the embedded archives): its bytes inflated and its regular files.
struct TarArchive {
    std::string bytes;
    std::vector<TarFile> files;
    std::string contents(const TarFile& f) const { return bytes.substr(f.offset, f.size); }
};
// gunzip, then tar_files; false with `why` set when either finds the data malformed.
bool read_tar_gz(const unsigned char* gz, size_t size, TarArchive& archive, std::string& why);

}  // namespace kiln::support
