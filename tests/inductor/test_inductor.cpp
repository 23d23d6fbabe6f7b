// torch.compile(backend="inductor") end to end: programs run through Dynamo, the aten re-trace,
// the passes, the scheduler and the memory planner, then the kernel interpreter (KILN_CPP_JIT=0;
// one test runs the natively compiled C++). Every compiled result is compared with eager (shape,
// dtype, strides, values: float32 to 1e-5 relative, float64 to 1e-12), and the plan
// (bind::last_report()) is checked where its shape teaches something: what fuses into one kernel,
// which edges stay unfused and why, where memory is reused.
#include <catch2/catch.hpp>

#include <chrono>
#include <cstdlib>
#include <map>
#include <string>
#include <thread>

#include "backends/cpu_jit.h"
#include "backends/executor.h"
#include "backends/step_profile.h"
#include "bindings/inductor.h"
#include "codegen/cpp.h"
#include "codegen/cuda.h"
#include "kernel/ir.h"
#include "support/check.h"
#include "support/program.h"

namespace {

using kiln::kernel::Plan;
using kiln::kernel::StepKind;

bool has(const std::string& hay, const std::string& needle) { return hay.find(needle) != std::string::npos; }

// check(name, f, *args): compiled vs eager; prints "OK name i" or "MISMATCH name i ...".
const char* kCheck = R"(
def check(name, f, *args, rtol=1e-5, atol=1e-6):
    cf = torch.compile(f)
    a = cf(*args)
    b = f(*args)
    if not isinstance(a, tuple):
        a = (a,)
        b = (b,)
    if len(a) != len(b):
        print("MISMATCH", name, "outputs", len(a), len(b))
    for i in range(len(b)):
        x = a[i]
        y = b[i]
        if x.shape != y.shape or x.dtype != y.dtype or x.stride() != y.stride():
            print("MISMATCH", name, i, x.shape, y.shape, x.dtype, y.dtype, x.stride(), y.stride())
        elif x.dtype == torch.bool:
            print("OK" if torch.equal(x, y) else "MISMATCH", name, i)
        elif torch.allclose(x, y, rtol=rtol, atol=atol, equal_nan=True):
            print("OK", name, i)
        else:
            print("MISMATCH", name, i, (x.double() - y.double()).abs().max().item())
def check64(name, f, *args):
    check(name, f, *args, rtol=1e-12, atol=1e-12)
torch.manual_seed(0)
)";

struct Compiled {
    kiln::testing::ProgramRun run;
    std::shared_ptr<kiln::vm::bind::CompileReport> report;
    const Plan& plan() const { return *report->plan; }
};

// Runs `body` after the check helpers; requires success, no mismatch and `n_ok` OK lines.
Compiled compile_and_check(const std::string& body, int n_ok) {
    setenv("KILN_CPP_JIT", "0", 1);
    kiln::vm::bind::last_report().reset();
    Compiled c;
    c.run = kiln::testing::run_program(std::string(kCheck) + body);
    INFO(body);
    INFO("stdout:\n" << c.run.out << "stderr:\n" << c.run.err);
    INFO(c.run.result.error_type << ": " << c.run.result.error_message);
    REQUIRE(c.run.result.ok);
    CHECK_FALSE(has(c.run.out, "MISMATCH"));
    CHECK_FALSE(has(c.run.err, "FX graph interpreter"));
    int ok = 0;
    for (size_t p = c.run.out.find("OK "); p != std::string::npos; p = c.run.out.find("OK ", p + 1)) ++ok;
    CHECK(ok == n_ok);
    c.report = kiln::vm::bind::last_report();
    REQUIRE(c.report);
    REQUIRE(c.report->plan);
    return c;
}

int count_steps(const Plan& p, StepKind k) {
    int n = 0;
    for (const auto& s : p.steps) n += s.kind == k;
    return n;
}
bool note_has(const Plan& p, const std::string& reason) {
    for (const auto& n : p.not_fused)
        if (has(n.reason, reason)) return true;
    return false;
}

}  // namespace

TEST_CASE("inductor: a pointwise chain is one kernel, peak memory below eager", "[inductor]") {
    auto c = compile_and_check(
        "def f(x, y):\n"
        "    return ((x * y + 1).relu().sin() - x.exp() / 2).tanh()\n"
        "check('chain', f, torch.randn(16, 8), torch.randn(16, 8))\n",
        1);
    const Plan& p = c.plan();
    REQUIRE(p.kernels.size() == 1);
    CHECK(p.kernels[0].name == "cpp_fused_add_div_exp_mul_relu_sin_sub_tanh_0");
    CHECK(p.kernels[0].kind == kiln::kernel::KernelKind::Pointwise);
    CHECK(count_steps(p, StepKind::Extern) == 0);
    CHECK(p.not_fused.empty());
    CHECK(p.peak_bytes_compiled == 16 * 8 * 4);  // the output only
    CHECK(p.peak_bytes_compiled <= p.peak_bytes_eager);
    CHECK(p.peak_bytes_eager > 16 * 8 * 4);
}

// Inductor lowers pow by a small integer to multiplications (a reciprocal when negative) and by 0.5
// to a square root; other exponents stay pow. Statement ops per kernel, and the values against eager.
TEST_CASE("inductor: pow by small integers is multiplications, by 0.5 a square root", "[inductor]") {
    auto c = compile_and_check(
        "def f(x, n):\n"
        "    return x ** 3, x.pow(-2), torch.pow(x.abs(), 0.5), x.abs() ** 2.5, n ** 3, x ** 0, F.gelu(x, approximate='tanh')\n"
        "check('pow', f, torch.randn(8, 5), torch.randint(-9, 9, (8, 5)))\n",
        7);
    std::map<std::string, int> ops;
    for (const auto& k : c.plan().kernels)
        for (const auto& st : k.stmts)
            if (st.code == kiln::kernel::Code::Unary || st.code == kiln::kernel::Code::Binary) ++ops[st.op];
    INFO(kiln::kernel::str(c.plan()));
    CHECK(ops["pow_scalar"] == 1);  // x.abs() ** 2.5 only
    CHECK(ops["reciprocal"] == 1);  // x.pow(-2)
    CHECK(ops["sqrt"] == 1);
    CHECK(ops["mul"] >= 2 + 1 + 2 + 2);  // x ** 3, x ** -2's square, n ** 3, gelu's cube
}

TEST_CASE("inductor: broadcasting row/column vectors, 0-dim tensors and Python scalars", "[inductor]") {
    auto c = compile_and_check(
        "x = torch.randn(6, 5)\n"
        "check('row', lambda x, r: x * r + r, x, torch.randn(5))\n"
        "check('col', lambda x, c: x - c, x, torch.randn(6, 1))\n"
        "check('outer', lambda c, r: c * r, torch.randn(6, 1), torch.randn(1, 5))\n"
        "check('zero_dim', lambda x, s: x * s + s.exp(), x, torch.tensor(1.5))\n"
        "check('scalars', lambda x: 2.0 - x * 3 + 0.25, x)\n"
        "check('3d', lambda a, b: (a + b).sigmoid(), torch.randn(2, 1, 4), torch.randn(3, 1))\n",
        6);
    // the last one: [2, 1, 4] + [3, 1] -> [2, 3, 4], one kernel reading both through stride 0
    REQUIRE(c.plan().kernels.size() == 1);
    CHECK(c.plan().kernels[0].sizes == kiln::Shape{2, 3, 4});
}

