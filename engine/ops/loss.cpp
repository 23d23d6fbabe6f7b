// Loss functions (torch.nn.functional): mse_loss, l1_loss, nll_loss, cross_entropy,
// binary_cross_entropy_with_logits.
//
// Each is built the way PyTorch builds it, so grad_fn names and numbers agree:
// - mse_loss and binary_cross_entropy_with_logits are single nodes (MseLossBackward0,
//   BinaryCrossEntropyWithLogitsBackward0) with a loop kernel forward and a tensor-op backward.
// - l1_loss is composite in PyTorch: (input - target).abs() then mean/sum.
// - nll_loss is a kernel over (sample, target class) pairs. Inputs are (C), (N, C) or (N, C, d1, ...);
//   like nll_loss_nd, 4-d inputs use the "2d" variant (NllLoss2DBackward0) and 3-d or > 4-d inputs
//   are reshaped to (N, C, 1, -1) first. "mean" divides by the summed weight of the non-ignored
//   targets, not by their count. Its backward is -w[t] / total_weight placed at each target class,
//   times the incoming gradient.
// - cross_entropy is log_softmax + nll_loss; label smoothing adds PyTorch's smoothing term,
//   composed from tensor ops exactly as cross_entropy_loss_label_smoothing does.
#include <cmath>

#include "autograd/forward_ad.h"
#include "ops/composite.h"
#include "autograd/grad_mode.h"
#include "autograd/node.h"
#include "cuda/dispatch.h"
#include "cuda/nll_loss.h"
#include "ops/autocast.h"
#include "ops/native_backward.h"
#include "ops/ops.h"
#include "support/profiler.h"
#include "support/error.h"
#include "tensor/meta.h"

