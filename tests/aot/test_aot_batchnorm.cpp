// Compiled training of models with batch norm (issue 8): Dynamo inlines BatchNorm1d/2d's forward
// (weight and bias become graph inputs, the running statistics and num_batches_tracked buffers
// that the graph mutates in training), AOT autograd functionalizes the running-statistics update
// (aten::_native_batch_norm_legit_functional, written back after the forward) and differentiates
// batch norm and conv2d (native_batch_norm_backward, convolution_backward), Inductor decomposes the
// batch norm into reductions and pointwise ops. The eager engine is the oracle: losses, every
// parameter's gradient, the running statistics and the eval-mode outputs after training must match
// it (float64, to rounding), and no graph may fall back to the FX interpreter.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <string>

#include "bindings/inductor.h"
#include "graph/ivalue.h"
#include "graph/op_registry.h"
#include "autograd/node.h"
#include "ops/ops.h"
#include "support/error.h"
#include "support/program.h"

namespace {

bool has(const std::string& hay, const std::string& needle) { return hay.find(needle) != std::string::npos; }

int count(const std::string& hay, const std::string& needle) {
    int n = 0;
    for (size_t p = hay.find(needle); p != std::string::npos; p = hay.find(needle, p + 1)) ++n;
    return n;
}

const char* kPrelude = R"(
import torch
import torch.nn as nn
import torch.nn.functional as F
def cnn(**bn):
    return nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.BatchNorm2d(8, **bn), nn.ReLU(), nn.Flatten(), nn.Linear(8 * 8 * 8, 4))
def mlp(**bn):
    return nn.Sequential(nn.Linear(6, 16), nn.BatchNorm1d(16, **bn), nn.ReLU(), nn.Linear(16, 3))
def pooled(**bn):
    return nn.Sequential(nn.Conv2d(3, 6, 3, padding=1), nn.BatchNorm2d(6, **bn), nn.ReLU(), nn.MaxPool2d(2),
                         nn.Conv2d(6, 4, 3, padding=1, bias=False), nn.BatchNorm2d(4, **bn), nn.AvgPool2d(2), nn.Flatten(),
                         nn.Linear(4 * 2 * 2, 4))
SHAPES = {"cnn": ((4, 3, 8, 8), (4, 4)), "mlp": ((5, 6), (5, 3)), "pooled": ((4, 3, 8, 8), (4, 4))}
MODELS = {"cnn": cnn, "mlp": mlp, "pooled": pooled}
def same(a, b, rtol=1e-7, atol=1e-10):
    return len(a) == len(b) and all(x is None and y is None or torch.allclose(x, y, rtol=rtol, atol=atol) for x, y in zip(a, b))
def grads(m):
    return [None if p.grad is None else p.grad.clone() for p in m.parameters()]
def state(m):
    return [t.detach().clone() for t in list(m.parameters()) + list(m.buffers())]
# Trains an eager and a compiled copy of one model side by side: (all matched, compiled model).
def compare(be, name, steps=3, dtype=torch.float64, **bn):
    mk = MODELS[name]
    xs, ys = SHAPES[name]
    torch.manual_seed(0)
    me = mk(**bn).to(dtype)
    torch.manual_seed(0)
    mc = mk(**bn).to(dtype)
    torch._dynamo.reset()
    cm = torch.compile(mc, backend=be)
    oe = torch.optim.SGD(me.parameters(), lr=0.1)
    oc = torch.optim.SGD(mc.parameters(), lr=0.1)
    ok = True
    for step in range(steps):
        x = torch.randn(*xs, dtype=dtype)
        y = torch.randn(*ys, dtype=dtype)
        le = F.mse_loss(me(x), y)
        le.backward()
        lc = F.mse_loss(cm(x), y)
        lc.backward()
        ok = ok and torch.allclose(le, lc) and same(grads(me), grads(mc))
        oe.step()
        oc.step()
        oe.zero_grad()
        oc.zero_grad()
    ok = ok and same(state(me), state(mc))
    me.eval()
    mc.eval()
    x = torch.randn(*xs, dtype=dtype)
    # eval with gradients (the eval-mode batch norm formula), then under no_grad (inference graph)
    ok = ok and torch.allclose(me(x), cm(x))
    F.mse_loss(me(x), torch.zeros(*ys, dtype=dtype)).backward()
    F.mse_loss(cm(x), torch.zeros(*ys, dtype=dtype)).backward()
    ok = ok and same(grads(me), grads(mc))
    with torch.no_grad():
        ok = ok and torch.allclose(me(x), cm(x))
    return ok, mc
)";

// Runs an op-table kernel with every argument given in schema order.
kiln::graph::IValueList run_op(const std::string& qualified, kiln::graph::IValueList args) {
    const kiln::graph::OpSchema* s = kiln::graph::find_schema(qualified);
    REQUIRE(s != nullptr);
    REQUIRE(args.size() == s->args.size());
    for (size_t i = 0; i < args.size(); ++i) args[i] = kiln::graph::coerce_argument(args[i], s->args[i]);
    return s->kernel(args);
}

