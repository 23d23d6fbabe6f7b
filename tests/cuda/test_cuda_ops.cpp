// [cuda]: eager CUDA tensors (engine/cuda). On a GPU every op runs on the device and is compared
// with the same op on the CPU (the oracle), forward and backward. Without a GPU (CI, the
// development machines) each case checks the no-GPU behaviour instead and reports that it skipped:
// `kiln_tests "[cuda]"` passes cleanly on every machine.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdlib>
#include <functional>
#include <string>
#include <string_view>

#include "autograd/grad_mode.h"
#include "autograd/node.h"
#include "cuda/cuda.h"
#include "cuda/cudnn.h"
#include "ops/native_backward.h"
#include "ops/output_layout.h"
#include "ops/ops.h"
#include "ops/rnn.h"
#include "support/error.h"
#include "vm/interpreter.h"

using namespace kiln;

namespace {

// Returns from the test case (with a note) when no GPU can run it.
#define KILN_REQUIRE_GPU()                                                          \
    do {                                                                            \
        if (!cuda::is_available()) {                                                \
            SUCCEED("skipped: no CUDA device (torch.cuda.is_available() is False)"); \
            return;                                                                 \
        }                                                                           \
    } while (0)

Tensor gpu(const Tensor& t) { return to_device(t, Device::CUDA); }

// A detached copy of t on device d that requires grad (a leaf of the run being compared).
Tensor leaf_on(const Tensor& t, Device d) {
    Tensor l = to_device(t, d).detach();
    l.requires_grad_(true);
    return l;
}

// A fresh random CPU input (normal values, or [lo, hi) uniform), as a leaf.
Tensor rnd(const Shape& s, DType dt = DType::Float32) { return to_dtype(randn(s), dt); }
Tensor uni(const Shape& s, double lo, double hi, DType dt = DType::Float32) {
    Tensor t = rand(s, {DType::Float64});
    return to_dtype(add(mul(t, Scalar(hi - lo)), Scalar(lo)), dt);
}

// The GPU result `g` against the CPU result `c`: same device placement, dtype, shape, and values
// within atol + rtol * |c| (NaN where the CPU has NaN, equal infinities).
void check_same(const Tensor& g, const Tensor& c, double rtol = 1e-5, double atol = 1e-6) {
    REQUIRE(g.device() == Device::CUDA);
    REQUIRE(c.device() == Device::CPU);
    CHECK(g.dtype() == c.dtype());
    REQUIRE(g.sizes() == c.sizes());
    std::vector<double> gv = g.to_double_vector(), cv = c.to_double_vector();
    int bad = 0;
    for (size_t i = 0; i < cv.size() && bad < 5; ++i) {
        bool ok;
        if (std::isnan(cv[i])) ok = std::isnan(gv[i]);
        else if (std::isinf(cv[i])) ok = gv[i] == cv[i];
        else ok = std::fabs(gv[i] - cv[i]) <= atol + rtol * std::fabs(cv[i]);
        if (!ok) {
            ++bad;
            INFO("element " << i << ": cuda " << gv[i] << " vs cpu " << cv[i]);
            CHECK(ok);
        }
    }
    CHECK(bad == 0);
}

std::string program_error(const std::string& src) {
    vm::Options o;
    o.out = [](std::string_view) {};
    o.err = [](std::string_view) {};
    vm::Interpreter in(o);
    auto r = in.run_source(src, "t.py");
    return r.ok ? std::string("ok") : r.error_type + ": " + r.error_message;
}

std::string program_output(const std::string& src) {
    std::string out;
    vm::Options o;
    o.out = [&out](std::string_view s) { out += s; };
    o.err = [](std::string_view) {};
    vm::Interpreter in(o);
    auto r = in.run_source(src, "t.py");
    if (!r.ok) return "error: " + r.error_type + ": " + r.error_message;
    return out;
}

// A program's output with DEV = 'cpu' and with DEV = 'cuda' prepended (the CPU is the oracle).
struct BothOutputs {
    std::string cpu, cuda;
};
BothOutputs outputs_on_both(const std::string& body) {
    return {program_output("DEV = 'cpu'\n" + body), program_output("DEV = 'cuda'\n" + body)};
}

// A conv2d case of the CUDA convolution tests: input and weight sizes, stride, padding, dilation, groups.
struct ConvCase {
    Shape x, w;
    std::vector<int64_t> stride, padding, dilation;
    int64_t groups;
};

// conv2d of copies of x, w, b on device d, with the gradients of sum(y*y): {y, dx, dw, db}.
std::vector<Tensor> conv_with_grads(const ConvCase& c, const Tensor& x, const Tensor& w, const Tensor& b, Device d) {
    std::vector<Tensor> leaves;
    for (const Tensor& t : {x, w, b}) {
        Tensor l = to_device(t, d).detach();
        l.requires_grad_(true);
        leaves.push_back(l);
    }
    Tensor y = c.x.size() == 5 ? conv3d(leaves[0], leaves[1], leaves[2], c.stride, c.padding, c.dilation, c.groups)
                               : conv2d(leaves[0], leaves[1], leaves[2], c.stride, c.padding, c.dilation, c.groups);
    autograd::backward({sum(mul(y, y))}, {}, false, false);
    return {y, leaves[0].grad(), leaves[1].grad(), leaves[2].grad()};
}

// Kiln's own convolution kernels for the scope of a test: cuDNN (cuda/cudnn.h), the first candidate
// where the machine has it, is switched off, as torch.backends.cudnn.enabled = False does.
struct OwnConvKernels {
    OwnConvKernels() { kiln::cuda::cudnn::set_enabled(false); }
    ~OwnConvKernels() { kiln::cuda::cudnn::set_enabled(true); }
};

}  // namespace

// ---- without a GPU ------------------------------------------------------------------------------------

TEST_CASE("cuda: without a device, is_available is False and CUDA tensors raise PyTorch's message", "[cuda]") {
    if (cuda::is_available()) {
        SUCCEED("a CUDA device is present: the no-device messages are not reachable here");
        return;
    }
    CHECK(cuda::device_count() == 0);
    CHECK(program_output("import torch\nprint(torch.cuda.is_available(), torch.cuda.device_count())\n") ==
          "False 0\n");
    std::string e = program_error("import torch\ntorch.zeros(2, device='cuda')\n");
    CHECK((e == "RuntimeError: Torch not compiled with CUDA enabled" || e == "RuntimeError: No CUDA GPUs are available" ||
           e.rfind("RuntimeError: Found no NVIDIA driver on your system.", 0) == 0));
    CHECK_THROWS_AS(to_device(ones({2}), Device::CUDA), kiln::Error);
    // The CPU path is untouched.
    CHECK(program_output("import torch\nx = torch.ones(2)\nprint(x.cpu(), x.to('cpu').device, x.is_cuda)\n") ==
          "tensor([1., 1.]) cpu False\n");
}

// ---- device, copies, printing --------------------------------------------------------------------------

TEST_CASE("cuda: copies between devices keep values for every dtype and layout", "[cuda]") {
    KILN_REQUIRE_GPU();
    for (DType dt : {DType::Bool, DType::Int64, DType::Float16, DType::BFloat16, DType::Float32, DType::Float64}) {
        INFO("dtype " << dtype_name(dt));
        Tensor c = dt == DType::Bool ? gt(rnd({5, 7}), Scalar(0.0)) : to_dtype(mul(rnd({5, 7}), Scalar(10.0)), dt);
        Tensor g = gpu(c);
        CHECK(g.device() == Device::CUDA);
        check_same(g, c, 0, 0);
        check_same(gpu(transpose(c, 0, 1)), transpose(c, 0, 1), 0, 0);          // strided H2D
        check_same(contiguous(transpose(g, 0, 1)), contiguous(transpose(c, 0, 1)), 0, 0);  // D2D strided copy
        CHECK(to_device(transpose(g, 0, 1), Device::CPU).to_double_vector() == transpose(c, 0, 1).to_double_vector());
        // dtype conversion on the device, as the CPU converts
        check_same(to_dtype(g, DType::Float32), to_dtype(c, DType::Float32), 0, 0);
        check_same(to_dtype(g, DType::Int64), to_dtype(c, DType::Int64), 0, 0);
        check_same(to_device(c, Device::CUDA, DType::Float64), to_dtype(c, DType::Float64), 0, 0);
    }
    // copy_ into a strided CUDA destination from CPU, broadcasting
    Tensor dst = gpu(zeros({4, 6}));
    Tensor view_dst = slice(dst, 1, 0, 6, 2);
    Tensor src = rnd({4, 1});
    copy_(view_dst, src);
    Tensor expect = zeros({4, 6});
    Tensor ev = slice(expect, 1, 0, 6, 2);
    copy_(ev, src);
    check_same(dst, expect, 0, 0);
    // fills
    check_same(full({3, 3}, Scalar(2.5), {DType::Float32, Device::CUDA}), full({3, 3}, Scalar(2.5)), 0, 0);
    check_same(ones({4}, {DType::Int64, Device::CUDA}), ones({4}, {DType::Int64}), 0, 0);
    check_same(arange(Scalar(int64_t(10)), {std::nullopt, Device::CUDA}), arange(Scalar(int64_t(10))), 0, 0);
    Tensor z = gpu(rnd({3, 4}));
    zero_(z);
    check_same(z, zeros({3, 4}), 0, 0);
    // cat / stack stay on the device
    Tensor p = rnd({2, 3}), q = rnd({4, 3});
    check_same(cat({gpu(p), gpu(q)}, 0), cat({p, q}, 0), 0, 0);
    check_same(stack({gpu(p), gpu(p)}, 1), stack({p, p}, 1), 0, 0);
}

TEST_CASE("cuda: pointwise losses match the CPU", "[cuda]") {
    KILN_REQUIRE_GPU();
    Tensor x = rnd({6, 5}), y = rnd({6, 5}), t = rand({6, 5});
    for (const char* r : {"mean", "sum", "none"}) {
        INFO(r);
        check_same(mse_loss(gpu(x), gpu(y), r), mse_loss(x, y, r), 1e-5, 1e-6);
        check_same(l1_loss(gpu(x), gpu(y), r), l1_loss(x, y, r), 1e-5, 1e-6);
        check_same(binary_cross_entropy_with_logits(gpu(x), gpu(t), r), binary_cross_entropy_with_logits(x, t, r), 1e-5,
                   1e-6);
    }
}

TEST_CASE("cuda: tensors print and report their device as PyTorch", "[cuda]") {
    KILN_REQUIRE_GPU();
    CHECK(program_output("import torch\n"
                         "x = torch.tensor([1.0, 2.0], device='cuda')\n"
                         "print(x)\n"
                         "print(x.device, repr(x.device), x.is_cuda, x.cpu().is_cuda)\n"
                         "print(torch.arange(3, device='cuda'))\n"
                         "print(torch.ones(2, dtype=torch.float64).cuda())\n"
                         "y = torch.ones(2, device='cuda', requires_grad=True)\n"
                         "print(y, (y * 2).sum())\n"
                         "print(x.to('cpu'), x.to('cuda:0', torch.float16))\n"
                         "torch.cuda.synchronize()\n"
                         "print(torch.cuda.is_available(), torch.cuda.device_count())\n") ==
          "tensor([1., 2.], device='cuda:0')\n"
          "cuda:0 device(type='cuda', index=0) True False\n"
          "tensor([0, 1, 2], device='cuda:0')\n"
          "tensor([1., 1.], device='cuda:0', dtype=torch.float64)\n"
          "tensor([1., 1.], device='cuda:0', requires_grad=True) tensor(4., device='cuda:0', grad_fn=<SumBackward0>)\n"
          "tensor([1., 2.]) tensor([1., 2.], device='cuda:0', dtype=torch.float16)\n"
          "True 1\n");
}

TEST_CASE("cuda: mixed devices and ops without a CUDA kernel raise clear errors", "[cuda]") {
    KILN_REQUIRE_GPU();
    CHECK(program_error("import torch\ntorch.ones(2, device='cuda') + torch.ones(2)\n") ==
          "RuntimeError: Expected all tensors to be on the same device, but found at least two devices, cuda:0 and cpu!");
    // A 0-dim CPU tensor (a Python scalar) is allowed with CUDA tensors, as in PyTorch.
    CHECK(program_output("import torch\nprint(torch.ones(2, device='cuda') + torch.tensor(2.0))\n") ==
          "tensor([3., 3.], device='cuda:0')\n");
    std::string e = program_error("import torch\ntorch.sort(torch.ones(3, device='cuda'))\n");
    CHECK(e.rfind("NotImplementedError: Could not run 'aten::sort' with arguments from the 'CUDA' backend", 0) == 0);
    e = program_error("import torch\ntorch.ones(3, device='cuda').cumsum(0)\n");
    CHECK(e.rfind("NotImplementedError: Could not run 'aten::cumsum'", 0) == 0);
    CHECK_THROWS_AS(sort(gpu(ones({3}))), DeviceKernelMissing);
}

// ---- pointwise --------------------------------------------------------------------------------------------

