// Modules written in Kiln's Python (engine/stdlib/, Interpreter::register_source_module): compiled
// and run on first import, cached, located in tracebacks as "<frozen NAME>", `from X import *`
// honouring `__all__`, and a failed import leaving nothing cached.
#include <catch2/catch.hpp>

#include <string>

#include "vm/interpreter.h"

using namespace kiln::vm;

namespace {

struct Run {
    std::string out, err;
    RunResult result;
};

Run run(const std::string& src) {
    Run r;
    Options o;
    o.out = [&](std::string_view s) { r.out += s; };
    o.err = [&](std::string_view s) { r.err += s; };
    Interpreter in(o);
    r.result = in.run_source(src, "t.py");
    return r;
}

const char* kTinyModule =
    "print('tiny runs once', __name__)\n"
    "__all__ = ['double', 'Box']\n"
    "def double(x):\n"
    "    return 2 * x\n"
    "def check(x):\n"
    "    if x < 0:\n"
    "        raise ValueError(f'negative: {x}')\n"
    "    return x\n"
    "class Box:\n"
    "    def __init__(self, v):\n"
    "        self.v = v\n"
    "def _private():\n"
    "    return 1\n"
    "hidden = 5\n";

struct Register {
    Register() {
        Interpreter::register_source_module("_kiln_test_tiny", kTinyModule);
        Interpreter::register_source_module("_kiln_test_pkg", "X = 1\n", true);
        Interpreter::register_source_module("_kiln_test_pkg.sub", "Y = X_FROM_PARENT = 2\n");
        Interpreter::register_source_module("_kiln_test_broken", "A = 1\nraise RuntimeError('broken module')\n");
        Interpreter::register_source_module("_kiln_test_syntax", "def f(:\n    pass\n");
    }
} g_register;

}  // namespace

TEST_CASE("a source module runs once on first import and is cached", "[vm][stdlib]") {
    Run r = run(
        "import _kiln_test_tiny\n"
        "import _kiln_test_tiny as again\n"
        "from _kiln_test_tiny import double\n"
        "print(again is _kiln_test_tiny, double(21), _kiln_test_tiny.Box(3).v)\n"
        "print(_kiln_test_tiny.__name__, _kiln_test_tiny.Box.__module__, double.__module__)\n");
    CHECK(r.err.empty());
    CHECK(r.out == "tiny runs once _kiln_test_tiny\nTrue 42 3\n_kiln_test_tiny _kiln_test_tiny _kiln_test_tiny\n");
}

TEST_CASE("an error inside a source module is located at its <frozen NAME> line", "[vm][stdlib]") {
    Run r = run("import _kiln_test_tiny\n_kiln_test_tiny.check(-2)\n");
    CHECK(r.result.exit_code == 1);
    CHECK(r.err ==
          "Traceback (most recent call last):\n"
          "  File \"t.py\", line 2, in <module>\n"
          "    _kiln_test_tiny.check(-2)\n"
          "  File \"<frozen _kiln_test_tiny>\", line 7, in check\n"
          "    raise ValueError(f'negative: {x}')\n"
          "ValueError: negative: -2\n");
}

TEST_CASE("from X import * takes __all__ when the module defines it", "[vm][stdlib]") {
    Run r = run(
        "from _kiln_test_tiny import *\n"
        "print(double(2), Box(1).v)\n"
        "try:\n"
        "    hidden\n"
        "except NameError as e:\n"
        "    print(e)\n");
    CHECK(r.err.empty());
    CHECK(r.out == "tiny runs once _kiln_test_tiny\n4 1\nname 'hidden' is not defined\n");
}

TEST_CASE("packages and submodules written in Python", "[vm][stdlib]") {
    Run r = run(
        "import _kiln_test_pkg.sub\n"
        "print(_kiln_test_pkg.X, _kiln_test_pkg.sub.Y, _kiln_test_pkg.__path__, _kiln_test_pkg.sub.__package__)\n"
        "from _kiln_test_pkg import sub\n"
        "print(sub.Y)\n");
    CHECK(r.err.empty());
    CHECK(r.out == "1 2 [] _kiln_test_pkg\n2\n");
}

TEST_CASE("a failed import raises, is located, and is not cached", "[vm][stdlib]") {
    Run r = run(
        "for i in range(2):\n"
        "    try:\n"
        "        import _kiln_test_broken\n"
        "    except RuntimeError as e:\n"
        "        print(i, e)\n"
        "try:\n"
        "    import _kiln_test_syntax\n"
        "except SyntaxError as e:\n"
        "    print('SyntaxError', 'frozen _kiln_test_syntax' in str(e))\n"
        "import _kiln_test_broken\n");
    CHECK(r.out == "0 broken module\n1 broken module\nSyntaxError True\n");
    CHECK(r.result.error_type == "RuntimeError");
    CHECK(r.err.find("  File \"<frozen _kiln_test_broken>\", line 2, in <module>\n    raise RuntimeError('broken module')\n") !=
          std::string::npos);
}

TEST_CASE("an unknown module is worded as CPython's", "[vm][stdlib]") {
    Run r = run("import no_such_module_here\n");
    CHECK(r.result.error_type == "ModuleNotFoundError");
    CHECK(r.result.error_message == "No module named 'no_such_module_here'");
}