kiln::graph::IValue mask(bool a, bool b, bool c) { return kiln::graph::IValue::list({a, b, c}); }

kiln::testing::ProgramRun run(const std::string& body, bool check_no_fallback = true) {
    setenv("KILN_CPP_JIT", "0", 1);
    auto r = kiln::testing::run_program(std::string(kPrelude) + body);
    INFO(body);
    INFO("stdout:\n" << r.out << "stderr:\n" << r.err);
    INFO(r.result.error_type << ": " << r.result.error_message);
    REQUIRE(r.result.ok);
    CHECK_FALSE(has(r.out, "MISMATCH"));
    if (check_no_fallback) CHECK_FALSE(has(r.err, "FX graph interpreter"));
    return r;
}

}  // namespace

TEST_CASE("aot batch norm: CNN and MLP training steps match eager on aot_eager and inductor", "[aot]") {
    // "pooled" adds MaxPool2d, AvgPool2d, a bias-free conv and a second batch norm.
    auto r = run(R"(
for be in ["aot_eager", "inductor"]:
    for name in ["cnn", "mlp", "pooled"]:
        ok, mc = compare(be, name)
        print("OK" if ok else "MISMATCH", be, name, int(mc[1].num_batches_tracked))
)");
    CHECK(count(r.out, "OK ") == 6);
    CHECK(count(r.out, " 3\n") == 6);  // num_batches_tracked counted each training step
}

TEST_CASE("aot batch norm: affine=False, track_running_stats=False and aot_eager_decomp_partition", "[aot]") {
    auto r = run(R"(
for be, name, bn in [("aot_eager", "cnn", {"affine": False}), ("inductor", "mlp", {"affine": False}),
                     ("aot_eager", "cnn", {"track_running_stats": False}), ("inductor", "cnn", {"track_running_stats": False}),
                     ("aot_eager_decomp_partition", "cnn", {}), ("inductor", "cnn", {"momentum": 0.3, "eps": 1e-3})]:
    ok, mc = compare(be, name, **bn)
    print("OK" if ok else "MISMATCH", be, name, bn)
)");
    CHECK(count(r.out, "OK ") == 6);
}

TEST_CASE("aot batch norm: momentum=None (cumulative average) gives eager's numbers", "[aot]") {
    // Its factor is 1 / float(num_batches_tracked), a tensor's value: in training the capture breaks
    // there (Tensor.item(), as PyTorch's inlined forward does; inside Kiln's native Sequential the
    // frame then runs eagerly); eval mode (factor unused) is captured whole.
    auto r = run(R"(
for be in ["aot_eager", "inductor"]:
    ok, mc = compare(be, "cnn", momentum=None)
    print("OK" if ok else "MISMATCH", be, int(mc[1].num_batches_tracked))
m = cnn(momentum=None)
m.eval()
torch._dynamo.reset()
e = torch._dynamo.explain(m)(torch.randn(4, 3, 8, 8))
print("eval", e.graph_count, e.graph_break_count)
)");
    CHECK(count(r.out, "OK ") == 2);
    CHECK(count(r.out, " 3\n") == 2);
    CHECK(has(r.out, "eval 1 0\n"));
}

TEST_CASE("aot batch norm: one graph, no breaks, the aot_graphs log shows batch norm's ops", "[aot]") {
    auto r = run(R"(
torch.manual_seed(0)
m = cnn()
x = torch.randn(4, 3, 8, 8)
e = torch._dynamo.explain(m)(x)
print("explain", e.graph_count, e.graph_break_count)
torch._dynamo.reset()
torch._logging.set_logs(aot_graphs=True)
cm = torch.compile(m, backend="aot_eager")
F.mse_loss(cm(x), torch.zeros(4, 4)).backward()
print("grad", m[0].weight.grad is not None and m[1].weight.grad is not None and m[1].bias.grad is not None)
)");
    CHECK(has(r.out, "explain 1 0\n"));
    CHECK(has(r.out, "grad True\n"));
    CHECK(has(r.err, "===== Forward graph"));
    CHECK(has(r.err, "===== Backward graph"));
    CHECK(has(r.err, "aten._native_batch_norm_legit_functional"));
    CHECK(has(r.err, "aten.native_batch_norm_backward"));
    CHECK(has(r.err, "aten.convolution_backward"));
    CHECK(has(r.err, "saved"));
    auto rep = kiln::vm::bind::last_report();
    REQUIRE(rep);
    // The partitioner saves what the backward reads: the batch statistics among them.
    CHECK(rep->aot_saved_bytes > 0);
    CHECK(has(rep->aot_forward_graph, "_native_batch_norm_legit_functional"));
}

TEST_CASE("aot batch norm: inductor decomposes batch norm into fused reductions", "[aot]") {
    auto r = run(R"(
torch.manual_seed(0)
m = cnn()
x = torch.randn(4, 3, 8, 8)
F.mse_loss(torch.compile(m)(x), torch.zeros(4, 4)).backward()
print("ran")
)");
    CHECK(r.out == "ran\n");
    auto rep = kiln::vm::bind::last_report();
    REQUIRE(rep);
    REQUIRE(rep->plan);
    REQUIRE(rep->backward_plan);
    // No batch norm op is left for a fallback kernel: the scheduler sees sums and pointwise ops.
    CHECK_FALSE(has(rep->post_grad_graph, "batch_norm"));
    CHECK(has(rep->post_grad_graph, "aten.sum"));
}

