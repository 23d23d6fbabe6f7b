// Compiled optimizer steps (bindings/optim_py.cpp + capture/dynamo): opt.step() inside a compiled
// function breaks the caller's graph where PyTorch 2.11's _use_grad does, and the update itself is
// captured as one no-grad graph that reads and updates the C++ optimizer's own state. Checked here:
// parameters and state after several compiled steps equal the eager C++ steps for every optimizer
// and option set on the eager, aot_eager and inductor backends; eager and compiled steps mix; the
// captures (explain's counts, ops and reasons, the graph_breaks log) are PyTorch's; the inductor
// update compiles to one fused kernel per parameter (SGD) and writes the results back in place.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <string>

#include "support/program.h"

namespace {

using kiln::testing::program_output;

bool has(const std::string& hay, const std::string& needle) { return hay.find(needle) != std::string::npos; }

int count(const std::string& hay, const std::string& needle) {
    int n = 0;
    for (size_t p = hay.find(needle); p != std::string::npos; p = hay.find(needle, p + 1)) ++n;
    return n;
}

// run(make_opt, backend, steps, compiled_at) trains a small MLP; the steps whose index is in
// compiled_at call a torch.compile'd opt.step(), the others the eager one. compare() prints the
// largest difference of parameters and of every state tensor against all-eager training.
const char* kTrain = R"(
def make():
    m = nn.Sequential(nn.Linear(3, 6), nn.Tanh(), nn.Linear(6, 2))
    with torch.no_grad():
        for i, p in enumerate(m.parameters()):
            p.copy_(torch.linspace(-0.4, 0.6, p.numel()).reshape(p.shape) * (1 + 0.5 * i))
    return m
x = torch.linspace(-1.0, 1.0, 15).reshape(5, 3)
target = torch.tensor([[1.0, -2.0]]).expand(5, 2)
def run(make_opt, backend, steps, compiled_at):
    torch._dynamo.reset()
    m = make()
    opt = make_opt(m.parameters())
    def opt_step():
        opt.step()
    fn = torch.compile(opt_step, backend=backend)
    for i in range(steps):
        opt.zero_grad()
        ((m(x) - target) ** 2).mean().backward()
        if i in compiled_at:
            fn()
        else:
            opt.step()
    return m, opt
def compare(name, make_opt, backend, steps=6, compiled_at=None):
    if compiled_at is None:
        compiled_at = list(range(steps))
    me, oe = run(make_opt, backend, steps, [])
    mc, oc = run(make_opt, backend, steps, compiled_at)
    # float32 rounding of a different op order (add_(t, alpha) is one kernel eagerly, mul + add_
    # compiled): 2e-6 absolute, or 1e-5 relative where values grow (maximize ascends)
    ok = True
    d = 0.0
    for a, b in zip(me.parameters(), mc.parameters()):
        d = max(d, (a - b).abs().max().item())
        ok = ok and torch.allclose(a, b, rtol=1e-5, atol=2e-6)
    s = 0.0
    keys = []
    for a, b in zip(me.parameters(), mc.parameters()):
        se = oe.state.get(a, {})
        sc = oc.state.get(b, {})
        keys.append(sorted(sc.keys()))
        if sorted(se.keys()) != sorted(sc.keys()):
            print("MISMATCH", name, backend, "state keys", sorted(se.keys()), sorted(sc.keys()))
        for k in se:
            s = max(s, (se[k].double() - sc[k].double()).abs().max().item())
            ok = ok and torch.allclose(se[k], sc[k], rtol=1e-5, atol=2e-6)
    print("OK" if ok else "MISMATCH", name, backend, keys[0], d, s)
)";

