// AOT autograd (engine/aot) end to end: torch.compile with backend="aot_eager",
// "aot_eager_decomp_partition" and "inductor" on programs that train. The eager engine is the
// oracle: every compiled gradient, loss and running value is compared with the same program run
// eagerly (float64 where the comparison should be exact to rounding). Golden printouts pin the
// joint/forward/backward graphs and the partitioners' choices for a small example.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <string>

#include "bindings/inductor.h"
#include "kernel/ir.h"
#include "support/golden.h"
#include "support/program.h"

namespace {

bool has(const std::string& hay, const std::string& needle) { return hay.find(needle) != std::string::npos; }

int count(const std::string& hay, const std::string& needle) {
    int n = 0;
    for (size_t p = hay.find(needle); p != std::string::npos; p = hay.find(needle, p + 1)) ++n;
    return n;
}

// Models and helpers shared by the programs below. same(a, b) compares lists of tensors.
const char* kPrelude = R"(
import torch
import torch.nn as nn
import torch.nn.functional as F
class MLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.l1 = nn.Linear(8, 32)
        self.l2 = nn.Linear(32, 4)
    def forward(self, x):
        h = self.l1(x)
        return self.l2(torch.tanh(h).sigmoid() * 2 + F.relu(h))
class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.ln = nn.LayerNorm(8)
        self.qkv = nn.Linear(8, 24)
        self.proj = nn.Linear(8, 8)
        self.fc = nn.Linear(8, 16)
        self.fc2 = nn.Linear(16, 8)
    def forward(self, x):
        h = self.ln(x)
        q, k, v = self.qkv(h).split(8, dim=-1)
        a = ((q @ k.transpose(-2, -1)) / 8 ** 0.5).softmax(dim=-1)
        x = x + self.proj(a @ v)
        return x + self.fc2(F.gelu(self.fc(x)))
class Broken(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(6, 6)
        self.b = nn.Linear(6, 3)
    def forward(self, x):
        h = F.silu(self.a(x))
        print("graph break here")
        return self.b(h.exp() / 3)
def same(a, b, rtol=1e-9, atol=1e-12):
    return len(a) == len(b) and all(x is None and y is None or torch.allclose(x, y, rtol=rtol, atol=atol) for x, y in zip(a, b))
def grads(m):
    return [None if p.grad is None else p.grad.clone() for p in m.parameters()]
)";

kiln::testing::ProgramRun run(const std::string& body) {
    setenv("KILN_CPP_JIT", "0", 1);
    auto r = kiln::testing::run_program(std::string(kPrelude) + body);
    INFO(body);
    INFO("stdout:\n" << r.out << "stderr:\n" << r.err);
    INFO(r.result.error_type << ": " << r.result.error_message);
    REQUIRE(r.result.ok);
    CHECK_FALSE(has(r.out, "MISMATCH"));
    CHECK_FALSE(has(r.err, "FX graph interpreter"));
    return r;
}

}  // namespace

TEST_CASE("aot: gradients of compiled models match eager on every backend", "[aot]") {
    auto r = run(R"(
for be in ["aot_eager", "aot_eager_decomp_partition", "inductor"]:
    for mk, shape in [(MLP, (5, 8)), (Block, (2, 5, 8)), (Broken, (4, 6))]:
        torch.manual_seed(0)
        m = mk().double()
        x = torch.randn(*shape, dtype=torch.float64, requires_grad=True)
        m(x).pow(2).sum().backward()
        ge = grads(m)
        gx = x.grad.clone()
        m.zero_grad()
        x.grad = None
        torch._dynamo.reset()
        out = torch.compile(m, backend=be)(x)
        out.pow(2).sum().backward()
        ok = same(ge, grads(m)) and same([gx], [x.grad])
        print("OK" if ok else "MISMATCH", be, mk.__name__, type(out.grad_fn).__name__)
)");
    CHECK(count(r.out, "OK ") == 9);
    CHECK(count(r.out, "CompiledFunctionBackward") == 9);
}