TEST_CASE("inductor: transposed, sliced and expanded inputs are read through their strides", "[inductor]") {
    auto c = compile_and_check(
        "check('t', lambda x: x.t() * 2 + 1, torch.randn(4, 6))\n"
        "check('slice', lambda x: x[:, 1::2].cos(), torch.randn(5, 8))\n"
        "check('expand', lambda x, y: x.expand(4, 5) + y, torch.randn(4, 1), torch.randn(4, 5))\n"
        "check('noncontig_in', lambda x: x.relu() * x, torch.randn(6, 4).t())\n"
        "check('perm', lambda x: x.permute(2, 0, 1).exp(), torch.randn(2, 3, 4))\n",
        5);
    const Plan& p = c.plan();
    REQUIRE(p.kernels.size() == 1);  // views fold into the load's strides: no copy kernel
    CHECK(count_steps(p, StepKind::Fallback) == 0);
}

// Tensor.unfold is as_strided(sizes, strides, self.storage_offset()): with the offset given, the
// scheduler once took the view for a reshape and copied the input in order (ViT patch embeddings
// read the wrong pixels; overlapping windows read past the buffer).
TEST_CASE("inductor: as_strided with a storage offset and Tensor.unfold read through their strides", "[inductor]") {
    auto c = compile_and_check(
        "check('offset0', lambda x: x.as_strided([3, 2], [1, 3], 0) + 1, torch.randn(6))\n"
        "check('offset1', lambda x: torch.as_strided(x, [2, 2], [1, 2], 1) * 2, torch.randn(6))\n"
        "check('unfold', lambda x: x.unfold(2, 4, 4) + 1, torch.randn(2, 3, 8, 8))\n"
        "check('overlap', lambda x: x.unfold(2, 3, 1).sum(-1), torch.randn(2, 3, 8, 8))\n"
        "check('patches', lambda x: x.unfold(2, 4, 4).unfold(3, 4, 4).permute(0, 2, 3, 4, 5, 1)"
        ".contiguous().view(2, 4, -1), torch.randn(2, 3, 8, 8))\n",
        5);
    CHECK(count_steps(c.plan(), StepKind::Fallback) == 0);
}

TEST_CASE("inductor: softmax and log_softmax, last and non-last dims", "[inductor]") {
    auto c = compile_and_check(
        "x = torch.randn(8, 16)\n"
        "check('lsm1', lambda x: F.log_softmax(x, dim=-1), x)\n"
        "check('sm0', lambda x: torch.softmax(x, 0), x)\n"
        "check('sm3d', lambda x: torch.softmax(x, 1), torch.randn(2, 5, 3))\n"
        "check64('sm64', lambda x: torch.softmax(x, -1), x.double())\n"
        "check('sm', lambda x: torch.softmax(x, -1), x)\n",
        5);
    const Plan& p = c.plan();
    REQUIRE(p.kernels.size() == 1);
    CHECK(p.kernels[0].name == "cpp_fused__softmax_0");
    CHECK(p.kernels[0].kind == kiln::kernel::KernelKind::Reduction);
    CHECK(p.kernels[0].phases.size() == 3);  // max, sum of exp, normalize
    CHECK(p.buffers.size() == 2);            // the input and the output: no temporaries
}

TEST_CASE("inductor: layer_norm (+ gelu) is one kernel", "[inductor]") {
    auto c = compile_and_check(
        "def f(x, w, b):\n"
        "    return F.gelu(F.layer_norm(x, (32,), w, b))\n"
        "check('ln', lambda x: F.layer_norm(x, (32,)), torch.randn(8, 32))\n"
        "check64('ln64', lambda x: F.layer_norm(x, (4, 8)), torch.randn(3, 4, 8, dtype=torch.float64))\n"
        "check('ln_gelu', f, torch.randn(8, 32), torch.randn(32), torch.randn(32))\n",
        3);
    const Plan& p = c.plan();
    REQUIRE(p.kernels.size() == 1);
    CHECK(has(p.kernels[0].name, "native_layer_norm"));
    CHECK(has(p.kernels[0].name, "gelu"));
    CHECK(count_steps(p, StepKind::Kernel) == 1);
}

TEST_CASE("inductor: mean/var/amax/sum with and without keepdim, full reductions", "[inductor]") {
    auto c = compile_and_check(
        "x = torch.randn(6, 7, 5, dtype=torch.float64)\n"
        "check64('mean', lambda x: (x.mean(1), x.mean(-1, keepdim=True)), x)\n"
        "check64('var', lambda x: (x.var(0), x.var(2, keepdim=True), x.var()), x)\n"
        "check64('amax', lambda x: (x.amax(1), x.amax((0, 2), keepdim=True), x.amin(-1)), x)\n"
        "check64('sum', lambda x: (x.sum(), x.sum((1, 2)), x.sum(0, keepdim=True)), x)\n"
        "check('full32', lambda x: (x.sum(), x.mean(), x.max()), torch.randn(9, 11))\n"
        "check64('centered', lambda x: x - x.mean(-1, keepdim=True), x)\n",
        15);
    // x - x.mean(-1, keepdim=True): a reduction with its pointwise epilogue, one kernel
    REQUIRE(c.plan().kernels.size() == 1);
    CHECK(c.plan().kernels[0].kind == kiln::kernel::KernelKind::Reduction);
}

TEST_CASE("inductor: a transposed convolution is one extern call, not its zero-insertion composition", "[inductor]") {
    // F.conv_transpose2d is one node in PyTorch's graphs (torch.conv_transpose2d, a C function) and
    // one aten::_convolution (transposed) after the aten re-trace, whose kernel is the transposed
    // convolution's own (the input gradient of the convolution it transposes). Inlined, Kiln's
    // Python form recorded cat/zeros/pad and a stride^2-times-larger convolution.
    auto c = compile_and_check(
        "def up(x, w, b):\n"
        "    return F.conv_transpose2d(x, w, b, stride=2, padding=1, output_padding=1).relu()\n"
        "check('up', up, torch.randn(2, 4, 5, 5), torch.randn(4, 3, 3, 3), torch.randn(3))\n"
        "check('up3d', lambda x, w: F.conv_transpose3d(x, w, stride=2), torch.randn(1, 2, 3, 3, 3), torch.randn(2, 2, 2, 2, 2))\n",
        2);
    const Plan& p = c.plan();  // the last compiled graph: the 3-d one
    int transposed = 0, others = 0;
    for (const auto& s : p.steps)
        if (s.kind == StepKind::Extern && s.node) (s.node->kind == "aten::_convolution" ? transposed : others)++;
    CHECK(transposed == 1);
    CHECK(others == 0);
}

