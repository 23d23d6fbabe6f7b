// [cuda]: torch.compile on CUDA tensors. The default back end schedules the graph as on the CPU and
// runs its kernels as CUDA C++ compiled by NVRTC (codegen/cuda, backends/cuda_jit); extern steps
// (mm, addmm) run eager CUDA ops. Each program checks compiled-on-GPU against eager on the CPU and
// that the graph did not fall back. Without a GPU each case checks that compiling a CUDA program
// is impossible for the right reason and skips.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>

#include "backends/cuda_graph.h"
#include "backends/step_profile.h"
#include "bindings/inductor.h"
#include "codegen/cuda.h"
#include "cuda/cuda.h"
#include "kernel/ir.h"
#include "support/program.h"

namespace {

// expected_kernels < 0: any number (the scheduler may fuse reductions horizontally).
void compiled_on_gpu(const std::string& body, int expected_kernels) {
    if (!kiln::cuda::is_available()) {
        SUCCEED("skipped: no CUDA device (torch.cuda.is_available() is False)");
        return;
    }
    kiln::vm::bind::last_report().reset();
    auto r = kiln::testing::run_program("import torch\nimport torch.nn.functional as F\ntorch.manual_seed(0)\n" + body +
                                        "cf = torch.compile(f)\n"
                                        "gargs = tuple(a.cuda() for a in args)\n"
                                        "for _ in range(3):\n"
                                        "    got = cf(*gargs)\n"
                                        "want = f(*args)\n"
                                        "got = got if isinstance(got, tuple) else (got,)\n"
                                        "want = want if isinstance(want, tuple) else (want,)\n"
                                        "print(all(g.is_cuda for g in got))\n"
                                        "print(all(torch.allclose(g.cpu(), w, rtol=1e-4, atol=1e-5) for g, w in zip(got, want)))\n");
    INFO(r.out << r.err << r.result.error_type << ": " << r.result.error_message);
    REQUIRE(r.result.ok);
    CHECK(r.out == "True\nTrue\n");
    CHECK(r.err.find("FX graph interpreter") == std::string::npos);
    auto rep = kiln::vm::bind::last_report();
    REQUIRE(rep);
    REQUIRE(rep->plan);
    CHECK(rep->plan->device == kiln::Device::CUDA);
    if (expected_kernels >= 0) CHECK(int(rep->plan->kernels.size()) == expected_kernels);
    CHECK(rep->source.find("__global__") != std::string::npos);
}

}  // namespace

TEST_CASE("cuda inductor: pointwise chain is one NVRTC kernel", "[cuda]") {
    compiled_on_gpu("def f(x, y):\n"
                    "    return ((x * y + 1).relu() - x.sigmoid()).tanh()\n"
                    "args = (torch.randn(64, 33), torch.randn(33))\n",
                    1);
}

TEST_CASE("cuda inductor: small matrix products are computed in their epilogue kernel", "[cuda]") {
    // passes/gemm_epilogue.cpp: a small addmm/mm and the pointwise kernel reading it are one GEMM
    // template kernel. Odd sizes (partial 16 x 16 tiles, k not a multiple of 16), a transposed
    // weight (F.linear), a plain mm, alpha/beta, a bias broadcast along rows or columns, a
    // non-contiguous A and two products read by one kernel (only one of them is fused).
    compiled_on_gpu("def f(x, w, b):\n"
                    "    return torch.tanh(F.linear(x, w, b))\n"
                    "args = (torch.randn(37, 19), torch.randn(21, 19), torch.randn(21))\n",
                    1);
    compiled_on_gpu("def f(x, w):\n"
                    "    return (x @ w).sigmoid() * 3\n"
                    "args = (torch.randn(5, 40), torch.randn(40, 33))\n",
                    1);
    compiled_on_gpu("def f(b, x, w):\n"
                    "    return torch.relu(torch.addmm(b, x, w, beta=0.5, alpha=2.0))\n"
                    "args = (torch.randn(24, 1), torch.randn(24, 17), torch.randn(17, 48))\n",
                    1);
    compiled_on_gpu("def f(x, w, v):\n"
                    "    return (x.t() @ w + x.t() @ v).relu()\n"
                    "args = (torch.randn(20, 12), torch.randn(20, 9), torch.randn(20, 9))\n",
                    -1);
    if (!kiln::cuda::is_available()) return;
    auto rep = kiln::vm::bind::last_report();
    REQUIRE(rep);
    REQUIRE(rep->plan);
    int fused = 0;
    for (const auto& k : rep->plan->kernels) fused += k.gemm ? 1 : 0;
    CHECK(fused == 1);
    CHECK(rep->source.find("GEMM template") != std::string::npos);
}

TEST_CASE("cuda inductor: a fused matrix product trains like eager", "[cuda]") {
    if (!kiln::cuda::is_available()) {
        SUCCEED("skipped: no CUDA device");
        return;
    }
    // Forward and backward graphs both hold small products with pointwise readers (tanh's
    // backward, 1 - t^2 times the incoming gradient, reads the next layer's input gradient).
    auto r = kiln::testing::run_program(
        "import torch\nimport torch.nn as nn\ntorch.manual_seed(0)\n"
        "m = nn.Sequential(nn.Linear(24, 40), nn.Tanh(), nn.Linear(40, 40), nn.Tanh(), nn.Linear(40, 8))\n"
        "g = nn.Sequential(nn.Linear(24, 40), nn.Tanh(), nn.Linear(40, 40), nn.Tanh(), nn.Linear(40, 8))\n"
        "g.load_state_dict(m.state_dict())\n"
        "g = g.cuda()\n"
        "cg = torch.compile(g)\n"
        "x = torch.randn(30, 24)\n"
        "m(x).pow(2).sum().backward()\n"
        "cg(x.cuda()).pow(2).sum().backward()\n"
        "print(all(torch.allclose(p.grad, q.grad.cpu(), rtol=1e-4, atol=1e-5) for p, q in zip(m.parameters(), g.parameters())))\n");
    INFO(r.out << r.err << r.result.error_type << ": " << r.result.error_message);
    REQUIRE(r.result.ok);
    CHECK(r.out == "True\n");
    CHECK(r.err.find("FX graph interpreter") == std::string::npos);
}

TEST_CASE("cuda inductor: independent pointwise kernels run as one combo launch", "[cuda]") {
    // Parts with float4 groups (a, c) and without (b: 1001 long), a float64 one (d), a shared scalar.
    compiled_on_gpu("def f(a, b, c, d, s):\n"
                    "    return a * s + 1.0, b.sqrt() * s, torch.relu(c) - s, d.exp() * 2\n"
                    "args = (torch.randn(70000), torch.rand(1001), torch.randn(8, 16), torch.randn(33, dtype=torch.float64),\n"
                    "        torch.randn(()))\n",
                    1);
    if (!kiln::cuda::is_available()) return;  // skipped above
    auto rep = kiln::vm::bind::last_report();
    REQUIRE(rep);
    REQUIRE(rep->plan);
    CHECK(rep->plan->kernels.at(0).parts.size() == 4);
    CHECK(rep->source.find("cuda_for_fused_0_vec4") != std::string::npos);
    // Two dependent pairs: each kernel moves up past the other pair's first one (two combos).
    compiled_on_gpu("def f(a, b, s1, s2):\n"
                    "    x = (s1 * 2.0).exp()\n"
                    "    u = (s2 * 3.0).exp()\n"
                    "    return a * x, b * u\n"
                    "args = (torch.randn(3000), torch.randn(40, 50), torch.randn((), dtype=torch.float64), torch.randn(()))\n",
                    2);
    // Misaligned views take the scalar form (every part's elements one by one).
    compiled_on_gpu("def f(a, b):\n"
                    "    return a[1:] * 2.0, b[3:].exp()\n"
                    "args = (torch.randn(4097), torch.randn(16, 65)[1:])\n",
                    -1);
}