TEST_CASE("aot: transposed convolutions (1-d, 2-d, 3-d) train compiled with eager's gradients", "[aot]") {
    // One aten::_convolution (transposed) node each (F.conv_transpose*d stays one call in the graph),
    // differentiated as the convolution it transposes: dx by that convolution, dW by its weight
    // gradient with the operands swapped, db by a sum (groups, output_padding, a 1-d one over a
    // height of 1). Without the formula the graph ran on the FX interpreter.
    auto r = run(R"(
for nd, mk in ((1, nn.ConvTranspose1d), (2, nn.ConvTranspose2d), (3, nn.ConvTranspose3d)):
    torch.manual_seed(0)
    m = nn.Sequential(mk(4, 6, 3, stride=2, padding=1, output_padding=1, groups=2), nn.Tanh(),
                      mk(6, 2, 2, stride=1, dilation=2, bias=False)).double()
    x = torch.randn((2, 4) + (5,) * nd, dtype=torch.float64, requires_grad=True)
    m(x).pow(2).sum().backward()
    ge, gx = grads(m), x.grad.clone()
    m.zero_grad()
    x.grad = None
    torch._dynamo.reset()
    out = torch.compile(m)(x)
    out.pow(2).sum().backward()
    print("OK" if same(ge, grads(m)) and same([gx], [x.grad]) else "MISMATCH", nd, type(out.grad_fn).__name__)
)");
    CHECK(count(r.out, "OK ") == 3);
    CHECK(count(r.out, "CompiledFunctionBackward") == 3);
}

TEST_CASE("aot: gradient accumulation, no_grad regions and frozen parameters", "[aot]") {
    auto r = run(R"(
for be in ["aot_eager", "inductor"]:
    torch.manual_seed(0)
    m = MLP().double()
    x1 = torch.randn(3, 8, dtype=torch.float64)
    x2 = torch.randn(3, 8, dtype=torch.float64)
    m(x1).sum().backward()
    m(x2).mean().backward()
    ge = grads(m)
    m.zero_grad()
    torch._dynamo.reset()
    cm = torch.compile(m, backend=be)
    cm(x1).sum().backward()
    cm(x2).mean().backward()
    print("OK" if same(ge, grads(m)) else "MISMATCH", be, "accumulate")
    with torch.no_grad():
        y = cm(x1)
    print("OK" if y.grad_fn is None and not y.requires_grad and torch.allclose(y, m(x1)) else "MISMATCH", be, "no_grad")
    m.zero_grad()
    m.l1.weight.requires_grad_(False)
    m(x1).sum().backward()
    ge = grads(m)
    m.zero_grad()
    cm(x1).sum().backward()
    print("OK" if m.l1.weight.grad is None and same(ge, grads(m)) else "MISMATCH", be, "frozen")
)");
    CHECK(count(r.out, "OK ") == 6);
}

TEST_CASE("aot: 50 training steps with SGD and Adam follow eager's loss curve", "[aot]") {
    auto r = run(R"(
def train(compiled, opt_name, be):
    torch.manual_seed(0)
    m = MLP().double()
    f = torch.compile(m, backend=be) if compiled else m
    opt = torch.optim.SGD(m.parameters(), lr=0.05, momentum=0.9) if opt_name == "sgd" else torch.optim.Adam(m.parameters(), lr=0.01)
    torch.manual_seed(1)
    x = torch.randn(16, 8, dtype=torch.float64)
    y = torch.randn(16, 4, dtype=torch.float64)
    losses = []
    for step in range(50):
        opt.zero_grad()
        loss = F.mse_loss(f(x), y)
        loss.backward()
        opt.step()
        losses.append(loss.item())
    return torch.tensor(losses, dtype=torch.float64)
for be in ["aot_eager", "inductor"]:
    for opt_name in ["sgd", "adam"]:
        torch._dynamo.reset()
        e = train(False, opt_name, be)
        c = train(True, opt_name, be)
        ok = torch.allclose(e, c, rtol=1e-9, atol=1e-12) and e[-1] < e[0]
        print("OK" if ok else "MISMATCH", be, opt_name, f"{e[0].item():.6f} -> {e[-1].item():.6f}")
)");
    CHECK(count(r.out, "OK ") == 4);
}

