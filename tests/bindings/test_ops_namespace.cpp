// torch.ops (engine/stdlib/torch/_ops.py over bindings/ops_py.cpp) and torch.library
// (engine/stdlib/torch/library.py): PyTorch's names and printouts of namespaces, packets and
// overloads, calls bound to the op table's schemas (values and gradients those of the eager ops),
// the AttributeErrors and schema-mismatch errors, and custom operators defined from Python.
#include <catch2/catch.hpp>

#include <string>

#include "support/program.h"

using kiln::testing::program_error;
using kiln::testing::program_output;

TEST_CASE("torch.ops: packets, overloads and their printouts", "[bindings][torch_ops]") {
    CHECK(program_output(R"PY(
x = torch.tensor([1.0, -2.0, 3.0])
print(torch.ops.aten.add.Tensor, repr(torch.ops.aten.add.Tensor), repr(torch.ops.aten.add), torch.ops.aten.add)
print(torch.ops.aten.add.Tensor.name(), torch.ops.aten.relu.default.name(), torch.ops.aten.relu.default)
print(torch.ops.aten.add.Tensor._schema, torch.ops.aten.add.Tensor.overloadpacket is torch.ops.aten.add)
print(torch.ops.aten.add is torch.ops.aten.add, torch.ops.aten.add.Tensor is torch.ops.aten.add.Tensor)
print(torch.ops.aten.add.Tensor(x, x, alpha=2).tolist(), torch.ops.aten.add(x, 1).tolist())
print(torch.ops.aten.relu(x).tolist(), torch.ops.aten.sum.dim_IntList(torch.ones(2, 3), [1]).tolist())
v, i = torch.ops.aten.max.dim(torch.tensor([[1.0, 5.0], [7.0, 2.0]]), 1)
print(v.tolist(), i.tolist(), torch.ops.aten.mm.default(torch.ones(2, 3), torch.ones(3, 2)).tolist())
y = torch.tensor([1.0, 2.0], requires_grad=True)
torch.ops.aten.mul.Tensor(y, y).sum().backward()
print(y.grad.tolist())
)PY") == "aten.add.Tensor <OpOverload(op='aten.add', overload='Tensor')> <OpOverloadPacket(op='aten.add')> aten.add\n"
           "aten::add.Tensor aten::relu aten.relu.default\n"
           "aten::add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor True\n"
           "True True\n[3.0, -6.0, 9.0] [2.0, -1.0, 4.0]\n[1.0, 0.0, 3.0] [3.0, 3.0]\n"
           "[5.0, 7.0] [1, 0] [[3.0, 3.0], [3.0, 3.0]]\n[2.0, 4.0]\n");
}

TEST_CASE("torch.ops: missing operators, overloads and mismatched arguments", "[bindings][torch_ops]") {
    CHECK(program_error("torch.ops.aten.mm.Tensor") ==
          "AttributeError: The underlying op of 'aten.mm' has no overload name 'Tensor'");
    CHECK(program_error("torch.ops.aten.not_an_op") ==
          "AttributeError: '_OpNamespace' 'aten' object has no attribute 'not_an_op'");
    CHECK(program_error("torch.ops.aten.relu.default()") ==
          "RuntimeError: relu() is missing value for argument 'self'. Declaration: aten::relu(Tensor self) -> Tensor");
    CHECK(program_error("torch.ops.aten.add.Tensor(torch.ones(1), 'a')") ==
          "RuntimeError: add() Expected a value of type 'Tensor' for argument 'other' but instead found type 'str'.\n"
          "Position: 1\nDeclaration: aten::add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor");
    CHECK(program_error("torch.ops.aten.relu.default(torch.ones(1), bad=1)") ==
          "RuntimeError: relu() got an unexpected keyword argument 'bad'");
}