TEST_CASE("cuda inductor: softmax and layer_norm + gelu are one kernel each", "[cuda]") {
    compiled_on_gpu("def f(x):\n"
                    "    return torch.softmax(x, -1)\n"
                    "args = (torch.randn(37, 1000) * 4,)\n",
                    1);
    compiled_on_gpu("def f(x, w, b):\n"
                    "    return F.gelu(F.layer_norm(x, (96,), w, b))\n"
                    "args = (torch.randn(50, 96), torch.randn(96), torch.randn(96))\n",
                    1);
}

TEST_CASE("cuda inductor: persistent reductions in float4 groups and scalar, long rows streamed", "[cuda]") {
    // Rows of a multiple of 4 run the float4 form (16 values per thread); 1001 the scalar one;
    // 10000 is past the persistent limit and streams; softmax over dim 0 reads along columns.
    compiled_on_gpu("def f(x, y, z, w, b):\n"
                    "    return (torch.softmax(x, -1), torch.softmax(y, -1), torch.log_softmax(z, -1),\n"
                    "            F.gelu(F.layer_norm(x, (4096,), w, b)), torch.softmax(y, 0), z.sum(-1))\n"
                    "args = (torch.randn(9, 4096) * 3, torch.randn(5, 1001), torch.randn(3, 10000),\n"
                    "        torch.randn(4096), torch.randn(4096))\n",
                    -1);
    compiled_on_gpu("def f(x, w, b):\n"
                    "    return F.layer_norm(x.relu() + 1, (8192,), w, b) * 2\n"
                    "args = (torch.randn(4, 8192), torch.randn(8192), torch.randn(8192))\n",
                    1);
}

TEST_CASE("cuda inductor: short rows one per warp, exp kept between phases", "[cuda]") {
    // Rows of at most 512 floats run a warp per row, 8 rows per block: a row count that is no
    // multiple of 8, a row that fills all 4 groups of its lanes (512), one that leaves lanes idle
    // (8), and more rows than the grid's 16384 blocks x 8 warps cover in one pass (grid-stride).
    compiled_on_gpu("def f(x, y, z, w, b):\n"
                    "    return (torch.softmax(x, -1), torch.log_softmax(y, -1), F.layer_norm(y, (512,), w, b),\n"
                    "            torch.softmax(z, -1) * 2)\n"
                    "args = (torch.randn(37, 128) * 3, torch.randn(11, 512), torch.randn(140000, 8) * 5,\n"
                    "        torch.randn(512), torch.randn(512))\n",
                    -1);
}

TEST_CASE("cuda inductor: a pre-norm attention block (MultiheadAttention) is one graph on the GPU", "[cuda]") {
    if (!kiln::cuda::is_available()) {
        SUCCEED("skipped: no CUDA device");
        return;
    }
    auto r = kiln::testing::run_program(
        "import torch\n"
        "torch.manual_seed(0)\n"
        "torch.set_grad_enabled(False)\n"
        "ln = torch.nn.LayerNorm(64)\n"
        "mha = torch.nn.MultiheadAttention(64, 4, batch_first=True).eval()\n"
        "def f(x):\n"
        "    h = ln(x)\n"
        "    a, _ = mha(h, h, h, need_weights=False)\n"
        "    return x + a\n"
        "x = torch.randn(3, 16, 64)\n"
        "want = f(x)\n"
        "ln.cuda()\n"
        "mha.cuda()\n"
        "cf = torch.compile(f)\n"
        "for _ in range(3):\n"
        "    got = cf(x.cuda())\n"
        "print(got.is_cuda, torch.allclose(got.cpu(), want, rtol=1e-4, atol=1e-5))\n"
        "e = torch._dynamo.explain(f)(x.cuda())\n"
        "print(e.graph_count, e.graph_break_count)\n");
    INFO(r.out << r.err << r.result.error_type << ": " << r.result.error_message);
    REQUIRE(r.result.ok);
    CHECK(r.out == "True True\n1 0\n");
    CHECK(r.err.find("FX graph interpreter") == std::string::npos);
    // The attention itself is one extern call of the fused kernel (no softmax kernel, no head copies):
    // q, k and v are read as views of the in-projection's output.
    auto rep = kiln::vm::bind::last_report();
    REQUIRE(rep);
    REQUIRE(rep->plan);
    int sdpa = 0;
    for (const kiln::kernel::Step& st : rep->plan->steps)
        sdpa += st.kind == kiln::kernel::StepKind::Extern && st.node && st.node->kind == "aten::scaled_dot_product_attention";
    CHECK(sdpa == 1);
    for (const kiln::kernel::Kernel& k : rep->plan->kernels) CHECK(k.name.find("exp") == std::string::npos);
}

TEST_CASE("cuda inductor: MLP with cuBLAS extern steps and fused epilogues", "[cuda]") {
    compiled_on_gpu("def f(x, w1, b1, w2, b2):\n"
                    "    return F.linear(F.linear(x, w1, b1).relu(), w2, b2)\n"
                    "args = (torch.randn(8, 320), torch.randn(64, 320) * 0.2, torch.randn(64), torch.randn(32, 64) * 0.2, torch.randn(32))\n",
                    1);
}

// Reductions over the outer dim run in the column form (codegen/cuda): 70 outputs (a partial tile
// of 32), rows split among warps, a second phase reading the first's per-output mean.
TEST_CASE("cuda inductor: column reductions (sums over rows, a variance over rows)", "[cuda]") {
    compiled_on_gpu("def f(x, w):\n"
                    "    m = x.mean(0)\n"
                    "    return (x * w).sum(0), m, ((x - m) * (x - m)).mean(0), x.amax(0)\n"
                    "args = (torch.randn(300, 70), torch.randn(70))\n",
                    -1);
    // Every tile width (codegen/cuda's column_width): 8 outputs per block (70, 2100 columns), 16
    // (5000), 32 (9000): a warp's rows of one output are combined by shuffles before the warps meet.
    for (const char* cols : {"2100", "5000", "9000"})
        compiled_on_gpu(std::string("def f(x, w):\n"
                                    "    m = x.mean(0)\n"
                                    "    return (x * w).sum(0), ((x - m) * (x - m)).mean(0), x.amax(0)\n"
                                    "args = (torch.randn(77, ") + cols + "), torch.randn(" + cols + "))\n",
                        -1);
}