TEST_CASE("cuda: unary pointwise ops match the CPU", "[cuda]") {
    KILN_REQUIRE_GPU();
    using F = std::function<Tensor(const Tensor&)>;
    const std::vector<std::pair<const char*, F>> ops = {
        {"neg", [](const Tensor& x) { return neg(x); }},
        {"abs", [](const Tensor& x) { return abs(x); }},
        {"exp", [](const Tensor& x) { return exp(x); }},
        {"log", [](const Tensor& x) { return log(abs(x)); }},
        {"log1p", [](const Tensor& x) { return log1p(abs(x)); }},
        {"sqrt", [](const Tensor& x) { return sqrt(abs(x)); }},
        {"rsqrt", [](const Tensor& x) { return rsqrt(add(abs(x), Scalar(0.1))); }},
        {"sin", [](const Tensor& x) { return sin(x); }},
        {"cos", [](const Tensor& x) { return cos(x); }},
        {"tanh", [](const Tensor& x) { return tanh(x); }},
        {"sigmoid", [](const Tensor& x) { return sigmoid(x); }},
        {"relu", [](const Tensor& x) { return relu(x); }},
        {"gelu", [](const Tensor& x) { return gelu(x); }},
        {"gelu_tanh", [](const Tensor& x) { return gelu(x, "tanh"); }},
        {"silu", [](const Tensor& x) { return silu(x); }},
        {"erf", [](const Tensor& x) { return erf(x); }},
        {"reciprocal", [](const Tensor& x) { return reciprocal(add(abs(x), Scalar(0.5))); }},
        {"sign", [](const Tensor& x) { return sign(x); }},
        {"floor", [](const Tensor& x) { return floor(mul(x, Scalar(3.0))); }},
        {"ceil", [](const Tensor& x) { return ceil(mul(x, Scalar(3.0))); }},
        {"round", [](const Tensor& x) { return round(mul(x, Scalar(3.0))); }},
        {"leaky_relu", [](const Tensor& x) { return leaky_relu(x, 0.1); }},
        {"softplus", [](const Tensor& x) { return softplus(x, 2.0, 3.0); }},
        {"clamp", [](const Tensor& x) { return clamp(x, Scalar(-0.5), Scalar(0.7)); }},
        {"pow", [](const Tensor& x) { return pow(x, Scalar(int64_t(3))); }},
        {"pow_frac", [](const Tensor& x) { return pow(abs(x), Scalar(0.5)); }},
        {"logical_not", [](const Tensor& x) { return logical_not(gt(x, Scalar(0.0))); }},
    };
    for (DType dt : {DType::Float32, DType::Float64, DType::Float16, DType::BFloat16}) {
        const double tol = dt == DType::Float16 ? 2e-3 : dt == DType::BFloat16 ? 1.6e-2 : dt == DType::Float32 ? 2e-6 : 1e-12;
        Tensor c = rnd({33, 17}, dt);
        Tensor g = gpu(c);
        for (const auto& [name, f] : ops) {
            INFO(name << " " << dtype_name(dt));
            check_same(f(g), f(c), tol, tol);
            check_same(f(transpose(g, 0, 1)), f(transpose(c, 0, 1)), tol, tol);  // strided input
        }
    }
    // integer rows
    Tensor ci = to_dtype(mul(rnd({50}), Scalar(20.0)), DType::Int64);
    Tensor gi = gpu(ci);
    check_same(abs(gi), abs(ci), 0, 0);
    check_same(neg(gi), neg(ci), 0, 0);
    check_same(clamp(gi, Scalar(int64_t(-3)), std::nullopt), clamp(ci, Scalar(int64_t(-3)), std::nullopt), 0, 0);
    check_same(pow(gi, Scalar(int64_t(2))), pow(ci, Scalar(int64_t(2))), 0, 0);
    check_same(exp(to_dtype(gi, DType::Int64)), exp(ci), 1e-5, 1e-6);  // int -> float
}

TEST_CASE("cuda: binary and ternary pointwise ops match the CPU, broadcasting and promoting", "[cuda]") {
    KILN_REQUIRE_GPU();
    using F = std::function<Tensor(const Tensor&, const Tensor&)>;
    const std::vector<std::pair<const char*, F>> ops = {
        {"add", [](const Tensor& a, const Tensor& b) { return add(a, b, Scalar(2.0)); }},
        {"sub", [](const Tensor& a, const Tensor& b) { return sub(a, b); }},
        {"mul", [](const Tensor& a, const Tensor& b) { return mul(a, b); }},
        {"div", [](const Tensor& a, const Tensor& b) { return div(a, b); }},
        {"div_floor", [](const Tensor& a, const Tensor& b) { return div(a, b, "floor"); }},
        {"div_trunc", [](const Tensor& a, const Tensor& b) { return div(a, b, "trunc"); }},
        {"remainder", [](const Tensor& a, const Tensor& b) { return remainder(a, b); }},
        {"fmod", [](const Tensor& a, const Tensor& b) { return fmod(a, b); }},
        {"maximum", [](const Tensor& a, const Tensor& b) { return maximum(a, b); }},
        {"minimum", [](const Tensor& a, const Tensor& b) { return minimum(a, b); }},
        {"atan2", [](const Tensor& a, const Tensor& b) { return atan2(a, b); }},
        {"pow", [](const Tensor& a, const Tensor& b) { return pow(abs(a), b); }},
        {"eq", [](const Tensor& a, const Tensor& b) { return eq(a, b); }},
        {"lt", [](const Tensor& a, const Tensor& b) { return lt(a, b); }},
        {"ge", [](const Tensor& a, const Tensor& b) { return ge(a, b); }},
        {"logical_xor", [](const Tensor& a, const Tensor& b) { return logical_xor(gt(a, b), lt(a, Scalar(0.0))); }},
        {"where", [](const Tensor& a, const Tensor& b) { return where(gt(a, Scalar(0.0)), a, b); }},
    };
    for (DType dt : {DType::Float32, DType::Float64, DType::Float16}) {
        const double tol = dt == DType::Float16 ? 2e-3 : dt == DType::Float32 ? 2e-6 : 1e-12;
        Tensor ca = rnd({8, 1, 5}, dt), cb = rnd({6, 1}, dt), cc = rnd({8, 6, 5}, dt);
        Tensor cp = rnd({5, 6, 8}, dt);
        Tensor ga = gpu(ca), gb = gpu(cb), gc = gpu(cc), gp = gpu(cp);
        for (const auto& [name, f] : ops) {
            INFO(name << " " << dtype_name(dt));
            check_same(f(ga, gb), f(ca, cb), tol, tol);  // broadcast
            check_same(f(gc, permute(gp, {2, 1, 0})), f(cc, permute(cp, {2, 1, 0})), tol, tol);  // strided
            check_same(f(gc, ga), f(cc, ca), tol, tol);
        }
    }
    // mixed dtypes promote as on the CPU; Python scalars are wrapped
    Tensor ci = to_dtype(mul(rnd({4, 4}), Scalar(5.0)), DType::Int64), cf = rnd({4, 4});
    check_same(add(gpu(ci), gpu(cf)), add(ci, cf));
    check_same(mul(gpu(ci), Scalar(2.5)), mul(ci, Scalar(2.5)));
    check_same(div(gpu(ci), Scalar(int64_t(3))), div(ci, Scalar(int64_t(3))));
    check_same(floor_divide(gpu(ci), Scalar(int64_t(3))), floor_divide(ci, Scalar(int64_t(3))), 0, 0);
    check_same(remainder(gpu(ci), Scalar(int64_t(-3))), remainder(ci, Scalar(int64_t(-3))), 0, 0);
    check_same(masked_fill(gpu(cf), gpu(gt(cf, Scalar(0.0))), Scalar(-1.0)), masked_fill(cf, gt(cf, Scalar(0.0)), Scalar(-1.0)));
    // Python scalars travel by value (no copy to the device), in every dtype, on either side
    for (DType dt : {DType::Float16, DType::BFloat16, DType::Float64, DType::Int64, DType::Bool}) {
        INFO(dtype_name(dt));
        Tensor c = dt == DType::Bool ? gt(cf, Scalar(0.0)) : to_dtype(mul(cf, Scalar(3.0)), dt);
        check_same(add(gpu(c), Scalar(0.1)), add(c, Scalar(0.1)), 0, 0);
        if (dt != DType::Bool) check_same(rsub(gpu(c), Scalar(int64_t(2))), rsub(c, Scalar(int64_t(2))), 0, 0);
        check_same(mul(gpu(c), scalar_tensor(Scalar(1.5))), mul(c, scalar_tensor(Scalar(1.5))), 0, 0);
        check_same(where(gpu(gt(cf, Scalar(0.0))), Scalar(7.0), gpu(c)), where(gt(cf, Scalar(0.0)), Scalar(7.0), c), 0, 0);
    }
    // in place
    Tensor g = gpu(cf), c = clone(cf);
    add_(g, gpu(ones({4})), Scalar(3.0));
    add_(c, ones({4}), Scalar(3.0));
    mul_(g, Scalar(0.5));
    mul_(c, Scalar(0.5));
    addcmul_(g, gpu(cf), gpu(cf), Scalar(0.1));
    addcmul_(c, cf, cf, Scalar(0.1));
    addcdiv_(g, gpu(cf), add(gpu(abs(cf)), Scalar(1.0)), Scalar(0.2));
    addcdiv_(c, cf, add(abs(cf), Scalar(1.0)), Scalar(0.2));
    lerp_(g, gpu(ones({4, 4})), Scalar(0.3));
    lerp_(c, ones({4, 4}), Scalar(0.3));
    clamp_(g, Scalar(-1.0), Scalar(1.0));
    clamp_(c, Scalar(-1.0), Scalar(1.0));
    check_same(g, c);
    CHECK(equal(gpu(cf), gpu(cf)));
    CHECK(allclose(gpu(cf), gpu(add(cf, Scalar(1e-9)))));
}

// ---- reductions, softmax, layer_norm ------------------------------------------------------------------------

TEST_CASE("cuda: reductions match the CPU", "[cuda]") {
    KILN_REQUIRE_GPU();
    for (DType dt : {DType::Float32, DType::Float64, DType::Float16}) {
        INFO(dtype_name(dt));
        const double tol = dt == DType::Float16 ? 5e-3 : dt == DType::Float32 ? 1e-5 : 1e-12;
        Tensor c = rnd({7, 300, 9}, dt);
        Tensor g = gpu(c);
        check_same(sum(g), sum(c), tol, tol * 10);
        check_same(sum(g, {1}), sum(c, {1}), tol, tol);
        check_same(sum(g, {0, 2}, true), sum(c, {0, 2}, true), tol, tol);
        check_same(sum(transpose(g, 0, 2), {0}), sum(transpose(c, 0, 2), {0}), tol, tol);
        check_same(mean(g, {-1}), mean(c, {-1}), tol, tol);
        check_same(mean(g), mean(c), tol, tol);
        check_same(amax(g, {1}), amax(c, {1}), 0, 0);
        check_same(amin(g, {0, 1}, true), amin(c, {0, 1}, true), 0, 0);
        check_same(max(g), max(c), 0, 0);
        check_same(min(g), min(c), 0, 0);
        auto [gv, gi] = max(g, 1);
        auto [cv, ci] = max(c, 1);
        check_same(gv, cv, 0, 0);
        if (dt != DType::Float16) check_same(gi, ci, 0, 0);  // ties in float16 may pick the same first index too
        auto [gv2, gi2] = min(g, -1, true);
        auto [cv2, ci2] = min(c, -1, true);
        check_same(gv2, cv2, 0, 0);
        check_same(argmax(g, 2), argmax(c, 2), 0, 0);
        check_same(argmin(g), argmin(c), 0, 0);
    }
    Tensor ci = to_dtype(mul(rnd({5, 40}), Scalar(9.0)), DType::Int64);
    check_same(sum(gpu(ci), {1}), sum(ci, {1}), 0, 0);
    check_same(sum(gpu(gt(ci, Scalar(int64_t(0))))), sum(gt(ci, Scalar(int64_t(0)))), 0, 0);
    check_same(amax(gpu(ci), {0}), amax(ci, {0}), 0, 0);
    // NaN propagates through max, as PyTorch
    Tensor n = tensor({1.0, std::nan(""), 3.0}, {3});
    CHECK(std::isnan(max(gpu(n)).item_double()));
    // empty outputs and large rows
    check_same(sum(gpu(zeros({0, 4})), {0}), sum(zeros({0, 4}), {0}));
    Tensor big = rnd({1 << 20});
    check_same(sum(gpu(big)), sum(big), 1e-4, 1e-2);
    // few outputs of long rows take two passes (chunks into partials, then partials): a row length
    // that is no multiple of the chunk, strided rows, a mean's scale, bool and float64
    Tensor wide = rnd({3, 70001});
    check_same(sum(gpu(wide), {1}), sum(wide, {1}), 1e-4, 1e-3);
    check_same(mean(gpu(transpose(wide, 0, 1)), {0}), mean(transpose(wide, 0, 1), {0}), 1e-4, 1e-6);
    check_same(mean(gpu(big)), mean(big), 1e-4, 1e-6);
    check_same(sum(gpu(gt(big, Scalar(0.5)))), sum(gt(big, Scalar(0.5))), 0, 0);
    Tensor big64 = rnd({2, 1 << 17}, DType::Float64);
    check_same(sum(gpu(big64), {-1}), sum(big64, {-1}), 1e-12, 1e-10);
    check_same(mse_loss(gpu(big), gpu(mul(big, Scalar(0.5)))), mse_loss(big, mul(big, Scalar(0.5))), 1e-4, 1e-6);
    // each kernel of the section: column sums (outputs adjacent, rows strided) in one pass and split
    // into row chunks, a warp per short row, a block per long row, BatchNorm's (0, 2, 3) statistics
    Tensor cols = rnd({5000, 37});
    check_same(sum(gpu(cols), {0}), sum(cols, {0}), 1e-4, 1e-5);
    check_same(amax(gpu(cols), {0}), amax(cols, {0}), 0, 0);
    Tensor mid = rnd({3, 4, 70000});
    check_same(mean(gpu(mid), {1}), mean(mid, {1}), 1e-5, 1e-5);
    Tensor wide_cols = rnd({40, 20000});
    check_same(sum(gpu(wide_cols), {0}), sum(wide_cols, {0}), 1e-5, 1e-5);
    Tensor rows = rnd({3000, 65});
    check_same(sum(gpu(rows), {1}), sum(rows, {1}), 1e-5, 1e-5);
    check_same(amin(gpu(rows), {1}), amin(rows, {1}), 0, 0);
    Tensor long_rows = rnd({9, 4099});
    check_same(sum(gpu(long_rows), {1}), sum(long_rows, {1}), 1e-4, 1e-5);
    Tensor nchw = rnd({8, 6, 10, 11});
    check_same(sum(gpu(nchw), {0, 2, 3}), sum(nchw, {0, 2, 3}), 1e-4, 1e-5);
    check_same(amax(gpu(nchw), {0, 2, 3}), amax(nchw, {0, 2, 3}), 0, 0);
    // packed (16-byte) loads of unit-stride rows, and the rows that must not take them: a start off
    // the 16-byte grid (a narrowed view), float16 and float64 packs, long rows split into chunks of whole packs
    Tensor al = rnd({64, 1024});
    check_same(sum(gpu(al), {1}), sum(al, {1}), 1e-5, 1e-5);
    check_same(amax(gpu(al), {1}), amax(al, {1}), 0, 0);
    Tensor off = narrow(al, 1, 1, 1020);
    check_same(sum(narrow(gpu(al), 1, 1, 1020), {1}), sum(off, {1}), 1e-5, 1e-5);
    check_same(amin(narrow(gpu(al), 1, 1, 1020), {1}), amin(off, {1}), 0, 0);
    Tensor h16 = rnd({33, 2048}, DType::Float16);
    check_same(sum(gpu(h16), {1}), sum(h16, {1}), 5e-3, 5e-2);
    Tensor d64 = rnd({17, 600}, DType::Float64);
    check_same(sum(gpu(d64), {1}), sum(d64, {1}), 1e-12, 1e-12);
    Tensor split_rows = rnd({2, 1 << 18});
    check_same(sum(gpu(split_rows), {1}), sum(split_rows, {1}), 1e-4, 1e-3);
    check_same(amax(gpu(split_rows), {1}), amax(split_rows, {1}), 0, 0);
    // all -inf rows and columns keep -inf (the identity is -inf, not the lowest finite value); NaN wins
    Tensor ninf = full({4, 600}, Scalar(-INFINITY));
    check_same(amax(gpu(ninf), {1}), amax(ninf, {1}), 0, 0);
    check_same(amax(gpu(ninf), {0}), amax(ninf, {0}), 0, 0);
    Tensor nanrow = rnd({4, 300});
    nanrow.data_ptr<float>()[2 * 300 + 17] = std::nanf("");
    check_same(amax(gpu(nanrow), {1}), amax(nanrow, {1}), 0, 0);  // check_same: NaN where the CPU has NaN
    check_same(amin(gpu(nanrow), {0}), amin(nanrow, {0}), 0, 0);
    // integers and bools through the value-only kernels
    Tensor icols = to_dtype(mul(rnd({3000, 5}), Scalar(1000.0)), DType::Int64);
    check_same(sum(gpu(icols), {0}), sum(icols, {0}), 0, 0);
    check_same(amin(gpu(icols), {0}), amin(icols, {0}), 0, 0);
    check_same(amax(gpu(icols), {1}), amax(icols, {1}), 0, 0);
    check_same(amax(gpu(gt(rows, Scalar(0.9))), {1}), amax(gt(rows, Scalar(0.9)), {1}), 0, 0);
}