TEST_CASE("inductor: MLP with F.linear + relu: extern addmm, relu in place", "[inductor]") {
    auto c = compile_and_check(
        "def mlp(x, w1, b1, w2, b2):\n"
        "    return F.linear(F.linear(x, w1, b1).relu(), w2, b2)\n"
        "check('mlp', mlp, torch.randn(8, 16), torch.randn(32, 16), torch.randn(32), torch.randn(4, 32), torch.randn(4))\n"
        "check('xwb', lambda x, w, b: (x @ w + b).relu(), torch.randn(8, 16), torch.randn(16, 4), torch.randn(4))\n",
        2);
    // x @ w + b: the mm is an extern kernel, the add (+ relu) a fused kernel after it
    const Plan& p = c.plan();
    CHECK(count_steps(p, StepKind::Extern) == 1);
    REQUIRE(p.kernels.size() == 1);
    CHECK(note_has(p, "extern kernel"));
    bool inplace = false;  // the epilogue writes over the mm result it reads for the last time
    for (const auto& s : p.steps) inplace |= s.kind == StepKind::Reuse;
    CHECK(inplace);
    CHECK(p.kernels[0].in_out.size() == 1);
}

TEST_CASE("inductor: conv2d + batchnorm (eval) + relu, matmul chains", "[inductor]") {
    compile_and_check(
        "conv = nn.Conv2d(3, 4, 3, padding=1)\n"
        "bn = nn.BatchNorm2d(4)\n"
        "bn.running_mean = torch.randn(4)\n"
        "bn.running_var = torch.rand(4) + 0.5\n"
        "bn.eval()\n"
        "def f(x):\n"
        "    return bn(conv(x)).relu()\n"
        "with torch.no_grad():\n"
        "    check('conv_bn_relu', f, torch.randn(2, 3, 6, 6), rtol=1e-4, atol=1e-5)\n"
        "def chain(a, b, c):\n"
        "    return (a @ b).tanh() @ c\n"
        "check('mm_chain', chain, torch.randn(5, 6), torch.randn(6, 7), torch.randn(7, 3))\n"
        "check64('bmm', lambda a, b: torch.softmax(a @ b, -1), torch.randn(2, 3, 4, dtype=torch.float64), torch.randn(2, 4, 5, dtype=torch.float64))\n",
        3);
}

// Conv + eval batch norm folding follows Inductor's rule: only under torch._inductor.config.freezing
// (pre-grad fuse_fx). Without it the weights are graph inputs and the fold would recompute every
// weight on every call; the batch norm stays a per-channel affine map after the convolution.
TEST_CASE("inductor: conv + eval batch norm folds only under config.freezing", "[inductor]") {
    const std::string model =
        "conv = nn.Conv2d(3, 4, 3, padding=1)\n"
        "bn = nn.BatchNorm2d(4)\n"
        "bn.running_mean = torch.randn(4)\n"
        "bn.running_var = torch.rand(4) + 0.5\n"
        "bn.eval()\n"
        "def f(x):\n"
        "    return bn(conv(x)).relu()\n";
    auto folded = [](const Compiled& c) {
        for (const auto& r : c.report->passes)
            if (r.name == "fold_conv_bn") return r.changed;
        return false;
    };
    auto plain = compile_and_check(model + "with torch.no_grad():\n"
                                           "    check('conv_bn', f, torch.randn(2, 3, 6, 6), rtol=1e-4, atol=1e-5)\n",
                                   1);
    CHECK_FALSE(folded(plain));
    auto frozen = compile_and_check(model + "import torch._inductor.config\n"
                                            "torch._inductor.config.freezing = True\n"
                                            "with torch.no_grad():\n"
                                            "    check('conv_bn_frozen', f, torch.randn(2, 3, 6, 6), rtol=1e-4, atol=1e-5)\n",
                                    1);
    CHECK(folded(frozen));
}

TEST_CASE("inductor: where/clamp/comparisons, bool outputs, float64 programs", "[inductor]") {
    auto c = compile_and_check(
        "x = torch.randn(7, 9, dtype=torch.float64)\n"
        "check64('where', lambda x: torch.where(x > 0, x, x * 0.1), x)\n"
        "check64('clamp', lambda x: (x.clamp(-0.5, 0.5), x.clamp(min=0.2), torch.clamp(x, max=-0.1)), x)\n"
        "check('bool', lambda x, y: ((x > y) & (x < 0.5), x == x, x != y), torch.randn(4, 5), torch.randn(5))\n"
        "check64('f64chain', lambda x: (x.exp() - 1).log1p().sqrt() * x.sigmoid(), x)\n",
        8);
    REQUIRE(c.plan().kernels.size() == 1);
    CHECK(c.plan().kernels[0].compute == kiln::DType::Float64);
}

// int64 nodes compute in int64 kernels (passes/schedule.cpp integer_ops): exact where float64 is
// not (values beyond 2**53), the ROUNDING rows an identity, a bool -> int64 cast and comparisons of
// int64 values inside them; an integer division stays an eager step (its zero divisor must raise).
TEST_CASE("inductor: int64 pointwise nodes are int64 kernels, exact beyond 2**53, integer division stays eager", "[inductor]") {
    auto c = compile_and_check(
        "def f(x, y, m):\n"
        "    z = (x + y * 3 - 7).abs().maximum(y).floor()\n"
        "    return z, torch.where(m, z, -x) + m.long(), ((x > y) & (z != 0)) | m\n"
        "x = torch.tensor([[2**62 + 1, -5, 7], [2**53 + 1, 0, -2**60 + 3]])\n"
        "y = torch.tensor([3, -2**55 - 1, 1])\n"
        "m = torch.tensor([[True, False, True], [False, True, False]])\n"
        "a = torch.compile(f)(x, y, m)\n"
        "b = f(x, y, m)\n"
        "for i in range(3):\n"
        "    print('OK' if a[i].dtype == b[i].dtype and torch.equal(a[i], b[i]) else 'MISMATCH', 'int64', i)\n"
        "print(a[0].tolist())\n",
        3);
    const Plan& p = c.plan();
    CHECK(count_steps(p, StepKind::Fallback) == 0);
    int int_kernels = 0;
    for (const auto& k : p.kernels) int_kernels += k.compute == kiln::DType::Int64;
    CHECK(int_kernels >= 1);
    CHECK(has(c.run.out, "[[4611686018427387907, 108086391056891919, 3], [9007199254740995, 108086391056891914, 1152921504606846977]]"));

    auto d = compile_and_check(
        "def g(x, y):\n"
        "    return (x + 1) // y\n"
        "x = torch.tensor([7, -8, 9])\n"
        "a = torch.compile(g)(x, torch.tensor([2, 3, -4]))\n"
        "print('OK' if torch.equal(a, g(x, torch.tensor([2, 3, -4]))) else 'MISMATCH', 'floordiv')\n"
        "try:\n"
        "    torch.compile(g)(x, torch.tensor([2, 0, 1]))\n"
        "except RuntimeError as e:\n"
        "    print(e)\n",
        1);
    CHECK(count_steps(d.plan(), StepKind::Fallback) == 1);
    CHECK(has(d.run.out, "ZeroDivisionError"));
}