TEST_CASE("cuda inductor: sum and amax over several dims, float64", "[cuda]") {
    compiled_on_gpu("def f(x):\n"
                    "    return (x.exp().sum((0, 2)), x.amax(-1), (x * 2).mean())\n"
                    "args = (torch.randn(6, 7, 300, dtype=torch.float64),)\n",
                    -1);
}

// int64 nodes of a CUDA plan compute in int64 kernels (passes/schedule.cpp integer_kernel_node), as
// on the CPU: exact beyond 2**53, comparisons and bool masks inside them; on CUDA the integer
// divisions too, since PyTorch's CUDA kernels raise nothing for a zero divisor: eager 1 // 0 and
// 1 % 0 give 4294967295 there (pytorch/pytorch#89418, #165650), as Kiln's eager CUDA kernels do. A
// compiled kernel's value for a zero divisor is the device's too, but not eager's: NVRTC's code
// (-Ofc=min) divides in 64 bits where nvcc's eager kernels take a 32-bit path for small operands, so
// on the H200 compiled 1 // 0 and 1 % 0 gave -1 (as Inductor's Triton kernels have values of their
// own): only that nothing raises is checked there.
TEST_CASE("cuda inductor: int64 nodes are int64 kernels, integer division included, a zero divisor raises nothing", "[cuda]") {
    if (!kiln::cuda::is_available()) {
        SUCCEED("skipped: no CUDA device");
        return;
    }
    kiln::vm::bind::last_report().reset();
    auto r = kiln::testing::run_program(
        "import torch\n"
        "def f(x, y, m):\n"
        "    z = (x + y * 3 - 7).abs().maximum(y)\n"
        "    return (z // y, torch.remainder(-z, y), torch.fmod(-z, y), torch.div(z, y, rounding_mode='trunc'),\n"
        "            torch.where(m, z, -x) + m.long(), ((x > y) & (z != 0)) | m)\n"
        "x = torch.tensor([[2**62 + 1, -5, 7], [2**53 + 1, 0, -2**60 + 3]])\n"
        "y = torch.tensor([3, -2**55 - 1, 7])\n"
        "m = torch.tensor([[True, False, True], [False, True, False]])\n"
        "want = f(x, y, m)\n"
        "got = torch.compile(f)(x.cuda(), y.cuda(), m.cuda())\n"
        "print(all(g.is_cuda and g.dtype == w.dtype and torch.equal(g.cpu(), w) for g, w in zip(got, want)))\n"
        "def g(x, y):\n"
        "    return x // y, x % y, torch.fmod(x, y)\n"
        "x = torch.tensor([7, 1, 9, -8]).cuda()\n"
        "y = torch.tensor([2, 0, -4, 0]).cuda()\n"
        "e = g(x, y)\n"
        "c = torch.compile(g)(x, y)\n"
        "print([t[0::2].tolist() for t in c])\n"
        "print(e[0][1].item(), e[1][1].item())\n"
        "print(all(t.is_cuda and t.dtype == torch.int64 for t in c))\n"
        "import sys\n"
        "print('compiled, zero divisors:', [t[1::2].tolist() for t in c], 'eager:', [t[1::2].tolist() for t in e], file=sys.stderr)\n"
        "try:\n"
        "    g(x.cpu(), y.cpu())\n"
        "except RuntimeError as err:\n"
        "    print('cpu:', err)\n");
    INFO(r.out << r.err << r.result.error_type << ": " << r.result.error_message);
    REQUIRE(r.result.ok);
    CHECK(r.out ==
          "True\n"
          "[[3, -3], [1, -3], [1, 1]]\n"
          "4294967295 4294967295\n"
          "True\n"
          "cpu: ZeroDivisionError\n");
    CHECK(r.err.find("FX graph interpreter") == std::string::npos);
    WARN(r.err);  // the device's values for the zero divisors, compiled and eager
    auto rep = kiln::vm::bind::last_report();
    REQUIRE(rep);
    REQUIRE(rep->plan);
    CHECK(rep->plan->device == kiln::Device::CUDA);
    int int_kernels = 0;
    for (const auto& k : rep->plan->kernels) {
        int_kernels += k.compute == kiln::DType::Int64;
        for (const auto& part : k.parts) int_kernels += part.compute == kiln::DType::Int64;
    }
    for (const auto& st : rep->plan->steps) CHECK(st.kind != kiln::kernel::StepKind::Fallback);
    CHECK(int_kernels >= 1);
}

// Runs a reduce-overhead program on the GPU; returns how many graph replays it made (-1: no GPU).
static int64_t graph_program(const std::string& body, const std::string& want_out) {
    if (!kiln::cuda::is_available()) return -1;
    const int64_t before = kiln::backends::cuda_graph_replays();
    auto r = kiln::testing::run_program("import torch\nimport torch.nn as nn\ntorch.manual_seed(0)\n" + body);
    INFO(r.out << r.err << r.result.error_type << ": " << r.result.error_message);
    REQUIRE(r.result.ok);
    CHECK(r.out == want_out);
    CHECK(r.err.find("skipping cudagraphs") == std::string::npos);
    return kiln::backends::cuda_graph_replays() - before;
}

TEST_CASE("cuda inductor: reduce-overhead replays a CUDA graph, kept results are not overwritten", "[cuda]") {
    // A launch-bound model (the anchors' tiny MLP, shortened): Linear + Tanh layers, parameters read
    // in place by the graph, the input copied into the graph's buffer at every call. Every call's
    // result is its own (a replay never overwrites an earlier result) and equals eager.
    int64_t replays = graph_program(
        "m = nn.Sequential(*[nn.Sequential(nn.Linear(64, 64), nn.Tanh()) for _ in range(4)]).cuda()\n"
        "cm = torch.compile(m, mode='reduce-overhead')\n"
        "xs = [torch.randn(32, 64) for _ in range(5)]\n"
        "with torch.no_grad():\n"
        "    outs = [cm(x.cuda()) for x in xs]\n"
        "    m_cpu = m.cpu()\n"
        "    print([torch.allclose(o.cpu(), m_cpu(x), rtol=1e-4, atol=1e-5) for o, x in zip(outs, xs)])\n"
        "    ptrs = [o.data_ptr() for o in outs]\n"
        "    print(sum(1 for i, p in enumerate(ptrs) if p not in ptrs[:i]))\n",
        "[True, True, True, True, True]\n5\n");
    if (replays < 0) {
        SUCCEED("skipped: no CUDA device");
        return;
    }
    CHECK(replays == 4);  // call 1 warms up; calls 2..5 replay the recorded graph
}

