// Capture fidelity rules of PyTorch 2.11 that Kiln follows, each checked on a small program: how
// TorchScript compiles augmented assignment (getAugOp: lists and tensors update in place) and names
// an unannotated empty list (no name: PyTorch's EmptyListLiteral is replaced by a fresh
// ListConstruct), how it types None module attributes (NoneType: an attribute of one fails to
// compile even behind `is not None and`), tensor properties as prim ops, state readers left to run
// time by constant propagation, a user class's concrete type (a second, different instance gets a
// mangled type), and torch.export's symbol names, input guards and training-IR mutations.
#include "support/check.h"
#include "support/program.h"

using kiln::testing::program_output;

TEST_CASE("capture fidelity: list += is aten::add_ in place and an unannotated [] has no name", "[script][jit]") {
    std::string out = program_output(R"PY(
import torch
from typing import List

@torch.jit.script
def f(t: torch.Tensor, n: int):
    out = []
    for i in range(t.size(0)):
        out += [t[i]]
    keep: List[int] = []
    keep.append(n)
    zs = [1, 2]
    alias = zs
    zs *= n
    u = t.clone()
    u %= 2
    return torch.stack(out), keep, alias, u
print(f.code)
print(f(torch.tensor([-3.0, 5.0]), 2))
)PY");
    CHECK(out ==
          "def f(t: Tensor,\n"
          "    n: int) -> Tuple[Tensor, List[int], List[int], Tensor]:\n"
          "  _0 = annotate(List[Tensor], [])\n"
          "  out = _0\n"
          "  for i in range(torch.size(t, 0)):\n"
          "    out0 = torch.add_(out, [torch.select(t, 0, i)])\n"
          "    out = out0\n"
          "  keep = annotate(List[int], [])\n"
          "  _1 = torch.append(keep, n)\n"
          "  zs = [1, 2]\n"
          "  zs0 = torch.mul_(zs, n)\n"
          "  u = torch.clone(t)\n"
          "  u0 = torch.fmod_(u, 2)\n"
          "  return (torch.stack(out), keep, zs, u0)\n"
          "\n"
          "(tensor([-3.,  5.]), [2], [1, 2, 1, 2], tensor([-1.,  1.]))\n");
}