const char* kOptimizers = R"(
optimizers = [
    ("sgd", lambda ps: torch.optim.SGD(ps, lr=0.1)),
    ("sgd_momentum", lambda ps: torch.optim.SGD(ps, lr=0.1, momentum=0.9)),
    ("sgd_all", lambda ps: torch.optim.SGD(ps, lr=0.05, momentum=0.8, dampening=0.1, weight_decay=0.01)),
    ("sgd_nesterov_max", lambda ps: torch.optim.SGD(ps, lr=0.01, momentum=0.9, nesterov=True, maximize=True)),
    ("adam", lambda ps: torch.optim.Adam(ps, lr=0.02)),
    ("adam_l2_amsgrad", lambda ps: torch.optim.Adam(ps, lr=0.02, betas=(0.8, 0.99), weight_decay=0.05, amsgrad=True)),
    ("adam_maximize", lambda ps: torch.optim.Adam(ps, lr=0.01, maximize=True)),
    ("adamw", lambda ps: torch.optim.AdamW(ps, lr=0.02, weight_decay=0.1)),
]
)";

std::string train_program(const std::string& body) { return std::string(kTrain) + kOptimizers + body; }

void require_all_ok(const std::string& out, int n) {
    INFO(out);
    CHECK_FALSE(has(out, "MISMATCH"));
    CHECK(count(out, "OK ") == n);
}

}  // namespace

TEST_CASE("compiled optimizer steps equal eager ones: every optimizer and option set, eager backend", "[dynamo][optim]") {
    setenv("KILN_CPP_JIT", "0", 1);
    std::string out = program_output(train_program("for name, mk in optimizers:\n    compare(name, mk, 'eager')\n"));
    require_all_ok(out, 8);
    // The state the compiled steps made is the optimizer's own (opt.state after compiled steps only).
    CHECK(has(out, "OK sgd_momentum eager ['momentum_buffer']"));
    CHECK(has(out, "OK adam_l2_amsgrad eager ['exp_avg', 'exp_avg_sq', 'max_exp_avg_sq', 'step']"));
    CHECK(has(out, "OK sgd eager []"));
}

TEST_CASE("compiled optimizer steps equal eager ones on aot_eager and inductor", "[dynamo][optim][inductor][aot]") {
    setenv("KILN_CPP_JIT", "0", 1);
    std::string out = program_output(train_program(
        "for name, mk in optimizers:\n"
        "    if name in ['sgd_momentum', 'sgd_all', 'adam', 'adam_l2_amsgrad', 'adamw']:\n"
        "        compare(name, mk, 'aot_eager')\n"
        "        compare(name, mk, 'inductor')\n"));
    require_all_ok(out, 10);
}

TEST_CASE("eager and compiled steps mix: each continues from the state the other left", "[dynamo][optim]") {
    setenv("KILN_CPP_JIT", "0", 1);
    // Eager first steps make the state (the compiled step then reads it); compiled first steps make
    // it in the graph (SGD's buffer) or before it (Adam's zeros), and the eager steps continue it.
    std::string out = program_output(train_program(
        "for name, mk in optimizers:\n"
        "    if name in ['sgd_momentum', 'adam', 'adamw']:\n"
        "        compare(name + '_eager_first', mk, 'inductor', steps=6, compiled_at=[2, 3, 5])\n"
        "        compare(name + '_compiled_first', mk, 'eager', steps=6, compiled_at=[0, 1, 4])\n"));
    require_all_ok(out, 6);
}