// Compiled training under reduce-overhead: the forward and backward plans each replay a CUDA graph,
// joined at the saved activations (the backward reads the forward's buffers in place). Losses and
// gradients equal eager's; two forwards before their backwards (the first's saved buffers are moved
// before the second replay overwrites them) still give each backward its own activations.
TEST_CASE("cuda inductor: reduce-overhead training replays forward and backward graphs", "[cuda]") {
    int64_t replays = graph_program(
        "import torch.nn.functional as F\n"
        "def make():\n"
        "    torch.manual_seed(0)\n"
        "    return nn.Sequential(nn.Conv2d(3, 8, 3), nn.BatchNorm2d(8), nn.ReLU(), nn.Flatten(), nn.Linear(8 * 6 * 6, 5)).cuda()\n"
        "xs = [torch.randn(4, 3, 8, 8).cuda() for _ in range(6)]\n"
        "ys = [torch.randint(5, (4,)).cuda() for _ in range(6)]\n"
        "def train(m, f):\n"
        "    opt = torch.optim.SGD(m.parameters(), lr=0.1, momentum=0.9)\n"
        "    losses = []\n"
        "    for x, y in zip(xs, ys):\n"
        "        opt.zero_grad()\n"
        "        loss = F.cross_entropy(f(x), y)\n"
        "        loss.backward()\n"
        "        opt.step()\n"
        "        losses.append(loss.item())\n"
        "    return losses\n"
        "m1, m2 = make(), make()\n"
        "le, lc = train(m1, m1), train(m2, torch.compile(m2, mode='reduce-overhead'))\n"
        "print(all(abs(a - b) < 1e-4 for a, b in zip(le, lc)))\n"
        "def two(m, f):\n"
        "    m.zero_grad()\n"
        "    a = F.cross_entropy(f(xs[0]), ys[0])\n"
        "    b = F.cross_entropy(f(xs[1]), ys[1])\n"
        "    b.backward()\n"
        "    a.backward()\n"
        "    return [p.grad.clone() for p in m.parameters()]\n"
        "cf = torch.compile(m2, mode='reduce-overhead')\n"
        "ge, gc = two(m2, m2), two(m2, cf)\n"
        "print(all(torch.allclose(a, b, rtol=1e-3, atol=1e-5) for a, b in zip(ge, gc)))\n",
        "True\nTrue\n");
    if (replays < 0) {
        SUCCEED("skipped: no CUDA device");
        return;
    }
    CHECK(replays >= 10);  // forward and backward graphs of training steps 2..6
}

TEST_CASE("cuda inductor: reduce-overhead re-records when a parameter moves", "[cuda]") {
    int64_t replays = graph_program(
        "lin = nn.Linear(16, 8).cuda()\n"
        "cf = torch.compile(lambda x: torch.relu(lin(x)) * 2, mode='reduce-overhead')\n"
        "x = torch.randn(4, 16)\n"
        "with torch.no_grad():\n"
        "    a = [cf(x.cuda()) for _ in range(3)]\n"
        "    lin.weight = nn.Parameter(lin.weight * -1)\n"  // a new parameter at a new address
        "    b = [cf(x.cuda()) for _ in range(2)]\n"
        "    lc = lin.cpu()\n"
        "    want = torch.relu(lc(x)) * 2\n"
        "print(torch.allclose(b[-1].cpu(), want, atol=1e-5), torch.allclose(a[-1].cpu(), want, atol=1e-5))\n",
        "True False\n");
    if (replays < 0) {
        SUCCEED("skipped: no CUDA device");
        return;
    }
    CHECK(replays >= 3);
}

// The playground's per-launch timeline on a GPU (backends/step_profile.h): CUDA events around every
// launch of the plan, kernels and cuBLAS externs alike, read after the plan has run.
TEST_CASE("cuda inductor: a step profile times each launch with CUDA events", "[cuda]") {
    if (!kiln::cuda::is_available()) {
        SUCCEED("skipped: no CUDA device");
        return;
    }
    kiln::vm::bind::last_report().reset();
    kiln::backends::step_profile_begin();
    auto r = kiln::testing::run_program("torch.manual_seed(0)\n"
                                        "def f(x, w1, b1, w2, b2):\n"
                                        "    return F.linear(F.linear(x, w1, b1).relu(), w2, b2).softmax(-1)\n"
                                        "args = (torch.randn(8, 320), torch.randn(640, 320), torch.randn(640), torch.randn(32, 640), torch.randn(32))\n"
                                        "cf = torch.compile(f)\n"
                                        "gargs = tuple(a.cuda() for a in args)\n"
                                        "for _ in range(2):\n"
                                        "    got = cf(*gargs)\n"
                                        "print(torch.allclose(got.cpu(), f(*args), rtol=1e-4, atol=1e-5))\n");
    std::vector<kiln::backends::PlanProfile> runs = kiln::backends::step_profile_end();
    INFO(r.out << r.err << r.result.error_type << ": " << r.result.error_message);
    REQUIRE(r.result.ok);
    CHECK(r.out == "True\n");
    auto rep = kiln::vm::bind::last_report();
    REQUIRE(rep);
    REQUIRE(rep->plan);
    REQUIRE(runs.size() == 2);  // one record per call of the compiled function
    for (const kiln::backends::PlanProfile& run : runs) {
        CHECK(run.engine == "cuda");
        int kernels = 0, externs = 0;
        double sum = 0;
        for (const kiln::backends::StepTime& s : run.steps) {
            CHECK(s.engine == "cuda");
            CHECK(s.ms >= 0);
            kernels += s.kind == "kernel";
            externs += s.kind == "extern";
            sum += s.ms;
        }
        int kernel_steps = 0;
        for (const kiln::kernel::Step& st : rep->plan->steps) kernel_steps += st.kind == kiln::kernel::StepKind::Kernel;
        CHECK(kernels == kernel_steps);
        CHECK(kernels > 0);
        CHECK(externs == 2);  // the two addmm, on cuBLAS (k = 320 and 640: too deep for the GEMM template)
        CHECK(sum > 0);
        CHECK(sum <= run.total_ms + 1e-3);  // events are read as floats, each rounded
    }
}

TEST_CASE("cuda inductor: a step profile records no launches while a CUDA graph records or replays", "[cuda]") {
    if (!kiln::cuda::is_available()) {
        SUCCEED("skipped: no CUDA device");
        return;
    }
    kiln::backends::step_profile_begin();
    int64_t replays = graph_program("lin = nn.Linear(16, 8).cuda()\n"
                                    "cf = torch.compile(lambda x: torch.relu(lin(x)) * 2, mode='reduce-overhead')\n"
                                    "x = torch.randn(4, 16).cuda()\n"
                                    "with torch.no_grad():\n"
                                    "    outs = [cf(x) for _ in range(3)]\n"
                                    "print(len(outs))\n",
                                    "3\n");
    std::vector<kiln::backends::PlanProfile> runs = kiln::backends::step_profile_end();
    CHECK(replays == 2);     // call 2 records (nothing runs) then replays, call 3 replays
    CHECK(runs.size() == 1);  // only call 1 ran the plan launch by launch
}

// ---- mode="max-autotune" on the GPU (backends/cuda_autotune.h) ----------------------------------

