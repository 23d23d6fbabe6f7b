// The VM itself: running programs, tracebacks, limits, the frame-evaluation hook, heap teardown.
//
// Language behaviour at large is covered by the parity corpus (tests/parity/programs, compared with
// CPython); these cases pin what the corpus cannot see: stderr text, exit status, limits, located
// errors, the hook that capture installs, and that cyclic garbage is freed.
#include <catch2/catch.hpp>

#include <string>

#include "tensor/storage.h"
#include "vm/interpreter.h"
#include "vm/ops.h"
#include "vm/types.h"

using namespace kiln::vm;

namespace {

struct Run {
    std::string out, err;
    RunResult result;
};

Run run(const std::string& src, Options o = {}) {
    Run r;
    o.out = [&](std::string_view s) { r.out += s; };
    o.err = [&](std::string_view s) { r.err += s; };
    Interpreter in(o);
    r.result = in.run_source(src, "t.py");
    return r;
}

}  // namespace

TEST_CASE("a program prints and exits 0", "[vm]") {
    Run r = run("x = [1, 2.5, 'a', None, (1,), {'k': True}]\nprint(x, len(x), sep=' | ')\n");
    CHECK(r.result.ok);
    CHECK(r.result.exit_code == 0);
    CHECK(r.out == "[1, 2.5, 'a', None, (1,), {'k': True}] | 6\n");
    CHECK(r.err.empty());
}

TEST_CASE("an uncaught error prints a CPython-style traceback and exits 1", "[vm]") {
    Run r = run("def inner(v):\n    raise ValueError(f'bad value {v}')\n\ndef outer():\n    inner(3)\n\nprint('start')\nouter()\n");
    CHECK(r.out == "start\n");
    CHECK(r.result.exit_code == 1);
    CHECK(r.result.error_type == "ValueError");
    CHECK(r.result.error_message == "bad value 3");
    CHECK(r.result.error_line == 2);
    CHECK(r.err ==
          "Traceback (most recent call last):\n"
          "  File \"t.py\", line 8, in <module>\n"
          "    outer()\n"
          "  File \"t.py\", line 5, in outer\n"
          "    inner(3)\n"
          "  File \"t.py\", line 2, in inner\n"
          "    raise ValueError(f'bad value {v}')\n"
          "ValueError: bad value 3\n");
}

TEST_CASE("chained exceptions print both tracebacks", "[vm]") {
    Run r = run("try:\n    {}['k']\nexcept KeyError as e:\n    raise RuntimeError('wrapped') from e\n");
    CHECK(r.err.find("KeyError: 'k'\n\nThe above exception was the direct cause of the following exception:\n\n") != std::string::npos);
    CHECK(r.err.find("RuntimeError: wrapped\n") != std::string::npos);
    Run c = run("try:\n    1 / 0\nexcept ZeroDivisionError:\n    undefined_name\n");
    CHECK(c.err.find("During handling of the above exception, another exception occurred:") != std::string::npos);
    CHECK(c.err.find("NameError: name 'undefined_name' is not defined\n") != std::string::npos);
}

TEST_CASE("a syntax error is reported with file:line:col and nothing runs", "[vm]") {
    Run r = run("print('never')\nx = (1,\n");
    CHECK(r.out.empty());
    CHECK(r.result.exit_code == 1);
    CHECK(r.result.error_type == "SyntaxError");
    CHECK(r.result.error_line == 2);
    CHECK(r.err.rfind("t.py:2:5: SyntaxError: ", 0) == 0);
}

TEST_CASE("unsupported builtins stop with a clear message", "[vm]") {
    Run r = run("s = input()\n");
    CHECK(r.result.error_type == "NotImplementedError");
    CHECK(r.result.error_message.find("input() is not supported in Kiln") == 0);
    Run m = run("import no_such_module\n");
    CHECK(m.result.error_type == "ModuleNotFoundError");
    CHECK(m.result.error_message.find("No module named 'no_such_module'") == 0);
}