TEST_CASE("aot batch norm: 20 SGD steps of the compiled CNN follow eager's loss curve", "[aot]") {
    auto r = run(R"(
def curve(compiled):
    torch.manual_seed(0)
    m = cnn()
    f = torch.compile(m) if compiled else m
    opt = torch.optim.SGD(m.parameters(), lr=0.05)
    torch.manual_seed(1)
    x = torch.randn(16, 3, 8, 8)
    y = torch.randn(16, 4)
    losses = []
    for step in range(20):
        opt.zero_grad()
        loss = F.mse_loss(f(x), y)
        loss.backward()
        opt.step()
        losses.append(loss.item())
    return torch.tensor(losses), m
le, me = curve(False)
lc, mc = curve(True)
print("OK" if torch.allclose(le, lc, rtol=1e-4, atol=1e-5) else "MISMATCH", "curve")
print("OK" if bool(lc[-1] < lc[0]) else "MISMATCH", "decreasing")
print("OK" if same(state(me), state(mc), rtol=1e-4, atol=1e-5) else "MISMATCH", "state")
)");
    CHECK(count(r.out, "OK ") == 3);
}

TEST_CASE("aot batch norm: the backward ops refuse bad input with errors, never crashes", "[aot]") {
    using kiln::graph::IValue;
    using kiln::graph::IValueList;
    kiln::manual_seed(0);
    kiln::Tensor x = kiln::randn({2, 3, 4, 4}), w = kiln::randn({5, 3, 3, 3}), g = kiln::randn({2, 5, 3, 3});
    // A gradient of the wrong size for this convolution's output (it is 2x5x2x2).
    CHECK_THROWS_AS(run_op("aten::convolution_backward",
                           {g, x, w, IValue::int_list({5}), IValue::int_list({1, 1}), IValue::int_list({0, 0}),
                            IValue::int_list({1, 1}), false, IValue::int_list({0, 0}), int64_t(1), mask(true, true, true)}),
                    kiln::Error);
    // An output mask that is not three bools.
    CHECK_THROWS_AS(run_op("aten::convolution_backward",
                           {kiln::randn({2, 5, 2, 2}), x, w, IValue::int_list({5}), IValue::int_list({1, 1}),
                            IValue::int_list({0, 0}), IValue::int_list({1, 1}), false, IValue::int_list({0, 0}), int64_t(1),
                            IValue::list({true, true})}),
                    kiln::Error);
    // Pooling indices outside the input's plane (the kernel scatters through them).
    kiln::Tensor bad = kiln::full({2, 3, 2, 2}, kiln::Scalar(int64_t(99)), {kiln::DType::Int64});
    CHECK_THROWS_AS(run_op("aten::max_pool2d_with_indices_backward",
                           {kiln::randn({2, 3, 2, 2}), x, IValue::int_list({2, 2}), IValue::int_list({2, 2}),
                            IValue::int_list({0, 0}), IValue::int_list({1, 1}), false, bad}),
                    kiln::Error);
    // Batch norm: eval without running statistics, a weight of the wrong size.
    kiln::Tensor gy = kiln::randn({2, 3, 4, 4});
    CHECK_THROWS_AS(run_op("aten::native_batch_norm_backward",
                           {gy, x, IValue(), IValue(), IValue(), IValue(), IValue(), false, 1e-5, mask(true, false, false)}),
                    kiln::Error);
    CHECK_THROWS_AS(run_op("aten::native_batch_norm_backward",
                           {gy, x, kiln::randn({4}), IValue(), IValue(), IValue(), IValue(), true, 1e-5, mask(true, true, true)}),
                    kiln::Error);
    // Well-formed calls agree with the eager gradients (the ops run the eager nodes' kernels).
    kiln::Tensor xg = kiln::clone(x), wb = kiln::randn({3});
    xg.requires_grad_(true);
    wb.requires_grad_(true);
    kiln::Tensor y = kiln::batch_norm(xg, kiln::Tensor(), kiln::Tensor(), wb, kiln::Tensor(), true, 0.1, 1e-5);
    kiln::autograd::backward({kiln::sum(kiln::mul(y, gy))});
    IValueList d = run_op("aten::native_batch_norm_backward",
                          {gy, x, wb.detach(), IValue(), IValue(), IValue(), IValue(), true, 1e-5, mask(true, true, false)});
    CHECK(kiln::allclose(d.at(0).to_tensor(), xg.grad(), 1e-5, 1e-6));
    CHECK(kiln::allclose(d.at(1).to_tensor(), wb.grad(), 1e-5, 1e-6));
    CHECK(d.at(2).to_tensor().numel() == 0);  // not asked for: an empty tensor
}