TEST_CASE("torch.library: custom_op with an autograd formula, Library.define/impl", "[bindings][torch_ops]") {
    CHECK(program_output(R"PY(
from typing import Optional
@torch.library.custom_op("kilntest::mysin", mutates_args=())
def mysin(x: torch.Tensor, scale: float = 1.0) -> torch.Tensor:
    return torch.sin(x) * scale
print(torch.ops.kilntest.mysin, torch.ops.kilntest.mysin.default._schema)
print(mysin(torch.zeros(2)).tolist(), torch.ops.kilntest.mysin(torch.tensor([0.0]), scale=2.0).tolist())
a = torch.tensor([0.0, 1.0], requires_grad=True)
print(mysin(a).requires_grad)
def setup_context(ctx, inputs, output):
    ctx.save_for_backward(inputs[0])
    ctx.scale = inputs[1]
def backward(ctx, grad):
    x, = ctx.saved_tensors
    return grad * x.cos() * ctx.scale, None
mysin.register_autograd(backward, setup_context=setup_context)
mysin(a, 3.0).sum().backward()
print([round(g, 4) for g in a.grad.tolist()])
print(torch.library.infer_schema(lambda x, n, w=None, *, flag=True: x, mutates_args=()) if False else "skip")
def f(x: torch.Tensor, idx: Optional[torch.Tensor], n: int = 2, *, flag: bool = True) -> tuple[torch.Tensor, torch.Tensor]:
    return x, x
print(torch.library.infer_schema(f, mutates_args=()))
lib = torch.library.Library("kilntest2", "DEF")
print(lib.define("twice(Tensor x, float scale=2.0) -> Tensor"))
lib.impl("twice", lambda x, scale=2.0: x * scale, "CPU")
print(torch.ops.kilntest2.twice(torch.ones(2)).tolist(), torch.ops.kilntest2.twice(torch.ones(1), scale=3.0).tolist())
torch.library.define("kilntest2::neg3", "(Tensor x) -> Tensor")
@torch.library.impl("kilntest2::neg3", "cpu")
def neg3(x):
    return -3 * x
print(torch.ops.kilntest2.neg3(torch.ones(1)).tolist(), torch.ops.kilntest2.neg3.overloads())
try:
    lib.define("twice(Tensor x) -> Tensor")
except RuntimeError as e:
    print(str(e).split(".")[0])
try:
    torch.library.Library("kilntest3", "BAD")
except ValueError as e:
    print(e)
)PY") == "kilntest.mysin kilntest::mysin(Tensor x, float scale=1.) -> Tensor\n[0.0, 0.0] [0.0]\nFalse\n"
           "[3.0, 1.6209]\nskip\n(Tensor x, Tensor? idx, SymInt n=2, *, bool flag=True) -> (Tensor, Tensor)\n"
           "twice\n[2.0, 2.0] [3.0]\n[-3.0] ['default']\n"
           "Tried to register an operator (kilntest2::twice(Tensor x) -> Tensor) with the same name and overload name "
           "multiple times\n('Unsupported kind: ', 'BAD')\n");
}

TEST_CASE("torch.ops: torch.fx records overload calls, torch.jit.trace records their aten nodes", "[bindings][torch_ops]") {
    CHECK(program_output(R"PY(
import torch.fx
def f(x, y):
    return torch.ops.aten.relu.default(torch.ops.aten.add.Tensor(x, y, alpha=2))
gm = torch.fx.symbolic_trace(f)
print([(n.op, str(n.target)) for n in gm.graph.nodes])
print(gm(torch.tensor([1.0, -3.0]), torch.tensor([1.0, 1.0])).tolist())
tr = torch.jit.trace(f, (torch.ones(2), torch.ones(2)))
print([n.kind() for n in tr.graph.nodes()])
print(tr(torch.tensor([1.0, -3.0]), torch.tensor([1.0, 1.0])).tolist())
g = torch.jit.trace(lambda x: torch.ops.aten.cat.default([x, x * 2]), (torch.ones(2),))
print([n.kind() for n in g.graph.nodes()], g(torch.tensor([1.0, 2.0])).tolist())
)PY") == "[('placeholder', 'x'), ('placeholder', 'y'), ('call_function', 'aten.add.Tensor'), "
           "('call_function', 'aten.relu.default'), ('output', 'output')]\n[3.0, 0.0]\n"
           "['prim::Constant', 'aten::add', 'aten::relu']\n[3.0, 0.0]\n"
           "['prim::Constant', 'aten::mul', 'prim::ListConstruct', 'prim::Constant', 'aten::cat'] [1.0, 2.0, 2.0, 4.0]\n");
}

TEST_CASE("torch.ops under torch.compile: overloads and custom ops are single graph nodes", "[bindings][torch_ops]") {
    CHECK(program_output(R"PY(
@torch.library.custom_op("kilntest4::halve", mutates_args=())
def halve(x: torch.Tensor) -> torch.Tensor:
    return torch.from_numpy(x.numpy() / 2)
seen = []
def backend(gm, example_inputs):
    seen.extend((n.name, str(n.target)) for n in gm.graph.nodes if n.op == "call_function")
    return gm.forward
def f(x):
    return torch.ops.aten.relu.default(halve(x)) + torch.ops.aten.sum.dim_IntList(x, [0])
x = torch.tensor([-2.0, 4.0])
print(torch.compile(f, backend=backend, fullgraph=True)(x).tolist(), f(x).tolist())
print(seen)
print(torch.compile(f)(x).tolist())
)PY") == "[2.0, 4.0] [2.0, 4.0]\n[('halve_default', 'kilntest4.halve.default'), ('relu_default', 'aten.relu.default'), "
           "('sum_dim_int_list', 'aten.sum.dim_IntList'), ('add', '<built-in function add>')]\n[2.0, 4.0]\n");
}

TEST_CASE("torch.ops.profiler: record_function ranges as operators (FX's profiling tracer)", "[bindings][torch_ops]") {
    CHECK(program_output(R"PY(
print(torch.ops.profiler._record_function_enter.default._schema)
with torch.autograd.profiler.profile() as prof:
    h = torch.ops.profiler._record_function_enter("outer")
    y = torch.relu(torch.ones(2))
    torch.ops.profiler._record_function_exit(h)
print([e.name for e in prof.function_events])
)PY") == "profiler::_record_function_enter(str name, str? args=None) -> Tensor\n"
                       "['outer', 'aten::empty', 'aten::ones', 'aten::empty', 'aten::fill_', 'aten::relu', "
                       "'aten::clamp_min']\n");
}