TEST_CASE("inductor: outputs that are views or inputs, multiple outputs, shared values", "[inductor]") {
    auto c = compile_and_check(
        "x = torch.randn(4, 6)\n"
        "check('view_out', lambda x: (x + 1).t(), x)\n"
        "check('input_out', lambda x: (x, x * 2), x)\n"
        "check('multi', lambda x: (x.sin(), x.cos(), x.sum(1)), x)\n"
        "def shared(x):\n"
        "    y = x.exp()\n"
        "    return y.sum(0) + 1, y.amax(1)\n"
        "check('shared', shared, x)\n",
        8);
    // exp feeds two reductions over different dims: a reduction boundary between two kernels
    const Plan& p = c.plan();
    CHECK(p.kernels.size() >= 2);
    CHECK(note_has(p, "reduction boundary"));
}

TEST_CASE("inductor: graph breaks compile both halves", "[inductor]") {
    auto c = compile_and_check(
        "def f(x):\n"
        "    y = (x * 2).relu()\n"
        "    print('in the middle')\n"
        "    return torch.softmax(y, -1)\n"
        "check('gb', f, torch.randn(3, 5))\n",
        1);
    CHECK(has(c.run.out, "in the middle\nin the middle\n"));  // compiled call, then eager call
    CHECK(c.plan().kernels.size() == 1);
    CHECK(has(c.plan().kernels[0].name, "softmax"));  // the second graph was compiled last
}

TEST_CASE("inductor: in-place ops on inputs compile (written back), inputs requiring grad train, right numbers", "[inductor]") {
    setenv("KILN_CPP_JIT", "0", 1);
    auto r = kiln::testing::run_program(std::string(kCheck) +
                                        "def f(x):\n"
                                        "    x.add_(1)\n"
                                        "    return x * 2\n"
                                        "cf = torch.compile(f)\n"
                                        "cf(torch.ones(3))\n"
                                        "a = torch.ones(3)\n"
                                        "print(cf(a), a)\n"
                                        "g = torch.compile(lambda w: (w * 3).sum())\n"
                                        "w = torch.ones(2, requires_grad=True)\n"
                                        "out = g(w)\n"
                                        "out.backward()\n"
                                        "print(out.item(), w.grad)\n");
    INFO(r.out << r.err << r.result.error_message);
    REQUIRE(r.result.ok);
    CHECK(r.out == "tensor([4., 4., 4.]) tensor([2., 2., 2.])\n6.0 tensor([3., 3.])\n");
    // x.add_(1) is functionalized (x + 1, written back into x after the run): no fallback.
    CHECK_FALSE(has(r.err, "FX graph interpreter"));
    // Training graphs compile (AOT autograd, engine/aot): no fallback for the grad-requiring input.
    CHECK_FALSE(has(r.err, "requires grad"));
}

TEST_CASE("inductor: the first call of a graph with an in-place op mutates its input once", "[inductor]") {
    // Regression: the aten re-trace ran gm.forward on the caller's tensors, so x.add_(1) happened
    // during the trace and again in the FX-interpreter fallback (6 and x == 3; PyTorch: 4 and 2).
    // The re-trace now runs on same-layout copies.
    setenv("KILN_CPP_JIT", "0", 1);
    auto r = kiln::testing::run_program("def f(x):\n"
                                        "    x.add_(1)\n"
                                        "    return x * 2\n"
                                        "a = torch.ones(3)\n"
                                        "print(torch.compile(f)(a), a)\n");
    REQUIRE(r.result.ok);
    CHECK(r.out == "tensor([4., 4., 4.]) tensor([2., 2., 2.])\n");
}

TEST_CASE("inductor: x.to(dtype) is traced, not baked into the re-trace", "[inductor]") {
    // Regression: Tensor.to(dtype) bypassed the tracer, so the re-trace baked its value into
    // _tensor_constant0 and a second call with new data returned the first call's result.
    compile_and_check(
        "def f(x):\n"
        "    return x.to(torch.float32) * 2\n"
        "cf = torch.compile(f)\n"
        "cf(torch.tensor([1.0], dtype=torch.float64))\n"
        "y = torch.tensor([5.0], dtype=torch.float64)\n"
        "print('OK' if torch.equal(cf(y), f(y)) else 'MISMATCH', 'to')\n",
        1);
}

TEST_CASE("inductor: regression: in-place reuse must not precede a later load of the input", "[inductor]") {
    // A multi-output kernel stored `mul` into buf0's memory before `where` loaded buf0
    // (memory_plan elementwise_in_place); found by the random-graph test (graph 630, seed 1).
    compile_and_check(
        "def f(a1, a0, a3):\n"
        "    v1 = a0.amax(0, keepdim=True)\n"
        "    v6 = F.softplus(v1) * F.softplus(v1)\n"
        "    return torch.where(a1 > 0, v6, a1), a1 * a3\n"
        "check('r630', f, torch.randn(1, 5, 10)[..., ::2], torch.randn(1, 5, 5), torch.randn(5, 5, 1).permute(2, 1, 0))\n",
        2);
}

TEST_CASE("inductor: regression: a reduction of another kernel's row value, size-1 and 0-dim reductions",
          "[inductor]") {
    // mean(softplus(amax)) read softplus with amax's row role (r stride 0); sums over size-1 dims
    // and of 0-dim tensors made reduction kernels without r dims; a [N]-element tensor constant threw;
    // softmax over dim 0 + mean over dim -1 read by one mul made a kernel cycle.
    compile_and_check(
        "check64('r798', lambda a: F.softplus(a.t().amax(-1)).mean(0, keepdim=True).expand(3), torch.randn(3, 2, dtype=torch.float64))\n"
        "check('size1', lambda a: (a.amax(-1), a.sum(1, keepdim=True), a.min()), torch.randn(6, 1, 1))\n"
        "check('zero_dim', lambda a: a.min() + a.sum(), torch.tensor(0.5))\n"
        "def cyc(a, b):\n"
        "    v1 = torch.minimum(a, b)\n"
        "    return torch.softmax(v1, -3) * v1.mean(-1, keepdim=True), v1\n"
        "check64('cycle', cyc, torch.randn(1, 4, 5, dtype=torch.float64), torch.randn(4, 5, dtype=torch.float64))\n",
        7);
}