TEST_CASE("compiled steps of one code object with several optimizers each step their own", "[dynamo][optim]") {
    setenv("KILN_CPP_JIT", "0", 1);
    // The same `step` code compiled for several closures (models of two widths, SGD and Adam), the
    // optimizer called as opt.step() or through `opt_step = opt.step` made before torch.compile.
    // Found by the training benchmark: the step called at the graph break was the bound method seen
    // while tracing (the first closure's optimizer stepped again, the new model never), and a bound
    // method loaded from a variable was called once while tracing as a constant (every compiled call
    // then stepped twice).
    std::string out = program_output(
        "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n"
        "def make_step(compiled, name, width, bound, x, y):\n"
        "    torch.manual_seed(0)\n"
        "    m = nn.Sequential(nn.Linear(width, width), nn.ReLU(), nn.Linear(width, width))\n"
        "    opt = torch.optim.SGD(m.parameters(), lr=0.01, momentum=0.9) if name == 'sgd' else torch.optim.Adam(m.parameters(), lr=0.01)\n"
        "    opt_step = opt.step\n"
        "    def step():\n"
        "        opt.zero_grad()\n"
        "        loss = F.mse_loss(m(x), y)\n"
        "        loss.backward()\n"
        "        if bound:\n"
        "            opt_step()\n"
        "        else:\n"
        "            opt.step()\n"
        "        return loss\n"
        "    return (torch.compile(step) if compiled else step), m\n"
        "for bound in [False, True]:\n"
        "    for width in [16, 8]:\n"
        "        for name in ['sgd', 'adam']:\n"
        "            torch.manual_seed(1)\n"
        "            x = torch.randn(8, width)\n"
        "            y = torch.randn(8, width)\n"
        "            e, em = make_step(False, name, width, bound, x, y)\n"
        "            c, cm = make_step(True, name, width, bound, x, y)\n"
        "            same = all(abs(e().item() - c().item()) < 1e-6 for _ in range(4))\n"
        "            diff = max((p - q).abs().max().item() for p, q in zip(em.parameters(), cm.parameters()))\n"
        "            print(bound, width, name, same, diff < 1e-5)\n");
    CHECK(out ==
          "False 16 sgd True True\nFalse 16 adam True True\nFalse 8 sgd True True\nFalse 8 adam True True\n"
          "True 16 sgd True True\nTrue 16 adam True True\nTrue 8 sgd True True\nTrue 8 adam True True\n");
}

TEST_CASE("explain() of a training step: PyTorch's graphs, ops and break reason", "[dynamo][optim]") {
    std::string out = program_output(
        "m = nn.Sequential(nn.Linear(3, 8), nn.Tanh(), nn.Linear(8, 1))\n"
        "x = torch.linspace(-1.0, 1.0, 24).reshape(8, 3)\n"
        "y = x.sum(dim=1, keepdim=True).sin()\n"
        "def make_step(m, opt):\n"
        "    def step(x, y):\n"  // m and opt are free variables: the resume functions close over them
        "        opt.zero_grad()\n"
        "        loss = F.mse_loss(m(x), y)\n"
        "        loss.backward()\n"
        "        opt.step()\n"
        "        return loss\n"
        "    return step\n"
        "for opt in [torch.optim.SGD(m.parameters(), lr=0.1, momentum=0.9), torch.optim.Adam(m.parameters(), lr=0.01)]:\n"
        "    e = torch._dynamo.explain(make_step(m, opt))(x, y)\n"
        "    print(e.graph_count, e.graph_break_count, e.op_count)\n"
        "    print([[getattr(t, '__name__', str(t)) for t in ops] for ops in e.ops_per_graph])\n"
        "    print(repr(e.break_reasons[0].reason))\n");
    const std::string reason =
        "'Unsupported Tensor.backward() call\\n  Explanation: Dynamo currently does not support tracing `Tensor.backward()` "
        "when trace_autograd_ops is off.\\n  Hint: Set torch._dynamo.trace_autograd_ops=True\\n\\n  Developer debug context: "
        "call_method TensorVariable() backward None None None None\\n\\n For more details about this graph break, please "
        "visit: https://meta-pytorch.github.io/compile-graph-break-site/gb/gb0123.html'\n";
    CHECK(out ==
          "2 1 8\n"
          "[['linear', 'tanh', 'linear', 'mse_loss'], ['mul', 'mul', 'mul', 'mul']]\n" + reason +
          // Adam's first step: its state is made before the graph, so the graph is the steady one.
          "2 1 " + std::to_string(4 + 4 * 11) + "\n"
          "[['linear', 'tanh', 'linear', 'mse_loss'], [" +
          [] {
              std::string s;
              for (int p = 0; p < 4; ++p)
                  s += std::string(p ? ", " : "") + "'iadd', 'mul', 'mul', 'pow', 'sub', 'pow', 'sub', 'truediv', 'mul', "
                       "'truediv', 'truediv'";
              return s;
          }() + "]]\n" + reason);
}