TEST_CASE("cuda: softmax, log_softmax and layer_norm match the CPU", "[cuda]") {
    KILN_REQUIRE_GPU();
    for (DType dt : {DType::Float32, DType::Float64}) {
        const double tol = dt == DType::Float32 ? 1e-5 : 1e-12;
        Tensor c = mul(rnd({6, 50, 7}, dt), Scalar(4.0));
        Tensor g = gpu(c);
        for (int64_t d : {0, 1, 2, -1}) {
            INFO("dim " << d << " " << dtype_name(dt));
            check_same(softmax(g, d), softmax(c, d), tol, tol);
            check_same(log_softmax(g, d), log_softmax(c, d), tol, tol);
        }
        check_same(softmax(transpose(g, 1, 2), -1), softmax(transpose(c, 1, 2), -1), tol, tol);
        Tensor w = rnd({7}, dt), b = rnd({7}, dt);
        check_same(layer_norm(g, {7}, gpu(w), gpu(b)), layer_norm(c, {7}, w, b), tol * 10, tol * 10);
        check_same(layer_norm(g, {50, 7}), layer_norm(c, {50, 7}), tol * 10, tol * 10);
    }
    Tensor h = rnd({4, 64}, DType::Float16);
    check_same(layer_norm(gpu(h), {64}), layer_norm(h, {64}), 1e-2, 1e-2);
    // rows staged in shared memory (up to 8192 float32 values) and rows read from device memory
    for (int64_t n : {4096, 8192, 9000}) {
        INFO("layer_norm row length " << n);
        Tensor x = add(mul(rnd({5, n}), Scalar(3.0)), Scalar(1.5)), w = rnd({n}), b = rnd({n});
        check_same(layer_norm(gpu(x), {n}, gpu(w), gpu(b)), layer_norm(x, {n}, w, b), 1e-4, 1e-4);
    }
    // Contiguous rows up to 1024 long run a warp per row (each register width, a row count that is
    // no multiple of 8 rows per block, a row with -inf and one with NaN); longer rows a block each,
    // from shared memory up to 8192 float32 values (softmax_smem_kernel), re-read past that.
    // Staged rows read in 16-byte packs where the row length divides (4096, 8192, 2050 for float64)
    // and one value at a time where it does not (1025, 4094, 8193).
    for (int64_t n : {1, 7, 32, 33, 100, 128, 200, 512, 1000, 1024, 1025, 4094, 4096, 8192, 8193}) {
        INFO("row length " << n);
        Tensor x = mul(rnd({13, n}), Scalar(5.0));
        check_same(softmax(gpu(x), -1), softmax(x, -1), 1e-5, 1e-6);
        check_same(log_softmax(gpu(x), -1), log_softmax(x, -1), 1e-5, 1e-5);
    }
    for (int64_t n : {2050, 2051}) {
        INFO("float64 row length " << n);
        Tensor x = mul(rnd({5, n}, DType::Float64), Scalar(5.0)), w = rnd({n}, DType::Float64), b = rnd({n}, DType::Float64);
        check_same(softmax(gpu(x), -1), softmax(x, -1), 1e-12, 1e-12);
        check_same(layer_norm(gpu(x), {n}, gpu(w), gpu(b)), layer_norm(x, {n}, w, b), 1e-10, 1e-10);
    }
    Tensor h2 = mul(rnd({6, 2048}, DType::Float16), Scalar(3.0));
    check_same(softmax(gpu(h2), -1), softmax(h2, -1), 1e-2, 1e-3);
    check_same(layer_norm(gpu(h2), {2048}), layer_norm(h2, {2048}), 1e-2, 1e-2);
    const double inf = INFINITY;
    Tensor special = tensor({1.0, -inf, 2.0, 0.5, 1.0, std::nan(""), 2.0, 3.0, -inf, -inf, -inf, -inf}, {3, 4});
    check_same(softmax(gpu(special), -1), softmax(special, -1), 1e-5, 1e-6);
    check_same(log_softmax(gpu(special), -1), log_softmax(special, -1), 1e-5, 1e-6);
}

TEST_CASE("cuda: indexing, embedding, nll/cross_entropy and var/std match the CPU, with gradients", "[cuda]") {
    KILN_REQUIRE_GPU();
    Tensor x = rnd({6, 9, 4});
    Tensor idx = tensor({3, 0, 8, 3, 5}, {5}, DType::Int64);
    check_same(index_select(gpu(x), 1, gpu(idx)), index_select(x, 1, idx), 0, 0);
    CHECK_THROWS_AS(index_select(gpu(x), 1, idx), kiln::Error);  // the index must be on the device too
    Tensor gi = to_dtype(mul(rand({6, 2, 4}), Scalar(8.99)), DType::Int64);
    check_same(gather(gpu(x), 1, gpu(gi)), gather(x, 1, gi), 0, 0);
    Tensor src = rnd({6, 2, 4});
    check_same(scatter_add(gpu(x), 1, gpu(gi), gpu(src)), scatter_add(x, 1, gi, src), 1e-6, 1e-6);
    // repeated indices accumulate (atomics)
    Tensor rep = zeros({2, 6, 4}, {DType::Int64});
    check_same(scatter_add(gpu(zeros({2, 3, 4})), 1, gpu(rep), gpu(ones({2, 6, 4}))),
               scatter_add(zeros({2, 3, 4}), 1, rep, ones({2, 6, 4})), 0, 0);
    // embedding, cross_entropy, nll_loss, var/std, max(dim): values and gradients
    Tensor w = rnd({10, 5}), ids = tensor({1, 4, 4, 0, 9, 1}, {2, 3}, DType::Int64);
    Tensor logits = rnd({6, 7}), target = tensor({0, 6, 3, 3, -100, 2}, {6}, DType::Int64), cw = rand({7});
    auto run = [&](Device d) {
        Tensor wl = to_device(w, d).detach(), ll = to_device(logits, d).detach();
        wl.requires_grad_(true);
        ll.requires_grad_(true);
        Tensor e = embedding(to_device(ids, d), wl, 4);
        Tensor l1 = cross_entropy(ll, to_device(target, d), to_device(cw, d));
        Tensor l2 = nll_loss(log_softmax(ll, 1), to_device(target, d), Tensor(), "sum");
        Tensor l3 = cross_entropy(ll, to_device(target, d), Tensor(), "none");
        Tensor v = add(sum(var(e, {2})), sum(std_dev(ll, {0}, 0.0)));
        Tensor m = sum(std::get<0>(max(ll, 1)));
        Tensor loss = add(add(add(add(sum(mul(e, e)), l1), l2), add(sum(l3), v)), m);
        autograd::backward({loss}, {}, false, false);
        return std::vector<Tensor>{loss, l1, l2, l3, v, wl.grad(), ll.grad()};
    };
    std::vector<Tensor> c = run(Device::CPU), g = run(Device::CUDA);
    for (size_t i = 0; i < c.size(); ++i) {
        INFO("output " << i);
        check_same(g[i], c[i], 1e-4, 1e-5);
    }
}

// cuda/nll_loss.cu: every reduction, class weights, ignore_index (one sample, and all of a batch: the
// mean is 0/0), spatial (N, C, H, W) inputs, float64, float16 (computed in float), the graph ops AOT
// autograd splits nll_loss into, and a class out of range reported at the next wait for the GPU.
TEST_CASE("cuda: nll_loss's kernels match the CPU, reductions, weights, ignored and spatial targets", "[cuda]") {
    KILN_REQUIRE_GPU();
    Tensor t2 = tensor({0, 6, 3, 3, -100, 2, 5, 1}, {8}, DType::Int64), cw = rand({7});
    Tensor t4 = to_dtype(mul(rand({3, 4, 5}), Scalar(6.99)), DType::Int64);
    for (DType dt : {DType::Float32, DType::Float64, DType::Float16}) {
        INFO(dtype_name(dt));
        const double tol = dt == DType::Float16 ? 1e-2 : 1e-5;
        Tensor x2 = to_dtype(rnd({8, 7}), dt), x4 = to_dtype(rnd({3, 7, 4, 5}), dt);
        for (const char* r : {"mean", "sum", "none"}) {
            INFO(r);
            auto run = [&](Device d, const Tensor& x, const Tensor& t, const Tensor& w) {
                Tensor xl = leaf_on(x, d);
                Tensor l = nll_loss(log_softmax(xl, 1), to_device(t, d), w.defined() ? to_device(to_dtype(w, dt), d) : w, r);
                autograd::backward({sum(mul(l, l))}, {}, false, false);
                return std::vector<Tensor>{l, xl.grad()};
            };
            for (const Tensor& w : {Tensor(), cw}) {
                std::vector<Tensor> c = run(Device::CPU, x2, t2, w), g = run(Device::CUDA, x2, t2, w);
                check_same(g[0], c[0], tol, tol);
                check_same(g[1], c[1], tol, tol);
                c = run(Device::CPU, x4, t4, w), g = run(Device::CUDA, x4, t4, w);
                check_same(g[0], c[0], tol, tol);
                check_same(g[1], c[1], tol, tol);
            }
        }
    }
    Tensor all_ignored = full({3}, Scalar(int64_t(-100)), {DType::Int64});
    check_same(nll_loss(gpu(rnd({3, 4})), gpu(all_ignored)), nll_loss(rnd({3, 4}), all_ignored), 0, 0);  // nan
    // the graph ops: forward's total weight on the device, backward from it
    Tensor lp = log_softmax(rnd({8, 7}), 1);
    for (const char* r : {"mean", "sum", "none"}) {
        INFO(r);
        auto [cl, ctw] = nll_loss_forward(lp, t2, cw, r, -100);
        auto [gl, gtw] = nll_loss_forward(gpu(lp), gpu(t2), gpu(cw), r, -100);
        check_same(gl, cl, 1e-5, 1e-6);
        check_same(gtw, ctw, 1e-5, 1e-6);
        Tensor gr = std::string(r) == "none" ? rnd({8}) : rnd({});
        check_same(nll_loss_backward(gpu(gr), gpu(lp), gpu(t2), gpu(cw), r, -100, gtw),
                   nll_loss_backward(gr, lp, t2, cw, r, -100, ctw), 1e-5, 1e-6);
    }
    std::string bad = program_output(
        "import torch\n"
        "import torch.nn.functional as F\n"
        "x = torch.randn(4, 3, device='cuda')\n"
        "try:\n"
        "    print(F.cross_entropy(x, torch.tensor([0, 1, 3, 2], device='cuda')).item())\n"
        "except RuntimeError as e:\n"
        "    print(str(e).splitlines()[0])\n"
        "print(round(F.cross_entropy(torch.zeros(2, 3, device='cuda'), torch.tensor([0, 2], device='cuda')).item(), 4))\n");
    CHECK(bad == "CUDA error: device-side assert triggered\n1.0986\n");
}

