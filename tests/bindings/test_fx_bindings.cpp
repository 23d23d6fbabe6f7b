// torch.fx's native pieces (engine/bindings/fx.cpp) and the errors Kiln gives where its torch.fx
// differs from PyTorch's (engine/capture/dynamo/README.md's torch.fx section). What PyTorch itself
// prints is covered by the parity programs tests/parity/programs/torch/fx_*.py.
#include <catch2/catch.hpp>

#include <string>

#include "support/program.h"
#include "vm/interpreter.h"

using kiln::vm::Interpreter;
using kiln::vm::Options;
using kiln::vm::RunResult;

namespace {

using Run = kiln::testing::ProgramRun;

Run run(const std::string& body) {
    return kiln::testing::run_source("import torch\nimport torch.nn as nn\nimport torch.fx\n" + body);
}

std::string out_of(const std::string& body) {
    Run r = run(body);
    INFO(r.err);
    REQUIRE(r.result.ok);
    return r.out;
}

std::string error_of(const std::string& body) {
    Run r = run(body);
    INFO(r.out);
    REQUIRE_FALSE(r.result.ok);
    return r.result.error_type + ": " + r.result.error_message;
}

}  // namespace

TEST_CASE("__torch_function__ on a user class intercepts torch and torch.nn.functional calls", "[fx]") {
    std::string out = out_of(R"(
import torch.nn.functional as F
class Box:
    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        return (func.__name__, [type(a).__name__ for a in args], sorted((kwargs or {}).items()), [t.__name__ for t in types])
print(torch.cat([Box(), torch.ones(1)]))
print(torch.add(torch.ones(1), Box(), alpha=2))
print(F.relu(Box()))
print(F.softmax(Box(), 1))
print(F.linear(Box(), torch.ones(1)))
print(torch.relu(torch.tensor([-1.0, 2.0])))
print(torch.is_tensor(Box()))
try:
    torch.zeros(Box())
except TypeError:
    print("TypeError")
)");
    CHECK(out ==
          "('cat', ['list'], [], ['Box'])\n"
          "('add', ['Tensor', 'Box'], [('alpha', 2)], ['Box'])\n"
          "('relu', ['Box'], [('inplace', False)], ['Box'])\n"
          "('softmax', ['Box'], [('_stacklevel', 3), ('dim', 1), ('dtype', None)], ['Box'])\n"
          "('linear', ['Box', 'Tensor'], [], ['Box'])\n"
          "tensor([0., 2.])\n"
          "False\nTypeError\n");
}

TEST_CASE("generated forward code runs under its own file name", "[fx]") {
    Run r = run(R"(
def f(x):
    return x.missing_method()
gm = torch.fx.symbolic_trace(f)
gm(torch.ones(1))
)");
    REQUIRE_FALSE(r.result.ok);
    CHECK(r.result.error_type == "AttributeError");
    CHECK(r.err.find("File \"<eval_with_key>.0\", line 5, in forward") != std::string::npos);
}

TEST_CASE("the tracing hooks are removed after a trace, also a failed one", "[fx]") {
    std::string out = out_of(R"(
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(2, 2)
    def forward(self, x):
        if x.sum() > 0:
            return self.lin(x)
        return x
try:
    torch.fx.symbolic_trace(M())
except Exception as e:
    print(type(e).__name__)
m = M()
print(type(m.lin.weight).__name__, m(torch.ones(1, 2)).shape, torch.fx._symbolic_trace.is_fx_tracing())
)");
    CHECK(out == "TraceError\nParameter torch.Size([1, 2]) False\n");
}

TEST_CASE("torch.fx's unsupported pieces explain themselves", "[fx]") {
    CHECK(error_of("def f():\n    torch.fx.wrap('len')\nf()\n") ==
          "NotImplementedError: wrap must be called at the top level of a module");
    CHECK(error_of("def f(*xs):\n    return xs[0]\ntorch.fx.symbolic_trace(f)\n") ==
          "NotImplementedError: Kiln's torch.fx traces functions with positional parameters only (no *args, "
          "**kwargs or keyword-only parameters)");
    CHECK(error_of(R"(
class T(torch.fx.Tracer):
    def is_leaf_module(self, m, name):
        return False
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.bn = nn.BatchNorm1d(2)
    def forward(self, x):
        return self.bn(x)
T().trace(M())
)") == "NotImplementedError: Kiln's torch.fx cannot trace into the built-in layer BatchNorm1d (its forward is native "
       "C++ in Kiln); keep it a leaf module (Tracer.is_leaf_module returning True records one call_module node)");
}

TEST_CASE("torch.fx's print_tabular prints the nodes with tabulate's simple format", "[fx]") {
    // tabulate(node_specs, headers=[...]) as PyTorch's Graph.print_tabular calls it (the same table
    // as tabulate 0.8.9/0.9 prints: columns at least their header plus two wide)
    CHECK(out_of("torch.fx.Graph().print_tabular()\n") ==
          "opcode    name    target    args    kwargs\n--------  ------  --------  ------  --------\n");
    CHECK(out_of("import operator\n"
                 "gm = torch.fx.symbolic_trace(lambda x: operator.add(x, 1))\n"
                 "gm.graph.print_tabular()\n") ==
          "opcode         name    target                   args    kwargs\n"
          "-------------  ------  -----------------------  ------  --------\n"
          "placeholder    x       x                        ()      {}\n"
          "call_function  add     <built-in function add>  (x, 1)  {}\n"
          "output         output  output                   (add,)  {}\n");
}

TEST_CASE("torch.fx.wrap patches the calling module's global only while tracing", "[fx]") {
    std::string out = out_of(R"(
torch.fx.wrap("len")
def f(x):
    return x * len(x)
gm = torch.fx.symbolic_trace(f)
print([(n.op, n.name) for n in gm.graph.nodes])
print(gm.code.split("def")[0].strip(), len([1, 2, 3]), gm(torch.ones(2)))
)");
    CHECK(out ==
          "[('placeholder', 'x'), ('call_function', 'len_1'), ('call_function', 'mul'), ('output', 'output')]\n"
          "torch.fx._symbolic_trace.wrap(\"len\") 3 tensor([2., 2.])\n");
}

TEST_CASE("a built-in layer called with a Proxy runs PyTorch's Python forward", "[fx]") {
    std::string out = out_of(R"(
g = torch.fx.Graph()
x = torch.fx.Proxy(g.placeholder("x"))
y = nn.Sequential(nn.ReLU(), nn.Dropout(0.25), nn.Flatten())(x)
g.output(y.node)
print([(n.op, n.name) for n in g.nodes])
)");
    CHECK(out ==
          "[('placeholder', 'x'), ('call_function', 'relu'), ('call_function', 'dropout'), ('call_method', "
          "'flatten'), ('output', 'output')]\n");
}
