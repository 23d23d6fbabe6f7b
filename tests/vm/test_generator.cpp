// Generators in the VM: what the parity corpus cannot see. The hook sees a generator's creation
// frame (RETURN_GENERATOR first) but no resume; limits still apply inside generators; finalizers
// print "Exception ignored in", never run while the interpreter is torn down, and cyclic
// generators are freed.
#include <catch2/catch.hpp>

#include <string>

#include "bytecode/opcode.h"
#include "vm/generator.h"
#include "vm/interpreter.h"
#include "vm/ops.h"

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

TEST_CASE("generators: the hook sees the creation frame, resumes bypass it", "[vm][generator]") {
    std::string out;
    Options o;
    o.out = [&](std::string_view s) { out += s; };
    Interpreter in(o);
    std::vector<std::string> seen;
    in.set_eval_frame_hook([&](Interpreter& interp, Frame& f) {
        seen.push_back(f.co->name + ":" + kiln::bytecode::opcode_name(f.co->code[size_t(f.pc)].op));
        return interp.eval_frame_default(f);
    });
    RunResult r = in.run_source("def g(n):\n    for i in range(n):\n        yield i\nprint(list(g(3)), sum(x for x in g(4)))\n", "t.py");
    CHECK(r.ok);
    CHECK(out == "[0, 1, 2] 6\n");
    REQUIRE(seen.size() == 4);
    CHECK(seen[0] == "<module>:RESUME");
    CHECK(seen[1] == "g:RETURN_GENERATOR");
    CHECK(seen[2] == "g:RETURN_GENERATOR");  // the outermost iterable is evaluated first
    CHECK(seen[3] == "<genexpr>:RETURN_GENERATOR");
}

TEST_CASE("generators: a generator frame is re-entered at its saved pc with its stack", "[vm][generator]") {
    // The loop's iterator and a partially built list stay on the frame's value stack across yields.
    Run r = run("def g():\n    for a in [1, 2]:\n        for b in 'xy':\n            x = [a, (yield a), b]\n            yield x\n"
                "it = g()\nprint(next(it), it.send('s1'), next(it), it.send('s2'))\n");
    CHECK(r.result.ok);
    CHECK(r.out == "1 [1, 's1', 'x'] 1 [1, 's2', 'y']\n");
}

TEST_CASE("generators: the instruction budget and recursion limit apply inside them", "[vm][generator]") {
    Options o;
    o.max_instructions = 50000;
    Run r = run("def forever():\n    while True:\n        try:\n            yield 1\n        except:\n            pass\nfor v in forever():\n    pass\n", o);
    CHECK(r.result.error_type == "KilnLimitError");
    CHECK(r.err.find("Exception ignored") == std::string::npos);  // no finalizer noise after a stop

    Options deep;
    deep.recursion_limit = 100;
    Run d = run("def rec(n):\n    yield from rec(n + 1)\ntry:\n    next(rec(0))\nexcept RecursionError as e:\n    print('caught', e)\n", deep);
    CHECK(d.out == "caught maximum recursion depth exceeded\n");
}

TEST_CASE("generators: finalizer errors are printed and ignored", "[vm][generator]") {
    Run r = run("def g():\n    try:\n        yield 1\n    finally:\n        raise KeyError('in finally')\nx = g()\nnext(x)\nx = None\nprint('after')\n");
    CHECK(r.result.ok);
    CHECK(r.out == "after\n");
    CHECK(r.err.find("Exception ignored in: <generator object g at ") == 0);
    CHECK(r.err.find("KeyError: 'in finally'") != std::string::npos);
}

TEST_CASE("generators: survivors are closed when the program ends, not at teardown", "[vm][generator]") {
    std::string out;
    {
        Options o;
        o.out = [&](std::string_view s) { out += s; };
        Interpreter in(o);
        in.run_source("def g(tag):\n    try:\n        yield 1\n    finally:\n        print('closed', tag)\n"
                      "a = g('a')\nnext(a)\nb = g('b')\nnext(b)\ncycle = [g('c')]\ncycle.append(cycle)\nnext(cycle[0])\nprint('end')\n",
                      "t.py");
        CHECK(out == "end\nclosed a\nclosed b\nclosed c\n");
        out.clear();
    }
    CHECK(out.empty());  // nothing ran while the interpreter was destroyed
}

TEST_CASE("generators: a generator holding itself is freed at teardown", "[vm][generator]") {
    Interpreter in(Options{[](std::string_view) {}, [](std::string_view) {}});
    RunResult r = in.run_source("def g():\n    me = yield\n    yield me\nx = g()\nnext(x)\nx.send(x)\n", "t.py");
    CHECK(r.ok);
}