// ---- matrix products ----------------------------------------------------------------------------------------------

TEST_CASE("cuda: mm, bmm, matmul, addmm and linear through cuBLAS match the CPU", "[cuda]") {
    KILN_REQUIRE_GPU();
    cuda::set_allow_tf32(false);
    for (DType dt : {DType::Float32, DType::Float64}) {
        INFO(dtype_name(dt));
        const double tol = dt == DType::Float32 ? 1e-4 : 1e-11;
        Tensor a = rnd({37, 53}, dt), b = rnd({53, 29}, dt);
        check_same(mm(gpu(a), gpu(b)), mm(a, b), tol, tol);
        check_same(mm(t(gpu(b)), t(gpu(a))), mm(t(b), t(a)), tol, tol);  // transposed operands
        Tensor x = rnd({4, 37, 53}, dt), y = rnd({4, 53, 11}, dt);
        check_same(bmm(gpu(x), gpu(y)), bmm(x, y), tol, tol);
        check_same(bmm(transpose(gpu(y), 1, 2), transpose(gpu(x), 1, 2)), bmm(transpose(y, 1, 2), transpose(x, 1, 2)), tol,
                   tol);
        check_same(matmul(gpu(x), gpu(b)), matmul(x, b), tol, tol);    // 3-d @ 2-d folds
        Tensor v = rnd({53}, dt);
        check_same(matmul(gpu(a), gpu(v)), matmul(a, v), tol, tol);    // mv
        check_same(dot(gpu(v), gpu(v)), dot(v, v), tol, tol);
        Tensor w = rnd({16, 53}, dt), bias = rnd({16}, dt);
        check_same(linear(gpu(a), gpu(w), gpu(bias)), linear(a, w, bias), tol, tol);
        check_same(linear(gpu(x), gpu(w), gpu(bias)), linear(x, w, bias), tol, tol);
        Tensor c0 = rnd({29}, dt);
        check_same(addmm(gpu(c0), gpu(a), gpu(b), Scalar(0.5), Scalar(2.0)), addmm(c0, a, b, Scalar(0.5), Scalar(2.0)), tol,
                   tol);
        check_same(mm(gpu(zeros({3, 0}, {dt})), gpu(zeros({0, 4}, {dt}))), mm(zeros({3, 0}, {dt}), zeros({0, 4}, {dt})));
    }
    // TF32 under set_float32_matmul_precision('high'): close to fp32, not exact
    Tensor a = rnd({256, 256}), b = rnd({256, 256});
    Tensor ref = mm(a, b);
    cuda::set_allow_tf32(true);
    check_same(mm(gpu(a), gpu(b)), ref, 1e-2, 5e-2);
    cuda::set_allow_tf32(false);
    // float16 / bfloat16 with float32 accumulation against the CPU's (float32) result
    for (DType dt : {DType::Float16, DType::BFloat16}) {
        Tensor ah = to_dtype(a, dt), bh = to_dtype(b, dt);
        check_same(mm(gpu(ah), gpu(bh)), mm(ah, bh), dt == DType::Float16 ? 1e-2 : 3e-2, 0.1);
    }
}

TEST_CASE("cuda: addmm with a row bias in cuBLASLt's epilogue matches the CPU in every operand layout", "[cuda]") {
    KILN_REQUIRE_GPU();
    cuda::set_allow_tf32(false);
    Tensor a = rnd({67, 45}), b = rnd({45, 33}), bias = rnd({33});
    const Tensor want = addmm(bias, a, b);
    // Row-major and transposed operands, a 1-d and a (1, n) bias, a bias that is a strided view (the
    // general path), alpha/beta other than 1 (the general path too).
    check_same(addmm(gpu(bias), gpu(a), gpu(b)), want, 1e-4, 1e-4);
    check_same(addmm(gpu(bias), t(contiguous(t(gpu(a)))), t(contiguous(t(gpu(b))))), want, 1e-4, 1e-4);
    check_same(addmm(unsqueeze(gpu(bias), 0), gpu(a), gpu(b)), want, 1e-4, 1e-4);
    Tensor wide = rnd({66});
    Tensor every_other = slice(wide, 0, 0, 66, 2);
    check_same(addmm(slice(gpu(wide), 0, 0, 66, 2), gpu(a), gpu(b)), addmm(every_other, a, b), 1e-4, 1e-4);
    check_same(addmm(gpu(bias), gpu(a), gpu(b), Scalar(0.5), Scalar(2.0)), addmm(bias, a, b, Scalar(0.5), Scalar(2.0)), 1e-4,
               1e-4);
    // linear on a 3-d input (flattened into one addmm), and float16 / bfloat16 with their own bias
    Tensor x = rnd({3, 5, 45}), w = rnd({33, 45});
    check_same(linear(gpu(x), gpu(w), gpu(bias)), linear(x, w, bias), 1e-4, 1e-4);
    for (DType dt : {DType::Float16, DType::BFloat16}) {
        Tensor ah = to_dtype(a, dt), bh = to_dtype(b, dt), ch = to_dtype(bias, dt);
        check_same(to_dtype(addmm(gpu(ch), gpu(ah), gpu(bh)), DType::Float32), addmm(to_dtype(ch, DType::Float32),
                   to_dtype(ah, DType::Float32), to_dtype(bh, DType::Float32)), dt == DType::Float16 ? 1e-2 : 3e-2, 0.1);
    }
}

TEST_CASE("cuda: conv2d (im2col, cuBLAS, col2im) matches the CPU, with gradients", "[cuda]") {
    KILN_REQUIRE_GPU();
    OwnConvKernels own;
    // float32 exactly, as PyTorch's own tests run convolutions under cudnn.flags(allow_tf32=False)
    // (TF32, the default, keeps 10 mantissa bits: see the TF32 case below).
    REQUIRE(kiln::cuda::conv_allow_tf32());
    kiln::cuda::set_conv_allow_tf32(false);
    struct RestoreTf32 {
        ~RestoreTf32() { kiln::cuda::set_conv_allow_tf32(true); }
    } restore;
    const std::vector<ConvCase> cases = {{{2, 3, 9, 8}, {4, 3, 3, 3}, {1, 1}, {1, 1}, {1, 1}, 1},
                                     {{1, 4, 10, 7}, {6, 2, 3, 2}, {2, 1}, {0, 2}, {2, 1}, 2},
                                     {{3, 2, 5, 5}, {5, 2, 1, 1}, {1, 1}, {0, 0}, {1, 1}, 1},
                                     // depthwise, strided and padded past the kernel's reach
                                     {{2, 6, 11, 9}, {6, 1, 3, 3}, {2, 3}, {2, 1}, {1, 2}, 6},
                                     // a batch over several column chunks (C*kh*kw*OH*OW = 2.4M a sample)
                                     {{20, 64, 64, 64}, {8, 64, 3, 3}, {1, 1}, {1, 1}, {1, 1}, 1}};
    for (const ConvCase& c : cases) {
        INFO("input " << shape_str(c.x) << " weight " << shape_str(c.w));
        Tensor x = rnd(c.x), w = rnd(c.w), b = rnd({c.w[0]});
        std::vector<Tensor> cpu = conv_with_grads(c, x, w, b, Device::CPU), cud = conv_with_grads(c, x, w, b, Device::CUDA);
        // Sums over up to 82k products in float32: rounding grows with the summands' scale, so the
        // absolute tolerance follows the output's largest magnitude (small elements are sums of
        // large terms that cancel).
        auto atol_for = [](const Tensor& t) { return std::max(1e-3, 2e-6 * amax(abs(t), {}, false).item().to_double()); };
        for (size_t i = 0; i < cpu.size(); ++i) {
            INFO("output " << i);
            check_same(cud[i], cpu[i], 1e-3, atol_for(cpu[i]));
        }
        // the graph op compiled training calls (aten::convolution_backward)
        Tensor g = rnd(cpu[0].sizes());
        auto cb = convolution_backward(to_device(g, Device::CUDA), to_device(x, Device::CUDA), to_device(w, Device::CUDA),
                                       c.stride, c.padding, c.dilation, c.groups, {true, true, true});
        auto cc = convolution_backward(g, x, w, c.stride, c.padding, c.dilation, c.groups, {true, true, true});
        for (size_t i = 0; i < 3; ++i) check_same(cb[i], cc[i], 1e-3, atol_for(cc[i]));
    }
}

// With TF32 allowed (the default), float32 convolutions whose groups have 16+ output channels can run
// as implicit GEMMs on the tensor cores (cuda/conv_igemm.cu): forward, weight gradient (split over
// the columns) and, for stride 1, the input gradient as the flipped kernel's convolution. Shapes with
// tails in every tile dimension, groups, strides, dilation and padding; the error is TF32's (10
// mantissa bits a product), so the check is a relative norm that any indexing slip would exceed.
TEST_CASE("cuda: conv2d as an implicit GEMM in TF32 matches the CPU, with gradients", "[cuda]") {
    KILN_REQUIRE_GPU();
    REQUIRE(kiln::cuda::conv_allow_tf32());
    OwnConvKernels own;
    // every part as an implicit GEMM wherever it can run (ops/conv.cpp: conv_igemm_parts)
    setenv("KILN_CONV_IGEMM", "7", 1);
    struct Unset {
        ~Unset() { unsetenv("KILN_CONV_IGEMM"); }
    } unset;
    const std::vector<ConvCase> cases = {{{3, 20, 13, 11}, {70, 20, 3, 3}, {1, 1}, {1, 1}, {1, 1}, 1},
                                     {{2, 36, 9, 10}, {40, 18, 3, 2}, {2, 1}, {1, 0}, {1, 2}, 2},
                                     {{4, 32, 7, 7}, {64, 32, 1, 1}, {1, 1}, {0, 0}, {1, 1}, 1},
                                     {{2, 16, 12, 12}, {24, 16, 3, 3}, {1, 1}, {2, 2}, {2, 2}, 1},
                                     {{2, 17, 10, 9}, {33, 17, 5, 5}, {1, 1}, {0, 1}, {1, 1}, 1},
                                     {{16, 32, 28, 28}, {64, 32, 3, 3}, {1, 1}, {0, 0}, {1, 1}, 1}};
    auto rel_err = [](const Tensor& got, const Tensor& want) {
        Tensor d = sub(to_device(got, Device::CPU), want);
        return std::sqrt(sum(mul(d, d)).item().to_double() / std::max(1e-30, sum(mul(want, want)).item().to_double()));
    };
    for (const ConvCase& c : cases) {
        INFO("input " << shape_str(c.x) << " weight " << shape_str(c.w));
        Tensor x = rnd(c.x), w = rnd(c.w), b = rnd({c.w[0]});
        std::vector<Tensor> cpu = conv_with_grads(c, x, w, b, Device::CPU), cud = conv_with_grads(c, x, w, b, Device::CUDA);
        for (size_t i = 0; i < cpu.size(); ++i) {
            INFO("output " << i);
            CHECK(rel_err(cud[i], cpu[i]) < 3e-3);
        }
        Tensor g = rnd(cpu[0].sizes());
        auto cb = convolution_backward(to_device(g, Device::CUDA), to_device(x, Device::CUDA), to_device(w, Device::CUDA),
                                       c.stride, c.padding, c.dilation, c.groups, {true, true, true});
        auto cc = convolution_backward(g, x, w, c.stride, c.padding, c.dilation, c.groups, {true, true, true});
        for (size_t i = 0; i < 3; ++i) {
            INFO("convolution_backward output " << i);
            CHECK(rel_err(cb[i], cc[i]) < 3e-3);
        }
    }
}