namespace {

// Runs `program` (it compiles its function with options={'cpp_jit': True} and calls it), then the
// last compiled plan on the native module and on the interpreter with `inputs`: both must agree.
// `out`: what the program prints; `atol`: the absolute tolerance (sums in another order differ by
// more where they cancel). Returns the generated C++ source.
std::string native_matches_interpreter(const std::string& program, const std::vector<kiln::Tensor>& inputs,
                                      const std::string& out = "", double atol = 1e-6) {
    auto r = kiln::testing::run_program(program);
    INFO(r.out << r.err << r.result.error_message);
    REQUIRE(r.result.ok);
    CHECK(r.out == out);
    auto rep = kiln::vm::bind::last_report();
    REQUIRE(rep);
    REQUIRE(rep->plan);
    CHECK_FALSE(rep->source_path.empty());  // the JIT was started
    kiln::backends::PlanRunner runner(rep->plan);
    runner.attach_native(kiln::backends::compile_async(rep->source, kiln::codegen::exported_symbols(*rep->plan)));
    auto t0 = std::chrono::steady_clock::now();
    while (!runner.native_ready() && std::chrono::steady_clock::now() - t0 < std::chrono::seconds(120))
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    REQUIRE(runner.native_ready());
    auto native = runner.run(inputs);
    CHECK(runner.last_engine() == kiln::backends::KernelEngine::Native);
    runner.set_force_interpreter(true);
    auto interp = runner.run(inputs);
    CHECK(runner.last_engine() == kiln::backends::KernelEngine::Interpreter);
    REQUIRE(native.size() == interp.size());
    for (size_t i = 0; i < native.size(); ++i) kiln::testing::check_close(native[i], interp[i], 1e-5, atol);
    return rep->source;
}

// Whether the system compiler can build generated C++ (a warning in the test's output when not).
bool have_cpp_jit() {
    if (kiln::backends::cpu_jit_available()) return true;
    WARN("no C++ compiler: native code not tested");
    return false;
}

kiln::Tensor f32_input(std::vector<int64_t> shape, uint64_t seed) {
    return kiln::to_dtype(kiln::testing::test_input(shape, seed, -4, 4, false), kiln::DType::Float32);
}

}  // namespace

TEST_CASE("inductor: native C++ kernels give the interpreter's results", "[inductor][jit]") {
    if (!have_cpp_jit()) return;
    // Compile with the JIT on (as torch.compile(options={"cpp_jit": True}) does), then run the
    // plan on both engines with a PlanRunner of our own, waiting (bounded) for the native module.
    native_matches_interpreter(
        "def f(x, w):\n"
        "    return F.layer_norm((x * w).relu(), (16,)), torch.softmax(x, 0)\n"
        "cf = torch.compile(f, options={'cpp_jit': True})\n"
        "x = torch.randn(8, 16)\n"
        "w = torch.randn(16)\n"
        "a = cf(x, w)\n"
        "b = f(x, w)\n"
        "print(all(torch.allclose(p, q, rtol=1e-5, atol=1e-6) for p, q in zip(a, b)))\n",
        {f32_input({8, 16}, 3), f32_input({16}, 4)}, "True\n");
}


TEST_CASE("inductor: reductions along a strided dim run as columns, natively and on the interpreter", "[inductor][jit]") {
    if (!have_cpp_jit()) return;
    // softmax, mean and amax over dim 0, and a weighted sum over dim 0: 130 columns are two blocks
    // of 64 lanes and a tail of 2; the C++ (columns of lanes) and the interpreter (tiles of x points)
    // are separate implementations, checked against each other and against eager.
    std::string src = native_matches_interpreter(
        "def f(x, w):\n"
        "    return torch.softmax(x, 0), x.mean(0), x.amax(0, keepdim=True), (x * w).sum(0)\n"
        "cf = torch.compile(f, options={'cpp_jit': True})\n"
        "x, w = torch.randn(300, 130), torch.randn(130)\n"
        "print(all(torch.allclose(p, q, rtol=1e-5, atol=1e-5) for p, q in zip(cf(x, w), f(x, w))))\n",
        {f32_input({300, 130}, 6), f32_input({130}, 7)}, "True\n", 2e-4);
    CHECK(has(src, "// columns: reduced along a strided dim, vectorized along x0 in blocks of 64"));
    CHECK(has(src, "for (int64_t x0b = 0; x0b < 130; x0b += 64)"));
    // Statistics over dim 0 of [N, C, W]: the lanes run along W, C is collapsed into the parallel loop.
    src = native_matches_interpreter(
        "def g(x):\n"
        "    return x.var(0), x.sum(0) * 2.0\n"
        "cg = torch.compile(g, options={'cpp_jit': True})\n"
        "x = torch.randn(50, 3, 40)\n"
        "print(all(torch.allclose(p, q, rtol=1e-4, atol=1e-5) for p, q in zip(cg(x), g(x))))\n",
        {f32_input({50, 3, 40}, 8)}, "True\n", 2e-4);
    CHECK(has(src, "// columns:"));
    // layer_norm's weight gradient, sum over rows of g * xhat * rstd: the per-row rstd walks r
    // contiguously but is one value for every lane (a broadcast), so the columns still apply (the
    // row form read each column a cache line apart; the CUDA generator's column_kernel has the
    // same rule).
    src = native_matches_interpreter(
        "def lw(g, x, s):\n"
        "    return (g * x * s).sum(0)\n"
        "clw = torch.compile(lw, options={'cpp_jit': True})\n"
        "g, x, s = torch.randn(300, 130), torch.randn(300, 130), torch.randn(300, 1)\n"
        "print(torch.allclose(clw(g, x, s), lw(g, x, s), rtol=1e-4, atol=1e-5))\n",
        {f32_input({300, 130}, 12), f32_input({300, 130}, 13), f32_input({300, 1}, 14)}, "True\n", 2e-4);
    CHECK(has(src, "// columns: reduced along a strided dim, vectorized along x0 in blocks of 64"));
    // Along the contiguous dim: rows, as before.
    src = native_matches_interpreter(
        "def h(x):\n"
        "    return x.sum(-1)\n"
        "ch = torch.compile(h, options={'cpp_jit': True})\n"
        "ch(torch.randn(30, 300))\n",
        {f32_input({30, 300}, 9)});
    CHECK_FALSE(has(src, "// columns:"));
}

