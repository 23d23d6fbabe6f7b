// Registers the standard modules written in Kiln's Python (engine/stdlib/*.py) from the archive
// engine/stdlib/embed.cmake embeds: one GNU tar of the module files (gzip-compressed in the browser's
// build, whose download it is; plain natively, where every process would otherwise inflate it at
// start), unpacked once, here, when the interpreter installs its modules. Each file becomes a source module under the name
// its path gives (NAME.py -> NAME, a/b.py -> a.b, pkg/__init__.py -> pkg, a package); the texts
// live as long as the process, as register_source_module requires: they are read where they lie, in
// the binary's own copy of the archive (natively) or in the one inflated copy (in the browser), since
// copying a few megabytes of text at every start was a fifth of a process's start. The archive is built by CMake,
// so a malformed one is a build bug: it stops with an internal error naming what is wrong.
//
// Deferred modules (the browser's: stdlib_archive.h) are registered by name with no text; the first
// import of one fetches its group's file through the host's fetcher and registers every module in
// it with its text (load_deferred_stdlib_module, called by Interpreter::import_module).
#include <deque>
#ifdef KILN_STDLIB_DEFERRED_DIR
#include <fstream>
#include <iterator>
#endif
#include <map>
#include <mutex>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "support/error.h"
#include "support/tar.h"
#include "vm/interpreter.h"
#include "vm/stdlib_archive.h"