// Where the machine has cuDNN 9, GPU convolutions go through it (cuda/cudnn.cpp): the descriptors,
// groups, strides, dilation, padding, conv3d (which only cuDNN runs on the GPU), float64 and float16,
// the heuristics' choice, benchmark mode's timed choice and deterministic algorithms all match the
// CPU. float32 runs with TF32 off (FMA math) so the comparison is tight.
TEST_CASE("cuda: convolutions through cuDNN match the CPU, with gradients", "[cuda]") {
    KILN_REQUIRE_GPU();
    if (!kiln::cuda::cudnn::available()) {
        SUCCEED("this machine has no cuDNN 9: Kiln's own kernels run (the cases above)");
        return;
    }
    kiln::cuda::set_conv_allow_tf32(false);
    setenv("KILN_CUDNN", "1", 1);  // every convolution to cuDNN (ops/conv.cpp: use_cudnn), small ones too
    struct Restore {
        ~Restore() {
            unsetenv("KILN_CUDNN");
            kiln::cuda::set_conv_allow_tf32(true);
            kiln::cuda::cudnn::set_benchmark(false);
            kiln::cuda::cudnn::set_deterministic(false);
        }
    } restore;
    const std::vector<ConvCase> cases = {{{2, 3, 9, 8}, {4, 3, 3, 3}, {1, 1}, {1, 1}, {1, 1}, 1},
                                         {{1, 4, 10, 7}, {6, 2, 3, 2}, {2, 1}, {0, 2}, {2, 1}, 2},
                                         {{2, 6, 11, 9}, {6, 1, 3, 3}, {2, 3}, {2, 1}, {1, 2}, 6},
                                         {{8, 32, 16, 16}, {64, 32, 3, 3}, {1, 1}, {1, 1}, {1, 1}, 1},
                                         {{2, 3, 5, 6, 7}, {4, 3, 3, 2, 3}, {1, 2, 1}, {1, 0, 1}, {1, 1, 2}, 1},
                                         {{1, 4, 6, 6, 6}, {4, 2, 3, 3, 3}, {2, 2, 2}, {1, 1, 1}, {1, 1, 1}, 2}};
    auto atol_for = [](const Tensor& t) { return std::max(1e-3, 2e-6 * amax(abs(t), {}, false).item().to_double()); };
    int round = 0;
    for (bool bench : {false, true})
        for (bool det : {false, true}) {
            kiln::cuda::cudnn::set_benchmark(bench);
            kiln::cuda::cudnn::set_deterministic(det);
            for (const ConvCase& c : cases) {
                INFO("input " << shape_str(c.x) << " weight " << shape_str(c.w) << " benchmark " << bench << " deterministic "
                              << det);
                Tensor x = rnd(c.x), w = rnd(c.w), b = rnd({c.w[0]});
                std::vector<Tensor> cpu = conv_with_grads(c, x, w, b, Device::CPU),
                                    cud = conv_with_grads(c, x, w, b, Device::CUDA);
                for (size_t i = 0; i < cpu.size(); ++i) {
                    INFO("output " << i);
                    check_same(cud[i], cpu[i], 1e-3, atol_for(cpu[i]));
                }
            }
            ++round;
        }
    CHECK(round == 4);
    // float64 and float16 (half accumulates in float: compared with float32's result at half's precision)
    const ConvCase c = cases[3];
    Tensor x = rnd(c.x), w = rnd(c.w), b = rnd({c.w[0]});
    Tensor y64 = conv2d(to_device(to_dtype(x, DType::Float64), Device::CUDA), to_device(to_dtype(w, DType::Float64), Device::CUDA),
                        to_device(to_dtype(b, DType::Float64), Device::CUDA), c.stride, c.padding, c.dilation, c.groups);
    Tensor ref = conv2d(to_dtype(x, DType::Float64), to_dtype(w, DType::Float64), to_dtype(b, DType::Float64), c.stride,
                        c.padding, c.dilation, c.groups);
    check_same(y64, ref, 1e-10, 1e-10);
    Tensor y16 = conv2d(to_device(to_dtype(x, DType::Float16), Device::CUDA), to_device(to_dtype(w, DType::Float16), Device::CUDA),
                        to_device(to_dtype(b, DType::Float16), Device::CUDA), c.stride, c.padding, c.dilation, c.groups);
    check_same(to_dtype(y16, DType::Float32), to_dtype(ref, DType::Float32), 1e-2, 5e-2);
}

// Channels-last convolutions (x.to(memory_format=torch.channels_last), model.to(...)): cuDNN runs on
// NHWC tensors, the result and the input and weight gradients are channels-last as ATen lays them out
// (the CPU's too), and the values match the CPU's; with cuDNN off, Kiln's row-major kernels run and
// their results are converted.
TEST_CASE("cuda: channels-last convolutions run on NHWC tensors and match the CPU", "[cuda]") {
    KILN_REQUIRE_GPU();
    kiln::cuda::set_conv_allow_tf32(false);
    struct Restore {
        ~Restore() { kiln::cuda::set_conv_allow_tf32(true); }
    } restore;
    const std::vector<ConvCase> cases = {{{2, 3, 9, 8}, {4, 3, 3, 3}, {1, 1}, {1, 1}, {1, 1}, 1},
                                         {{2, 8, 11, 9}, {8, 2, 3, 3}, {2, 1}, {1, 0}, {1, 2}, 4},
                                         {{4, 32, 12, 12}, {64, 32, 3, 3}, {1, 1}, {1, 1}, {1, 1}, 1},
                                         {{2, 3, 5, 6, 7}, {4, 3, 3, 2, 3}, {1, 2, 1}, {1, 0, 1}, {1, 1, 2}, 1}};
    auto run = [](const ConvCase& c, const Tensor& x, const Tensor& w, const Tensor& b, Device d) {
        const MemoryFormat fmt = c.x.size() == 5 ? MemoryFormat::ChannelsLast3d : MemoryFormat::ChannelsLast;
        Tensor xl = contiguous_as(to_device(x, d), fmt).detach(), wl = to_device(w, d).detach(), bl = to_device(b, d).detach();
        for (Tensor* t : {&xl, &wl, &bl}) t->requires_grad_(true);
        Tensor y = c.x.size() == 5 ? conv3d(xl, wl, bl, c.stride, c.padding, c.dilation, c.groups)
                                   : conv2d(xl, wl, bl, c.stride, c.padding, c.dilation, c.groups);
        CHECK(is_contiguous_as(y, fmt));
        CHECK(!y.is_contiguous());
        autograd::backward({sum(mul(y, y))}, {}, false, false);
        CHECK(is_contiguous_as(xl.grad(), fmt));  // AccumulateGrad keeps the leaf's layout
        return std::vector<Tensor>{y, xl.grad(), wl.grad(), bl.grad()};
    };
    for (bool own : {false, true}) {
        if (own) kiln::cuda::cudnn::set_enabled(false);
        for (const ConvCase& c : cases) {
            if (own && c.x.size() == 5) continue;  // conv3d runs only through cuDNN on the GPU
            INFO("input " << shape_str(c.x) << " weight " << shape_str(c.w) << (own ? " Kiln's kernels" : " cuDNN"));
            Tensor x = rnd(c.x), w = rnd(c.w), b = rnd({c.w[0]});
            std::vector<Tensor> cpu = run(c, x, w, b, Device::CPU), cud = run(c, x, w, b, Device::CUDA);
            for (size_t i = 0; i < cpu.size(); ++i) {
                INFO("output " << i);
                CHECK(cud[i].strides() == cpu[i].strides());
                check_same(cud[i], cpu[i], 1e-3, 1e-3);
            }
        }
        if (own) kiln::cuda::cudnn::set_enabled(true);
    }
    // float64 stays row-major on the GPU (cudnn_conv_suggest_memory_format), channels-last on the CPU
    Tensor x = contiguous_as(rnd({2, 3, 6, 6}, DType::Float64), MemoryFormat::ChannelsLast), w = rnd({4, 3, 3, 3}, DType::Float64);
    CHECK(conv2d(to_device(x, Device::CUDA), to_device(w, Device::CUDA), Tensor(), {1, 1}, {0, 0}, {1, 1}, 1).is_contiguous());
    CHECK(is_contiguous_as(conv2d(x, w, Tensor(), {1, 1}, {0, 0}, {1, 1}, 1), MemoryFormat::ChannelsLast));
}

// Pointwise kernels walk dims in memory order (tensor/iter.h's loop_order, as TensorIterator): a
// channels-last tensor plus a broadcast bias, in place and not, a transposed read into a dense write,
// a copy between layouts and moves between devices keep the CPU's values and layouts.
TEST_CASE("cuda: pointwise ops on channels-last and transposed operands match the CPU", "[cuda]") {
    KILN_REQUIRE_GPU();
    Tensor x = contiguous_as(rnd({3, 5, 4, 6}), MemoryFormat::ChannelsLast), b = reshape(rnd({5}), {1, 5, 1, 1});
    Tensor gx = gpu(x), gb = gpu(b);
    CHECK(gx.strides() == x.strides());
    Tensor s = add(gx, gb);
    CHECK(s.strides() == add(x, b).strides());
    check_same(s, add(x, b), 0, 0);
    add_(gx, gb);
    add_(x, b);
    check_same(gx, x, 0, 0);
    check_same(mul(relu(gx), gx), mul(relu(x), x), 1e-6, 1e-6);
    check_same(contiguous(gx), contiguous(x), 0, 0);
    Tensor t = rnd({7, 9}), u = rnd({9, 7});
    Tensor st = add(transpose(gpu(t), 0, 1), gpu(u));
    CHECK(st.strides() == add(transpose(t, 0, 1), u).strides());  // the first input's layout, transposed
    check_same(st, add(transpose(t, 0, 1), u), 0, 0);
    // .to() keeps a dense tensor's strides between devices, as _to_copy's preserve_format
    CHECK(to_device(gx, Device::CPU).strides() == x.strides());
    CHECK(gpu(transpose(t, 0, 1)).strides() == transpose(t, 0, 1).strides());
    check_same(gpu(transpose(t, 0, 1)), transpose(t, 0, 1), 0, 0);
}

TEST_CASE("cuda: pooling and batch_norm match the CPU, with gradients and running statistics", "[cuda]") {
    KILN_REQUIRE_GPU();
    Tensor x = rnd({2, 3, 9, 10});
    Tensor rm = rnd({3}), rv = add(rand({3}), Scalar(0.5)), w = rnd({3}), b = rnd({3});
    auto run = [&](Device d) {
        Tensor xl = leaf_on(x, d), wl = leaf_on(w, d), bl = leaf_on(b, d);
        Tensor m = to_device(rm, d, std::nullopt, true), v = to_device(rv, d, std::nullopt, true);
        Tensor p1 = max_pool2d(xl, {3, 2}, {2, 2}, {1, 1}, {1, 1}, false);
        Tensor p2 = max_pool2d(xl, {2, 2}, {}, {0, 0}, {2, 1}, true);
        Tensor p3 = avg_pool2d(xl, {3, 3}, {2, 2}, {1, 1}, true, false);
        Tensor p4 = avg_pool2d(xl, {2, 3}, {1, 2}, {1, 0}, false, true);
        Tensor p5 = adaptive_avg_pool2d(xl, {1, 1});
        auto [p6, i6] = max_pool2d_with_indices(xl, {2, 2}, {2, 2}, {0, 0}, {1, 1}, false);
        Tensor bt = batch_norm(xl, m, v, wl, bl, true, 0.1, 1e-5);
        Tensor be = batch_norm(xl, m, v, wl, bl, false, 0.1, 1e-5);
        Tensor loss = add(add(add(sum(mul(p1, p1)), sum(p2)), add(sum(mul(p3, p3)), sum(p4))),
                          add(add(sum(p5), sum(mul(p6, p6))), add(sum(mul(bt, bt)), sum(mul(be, p5)))));
        autograd::backward({loss}, {}, false, false);
        return std::vector<Tensor>{p1, p2, p3, p4, p5, p6, i6, bt, be, m, v, xl.grad(), wl.grad(), bl.grad()};
    };
    std::vector<Tensor> c = run(Device::CPU), g = run(Device::CUDA);
    for (size_t i = 0; i < c.size(); ++i) {
        INFO("output " << i);
        check_same(g[i], c[i], 1e-4, 1e-5);
    }
}

// cuda/batch_norm.cu's shapes and modes: the batch split into parts (large N * inner), 2-d and 3-d
// inputs (inner 1 and L), a large mean (the shifted sums must not cancel), no affine parameters,
// float64, float16 inputs, running statistics of another dtype (updated through a copy), eval-mode
// gradients; outputs, gradients and running statistics against the CPU.
TEST_CASE("cuda: batch_norm's kernels match the CPU across shapes, dtypes and modes", "[cuda]") {
    KILN_REQUIRE_GPU();
    struct Case {
        Shape shape;
        DType dt;
        bool affine, training;
        double offset;
        DType stat_dt;
    };
    const std::vector<Case> cases = {
        {{64, 3, 64, 64}, DType::Float32, true, true, 0.0, DType::Float32},
        {{300, 7}, DType::Float32, true, true, 0.0, DType::Float32},
        {{5, 4, 33}, DType::Float64, false, true, 0.0, DType::Float64},
        {{16, 2, 8, 8}, DType::Float32, true, true, 1000.0, DType::Float32},
        {{4, 3, 5, 5}, DType::Float32, true, false, 0.0, DType::Float32},
        {{8, 3, 6, 6}, DType::Float16, true, true, 0.0, DType::Float32},
        {{8, 3, 6, 6}, DType::Float32, true, true, 0.0, DType::Float64},
    };
    for (const Case& k : cases) {
        INFO(shape_repr(k.shape) << " " << dtype_name(k.dt) << (k.training ? " training" : " eval"));
        const int64_t C = k.shape[1];
        Tensor x = to_dtype(add(rnd(k.shape), Scalar(k.offset)), k.dt), gy = to_dtype(rnd(k.shape), k.dt);
        Tensor rm = to_dtype(rnd({C}), k.stat_dt), rv = to_dtype(add(rand({C}), Scalar(0.5)), k.stat_dt);
        Tensor w = rnd({C}), b = rnd({C});
        auto run = [&](Device d) {
            Tensor xl = leaf_on(x, d), wl = leaf_on(w, d), bl = leaf_on(b, d);
            Tensor m = to_device(rm, d, std::nullopt, true), v = to_device(rv, d, std::nullopt, true);
            Tensor y = k.affine ? batch_norm(xl, m, v, wl, bl, k.training, 0.1, 1e-5)
                                : batch_norm(xl, m, v, Tensor(), Tensor(), k.training, 0.1, 1e-5);
            autograd::backward({sum(mul(y, to_device(gy, d)))}, {}, false, false);
            std::vector<Tensor> out = {y, m, v, xl.grad()};
            if (k.affine) out.insert(out.end(), {wl.grad(), bl.grad()});
            return out;
        };
        std::vector<Tensor> c = run(Device::CPU), g = run(Device::CUDA);
        const double tol = k.dt == DType::Float16 ? 1e-2 : k.dt == DType::Float64 ? 1e-10 : 2e-4;
        for (size_t i = 0; i < c.size(); ++i) {
            INFO("output " << i);
            check_same(g[i], c[i], tol, tol);
        }
    }
}