// Max and min reductions in generated C++ take OpenMP's own max/min (vector instructions) with a
// NaN flag beside: a row with a NaN gives NaN, a row of -inf gives -inf for amax (and +inf rows for
// amin), as the interpreter and eager give them.
TEST_CASE("inductor: C++ max/min reductions keep NaN and infinities", "[inductor][jit]") {
    if (!have_cpp_jit()) return;
    kiln::Tensor x = f32_input({6, 100}, 11);
    float* d = x.data_ptr<float>();
    d[1 * 100 + 50] = std::numeric_limits<float>::quiet_NaN();
    for (int i = 0; i < 100; ++i) d[2 * 100 + i] = -std::numeric_limits<float>::infinity();
    for (int i = 0; i < 100; ++i) d[3 * 100 + i] = std::numeric_limits<float>::infinity();
    d[4 * 100 + 99] = std::numeric_limits<float>::quiet_NaN();  // the last element (past the vector groups)
    const std::string src = native_matches_interpreter(
        "def f(x):\n"
        "    return x.amax(-1), x.amin(-1), torch.softmax(x, -1)\n"
        "cf = torch.compile(f, options={'cpp_jit': True})\n"
        "a, b, c = cf(torch.randn(6, 100))\n",
        {x});
    CHECK(src.find("reduction(kiln_fmax:") != std::string::npos);
    CHECK(src.find("reduction(kiln_fmin:") != std::string::npos);
    // The softmax's exp(x - max) is computed once, kept in the output's row between its phases;
    // a float16 output cannot hold it (the kept value would be rounded), so that softmax computes
    // it twice.
    CHECK(src.find("// kept for a later phase") != std::string::npos);
    CHECK(src.find("// kept by an earlier phase") != std::string::npos);
    const std::string half = native_matches_interpreter(
        "def g(x):\n"
        "    return torch.softmax(x, -1).half()\n"
        "cg = torch.compile(g, options={'cpp_jit': True})\n"
        "a = cg(torch.randn(6, 100))\n",
        {x}, "", 1e-3);
    CHECK(half.find("// kept for a later phase") == std::string::npos);
    auto r = kiln::testing::run_program(
        "x = torch.randn(6, 100)\n"
        "x[1, 50] = float('nan')\n"
        "x[2] = float('-inf')\n"
        "x[3] = float('inf')\n"
        "x[4, 99] = float('nan')\n"
        "cf = torch.compile(lambda t: (t.amax(-1), t.amin(-1)), options={'cpp_jit': 'wait'})\n"
        "a, b = cf(x)\n"
        "print(a[1].isnan().item(), a[2].item(), a[3].item(), b[3].item(), a[4].isnan().item(), b[4].isnan().item())\n");
    INFO(r.err << r.result.error_message);
    CHECK(r.out == "True -inf inf inf True True\n");
}

TEST_CASE("inductor: chains of transcendental ops run as loops per stage over blocks, same values", "[inductor][jit]") {
    if (!have_cpp_jit()) return;
    // shared/anchors.md's chain (sigmoid, then tanh): one block loop, a tail block of 952, and only
    // the value that crosses the cut (tmp9) goes through a block array; the input is read again.
    std::string src = native_matches_interpreter(
        "def f(x):\n"
        "    y = torch.relu(x * 1.5 + 0.5) * torch.sigmoid(x)\n"
        "    return torch.tanh(y - 0.25) * x + 1.0\n"
        "cf = torch.compile(f, options={'cpp_jit': True})\n"
        "cf(torch.randn(3000))\n",
        {f32_input({3000}, 1)});
    CHECK(has(src, "// loop fission: 2 loops over blocks of 1024 (sigmoid | tanh)"));
    CHECK(has(src, "for (int64_t x0b = 0; x0b < 3000; x0b += 1024)"));
    CHECK(has(src, "alignas(64) float blk_tmp9[1024];"));
    CHECK_FALSE(has(src, "blk_tmp0"));
    // Broadcast over rows: the block loop is collapsed with the row loop (16 rows of 3 blocks, 40000
    // points: two chunks, tensor/parallel.h's rule); three stages.
    src = native_matches_interpreter(
        "def g(x, w):\n"
        "    return torch.exp(torch.tanh(torch.sigmoid(x * w) + x) - w)\n"
        "cg = torch.compile(g, options={'cpp_jit': True})\n"
        "cg(torch.randn(16, 2500), torch.randn(2500))\n",
        {f32_input({16, 2500}, 2), f32_input({2500}, 3)});
    CHECK(has(src, "// loop fission: 3 loops over blocks of 1024 (sigmoid | tanh | exp)"));
    CHECK(has(src, "#pragma omp parallel for collapse(2) schedule(static, kiln_chunk(48, 2))"));
    // A transposed input keeps two dims; the innermost (70) is one block: no block loop.
    src = native_matches_interpreter(
        "def h(x):\n"
        "    return F.gelu(torch.tanh(x)) * x\n"
        "ch = torch.compile(h, options={'cpp_jit': True})\n"
        "ch(torch.randn(70, 90).t())\n",
        {kiln::transpose(f32_input({70, 90}, 4), 0, 1)});
    CHECK(has(src, "// loop fission: 2 loops over blocks of 70 (tanh | erf)"));  // gelu decomposed
    CHECK_FALSE(has(src, "x1b"));
    CHECK_FALSE(has(src, "// tiles of"));  // 6300 points: small enough to stay in cache untiled
    // A transposed view of 64K points or more runs in 32 x 8 tiles (partial ones at the edges).
    src = native_matches_interpreter(
        "def t(x, y):\n"
        "    return x.t() + y * 2.0\n"
        "ct = torch.compile(t, options={'cpp_jit': True})\n"
        "ct(torch.randn(300, 250), torch.randn(250, 300))\n",
        {f32_input({300, 250}, 6), f32_input({250, 300}, 7)});
    CHECK(has(src, "// tiles of 32 x 8 over x0, x1"));
    CHECK(has(src, "for (int64_t x1 = x1t; x1 < (x1t + 8 < 300 ? x1t + 8 : 300); ++x1)"));
    CHECK_FALSE(has(src, "kiln_transpose8"));  // 250 rows: not a multiple of 8
    // Both dims multiples of 8: the transposed loads come from 8 x 8 blocks transposed in vector
    // registers, in 16 x 16 tiles (16 x 8 where the last dim is not a multiple of 16); two
    // transposed loads, one of them strided beyond a plain transpose, and outer dims around.
    src = native_matches_interpreter(
        "def t2(x, y, z):\n"
        "    return (x.t() + y * 2.0) * z[::2].t()\n"
        "ct2 = torch.compile(t2, options={'cpp_jit': True})\n"
        "ct2(torch.randn(320, 256), torch.randn(256, 320), torch.randn(640, 256))\n",
        {f32_input({320, 256}, 8), f32_input({256, 320}, 9), f32_input({640, 256}, 10)});
    CHECK(has(src, "// tiles of 16 x 16 over x0, x1"));
    CHECK(has(src, "(tmp0, tmp5) come from 8 x 8 blocks transposed in vector registers (kiln_transpose8)"));
    CHECK(has(src, "static inline void kiln_transpose8("));
    src = native_matches_interpreter(
        "def t3(x, y):\n"
        "    return x.permute(0, 2, 1).sigmoid() - y\n"
        "ct3 = torch.compile(t3, options={'cpp_jit': True})\n"
        "ct3(torch.randn(3, 264, 400), torch.randn(400, 264))\n",
        {f32_input({3, 264, 400}, 11), f32_input({400, 264}, 12)});
    CHECK(has(src, "// tiles of 16 x 8 over x1, x2"));
    // One transcendental op: a single loop, as before.
    src = native_matches_interpreter(
        "def s(x):\n"
        "    return torch.sigmoid(x * 2.0) + x\n"
        "cs = torch.compile(s, options={'cpp_jit': True})\n"
        "cs(torch.randn(3000))\n",
        {f32_input({3000}, 5)});
    CHECK_FALSE(has(src, "loop fission"));
}

