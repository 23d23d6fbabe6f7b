// torch.export (engine/stdlib/torch/export, engine/bindings/export_trace.cpp) and torch.cond: the
// ATen-level graph with lifted state, the graph signature's printout, module()'s input checks, dynamic
// dims recorded as sym_size.int, the data-dependent-branch error, and the tracer fix export relies on
// (F.relu(inplace=True) is aten::relu_). Texts are PyTorch 2.11's (tests/realworld/torch_export_tour.out
// is the golden of the same workflow).
#include <catch2/catch.hpp>

#include <string>

#include "support/program.h"

namespace {

using Run = kiln::testing::ProgramRun;

Run run(const std::string& body) {
    return kiln::testing::run_source("import torch\nimport torch.nn as nn\nfrom torch.export import export, Dim\n" + body);
}

std::string out_of(const std::string& body) {
    Run r = run(body);
    INFO(r.err);
    REQUIRE(r.result.ok);
    return r.out;
}

const char* kLinear = R"(
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 3)
        self.register_buffer("scale", torch.tensor(2.0))
    def forward(self, x, y):
        return torch.nn.functional.relu(self.lin(x + y), inplace=True) * self.scale
torch.manual_seed(0)
m = M()
args = (torch.randn(2, 4), torch.randn(2, 4))
)";

}  // namespace

TEST_CASE("torch.export lifts parameters and buffers and records the aten training IR", "[export]") {
    std::string out = out_of(std::string(kLinear) + R"(
ep = export(m, args)
print(ep.graph)
print(ep.graph_signature)
print(torch.allclose(ep.module()(*args), m(*args)))
print(list(ep.state_dict), ep.graph_signature.user_inputs, ep.graph_signature.user_outputs)
)");
    CHECK(out ==
          "graph():\n"
          "    %p_lin_weight : [num_users=1] = placeholder[target=p_lin_weight]\n"
          "    %p_lin_bias : [num_users=1] = placeholder[target=p_lin_bias]\n"
          "    %b_scale : [num_users=1] = placeholder[target=b_scale]\n"
          "    %x : [num_users=1] = placeholder[target=x]\n"
          "    %y : [num_users=1] = placeholder[target=y]\n"
          "    %add : [num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%x, %y), kwargs = {})\n"
          "    %linear : [num_users=1] = call_function[target=torch.ops.aten.linear.default](args = (%add, %p_lin_weight, "
          "%p_lin_bias), kwargs = {})\n"
          "    %relu_ : [num_users=1] = call_function[target=torch.ops.aten.relu_.default](args = (%linear,), kwargs = {})\n"
          "    %mul : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%relu_, %b_scale), kwargs = {})\n"
          "    return (mul,)\n"
          "\n"
          "# inputs\n"
          "p_lin_weight: PARAMETER target='lin.weight'\n"
          "p_lin_bias: PARAMETER target='lin.bias'\n"
          "b_scale: BUFFER target='scale' persistent=True\n"
          "x: USER_INPUT\n"
          "y: USER_INPUT\n"
          "\n"
          "# outputs\n"
          "mul: USER_OUTPUT\n"
          "\n"
          "True\n"
          "['lin.weight', 'lin.bias', 'scale'] ('x', 'y') ('mul',)\n");
}

TEST_CASE("torch.export leaves trailing default arguments out and keeps Python numbers", "[export]") {
    std::string out = out_of(R"(
class C(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 4, 3, padding=1)
    def forward(self, x):
        return (self.conv(x) + 1).sum(dim=1)
ep = export(C(), (torch.randn(1, 3, 5, 5),))
for n in ep.graph.nodes:
    if n.op == "call_function":
        print(n.target, n.args)
)");
    CHECK(out ==
          "aten.conv2d.default (x, p_conv_weight, p_conv_bias, [1, 1], [1, 1])\n"
          "aten.add.Tensor (conv2d, 1)\n"
          "aten.sum.dim_IntList (add, [1])\n");
}