// Adaptive average pooling to sizes that do not divide the input (overlapping windows of unequal
// sizes), 2-d and 3-d, forward, backward and the graph op compiled training calls.
TEST_CASE("cuda: adaptive average pooling matches the CPU, with gradients", "[cuda]") {
    KILN_REQUIRE_GPU();
    Tensor x2 = rnd({2, 3, 9, 10}), x3 = rnd({2, 2, 5, 7, 6}), gy = rnd({2, 3, 4, 3});
    auto run = [&](Device d) {
        Tensor a = to_device(x2, d).detach(), b = to_device(x3, d).detach();
        a.requires_grad_(true);
        b.requires_grad_(true);
        Tensor p = adaptive_avg_pool2d(a, {4, 3}), q = adaptive_avg_pool3d(b, {3, 2, 4});
        autograd::backward({add(sum(mul(p, p)), sum(mul(q, q)))}, {}, false, false);
        Tensor g = adaptive_avg_pool2d_backward(to_device(gy, d), a.sizes());
        return std::vector<Tensor>{p, q, a.grad(), b.grad(), g};
    };
    std::vector<Tensor> c = run(Device::CPU), g = run(Device::CUDA);
    for (size_t i = 0; i < c.size(); ++i) {
        INFO("output " << i);
        check_same(g[i], c[i], 1e-4, 1e-5);
    }
}

// ---- autograd -----------------------------------------------------------------------------------------------------

TEST_CASE("cuda: autograd through GPU ops gives the CPU's gradients", "[cuda]") {
    KILN_REQUIRE_GPU();
    Tensor x = rnd({8, 16}), w1 = rnd({32, 16}), b1 = rnd({32}), w2 = rnd({4, 32}), lnw = rnd({32}), lnb = rnd({32});
    auto run = [&](Device d) {
        std::vector<Tensor> leaves;
        for (const Tensor& t : {x, w1, b1, w2, lnw, lnb}) {
            Tensor l = to_device(t, d).detach();
            l.requires_grad_(true);
            leaves.push_back(l);
        }
        Tensor h = linear(leaves[0], leaves[1], leaves[2]);
        h = layer_norm(gelu(h), {32}, leaves[4], leaves[5]);
        h = tanh(linear(h, leaves[3]));
        Tensor loss = add(mean(mul(softmax(h, -1), h)), mul(sum(amax(h, {1})), Scalar(0.1)));
        autograd::backward({loss}, {}, false, false);
        std::vector<Tensor> out = {loss};
        for (const Tensor& l : leaves) out.push_back(l.grad());
        return out;
    };
    std::vector<Tensor> c = run(Device::CPU), g = run(Device::CUDA);
    for (size_t i = 0; i < c.size(); ++i) {
        INFO("output " << i);
        REQUIRE(g[i].defined());
        check_same(g[i], c[i], 1e-4, 1e-5);
    }
    // the gradient of a copy to the GPU comes back to the CPU leaf
    Tensor leaf = rnd({3});
    leaf.requires_grad_(true);
    autograd::backward({sum(mul(to_device(leaf, Device::CUDA), Scalar(3.0)))}, {}, false, false);
    CHECK(leaf.grad().device() == Device::CPU);
    CHECK(leaf.grad().to_double_vector() == std::vector<double>{3.0, 3.0, 3.0});
}

TEST_CASE("cuda: backward formulas that build a zero gradient build it on the gradient's device", "[cuda]") {
    // Slicing, select, as_strided and rounding division: their backward scatters the gradient into
    // zeros, which must live where the gradient does (a CPU zeros tensor made the gradient of a CUDA
    // leaf a CPU tensor: the next op raised PyTorch's mixed-device error). (topk, median and adaptive
    // max pooling had the same fix but have no CUDA forward kernel yet.)
    KILN_REQUIRE_GPU();
    Tensor x = rnd({4, 6});
    auto run = [&](Device d) {
        Tensor l = to_device(x, d).detach();
        l.requires_grad_(true);
        Tensor s = add(sum(slice(l, 1, 1, 5, 2)), sum(select(l, 0, 2)));
        s = add(s, sum(as_strided(l, {2, 3}, {6, 1}, 1)));
        s = add(s, sum(div(l, Scalar(3.0), "floor")));
        autograd::backward({s}, {}, false, false);
        return std::vector<Tensor>{s, l.grad()};
    };
    std::vector<Tensor> c = run(Device::CPU), g = run(Device::CUDA);
    for (size_t i = 0; i < c.size(); ++i) {
        INFO("output " << i);
        REQUIRE(g[i].defined());
        CHECK(g[i].device() == Device::CUDA);
        check_same(g[i], c[i], 1e-5, 1e-6);
    }
}

// The fused kernel (engine/cuda/attention.cu) against the float64 math composite on the CPU: head
// dims that fill and that pad its 32/64/128 tiles, sequences that are not multiples of its 64-row
// and 64-key tiles, q/k/v as strided head views of one (B, L, 3E) projection, every mask kind.
TEST_CASE("cuda: fused scaled_dot_product_attention matches the float64 math, every layout and mask", "[cuda]") {
    KILN_REQUIRE_GPU();
    autograd::NoGradGuard no_grad;
    struct Case {
        int64_t B, H, L, S, D;
    };
    for (Case c : {Case{2, 3, 70, 70, 64}, Case{1, 2, 5, 130, 40}, Case{2, 1, 129, 64, 128}, Case{3, 2, 64, 7, 32},
                   Case{1, 1, 1, 1, 8}, Case{2, 8, 128, 128, 64}}) {
        INFO("B=" << c.B << " H=" << c.H << " L=" << c.L << " S=" << c.S << " D=" << c.D);
        Tensor q = rnd({c.B, c.H, c.L, c.D}), k = rnd({c.B, c.H, c.S, c.D}), v = rnd({c.B, c.H, c.S, c.D});
        auto ref = [&](const Tensor& mask, bool causal) {
            Tensor d = scaled_dot_product_attention(to_dtype(q, DType::Float64), to_dtype(k, DType::Float64),
                                                    to_dtype(v, DType::Float64),
                                                    mask.defined() && mask.dtype() != DType::Bool
                                                        ? to_dtype(mask, DType::Float64)
                                                        : mask,
                                                    0.0, causal);
            return to_dtype(d, DType::Float32);
        };
        Tensor got = scaled_dot_product_attention(gpu(q), gpu(k), gpu(v));
        // the (B, L, H, D) memory order of PyTorch's fused kernels
        CHECK(contiguous(transpose(got, 1, 2)).raw_data() == transpose(got, 1, 2).raw_data());
        check_same(got, ref(Tensor(), false), 1e-4, 1e-5);
        if (c.L <= c.S) check_same(scaled_dot_product_attention(gpu(q), gpu(k), gpu(v), Tensor(), 0.0, true),
                                   ref(Tensor(), true), 1e-4, 1e-5);
        Tensor additive = rnd({c.L, c.S});  // broadcast over batch and heads
        check_same(scaled_dot_product_attention(gpu(q), gpu(k), gpu(v), gpu(additive)), ref(additive, false), 1e-4, 1e-5);
        Tensor keep = gt(rnd({c.B, 1, 1, c.S}), Scalar(-0.5));  // a key padding mask
        keep = logical_or(keep, eq(arange(c.S), Scalar(0)));  // never a fully masked row
        check_same(scaled_dot_product_attention(gpu(q), gpu(k), gpu(v), gpu(keep)), ref(keep, false), 1e-4, 1e-5);
        // explicit scale
        check_same(scaled_dot_product_attention(gpu(q), gpu(k), gpu(v), Tensor(), 0.0, false, 0.3),
                   to_dtype(scaled_dot_product_attention(to_dtype(q, DType::Float64), to_dtype(k, DType::Float64),
                                                         to_dtype(v, DType::Float64), Tensor(), 0.0, false, 0.3),
                            DType::Float32),
                   1e-4, 1e-5);
    }
    // heads as views of one projection (B, L, 3E): row stride 3E, no copies
    const int64_t B = 2, L = 33, H = 4, D = 16, E = H * D;
    Tensor qkv = gpu(rnd({B, L, 3 * E}));
    auto head = [&](int i) { return transpose(reshape(slice(qkv, 2, i * E, (i + 1) * E), {B, L, H, D}), 1, 2); };
    Tensor got = scaled_dot_product_attention(head(0), head(1), head(2));
    Tensor cpu_qkv = to_dtype(to_device(qkv, Device::CPU), DType::Float64);
    auto cpu_head = [&](int i) { return transpose(reshape(slice(cpu_qkv, 2, i * E, (i + 1) * E), {B, L, H, D}), 1, 2); };
    check_same(got, to_dtype(scaled_dot_product_attention(cpu_head(0), cpu_head(1), cpu_head(2)), DType::Float32), 1e-4,
               1e-5);
    // half precision: float32 arithmetic inside, one rounding at the end
    Tensor q = rnd({1, 2, 40, 64}), k = rnd({1, 2, 50, 64}), v = rnd({1, 2, 50, 64});
    for (DType dt : {DType::Float16, DType::BFloat16}) {
        Tensor g = scaled_dot_product_attention(gpu(to_dtype(q, dt)), gpu(to_dtype(k, dt)), gpu(to_dtype(v, dt)));
        Tensor want = scaled_dot_product_attention(to_dtype(to_dtype(q, dt), DType::Float64),
                                                   to_dtype(to_dtype(k, dt), DType::Float64),
                                                   to_dtype(to_dtype(v, dt), DType::Float64));
        check_same(to_dtype(g, DType::Float32).detach(), to_dtype(want, DType::Float32), 2e-2, 2e-2);
    }
}

// The fused backward kernels (attention.cu, bwd::) against float64 autograd of the math on the CPU:
// sequences that fill and that pad the 64-row and 64-key tiles, head dims of both templates (32,
// 64) with padding (17, 40), heads as strided views of one projection, a strided gradient.
TEST_CASE("cuda: fused attention backward matches float64 autograd, every tile shape", "[cuda]") {
    KILN_REQUIRE_GPU();
    struct Case {
        int64_t B, H, L, S, D;
    };
    auto reference = [](const Tensor& q, const Tensor& k, const Tensor& v, const Tensor& g, double scale,
                        bool causal = false) {
        std::vector<Tensor> leaves;
        for (const Tensor& t : {q, k, v}) {
            Tensor l = to_dtype(to_device(t, Device::CPU), DType::Float64).detach();
            l.requires_grad_(true);
            leaves.push_back(l);
        }
        Tensor out = scaled_dot_product_attention(leaves[0], leaves[1], leaves[2], Tensor(), 0.0, causal, scale);
        autograd::backward({out}, {to_dtype(to_device(g, Device::CPU), DType::Float64)}, false, false);
        std::vector<Tensor> r;
        for (Tensor& l : leaves) r.push_back(to_dtype(l.grad(), DType::Float32));
        r.push_back(to_dtype(out.detach(), DType::Float32));
        return r;
    };
    for (Case c : {Case{2, 3, 70, 70, 64}, Case{1, 2, 5, 130, 40}, Case{2, 1, 129, 64, 17}, Case{3, 2, 64, 7, 32},
                   Case{1, 1, 1, 1, 8}, Case{2, 8, 128, 128, 64}}) {
        INFO("B=" << c.B << " H=" << c.H << " L=" << c.L << " S=" << c.S << " D=" << c.D);
        Tensor q = rnd({c.B, c.H, c.L, c.D}), k = rnd({c.B, c.H, c.S, c.D}), v = rnd({c.B, c.H, c.S, c.D});
        Tensor g = rnd({c.B, c.H, c.L, c.D});
        const double scale = 1.0 / std::sqrt(double(c.D));
        std::vector<Tensor> want = reference(q, k, v, g, scale);
        REQUIRE(attention_backward_fused_ok(gpu(q), gpu(k), gpu(v)));
        // the forward of compiled training: the fused kernel's output and each row's logsumexp
        std::vector<Tensor> fwd = scaled_dot_product_fused_attention(gpu(q), gpu(k), gpu(v), scale);
        check_same(fwd[0], want[3], 1e-4, 1e-4);
        Tensor q64 = to_dtype(q, DType::Float64), k64 = to_dtype(k, DType::Float64);
        check_same(fwd[1], to_dtype(logsumexp(mul(matmul(q64, transpose(k64, -2, -1)), Scalar(scale)), {-1}), DType::Float32),
                   1e-4, 1e-4);
        Tensor out = gpu(want[3]);
        std::vector<Tensor> got = scaled_dot_product_attention_backward(gpu(g), gpu(q), gpu(k), gpu(v), out, fwd[1], scale);
        for (int i = 0; i < 3; ++i) {
            INFO("gradient " << i);
            CHECK(got[size_t(i)].device() == Device::CUDA);
            CHECK(transpose(got[size_t(i)], 1, 2).is_contiguous());  // (B, L, H, D) memory order
            check_same(got[size_t(i)], want[size_t(i)], 1e-4, 1e-4);
        }
        // causal (top-left aligned: key tiles past a query tile's last row skip it; keys past every
        // query, where S > L, get zero gradients)
        std::vector<Tensor> cw = reference(q, k, v, g, scale, true);
        std::vector<Tensor> cf = scaled_dot_product_fused_attention(gpu(q), gpu(k), gpu(v), scale, true);
        check_same(cf[0], cw[3], 1e-4, 1e-4);
        std::vector<Tensor> cg = scaled_dot_product_attention_backward(gpu(g), gpu(q), gpu(k), gpu(v), gpu(cw[3]), cf[1],
                                                                       scale, true);
        for (int i = 0; i < 3; ++i) {
            INFO("causal gradient " << i);
            check_same(cg[size_t(i)], cw[size_t(i)], 1e-4, 1e-4);
        }
    }
    // heads as views of one (B, L, 3E) projection, a transposed gradient
    const int64_t B = 2, L = 33, H = 4, D = 16, E = H * D;
    Tensor qkv = rnd({B, L, 3 * E});
    auto head = [&](const Tensor& t, int i) { return transpose(reshape(slice(t, 2, i * E, (i + 1) * E), {B, L, H, D}), 1, 2); };
    Tensor g = transpose(rnd({B, L, H, D}), 1, 2);
    std::vector<Tensor> want = reference(head(qkv, 0), head(qkv, 1), head(qkv, 2), g, 0.3);
    Tensor gq = gpu(qkv);
    Tensor lse = scaled_dot_product_fused_attention(head(gq, 0), head(gq, 1), head(gq, 2), 0.3)[1];
    std::vector<Tensor> got =
        scaled_dot_product_attention_backward(gpu(g), head(gq, 0), head(gq, 1), head(gq, 2), gpu(want[3]), lse, 0.3);
    for (int i = 0; i < 3; ++i) check_same(got[size_t(i)], want[size_t(i)], 1e-4, 1e-4);
}