TEST_CASE("inductor: cat and stack of computed tensors run as steps reading the pieces' buffers", "[inductor]") {
    auto c = compile_and_check(
        "def f(x, y):\n"
        "    a = (x * 2).relu()\n"
        "    b = y.sigmoid() + 1\n"
        "    c = torch.cat([a, b, x], 1)\n"
        "    d = torch.stack([a, b.t().t()], 0).sum(0)\n"
        "    return c * 3, d, torch.cat([a.t(), b.t()], 0)\n"
        "check('cat_stack', f, torch.randn(4, 5), torch.randn(4, 5))\n",
        3);  // one OK line per output
    const Plan& p = c.plan();
    int lists = 0;
    for (const auto& s : p.steps) {
        if (s.list_inputs.empty()) continue;
        ++lists;
        CHECK(s.kind == StepKind::Fallback);
        REQUIRE(s.list_inputs.size() == 1);
        CHECK(s.input_buffers[size_t(s.list_inputs[0].input)] == -1);
        CHECK(s.list_inputs[0].buffers.size() >= 2);
    }
    CHECK(lists == 3);
    const std::string text = kiln::kernel::str(p);
    CHECK(has(text, "torch.ops.aten.cat([buf0, buf1, arg0_1], 1)"));
    // The transposed pieces are read through views of their buffers.
    CHECK(has(text, "reinterpret_tensor(buf0, (5, 4), (1, 5), 0)"));
    CHECK(note_has(p, "fallback: aten.cat"));
    // The pieces stay alive until the last step reading them (the memory plan counts list reads).
    kiln::kernel::verify(p);
}

TEST_CASE("inductor: a repeated layer's kernels are one CUDA function each (kernel reuse)", "[inductor]") {
    // Four Linear + Tanh layers of one size: four tanh epilogue kernels with the same text but for
    // their names and source-node comments. The CUDA source holds the first only and every launch
    // names it, so NVRTC compiles it once (rendered from the CPU plan: no GPU needed).
    auto c = compile_and_check(
        "m = torch.nn.Sequential(*[torch.nn.Sequential(torch.nn.Linear(16, 16), torch.nn.Tanh()) for _ in range(4)])\n"
        "m.eval()\n"
        "with torch.no_grad():\n"
        "    check('layers', m, torch.randn(8, 16))\n",
        1);
    const Plan& p = c.plan();
    const std::vector<int> reuse = kiln::codegen::cuda_kernel_reuse(p);
    REQUIRE(reuse.size() == p.kernels.size());
    REQUIRE(p.kernels.size() >= 4);
    int distinct = 0;
    for (size_t i = 0; i < reuse.size(); ++i) distinct += reuse[i] == int(i);
    CHECK(distinct == 1);  // every layer's bias + tanh kernel is the same code
    const std::string src = kiln::codegen::generate_cuda(p);
    const std::string first = kiln::codegen::cuda_kernel_name(p.kernels[size_t(reuse.back())]);
    const std::string last = kiln::codegen::cuda_kernel_name(p.kernels.back());
    if (first != last) CHECK(src.find(last) == std::string::npos);  // never defined nor launched
    CHECK(src.find("__global__ void __launch_bounds__(") != std::string::npos);
    CHECK(int(kiln::codegen::cuda_kernel_names(p).size()) <= 2 * distinct);
}

TEST_CASE("inductor: MultiheadAttention is inlined into one graph, for inference and for gradients",
          "[inductor][dynamo]") {
    // Its forward is inlined as PyTorch's Dynamo inlines it (bindings/attention_py.cpp): projections,
    // bmm and a fused softmax in one graph, no break.
    auto c = compile_and_check(
        "mha = torch.nn.MultiheadAttention(16, 4, batch_first=True)\n"
        "mha.eval()\n"
        "def f(x):\n"
        "    a, w = mha(x, x, x, need_weights=False)\n"
        "    return a + x, w is None\n"
        // eager calls take MHA's fast path (a contiguous result), compiled graphs its reference
        // path (a transposed one), as in PyTorch 2.11: the values are compared
        "def g(x):\n"
        "    return f(x)[0].contiguous()\n"
        "with torch.no_grad():\n"
        "    e = torch._dynamo.explain(f)(torch.randn(2, 5, 16))\n"
        "    print(e.graph_count, e.graph_break_count, f(torch.randn(2, 5, 16))[1])\n"
        "    check('mha', g, torch.randn(2, 5, 16))\n",
        1);
    CHECK(has(c.run.out, "1 0 True\n"));
    CHECK(count_steps(c.plan(), StepKind::Extern) >= 2);
    // With gradients: its parameters are graph inputs, so AOT autograd differentiates through the
    // projections (slices of in_proj_weight included); every gradient equals eager's.
    auto r = kiln::testing::run_program(
        "torch.manual_seed(0)\n"
        "mha = torch.nn.MultiheadAttention(8, 2, batch_first=True)\n"
        "q = torch.randn(3, 4, 8, requires_grad=True)\n"
        "def f(x):\n"
        "    x = x * 2\n"
        "    a, w = mha(x, x, x)\n"
        "    return (a * w.sum()).sum()\n"
        "def g(x):\n"  // need_weights=False: scaled_dot_product_attention's backward formula
        "    a, _ = mha(x * 2, x, x, need_weights=False)\n"
        "    return (a * torch.linspace(-1, 1, 8)).sum()\n"
        "for fn in [f, g]:\n"
        "    q.grad = None\n"
        "    mha.zero_grad()\n"
        "    fn(q).backward()\n"
        "    want = [q.grad.clone()] + [p.grad.clone() for p in mha.parameters()]\n"
        "    for backend in ['aot_eager', 'inductor']:\n"
        "        torch._dynamo.reset()\n"
        "        q.grad = None\n"
        "        mha.zero_grad()\n"
        "        torch.compile(fn, backend=backend)(q).backward()\n"
        "        got = [q.grad] + [p.grad for p in mha.parameters()]\n"
        "        print(backend, all(torch.allclose(a, b, atol=1e-5) for a, b in zip(got, want)))\n"
        "e = torch._dynamo.explain(f)(q)\n"
        "print(e.graph_count, e.graph_break_count)\n");
    INFO(r.out << r.err << r.result.error_message);
    REQUIRE(r.result.ok);
    CHECK(r.out == "aot_eager True\ninductor True\naot_eager True\ninductor True\n1 0\n");
    CHECK_FALSE(has(r.err, "FX graph interpreter"));
}

