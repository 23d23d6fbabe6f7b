// Deferred standard modules (vm/stdlib_archive.h; the browser build leaves NumPy, torchvision... out of
// kiln.wasm): registered by name only, their group's file fetched through the host's fetcher at the
// first import of any of its modules, once; the file may come gzip-compressed or already inflated (a
// server's Content-Encoding); a failed fetch is an ImportError naming the file and the reason, and a
// later import tries again.
#include <catch2/catch.hpp>

#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "vm/interpreter.h"
#include "vm/stdlib_archive.h"

namespace kiln::vm {
void defer_stdlib_module(const char* name, bool package, const char* file);  // stdlib_archive.cpp
}

using namespace kiln::vm;

namespace {

// An uncompressed ustar archive of (path, text) files: what the fetcher hands back.
std::string tar_of(const std::vector<std::pair<std::string, std::string>>& files) {
    std::string out;
    for (const auto& [path, text] : files) {
        std::string header(512, '\0');
        header.replace(0, path.size(), path);
        char size[12];
        std::snprintf(size, sizeof size, "%011o", unsigned(text.size()));
        header.replace(124, 11, size, 11);
        header[156] = '0';
        out += header + text + std::string((512 - text.size() % 512) % 512, '\0');
    }
    return out + std::string(1024, '\0');
}

std::vector<std::string> g_asked;  // the files the fetcher was asked for
bool g_fail = false;

bool test_fetcher(const std::string& file, std::string& bytes, std::string& why) {
    g_asked.push_back(file);
    if (g_fail) {
        why = "HTTP 404";
        return false;
    }
    if (file != "stdlib/_kiln_test_group.tar.gz") {
        why = "no such test file";
        return false;
    }
    bytes = tar_of({{"_kiln_test_group/__init__.py", "LOADED = 'group'\n"},
                    {"_kiln_test_group/leaf.py", "from _kiln_test_group import LOADED\ndef f():\n    return LOADED + '.leaf'\n"},
                    {"_kiln_test_lone.py", "VALUE = 7\n"}});
    return true;
}

std::string run(const std::string& src) {
    std::string out;
    Options o;
    o.out = [&](std::string_view s) { out += s; };
    o.err = [&](std::string_view s) { out += s; };
    Interpreter in(o);
    in.run_source(src, "t.py");
    return out;
}

}  // namespace

TEST_CASE("a deferred group is fetched at the first import of one of its modules, once", "[vm][stdlib][deferred]") {
    {
        Interpreter boot{Options{}};  // the embedded modules are installed first, as at a real start
    }
    defer_stdlib_module("_kiln_test_group", true, "_kiln_test_group.tar.gz");
    defer_stdlib_module("_kiln_test_group.leaf", false, "_kiln_test_group.tar.gz");
    defer_stdlib_module("_kiln_test_lone", false, "_kiln_test_group.tar.gz");
    StdlibFileFetcher host = set_stdlib_file_fetcher(test_fetcher);
    g_asked.clear();
    CHECK(Interpreter::module_known("_kiln_test_group.leaf"));
    CHECK(g_asked.empty());  // knowing a name fetches nothing

    // A failed fetch: ImportError with the file and the reason; nothing is cached, so it tries again.
    g_fail = true;
    std::string failed = run("try:\n    import _kiln_test_lone\nexcept ImportError as e:\n    print(type(e).__name__, e)\n");
    CHECK(failed ==
          "ImportError cannot import _kiln_test_lone: the standard library file stdlib/_kiln_test_group.tar.gz "
          "that holds it could not be loaded (HTTP 404)\n");
    CHECK(g_asked.size() == 1);

    g_fail = false;
    CHECK(run("from _kiln_test_group.leaf import f\nimport _kiln_test_lone\nprint(f(), _kiln_test_lone.VALUE)\n") ==
          "group.leaf 7\n");
    CHECK(g_asked.size() == 2);
    // The group is installed for good: another interpreter (the next run) imports without fetching.
    CHECK(run("import _kiln_test_group.leaf as m\nprint(m.f())\n") == "group.leaf\n");
    CHECK(g_asked.size() == 2);
    set_stdlib_file_fetcher(host);
}