// Eager training through attention on the GPU: the fused forward and one node whose backward is the
// fused kernels (no (L, S) matrix saved), causal or not, against float64 autograd on the CPU; a mask
// takes the math (its own grad_fn chain).
TEST_CASE("cuda: eager attention with gradients runs the fused kernels, causal or not", "[cuda]") {
    KILN_REQUIRE_GPU();
    const std::string src =
        "import torch\nimport torch.nn.functional as F\n"
        "torch.manual_seed(0)\n"
        "qkv = torch.randn(2, 70, 3 * 4 * 32)\n"
        "w = torch.randn(2, 70, 4 * 32)\n"
        "def run(dev, dt, causal, mask=None):\n"
        "    x = qkv.to(dev, dt).requires_grad_()\n"
        "    q, k, v = (t.view(2, 70, 4, 32).transpose(1, 2) for t in x.split(128, dim=2))\n"
        "    y = F.scaled_dot_product_attention(q, k, v, attn_mask=mask, is_causal=causal)\n"
        "    (y.transpose(1, 2).reshape(2, 70, 128) * w.to(dev, dt)).sum().backward()\n"
        "    return type(y.grad_fn).__name__, y.detach().cpu().float(), x.grad.cpu().float()\n"
        "for causal in (False, True):\n"
        "    name, y, g = run('cuda', torch.float32, causal)\n"
        "    _, y64, g64 = run('cpu', torch.float64, causal)\n"
        "    print(name, torch.allclose(y, y64, atol=1e-4), torch.allclose(g, g64, atol=1e-3))\n"
        "keep = torch.rand(70, 70) > 0.3\n"
        "keep[:, 0] = True\n"
        "name, y, g = run('cuda', torch.float32, False, keep.cuda())\n"
        "_, y64, g64 = run('cpu', torch.float64, False, keep)\n"
        "print(name != 'ScaledDotProductEfficientAttentionBackward0', torch.allclose(g, g64, atol=1e-3))\n";
    CHECK(program_output(src) == "ScaledDotProductEfficientAttentionBackward0 True True\n"
                                 "ScaledDotProductEfficientAttentionBackward0 True True\n"
                                 "True True\n");
}

TEST_CASE("cuda: scaled_dot_product_attention with gradients takes the differentiable path on the GPU", "[cuda]") {
    KILN_REQUIRE_GPU();
    const std::string src =
        "import torch\nimport torch.nn.functional as F\n"
        "torch.manual_seed(0)\n"
        "q, k, v = (torch.randn(2, 3, 9, 16, dtype=torch.float64) for _ in range(3))\n"
        "def grads(dev):\n"
        "    a, b, c = (t.detach().to(dev).requires_grad_() for t in (q, k, v))\n"
        "    (F.scaled_dot_product_attention(a, b, c) * torch.linspace(-1, 1, 16, dtype=torch.float64, device=dev)).sum().backward()\n"
        "    return [t.grad.cpu() for t in (a, b, c)]\n"
        "print(all(torch.allclose(x, y) for x, y in zip(grads('cpu'), grads('cuda'))))\n";
    CHECK(program_output(src) == "True\n");
}

TEST_CASE("cuda: an eager training step of MultiheadAttention + AdamW on the GPU equals the CPU's", "[cuda]") {
    KILN_REQUIRE_GPU();
    // Self-attention's q, k, v come from one GEMM split by slices (SliceBackward0 on the GPU), and
    // AdamW's state (a CPU step count) updates CUDA parameters.
    const std::string src =
        "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n"
        "def run(dev):\n"
        "    torch.manual_seed(0)\n"
        "    mha = nn.MultiheadAttention(16, 4, batch_first=True)\n"
        "    lin = nn.Linear(16, 16)\n"
        "    mha.to(dev)\n"
        "    lin.to(dev)\n"
        // eps=1e-3: the k projection's bias has an exactly zero gradient (softmax ignores a shift
        // shared by a row's scores), and Adam with a tiny eps turns its rounding noise (1e-9, of
        // either sign, device-dependent) into full lr-sized steps
        "    opt = torch.optim.AdamW(list(mha.parameters()) + list(lin.parameters()), lr=1e-2, eps=1e-3)\n"
        "    x = torch.linspace(-1.0, 1.0, 2 * 5 * 16).reshape(2, 5, 16).to(dev)\n"
        "    losses = []\n"
        "    for _ in range(3):\n"
        "        opt.zero_grad()\n"
        "        a, _ = mha(x, x, x, need_weights=False)\n"
        "        loss = F.mse_loss(lin(a), x)\n"
        "        loss.backward()\n"
        "        opt.step()\n"
        "        losses.append(loss.item())\n"
        "    return losses, [p.detach().cpu() for p in mha.parameters()]\n"
        "lc, pc = run('cpu')\n"
        "lg, pg = run('cuda')\n"
        "print(all(abs(a - b) < 1e-4 for a, b in zip(lc, lg)), all(torch.allclose(a, b, atol=1e-4) for a, b in zip(pc, pg)))\n";
    CHECK(program_output(src) == "True True\n");
}

// SGD and Adam/AdamW update a group of float32 CUDA parameters with multi-tensor launches
// (cuda/optim.cu): 40 tensors (more than a pack holds) of which one spans several chunks, every
// option, against the CPU's per-parameter loop; foreach=False keeps the loop on the GPU too.
TEST_CASE("cuda: multi-tensor SGD and Adam steps equal the per-parameter loop", "[cuda]") {
    KILN_REQUIRE_GPU();
    const std::string src =
        "import torch\n"
        "def run(dev, make):\n"
        "    torch.manual_seed(0)\n"
        "    ps = [torch.randn(n).to(dev).requires_grad_() for n in [3, 200000] + [17] * 38]\n"
        "    opt = make(ps)\n"
        "    for k in range(3):\n"
        "        opt.zero_grad()\n"
        "        loss = sum(((p * p).sum() * (0.5 + 0.1 * i)) for i, p in enumerate(ps)) + (ps[0] ** 3).sum()\n"
        "        loss.backward()\n"
        "        if k == 1:\n"
        "            ps[5].grad = None\n"
        "        opt.step()\n"
        "    return [p.detach().cpu() for p in ps]\n"
        "O = torch.optim\n"
        "makes = [lambda ps: O.SGD(ps, lr=0.1),\n"
        "         lambda ps: O.SGD(ps, lr=0.1, momentum=0.9, weight_decay=5e-4),\n"
        "         lambda ps: O.SGD(ps, lr=0.05, momentum=0.8, dampening=0.3, maximize=True),\n"
        "         lambda ps: O.SGD(ps, lr=0.05, momentum=0.9, nesterov=True, weight_decay=1e-2),\n"
        "         lambda ps: O.Adam(ps, lr=1e-2),\n"
        "         lambda ps: O.Adam(ps, lr=1e-2, weight_decay=1e-2, amsgrad=True),\n"
        "         lambda ps: O.AdamW(ps, lr=1e-2, betas=(0.3, 0.99), maximize=True),\n"
        "         lambda ps: O.AdamW(ps, lr=1e-2, weight_decay=0.1, foreach=False)]\n"
        "for make in makes:\n"
        "    a, b = run('cpu', make), run('cuda', make)\n"
        "    print(all(torch.allclose(x, y, rtol=1e-5, atol=1e-6) for x, y in zip(a, b)))\n";
    CHECK(program_output(src) == "True\nTrue\nTrue\nTrue\nTrue\nTrue\nTrue\nTrue\n");
}

// nn.GELU / F.gelu included: their CPU path reproduces oneDNN's erf and must not touch GPU memory.
TEST_CASE("cuda: a model program runs on the GPU and matches the CPU", "[cuda]") {
    KILN_REQUIRE_GPU();
    const std::string body =
        "import torch\n"
        "import torch.nn as nn\n"
        "import torch.nn.functional as F\n"
        "torch.manual_seed(0)\n"
        "m = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.LayerNorm(16), nn.GELU(), nn.Linear(16, 3))\n"
        "x = torch.randn(5, 8)\n"
        "y = torch.randn(5, 3)\n"
        "m = m.to(DEV)\n"
        "opt = torch.optim.SGD(m.parameters(), lr=0.1)\n"
        "for step in range(3):\n"
        "    opt.zero_grad()\n"
        "    out = m(x.to(DEV))\n"
        "    loss = ((F.gelu(out).softmax(-1) - y.to(DEV)) ** 2).mean()\n"
        "    loss.backward()\n"
        "    opt.step()\n"
        "print(round(loss.item(), 4), m[0].weight.device.type)\n";
    auto [cpu, cud] = outputs_on_both(body);
    CHECK(cpu.substr(0, cpu.find(' ')) == cud.substr(0, cud.find(' ')));
    CHECK(cud.find("cuda") != std::string::npos);
}

// F.pad's constant mode built its padding blocks on the CPU (cat then refused a CUDA input), and
// conv_transpose2d composes with it where its own kernels do not apply; the DCGAN generator's
// ConvTranspose2d layers run those kernels (ops/conv.cpp conv_transpose_direct) on the GPU too.
TEST_CASE("cuda: F.pad and conv_transpose2d (DCGAN's layers) match the CPU", "[cuda]") {
    KILN_REQUIRE_GPU();
    // One program runs the generator on both devices from the same weights and compares in relative
    // norm: the GPU's convolutions run in TF32 (PyTorch's default for cuDNN convolutions), so the
    // gradients agree with the CPU's to ~1e-3, not to the printed digits. Each step's input is a leaf
    // of its own (z.to('cpu') is z itself: without the detach the CPU step made z require grad, and
    // the GPU step's z.to('cuda') was then a non-leaf whose .grad stays None, in PyTorch too).
    const std::string src =
        "import copy\n"
        "import torch\n"
        "import torch.nn as nn\n"
        "import torch.nn.functional as F\n"
        "torch.manual_seed(0)\n"
        "x = torch.randn(2, 3, 5, 5)\n"
        "p = F.pad(x.to('cuda'), [1, 2, 0, 3], value=0.5)\n"
        "print(p.device.type, tuple(p.shape), torch.equal(p.cpu(), F.pad(x, [1, 2, 0, 3], value=0.5)))\n"
        "g = nn.Sequential(nn.ConvTranspose2d(16, 8, 4, 1, 0, bias=False), nn.BatchNorm2d(8), nn.ReLU(True),\n"
        "                  nn.ConvTranspose2d(8, 3, 4, 2, 1, bias=False), nn.Tanh())\n"
        "gc = copy.deepcopy(g)\n"
        "g.to('cuda')\n"
        "z = torch.randn(4, 16, 1, 1)\n"
        "def step(m, dev):\n"
        "    zz = z.to(dev).detach().requires_grad_()\n"
        "    y = m(zz)\n"
        "    y.square().sum().backward()\n"
        "    return y.device.type, [t.detach().cpu() for t in (y, zz.grad, m[0].weight.grad)]\n"
        "_, cpu = step(gc, 'cpu')\n"
        "dev, gpu = step(g, 'cuda')\n"
        "print(dev, tuple(gpu[0].shape), [bool((a - b).norm() <= 5e-3 * b.norm()) for a, b in zip(gpu, cpu)])\n"
        "w = torch.randn(2, 2, 3, 3)\n"
        "i = torch.randn(1, 2, 3, 3)\n"
        "d = F.conv_transpose2d(i.to('cuda'), w.to('cuda'), None, 1, 0, 1, 1, 2)\n"
        "print(tuple(d.shape), bool((d.cpu() - F.conv_transpose2d(i, w, None, 1, 0, 1, 1, 2)).abs().max() < 1e-2))\n";
    CHECK(program_output(src) == "cuda (2, 3, 8, 8) True\n"
                                 "cuda (4, 3, 8, 8) [True, True, True]\n"
                                 "(1, 2, 8, 8) True\n");
}

// ---- what real training code needs on the GPU (the model suite's GPT and LSTM steps) ------------------------