TEST_CASE("set() collects distinct values: len, in, add, discard, sorted, repr", "[vm]") {
    Run r = run("s = set([3, 1, 3, 2])\nprint(len(s), 2 in s, 5 in s, sorted(s))\ns.add(5)\ns.discard(1)\n"
                "print(sorted(s), set(), set('aba') == set(['b', 'a']), set([7]))\n");
    CHECK(r.err.empty());
    CHECK(r.out == "3 True False [1, 2, 3]\n[2, 3, 5] set() True {7}\n");
    Run bad = run("set([[1]])\n");
    CHECK(bad.result.error_type == "TypeError");
}

TEST_CASE("the instruction budget ends an infinite loop, even one that catches everything", "[vm]") {
    Options o;
    o.max_instructions = 100000;
    Run r = run("n = 0\nwhile True:\n    try:\n        n += 1\n    except:\n        pass\n", o);
    CHECK(r.result.exit_code == 1);
    CHECK(r.result.error_type == "KilnLimitError");
    CHECK(r.result.error_message.find("instruction budget of 100000 exhausted") == 0);
    CHECK(r.result.instructions >= 100000);
}

TEST_CASE("the recursion limit raises RecursionError", "[vm]") {
    Options o;
    o.recursion_limit = 200;
    Run r = run("def f(n):\n    return f(n + 1)\ntry:\n    f(0)\nexcept RecursionError as e:\n    print('caught', e)\n", o);
    CHECK(r.out == "caught maximum recursion depth exceeded\n");
}

TEST_CASE("ints promote beyond 64 bits and demote back", "[vm]") {
    Run r = run("a = 2 ** 62 + (2 ** 62 - 1)\nb = a + 1\nprint(a, b, type(b).__name__, b - 1, (b - 1) is a, -b, 9223372036854775808 * 2)\n"
                "print(-9223372036854775808, hash(2 ** 64), [1, 2][2 ** 64 // 2 ** 64])\n");
    CHECK(r.err.empty());
    CHECK(r.out == "9223372036854775807 9223372036854775808 int 9223372036854775807 True -9223372036854775808 "
                   "18446744073709551616\n-9223372036854775808 8 2\n");
}

TEST_CASE("call binding errors use CPython's wording", "[vm]") {
    auto msg = [](const std::string& src) { return run(src).result.error_message; };
    CHECK(msg("def f(a, b): pass\nf(1)\n") == "f() missing 1 required positional argument: 'b'");
    CHECK(msg("def f(a, b, c): pass\nf()\n") == "f() missing 3 required positional arguments: 'a', 'b', and 'c'");
    CHECK(msg("def f(a): pass\nf(1, 2)\n") == "f() takes 1 positional argument but 2 were given");
    CHECK(msg("def f(a, b=1): pass\nf(1, 2, 3)\n") == "f() takes from 1 to 2 positional arguments but 3 were given");
    CHECK(msg("def f(a): pass\nf(1, z=2)\n") == "f() got an unexpected keyword argument 'z'");
    CHECK(msg("def f(a): pass\nf(1, a=2)\n") == "f() got multiple values for argument 'a'");
    CHECK(msg("def f(*, k): pass\nf()\n") == "f() missing 1 required keyword-only argument: 'k'");
    CHECK(msg("class A:\n    def m(self, x): pass\nA().m()\n") == "A.m() missing 1 required positional argument: 'x'");
}

TEST_CASE("the frame-evaluation hook sees every Python frame before it runs", "[vm]") {
    std::string out;
    Options o;
    o.out = [&](std::string_view s) { out += s; };
    Interpreter in(o);
    std::vector<std::string> seen;
    in.set_eval_frame_hook([&](Interpreter& interp, Frame& f) {
        seen.push_back(f.co->name + ":" + std::to_string(f.pc));
        if (f.co->name == "replaced") return Value::integer(42);  // run something else instead
        return interp.eval_frame_default(f);
    });
    RunResult r = in.run_source("def add(a, b):\n    return a + b\ndef replaced():\n    return 0\nprint(add(1, 2), replaced())\n", "t.py");
    CHECK(r.ok);
    CHECK(out == "3 42\n");
    REQUIRE(seen.size() == 3);
    CHECK(seen[0] == "<module>:0");
    CHECK(seen[1] == "add:0");
    CHECK(seen[2] == "replaced:0");
}