TEST_CASE("inductor: attention's q/k/v gradients land in the in-projection's gradient with no cat (CPU)",
          "[inductor][dynamo]") {
    // The training graph of PyTorch's reference MultiheadAttention path (F.multi_head_attention_forward:
    // the projection unflattened to (3, L, N, E), heads split in (L, N, E) order): on the CPU the
    // fused flash backward writes dq, dk, dv straight into the in-projection's (L, N, 3E) gradient
    // (passes/pack_attention_grads.cpp), so the backward plan runs no concatenation; the compiled
    // gradients equal eager's.
    kiln::backends::step_profile_begin();
    auto r = kiln::testing::run_program(
        "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n"
        "torch.manual_seed(0)\n"
        "mha = nn.MultiheadAttention(32, 4, batch_first=True)\n"
        "x = torch.randn(3, 8, 32)\n"
        "def f(x):\n"
        "    a, _ = mha(x, x, x, need_weights=False)\n"
        "    return (a * torch.linspace(-1, 1, 32)).sum()\n"
        "f(x).backward()\n"
        "want = [p.grad.clone() for p in mha.parameters()]\n"
        "mha.zero_grad()\n"
        "torch.compile(f)(x).backward()\n"
        "print(all(torch.allclose(p.grad, w, atol=1e-5) for p, w in zip(mha.parameters(), want)))\n");
    std::vector<kiln::backends::PlanProfile> runs = kiln::backends::step_profile_end();
    INFO(r.out << r.err << r.result.error_type << ": " << r.result.error_message);
    REQUIRE(r.result.ok);
    CHECK(r.out == "True\n");
    bool packed = false, cat = false;
    for (const kiln::backends::PlanProfile& p : runs)
        for (const auto& st : p.steps) {
            packed = packed || st.name == "aten::_scaled_dot_product_fused_attention_backward_packed";
            cat = cat || st.name == "aten::cat";
        }
    CHECK(packed);
    CHECK_FALSE(cat);
}

TEST_CASE("dynamo: a compiled training step calls the optimizer eagerly at graph breaks, every call",
          "[inductor][dynamo]") {
    // opt.zero_grad() / opt.step() act on an object Kiln's Dynamo does not model: loading `opt` is
    // fine, each call is a graph break that runs it (a call folded once at trace time would leave
    // later steps without zero_grad and step). Losses equal eager's, step for step.
    CHECK(kiln::testing::program_output(
        "def run(compiled, make_opt):\n"
        "    torch.manual_seed(0)\n"
        "    m = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 4))\n"
        "    opt = make_opt(m.parameters())\n"
        "    x = torch.randn(32, 8)\n"
        "    y = torch.randn(32, 4)\n"
        "    def step(x, y):\n"
        "        opt.zero_grad()\n"
        "        loss = F.mse_loss(m(x), y)\n"
        "        loss.backward()\n"
        "        opt.step()\n"
        "        return loss\n"
        "    f = torch.compile(step) if compiled else step\n"
        "    return [f(x, y).item() for _ in range(4)]\n"
        "for make in [lambda p: torch.optim.SGD(p, lr=0.1, momentum=0.9), lambda p: torch.optim.Adam(p, lr=0.01)]:\n"
        "    a = run(True, make)\n"
        "    b = run(False, make)\n"
        "    print(all(abs(u - v) < 1e-6 for u, v in zip(a, b)), a[-1] < a[0])\n") == "True True\nTrue True\n");
}

TEST_CASE("inductor: compiling under a tensor-memory cap that eager fits in", "[inductor]") {
    // A 9-op chain over 4 MiB tensors under a 32 MiB cap: eager holds the input and two or three
    // intermediates. Compiling must not hold more: example values and the aten re-trace live in meta
    // storage outside the cap (tensor/storage.cpp), and the FX graph interpreter (backend="eager",
    // and the inductor's fallback) drops each value after its last use. Before, the compiled graph's
    // examples held every intermediate (36 MiB): the compile fell back and the fallback ran out too.
    const size_t before = kiln::cpu_memory_limit();
    for (const char* compile : {"torch.compile(f, options={'cpp_jit': False})", "torch.compile(f, backend='eager')"}) {
        kiln::vm::Options o;
        std::string out, err;
        o.out = [&](std::string_view s) { out += s; };
        o.err = [&](std::string_view s) { err += s; };
        o.max_tensor_bytes = size_t(32) << 20;
        kiln::vm::Interpreter in(o);
        kiln::vm::bind::last_report().reset();
        const std::string src = std::string(
                                    "import torch\n"
                                    "def f(x):\n"
                                    "    y = x * 1.5 + 0.5\n"
                                    "    y = torch.relu(y) * torch.sigmoid(x)\n"
                                    "    y = torch.tanh(y - 0.25)\n"
                                    "    return y * x + 1.0\n"
                                    "x = torch.randn(1 << 20)\n"
                                    "with torch.no_grad():\n"
                                    "    want = f(x)\n"
                                    "    cf = ") +
                                compile +
                                "\n"
                                "    for _ in range(3):\n"
                                "        print(torch.allclose(cf(x), want, rtol=1e-5, atol=1e-6))\n";
        auto r = in.run_source(src, "t.py");
        INFO(compile << "\n" << err << r.error_type << ": " << r.error_message);
        CHECK(r.error_type.empty());
        CHECK(out == "True\nTrue\nTrue\n");
        CHECK(err.find("falls back") == std::string::npos);
        CHECK(err.find("FX graph interpreter") == std::string::npos);
        if (std::string(compile).find("eager") == std::string::npos) {  // compiled into fused kernels
            auto rep = kiln::vm::bind::last_report();
            REQUIRE(rep);
            REQUIRE(rep->plan);
            CHECK(rep->plan->kernels.size() == 1);
        }
    }
    CHECK(kiln::cpu_memory_limit() == before);
}

// A pointwise value eager lays out channels-last (TensorIterator keeps its input's layout) is stored
// channels-last, and its kernel iterates in that memory order: the whole chain is one dense loop, not
// an NCHW walk over NHWC memory (passes/schedule.cpp stored_strides; conv_layout relies on it).
TEST_CASE("inductor: channels-last values are stored channels-last, kernels walk them in memory order", "[inductor]") {
    auto c = compile_and_check(
        "def f(x):\n"
        "    return (x.relu() + 1) * 2\n"
        "check('cl', f, torch.randn(2, 8, 5, 3).to(memory_format=torch.channels_last))\n",
        1);
    const Plan& p = c.plan();
    REQUIRE(!p.outputs.empty());
    const kiln::kernel::Buffer& out = p.buffers[size_t(p.outputs[0].buffer)];
    CHECK(out.strides == kiln::Shape{120, 1, 24, 8});
    bool walked_dense = false;
    for (const auto& k : p.kernels)
        if (k.kind == kiln::kernel::KernelKind::Pointwise && k.sizes == kiln::Shape{240}) walked_dense = true;
    CHECK(walked_dense);
}