TEST_CASE("aot: an in-place update of an input is written back once, gradients still flow", "[aot]") {
    auto r = run(R"(
def f(x, buf):
    buf.add_(1)
    return (x * buf).sin()
for be in ["aot_eager", "inductor"]:
    torch._dynamo.reset()
    x = torch.randn(5, dtype=torch.float64, requires_grad=True)
    b1 = torch.zeros(5, dtype=torch.float64)
    b2 = torch.zeros(5, dtype=torch.float64)
    f(x, b1).sum().backward()
    ge = x.grad.clone()
    x.grad = None
    torch.compile(f, backend=be)(x, b2).sum().backward()
    print("OK" if torch.equal(b1, b2) and same([ge], [x.grad]) else "MISMATCH", be, b2.tolist())
)");
    CHECK(count(r.out, "OK ") == 2);
}

TEST_CASE("aot: a parameter frozen into the trace as a constant is refused, not silently dropped", "[aot]") {
    // A layer Kiln's Dynamo keeps as one call_module (BatchNorm2d with momentum=None in training,
    // under capture_scalar_outputs) reaches the aten re-trace with its parameters as constants:
    // training that graph would lose their gradients. It runs eagerly instead, said once.
    setenv("KILN_CPP_JIT", "0", 1);
    auto r = kiln::testing::run_program(std::string(kPrelude) + R"(
torch._dynamo.config.capture_scalar_outputs = True
torch.manual_seed(0)
m = nn.Sequential(nn.Conv2d(3, 4, 3), nn.BatchNorm2d(4, momentum=None), nn.ReLU())
x = torch.randn(2, 3, 6, 6)
m(x).sum().backward()
ge = grads(m)
m.zero_grad()
torch.compile(m, backend="aot_eager")(x).sum().backward()
print("OK" if same(ge, grads(m), rtol=1e-5, atol=1e-6) else "MISMATCH")
)");
    INFO(r.out << r.err << r.result.error_message);
    REQUIRE(r.result.ok);
    CHECK(r.out == "OK\n");
    CHECK(has(r.err, "a tensor that requires grad is read as a constant"));
}

TEST_CASE("aot golden: joint, forward and backward graphs, min-cut saves fewer bytes", "[aot][golden]") {
    // cos(cos(x)): the default partitioner saves x, cos(x) and nothing else the backward reads; the
    // min-cut partitioner saves only x and recomputes cos(x) in the backward (PyTorch's choice too).
    std::string text;
    int64_t bytes[2] = {0, 0};
    int i = 0;
    for (const char* be : {"aot_eager", "aot_eager_decomp_partition"}) {
        auto r = run(std::string(R"(
torch._logging.set_logs(aot_graphs=True, aot_joint_graph=True)
def f(x):
    return x.cos().cos()
x = torch.randn(4, 4, requires_grad=True)
y = torch.compile(f, backend=")") + be + R"(")(x)
y.sum().backward()
print("OK" if torch.allclose(x.grad, (x.cos().sin() * x.sin())) else "MISMATCH")
)");
        text += "# backend=" + std::string(be) + "\n" + r.err + "\n";
        auto rep = kiln::vm::bind::last_report();
        REQUIRE(rep);
        bytes[i++] = rep->aot_saved_bytes;
    }
    CHECK(bytes[0] == 128);
    CHECK(bytes[1] == 64);
    kiln::testing::check_golden(std::string(KILN_SOURCE_DIR) + "/tests/aot/golden/cos_cos.txt", text);
}

TEST_CASE("aot: min-cut saves relu's result, which the convolution's backward reads anyway", "[aot]") {
    // relu(conv(x)) feeding another conv: saving conv(x) or relu(conv(x)) costs the same bytes, but
    // the second conv's backward needs relu's result in memory, so saving conv(x) made the backward
    // write relu's result again and a mask for relu's gradient (functorch weighs a value the
    // backward does not otherwise materialize at twice its bytes). Saved: the input, relu's result
    // (and the weights); nothing is recomputed, and the forward fuses relu into the first conv.
    auto r = run(R"(
torch.manual_seed(0)
w1 = torch.randn(4, 2, 3, 3, requires_grad=True)
w2 = torch.randn(3, 4, 3, 3, requires_grad=True)
def f(x):
    return F.conv2d(torch.relu(F.conv2d(x, w1)), w2)
x = torch.randn(2, 2, 8, 8)
ref = torch.autograd.grad(f(x).square().sum(), [w1, w2])
got = torch.autograd.grad(torch.compile(f)(x).square().sum(), [w1, w2])
print("OK" if all(torch.allclose(a, b, rtol=1e-4, atol=1e-5) for a, b in zip(ref, got)) else "MISMATCH")
)");
    CHECK(r.out == "OK\n");
    auto rep = kiln::vm::bind::last_report();
    REQUIRE(rep);
    INFO(rep->aot_partition);
    CHECK(has(rep->aot_partition, "recomputed in backward: nothing"));
    CHECK(has(rep->aot_partition, "  relu: f32[2, 4, 6, 6]"));
    // No kernel computes relu again: the forward's runs in the first conv's epilogue, the backward
    // reads the saved result (its where(relu <= 0, 0, grad) kernel is named after le and where).
    REQUIRE(rep->plan);
    REQUIRE(rep->backward_plan);
    for (const auto& k : rep->plan->kernels) CHECK_FALSE(has(k.name, "relu"));
    for (const auto& k : rep->backward_plan->kernels) CHECK_FALSE(has(k.name, "relu"));
}

