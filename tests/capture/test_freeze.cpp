// torch.jit.freeze and torch.jit.optimize_for_inference as programs call them: the eval-mode
// requirement with PyTorch's message, the frozen graph (no submodule calls, no attribute reads,
// batch norm and dropout folded away, weights named *_fused_bn), and outputs equal to the unfrozen
// module: compared in float64, where the folds change only the last bits.
#include "support/program.h"

using kiln::testing::program_error;
using kiln::testing::program_output;

namespace {

// A conv -> batch norm -> relu -> dropout -> conv -> (* 2) module with non-trivial statistics,
// built in float64 (`.double()`), so frozen and unfrozen outputs agree to ~1e-15.
const char* kConvBn = R"(
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(2, 3, 3, padding=1)
        self.bn = nn.BatchNorm2d(3)
        self.drop = nn.Dropout(0.25)
        self.head = nn.Conv2d(3, 2, 1, bias=False)
        self.scale = 2.0

    def forward(self, x):
        y = torch.relu(self.bn(self.conv(x)))
        if self.training:
            y = y + 100.0
        return self.head(self.drop(y)) * self.scale

torch.manual_seed(0)
net = Net().double()
with torch.no_grad():
    net.bn.running_mean.copy_(torch.tensor([0.5, -0.25, 1.0]))
    net.bn.running_var.copy_(torch.tensor([2.0, 0.5, 1.5]))
    net.bn.weight.copy_(torch.tensor([1.5, 0.75, -1.0]))
    net.bn.bias.copy_(torch.tensor([0.1, 0.2, 0.3]))
s = torch.jit.script(net)
x = torch.randn(2, 2, 5, 5, dtype=torch.float64)
)";

}  // namespace

TEST_CASE("freeze: a module in training mode is rejected with PyTorch's message", "[jit][freeze]") {
    CHECK(program_error(std::string(kConvBn) + "torch.jit.freeze(s)\n") ==
          "RuntimeError: Freezing is currently only implemented for modules in eval mode. Please call .eval() on "
          "your module before freezing.");
    CHECK(program_error("torch.jit.freeze(nn.Linear(2, 2).eval())\n") ==
          "RuntimeError: Freezing expects a ScriptModule as input. Please use torch.jit.script or torch.jit.trace to "
          "script your 'nn.Module'.");
    CHECK(program_error("torch.jit.optimize_for_inference(nn.Linear(2, 2))\n") ==
          "RuntimeError: optimize_for_inference expects a ScriptModule as input. Please use torch.jit.script or "
          "torch.jit.trace to script your 'nn.Module'.");
}

TEST_CASE("freeze: conv-bn module frozen equals the module (float64) with a folded graph", "[jit][freeze]") {
    std::string out = program_output(std::string(kConvBn) + R"(
s.eval()
f = torch.jit.freeze(s)
g = str(f.graph)
print("batch_norm" in g, "dropout" in g, "prim::CallMethod" in g, "prim::GetAttr" in g, "prim::If" in g)
print("self.conv.weight_fused_bn" in g, "self.conv.bias_fused_bn" in g, g.count("aten::conv2d"))
with torch.no_grad():
    ref = net.eval()(x)
    got = f(x)
print(got.dtype, got.shape, (got - ref).abs().max().item() < 1e-12)
print(f, len(list(f.parameters())), hasattr(f, "training"))
print(s(x).sub(ref).abs().max().item() < 1e-12)
)");
    CHECK(out ==
          "False False False False False\n"
          "True True 2\n"
          "torch.float64 torch.Size([2, 2, 5, 5]) True\n"
          "RecursiveScriptModule(original_name=Net) 0 False\n"
          "True\n");
}

TEST_CASE("freeze: frozen constants are copies, preserved attributes stay attributes", "[jit][freeze]") {
    std::string out = program_output(R"(
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(2, 2)
        self.k = 3
        self.calls = 0

    def forward(self, x):
        self.calls = self.calls + 1
        return self.lin(x) * self.k

m = M()
with torch.no_grad():
    m.lin.weight.copy_(torch.tensor([[1.0, 0.0], [0.0, 1.0]]))
    m.lin.bias.zero_()
f = torch.jit.freeze(torch.jit.script(m).eval(), preserved_attrs=["k"])
g = str(f.graph)
print('name="k"' in g, 'name="calls"' in g, "self.lin.weight" in g)
x = torch.tensor([[1.0, 2.0]])
print(f(x))
f.k = 10
with torch.no_grad():
    m.lin.weight.mul_(100.0)
print(f(x), f.calls)
)");
    CHECK(out ==
          "True True True\n"
          "tensor([[3., 6.]])\n"
          "tensor([[10., 20.]]) 2\n");
}

TEST_CASE("freeze: optimize_for_inference freezes (putting the module in eval mode) and folds", "[jit][freeze]") {
    std::string out = program_output(std::string(kConvBn) + R"(
o = torch.jit.optimize_for_inference(s)
g = str(o.graph)
print(s.training, "batch_norm" in g, "dropout" in g, "weight_fused_bn" in g)
with torch.no_grad():
    print((o(x) - net.eval()(x)).abs().max().item() < 1e-12)
o2 = torch.jit.optimize_for_inference(torch.jit.freeze(s))
print(type(o2).__name__, "batch_norm" in str(o2.graph))
)");
    CHECK(out ==
          "False False False True\n"
          "True\n"
          "RecursiveScriptModule False\n");
}

TEST_CASE("freeze: a traced module freezes as a ScriptModule, its conv-bn folded", "[jit][freeze]") {
    // PyTorch's traced module is a ScriptModule whose forward is the traced graph: torch.jit.freeze
    // takes it (no refusal), turns its parameters into constants, folds the batch norm into the
    // traced aten::_convolution (supportedConvNode accepts a non-transposed one) and keeps eval's
    // values; training mode is refused as for scripted modules. A second trace of a layer class
    // (a mangled traced type) held by a scripted module freezes too (its method found by the
    // object's class).
    std::string out = program_output(std::string(kConvBn) + R"(
net.eval()
t = torch.jit.trace(net, x)
f = torch.jit.freeze(t)
g = str(f.graph)
print("batch_norm" in g, "_convolution" in g, "prim::GetAttr" in g, len(list(f.parameters())))
print(torch.allclose(f(x), net(x), atol=1e-12))
lin = torch.jit.trace(nn.Linear(4, 8), torch.ones(1, 4))
class Holder(nn.Module):
    def __init__(self):
        super().__init__()
        self.inner = torch.jit.trace(nn.Linear(4, 2), torch.ones(1, 4))
    def forward(self, y):
        return self.inner(y).relu()
h = Holder().eval()
fh = torch.jit.freeze(torch.jit.script(h))
print("prim::CallMethod" in str(fh.graph), torch.allclose(fh(torch.ones(3, 4)), h(torch.ones(3, 4))))
)");
    CHECK(out == "False True False 0\nTrue\nFalse True\n");
    CHECK(program_error(std::string(kConvBn) + "torch.jit.freeze(torch.jit.trace(net, x))\n") ==
          "RuntimeError: Freezing is currently only implemented for modules in eval mode. Please call .eval() on "
          "your module before freezing.");
}
