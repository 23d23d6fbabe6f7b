// bytecode/marshal.h and vm/code_cache.h: every standard-library module's code object survives the
// trip to bytes and back field for field; damaged bytes are refused (never a crash); the cache
// writes a module's code once, reads it back, and recompiles over a damaged file.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <string>
#include <utility>
#include <vector>

#include <sys/stat.h>
#include <unistd.h>

#include "bytecode/compiler.h"
#include "bytecode/marshal.h"
#include "lang/parser.h"
#include "vm/code_cache.h"
#include "vm/interpreter.h"

namespace kiln::vm {
const std::vector<std::pair<std::string, const std::string*>>& stdlib_archive_files();  // stdlib_archive.cpp
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
        auto code = compile(*text, path);
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

TEST_CASE("marshal: code whose checksum is right but whose instructions the VM cannot trust is refused", "[bytecode][marshal]") {
    // marshal_code seals whatever it is given: each mutation below is a file a user rewrote with a
    // correct checksum. The VM indexes tables by arguments and sizes stacks by co_stacksize unchecked.
    const std::string src = "def f(a, *k):\n    for y in k:\n        a += y\n    return [x for x in (a, 1)] + [{**k}], f(a=1)\nprint(f(2))\n";
    REQUIRE(unmarshal_code(marshal_code(*compile(src))));
    auto inner = [](CodeObject& m) -> CodeObject& {
        for (Constant& c : m.consts)
            if (const CodeObject* co = c.code()) return const_cast<CodeObject&>(*co);
        FAIL("no function");
        return m;
    };
    auto first = [](CodeObject& co, Opcode op) -> Instruction& {
        for (Instruction& in : co.code)
            if (in.op == op) return in;
        FAIL(std::string("no ") + opcode_name(op));
        return co.code[0];
    };
    std::vector<std::pair<std::string, std::function<void(CodeObject&)>>> mutations = {
        {"LOAD_CONST past co_consts", [&](CodeObject& m) { first(m, Opcode::LOAD_CONST).arg = int(m.consts.size()); }},
        {"LOAD_FAST past the locals", [&](CodeObject& m) { first(inner(m), Opcode::LOAD_FAST).arg = 7; }},
        {"a negative name index", [&](CodeObject& m) { first(m, Opcode::STORE_NAME).arg = -1; }},
        {"LOAD_GLOBAL past co_names", [&](CodeObject& m) { first(inner(m), Opcode::LOAD_GLOBAL).arg = 99 << 1; }},
        {"a jump past the end", [&](CodeObject& m) { first(inner(m), Opcode::FOR_ITER).arg = 1000; }},
        {"a stack deeper than co_stacksize", [&](CodeObject& m) { inner(m).stacksize = 1; }},
        {"a huge co_stacksize", [&](CodeObject& m) { m.stacksize = 1 << 30; }},
        {"more parameters than locals", [&](CodeObject& m) { inner(m).argcount = 40; }},
        {"COPY 0", [&](CodeObject& m) { first(m, Opcode::LOAD_CONST).op = Opcode::COPY; first(m, Opcode::COPY).arg = 0; }},
        {"DICT_UPDATE reaching below the stack", [&](CodeObject& m) { first(inner(m), Opcode::DICT_UPDATE).arg = 9; }},
        {"BUILD_MAP of 2**30 pairs", [&](CodeObject& m) { first(inner(m), Opcode::BUILD_MAP).arg = 1 << 30; }},
        {"KW_NAMES naming a non-tuple", [&](CodeObject& m) {
             Instruction& kw = first(inner(m), Opcode::KW_NAMES);
             for (size_t i = 0; i < inner(m).consts.size(); ++i)
                 if (std::holds_alternative<int64_t>(inner(m).consts[i].value)) kw.arg = int(i);
         }},
        {"a frame that runs off its end", [&](CodeObject& m) { m.code.pop_back(); }},
        {"no instructions", [&](CodeObject& m) { inner(m).code.clear(); }},
    };
    for (auto& [what, mutate] : mutations) {
        INFO(what);
        auto fresh = compile(src);  // its nested code objects are shared with the copy: compiled anew each time
        CodeObject m = *fresh;
        mutate(m);
        std::string bytes = marshal_code(m);
        CHECK_FALSE(unmarshal_code(bytes));
    }
}

TEST_CASE("code cache: a FIFO, a folder, /dev/zero and a huge sparse file under a module's name are passed over", "[bytecode][marshal][vm]") {
    // Each once hung the import (open() of a FIFO waits for a writer; /dev/zero never ends) or read
    // gigabytes into memory; the cache now reads only a regular file of plausible size.
    namespace fs = std::filesystem;
    fs::path dir = fs::temp_directory_path() / ("kiln_code_cache_odd_" + std::to_string(::getpid()));
    fs::remove_all(dir);
    const char* before = std::getenv("KILN_CACHE_DIR");
    std::string saved = before ? before : "";
    setenv("KILN_CACHE_DIR", dir.c_str(), 1);
    const std::string src = "def f():\n    return 6 * 7\n";
    auto good = kiln::vm::stdlib_module_code(src, "<frozen odd_cache_test>");
    fs::path file = fs::directory_iterator(kiln::vm::bytecode_cache_dir())->path();
    auto replace = [&](const char* kind) {
        fs::remove_all(file);
        std::string k = kind;
        if (k == "fifo") REQUIRE(::mkfifo(file.c_str(), 0600) == 0);
        if (k == "folder") fs::create_directory(file);
        if (k == "devzero") fs::create_symlink("/dev/zero", file);
        if (k == "sparse") {
            { std::ofstream(file, std::ios::binary) << "KBC1"; }
            fs::resize_file(file, uintmax_t(3) << 30);  // sparse: no disk used
        }
    };
    for (const char* kind : {"fifo", "folder", "devzero", "sparse"}) {
        INFO(kind);
        replace(kind);
        auto back = kiln::vm::stdlib_module_code(src, "<frozen odd_cache_test>");
        REQUIRE(back);
        CHECK(difference(*good, *back) == "");
    }
    if (saved.empty()) unsetenv("KILN_CACHE_DIR");
    else setenv("KILN_CACHE_DIR", saved.c_str(), 1);
    fs::remove_all(dir);
}
