// The JITs' disk-cache helpers (see disk_cache.h).
#include "backends/disk_cache.h"

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#ifndef __EMSCRIPTEN__
#include <unistd.h>
#endif

#include "support/error.h"
#include "support/hash.h"

namespace kiln::backends {
namespace {

namespace fs = std::filesystem;

// A second, independent 64-bit hash (splitmix-style mixing of 8-byte words).
uint64_t mix_hash(const std::string& s) {
    uint64_t h = 0x9e3779b97f4a7c15ull ^ s.size();
    for (size_t i = 0; i < s.size(); i += 8) {
        uint64_t w = 0;
        for (size_t j = 0; j < 8 && i + j < s.size(); ++j) w |= uint64_t((unsigned char)s[i + j]) << (8 * j);
        h ^= w + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
        h ^= h >> 30;
        h *= 0xbf58476d1ce4e5b9ull;
        h ^= h >> 27;
        h *= 0x94d049bb133111ebull;
        h ^= h >> 31;
    }
    return h;
}

std::atomic<int64_t> g_tmp_counter{0};

}  // namespace

std::string content_hash(const std::string& key) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "%016llx%016llx", (unsigned long long)support::fnv1a64(key),
                  (unsigned long long)mix_hash(key));
    return buf;
}

namespace {
std::string& cache_dir_override() {
    static std::string dir;
    return dir;
}
}  // namespace

std::string set_jit_cache_dir_override(const std::string& dir) {
    std::string before = cache_dir_override();
    cache_dir_override() = dir;
    return before;
}

std::string jit_cache_dir() {
    if (!cache_dir_override().empty()) return cache_dir_override();
    const char* dir = std::getenv("KILN_CACHE_DIR");
    if (dir && *dir) return dir;
    const char* home = std::getenv("HOME");
    return (fs::path(home && *home ? home : "/tmp") / ".cache" / "kiln" / "jit").string();
}

void write_atomically(const std::string& path, const std::string& bytes, const char* who) {
    const fs::path target(path);
    std::error_code ec;
    if (target.has_parent_path()) fs::create_directories(target.parent_path(), ec);
    fs::path tmp = target;
#ifndef __EMSCRIPTEN__
    tmp += ".tmp." + std::to_string(getpid()) + "." + std::to_string(g_tmp_counter++);
#else
    tmp += ".tmp." + std::to_string(g_tmp_counter++);
#endif
    {
        std::ofstream out(tmp, std::ios::binary);
        out << bytes;
        KILN_CHECK(bool(out), RuntimeError, who, ": cannot write ", tmp.string());
    }
    fs::rename(tmp, target, ec);
    if (ec) {
        fs::remove(tmp, ec);
        KILN_FAIL(RuntimeError, who, ": cannot rename into ", target.string());
    }
}

std::optional<std::string> read_whole_file(const std::string& path) {
    // Sized to the file and read at once (every cached stdlib module is read whole at each import): a
    // stream copy into an ostringstream grew and copied its buffer over and over.
    std::FILE* f = std::fopen(path.c_str(), "rb");
    if (!f) return std::nullopt;
    std::string out;
    if (std::fseek(f, 0, SEEK_END) == 0) {
        long size = std::ftell(f);
        if (size > 0) out.reserve(size_t(size));
        std::rewind(f);
    }
    char chunk[1 << 16];
    size_t got;
    while ((got = std::fread(chunk, 1, sizeof chunk, f)) > 0) out.append(chunk, got);
    bool failed = std::ferror(f) != 0;
    std::fclose(f);
    if (failed) return std::nullopt;
    return out;
}

}  // namespace kiln::backends