namespace kiln {

namespace {

using autograd::Grads;
using autograd::SavedTensor;

enum class Reduction { None, Mean, Sum };

Reduction parse_reduction(const std::string& r) {
    if (r == "mean") return Reduction::Mean;
    if (r == "sum") return Reduction::Sum;
    if (r == "none") return Reduction::None;
    KILN_FAIL(ValueError, r, " is not a valid value for reduction");
}

Tensor kernel_input(const Tensor& t, DType dt) {
    autograd::NoGradGuard no_grad;
    return contiguous(to_dtype(t.detach(), dt));
}

Tensor apply_reduction(const Tensor& loss, Reduction r) {
    if (r == Reduction::Mean) return mean(loss);
    if (r == Reduction::Sum) return sum(loss);
    return loss;
}

// F.mse_loss / F.l1_loss broadcast input and target (PyTorch warns when their sizes differ).
std::pair<Tensor, Tensor> broadcast_pair(const Tensor& a, const Tensor& b) {
    if (a.sizes() == b.sizes()) return {a, b};
    Shape s = broadcast_shapes(a.sizes(), b.sizes());
    return {expand(a, s), expand(b, s)};
}

// Writes an elementwise loss over (a, b) contiguous compute-dtype tensors of one shape into a new
// tensor of that shape (reduction none) or its sum/mean (0-dim), accumulating in double. On the
// GPU the same loss is `g`, written with ops (a few kernels instead of one, no autograd here).
template <typename F, typename G>
Tensor pointwise_loss(const Tensor& a, const Tensor& b, Reduction r, F&& f, G&& g) {
    if (cuda::common_device({a, b}) == Device::CUDA) {
        autograd::NoGradGuard no_grad;
        Tensor l = g(a, b);
        return r == Reduction::None ? l : r == Reduction::Mean ? mean(l) : sum(l);
    }
    const DType dt = a.dtype();
    const int64_t n = a.numel();
    Tensor out = Tensor::empty(r == Reduction::None ? a.sizes() : Shape{}, dt);
    dispatch_float(dt, [&](auto tag) {
        using T = typename decltype(tag)::type;
        const T* ap = a.data_ptr<T>();
        const T* bp = b.data_ptr<T>();
        T* op = out.data_ptr<T>();
        if (r == Reduction::None) {
            for (int64_t i = 0; i < n; ++i) op[i] = T(f(double(ap[i]), double(bp[i])));
        } else {
            double s = 0;
            for (int64_t i = 0; i < n; ++i) s += f(double(ap[i]), double(bp[i]));
            op[0] = T(r == Reduction::Mean ? s / double(n) : s);
        }
    });
    return out;
}

// The reduced gradient scale: 1/n for mean, 1 otherwise.
double reduction_scale(Reduction r, int64_t n) { return r == Reduction::Mean ? 1.0 / double(n) : 1.0; }

// nll_loss on a (N, C, S) view of the input (S = 1 for (N, C), N = 1 and no batch for (C)):
// returns the loss (shape out_shape for "none", else 0-dim) with `node_name` as its grad_fn.
// nll on the GPU, composed of ops: gather picks each target's log-probability, ignored targets
// (read as class 0) get weight 0, and the mean divides by the kept weight, as PyTorch's kernel.
Tensor nll_composed(const Tensor& input, const Tensor& target, const Tensor& weight, Reduction red,
                    int64_t ignore_index, int64_t N, int64_t C, int64_t S, const Shape& out_shape) {
    Tensor x = reshape(input, {N, C, S});
    Tensor t = reshape(target.detach(), {N, 1, S});
    Tensor keep = ne(t, Scalar(ignore_index));
    Tensor safe = where(keep, t, Scalar(int64_t(0)));
    Tensor picked = gather(x, 1, safe);
    Tensor w = to_dtype(keep, x.dtype());
    if (weight.defined()) w = mul(w, reshape(index_select(weight.detach(), 0, reshape(safe, {-1})), {N, 1, S}));
    Tensor loss = neg(mul(picked, w));
    if (red == Reduction::Sum) return sum(loss);
    if (red == Reduction::Mean) return div(sum(loss), sum(w));
    return reshape(loss, out_shape);
}

// cuda/nll_loss.h's description of a call: targets tc (int64, contiguous), weight wc (dt or undefined).
cuda::NllLoss nll_cuda_args(const Tensor& tc, const Tensor& wc, Reduction red, int64_t ignore_index, int64_t N,
                            int64_t C, int64_t S, DType dt) {
    cuda::NllLoss a;
    a.target = static_cast<const int64_t*>(tc.raw_data());
    a.weight = wc.defined() ? wc.raw_data() : nullptr;
    a.dtype = uint8_t(dt);
    a.N = N, a.C = C, a.S = S;
    a.reduction = red == Reduction::None ? 0 : red == Reduction::Mean ? 1 : 2;
    a.ignore_index = ignore_index;
    return a;
}

// nll_loss's value and total weight on the GPU (cuda/nll_loss.cu), in the compute dtype dt: targets
// checked on the device, nothing read back to the host.
std::pair<Tensor, Tensor> nll_cuda(const Tensor& input, const Tensor& target, const Tensor& weight, Reduction red,
                                   int64_t ignore_index, int64_t N, int64_t C, int64_t S, const Shape& out_shape,
                                   DType dt) {
    Tensor xc = kernel_input(input, dt), tc = kernel_input(target, DType::Int64);
    Tensor wc = weight.defined() ? kernel_input(weight, dt) : Tensor();
    Tensor out = Tensor::empty(red == Reduction::None ? out_shape : Shape{}, dt, Device::CUDA);
    Tensor total = Tensor::empty({}, dt, Device::CUDA);
    cuda::NllLoss a = nll_cuda_args(tc, wc, red, ignore_index, N, C, S, dt);
    a.input = xc.raw_data();
    cuda::nll_loss_forward(a, out.raw_data(), red == Reduction::None ? nullptr : total.raw_data());
    return {out, total};
}

// The summed weight of the non-ignored targets (nll_loss's "mean" divisor), checking each class.
double nll_total_weight(const std::vector<int64_t>& tgt, const Tensor& weight, int64_t ignore_index, int64_t C,
                        std::vector<double>* per_sample) {
    std::vector<double> w(size_t(C), 1.0);
    if (weight.defined()) w = weight.to_double_vector();
    double total = 0;
    if (per_sample) per_sample->assign(tgt.size(), 0.0);
    for (size_t k = 0; k < tgt.size(); ++k) {
        const int64_t t = tgt[k];
        if (t == ignore_index) continue;
        KILN_CHECK(t >= 0 && t < C, IndexError, "Target ", t, " is out of bounds.");
        total += w[size_t(t)];
        if (per_sample) (*per_sample)[k] = w[size_t(t)];
    }
    return total;
}

Tensor nll_core(const Tensor& input, const Tensor& target, const Tensor& weight, Reduction red,
                int64_t ignore_index, int64_t N, int64_t C, int64_t S, const Shape& out_shape,
                const char* node_name) {
    const DType dt = compute_dtype(input.dtype());
    const bool on_gpu = cuda::common_device({input, target, weight}) == Device::CUDA;
    if (on_gpu && !dtype_is_floating(input.dtype()))  // the composed ops' errors for integer inputs
        return nll_composed(input, target, weight, red, ignore_index, N, C, S, out_shape);
    Tensor out, tw;  // the loss, and the summed weight the backward's mean divides by
    if (on_gpu) {
        autograd::NoGradGuard no_grad;
        std::tie(out, tw) = nll_cuda(input, target, weight, red, ignore_index, N, C, S, out_shape, dt);
    } else dispatch_float(dt, [&](auto tag) {
        Tensor xc = kernel_input(input, dt);
        std::vector<int64_t> tgt = target.to_int_vector();
        // Per-sample weight (0 for ignored targets), checked target classes.
        std::vector<double> sw;
        const double total_weight = nll_total_weight(tgt, weight, ignore_index, C, &sw);
        tw = full({}, Scalar(total_weight), {DType::Float64});
        out = Tensor::empty(red == Reduction::None ? out_shape : Shape{}, dt);
        using T = typename decltype(tag)::type;
        const T* xp = xc.data_ptr<T>();
        T* op = out.data_ptr<T>();
        double s = 0;
        for (int64_t n = 0; n < N; ++n) {
            for (int64_t i = 0; i < S; ++i) {
                const size_t k = size_t(n * S + i);
                double l = 0;
                if (sw[k] != 0) l = -sw[k] * double(xp[(n * C + tgt[k]) * S + i]);
                if (red == Reduction::None)
                    op[k] = T(l);
                else
                    s += l;
            }
        }
        if (red == Reduction::Mean) op[0] = T(s / total_weight);  // 0/0 = nan when all are ignored
        if (red == Reduction::Sum) op[0] = T(s);
    });
    if (dt != input.dtype()) {
        autograd::NoGradGuard no_grad;
        out = to_dtype(out, input.dtype());
    }
    if (autograd::needs_grad({input})) {
        // The backward is nll_loss_backward (native_backward.h), the kernel AOT autograd's
        // aten::nll_loss_backward runs too: one formula for eager and compiled training.
        SavedTensor si(input.detach()), st(target.detach());
        Tensor w = weight.defined() ? weight.detach() : Tensor();
        const std::string reduction = red == Reduction::Mean ? "mean" : red == Reduction::Sum ? "sum" : "none";
        autograd::record(node_name, {input, target, weight}, {out}, [=](const Grads& g) {
            // nll_loss_backward(grad_output, self, target, weight, reduction, ignore_index, total_weight),
            // whose CPU kernel zeroes its grad_input first
            if (profiler::enabled()) {
                const std::string op = std::string(node_name) == "NllLoss2DBackward0" ? "aten::nll_loss2d_backward"
                                                                                      : "aten::nll_loss_backward";
                const Shape in = si.get().sizes();
                profiler::push_tree({{op, {g[0].sizes(), in, st.get().sizes(), w.defined() ? w.sizes() : Shape{}, {}, {}, {}},
                                      {{"aten::zero_", {in}, {}}}}});
            }
            return Grads{nll_loss_backward(g[0], si.get(), st.get(), w, reduction, ignore_index, tw), Tensor(), Tensor()};
        });
    }
    return out;
}

// (N, C, S) of an nll_loss input: (C) is one sample without a batch, (N, C, d1, ...) has S = d1*...
void nll_dims(const Tensor& input, int64_t& N, int64_t& C, int64_t& S) {
    KILN_CHECK(input.dim() >= 1, ValueError, "Expected 1 or more dimensions (got ", input.dim(), ")");
    C = input.dim() == 1 ? input.size(0) : input.size(1);
    N = input.dim() == 1 ? 1 : input.size(0);
    S = input.dim() <= 2 || N == 0 || C == 0 ? 1 : input.numel() / (N * C);
}

}  // namespace

// ---- nll_loss's forward and backward as graph ops see them (native_backward.h) -------------------

std::pair<Tensor, Tensor> nll_loss_forward(const Tensor& input, const Tensor& target, const Tensor& weight,
                                           const std::string& reduction, int64_t ignore_index) {
    autograd::NoGradGuard no_grad;
    if (meta_mode()) {  // a graph's types only (aot/builder.h): the shapes, no data read
        const Shape none_shape = input.dim() == 1 ? Shape{} : target.sizes();
        return {Tensor::empty(reduction == "none" ? none_shape : Shape{}, input.dtype(), input.device()),
                Tensor::empty({}, input.dtype(), input.device())};
    }
    Tensor w = weight.defined() ? weight.detach() : Tensor();
    int64_t N, C, S;
    nll_dims(input, N, C, S);
    if (cuda::common_device({input, target, weight}) == Device::CUDA && dtype_is_floating(input.dtype())) {
        // the kernel's own total weight: no read of the targets back to the host
        const Reduction red = parse_reduction(reduction);
        const Shape none_shape = input.dim() == 1 ? Shape{} : target.sizes();
        auto [loss, total] = nll_cuda(input, target, w, red, ignore_index, N, C, S, none_shape,
                                      compute_dtype(input.dtype()));
        // (reduction none: total_weight is 0, as ATen's kernels zero it)
        return {to_dtype(loss, input.dtype()), red == Reduction::None ? zeros({}, {input.dtype(), input.device()})
                                                                        : to_dtype(total, input.dtype())};
    }
    Tensor loss = nll_loss(input.detach(), target, w, reduction, ignore_index);
    const double total = reduction == "none" ? 0.0 : nll_total_weight(target.to_int_vector(), w, ignore_index, C, nullptr);
    return {loss, full({}, Scalar(total), {input.dtype(), input.device()})};
}

namespace {
Tensor nll_loss_backward_kernel(const Tensor& grad, const Tensor& input, const Tensor& target, const Tensor& weight,
                                const std::string& reduction, int64_t ignore_index, const Tensor& total_weight);
}  // namespace

// The gradient is linear in grad_output: its own derivative there (NllLossBackwardBackward0, for
// double backward and for forward-mode tangents, which are derived from this formula) is
// derivatives.yaml's nll_loss(grad, target, weight, reduction, ignore_index).
Tensor nll_loss_backward(const Tensor& grad, const Tensor& input, const Tensor& target, const Tensor& weight,
                         const std::string& reduction, int64_t ignore_index, const Tensor& total_weight) {
    Tensor out = nll_loss_backward_kernel(grad, input, target, weight, reduction, ignore_index, total_weight);
    if (autograd::needs_grad({grad})) {
        Tensor t = target.detach(), w = weight.defined() ? weight.detach() : Tensor();
        autograd::record("NllLossBackwardBackward0", {grad}, {out}, [t, w, reduction, ignore_index](const Grads& g) {
            return Grads{nll_loss(g[0], t, w, reduction, ignore_index)};
        });
    }
    return out;
}

namespace {
Tensor nll_loss_backward_kernel(const Tensor& grad, const Tensor& input, const Tensor& target, const Tensor& weight,
                                const std::string& reduction, int64_t ignore_index, const Tensor& total_weight) {
    autograd::NoGradGuard no_grad;
    if (meta_mode()) return Tensor::empty(input.sizes(), input.dtype(), input.device());
    if (cuda::common_device({grad, input, target, weight}) == Device::CUDA) {
        const Reduction red = parse_reduction(reduction);
        int64_t N, C, S;
        nll_dims(input, N, C, S);
        const DType dt = compute_dtype(input.dtype());
        Tensor gc = kernel_input(grad, dt), tc = kernel_input(target, DType::Int64);
        KILN_CHECK(red != Reduction::None || gc.numel() == N * S, RuntimeError,
                   "nll_loss_backward: expected a gradient of ", N * S, " elements, got ", gc.numel());
        KILN_CHECK(tc.numel() == N * S, RuntimeError, "nll_loss_backward: expected ", N * S, " targets, got ", tc.numel());
        Tensor wc = weight.defined() ? kernel_input(weight, dt) : Tensor();
        // the total weight where the mean reads it: on the GPU (the forward's), or a host value moved there
        Tensor tw = red == Reduction::Mean ? kernel_input(to_device(total_weight, Device::CUDA), dt) : Tensor();
        Tensor out = Tensor::empty(input.sizes(), dt, Device::CUDA);
        cuda::nll_loss_backward(nll_cuda_args(tc, wc, red, ignore_index, N, C, S, dt), gc.raw_data(),
                                tw.defined() ? tw.raw_data() : nullptr, out.raw_data());
        return dt != input.dtype() ? to_dtype(out, input.dtype()) : out;
    }
    const Reduction red = parse_reduction(reduction);
    int64_t N, C, S;
    nll_dims(input, N, C, S);
    const DType dt = compute_dtype(input.dtype());
    std::vector<int64_t> tgt = target.to_int_vector();
    std::vector<double> w(size_t(C), 1.0);
    if (weight.defined()) w = weight.to_double_vector();
    // d loss_k / d input[n, t_k, i] = -w[t_k] (/ total_weight for mean); zero elsewhere and for
    // ignored targets. The coefficient is rounded to the compute dtype before it meets the
    // gradient, as a product of two tensors of that dtype is.
    const double scale = red == Reduction::Mean ? 1.0 / total_weight.item().to_double() : 1.0;
    Tensor gc = kernel_input(grad, dt);
    KILN_CHECK(red != Reduction::None || gc.numel() == int64_t(tgt.size()), RuntimeError,
               "nll_loss_backward: expected a gradient of ", tgt.size(), " elements, got ", gc.numel());
    KILN_CHECK(int64_t(tgt.size()) == N * S, RuntimeError, "nll_loss_backward: expected ", N * S, " targets, got ",
               tgt.size());
    Tensor out = zeros(input.sizes(), {dt});
    dispatch_float(dt, [&](auto tag) {
        using T = typename decltype(tag)::type;
        const T* gp = gc.data_ptr<T>();
        T* op = out.data_ptr<T>();
        for (int64_t n = 0; n < N; ++n)
            for (int64_t i = 0; i < S; ++i) {
                const size_t k = size_t(n * S + i);
                const int64_t t = tgt[k];
                if (t == ignore_index) continue;
                KILN_CHECK(t >= 0 && t < C, IndexError, "Target ", t, " is out of bounds.");
                if (w[size_t(t)] == 0) continue;
                const T coef = T(-w[size_t(t)] * scale);
                op[(n * C + t) * S + i] = coef * gp[red == Reduction::None ? k : 0];
            }
    });
    if (dt != input.dtype()) out = to_dtype(out, input.dtype());
    return out;
}
}  // namespace

// ---- regression losses ---------------------------------------------------------------------------

Tensor mse_loss(const Tensor& input, const Tensor& target, const std::string& reduction) {
    KILN_AUTOCAST(input, mse_loss(amp::fp32(input), amp::fp32(target), reduction));
    const Reduction red = parse_reduction(reduction);
    auto [a, b] = broadcast_pair(input, target);
    const DType dt = compute_dtype(promote_types(input.dtype(), target.dtype()));
    KILN_CHECK(dtype_is_floating(dt), NotImplementedError, "\"mse_cpu\" not implemented for '", dtype_scalar_type_name(dt), "'");
    Tensor out = pointwise_loss(kernel_input(a, dt), kernel_input(b, dt), red,
                                [](double x, double y) { return (x - y) * (x - y); },
                                [](const Tensor& x, const Tensor& y) {
                                    Tensor d = sub(x, y);
                                    return mul(d, d);
                                });
    const DType out_dt = promote_types(input.dtype(), target.dtype());
    if (out_dt != dt) {
        autograd::NoGradGuard no_grad;
        out = to_dtype(out, out_dt);
    }
    if (autograd::needs_grad({input, target})) {
        SavedTensor si(input.detach()), st(target.detach());
        Shape ishape = input.sizes(), tshape = target.sizes();
        const double scale = 2.0 * reduction_scale(red, a.numel());
        const bool gi = autograd::differentiable(input), gt = autograd::differentiable(target);
        const DType idt = input.dtype(), tdt = target.dtype();
        autograd::record("MseLossBackward0", {input, target}, {out}, [=](const Grads& g) {
            // mse_loss_backward's TensorIterator wants one dtype (the forward promoted instead)
            KILN_CHECK(tdt == idt, RuntimeError, "Found dtype ", dtype_scalar_type_name(tdt), " but expected ",
                       dtype_scalar_type_name(idt));
            Tensor d = mul(mul(sub(si.get(), st.get()), Scalar(scale)), g[0]);
            return Grads{gi ? autograd::sum_to(d, ishape) : Tensor(), gt ? autograd::sum_to(neg(d), tshape) : Tensor()};
        });
    }
    return out;
}

Tensor l1_loss(const Tensor& input, const Tensor& target, const std::string& reduction) {
    KILN_AUTOCAST(input, l1_loss(amp::fp32(input), amp::fp32(target), reduction));
    const Reduction red = parse_reduction(reduction);
    return apply_reduction(abs(sub(input, target)), red);
}

Tensor binary_cross_entropy_with_logits(const Tensor& input, const Tensor& target, const std::string& reduction) {
    KILN_AUTOCAST(input, binary_cross_entropy_with_logits(amp::fp32(input), amp::fp32(target), reduction));
    const Reduction red = parse_reduction(reduction);
    KILN_CHECK(input.sizes() == target.sizes(), ValueError, "Target size (", shape_repr(target.sizes()),
               ") must be the same as input size (", shape_repr(input.sizes()), ")");
    const DType out_dt = promote_types(input.dtype(), target.dtype());
    const DType dt = compute_dtype(out_dt);
    // PyTorch computes (1 - target).mul_(input) first: an integer target can't hold the product, a
    // bool one can't be subtracted from (Loss.cpp's binary_cross_entropy_with_logits).
    if (target.dtype() == DType::Bool) (void)rsub(target, Scalar(int64_t(1)));
    KILN_CHECK(dtype_is_floating(target.dtype()), RuntimeError, "result type ",
               dtype_scalar_type_name(promote_types(input.dtype(), target.dtype())),
               " can't be cast to the desired output type ", dtype_scalar_type_name(target.dtype()));
    // (1 - t) * x - log_sigmoid(x), with log_sigmoid(x) = min(x, 0) - log1p(exp(-|x|)) for stability.
    Tensor out = pointwise_loss(
        kernel_input(input, dt), kernel_input(target, dt), red,
        [](double x, double t) { return (1 - t) * x - (std::min(x, 0.0) - std::log1p(std::exp(-std::fabs(x)))); },
        [](const Tensor& x, const Tensor& t) {
            Tensor log_sigmoid = sub(clamp(x, std::nullopt, Scalar(0.0)), log1p(exp(neg(abs(x)))));
            return sub(mul(rsub(t, Scalar(1.0)), x), log_sigmoid);
        });
    if (out_dt != dt) {
        autograd::NoGradGuard no_grad;
        out = to_dtype(out, out_dt);
    }
    if (autograd::needs_grad({input, target})) {
        SavedTensor si(input.detach()), st(target.detach());
        const double scale = reduction_scale(red, input.numel());
        const bool gi = autograd::differentiable(input), gt = autograd::differentiable(target);
        autograd::record("BinaryCrossEntropyWithLogitsBackward0", {input, target}, {out}, [=](const Grads& g) {
            Tensor x = si.get(), t = st.get();
            Tensor gs = mul(g[0], Scalar(scale));
            return Grads{gi ? mul(sub(sigmoid(x), t), gs) : Tensor(), gt ? mul(neg(x), gs) : Tensor()};
        });
    }
    return out;
}

// kl_div is composite in PyTorch (Loss.cpp: its grad_fns are the pieces'), so it is a composition
// here; AOT autograd decomposes aten::kl_div into the same ops in the same order (aot/derivatives.cpp).
Tensor kl_div(const Tensor& input, const Tensor& target, const std::string& reduction, bool log_target) {
    const Reduction red = parse_reduction(reduction);
    Tensor loss;
    if (log_target) {
        loss = mul(exp(target), sub(target, input));
    } else {
        // xlogy(target, target) - target * input, with 0 * log 0 = 0.
        Tensor ylogy = where(eq(target, Scalar(0.0)), zeros_like(target), mul(target, log(target)));
        loss = sub(ylogy, mul(target, input));
    }
    return apply_reduction(loss, red);
}

// With a weight (each element's loss scaled) or a pos_weight (the positive term scaled:
// (1 - t) x - (1 + (pw - 1) t) log_sigmoid(x)), still one node as in PyTorch (Loss.cpp's forward,
// FunctionsManual.cpp's binary_cross_entropy_with_logits_backward and _target_backward). AOT
// autograd's formula (aot/derivatives.cpp) writes this closure's expressions as graph nodes.
Tensor binary_cross_entropy_with_logits(const Tensor& input, const Tensor& target, const Tensor& weight,
                                        const Tensor& pos_weight, const std::string& reduction) {
    if (!weight.defined() && !pos_weight.defined()) return binary_cross_entropy_with_logits(input, target, reduction);
    KILN_AUTOCAST(input, binary_cross_entropy_with_logits(amp::fp32(input), amp::fp32(target), weight, pos_weight,
                                                          reduction));
    const Reduction red = parse_reduction(reduction);
    KILN_CHECK(input.sizes() == target.sizes(), ValueError, "Target size (", shape_repr(target.sizes()),
               ") must be the same as input size (", shape_repr(input.sizes()), ")");
    auto log_sigmoid = [](const Tensor& x) { return sub(clamp(x, std::nullopt, Scalar(0.0)), log1p(exp(neg(abs(x))))); };
    Tensor out;
    {
        autograd::NoGradGuard no_grad;
        Tensor x = input.detach(), t = target.detach();
        Tensor ls = log_sigmoid(x);
        if (pos_weight.defined()) ls = mul(ls, add(mul(sub(pos_weight.detach(), Scalar(1.0)), t), Scalar(1.0)));
        Tensor loss = sub(mul(rsub(t, Scalar(1.0)), x), ls);
        if (weight.defined()) loss = mul(loss, weight.detach());
        out = apply_reduction(loss, red);
    }
    if (autograd::needs_grad({input, target})) {
        SavedTensor si(input.detach()), st(target.detach());
        SavedTensor sw(weight.defined() ? weight.detach() : Tensor()), sp(pos_weight.defined() ? pos_weight.detach() : Tensor());
        const double scale = reduction_scale(red, input.numel());
        const bool gi = autograd::differentiable(input), gt = autograd::differentiable(target);
        const bool has_w = weight.defined(), has_p = pos_weight.defined();
        autograd::record("BinaryCrossEntropyWithLogitsBackward0", {input, target}, {out}, [=](const Grads& g) {
            Tensor x = si.get(), t = st.get();
            Tensor gs = mul(g[0], Scalar(scale));
            Tensor dx, dt;
            if (gi) {
                // (pw t + 1 - t) sigmoid(x) - pw t, or sigmoid(x) - t
                Tensor pt = has_p ? mul(sp.get(), t) : Tensor();
                dx = has_p ? sub(mul(sub(add(pt, Scalar(1.0)), t), sigmoid(x)), pt) : sub(sigmoid(x), t);
                if (has_w) dx = mul(dx, sw.get());
                dx = mul(dx, gs);
            }
            if (gt) {
                // log_sigmoid(-x) - pw log_sigmoid(x), or -x
                dt = has_p ? sub(log_sigmoid(neg(x)), mul(log_sigmoid(x), sp.get())) : neg(x);
                if (has_w) dt = mul(dt, sw.get());
                dt = mul(dt, gs);
            }
            return Grads{dx, dt};
        });
    }
    return out;
}

// smooth_l1_loss / huber_loss: the forward is the composition below (the same ops AOT autograd's
// decompositions in engine/aot/derivatives.cpp rebuild, in the same order), run without recording;
// the backward is one node, SmoothL1LossBackward0 / HuberLossBackward0 as derivatives.yaml declares
// them, with ATen's kernels (Loss.cpp's smooth_l1_backward / huber_backward): for d = x - t,
// norm = 1/N for the mean, else 1,
//   smooth_l1: d <= -beta: -norm g;  d >= beta: norm g;  else norm d g / beta
//   huber:     d <= -delta: -norm g delta;  d >= delta: norm g delta;  else norm d g
// and the target's gradient is the same kernel with input and target swapped.
namespace {

Tensor piecewise_loss_forward(const Tensor& input, const Tensor& target, Reduction red, double k, bool huber) {
    Tensor z = abs(sub(input, target));
    Tensor loss = huber ? where(lt(z, Scalar(k)), mul(mul(z, z), Scalar(0.5)), mul(sub(z, Scalar(0.5 * k)), Scalar(k)))
                        : where(lt(z, Scalar(k)), div(mul(mul(z, z), Scalar(0.5)), Scalar(k)), sub(z, Scalar(0.5 * k)));
    return apply_reduction(loss, red);
}

// d(loss)/d(a) for d = a - b, as ATen's kernel computes it (g already broadcast to d's shape).
Tensor piecewise_loss_backward(const Tensor& a, const Tensor& b, const Tensor& g, double norm, double k, bool huber) {
    Tensor d = sub(a, b);
    Tensor gn = mul(g, Scalar(norm));
    Tensor outer = huber ? mul(gn, Scalar(k)) : gn;
    Tensor inner = huber ? mul(d, gn) : div(mul(d, gn), Scalar(k));
    return where(le(d, Scalar(-k)), neg(outer), where(ge(d, Scalar(k)), outer, inner));
}

Tensor piecewise_loss(const Tensor& input, const Tensor& target, Reduction red, double k, bool huber) {
    Tensor out;
    {
        autograd::NoGradGuard no_grad;
        out = piecewise_loss_forward(input.detach(), target.detach(), red, k, huber);
    }
    if (autograd::needs_grad({input, target})) {
        SavedTensor si(input.detach()), st(target.detach());
        const Shape ishape = input.sizes(), tshape = target.sizes();
        const Shape full = broadcast_shapes(ishape, tshape);
        int64_t n = 1;
        for (int64_t s : full) n *= s;
        const double norm = reduction_scale(red, n);
        const bool gi = autograd::differentiable(input), gt = autograd::differentiable(target);
        autograd::record(huber ? "HuberLossBackward0" : "SmoothL1LossBackward0", {input, target}, {out},
                         [=](const Grads& g) {
                             Tensor x = expand(si.get(), full), t = expand(st.get(), full);
                             Tensor go = expand(g[0], full);
                             Tensor dx, dt;
                             if (gi) dx = autograd::sum_to(piecewise_loss_backward(x, t, go, norm, k, huber), ishape);
                             if (gt) dt = autograd::sum_to(piecewise_loss_backward(t, x, go, norm, k, huber), tshape);
                             return Grads{dx, dt};
                         });
    }
    return out;
}

}  // namespace

Tensor smooth_l1_loss(const Tensor& input, const Tensor& target, const std::string& reduction, double beta) {
    KILN_CHECK(beta >= 0, RuntimeError, "smooth_l1_loss does not support negative values for beta.");
    if (beta == 0.0) return l1_loss(input, target, reduction);
    return piecewise_loss(input, target, parse_reduction(reduction), beta, false);
}

Tensor huber_loss(const Tensor& input, const Tensor& target, const std::string& reduction, double delta) {
    KILN_CHECK(delta > 0, RuntimeError, "huber_loss does not support non-positive values for delta.");
    return piecewise_loss(input, target, parse_reduction(reduction), delta, true);
}

Tensor binary_cross_entropy(const Tensor& input, const Tensor& target, const Tensor& weight, const std::string& reduction) {
    KILN_CHECK(input.sizes() == target.sizes(), ValueError, "Using a target size (", shape_repr(target.sizes()),
               ") that is different to the input size (", shape_repr(input.sizes()),
               ") is deprecated. Please ensure they have the same size.");
    const Reduction red = parse_reduction(reduction);
    // the kernel's TensorIterator takes one dtype for input, target (and weight)
    KILN_CHECK(target.dtype() == input.dtype(), RuntimeError, "Found dtype ", dtype_scalar_type_name(target.dtype()),
               " but expected ", dtype_scalar_type_name(input.dtype()));
    // ATen's CPU kernel checks every input is a probability (NaN fails too); CUDA's asserts on the
    // device instead, so the check is the CPU's only.
    if (input.device() == Device::CPU && input.numel() > 0 && !meta_mode()) {
        autograd::NoGradGuard no_grad;
        KILN_CHECK(all(logical_and(ge(input, Scalar(0.0)), le(input, Scalar(1.0)))).item().to_bool(), RuntimeError,
                   "all elements of input should be between 0 and 1");
        KILN_CHECK(all(logical_and(ge(target, Scalar(0.0)), le(target, Scalar(1.0)))).item().to_bool(), RuntimeError,
                   "all elements of target should be between 0 and 1");
    }
    // ATen's CPU kernel (Loss.cpp): (t - 1) * max(log1p(-x), -100) - t * max(log(x), -100), so that
    // 0 and 1 inputs stay finite, times the weight, then the reduction.
    Tensor out;
    {
        autograd::NoGradGuard no_grad;
        Tensor x = input.detach(), t = target.detach();
        Tensor log_x = clamp(log(x), Scalar(-100.0), std::nullopt);
        Tensor log_1mx = clamp(log1p(neg(x)), Scalar(-100.0), std::nullopt);
        Tensor loss = sub(mul(sub(t, Scalar(1.0)), log_1mx), mul(t, log_x));
        if (weight.defined()) loss = mul(loss, weight.detach());
        out = apply_reduction(loss, red);
    }
    // One node, BinaryCrossEntropyBackward0, as derivatives.yaml declares it (not the pieces' nodes):
    // ATen's binary_cross_entropy_backward divides by max((1 - x) x, EPSILON = 1e-12), so an input
    // that is exactly 0 or 1 (a saturated sigmoid) gets a large finite gradient, never the NaN that
    // differentiating the clamped logs would give; the target's gradient is -logit(x)
    // (binary_cross_entropy_target_backward). Both are scaled by the weight and by 1/N for the mean.
    if (autograd::needs_grad({input, target})) {
        SavedTensor si(input.detach()), st(target.detach());
        SavedTensor sw(weight.defined() ? weight.detach() : Tensor());
        const double scale = reduction_scale(red, input.numel());
        const bool gi = autograd::differentiable(input), gt = autograd::differentiable(target), has_w = weight.defined();
        autograd::record("BinaryCrossEntropyBackward0", {input, target}, {out}, [=](const Grads& g) {
            Tensor x = si.get(), t = st.get();
            Tensor dx, dt;
            if (gi) {
                Tensor denom = clamp(mul(rsub(x, Scalar(1.0)), x), Scalar(1e-12), std::nullopt);
                dx = div(mul(g[0], sub(x, t)), denom);
                if (has_w) dx = mul(dx, sw.get());
                if (scale != 1.0) dx = mul(dx, Scalar(scale));
            }
            if (gt) {
                dt = mul(neg(logit(x)), g[0]);
                if (has_w) dt = mul(dt, sw.get());
                if (scale != 1.0) dt = mul(dt, Scalar(scale));
            }
            return Grads{dx, dt};
        });
    }
    return out;
}

// ---- classification losses -----------------------------------------------------------------------

Tensor nll_loss(const Tensor& input, const Tensor& target, const Tensor& weight, const std::string& reduction,
                int64_t ignore_index) {
    KILN_AUTOCAST(input, nll_loss(amp::fp32(input), target, amp::fp32(weight), reduction, ignore_index));
    const Reduction red = parse_reduction(reduction);
    const int64_t dim = input.dim();
    KILN_CHECK(dim >= 1, ValueError, "Expected 1 or more dimensions (got ", dim, ")");
    KILN_CHECK(target.dtype() == DType::Int64, RuntimeError, "expected scalar type Long but found ",
               dtype_scalar_type_name(target.dtype()));
    if (dim >= 2) {
        // nll_loss_nd reads target.sym_sizes()[0] without a bounds check; a fresh 0-dim tensor's size
        // storage holds 0 there, so a 0-dim class target with an (N, C) input reads as batch 0.
        const int64_t target_batch = target.dim() > 0 ? target.size(0) : 0;
        KILN_CHECK(input.size(0) == target_batch, ValueError, "Expected input batch_size (", input.size(0),
                   ") to match target batch_size (", target_batch, ").");
    }
    const int64_t C = dim == 1 ? input.size(0) : input.size(1);
    KILN_CHECK(!weight.defined() || (weight.dim() == 1 && weight.numel() == C), RuntimeError,
               "weight tensor should be defined either for all ", C,
               " classes or no classes but got weight tensor of shape: ",
               weight.defined() ? shape_str(weight.sizes()) : "[]");
    if (dim == 1) {
        KILN_CHECK(target.dim() <= 1 && target.numel() == 1, RuntimeError,
                   "0D or 1D target tensor expected, multi-target not supported");
        return nll_core(input, target, weight, red, ignore_index, 1, C, 1, {}, "NllLossBackward0");
    }
    if (dim == 2) {
        KILN_CHECK(target.dim() <= 1, RuntimeError, "0D or 1D target tensor expected, multi-target not supported");
        // the meta function's batch check reads target.size(0)
        KILN_CHECK(target.dim() == 1, IndexError, "Dimension specified as 0 but tensor has no dimensions");
        return nll_core(input, target, weight, red, ignore_index, input.size(0), C, 1, {input.size(0)},
                        "NllLossBackward0");
    }
    // (N, C, d1, ...) with target (N, d1, ...).
    Shape out_shape = target.sizes();
    Shape expect = input.sizes();
    expect.erase(expect.begin() + 1);
    KILN_CHECK(target.sizes() == expect, RuntimeError, "Expected target size ", shape_str(expect), ", got ",
               shape_str(target.sizes()));
    const int64_t N = input.size(0);
    const int64_t S = N == 0 ? 0 : input.numel() / (N * std::max<int64_t>(C, 1));
    if (dim == 4) return nll_core(input, target, weight, red, ignore_index, N, C, S, out_shape, "NllLoss2DBackward0");
    // nll_loss_nd: other ranks go through a (N, C, 1, S) view and nll_loss2d.
    Tensor in4 = reshape(input, {N, C, 1, -1});
    Tensor t3 = reshape(target, {N, 1, -1});
    Tensor out = nll_core(in4, t3, weight, red, ignore_index, N, C, S, t3.sizes(), "NllLoss2DBackward0");
    return red == Reduction::None ? view(out, out_shape) : out;
}

Tensor cross_entropy(const Tensor& logits, const Tensor& target, const Tensor& weight, const std::string& reduction,
                     int64_t ignore_index, double label_smoothing) {
    KILN_AUTOCAST(logits, cross_entropy(amp::fp32(logits), amp::fp32(target), amp::fp32(weight), reduction, ignore_index, label_smoothing));
    const Reduction red = parse_reduction(reduction);
    KILN_CHECK(label_smoothing >= 0.0 && label_smoothing <= 1.0, RuntimeError,
               "label_smoothing must be between 0.0 and 1.0. Got: ", label_smoothing);
    const int64_t class_dim = logits.dim() == 1 ? 0 : 1;
    Tensor lsm = log_softmax(logits, class_dim);
    if (target.is_floating_point()) {
        // Class probabilities as targets (same shape as the input).
        KILN_CHECK(target.sizes() == logits.sizes(), RuntimeError,
                   "Expected target size ", shape_str(logits.sizes()), ", got ", shape_str(target.sizes()));
        const int64_t C = logits.size(class_dim);
        Tensor t = label_smoothing > 0 ? add(mul(target, Scalar(1 - label_smoothing)), Scalar(label_smoothing / double(C)))
                                       : target;
        Tensor prod_t = mul(lsm, t);
        if (weight.defined()) {
            Shape ws(size_t(logits.dim()), 1);
            ws[size_t(class_dim)] = C;
            prod_t = mul(prod_t, view(weight, ws));
        }
        if (red == Reduction::Mean) {
            const int64_t n = logits.dim() == 1 ? 1 : logits.numel() / C;
            return div(neg(sum(prod_t)), Scalar(double(n)));
        }
        if (red == Reduction::Sum) return neg(sum(prod_t));
        return neg(sum(prod_t, {class_dim}));
    }
    Tensor nll = nll_loss(lsm, target, weight, reduction, ignore_index);
    if (label_smoothing <= 0.0) return nll;
    // cross_entropy_loss_label_smoothing: mix the NLL with the mean negative log-probability.
    const int64_t C = logits.size(class_dim);
    Tensor ignore_mask = eq(target, Scalar(ignore_index));
    Tensor smooth;
    if (weight.defined()) {
        Shape ws(size_t(logits.dim()), 1);
        ws[size_t(class_dim)] = C;
        smooth = neg(sum(mul(lsm, view(weight, ws)), {class_dim}));
    } else {
        smooth = neg(sum(lsm, {class_dim}));
    }
    smooth = masked_fill(smooth, ignore_mask, Scalar(0.0));
    Tensor ret;
    if (red == Reduction::Mean) {
        if (weight.defined()) {
            Tensor kept = masked_select(target, logical_not(ignore_mask));
            ret = div(sum(smooth), sum(index_select(weight, 0, kept)));
        } else {
            ret = div(sum(smooth), sum(logical_not(ignore_mask)));
        }
    } else if (red == Reduction::Sum) {
        ret = sum(smooth);
    } else {
        ret = smooth;
    }
    return add(mul(nll, Scalar(1 - label_smoothing)), mul(ret, Scalar(label_smoothing / double(C))));
}

}  // namespace kiln