namespace {

// How many times `needle` occurs in `hay`.
int count_of(const std::string& hay, const std::string& needle) {
    int n = 0;
    for (size_t at = hay.find(needle); at != std::string::npos; at = hay.find(needle, at + needle.size())) ++n;
    return n;
}

// Runs `body` (defining f and args) compiled with `mode` for 4 calls on the GPU; every call's result
// (the tuning call's included) must equal eager on the CPU. Returns stderr (the AUTOTUNE tables);
// "" when there is no GPU.
std::string autotuned_on_gpu(const std::string& body, const std::string& mode) {
    if (!kiln::cuda::is_available()) return "";
    kiln::vm::bind::last_report().reset();
    auto r = kiln::testing::run_program("import torch\nimport torch.nn.functional as F\ntorch.manual_seed(0)\n" + body +
                                        "cf = torch.compile(f, mode='" + mode + "')\n"
                                        "gargs = tuple(a.cuda() for a in args)\n"
                                        "want = f(*args)\n"
                                        "want = want if isinstance(want, tuple) else (want,)\n"
                                        "oks = []\n"
                                        "for _ in range(4):\n"
                                        "    got = cf(*gargs)\n"
                                        "    got = got if isinstance(got, tuple) else (got,)\n"
                                        "    oks.append(all(g.is_cuda and torch.allclose(g.cpu(), w, rtol=1e-4, atol=1e-5) "
                                        "for g, w in zip(got, want)))\n"
                                        "print(oks)\n");
    INFO(r.out << r.err << r.result.error_type << ": " << r.result.error_message);
    REQUIRE(r.result.ok);
    CHECK(r.out == "[True, True, True, True]\n");
    CHECK(r.err.find("FX graph interpreter") == std::string::npos);
    CHECK(r.err.find("skipping cudagraphs") == std::string::npos);
    auto rep = kiln::vm::bind::last_report();
    REQUIRE(rep);
    REQUIRE(rep->plan);
    CHECK(rep->plan->device == kiln::Device::CUDA);
    // One AUTOTUNE block per distinct kernel, each with its candidates sorted (the first at 100%)
    // and its summary line.
    const std::vector<int> reuse = kiln::codegen::cuda_kernel_reuse(*rep->plan);
    int distinct = 0;
    for (size_t i = 0; i < reuse.size(); ++i) distinct += reuse[i] == int(i);
    CHECK(count_of(r.err, "AUTOTUNE cuda_fused") == distinct);
    CHECK(count_of(r.err, " [CUDA]\n") == distinct);
    CHECK(count_of(r.err, "SingleProcess AUTOTUNE benchmarking takes ") ==
          distinct + count_of(r.err, " [cuBLAS]\n") + count_of(r.err, " [GEMM epilogue]\n"));
    CHECK(count_of(r.err, "AUTOTUNE done: " + std::to_string(distinct) + " kernel") == 1);
    for (size_t at = r.err.find(" [CUDA]\n"); at != std::string::npos; at = r.err.find(" [CUDA]\n", at + 1)) {
        const size_t row = at + 8, end = r.err.find('\n', row);
        CHECK(r.err.substr(row, end - row).find(" ms 100.0% ") != std::string::npos);  // the winner first
    }
    CHECK(r.err.find("(default)") != std::string::npos);  // default mode's choice is among them
    return r.err;
}

}  // namespace

TEST_CASE("cuda inductor: max-autotune times each kernel's launch configurations and keeps the fastest", "[cuda]") {
    // A pointwise chain (scalar and vec4 forms at 4 block sizes), softmax over rows of 4096 (float4
    // at 8/16/32 values per thread) and of 128 (a warp per row, 2..16 rows per block), layer_norm +
    // gelu: every result equals eager, at the tuning call and at the CUDA graph's replays after it.
    const int64_t before = kiln::backends::cuda_graph_replays();
    std::string err = autotuned_on_gpu("def f(x, y, z, w, b):\n"
                                       "    return (((x * 2 + 1).relu() - x.sigmoid()).tanh(), torch.softmax(y, -1),\n"
                                       "            torch.softmax(z, -1), F.gelu(F.layer_norm(y, (4096,), w, b)))\n"
                                       "args = (torch.randn(256, 1024), torch.randn(64, 4096) * 3, torch.randn(300, 128) * 3,\n"
                                       "        torch.randn(4096), torch.randn(4096))\n",
                                       "max-autotune");
    if (!kiln::cuda::is_available()) {
        SUCCEED("skipped: no CUDA device");
        return;
    }
    INFO(err);
    CHECK(err.find("_vec4_b1024 ") != std::string::npos);  // the pointwise chain's vec4 candidates
    CHECK(err.find("_vec4_v32 ") != std::string::npos);    // softmax 4096: 32 values per thread
    CHECK(err.find("_vec4_w16 ") != std::string::npos);    // softmax 128: 16 rows per block
    CHECK(kiln::backends::cuda_graph_replays() - before >= 2);  // calls 3 and 4 replay the graph recorded after tuning
}

TEST_CASE("cuda inductor: max-autotune-no-cudagraphs tunes without graphs, float64 and a scalar reduction", "[cuda]") {
    const int64_t before = kiln::backends::cuda_graph_replays();
    std::string err = autotuned_on_gpu("def f(x, y):\n"
                                       "    return (x.exp().sum((0, 2)), torch.softmax(y, -1) + 1)\n"
                                       "args = (torch.randn(6, 7, 300, dtype=torch.float64), torch.randn(33, 37))\n",
                                       "max-autotune-no-cudagraphs");
    if (!kiln::cuda::is_available()) {
        SUCCEED("skipped: no CUDA device");
        return;
    }
    CHECK(kiln::backends::cuda_graph_replays() == before);
}

TEST_CASE("cuda inductor: max-autotune tunes the MLP's GEMMs and its in-place epilogue stays exact", "[cuda]") {
    // The addmm's output is updated in place by the fused epilogue (in_out_ptr0): the candidates are
    // timed on a scratch copy, so `* 2 + 1` is applied once, not once per timed run. The GEMM
    // problems are forgotten first so that this run tunes them (cuBLAS default vs cuBLASLt).
    if (kiln::cuda::is_available()) kiln::cuda::clear_gemm_table();
    std::string err = autotuned_on_gpu("def f(x, w1, b1, w2, b2):\n"
                                       "    return F.linear(F.linear(x, w1, b1) * 2 + 1, w2, b2).tanh()\n"
                                       "args = (torch.randn(512, 32), torch.randn(256, 32) * 0.2, torch.randn(256), torch.randn(32, 256) * 0.2,\n"
                                       "        torch.randn(32))\n",
                                       "max-autotune");
    if (!kiln::cuda::is_available()) {
        SUCCEED("skipped: no CUDA device");
        return;
    }
    INFO(err);
    auto rep = kiln::vm::bind::last_report();
    REQUIRE(rep);
    CHECK(rep->source.find("in_out_ptr0") != std::string::npos);
    CHECK(count_of(err, "AUTOTUNE addmm(") == 2);  // two problems: 512x32 @ 32x256, 512x256 @ 256x32 (cuBLAS: too
                                                   // large for the GEMM template)
    CHECK(err.find("cublaslt_heuristic_0 ") != std::string::npos);
    CHECK(kiln::cuda::gemm_table_size() == 2);
}