TEST_CASE("capture fidelity: a None attribute is NoneType and both operands of `and` compile", "[script][jit]") {
    std::string out = program_output(R"PY(
import torch, torch.nn as nn
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.b = None
        self.lin = nn.Linear(2, 2, bias=False)
    def forward(self, x):
        if self.b is not None and x.dtype != self.b.dtype:
            return x
        return x + 1
try:
    torch.jit.script(M())
except RuntimeError as e:
    print(str(e).splitlines()[0])
class N(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(2, 2, bias=False)
    def forward(self, x):
        return self.lin.bias is None, x.is_nested, x.is_cpu, x.requires_grad, x.ndim, torch.is_grad_enabled()
s = torch.jit.script(N())
print(s(torch.ones(2)))
with torch.no_grad():
    print(s(torch.ones(2, requires_grad=True)))
try:
    torch.jit.script(nn.MultiheadAttention(4, 2, bias=False))
except RuntimeError as e:
    print(str(e).splitlines()[0])
)PY");
    CHECK(out ==
          "'NoneType' object has no attribute or method 'dtype'.:\n"
          "(True, False, True, False, 1, True)\n"
          "(True, False, True, True, 1, False)\n"
          "'NoneType' object has no attribute or method 'dtype'.:\n");
}

TEST_CASE("capture fidelity: a second instance of another concrete type gets a mangled class", "[script][jit]") {
    std::string out = program_output(R"PY(
import torch, torch.nn as nn
class Block(nn.Module):
    __constants__ = ["k"]
    def __init__(self, k, width):
        super().__init__()
        self.k = k
        self.lin = nn.Linear(width, width)
    def forward(self, x):
        return self.lin(x) * self.k
for k, width in [(2, 3), (2, 3), (3, 3), (2, 4)]:
    print(str(torch.jit.script(Block(k, width)).graph).splitlines()[0])
)PY");
    CHECK(out ==
          "graph(%self : __torch__.Block,\n"
          "graph(%self : __torch__.Block,\n"
          "graph(%self : __torch__.___torch_mangle_0.Block,\n"
          "graph(%self : __torch__.___torch_mangle_2.Block,\n");
}

TEST_CASE("capture fidelity: export's symbols, guards and training-IR mutations", "[export]") {
    std::string out = program_output(R"PY(
import torch, torch.nn as nn
from torch.export import Dim, export
class Two(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("n", torch.zeros(()))
    def forward(self, x, y, scale=1.0):
        self.n.add_(1)
        return (x.sum(0) + y.sum(0)) * scale
b = Dim("b", max=8)
ep = export(Two(), (torch.randn(4, 3), torch.randn(4, 3)), {"scale": 2.0},
            dynamic_shapes={"x": {0: b}, "y": {0: b}, "scale": None})
print(ep.range_constraints)
print([n.name for n in ep.graph.nodes if n.op == "placeholder"])
print([s.kind.name for s in ep.graph_signature.output_specs], ep.graph_signature.buffers_to_mutate)
m = ep.module()
for args, kw in [((torch.randn(9, 3), torch.randn(9, 3)), {"scale": 2.0}),
                 ((torch.randn(5, 3), torch.randn(5, 3)), {"scale": 3.0}),
                 ((torch.randn(5, 3), torch.randn(5, 4)), {"scale": 2.0})]:
    try:
        m(*args, **kw)
    except AssertionError as e:
        print(e)
try:
    ep.module(check_guards=False)(torch.randn(9, 3), torch.randn(9, 3), scale=2.0)
except RuntimeError as e:
    print(e)
core = ep.run_decompositions()
print([s.kind.name for s in core.graph_signature.output_specs], core.graph_signature.buffers_to_mutate)
run = core.module()
run(torch.randn(5, 3), torch.randn(5, 3), scale=2.0)
print(run.n)
)PY");
    CHECK(out ==
          "{s17: VR[0, 8]}\n"
          "['b_n', 'x', 'y', 'scale']\n"
          "['USER_OUTPUT'] {}\n"
          "Guard failed: x.size()[0] <= 8\n"
          "Guard failed: scale == 2.0\n"
          "Guard failed: y.size()[1] == 3\n"
          "Expected input at *args[0].shape[0] to be <= 8, but got 9\n"
          "['BUFFER_MUTATION', 'USER_OUTPUT'] {'add': 'n'}\n"
          "tensor(1.)\n");
}

TEST_CASE("capture fidelity: a loaded module prints its submodules as RecursiveScriptModules", "[jit]") {
    // nn.Module.__repr__ over the loaded object's module slots: original_name=... as extra_repr,
    // every submodule (parameterless ones too) nested and indented.
    std::string out = kiln::testing::program_output(R"(
import io
class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(2, 2)
        self.act = nn.Sequential(nn.ReLU(), nn.Tanh())
    def forward(self, x):
        return self.act(self.fc(x))
buf = io.BytesIO()
torch.jit.save(torch.jit.trace(Block(), torch.ones(1, 2)), buf)
buf.seek(0)
m = torch.jit.load(buf)
print(m)
print(m.original_name)
)");
    CHECK(out ==
          "RecursiveScriptModule(\n"
          "  original_name=Block\n"
          "  (fc): RecursiveScriptModule(original_name=Linear)\n"
          "  (act): RecursiveScriptModule(\n"
          "    original_name=Sequential\n"
          "    (0): RecursiveScriptModule(original_name=ReLU)\n"
          "    (1): RecursiveScriptModule(original_name=Tanh)\n"
          "  )\n"
          ")\n"
          "Block\n");
}

TEST_CASE("capture fidelity: a scripted submodule's tuple result is unpacked in the trace", "[jit]") {
    // PyTorch's tracer sets a tuple result's trace with prim::TupleUnpack, so the caller's later
    // ops read traced values (the introduction tutorial's `_0, y, = (loop).forward(xs, )`), not
    // constants frozen at trace time: a new input gives a new result.
    std::string out = kiln::testing::program_output(R"(
class Pair(nn.Module):
    def forward(self, x):
        return x * 2, x + 1
class Wrap(nn.Module):
    def __init__(self):
        super().__init__()
        self.pair = torch.jit.script(Pair())
    def forward(self, x):
        a, b = self.pair(x)
        return b.relu()
t = torch.jit.trace(Wrap(), torch.ones(2))
print(t.code.strip())
print(t(torch.tensor([-3.0, 4.0])))
)");
    CHECK(out ==
          "def forward(self,\n"
          "    x: Tensor) -> Tensor:\n"
          "  pair = self.pair\n"
          "  _0, b, = (pair).forward(x, )\n"
          "  return torch.relu(b)\n"
          "tensor([0., 5.])\n");
}

TEST_CASE("capture fidelity: a t[] formal given a non-list names the type variable", "[script][jit]") {
    // PyTorch's matchTypeVariables fails first for aten::add.t(t[] a, t[] b) given an int: "Could
    // not match type int to List[t] in argument 'a': Cannot match List[t] to int." (never List[Any]).
    std::string out = kiln::testing::program_output(R"(
from typing import List
def f(xs: List[int], n: int):
    return n + xs
try:
    torch.jit.script(f)
except RuntimeError as e:
    lines = str(e).splitlines()
    i = lines.index('  aten::add.t(t[] a, t[] b) -> t[]:')
    print(lines[i + 1])
)");
    CHECK(out == "  Could not match type int to List[t] in argument 'a': Cannot match List[t] to int.\n");
}
