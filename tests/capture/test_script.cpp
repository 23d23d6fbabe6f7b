// torch.jit.script's compiler (capture/script): source -> typed graph with prim::If/prim::Loop, run
// through the graph interpreter; compile errors carry PyTorch's first line and Python class.
#include "support/check.h"

#include "capture/script/compiler.h"
#include "graph/interpret.h"
#include "lang/parser.h"
#include "ops/ops.h"

using namespace kiln;
namespace cs = kiln::capture::script;

namespace {

struct NoGlobals : cs::Resolver {
    cs::GlobalRef lookup(const std::string& name) override {
        cs::GlobalRef r;
        if (name == "torch") {
            r.kind = cs::GlobalRef::Kind::Module;
            r.module_name = "torch";
        } else if (name == "SCALE") {
            r.kind = cs::GlobalRef::Kind::PythonValue;
            r.type_name = "float";
        }
        return r;
    }
};

std::shared_ptr<cs::CompiledFunction> compile(const std::string& src) {
    lang::Module m = lang::parse_module(src, "t.py");
    const lang::FunctionDef* def = cs::find_function(m, 1);
    REQUIRE(def != nullptr);
    NoGlobals r;
    return cs::compile_function(*def, "t.py", src, r);
}

std::string compile_error(const std::string& src, std::string* cls = nullptr) {
    try {
        compile(src);
    } catch (const cs::ScriptError& e) {
        if (cls) *cls = e.py_class;
        std::string s = e.what();
        return s.substr(0, s.find('\n'));
    }
    return "compiled";
}

}  // namespace

TEST_CASE("script: if on tensor data becomes prim::If and both branches run", "[script]") {
    auto f = compile("def f(x):\n    if x.sum() > 0:\n        y = x * 2\n    else:\n        y = -x\n    return y + 1\n");
    CHECK(f->graph->str().find("prim::If") != std::string::npos);
    graph::verify(*f->graph);
    auto pos = graph::run_graph(*f->graph, {graph::IValue(ones({1}))});
    CHECK(pos[0].to_tensor().item().to_double() == 3.0);
    auto neg = graph::run_graph(*f->graph, {graph::IValue(full({1}, -1.0))});
    CHECK(neg[0].to_tensor().item().to_double() == 2.0);
    CHECK(f->declaration() == "f(Tensor x) -> Tensor");
}

TEST_CASE("script: loops with break/continue and early returns", "[script]") {
    auto f = compile("def f(n: int) -> int:\n    total = 0\n    for i in range(n):\n        if i % 2 == 0:\n"
                     "            continue\n        if i > 7:\n            break\n        total += i\n    return total\n");
    graph::verify(*f->graph);
    CHECK(graph::run_graph(*f->graph, {graph::IValue(int64_t(20))})[0].to_int() == 16);
    CHECK(graph::run_graph(*f->graph, {graph::IValue(int64_t(0))})[0].to_int() == 0);
    auto g = compile("def g(n: int) -> int:\n    c = 0\n    while n != 1:\n        if n % 2 == 0:\n            n = n // 2\n"
                     "        else:\n            n = 3 * n + 1\n        c += 1\n    return c\n");
    CHECK(graph::run_graph(*g->graph, {graph::IValue(int64_t(27))})[0].to_int() == 111);
    auto h = compile("def h(x, flag: bool):\n    if flag:\n        return x\n    return x + 1\n");
    auto r = graph::run_graph(*h->graph, {graph::IValue(zeros({1})), graph::IValue(false)});
    CHECK(r[0].to_tensor().item().to_double() == 1.0);
}

TEST_CASE("script: PyTorch's compile errors", "[script]") {
    std::string cls;
    CHECK(compile_error("def f(x):\n    g = lambda t: t\n    return x\n", &cls) == "Lambda aren't supported:");
    CHECK(cls == "UnsupportedNodeError");
    CHECK(compile_error("def f(x, flag: bool):\n    if flag:\n        y = x\n    return y\n") ==
          "y is not defined in the false branch:");
    CHECK(compile_error("def f(x, flag: bool):\n    if flag:\n        y = x\n    else:\n        y = 1\n    return y\n") ==
          "Type mismatch: y is set to type Tensor (inferred) in the true branch and type int in the false branch:");
    CHECK(compile_error("def f(x):\n    return x * SCALE\n").rfind("python value of type 'float' cannot be used", 0) == 0);
    CHECK(compile_error("def f(x):\n    return x.no_such_op()\n") != "compiled");
}