TEST_CASE("cuda inductor: max-autotune times the GEMM template against cuBLAS + the pointwise kernel", "[cuda]") {
    // passes/gemm_epilogue.cpp's candidates, decided by backends::tune_gemm_epilogue at compile time:
    // one [GEMM epilogue] table per small product with a pointwise reader, both choices timed, and
    // the plan holds the template exactly where it won.
    std::string err = autotuned_on_gpu("def f(x, w1, b1, w2, b2):\n"
                                       "    return torch.tanh(F.linear(torch.tanh(F.linear(x, w1, b1)), w2, b2))\n"
                                       "args = (torch.randn(32, 64), torch.randn(64, 64) * 0.2, torch.randn(64), "
                                       "torch.randn(48, 64) * 0.2, torch.randn(48))\n",
                                       "max-autotune");
    if (!kiln::cuda::is_available()) {
        SUCCEED("skipped: no CUDA device");
        return;
    }
    INFO(err);
    CHECK(count_of(err, " [GEMM epilogue]\n") == 2);
    CHECK(count_of(err, "GEMM template, the product kept in registers") == 2);
    CHECK(count_of(err, "cuBLAS, then the pointwise kernel") == 2);
    CHECK(count_of(err, "seconds for 2 choices") == 2);
    auto rep = kiln::vm::bind::last_report();
    REQUIRE(rep);
    REQUIRE(rep->plan);
    int fused = 0, winners = 0;
    for (const auto& k : rep->plan->kernels) fused += k.gemm ? 1 : 0;
    for (size_t at = err.find(" [GEMM epilogue]\n"); at != std::string::npos; at = err.find(" [GEMM epilogue]\n", at + 1)) {
        const size_t row = at + 17, end = err.find('\n', row);
        winners += err.substr(row, end - row).find("GEMM template") != std::string::npos;  // the winner is listed first
    }
    CHECK(fused == winners);
}

TEST_CASE("cuda inductor: tuned GEMMs are tabled for eager matmuls too", "[cuda]") {
    if (!kiln::cuda::is_available()) {
        SUCCEED("skipped: no CUDA device");
        return;
    }
    kiln::cuda::clear_gemm_table();
    kiln::cuda::take_gemm_tunings();
    kiln::cuda::set_gemm_autotune(true);
    auto r = kiln::testing::run_program("import torch\ntorch.manual_seed(0)\n"
                                        "a, b, c = torch.randn(48, 80), torch.randn(80, 96), torch.randn(5, 16, 24)\n"
                                        "d = torch.randn(5, 24, 8)\n"
                                        "x, y = (a.cuda() @ b.cuda()).cpu(), torch.bmm(c.cuda(), d.cuda()).cpu()\n"
                                        "print(torch.allclose(x, a @ b, rtol=1e-4, atol=1e-4), torch.allclose(y, torch.bmm(c, d), rtol=1e-4, atol=1e-4))\n");
    kiln::cuda::set_gemm_autotune(false);
    std::vector<kiln::cuda::GemmTuning> tunings = kiln::cuda::take_gemm_tunings();
    INFO(r.out << r.err << r.result.error_type << ": " << r.result.error_message);
    REQUIRE(r.result.ok);
    CHECK(r.out == "True True\n");
    REQUIRE(tunings.size() == 2);
    // (", tf32" follows float32 if an earlier test allowed TF32.)
    CHECK(tunings[0].title.rfind("mm(48x80, 80x96, float32", 0) == 0);
    CHECK(tunings[1].title.rfind("bmm(5x16x24, 5x24x8, float32", 0) == 0);
    for (const kiln::cuda::GemmTuning& t : tunings) {
        INFO(t.title);
        REQUIRE(t.choices.size() >= 2);  // cuBLAS's default and at least one cuBLASLt algorithm
        for (size_t i = 1; i < t.choices.size(); ++i) CHECK(t.choices[i - 1].ms <= t.choices[i].ms);
    }
    CHECK(kiln::cuda::gemm_table_size() == 2);
    // Tuning off: the same problems run their tabled choice (no new tuning) and stay right.
    auto again = kiln::testing::run_program("import torch\ntorch.manual_seed(0)\n"
                                            "a, b = torch.randn(48, 80), torch.randn(80, 96)\n"
                                            "print(torch.allclose((a.cuda() @ b.cuda()).cpu(), a @ b, rtol=1e-4, atol=1e-4))\n");
    CHECK(again.out == "True\n");
    CHECK(kiln::cuda::take_gemm_tunings().empty());
    kiln::cuda::clear_gemm_table();
}

TEST_CASE("cuda inductor: after tuning, a misaligned input takes the fastest scalar candidate", "[cuda]") {
    // The plan is tuned on an aligned input (vec4 candidates timed); a later call with the same
    // layout at a 4-byte offset cannot take a vec4 function and must still be right. Tolerances as
    // the other GPU cases: NVRTC contracts x * 3 - 1 into one FMA, the CPU rounds twice, and where
    // x * 3 is near 1 the results differ by more than allclose's default atol of 1e-8 (this case
    // failed with the defaults on the H100).
    if (!kiln::cuda::is_available()) {
        SUCCEED("skipped: no CUDA device");
        return;
    }
    auto r = kiln::testing::run_program("import torch\ntorch.manual_seed(0)\n"
                                        "def f(x):\n"
                                        "    return (x * 3 - 1).relu()\n"
                                        "cf = torch.compile(f, mode='max-autotune-no-cudagraphs')\n"
                                        "n = 1 << 16\n"
                                        "base = torch.randn(n + 1)\n"
                                        "g = base.cuda()\n"
                                        "a = cf(g[:n])\n"
                                        "b = cf(g[1:])\n"
                                        "print(torch.allclose(a.cpu(), f(base[:n]), rtol=1e-4, atol=1e-5),\n"
                                        "      torch.allclose(b.cpu(), f(base[1:]), rtol=1e-4, atol=1e-5))\n");
    INFO(r.out << r.err << r.result.error_type << ": " << r.result.error_message);
    REQUIRE(r.result.ok);
    CHECK(r.out == "True True\n");
    CHECK(count_of(r.err, "AUTOTUNE cuda_fused") == 1);  // tuned once, at the first call
}

