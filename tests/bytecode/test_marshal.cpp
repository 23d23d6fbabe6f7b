// bytecode/marshal.h and vm/code_cache.h: every standard-library module's code object survives the
// trip to bytes and back field for field; damaged bytes are refused (never a crash); the cache
// writes a module's code once, reads it back, and recompiles over a damaged file.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <unistd.h>

#include "bytecode/compiler.h"
#include "bytecode/marshal.h"
#include "lang/parser.h"
#include "vm/code_cache.h"
#include "vm/interpreter.h"

namespace kiln::vm {
const std::vector<std::pair<std::string, std::string_view>>& stdlib_archive_files();  // stdlib_archive.cpp
}

using namespace kiln::bytecode;

namespace {

// Field by field, nested code objects included (marshal's own output is not the judge of itself):
// the first difference, or "" when there is none.
std::string difference(const CodeObject& a, const CodeObject& b) {
    auto at = [&](const std::string& what) { return a.qualname + ": " + what; };
    if (a.name != b.name || a.qualname != b.qualname || a.filename != b.filename) return at("names");
    if (a.firstlineno != b.firstlineno || a.argcount != b.argcount || a.posonlyargcount != b.posonlyargcount ||
        a.kwonlyargcount != b.kwonlyargcount || a.flags != b.flags || a.stacksize != b.stacksize)
        return at("counts or flags");
    if (a.varnames != b.varnames || a.cellvars != b.cellvars || a.freevars != b.freevars || a.names != b.names)
        return at("name tables");
    if (a.code.size() != b.code.size()) return at("instruction count");
    for (size_t i = 0; i < a.code.size(); ++i)
        if (a.code[i].op != b.code[i].op || a.code[i].arg != b.code[i].arg ||
            span_str(a.code[i].span) != span_str(b.code[i].span))
            return at("instruction " + std::to_string(i));
    if (a.consts.size() != b.consts.size()) return at("constant count");
    for (size_t i = 0; i < a.consts.size(); ++i) {
        const Constant& x = a.consts[i];
        const Constant& y = b.consts[i];
        if (x.value.index() != y.value.index()) return at("constant " + std::to_string(i) + "'s kind");
        if (const CodeObject* c = x.code()) {
            std::string d = difference(*c, *y.code());
            if (!d.empty()) return d;
            continue;
        }
        // same_as: same kind and value (-0.0 apart from 0.0); a NaN is never the same as itself
        bool nan = std::holds_alternative<double>(x.value) && std::isnan(std::get<double>(x.value));
        if ((!nan && !x.same_as(y)) || x.repr() != y.repr()) return at("constant " + std::to_string(i));
    }
    return "";
}

std::shared_ptr<const CodeObject> compile(const std::string& src, const std::string& file = "t.py") {
    return compile_module(kiln::lang::parse_module(src, file), file);
}

}  // namespace

TEST_CASE("marshal: every standard-library module's code object reads back field for field", "[bytecode][marshal]") {
    kiln::vm::Interpreter in{kiln::vm::Options{}};  // installs the archive
    const auto& files = kiln::vm::stdlib_archive_files();
    REQUIRE(files.size() > 100);
    for (const auto& [path, text] : files) {
        INFO(path);
        auto code = compile(std::string(text), path);
        std::string bytes = marshal_code(*code);
        auto back = unmarshal_code(bytes);
        REQUIRE(back);
        REQUIRE(difference(*code, *back) == "");
        REQUIRE(marshal_code(*back) == bytes);
    }
}

TEST_CASE("marshal: every kind of constant and a deep nesting of functions", "[bytecode][marshal]") {
    auto code = compile(
        "a = (None, True, False, -7, 2**70, -2**70, 0x7fffffffffffffff, 1.5, -0.0, float('nan'), 1e308 * 10,\n"
        "     'text', 'é\\u2603', b'\\x00bytes', 3j, -2j, ..., frozenset({1, 2}), (1, (2, (3,))))\n"
        "x = 1 in {1, 2, 3}\n"
        "def f(p, /, q, *a, k=1, **kw):\n"
        "    def g():\n"
        "        def h():\n"
        "            return p + q\n"
        "        return h\n"
        "    return [lambda: i for i in a], {j: j for j in kw}, g\n"
        "class C:\n"
        "    def m(self): return __class__\n");
    auto back = unmarshal_code(marshal_code(*code));
    REQUIRE(back);
    REQUIRE(difference(*code, *back) == "");
    CHECK(dis(*back) == dis(*code));
}

TEST_CASE("marshal: truncated, altered and random bytes are refused", "[bytecode][marshal]") {
    std::string bytes = marshal_code(*compile("def f(x):\n    return [x * 2.5, 'a', (1, 2)]\nprint(f(3))\n"));
    REQUIRE(unmarshal_code(bytes));
    for (size_t n = 0; n < bytes.size(); ++n) CHECK_FALSE(unmarshal_code(bytes.substr(0, n)));
    for (size_t i = 0; i < bytes.size(); ++i) {
        std::string b = bytes;
        b[i] = char(b[i] ^ 0x21);
        CHECK_FALSE(unmarshal_code(b));
    }
    CHECK_FALSE(unmarshal_code(bytes + "x"));
    CHECK_FALSE(unmarshal_code(""));
}

TEST_CASE("code cache: a module's code is written once, read back, and recompiled over a damaged file", "[bytecode][marshal][vm]") {
    namespace fs = std::filesystem;
    fs::path dir = fs::temp_directory_path() / ("kiln_code_cache_test_" + std::to_string(::getpid()));
    fs::remove_all(dir);
    const char* before = std::getenv("KILN_CACHE_DIR");
    std::string saved = before ? before : "";
    setenv("KILN_CACHE_DIR", dir.c_str(), 1);
    const std::string src = "def f():\n    return 41 + 1\n";
    auto first = kiln::vm::stdlib_module_code(src, "<frozen cache_test>");
    std::vector<fs::path> files;
    for (const auto& e : fs::directory_iterator(kiln::vm::bytecode_cache_dir())) files.push_back(e.path());
    REQUIRE(files.size() == 1);
    auto second = kiln::vm::stdlib_module_code(src, "<frozen cache_test>");
    REQUIRE(difference(*first, *second) == "");
    {
        std::ofstream(files[0], std::ios::binary | std::ios::trunc) << "KBC1 not a code object";
    }
    auto third = kiln::vm::stdlib_module_code(src, "<frozen cache_test>");
    REQUIRE(difference(*first, *third) == "");
    CHECK(unmarshal_code([&] {
        std::ifstream in(files[0], std::ios::binary);
        return std::string(std::istreambuf_iterator<char>(in), {});
    }()));  // rewritten whole
    // another text under the same name is another file
    kiln::vm::stdlib_module_code("x = 1\n", "<frozen cache_test>");
    size_t n = 0;
    for ([[maybe_unused]] const auto& e : fs::directory_iterator(kiln::vm::bytecode_cache_dir())) ++n;
    CHECK(n == 2);
    if (saved.empty()) unsetenv("KILN_CACHE_DIR");
    else setenv("KILN_CACHE_DIR", saved.c_str(), 1);
    fs::remove_all(dir);
}