TEST_CASE("the hook gets bound arguments in the fast locals", "[vm]") {
    Interpreter in(Options{[](std::string_view) {}, [](std::string_view) {}});
    std::vector<int64_t> args;
    in.set_eval_frame_hook([&](Interpreter& interp, Frame& f) {
        if (f.co->name == "f")
            for (int i = 0; i < f.co->argcount; ++i) args.push_back(f.fast[size_t(i)].as_int());
        return interp.eval_frame_default(f);
    });
    in.run_source("def f(a, b, c=7):\n    return a\nf(1, c=3, b=2)\n", "t.py");
    CHECK(args == std::vector<int64_t>{1, 2, 3});
}

TEST_CASE("cyclic garbage is freed when the interpreter ends", "[vm]") {
    Heap* heap = nullptr;
    size_t live = 0;
    {
        Interpreter in(Options{[](std::string_view) {}, [](std::string_view) {}});
        in.run_source("class Node:\n    def __init__(self):\n        self.me = self\nnodes = [Node() for i in range(100)]\n"
                      "def f():\n    return f\n",
                      "t.py");
        heap = &in.heap();
        live = heap->live_objects();
        CHECK(live > 100);
    }
    (void)heap;  // the Heap is gone; ASan's leak check (sanitize preset) proves everything was freed
}

TEST_CASE("the tensor-memory cap raises MemoryError instead of exhausting memory", "[vm]") {
    size_t before = kiln::cpu_memory_limit();
    {
        Options o;
        o.max_tensor_bytes = 1 << 20;
        Run r = run("import torch\nx = torch.zeros(1000, 1000)\n", o);
        CHECK(r.result.error_type == "MemoryError");
        CHECK(r.result.error_message.find("tensor memory limit exceeded") == 0);
    }
    CHECK(kiln::cpu_memory_limit() == before);  // restored when the interpreter ends
}

TEST_CASE("errors are located at the failing line", "[vm]") {
    struct Case {
        const char* src;
        const char* type;
        const char* message;
        int line;
    };
    const Case cases[] = {
        {"x = 1\ny = x + 'a'\n", "TypeError", "unsupported operand type(s) for +: 'int' and 'str'", 2},
        {"a = [1]\nb = a[3]\n", "IndexError", "list index out of range", 2},
        {"d = {}\n\nd['k']\n", "KeyError", "'k'", 3},
        {"print(nope)\n", "NameError", "name 'nope' is not defined", 1},
        {"def f():\n    v += 1\nf()\n", "UnboundLocalError", "cannot access local variable 'v' where it is not associated with a value", 2},
        {"x = None\nx.attr\n", "AttributeError", "'NoneType' object has no attribute 'attr'", 2},
        {"a, b = [1, 2, 3]\n", "ValueError", "too many values to unpack (expected 2)", 1},
        {"assert 1 > 2, 'math is broken'\n", "AssertionError", "math is broken", 1},
        {"x = 10 // 0\n", "ZeroDivisionError", "integer division or modulo by zero", 1},
        {"for i in 5:\n    pass\n", "TypeError", "'int' object is not iterable", 1},
        {"int('x1')\n", "ValueError", "invalid literal for int() with base 10: 'x1'", 1},
        {"class A:\n    pass\nA(1)\n", "TypeError", "A() takes no arguments", 3},
    };
    for (const Case& c : cases) {
        INFO(c.src);
        Run r = run(c.src);
        CHECK(r.result.error_type == c.type);
        CHECK(r.result.error_message == c.message);
        CHECK(r.result.error_line == c.line);
    }
}