// Issue 8's training step on the GPU: the forward with its AOT backward (attention through
// scaled_dot_product_attention's backward formula) and AdamW's update (its step counts moved to the
// GPU, as PyTorch's Dynamo makes a compiled optimizer capturable) all run as CUDA plans, and the
// losses follow eager's.
TEST_CASE("cuda inductor: a compiled training step (transformer block, AdamW) runs as CUDA plans", "[cuda]") {
    if (!kiln::cuda::is_available()) {
        SUCCEED("skipped: no CUDA device");
        return;
    }
    kiln::backends::step_profile_begin();
    auto r = kiln::testing::run_program(
        "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n"
        "class Block(nn.Module):\n"
        "    def __init__(self, d):\n"
        "        super().__init__()\n"
        "        self.ln = nn.LayerNorm(d)\n"
        "        self.attn = nn.MultiheadAttention(d, 4, batch_first=True)\n"
        "        self.fc = nn.Linear(d, d)\n"
        "    def forward(self, x):\n"
        "        h = self.ln(x)\n"
        "        a, _ = self.attn(h, h, h, need_weights=False)\n"
        "        return x + self.fc(F.gelu(a))\n"
        "def run(compiled):\n"
        "    torch.manual_seed(0)\n"
        "    m = nn.Sequential(Block(32), Block(32)).cuda()\n"
        "    opt = torch.optim.AdamW(m.parameters(), lr=1e-3)\n"
        "    x = torch.randn(4, 16, 32, device='cuda')\n"
        "    t = torch.randn(4, 16, 32, device='cuda')\n"
        "    def step(x, t):\n"
        "        opt.zero_grad()\n"
        "        loss = F.mse_loss(m(x), t)\n"
        "        loss.backward()\n"
        "        opt.step()\n"
        "        return loss\n"
        "    if compiled:\n"
        "        step = torch.compile(step)\n"
        "    losses = [step(x, t).item() for _ in range(4)]\n"
        "    return losses, opt.state[next(m.parameters())]['step']\n"
        "eager, s0 = run(False)\n"
        "compiled, s1 = run(True)\n"
        "print(all(abs(a - b) < 1e-4 for a, b in zip(eager, compiled)), eager[-1] < eager[0])\n"
        "print(s0.device, s1.device, s1.item())\n");
    std::vector<kiln::backends::PlanProfile> runs = kiln::backends::step_profile_end();
    INFO(r.out << r.err << r.result.error_type << ": " << r.result.error_message);
    REQUIRE(r.result.ok);
    CHECK(r.out == "True True\ncpu cuda:0 4.0\n");
    CHECK(r.err.find("FX graph interpreter") == std::string::npos);
    int cuda_runs = 0;
    bool combo = false;   // the optimizer's per-parameter updates: combo kernels
    bool packed = false;  // attention's q/k/v gradients written into their concatenation
    bool cat = false;
    for (const kiln::backends::PlanProfile& p : runs) {
        cuda_runs += p.engine == "cuda";
        for (const auto& st : p.steps) {
            combo = combo || st.name.rfind("cpp_for_fused_", 0) == 0;
            packed = packed || st.name == "aten::_scaled_dot_product_fused_attention_backward_packed";
            cat = cat || st.name == "aten::cat";
        }
    }
    CHECK(cuda_runs >= 4 * 3);  // per step: forward, backward, optimizer update
    CHECK(combo);
    CHECK(packed);
    CHECK_FALSE(cat);
}

TEST_CASE("cuda inductor: reduce-overhead replays draw new random numbers each time", "[cuda]") {
    // Training dropout inside a recorded graph: each replay reads the CUDA generator's seed and
    // offset from the graph's device pair, so masks differ between replays, keep their rate, and the
    // eager stream after the replays has moved past them (no draw is repeated).
    int64_t replays = graph_program(
        "import torch.nn.functional as F\n"
        "cf = torch.compile(lambda x: F.dropout(x, 0.5, training=True) * 2, mode='reduce-overhead')\n"
        "x = torch.ones(4096, device='cuda')\n"
        "outs = [cf(x) for _ in range(4)]\n"
        "masks = [o != 0 for o in outs]\n"
        "print(sum(1 for i in range(4) for j in range(i) if torch.equal(masks[i], masks[j])))\n"
        "print([round(m.float().mean().item(), 1) for m in masks], outs[3].max().item())\n"
        "after = torch.rand(4096, device='cuda') < 0.5\n"
        "print(any(torch.equal(after, m) for m in masks))\n",
        "0\n[0.5, 0.5, 0.5, 0.5] 4.0\nFalse\n");
    if (replays < 0) {
        SUCCEED("skipped: no CUDA device");
        return;
    }
    CHECK(replays == 3);
}

// passes/conv_layout.cpp: an inference graph of convolutions that decide_layout_opt's heuristic
// accepts (96 channels: not "small") runs channels-last: the input is converted once before the
// first convolution, the pool and the pointwise kernels keep the layout, and the outputs come back
// with the strides eager gives them (a flattened matrix, and a 4-d tensor eager returns contiguous).
// With torch._inductor.config.layout_optimization = False the graph keeps eager's layouts. Either way
// the biases become adds fused into the relu kernels.
TEST_CASE("cuda inductor: a convolution network runs channels-last, outputs keep eager's strides", "[cuda]") {
    if (!kiln::cuda::is_available()) {
        SUCCEED("skipped: no CUDA device (torch.cuda.is_available() is False)");
        return;
    }
    for (bool layout_opt : {true, false}) {
        kiln::vm::bind::last_report().reset();
        auto r = kiln::testing::run_program(
            std::string("import torch\nimport torch.nn.functional as F\nimport torch._inductor.config\ntorch.manual_seed(0)\n"
                        "torch.backends.cudnn.allow_tf32 = False\n"
                        "torch._inductor.config.layout_optimization = ") + (layout_opt ? "True" : "False") + "\n"
            "def f(x, w1, b1, w2, b2):\n"
            "    y = F.relu(F.conv2d(x, w1, b1))\n"
            "    y = F.relu(F.conv2d(y, w2, b2, padding=1))\n"
            "    p = F.max_pool2d(y, 2)\n"
            "    return torch.flatten(p, 1), y * 2\n"
            "args = (torch.randn(8, 3, 16, 16), torch.randn(96, 3, 3, 3) * 0.2, torch.randn(96),\n"
            "        torch.randn(96, 96, 3, 3) * 0.05, torch.randn(96))\n"
            "gargs = tuple(a.cuda() for a in args)\n"
            "cf = torch.compile(f)\n"
            "with torch.no_grad():\n"
            "    want = f(*gargs)\n"
            "    for _ in range(3):\n"
            "        got = cf(*gargs)\n"
            "print([g.stride() == w.stride() for g, w in zip(got, want)])\n"
            "print([torch.allclose(g, w, rtol=1e-4, atol=1e-4) for g, w in zip(got, want)])\n"
            "print(F.max_pool2d(gargs[0].to(memory_format=torch.channels_last), 2).is_contiguous(memory_format=torch.channels_last))\n"
            "torch.backends.cudnn.allow_tf32 = True\n"
            "torch._inductor.config.layout_optimization = True\n");
        INFO("layout_optimization " << layout_opt << "\n" << r.out << r.err << r.result.error_type << ": " << r.result.error_message);
        REQUIRE(r.result.ok);
        CHECK(r.out == "[True, True]\n[True, True]\nTrue\n");
        CHECK(r.err.find("FX graph interpreter") == std::string::npos);
        auto rep = kiln::vm::bind::last_report();
        REQUIRE(rep);
        REQUIRE(rep->plan);
        INFO(rep->post_grad_graph);
        CHECK((rep->post_grad_graph.find("torch.ops.aten.contiguous.default(arg0_1, memory_format = torch.channels_last)") !=
               std::string::npos) == layout_opt);
        CHECK(rep->post_grad_graph.find("torch.ops.aten.add.Tensor(conv2d, view)") != std::string::npos);
    }
}