TEST_CASE("compiled training step: the graph_breaks log shows zero_grad, backward and _use_grad's breaks", "[dynamo][optim]") {
    kiln::testing::ProgramRun r = kiln::testing::run_program(
        "m = nn.Linear(3, 1)\n"
        "opt = torch.optim.SGD(m.parameters(), lr=0.1)\n"
        "x = torch.ones(4, 3)\n"
        "def step(x):\n"
        "    opt.zero_grad()\n"
        "    loss = m(x).pow(2).mean()\n"
        "    loss.backward()\n"
        "    opt.step()\n"
        "    return loss\n"
        "torch._logging.set_logs(graph_breaks=True)\n"
        "cs = torch.compile(step, backend='eager')\n"
        "a = cs(x).item()\n"
        "b = cs(x).item()\n"
        "print(a > b)\n");
    INFO(r.err);
    REQUIRE(r.result.ok);
    CHECK(r.out == "True\n");
    CHECK(has(r.err,
              "Attempted to inline function marked as skipped\n  Explanation: Dynamo developers have intentionally marked that "
              "the function `Optimizer.zero_grad` should not be traced.\n  Hint: Avoid calling the function "
              "`Optimizer.zero_grad`.\n"));
    CHECK(has(r.err, "Graph Break Reason: Unsupported Tensor.backward() call\n"));
    // The break at opt.step() comes from the inlined step's torch._dynamo.graph_break(): the user
    // stack runs through it; the step's own frame then breaks there again and runs eagerly.
    CHECK(count(r.err, "Graph Break Reason: Call to `torch._dynamo.graph_break()`") == 2);
    CHECK(has(r.err, "    opt.step()\n  File \"torch/optim/_traced_step.py\", line 9, in step\n"));
}

TEST_CASE("inductor: a compiled SGD update is one fused kernel per parameter, written back in place", "[dynamo][optim][inductor]") {
    setenv("KILN_CPP_JIT", "0", 1);
    kiln::testing::ProgramRun r = kiln::testing::run_program(
        "m = nn.Sequential(nn.Linear(4, 3), nn.Tanh(), nn.Linear(3, 2))\n"
        "x = torch.linspace(-2.0, 2.0, 20).reshape(5, 4)\n"
        "opt = torch.optim.SGD(m.parameters(), lr=0.05, momentum=0.9)\n"
        "fn = torch.compile(opt.step)\n"
        "for i in range(3):\n"
        "    opt.zero_grad()\n"
        "    (m(x) ** 2).mean().backward()\n"
        "    if i == 1:\n"
        "        torch._logging.set_logs(fusion=True, output_code=True)\n"
        "    w = m[0].weight\n"
        "    fn()\n"
        "    print(m[0].weight is w)\n");
    INFO(r.err);
    REQUIRE(r.result.ok);
    CHECK(r.out == "True\nTrue\nTrue\n");
    // The steady graph (momentum buffers exist): buf = buf * 0.9 + grad * 1; p = p + buf * -0.05,
    // one kernel for each of the 4 parameters, storing both new values.
    CHECK(has(r.err, "Fusion decisions of graph 1: 4 kernels\n"));
    CHECK(count(r.err, "extern \"C\" void cpp_fused_add_mul_") == 4);
    CHECK_FALSE(has(r.err, "FX graph interpreter"));
}

