// Registers the standard modules written in Kiln's Python (engine/stdlib/*.py) from the archive
// engine/stdlib/embed.cmake embeds: one gzip-compressed GNU tar of the module files, inflated once,
// here, when the interpreter installs its modules. Each file becomes a source module under the name
// its path gives (NAME.py -> NAME, a/b.py -> a.b, pkg/__init__.py -> pkg, a package); the texts
// live as long as the process, as register_source_module requires. The archive is built by CMake,
// so a malformed one is a build bug: it stops with an internal error naming what is wrong.
#include <deque>
#include <string>
#include <utility>
#include <vector>

#include "support/error.h"
#include "support/tar.h"
#include "vm/interpreter.h"

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

}  // namespace

void install_stdlib_archive(const unsigned char* gz, size_t size) {
    static std::deque<std::string> texts;  // register_source_module keeps pointers into these
    support::TarArchive archive;
    std::string why;
    if (!support::read_tar_gz(gz, size, archive, why)) broken(why);
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

const std::vector<std::pair<std::string, const std::string*>>& stdlib_archive_files() { return archived(); }

}  // namespace kiln::vm