// A generator of transposed convolutions with eval-mode batch norms (the DCGAN's, pytorch/examples):
// decide_layout_opt counts the transposed convolutions (aten::_convolution, transposed=True) as
// PyTorch's does, so the graph runs channels-last and cuDNN's backward-data kernels read NHWC
// tensors (no transforms around each one; DCGAN's generator 0.73 -> 0.38 ms on an H200); the batch norms are
// not folded into the weights on the GPU (the fold recomputed every weight each call) but stay
// per-channel maps fused into the kernel after each convolution; and the global pool of a 1x1 map is
// a sum fused into the kernel before it. Each compared with eager, output strides included, under
// default and reduce-overhead (CUDA graphs).
TEST_CASE("cuda inductor: transposed convolutions run channels-last, batch norms stay unfolded", "[cuda]") {
    if (!kiln::cuda::is_available()) {
        SUCCEED("skipped: no CUDA device (torch.cuda.is_available() is False)");
        return;
    }
    for (const char* mode : {"default", "reduce-overhead"}) {
        kiln::vm::bind::last_report().reset();
        auto r = kiln::testing::run_program(
            std::string("import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\ntorch.manual_seed(0)\n"
                        "torch.backends.cudnn.allow_tf32 = False\n"
                        "g = nn.Sequential(nn.ConvTranspose2d(100, 128, 4, 1, 0, bias=False), nn.BatchNorm2d(128), nn.ReLU(True),\n"
                        "                  nn.ConvTranspose2d(128, 64, 4, 2, 1, bias=False), nn.BatchNorm2d(64), nn.ReLU(True),\n"
                        "                  nn.ConvTranspose2d(64, 3, 4, 2, 1, bias=False), nn.Tanh())\n"
                        "for m in g.modules():\n"
                        "    if isinstance(m, nn.BatchNorm2d):\n"
                        "        m.running_mean.uniform_(-0.5, 0.5); m.running_var.uniform_(0.5, 2.0); m.weight.data.uniform_(0.5, 1.5)\n"
                        "g = g.cuda().eval()\n"
                        "z = torch.randn(8, 100, 1, 1, device='cuda')\n"
                        "cg = torch.compile(g, mode='") + mode + "')\n"
            "with torch.no_grad():\n"
            "    want = g(z)\n"
            "    for _ in range(3):\n"
            "        got = cg(z)\n"
            "print(got.shape, got.stride() == want.stride(), torch.allclose(got, want, rtol=1e-4, atol=1e-4))\n"
            "torch.backends.cudnn.allow_tf32 = True\n");
        INFO(mode << "\n" << r.out << r.err << r.result.error_type << ": " << r.result.error_message);
        REQUIRE(r.result.ok);
        CHECK(r.out == "torch.Size([8, 3, 16, 16]) True True\n");
        CHECK(r.err.find("FX graph interpreter") == std::string::npos);
        auto rep = kiln::vm::bind::last_report();
        REQUIRE(rep);
        INFO(rep->post_grad_graph);
        // the second layer's input converted to channels-last (the first reads a 1x1 map, dense in both)
        CHECK(rep->post_grad_graph.find("memory_format = torch.channels_last)") != std::string::npos);
        CHECK(rep->post_grad_graph.find("torch.ops.aten._convolution.default(") != std::string::npos);
        // unfolded: the running variances feed rsqrt, and no weight is scaled before its convolution
        CHECK(rep->post_grad_graph.find("torch.ops.aten.rsqrt.default(") != std::string::npos);
        CHECK(rep->post_grad_graph.find("torch.ops.aten.mul.Tensor(arg0_1") == std::string::npos);
    }
    // ResNet's classifier head: relu(bn(conv(x)) + x) -> adaptive_avg_pool2d(1) -> flatten -> linear
    // on a 1x1 map: no aten::adaptive_avg_pool2d left to run as a fallback.
    kiln::vm::bind::last_report().reset();
    auto r = kiln::testing::run_program(
        "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\ntorch.manual_seed(0)\n"
        "torch.backends.cudnn.allow_tf32 = False\n"
        "conv, bn, fc = nn.Conv2d(64, 64, 3, padding=1, bias=False).cuda(), nn.BatchNorm2d(64).cuda().eval(), nn.Linear(64, 10).cuda()\n"
        "bn.running_var.uniform_(0.5, 2.0)\n"
        "def head(x):\n"
        "    y = F.relu(bn(conv(x)) + x)\n"
        "    return fc(torch.flatten(F.adaptive_avg_pool2d(y, (1, 1)), 1))\n"
        "x = torch.randn(16, 64, 1, 1, device='cuda')\n"
        "with torch.no_grad():\n"
        "    want = head(x)\n"
        "    got = torch.compile(head)(x)\n"
        "print(torch.allclose(got, want, rtol=1e-4, atol=1e-4))\n"
        "torch.backends.cudnn.allow_tf32 = True\n");
    INFO(r.out << r.err << r.result.error_type << ": " << r.result.error_message);
    REQUIRE(r.result.ok);
    CHECK(r.out == "True\n");
    auto rep = kiln::vm::bind::last_report();
    REQUIRE(rep);
    REQUIRE(rep->plan);
    INFO(rep->post_grad_graph);
    CHECK(rep->post_grad_graph.find("adaptive_avg_pool2d") == std::string::npos);
}

TEST_CASE("cuda inductor: relu(conv + bias) -> max_pool2d -> flatten is the conv and one kernel, equal to eager", "[cuda]") {
    // The MNIST CNN's middle (pytorch/examples): channels-last (layout optimization), the bias peeled,
    // max_pool2d decomposed into its 4 taps and relu(conv + bias) computed at each tap (sink_views):
    // one kernel after the convolution, walking channels-last (cuda_pointwise_order), storing NCHW for
    // the flatten. Checked against eager on the GPU, ties and all (relu leaves many zeros).
    if (!kiln::cuda::is_available()) {
        SUCCEED("skipped: no CUDA device (torch.cuda.is_available() is False)");
        return;
    }
    kiln::vm::bind::last_report().reset();
    auto r = kiln::testing::run_program(
        "import torch\nimport torch.nn.functional as F\ntorch.manual_seed(0)\n"
        "torch.backends.cudnn.allow_tf32 = False\n"
        "def f(x, w, b):\n"
        "    return torch.flatten(F.max_pool2d(F.relu(F.conv2d(x, w, b)), 2), 1)\n"
        "args = (torch.randn(16, 32, 26, 26).cuda(), (torch.randn(64, 32, 3, 3) * 0.05).cuda(), torch.randn(64).cuda())\n"
        "cf = torch.compile(f)\n"
        "with torch.no_grad():\n"
        "    want = f(*args)\n"
        "    for _ in range(3):\n"
        "        got = cf(*args)\n"
        "print(got.shape == want.shape, got.is_contiguous(), torch.allclose(got, want, rtol=1e-4, atol=1e-4))\n"
        "torch.backends.cudnn.allow_tf32 = True\n");
    INFO(r.out << r.err << r.result.error_type << ": " << r.result.error_message);
    REQUIRE(r.result.ok);
    CHECK(r.out == "True True True\n");
    CHECK(r.err.find("FX graph interpreter") == std::string::npos);
    auto rep = kiln::vm::bind::last_report();
    REQUIRE(rep);
    REQUIRE(rep->plan);
    INFO(rep->post_grad_graph);
    CHECK(rep->post_grad_graph.find("max_pool2d") == std::string::npos);
    int pooled = 0;
    for (const kiln::kernel::Kernel& k : rep->plan->kernels) {
        const auto& ops = k.origin_ops;
        if (std::find(ops.begin(), ops.end(), "aten.relu") == ops.end()) continue;
        ++pooled;
        CHECK(std::find(ops.begin(), ops.end(), "aten.max_pool2d") != ops.end());
        CHECK(std::find(ops.begin(), ops.end(), "aten.clone") != ops.end());
    }
    CHECK(pooled == 1);
}