TEST_CASE("inductor: a compiled Adam update is one elementwise kernel per parameter", "[dynamo][optim][inductor]") {
    setenv("KILN_CPP_JIT", "0", 1);
    kiln::testing::ProgramRun r = kiln::testing::run_program(
        "m = nn.Sequential(nn.Linear(4, 3), nn.Tanh(), nn.Linear(3, 2))\n"
        "x = torch.linspace(-2.0, 2.0, 20).reshape(5, 4)\n"
        "opt = torch.optim.Adam(m.parameters(), lr=0.01)\n"
        "fn = torch.compile(opt.step)\n"
        "torch._logging.set_logs(fusion=True, output_code=True)\n"
        "for i in range(2):\n"
        "    opt.zero_grad()\n"
        "    (m(x) ** 2).mean().backward()\n"
        "    fn()\n");
    INFO(r.err);
    REQUIRE(r.result.ok);
    // Per parameter one kernel updates exp_avg, exp_avg_sq and the parameter in place; one kernel
    // bumps the four step counts and one float64 kernel computes every parameter's bias
    // corrections (0-d chains that share no data still share a launch).
    CHECK(has(r.err, "Fusion decisions of graph 0: 6 kernels\n"));
    CHECK(count(r.err, "extern \"C\" void cpp_fused_mul_neg_pow_reciprocal_rsub_sqrt_to_") == 1);
    CHECK(count(r.err, "dtype: float32 and float64 values compute in different kernels") == 4);
    CHECK_FALSE(has(r.err, "FX graph interpreter"));
}

TEST_CASE("inductor: in-place lerp_/addcdiv_/addcmul_ on inputs are functionalized and written back", "[inductor]") {
    setenv("KILN_CPP_JIT", "0", 1);
    std::string out = program_output(
        "def f(a, b, c, d):\n"
        "    a.lerp_(b, 0.3)\n"
        "    b.lerp_(a, 0.75)\n"
        "    c.addcdiv_(a, d, value=0.5)\n"
        "    d.addcmul_(b, c, value=-2.0)\n"
        "    return a + d\n"
        "torch.manual_seed(0)\n"
        "args = [torch.randn(4, 5), torch.randn(4, 5), torch.randn(4, 5), torch.rand(4, 5) + 1.0]\n"
        "eager = [t.clone() for t in args]\n"
        "comp = [t.clone() for t in args]\n"
        "r1 = f(*eager)\n"
        "r2 = torch.compile(f)(*comp)\n"
        "print(torch.allclose(r1, r2, atol=1e-6), [torch.allclose(x, y, atol=1e-6) for x, y in zip(eager, comp)])\n");
    CHECK(out == "True [True, True, True, True]\n");
}

TEST_CASE("inductor: a float32 op with a float64 0-d operand rounds the operand first, as eager", "[inductor]") {
    setenv("KILN_CPP_JIT", "0", 1);
    std::string out = program_output(
        "def f(a, s):\n"
        "    return a / (s * 3.0) + s\n"
        "a = torch.linspace(-1.0, 1.0, 7)\n"
        "s = torch.tensor(0.1, dtype=torch.float64)\n"
        "r = torch.compile(f)(a, s)\n"
        "print(r.dtype, torch.equal(r, f(a, s)))\n");
    CHECK(out == "torch.float32 True\n");
}

TEST_CASE("dynamo: graph breaks in functions with closure cells resume with the same cells", "[dynamo]") {
    std::string out = program_output(
        "def outer():\n"
        "    k = torch.ones(3)\n"
        "    def f(x):\n"  // k is a free variable
        "        y = x + k\n"
        "        print('break')\n"
        "        return y * 2\n"
        "    return f\n"
        "def g(x):\n"  // a is a cell variable, stored after the break
        "    a = x + 1\n"
        "    def h():\n"
        "        return a * 2\n"
        "    print('break')\n"
        "    a = a + 1\n"
        "    return h() + a\n"
        "f = outer()\n"
        "x = torch.arange(3.0)\n"
        "cnt = []\n"
        "def be(gm, ex):\n"
        "    cnt.append(1)\n"
        "    return gm.forward\n"
        "print(torch.equal(torch.compile(f, backend=be)(x), f(x)), torch.equal(torch.compile(g, backend=be)(x), g(x)), len(cnt))\n");
    // Each function: a graph before its break and one in its resume function.
    CHECK(out == "break\nbreak\nbreak\nbreak\nTrue True 4\n");
}