TEST_CASE("vm: built-in methods taken from their class check the receiver", "[vm]") {
    // methods_core.cpp's check_receivers: each native method read self as its own kind unchecked,
    // so list.append(1, 2) wrote through an int (a crash) and list.copy({}) answered []
    struct Case {
        const char* src;
        const char* message;
    };
    const Case cases[] = {
        {"list.append(1, 2)\n", "descriptor 'append' for 'list' objects doesn't apply to a 'int' object"},
        {"list.__len__(1)\n", "descriptor '__len__' requires a 'list' object but received a 'int'"},
        {"dict.__getitem__([], 1)\n", "descriptor '__getitem__' for 'dict' objects doesn't apply to a 'list' object"},
        {"list.copy({})\n", "descriptor 'copy' for 'list' objects doesn't apply to a 'dict' object"},
        {"str.upper()\n", "unbound method str.upper() needs an argument"},
        {"tuple.__len__()\n", "descriptor '__len__' of 'tuple' object needs an argument"},
        {"set.add(frozenset(), 1)\n", "descriptor 'add' for 'set' objects doesn't apply to a 'frozenset' object"},
        {"complex.conjugate(1.0)\n", "descriptor 'conjugate' for 'complex' objects doesn't apply to a 'float' object"},
    };
    for (const Case& c : cases) {
        INFO(c.src);
        Run r = run(c.src);
        CHECK(r.result.error_type == "TypeError");
        CHECK(r.result.error_message == c.message);
    }
    // receivers of the right type, subclasses and class/static methods are untouched
    Run ok = run("import collections\nd = collections.OrderedDict(a=1)\nl = []\nlist.append(l, 1)\n"
                 "print(l, dict.get(d, 'a'), bool.__and__(True, 1), bytes.fromhex('ff'), dict.fromkeys([1]), str.maketrans('a', 'b'))\n");
    CHECK(ok.result.ok);
    CHECK(ok.out == "[1] 1 1 b'\\xff' {1: None} {97: 98}\n");
    // str_of: a native given a non-str where it reads text raises instead of reading another object
    CHECK_THROWS(str_of(Value::integer(3)));
}

TEST_CASE("vm: assigning a value from inside the object it replaces is safe", "[vm]") {
    // f = f.as<BoundMethod>()->func drops the bound method (its last reference) while reading one of
    // its fields: the assignment must read the source before releasing (ASan checks this in the
    // sanitizer run).
    Value func = new_str("payload");
    Value f = Value(make<BoundMethod>(func, Value::none()).get());
    func = Value();
    f = f.as<BoundMethod>()->func;
    REQUIRE(f.is(Kind::Str));
    CHECK(f.get<Str>()->s == "payload");
}

TEST_CASE("exec and eval compile strings at run time: namespaces, tracebacks, located syntax errors, limits", "[vm]") {
    Run r = run("g = {'k': 2}\nexec('def f(x):\\n    return x * k\\n', g)\nprint(g['f'](3), eval('k + 1', g), eval('[i * i for i in range(3)]'))\n");
    CHECK(r.err.empty());
    CHECK(r.out == "6 3 [0, 1, 4]\n");
    // a frame from the string shows File "<string>" and, as in CPython, no source line
    Run t = run("exec('def f():\\n    return 1 / 0\\nf()')\n");
    CHECK(t.result.error_type == "ZeroDivisionError");
    CHECK(t.err ==
          "Traceback (most recent call last):\n"
          "  File \"t.py\", line 1, in <module>\n"
          "    exec('def f():\\n    return 1 / 0\\nf()')\n"
          "  File \"<string>\", line 3, in <module>\n"
          "  File \"<string>\", line 2, in f\n"
          "ZeroDivisionError: division by zero\n");
    // an uncaught SyntaxError from the string is printed located, with its caret
    Run s = run("exec('x = (1,')\n");
    CHECK(s.result.error_type == "SyntaxError");
    CHECK(s.err.find("  File \"<string>\", line 1\n    x = (1,\n        ^\nSyntaxError: '(' was never closed\n") != std::string::npos);
    // caught, it carries CPython's attributes
    Run c = run("try:\n    eval('1 +')\nexcept SyntaxError as e:\n    print(e.filename, e.lineno, type(e.offset).__name__)\n");
    CHECK(c.out == "<string> 1 int\n");
    // code run by exec pays from the same instruction budget
    Options o;
    o.max_instructions = 50000;
    Run b = run("exec('while True:\\n    pass\\n')\n", o);
    CHECK(b.result.error_type == "KilnLimitError");
}