TEST_CASE("cuda: causal attention trains, list indexing and clip_grad_norm_ work as on the CPU", "[cuda]") {
    KILN_REQUIRE_GPU();
    // tril/triu of a CUDA tensor (the causal mask's path), values and gradients.
    const char* prog =
        "import torch\n"
        "import torch.nn.functional as F\n"
        "torch.manual_seed(0)\n"
        "def run(dev):\n"
        "    torch.manual_seed(0)\n"
        "    x = torch.arange(12.0).reshape(3, 4).to(dev).requires_grad_()\n"
        "    (torch.tril(x, -1) * 2 + x.triu(1)).sum().backward()\n"
        "    out = [x.grad.cpu(), torch.tril(torch.ones(3, 3, dtype=torch.bool, device=dev)).cpu()]\n"
        "    g = torch.Generator().manual_seed(1)\n"
        "    q, k, v = [torch.randn(2, 3, 5, 4, generator=g).to(dev).requires_grad_() for _ in range(3)]\n"
        "    y = F.scaled_dot_product_attention(q, k, v, is_causal=True)\n"
        "    y.square().sum().backward()\n"
        "    out += [y.detach().cpu(), q.grad.cpu(), k.grad.cpu(), v.grad.cpu()]\n"
        "    h = torch.randn(2, 3, 4, generator=g).to(dev)\n"
        "    out.append(h[:, [-1], :].cpu())\n"
        "    lin = torch.nn.Linear(4, 3).to(dev)\n"
        "    lin(h).sum().backward()\n"
        "    out.append(torch.nn.utils.clip_grad_norm_(lin.parameters(), 0.5).cpu())\n"
        "    out.append(lin.weight.grad.cpu())\n"
        "    return out\n"
        "cpu, gpu = run('cpu'), run('cuda')\n"
        "print([torch.allclose(a, b, atol=1e-5) for a, b in zip(cpu, gpu)])\n";
    CHECK(program_output(prog) == "[True, True, True, True, True, True, True, True, True]\n");
}

// Random numbers drawn on the GPU (cuda/random.cu): reproducible from torch.manual_seed and from
// torch.cuda.manual_seed, separate from the CPU stream, each distribution's moments, strided fills,
// the 16-byte state (seed, offset) that set_rng_state puts back.
TEST_CASE("cuda: random fills run on the device from the CUDA generator", "[cuda]") {
    KILN_REQUIRE_GPU();
    const std::string src =
        "import torch\nimport torch.nn.functional as F\n"
        "torch.manual_seed(0)\n"
        "a = torch.rand(100000, device='cuda')\n"
        "b = torch.rand(100000, device='cuda')\n"
        "cpu_draw = torch.rand(3)\n"
        "torch.manual_seed(0)\n"
        "print(torch.equal(a, torch.rand(100000, device='cuda')), torch.equal(a, b), torch.equal(cpu_draw, torch.rand(3)))\n"
        "print(bool(a.min() >= 0), bool(a.max() < 1), round(a.mean().item(), 2), round(a.std().item(), 2))\n"
        "torch.cuda.manual_seed(5)\n"
        "s = torch.cuda.get_rng_state()\n"
        "print(s.dtype, s.numel(), torch.cuda.initial_seed())\n"
        "n1 = torch.randn(1000001, device='cuda', dtype=torch.float64)\n"
        "torch.cuda.set_rng_state(s)\n"
        "print(torch.equal(n1, torch.randn(1000001, device='cuda', dtype=torch.float64)))\n"
        "for dt in (torch.float32, torch.float64, torch.float16, torch.bfloat16):\n"
        "    n = torch.randn(1000003, device='cuda', dtype=dt).double()\n"
        "    print(dt, round(abs(n.mean().item()), 1), round(n.std().item(), 1), bool(torch.isfinite(n).all()))\n"
        "y = F.dropout(torch.ones(1000000, device='cuda'), 0.3)\n"
        "print(round((y == 0).double().mean().item(), 2), round(y.max().item(), 4), round(torch.where(y > 0, y, 9.0).min().item(), 4))\n"
        "p = torch.tensor([0.0, 0.25, 1.0], device='cuda').expand(200000, 3)\n"
        "print(torch.bernoulli(p).mean(0).cpu().tolist()[0], round(torch.bernoulli(p).mean(0)[1].item(), 2))\n"
        "r = torch.randint(3, 9, (100000,), device='cuda')\n"
        "print(r.dtype, r.min().item(), r.max().item(), len(set(r.cpu().tolist())))\n"
        "e = torch.empty(100000, device='cuda').exponential_(2.0)\n"
        "print(round(e.mean().item(), 2), bool(e.min() >= 0))\n"
        "t = torch.zeros(300, 200, device='cuda').t()\n"
        "t.uniform_(2, 3)\n"
        "print(bool(t.min() >= 2), bool(t.max() < 3), t.is_contiguous())\n"
        "g = torch.Generator(device='cuda').manual_seed(7)\n"
        "x1 = torch.randn(10, device='cuda', generator=g)\n"
        "g.manual_seed(7)\n"
        "print(g.device, torch.equal(x1, torch.randn(10, device='cuda', generator=g)), g.get_state().numel())\n"
        "try:\n"
        "    torch.randn(3, device='cuda', generator=torch.Generator())\n"
        "except RuntimeError as err:\n"
        "    print(err)\n"
        "print(torch.multinomial(torch.tensor([0.0, 0.0, 1.0], device='cuda'), 1).item())\n";
    CHECK(program_output(src) ==
          "True False True\n"
          "True True 0.5 0.29\n"
          "torch.uint8 16 5\n"
          "True\n"
          "torch.float32 0.0 1.0 True\n"
          "torch.float64 0.0 1.0 True\n"
          "torch.float16 0.0 1.0 True\n"
          "torch.bfloat16 0.0 1.0 True\n"
          "0.3 1.4286 1.4286\n"
          "0.0 0.25\n"
          "torch.int64 3 8 6\n"
          "0.5 True\n"
          "True True False\n"
          "cuda:0 True 16\n"
          "Expected a 'cuda' device type for generator but found 'cpu'\n"
          "2\n");
}

// torch.backends.cudnn.allow_tf32 (True by default, as in PyTorch) lets convolutions' float32 GEMMs
// run in TF32: close to float32 at TF32's precision, exact again once the flag is cleared.
TEST_CASE("cuda: convolutions use TF32 unless torch.backends.cudnn.allow_tf32 is cleared", "[cuda]") {
    KILN_REQUIRE_GPU();
    const std::string src =
        "import torch\nimport torch.nn.functional as F\n"
        "torch.manual_seed(0)\n"
        "x, w = torch.randn(8, 64, 16, 16), torch.randn(32, 64, 3, 3)\n"
        "want = F.conv2d(x.double(), w.double())\n"
        "def err():\n"
        "    return (F.conv2d(x.cuda(), w.cuda()).cpu().double() - want).abs().max().item()\n"
        "tf32 = err()\n"
        "torch.backends.cudnn.allow_tf32 = False\n"
        "exact = err()\n"
        "torch.backends.cudnn.allow_tf32 = True\n"
        "print(torch.backends.cudnn.allow_tf32, tf32 < 0.2, tf32 > 20 * exact, exact < 1e-3)\n";
    CHECK(program_output(src) == "True True True True\n");
}

TEST_CASE("cuda: nn.LSTM runs as one recurrence op per layer and trains as on the CPU", "[cuda]") {
    KILN_REQUIRE_GPU();
    // The layer op against the CPU's, forward and backward, both directions.
    for (bool reverse : {false, true}) {
        Tensor xw = rnd({6, 3, 20}), h0 = rnd({3, 5}), c0 = rnd({3, 5}), w = rnd({20, 5}), b = rnd({20});
        for (Tensor* t : {&xw, &h0, &c0, &w, &b}) t->requires_grad_(true);
        Tensor gx = gpu(xw.detach()), gh = gpu(h0.detach()), gc = gpu(c0.detach()), gw = gpu(w.detach()), gb = gpu(b.detach());
        for (Tensor* t : {&gx, &gh, &gc, &gw, &gb}) t->requires_grad_(true);
        auto [co, chh, ccc] = lstm_layer(xw, h0, c0, w, b, reverse);
        auto [go, ghh, gcc] = lstm_layer(gx, gh, gc, gw, gb, reverse);
        check_same(go, co, 1e-4, 1e-5);
        check_same(ghh, chh, 1e-4, 1e-5);
        check_same(gcc, ccc, 1e-4, 1e-5);
        Tensor wo = rnd({6, 3, 5});
        autograd::backward({add(sum(mul(co, wo)), sum(mul(ccc, chh)))});
        autograd::backward({add(sum(mul(go, gpu(wo))), sum(mul(gcc, ghh)))});
        check_same(gx.grad(), xw.grad(), 1e-4, 1e-5);
        check_same(gh.grad(), h0.grad(), 1e-4, 1e-5);
        check_same(gc.grad(), c0.grad(), 1e-4, 1e-5);
        check_same(gw.grad(), w.grad(), 1e-4, 1e-5);
        check_same(gb.grad(), b.grad(), 1e-4, 1e-5);
    }
    // A 2-layer bidirectional nn.LSTM training program prints the same on both devices.
    const std::string body =
        "import torch\n"
        "import torch.nn as nn\n"
        "torch.manual_seed(0)\n"
        "m = nn.LSTM(6, 8, num_layers=2, bidirectional=True).to(DEV)\n"
        "head = nn.Linear(16, 2).to(DEV)\n"
        "opt = torch.optim.SGD(list(m.parameters()) + list(head.parameters()), lr=0.5)\n"
        "x = torch.randn(7, 4, 6).to(DEV)\n"
        "y = torch.randn(7, 4, 2).to(DEV)\n"
        "for step in range(3):\n"
        "    opt.zero_grad()\n"
        "    out, (h, c) = m(x)\n"
        "    loss = ((head(out) - y) ** 2).mean() + h.pow(2).mean() + c.abs().mean()\n"
        "    loss.backward()\n"
        "    opt.step()\n"
        "print(round(loss.item(), 4), out.shape, h.shape, c.shape, out.device.type)\n";
    auto [cpu, cud] = outputs_on_both(body);
    CHECK(cpu.substr(0, cpu.find("cpu")) == cud.substr(0, cud.find("cuda")));
    CHECK(cud.find("cuda") != std::string::npos);
}

TEST_CASE("cuda: indexing ops check their indices on the device, without waiting for the GPU", "[cuda]") {
    KILN_REQUIRE_GPU();
    // An embedding with padding_idx trains as on the CPU (its backward adds the rows on the device; a row
    // whose gradient sums to zero may round to -0.0 on one device, hence the + 0.0).
    const std::string body =
        "import torch\n"
        "import torch.nn as nn\n"
        "import torch.nn.functional as F\n"
        "torch.manual_seed(0)\n"
        "emb = nn.Embedding(10, 4, padding_idx=2).to(DEV)\n"
        "idx = torch.tensor([[1, 2, 3, 3], [9, 0, 2, 1]]).to(DEV)\n"
        "tgt = torch.tensor([1, 0, 3, 2, 1, 1, 0, 3]).to(DEV)\n"
        "out = emb(idx).reshape(8, 4)\n"
        "loss = F.cross_entropy(out, tgt) + emb.weight.index_select(0, idx[0]).sum()\n"
        "loss.backward()\n"
        "print(round(loss.item(), 4), [round(v, 4) + 0.0 for v in emb.weight.grad.sum(1).tolist()])\n";
    auto [cpu, cud] = outputs_on_both(body);
    CHECK(cpu == cud);
    // An index out of range is skipped by the kernel and reported at the next call that waits for the GPU.
    std::string bad = program_output(
        "import torch\n"
        "w = torch.randn(5, 3, device='cuda')\n"
        "try:\n"
        "    r = torch.nn.functional.embedding(torch.tensor([1, 7], device='cuda'), w)\n"
        "    print(r.sum().item())\n"
        "except RuntimeError as e:\n"
        "    print(str(e).splitlines()[0])\n"
        "print(w.index_select(0, torch.tensor([4], device='cuda')).shape, 'recovered')\n");
    CHECK(bad == "CUDA error: device-side assert triggered\ntorch.Size([1, 3]) recovered\n");
}

TEST_CASE("cuda: set_sync_debug_mode warns at each wait for the GPU, and a training step has none", "[cuda]") {
    if (!cuda::is_available()) {
        CHECK(program_output("import torch\ntorch.cuda.set_sync_debug_mode('warn')\n").find("error: ") == 0);
        SUCCEED("skipped: no CUDA device (torch.cuda.is_available() is False)");
        return;
    }
    const std::string out = program_output(
        "import warnings\n"
        "import torch\n"
        "import torch.nn as nn\n"
        "import torch.nn.functional as F\n"
        "torch.manual_seed(0)\n"
        "emb = nn.Embedding(50, 16).cuda()\n"
        "head = nn.Linear(16, 50).cuda()\n"
        "bn = nn.BatchNorm1d(16).cuda()\n"
        "opt = torch.optim.AdamW(list(emb.parameters()) + list(head.parameters()) + list(bn.parameters()), lr=0.01)\n"
        "idx = torch.randint(50, (8, 4)).cuda()\n"
        "tgt = torch.arange(32, device='cuda') % 50\n"
        "torch.cuda.set_sync_debug_mode('warn')\n"
        "print(torch.cuda.get_sync_debug_mode())\n"
        "with warnings.catch_warnings(record=True) as w:\n"
        "    warnings.simplefilter('always')\n"
        "    for step in range(2):\n"
        "        opt.zero_grad()\n"
        "        h = bn(emb(idx).reshape(32, 16))\n"
        "        loss = F.cross_entropy(head(h), tgt)\n"
        "        loss.backward()\n"
        "        opt.step()\n"
        "    print('waits in the steps:', len(w))\n"
        "    v = loss.item()\n"
        "    print('waits after item():', len(w), str(w[-1].message), w[-1].category.__name__)\n"
        "torch.cuda.set_sync_debug_mode('error')\n"
        "try:\n"
        "    loss.item()\n"
        "except RuntimeError as e:\n"
        "    print('error:', e)\n"
        "torch.cuda.set_sync_debug_mode(0)\n"
        "try:\n"
        "    torch.cuda.set_sync_debug_mode('loud')\n"
        "except RuntimeError as e:\n"
        "    print(e)\n");
    CHECK(out ==
          "1\n"
          "waits in the steps: 0\n"
          "waits after item(): 1 called a synchronizing CUDA operation UserWarning\n"
          "error: called a synchronizing CUDA operation\n"
          "invalid value of debug_mode, expected one of `default`, `warn`, `error`\n");
}