namespace kiln::vm {

// The embedded modules as installed: each file's path in the archive ("json/__init__.py") and its
// text (comment-only lines blanked by embed.cmake). tests/vm/test_stdlib_archive.cpp compares them
// with the files.
const std::vector<std::pair<std::string, std::string_view>>& stdlib_archive_files();

namespace {

// Every module's archive path and text, in archive order (stdlib_archive_files()).
std::vector<std::pair<std::string, std::string_view>>& archived() {
    static std::vector<std::pair<std::string, std::string_view>> files;
    return files;
}

[[noreturn]] void broken(const std::string& why) {
    KILN_FAIL(RuntimeError, "internal error: the embedded standard library archive is malformed (", why, ")");
}

// Archive bytes that must outlive the process: an inflated archive (the browser's embedded one, a
// fetched deferred group), kept whole because its modules' texts point into it.
std::string_view keep(std::string bytes) {
    static std::deque<std::string> kept;
    kept.push_back(std::move(bytes));
    return kept.back();
}

// Registers each .py file of an archive (`bytes`, which live as long as the process) under the module
// name its path gives. A file's text is read in place: tar pads each file with NULs to its 512-byte
// block, which ends the C string register_source_module takes; a file that fills its last block
// exactly is followed by the next header, so that one is copied.
void install_files(std::string_view bytes, const std::vector<support::TarFile>& files) {
    static std::deque<std::string> copies;  // register_source_module keeps pointers into these
    for (const support::TarFile& f : files) {
        const std::string& path = f.path;
        if (path.size() <= 3 || path.compare(path.size() - 3, 3, ".py") != 0) continue;
        std::string name = path.substr(0, path.size() - 3);
        for (char& c : name)
            if (c == '/') c = '.';
        bool package = false;
        const std::string init = ".__init__";
        if (name.size() > init.size() && name.compare(name.size() - init.size(), init.size(), init) == 0) {
            name.resize(name.size() - init.size());
            package = true;
        }
        const char* text = bytes.data() + f.offset;
        if (f.offset + f.size >= bytes.size() || bytes[f.offset + f.size] != '\0') {
            copies.emplace_back(bytes.substr(f.offset, f.size));
            text = copies.back().c_str();
        }
        Interpreter::register_source_module(name, text, package);
        archived().push_back({path, std::string_view(text, f.size)});
    }
}

// gzip's magic bytes (a server may also send a deferred group with Content-Encoding: gzip, which the
// browser has undone: then the group arrives as a plain tar).
bool is_gzip(std::string_view data) { return data.size() >= 2 && uint8_t(data[0]) == 0x1f && uint8_t(data[1]) == 0x8b; }

// Lists and registers a tar archive, gzip-compressed or not. A plain tar is read in place, so `data`
// must live as long as the process; a compressed one is inflated into a kept copy. False with `why`
// set when it is malformed.
bool install_tar_maybe_gz(std::string_view data, std::string& why) {
    support::TarArchive archive;
    std::string_view bytes = data;
    if (is_gzip(data)) {
        if (!support::read_tar_gz(reinterpret_cast<const unsigned char*>(data.data()), data.size(), archive, why))
            return false;
        bytes = keep(std::move(archive.bytes));  // the listing's offsets stay valid in the kept copy
    } else if (!support::tar_files(bytes, archive.files, why)) {
        return false;
    }
    install_files(bytes, archive.files);
    return true;
}

// Each deferred module's file (its group's archive, "numpy.tar.gz"), and the host's fetcher.
std::map<std::string, std::string>& deferred_files() {
    static std::map<std::string, std::string> files;
    return files;
}
#ifdef KILN_STDLIB_DEFERRED_DIR
// A native build configured with KILN_STDLIB_DEFER (engine/CMakeLists.txt): the browser's layout, the
// files read from the build tree, so the test suites run against the deferred groups.
bool read_build_file(const std::string& file, std::string& bytes, std::string& why) {
    std::ifstream f(KILN_STDLIB_DEFERRED_DIR + file, std::ios::binary);
    if (!f) {
        why = "no such file in " KILN_STDLIB_DEFERRED_DIR;
        return false;
    }
    bytes.assign(std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>());
    return true;
}
StdlibFileFetcher g_fetcher = read_build_file;
#else
StdlibFileFetcher g_fetcher = nullptr;
#endif
std::mutex g_deferred_mutex;  // the desktop app imports on its program thread beside the UI's

}  // namespace

void install_stdlib_archive(const unsigned char* bytes, size_t size) {
    std::string why;
    if (!install_tar_maybe_gz(std::string_view(reinterpret_cast<const char*>(bytes), size), why)) broken(why);
}

void defer_stdlib_module(const char* name, bool package, const char* file) {
    deferred_files()[name] = file;
    Interpreter::register_source_module(name, nullptr, package);
}

StdlibFileFetcher set_stdlib_file_fetcher(StdlibFileFetcher fetcher) {
    StdlibFileFetcher previous = g_fetcher;
    g_fetcher = fetcher;
    return previous;
}

// Fetches and registers the group of deferred module `name` (Interpreter::import_module calls this
// when the module has no text yet); false with `why` set when the file cannot be had (no fetcher, a
// failed request, a damaged file): the import raises ImportError with it. Once a group is installed
// its modules are ordinary source modules, and this is not called for them again.
bool load_deferred_stdlib_module(const std::string& name, std::string& why) {
    std::lock_guard<std::mutex> lock(g_deferred_mutex);
    auto it = deferred_files().find(name);
    if (it == deferred_files().end()) return true;  // installed meanwhile by another thread's import
    const std::string group = it->second, file = "stdlib/" + group;
    std::string bytes;
    if (!g_fetcher) {
        why = "this host cannot fetch it";
    } else if (g_fetcher(file, bytes, why)) {
        // A plain tar's texts are read where they lie, so it is kept; a compressed one is inflated
        // into a kept copy and can go.
        const std::string_view tar = is_gzip(bytes) ? std::string_view(bytes) : keep(std::move(bytes));
        if (install_tar_maybe_gz(tar, why)) {
            for (auto d = deferred_files().begin(); d != deferred_files().end();)
                d = d->second == group ? deferred_files().erase(d) : std::next(d);
            return true;
        }
        why = "the file is damaged: " + why;
    }
    why = "the standard library file " + file + " that holds it could not be loaded (" + why + ")";
    return false;
}

const std::vector<std::pair<std::string, std::string_view>>& stdlib_archive_files() { return archived(); }

}  // namespace kiln::vm