TEST_CASE("torch.export: a branch on tensor data is GuardOnDataDependentSymNode, torch.cond is a graph node",
          "[export]") {
    std::string out = out_of(R"(
from torch.fx.experimental.symbolic_shapes import GuardOnDataDependentSymNode
class Bad(nn.Module):
    def forward(self, x):
        if x.sum() > 0:
            return x.sin()
        return x.cos()
try:
    export(Bad(), (torch.randn(3),))
except GuardOnDataDependentSymNode as e:
    print(type(e).__name__, isinstance(e, RuntimeError))
class Shape(nn.Module):
    def forward(self, x):
        if x.shape[0] > 2:
            return x.sin()
        return x.cos()
print([n.target for n in export(Shape(), (torch.randn(3),)).graph.nodes if n.op == "call_function"])
class Good(nn.Module):
    def forward(self, x):
        return torch.cond(x.sum() > 0, lambda x: x.sin(), lambda x: x.cos(), (x,))
ep = export(Good(), (torch.randn(3),))
print([n.name for n in ep.graph.nodes])
inp = torch.tensor([0.5, -2.0, 1.0])
print(torch.allclose(ep.module()(inp), inp.cos()), torch.allclose(ep.module()(-inp), (-inp).sin()))
print(torch.cond(torch.tensor(True), lambda a: a + 1, lambda a: a - 1, (torch.zeros(2),)))
)");
    CHECK(out ==
          "GuardOnDataDependentSymNode True\n"
          "[<OpOverload(op='aten.sin', overload='default')>]\n"
          "['x', 'sum_1', 'gt', 'true_graph_0', 'false_graph_0', 'cond', 'getitem', 'output']\n"
          "True True\n"
          "tensor([1., 1.])\n");
}

TEST_CASE("torch.export dynamic dims: sym_size.int nodes, module() checks sizes as PyTorch's guards do", "[export]") {
    std::string out = out_of(R"(
class F(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(6, 2)
    def forward(self, x, y):
        h = (x + y).relu()
        return self.fc(h.view(h.size(0), -1))
batch = Dim("batch", min=1, max=16)
ep = export(F(), (torch.randn(4, 2, 3), torch.randn(4, 2, 3)), dynamic_shapes={"x": {0: batch}, "y": {0: batch}})
print([str(n.target) for n in ep.graph.nodes if n.op == "call_function"])
print(ep.range_constraints)
print(ep.module()(torch.randn(7, 2, 3), torch.randn(7, 2, 3)).shape)
for a, b in [((7, 2, 3), (8, 2, 3)), ((7, 2, 4), (7, 2, 4)), ((17, 2, 3), (17, 2, 3))]:
    try:
        ep.module()(torch.randn(*a), torch.randn(*b))
    except Exception as e:
        print(type(e).__name__ + ":", e)
)");
    CHECK(out ==
          "['aten.add.Tensor', 'aten.relu.default', 'aten.sym_size.int', 'aten.view.default', 'aten.linear.default']\n"
          "{s17: VR[1, 16]}\n"
          "torch.Size([7, 2])\n"
          "AssertionError: Guard failed: y.size()[0] == x.size()[0]\n"
          "AssertionError: Guard failed: x.size()[2] == 3\n"
          "AssertionError: Guard failed: x.size()[0] <= 16\n");
}

TEST_CASE("F.relu(inplace=True) traces as aten::relu_", "[export][jit]") {
    std::string out = out_of(R"(
g = torch.jit.trace(lambda x: torch.nn.functional.relu(x * 2, inplace=True), (torch.randn(2),)).graph
print([n.kind() for n in g.nodes()])
)");
    CHECK(out == "['prim::Constant', 'aten::mul', 'aten::relu_']\n");
}

TEST_CASE("torch.ops overloads take Python numbers for Tensor arguments", "[export][ops]") {
    std::string out = out_of(R"(
print(torch.ops.aten.add.Tensor(torch.ones(2), 1), torch.ops.aten.mul.Tensor(torch.ones(2, dtype=torch.int64), 2.5))
)");
    CHECK(out == "tensor([2., 2.]) tensor([2.5000, 2.5000])\n");
}

TEST_CASE("torch.export refuses to freeze item() of input data, keeps static sizes as ints", "[export]") {
    std::string out = out_of(R"(
class A(nn.Module):
    def forward(self, x):
        return x * x.max().item()
try:
    export(A(), (torch.randn(3),))
except NotImplementedError as e:
    print(str(e).split(" of a value")[0])
class B(nn.Module):
    def forward(self, x):
        return x * int(x.shape[0]) + len(x)
print([n.args for n in export(B(), (torch.randn(3),)).graph.nodes if n.op == "call_function"])
)");
    CHECK(out == "torch.export: Tensor.item()\n[(x, 3), (mul, 3)]\n");
}

TEST_CASE("torch.export graphs with factories run: torch.device(type=...) and device= through torch.ops", "[export]") {
    std::string out = out_of(R"(
print(torch.device(type="cpu"), torch.device(type="cuda", index=1))
print(torch.ops.aten.zeros.default([2], dtype=torch.float32, device=torch.device(type="cpu")))
torch.manual_seed(0)
gru = nn.GRU(4, 6).eval()
x = torch.randn(3, 2, 4)
ep = export(gru, (x,))
out, h = ep.module()(x)
ref_out, ref_h = gru(x)
print(torch.allclose(out, ref_out, atol=1e-6), torch.allclose(h, ref_h, atol=1e-6))
)");
    CHECK(out == "cpu cuda:1\ntensor([0., 0.])\nTrue True\n");
}