TEST_CASE("aot: inductor compiles the forward and the backward into fused kernels", "[aot]") {
    auto r = run(R"(
torch.manual_seed(0)
m = MLP()
x = torch.randn(5, 8)
ref = torch.autograd.grad(m(x).sum(), list(m.parameters()))
out = torch.compile(m)(x)
got = torch.autograd.grad(out.sum(), list(m.parameters()))
print("OK" if same(list(ref), list(got), rtol=1e-5, atol=1e-6) else "MISMATCH")
)");
    CHECK(r.out == "OK\n");
    auto rep = kiln::vm::bind::last_report();
    REQUIRE(rep);
    REQUIRE(rep->plan);
    REQUIRE(rep->backward_plan);
    CHECK(has(rep->aot_partition, "min_cut_rematerialization_partition"));
    // The backward's pointwise chain (tanh', sigmoid', relu' and the adds) fuses: fewer kernels
    // than ops.
    CHECK(rep->backward_plan->kernels.size() >= 1);
    CHECK(has(rep->backward_source, "kiln_call"));
}

TEST_CASE("aot: causal attention trains on the CPU through the flash forward and backward ops", "[aot]") {
    // nanoGPT's attention (F.scaled_dot_product_attention(is_causal=True) on views of one qkv
    // projection) compiled for training on the CPU: the joint graph keeps attention as one forward
    // op returning the logsumexp and one backward op (ops/attention_cpu.cpp, ATen's flash attention
    // for the CPU), as Inductor keeps aten._scaled_dot_product_flash_attention_for_cpu and its
    // backward. With the math's derivative instead, the partitioned forward recomputed q k^T and the
    // softmax after the attention op to save the probabilities: twice the forward's attention work.
    auto r = run(R"(
class Attn(nn.Module):
    def __init__(self):
        super().__init__()
        self.qkv = nn.Linear(16, 48)
    def forward(self, x):
        B, T, C = x.size()
        q, k, v = self.qkv(x).split(16, dim=2)
        q, k, v = [t.view(B, T, 4, 4).transpose(1, 2) for t in (q, k, v)]
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return y.transpose(1, 2).contiguous().view(B, T, C)
torch.manual_seed(0)
m = Attn()
x = torch.randn(3, 40, 16)
print(type(m(x).grad_fn.next_functions[0][0].next_functions[0][0]).__name__)
ref = torch.autograd.grad(m(x).square().sum(), list(m.parameters()))
got = torch.autograd.grad(torch.compile(m)(x).square().sum(), list(m.parameters()))
print("OK" if same(list(ref), list(got), rtol=1e-4, atol=1e-5) else "MISMATCH")
)");
    CHECK(r.out == "ScaledDotProductFlashAttentionForCpuBackward0\nOK\n");
    auto rep = kiln::vm::bind::last_report();
    REQUIRE(rep);
    REQUIRE(rep->plan);
    REQUIRE(rep->backward_plan);
    const std::string fw = kiln::kernel::str(*rep->plan), bw = kiln::kernel::str(*rep->backward_plan);
    CHECK(count(fw, "extern_kernels._scaled_dot_product_fused_attention(") == 1);
    CHECK_FALSE(has(fw, "matmul"));
    CHECK_FALSE(has(fw, "softmax"));
    CHECK(has(bw, "_scaled_dot_product_fused_attention_backward"));
    CHECK_FALSE(has(bw, "matmul"));
}
