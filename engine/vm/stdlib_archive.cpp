// Registers the standard modules written in Kiln's Python (engine/stdlib/*.py) from the archive
// engine/stdlib/embed.cmake embeds: one GNU tar of the module files (gzip-compressed in the browser's
// build, whose download it is; plain natively, where every process would otherwise inflate it at
// start), unpacked once, here, when the interpreter installs its modules. Each file becomes a source module under the name
// its path gives (NAME.py -> NAME, a/b.py -> a.b, pkg/__init__.py -> pkg, a package); the texts
// live as long as the process, as register_source_module requires. The archive is built by CMake,
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
const std::vector<std::pair<std::string, const std::string*>>& stdlib_archive_files();

namespace {

// Every module's archive path and text, in archive order (stdlib_archive_files()).
std::vector<std::pair<std::string, const std::string*>>& archived() {
    static std::vector<std::pair<std::string, const std::string*>> files;
    return files;
}

[[noreturn]] void broken(const std::string& why) {
    KILN_FAIL(RuntimeError, "internal error: the embedded standard library archive is malformed (", why, ")");
}

// Registers each .py file of an unpacked archive under the module name its path gives.
void install_files(const support::TarArchive& archive) {
    static std::deque<std::string> texts;  // register_source_module keeps pointers into these
    for (const support::TarFile& f : archive.files) {
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
        texts.push_back(archive.contents(f));
        Interpreter::register_source_module(name, texts.back().c_str(), package);
        archived().push_back({path, &texts.back()});
    }
}

// A tar archive, gzip-compressed or not (told by gzip's magic bytes: a server may also send a
// deferred group with Content-Encoding: gzip, which the browser has undone).
bool read_tar_maybe_gz(const unsigned char* data, size_t size, support::TarArchive& archive, std::string& why) {
    if (size >= 2 && data[0] == 0x1f && data[1] == 0x8b) return support::read_tar_gz(data, size, archive, why);
    archive.bytes.assign(reinterpret_cast<const char*>(data), size);
    return support::tar_files(archive.bytes, archive.files, why);
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
    support::TarArchive archive;
    std::string why;
    if (!read_tar_maybe_gz(bytes, size, archive, why)) broken(why);
    install_files(archive);
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
        support::TarArchive archive;
        if (read_tar_maybe_gz(reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size(), archive, why)) {
            install_files(archive);
            for (auto d = deferred_files().begin(); d != deferred_files().end();)
                d = d->second == group ? deferred_files().erase(d) : std::next(d);
            return true;
        }
        why = "the file is damaged: " + why;
    }
    why = "the standard library file " + file + " that holds it could not be loaded (" + why + ")";
    return false;
}

const std::vector<std::pair<std::string, const std::string*>>& stdlib_archive_files() { return archived(); }

}  // namespace kiln::vm
