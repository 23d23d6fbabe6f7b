// Normalization and friends: layer_norm, batch_norm, dropout, embedding (torch.nn.functional).
//
// layer_norm and batch_norm are fused ops as in PyTorch (native_layer_norm / native_batch_norm):
// one kernel computes the statistics and the normalized output, and the node carries PyTorch's
// name (NativeLayerNormBackward0, NativeBatchNormBackward0). The kernels read the input in its
// compute dtype (float32 for float16/bfloat16) and accumulate in double. The backward formulas are
// written with tensor ops from the saved statistics, so they read like the textbook derivation:
//   x̂ = (x - mean) * rstd,   dx = rstd * (g·w - mean(g·w) - x̂ * mean(g·w * x̂))
// with the means taken over the normalized elements (layer_norm) or over every element of a channel
// (batch_norm in training). Gradients of these formulas with respect to x itself are not tracked,
// so double backward through these two ops is not supported yet.
//
// dropout follows PyTorch's CPU path (_dropout in Dropout.cpp): it multiplies the input by a
// bernoulli(1 - p) mask divided by 1 - p, so its grad_fn is MulBackward0 (the fused
// NativeDropoutBackward0 is CUDA-only). embedding gathers rows of the weight and scatters the
// gradient back into them, skipping padding_idx (EmbeddingBackward0).
#include <array>
#include <cmath>
#include <cstring>

#include "autograd/forward_ad.h"
#include "autograd/grad_mode.h"
#include "autograd/node.h"
#include "autograd/sparse_grad.h"
#include "cuda/backward.h"
#include "cuda/batch_norm.h"
#include "cuda/dispatch.h"
#include "ops/autocast.h"
#include "ops/embedding_sparse.h"
#include "ops/native_backward.h"
#include "ops/ops.h"
#include "ops/output_layout.h"
#include "support/error.h"
#include "tensor/iter.h"
#include "tensor/meta.h"

namespace kiln {

namespace {

using autograd::Grads;
using autograd::SavedTensor;

// A detached, contiguous copy-or-alias of t in its compute dtype (what the kernels read).
Tensor kernel_input(const Tensor& t) {
    autograd::NoGradGuard no_grad;
    return contiguous(to_dtype(t.detach(), compute_dtype(t.dtype())));
}

// Same, but converted to dtype `dt` (weights and biases are read in the input's compute dtype).
Tensor kernel_input_as(const Tensor& t, DType dt) {
    autograd::NoGradGuard no_grad;
    return contiguous(to_dtype(t.detach(), dt));
}

void check_floating_input(const Tensor& x, const char* kernel) {
    KILN_CHECK(x.is_floating_point(), NotImplementedError, "\"", kernel, "\" not implemented for '",
               dtype_scalar_type_name(x.dtype()), "'");
}

// The shape of a per-row statistic: x's leading dims, then 1 for each normalized dim.
Shape stat_shape(const Shape& sizes, int64_t axis) {
    Shape s(sizes.begin(), sizes.begin() + axis);
    s.resize(sizes.size(), 1);
    return s;
}

std::vector<int64_t> dim_range(int64_t begin, int64_t end) {
    std::vector<int64_t> d;
    for (int64_t i = begin; i < end; ++i) d.push_back(i);
    return d;
}

}  // namespace

// ---- layer_norm ----------------------------------------------------------------------------------

namespace {
// The sum over j < n of f(j) in double, as kRowLanes independent partial sums (lane k takes
// j = k, k + kRowLanes, ...) added pairwise at the end. A single running double sum is a chain of
// dependent adds (one add's latency per element: layer_norm's statistics were a tenth of a GPT
// forward); the lanes become one vector of doubles. The accuracy is the double sum's; only the
// order of the additions differs, in the double's last bits.
constexpr int kRowLanes = 8;
template <typename F>
double row_sum(int64_t n, F&& f) {
    double acc[kRowLanes] = {};
    int64_t j = 0;
    for (; j + kRowLanes <= n; j += kRowLanes)
        for (int k = 0; k < kRowLanes; ++k) acc[k] += f(j + k);
    for (int k = 0; j < n; ++j, ++k) acc[k] += f(j);
    for (int w = kRowLanes / 2; w > 0; w /= 2)
        for (int k = 0; k < w; ++k) acc[k] += acc[k + w];
    return acc[0];
}

// layer_norm's input gradient in one pass over the rows (PyTorch's layer_norm_grad_input kernels):
// dx = rstd * (g·w - mean(g·w) - x̂ * mean(g·w * x̂)) per row, x̂ = (x - mean) * rstd, with the row means
// accumulated in double on the CPU (as the forward's statistics); *gxhat = g * x̂ when asked (the
// weight's gradient before its sum over the rows). x, mean and rstd are the forward's contiguous
// compute-dtype tensors; the result has that dtype.
Tensor layer_norm_backward_fused(const Tensor& grad, const Tensor& x, const Tensor& mean, const Tensor& rstd,
                                 const Tensor& weight, int64_t M, int64_t N, Tensor* gxhat) {
    const DType cdt = x.dtype();
    Tensor g = contiguous(to_dtype(grad, cdt));
    Tensor w = weight.defined() ? contiguous(to_dtype(weight.detach(), cdt)) : Tensor();
    Tensor dx = Tensor::empty(x.sizes(), cdt, x.device());
    if (gxhat) *gxhat = Tensor::empty(x.sizes(), cdt, x.device());
    if (x.device() == Device::CUDA) {
        cuda::layer_norm_backward(g.raw_data(), x.raw_data(), mean.raw_data(), rstd.raw_data(),
                                  w.defined() ? w.raw_data() : nullptr, dx.raw_data(), gxhat ? gxhat->raw_data() : nullptr,
                                  uint8_t(cdt), M, N);
        return dx;
    }
    dispatch_float(cdt, [&](auto tag) {
        using T = typename decltype(tag)::type;
        const T* gp = g.data_ptr<T>();
        const T* xp = x.data_ptr<T>();
        const T* mp = mean.data_ptr<T>();
        const T* rp = rstd.data_ptr<T>();
        const T* wp = w.defined() ? w.data_ptr<T>() : nullptr;
        T* dp = dx.data_ptr<T>();
        T* hp = gxhat ? gxhat->data_ptr<T>() : nullptr;
        parallel_for(0, M, grain_for(N), [&](int64_t b, int64_t e) {
            for (int64_t r = b; r < e; ++r) {
                const T* gr = gp + r * N;
                const T* xr = xp + r * N;
                const T mu = mp[r], rs = rp[r];
                const double a = wp ? row_sum(N, [&](int64_t j) { return double(gr[j] * wp[j]); })
                                    : row_sum(N, [&](int64_t j) { return double(gr[j]); });
                const double c = wp ? row_sum(N, [&](int64_t j) { return double(gr[j] * wp[j] * ((xr[j] - mu) * rs)); })
                                    : row_sum(N, [&](int64_t j) { return double(gr[j] * ((xr[j] - mu) * rs)); });
                const T mean_gw = T(a / double(N)), mean_gwx = T(c / double(N));
                for (int64_t j = 0; j < N; ++j) {
                    const T gw = wp ? gr[j] * wp[j] : gr[j];
                    const T xh = (xr[j] - mu) * rs;
                    dp[r * N + j] = (gw - mean_gw - xh * mean_gwx) * rs;
                    if (hp) hp[r * N + j] = gr[j] * xh;
                }
            }
        });
    });
    return dx;
}
}  // namespace


Tensor layer_norm(const Tensor& x, const Shape& normalized_shape, const Tensor& weight, const Tensor& bias,
                  double eps) {
    KILN_AUTOCAST_CUDA(x, layer_norm(amp::fp32(x), normalized_shape, amp::fp32(weight), amp::fp32(bias), eps));
    const int64_t nd = int64_t(normalized_shape.size());
    KILN_CHECK(nd >= 1, RuntimeError,
               "Expected normalized_shape to be at least 1-dimensional, i.e., containing at least one element, but "
               "got normalized_shape = ", shape_str(normalized_shape));
    KILN_CHECK(!weight.defined() || weight.sizes() == normalized_shape, RuntimeError,
               "Expected weight to be of same shape as normalized_shape, but got weight of shape ",
               shape_str(weight.sizes()), " and normalized_shape = ", shape_str(normalized_shape));
    KILN_CHECK(!bias.defined() || bias.sizes() == normalized_shape, RuntimeError,
               "Expected bias to be of same shape as normalized_shape, but got bias of shape ",
               shape_str(bias.sizes()), " and normalized_shape = ", shape_str(normalized_shape));
    const int64_t ndim = x.dim();
    bool match = ndim >= nd;
    for (int64_t i = 0; match && i < nd; ++i) match = x.size(ndim - nd + i) == normalized_shape[size_t(i)];
    if (!match) {
        std::string expected = "[*";
        for (int64_t s : normalized_shape) expected += str(", ", s);
        KILN_FAIL(RuntimeError, "Given normalized_shape=", shape_str(normalized_shape), ", expected input with shape ",
                  expected, "], but got input of size", shape_str(x.sizes()));
    }
    check_floating_input(x, "LayerNormKernelImpl");

    const int64_t axis = ndim - nd;
    const int64_t N = shape_numel(normalized_shape);
    const int64_t M = N == 0 ? 0 : x.numel() / N;
    Tensor xc = kernel_input(x);
    const DType cdt = xc.dtype();
    Tensor wc = weight.defined() ? kernel_input_as(weight, cdt) : Tensor();
    Tensor bc = bias.defined() ? kernel_input_as(bias, cdt) : Tensor();
    const Device dev = cuda::common_device({x, weight, bias});
    Tensor out = Tensor::empty(x.sizes(), cdt, dev);
    Tensor mean_t = Tensor::empty(stat_shape(x.sizes(), axis), cdt, dev);
    Tensor rstd_t = Tensor::empty(stat_shape(x.sizes(), axis), cdt, dev);
    if (dev == Device::CUDA) {
        cuda::layer_norm(xc.raw_data(), wc.defined() ? wc.raw_data() : nullptr, bc.defined() ? bc.raw_data() : nullptr,
                         out.raw_data(), mean_t.raw_data(), rstd_t.raw_data(), uint8_t(cdt), M, N, eps);
    } else dispatch_float(cdt, [&](auto tag) {
        using T = typename decltype(tag)::type;
        const T* xp = xc.data_ptr<T>();
        const T* wp = wc.defined() ? wc.data_ptr<T>() : nullptr;
        const T* bp = bc.defined() ? bc.data_ptr<T>() : nullptr;
        T* op = out.data_ptr<T>();
        T* mp = mean_t.data_ptr<T>();
        T* rp = rstd_t.data_ptr<T>();
        parallel_for(0, M, grain_for(N), [&](int64_t b, int64_t e) {
            for (int64_t r = b; r < e; ++r) {
                const T* row = xp + r * N;
                const double mu = row_sum(N, [&](int64_t j) { return double(row[j]); }) / double(N);
                const double ss = row_sum(N, [&](int64_t j) { return (double(row[j]) - mu) * (double(row[j]) - mu); });
                const double rstd = 1.0 / std::sqrt(ss / double(N) + eps);
                mp[r] = T(mu);
                rp[r] = T(rstd);
                T* o = op + r * N;
                for (int64_t j = 0; j < N; ++j) {
                    double v = (double(row[j]) - mu) * rstd;
                    if (wp) v *= double(wp[j]);
                    if (bp) v += double(bp[j]);
                    o[j] = T(v);
                }
            }
        });
    });
    if (cdt != x.dtype()) {
        autograd::NoGradGuard no_grad;
        out = to_dtype(out, x.dtype());
    }
    if (autograd::needs_grad({x, weight, bias})) {
        SavedTensor sx(xc), sw(weight.defined() ? weight.detach() : Tensor());
        const bool has_w = weight.defined(), has_b = bias.defined();
        const bool need_x = autograd::differentiable(x), need_w = has_w && autograd::differentiable(weight),
                   need_b = has_b && autograd::differentiable(bias);
        autograd::record("NativeLayerNormBackward0", {x, weight, bias}, {out},
                         [=](const Grads& g) {
                             Tensor xs = sx.get(), w = sw.get();
                             std::vector<int64_t> batch_dims = dim_range(0, axis);
                             Grads out_grads(3);
                             // One pass over the rows unless the gradient must be differentiable (create_graph).
                             if (need_x && !autograd::grad_enabled()) {
                                 Tensor gxhat;
                                 out_grads[0] = layer_norm_backward_fused(g[0], xs, mean_t, rstd_t, has_w ? w : Tensor(),
                                                                          M, N, need_w ? &gxhat : nullptr);
                                 if (need_w) out_grads[1] = batch_dims.empty() ? gxhat : sum(gxhat, batch_dims);
                                 if (need_b) out_grads[2] = batch_dims.empty() ? g[0] : sum(g[0], batch_dims);
                                 return out_grads;
                             }
                             Tensor xhat = mul(sub(xs, mean_t), rstd_t);
                             std::vector<int64_t> norm_dims = dim_range(axis, xs.dim());
                             if (need_x) {
                                 Tensor gw = has_w ? mul(g[0], w) : g[0];
                                 Tensor inner = sub(sub(gw, mean(gw, norm_dims, true)),
                                                    mul(xhat, mean(mul(gw, xhat), norm_dims, true)));
                                 out_grads[0] = mul(inner, rstd_t);
                             }
                             if (need_w) {
                                 Tensor p = mul(g[0], xhat);
                                 out_grads[1] = batch_dims.empty() ? p : sum(p, batch_dims);
                             }
                             if (need_b) out_grads[2] = batch_dims.empty() ? g[0] : sum(g[0], batch_dims);
                             return out_grads;
                         });
    }
    return out;
}

// ---- batch_norm ----------------------------------------------------------------------------------

namespace {
// batch_norm's statistics and output on the GPU through cuda/batch_norm.cu (no autograd here: the
// caller records NativeBatchNormBackward0 over mean_t/invstd_t as on the CPU). Training updates the
// running statistics in place with the unbiased batch variance: in the kernel when they are
// contiguous in the compute dtype, else through a copy written back.
void batch_norm_cuda(const Tensor& xc, Tensor running_mean, Tensor running_var, const Tensor& wc, const Tensor& bc,
                     bool use_batch_stats, double momentum, double eps, const Shape& param_shape, Tensor& out,
                     Tensor& mean_t, Tensor& invstd_t) {
    autograd::NoGradGuard no_grad;
    const DType cdt = xc.dtype();
    const int64_t N = xc.size(0), C = xc.size(1);
    int64_t inner = 1;
    for (int64_t d = 2; d < xc.dim(); ++d) inner *= xc.size(d);
    out = Tensor::empty(xc.sizes(), cdt, Device::CUDA);
    mean_t = Tensor::empty({C}, cdt, Device::CUDA);
    invstd_t = Tensor::empty({C}, cdt, Device::CUDA);
    // the running statistics as the kernel reads (eval) or updates (training) them
    auto stat = [&](const Tensor& t) {
        if (!t.defined()) return Tensor();
        if (t.dtype() == cdt && t.is_contiguous() && t.device() == Device::CUDA) return t;
        return contiguous(clone(to_dtype(t, cdt)));
    };
    Tensor rm = stat(running_mean), rv = stat(running_var);
    const bool update = use_batch_stats && rm.defined() && rv.defined();
    cuda::BatchNormForward a;
    a.x = xc.raw_data();
    a.weight = wc.defined() ? wc.raw_data() : nullptr;
    a.bias = bc.defined() ? bc.raw_data() : nullptr;
    a.out = out.raw_data();
    a.save_mean = mean_t.raw_data();
    a.save_invstd = invstd_t.raw_data();
    a.running_mean = (update || !use_batch_stats) && rm.defined() ? rm.raw_data() : nullptr;
    a.running_var = (update || !use_batch_stats) && rv.defined() ? rv.raw_data() : nullptr;
    a.dtype = uint8_t(cdt);
    a.N = N, a.C = C, a.inner = inner;
    a.training = use_batch_stats;
    a.momentum = momentum, a.eps = eps;
    cuda::batch_norm_forward(a);
    if (update && !rm.is_same(running_mean)) copy_(running_mean, rm);
    if (update && !rv.is_same(running_var)) copy_(running_var, rv);
    mean_t = reshape(mean_t, param_shape);
    invstd_t = reshape(invstd_t, param_shape);
}
}  // namespace

namespace {
// t laid out in the memory format x suggests (ATen's batch norm kernels write their output and input
// gradient that way): a channels-last activation keeps its layout through the layer.
Tensor in_format_of(const Tensor& t, const Tensor& x) {
    const MemoryFormat fmt = suggest_memory_format(x);
    if (!t.defined() || fmt == MemoryFormat::Contiguous) return t;
    autograd::NoGradGuard no_grad;
    return contiguous_as(t, fmt);
}

std::array<Tensor, 3> native_batch_norm_impl(const Tensor& x, Tensor running_mean, Tensor running_var, const Tensor& weight,
                                             const Tensor& bias, bool training, double momentum, double eps) {
    KILN_CHECK(x.dim() >= 2, ValueError, "expected 2D or 3D input (got ", x.dim(), "D input)");
    const int64_t N = x.size(0), C = x.size(1);
    if (training) {
        // F.batch_norm's _verify_batch_size: one value per channel has no variance.
        int64_t per_channel = N;
        for (int64_t d = 2; d < x.dim(); ++d) per_channel *= x.size(d);
        KILN_CHECK(per_channel != 1, ValueError,
                   "Expected more than 1 value per channel when training, got input size ", shape_repr(x.sizes()));
    }
    auto check_param = [&](const Tensor& t, const char* what) {
        KILN_CHECK(!t.defined() || t.numel() == C, RuntimeError, what, " should contain ", C, " elements not ",
                   t.numel());
    };
    check_param(running_mean, "running_mean");
    check_param(running_var, "running_var");
    KILN_CHECK(!weight.defined() || weight.numel() == C, RuntimeError, "weight should contain ", C, " elements not ",
               weight.defined() ? weight.numel() : 0);
    KILN_CHECK(!bias.defined() || bias.numel() == C, RuntimeError, "bias should contain ", C, " elements not ",
               bias.defined() ? bias.numel() : 0);
    KILN_CHECK(training || (running_mean.defined() && running_var.defined()), RuntimeError,
               "running_mean and running_var must be defined in evaluation mode");
    check_floating_input(x, "batch_norm");

    const bool use_batch_stats = training;
    int64_t inner = 1;
    for (int64_t d = 2; d < x.dim(); ++d) inner *= x.size(d);
    const int64_t count = N * inner;
    Tensor xc = kernel_input(x);
    const DType cdt = xc.dtype();
    Tensor wc = weight.defined() ? kernel_input_as(weight, cdt) : Tensor();
    Tensor bc = bias.defined() ? kernel_input_as(bias, cdt) : Tensor();
    Shape param_shape(size_t(x.dim()), 1);
    param_shape[1] = C;
    const bool on_gpu = cuda::common_device({x, running_mean, running_var, weight, bias}) == Device::CUDA;
    Tensor out, mean_t, invstd_t;  // the output, the mean used to normalize, 1 / sqrt(var + eps)
    if (on_gpu) {
        batch_norm_cuda(xc, running_mean, running_var, wc, bc, use_batch_stats, momentum, eps, param_shape, out, mean_t,
                        invstd_t);
    } else {
        out = Tensor::empty(x.sizes(), cdt);
        mean_t = Tensor::empty(param_shape, cdt);
        invstd_t = Tensor::empty(param_shape, cdt);
    }
    std::vector<double> batch_mean(static_cast<size_t>(C)), batch_var_unbiased(static_cast<size_t>(C));
    std::vector<double> rm, rv;
    // Meta mode (a compiler's shape propagation) reads no statistics: nothing is computed.
    const bool meta = meta_mode();
    if (!use_batch_stats && !on_gpu && !meta) {
        rm = running_mean.to_double_vector();
        rv = running_var.to_double_vector();
    }
    if (!on_gpu) dispatch_float(cdt, [&](auto tag) {
        using T = typename decltype(tag)::type;
        const T* xp = xc.data_ptr<T>();
        const T* wp = wc.defined() ? wc.data_ptr<T>() : nullptr;
        const T* bp = bc.defined() ? bc.data_ptr<T>() : nullptr;
        T* op = out.data_ptr<T>();
        T* mp = mean_t.data_ptr<T>();
        T* ip = invstd_t.data_ptr<T>();
        // Element (n, c, i) lives at (n * C + c) * inner + i.
        parallel_for(0, C, grain_for(N * inner), [&](int64_t b, int64_t e) {
            for (int64_t c = b; c < e; ++c) {
                double mu, invstd;
                if (use_batch_stats) {
                    // f(value) summed over the channel in eight independent partial sums, combined in a
                    // fixed order (one chain of dependent adds is bound by the add's latency)
                    auto channel_sum = [&](auto f) {
                        double a[8] = {};
                        for (int64_t n = 0; n < N; ++n) {
                            const T* p = xp + (n * C + c) * inner;
                            int64_t i = 0;
                            for (; i + 8 <= inner; i += 8)
                                for (int l = 0; l < 8; ++l) a[l] += f(double(p[i + l]));
                            for (; i < inner; ++i) a[i % 8] += f(double(p[i]));
                        }
                        return ((a[0] + a[1]) + (a[2] + a[3])) + ((a[4] + a[5]) + (a[6] + a[7]));
                    };
                    const double s = channel_sum([](double v) { return v; });
                    mu = count > 0 ? s / double(count) : 0.0;
                    const double ss = channel_sum([mu](double v) { return (v - mu) * (v - mu); });
                    const double var = count > 0 ? ss / double(count) : 0.0;
                    batch_mean[size_t(c)] = mu;
                    batch_var_unbiased[size_t(c)] = count > 1 ? ss / double(count - 1) : NAN;
                    invstd = 1.0 / std::sqrt(var + eps);
                } else {
                    mu = rm[size_t(c)];
                    invstd = 1.0 / std::sqrt(rv[size_t(c)] + eps);
                }
                mp[c] = T(mu);
                ip[c] = T(invstd);
                const double w = wp ? double(wp[c]) : 1.0, bb = bp ? double(bp[c]) : 0.0;
                for (int64_t n = 0; n < N; ++n) {
                    const T* p = xp + (n * C + c) * inner;
                    T* o = op + (n * C + c) * inner;
                    for (int64_t i = 0; i < inner; ++i) o[i] = T((double(p[i]) - mu) * invstd * w + bb);
                }
            }
        });
    });
    // Running statistics: new = (1 - momentum) * old + momentum * batch, with the unbiased variance.
    if (!on_gpu && training && running_mean.defined() && running_var.defined() && meta) {
        mark_meta(running_mean.impl()->storage.get());
        mark_meta(running_var.impl()->storage.get());
    } else if (!on_gpu && training && running_mean.defined() && running_var.defined()) {
        autograd::NoGradGuard no_grad;
        std::vector<double> old_m = running_mean.to_double_vector(), old_v = running_var.to_double_vector();
        for (int64_t c = 0; c < C; ++c) {
            old_m[size_t(c)] = (1 - momentum) * old_m[size_t(c)] + momentum * batch_mean[size_t(c)];
            old_v[size_t(c)] = (1 - momentum) * old_v[size_t(c)] + momentum * batch_var_unbiased[size_t(c)];
        }
        copy_(running_mean, tensor(old_m, running_mean.sizes(), DType::Float64));
        copy_(running_var, tensor(old_v, running_var.sizes(), DType::Float64));
    }
    autograd::NoGradGuard no_grad;
    if (cdt != x.dtype()) out = to_dtype(out, x.dtype());
    return {out, reshape(mean_t, {C}), reshape(invstd_t, {C})};
}

}  // namespace

// The output in the input's suggested memory format, as batch_norm_cpu and the CUDA channels-last
// kernels write it.
std::array<Tensor, 3> native_batch_norm(const Tensor& x, Tensor running_mean, Tensor running_var, const Tensor& weight,
                                        const Tensor& bias, bool training, double momentum, double eps) {
    auto r = native_batch_norm_impl(x, std::move(running_mean), std::move(running_var), weight, bias, training, momentum, eps);
    r[0] = in_format_of(r[0], x);
    return r;
}

namespace {
std::array<Tensor, 3> native_batch_norm_backward_impl(const Tensor& grad, const Tensor& x, const Tensor& weight,
                                                      const Tensor& running_mean, const Tensor& running_var,
                                                      const Tensor& save_mean, const Tensor& save_invstd, bool training,
                                                      double eps, std::array<bool, 3> mask) {
    KILN_CHECK(x.dim() >= 2, ValueError, "native_batch_norm_backward: expected an input of 2 or more dims, got ", x.dim());
    const int64_t C = x.size(1);
    Shape param_shape(size_t(x.dim()), 1);
    param_shape[1] = C;
    autograd::NoGradGuard no_grad;
    const DType cdt = compute_dtype(x.dtype());
    Tensor xs = kernel_input(x), g = kernel_input(grad);
    std::vector<int64_t> dims = {0};
    for (int64_t d = 2; d < xs.dim(); ++d) dims.push_back(d);
    // The statistics the forward normalized with: the saved ones when given (the eager node saves
    // what native_batch_norm returned, in either mode), else the batch's recomputed from x in
    // training, the running ones in eval (what a graph passes).
    Tensor mean_t, invstd_t;
    if (save_mean.defined() && save_invstd.defined()) {
        mean_t = reshape(kernel_input_as(save_mean, cdt), param_shape);
        invstd_t = reshape(kernel_input_as(save_invstd, cdt), param_shape);
    } else if (training) {
        mean_t = mean(xs, dims, true);
        Tensor centered = sub(xs, mean_t);
        invstd_t = rsqrt(add(mean(mul(centered, centered), dims, true), Scalar(eps)));
    } else {
        KILN_CHECK(running_mean.defined() && running_var.defined(), RuntimeError,
                   "native_batch_norm_backward: running_mean and running_var must be defined in evaluation mode");
        mean_t = reshape(kernel_input_as(running_mean, cdt), param_shape);
        invstd_t = rsqrt(add(reshape(kernel_input_as(running_var, cdt), param_shape), Scalar(eps)));
    }
    const bool has_w = weight.defined();
    const bool on_gpu = cuda::common_device({xs, g, mean_t, invstd_t, weight}) == Device::CUDA;
    if (on_gpu && g.sizes() == xs.sizes()) {
        // cuda/batch_norm.cu: the per-channel sums in one pass, dx in a second (the formulas of the CPU kernel below)
        int64_t inner = 1;
        for (int64_t d = 2; d < xs.dim(); ++d) inner *= xs.size(d);
        Tensor mc = contiguous(mean_t), ic = contiguous(invstd_t);
        Tensor wc = has_w ? contiguous(reshape(kernel_input_as(weight, cdt), param_shape)) : Tensor();
        Tensor dx = mask[0] ? Tensor::empty(xs.sizes(), cdt, Device::CUDA) : Tensor();
        Tensor dw = mask[1] ? Tensor::empty({C}, cdt, Device::CUDA) : Tensor();
        Tensor db = mask[2] ? Tensor::empty({C}, cdt, Device::CUDA) : Tensor();
        cuda::BatchNormBackward a;
        a.grad = g.raw_data();
        a.x = xs.raw_data();
        a.weight = has_w ? wc.raw_data() : nullptr;
        a.mean = mc.raw_data();
        a.invstd = ic.raw_data();
        a.dx = mask[0] ? dx.raw_data() : nullptr;
        a.dweight = mask[1] ? dw.raw_data() : nullptr;
        a.dbias = mask[2] ? db.raw_data() : nullptr;
        a.dtype = uint8_t(cdt);
        a.N = xs.size(0), a.C = C, a.inner = inner;
        a.training = training;
        cuda::batch_norm_backward(a);
        std::array<Tensor, 3> r;
        if (mask[0]) r[0] = to_dtype(dx, x.dtype());
        if (mask[1]) r[1] = to_dtype(dw, has_w ? weight.dtype() : x.dtype());
        if (mask[2]) r[2] = to_dtype(db, has_w ? weight.dtype() : x.dtype());
        return r;
    }
    if (!on_gpu && g.sizes() == xs.sizes()) {
        // One kernel (ATen's batch_norm_cpu_backward): per channel c over its M = N * inner elements,
        //   sum_g = sum(g), dot = sum((x - mean) * g)                (one pass, double accumulators)
        //   grad_bias = sum_g, grad_weight = dot * invstd
        //   dx = (g - sum_g / M - (x - mean) * dot * invstd^2 / M) * invstd * w   (training)
        //   dx = g * invstd * w                                                   (eval)
        // instead of some fourteen whole-tensor ops (a tenth of a ResNet-18 training step). A grad_output
        // of another shape takes the composed path below (its broadcasting and errors).
        const int64_t N = xs.size(0);
        int64_t inner = 1;
        for (int64_t d = 2; d < xs.dim(); ++d) inner *= xs.size(d);
        const int64_t M = N * inner;
        Tensor mc = contiguous(mean_t), ic = contiguous(invstd_t);
        // (reshaped as the composed path reads it: a weight of the wrong size fails the same way)
        Tensor wc = has_w ? contiguous(reshape(kernel_input_as(weight, cdt), param_shape)) : Tensor();
        Tensor dx = mask[0] ? Tensor::empty(xs.sizes(), cdt) : Tensor();
        Tensor dw = mask[1] ? Tensor::empty({C}, cdt) : Tensor(), db = mask[2] ? Tensor::empty({C}, cdt) : Tensor();
        if (!meta_mode()) dispatch_float(cdt, [&](auto tag) {
            using T = typename decltype(tag)::type;
            const T *xp = xs.data_ptr<T>(), *gp = g.data_ptr<T>(), *mp = mc.data_ptr<T>(), *ip = ic.data_ptr<T>();
            const T* wp = has_w ? wc.data_ptr<T>() : nullptr;
            T* dxp = mask[0] ? dx.data_ptr<T>() : nullptr;
            parallel_for(0, C, grain_for(3 * M), [&](int64_t c0, int64_t c1) {
                for (int64_t c = c0; c < c1; ++c) {
                    const double mu = double(mp[c]), invstd = double(ip[c]);
                    // eight independent partial sums each (one dependent chain is bound by the add's
                    // latency), combined in a fixed order
                    double sg[8] = {}, sd[8] = {};
                    if (training || mask[1] || mask[2]) {
                        for (int64_t n = 0; n < N; ++n) {
                            const T *xr = xp + (n * C + c) * inner, *gr = gp + (n * C + c) * inner;
                            int64_t i = 0;
                            for (; i + 8 <= inner; i += 8)
                                for (int l = 0; l < 8; ++l) {
                                    sg[l] += double(gr[i + l]);
                                    sd[l] += (double(xr[i + l]) - mu) * double(gr[i + l]);
                                }
                            for (; i < inner; ++i) {
                                sg[i % 8] += double(gr[i]);
                                sd[i % 8] += (double(xr[i]) - mu) * double(gr[i]);
                            }
                        }
                    }
                    const double sum_g = ((sg[0] + sg[1]) + (sg[2] + sg[3])) + ((sg[4] + sg[5]) + (sg[6] + sg[7]));
                    const double dot = ((sd[0] + sd[1]) + (sd[2] + sd[3])) + ((sd[4] + sd[5]) + (sd[6] + sd[7]));
                    if (mask[1]) dw.data_ptr<T>()[c] = T(dot * invstd);
                    if (mask[2]) db.data_ptr<T>()[c] = T(sum_g);
                    if (!dxp) continue;
                    const double wv = wp ? double(wp[c]) : 1.0;
                    // ATen's order: (x - mean) first, so that a large mean cancels exactly
                    const T a = T(invstd * wv), mT = T(mu);
                    const T k = training && M > 0 ? T(dot * invstd * invstd / double(M)) : T(0);
                    const T mg = training && M > 0 ? T(sum_g / double(M)) : T(0);
                    for (int64_t n = 0; n < N; ++n) {
                        const T *xr = xp + (n * C + c) * inner, *gr = gp + (n * C + c) * inner;
                        T* o = dxp + (n * C + c) * inner;
                        for (int64_t i = 0; i < inner; ++i) o[i] = (gr[i] - mg - (xr[i] - mT) * k) * a;
                    }
                }
            });
        });
        std::array<Tensor, 3> r;
        if (mask[0]) r[0] = to_dtype(dx, x.dtype());
        if (mask[1]) r[1] = to_dtype(dw, has_w ? weight.dtype() : x.dtype());
        if (mask[2]) r[2] = to_dtype(db, has_w ? weight.dtype() : x.dtype());
        return r;
    }
    Tensor xhat = mul(sub(xs, mean_t), invstd_t);
    std::array<Tensor, 3> r;
    if (mask[0]) {
        Tensor gw = has_w ? mul(g, reshape(kernel_input_as(weight, cdt), param_shape)) : g;
        if (training) {
            Tensor inner_g = sub(sub(gw, mean(gw, dims, true)), mul(xhat, mean(mul(gw, xhat), dims, true)));
            r[0] = mul(inner_g, invstd_t);
        } else {
            r[0] = mul(gw, invstd_t);
        }
        r[0] = to_dtype(r[0], x.dtype());
    }
    if (mask[1]) r[1] = to_dtype(sum(mul(g, xhat), dims), has_w ? weight.dtype() : x.dtype());
    if (mask[2]) r[2] = to_dtype(sum(g, dims), has_w ? weight.dtype() : x.dtype());
    return r;
}

}  // namespace

// The input gradient in the input's suggested memory format, as ATen's batch_norm_backward kernels write it.
std::array<Tensor, 3> native_batch_norm_backward(const Tensor& grad, const Tensor& x, const Tensor& weight,
                                                 const Tensor& running_mean, const Tensor& running_var,
                                                 const Tensor& save_mean, const Tensor& save_invstd, bool training,
                                                 double eps, std::array<bool, 3> mask) {
    if (autograd::needs_grad({grad})) {
        // The gradient must itself be differentiable in grad (double backward; forward-mode tangents,
        // which are derived from this formula): the same formulas as ordinary ops, with the batch
        // statistics (or the running ones in eval) as constants.
        std::vector<int64_t> dims = {0};
        for (int64_t d = 2; d < x.dim(); ++d) dims.push_back(d);
        Shape param_shape(size_t(x.dim()), 1);
        param_shape[1] = x.size(1);
        Tensor xs = x.detach(), mean_t, invstd_t;
        {
            autograd::NoGradGuard no_grad;
            if (save_mean.defined() && save_invstd.defined()) {  // the statistics the forward used
                mean_t = save_mean;
                invstd_t = save_invstd;
            } else if (training) {
                mean_t = save_mean.defined() ? save_mean : mean(xs, dims);
                invstd_t = save_invstd.defined()
                               ? save_invstd
                               : rsqrt(add(mean(mul(sub(xs, reshape(mean_t, param_shape)), sub(xs, reshape(mean_t, param_shape))), dims),
                                           Scalar(eps)));
            } else {
                mean_t = running_mean;
                invstd_t = rsqrt(add(running_var, Scalar(eps)));
            }
            mean_t = reshape(to_dtype(mean_t, x.dtype()), param_shape);
            invstd_t = reshape(to_dtype(invstd_t, x.dtype()), param_shape);
        }
        Tensor xhat = mul(sub(xs, mean_t), invstd_t);
        Tensor scale = weight.defined() ? mul(reshape(weight.detach(), param_shape), invstd_t) : invstd_t;
        std::array<Tensor, 3> r;
        if (mask[0]) {
            Tensor g = grad;
            if (training)
                g = sub(sub(g, mean(grad, dims, true)), mul(xhat, mean(mul(grad, xhat), dims, true)));
            r[0] = mul(g, scale);
        }
        if (mask[1]) r[1] = sum(mul(grad, xhat), dims);
        if (mask[2]) r[2] = sum(grad, dims);
        return r;
    }
    auto r = native_batch_norm_backward_impl(grad, x, weight, running_mean, running_var, save_mean, save_invstd, training,
                                             eps, mask);
    r[0] = in_format_of(r[0], x);
    return r;
}

Tensor batch_norm(const Tensor& x, Tensor running_mean, Tensor running_var, const Tensor& weight, const Tensor& bias,
                  bool training, double momentum, double eps) {
    // The inputs are saved before the kernel runs (and updates the running statistics), as
    // PyTorch's autograd kernel saves them before redispatching: a save that is refused (an
    // inference tensor) fails before anything is written.
    const bool grad = autograd::needs_grad({x, weight, bias});
    SavedTensor sx, sw;
    if (grad) sx = SavedTensor(x.detach()), sw = SavedTensor(weight.defined() ? weight.detach() : Tensor());
    auto r = native_batch_norm(x, running_mean, running_var, weight, bias, training, momentum, eps);
    Tensor out = r[0];
    if (grad) {
        Tensor save_mean = r[1], save_invstd = r[2];
        const bool need_x = autograd::differentiable(x), need_w = weight.defined() && autograd::differentiable(weight),
                   need_b = bias.defined() && autograd::differentiable(bias);
        autograd::record("NativeBatchNormBackward0", {x, weight, bias}, {out}, [=](const Grads& g) {
            auto d = native_batch_norm_backward(g[0], sx.get(), sw.get(), Tensor(), Tensor(), save_mean, save_invstd,
                                                training, eps, {need_x, need_w, need_b});
            return Grads{d[0], d[1], d[2]};
        });
    }
    return out;
}

// ---- dropout -------------------------------------------------------------------------------------

Tensor dropout(const Tensor& x, double p, bool training) {
    KILN_CHECK(p >= 0.0 && p <= 1.0, ValueError, "dropout probability has to be between 0 and 1, but got ",
               Scalar(p).repr());
    if (p == 0.0 || !training || x.numel() == 0) return x;
    if (p == 1.0) return mul(x, zeros({}, {x.dtype()}));
    Tensor noise = empty_preserving(x, x.dtype());  // ATen's empty_like: drawn in x's memory order
    bernoulli_(noise, 1.0 - p);
    div_(noise, Scalar(1.0 - p));
    return mul(x, noise);
}

// ATen's _dropout_impl for the feature and alpha variants: the noise is one Bernoulli(1 - p) draw
// per (batch, channel) for feature dropout (shape [N, C, 1, ...]) or per element; alpha dropout keeps
// SELU's mean and variance: a = 1 / sqrt((alpha^2 p + 1)(1 - p)), out = x * (noise * a) + b with
// b = (noise - 1) * alpha * a + alpha * a * p.
Tensor dropout_variant(const Tensor& x, double p, bool training, bool feature, bool alpha) {
    KILN_CHECK(p >= 0.0 && p <= 1.0, RuntimeError, "dropout probability has to be between 0 and 1, but got ", Scalar(p).repr());
    if (p == 0.0 || !training || x.numel() == 0) return x;
    if (p == 1.0) return mul(x, zeros({}, {x.dtype()}));
    Tensor noise;
    if (feature) {
        KILN_CHECK(x.dim() >= 2, RuntimeError, "Feature dropout requires at least 2 dimensions in the input");
        Shape s(size_t(x.dim()), 1);
        s[0] = x.size(0);
        s[1] = x.size(1);
        noise = empty(s, {x.dtype(), x.device(), false});
    } else {
        noise = empty_preserving(x, x.dtype());
    }
    bernoulli_(noise, 1.0 - p);
    if (!alpha) {
        div_(noise, Scalar(1.0 - p));
        return mul(x, noise);
    }
    constexpr double kAlpha = 1.7580993408473766;
    const double a = 1.0 / std::sqrt((kAlpha * kAlpha * p + 1) * (1 - p));
    Tensor b = add(noise, Scalar(-1.0));
    mul_(b, Scalar(kAlpha * a));
    add_(b, Scalar(kAlpha * a * p));
    mul_(noise, Scalar(a));
    return add(mul(x, noise), b);
}

// ---- embedding -----------------------------------------------------------------------------------

Tensor embedding(const Tensor& indices, const Tensor& weight, std::optional<int64_t> padding_idx) {
    return embedding(indices, weight, padding_idx, false);
}

Tensor embedding(const Tensor& indices, const Tensor& weight, std::optional<int64_t> padding_idx, bool sparse) {
    // an Embedding whose weight a program set to None: torch.embedding(weight, input) refuses it
    KILN_CHECK(weight.defined(), TypeError, "embedding(): argument 'weight' (position 1) must be Tensor, not NoneType");
    KILN_CHECK(weight.dim() == 2, RuntimeError, "'weight' must be 2-D");
    KILN_CHECK(indices.dtype() == DType::Int64 || indices.dtype() == DType::Int32, RuntimeError,
               "Expected tensor for argument #1 'indices' to have one of the following scalar types: Long, Int; but "
               "got ", dtype_legacy_name(indices.dtype()), " instead (while checking arguments for embedding)");
    const int64_t num = weight.size(0), D = weight.size(1);
    std::optional<int64_t> pad = padding_idx;
    if (pad) {
        // F.embedding accepts a negative padding_idx counted from the end.
        KILN_CHECK(*pad < num && *pad >= -num, ValueError, "Padding_idx must be within num_embeddings");
        if (*pad < 0) *pad += num;
    }
    Shape out_shape = indices.sizes();
    out_shape.push_back(D);
    if (cuda::common_device({indices, weight}) == Device::CUDA) {
        // On the GPU: rows gathered by index_select (its backward scatters into the weight; the kernels
        // check the indices on the device, cuda/index_check.h); the padding row's gradient is cut by
        // taking its value from a detached copy.
        Tensor flat = reshape(indices.detach(), {-1});
        Tensor rows = index_select(weight, 0, flat);
        if (pad) {
            Tensor keep = unsqueeze(to_dtype(ne(flat, Scalar(*pad)), rows.dtype()), 1);
            Tensor frozen;
            {
                autograd::NoGradGuard no_grad;
                frozen = mul(rows.detach(), rsub(keep, Scalar(1.0)));
            }
            rows = add(mul(rows, keep), frozen);
        }
        return reshape(rows, out_shape);
    }
    // Sizes only (meta mode, the meta device): no index is read or checked, no row copied.
    const bool sizes_only = meta_mode();
    std::vector<int64_t> idx = sizes_only ? std::vector<int64_t>() : indices.to_int_vector();
    for (int64_t i : idx) KILN_CHECK(i >= 0 && i < num, IndexError, "index out of range in self");
    Tensor wc;
    {
        autograd::NoGradGuard no_grad;
        wc = contiguous(weight.detach());
    }
    Tensor out = Tensor::empty(out_shape, weight.dtype(), sizes_only ? weight.device() : Device::CPU);
    if (sizes_only) mark_meta(out.impl()->storage.get());
    const size_t row_bytes = size_t(D) * weight.element_size();
    const char* src = static_cast<const char*>(wc.data());
    char* dst = static_cast<char*>(out.data());
    // Rows across threads, a chunk worth kParallelGrain elements (ATen's index_select grain).
    parallel_for(0, int64_t(idx.size()), grain_for(D), [&](int64_t b, int64_t e) {
        for (int64_t k = b; k < e; ++k)
            std::memcpy(dst + size_t(k) * row_bytes, src + size_t(idx[size_t(k)]) * row_bytes, row_bytes);
    });
    if (autograd::needs_grad({weight})) {
        // embedding_dense_backward (native_backward.h) is also AOT autograd's formula.
        const int64_t num_weights = num;
        Tensor saved_indices = indices.detach();
        const int64_t pad_idx = pad ? *pad : -1;
        autograd::record("EmbeddingBackward0", {indices, weight}, {out},
                         [saved_indices, num_weights, pad_idx, sparse](const Grads& g) {
                             if (sparse) return Grads{Tensor(), embedding_sparse_backward(g[0], saved_indices, num_weights, pad_idx)};
                             return Grads{Tensor(), embedding_dense_backward(g[0], saved_indices, num_weights, pad_idx)};
                         });
    }
    return out;
}

// ATen's embedding_sparse_backward: the padding entries dropped, indices [1, n] (int64), values the
// gradient's rows [n, D]; no entry left: an empty sparse gradient of the weight's shape.
Tensor embedding_sparse_backward(const Tensor& grad, const Tensor& indices, int64_t num_weights, int64_t padding_idx) {
    autograd::NoGradGuard no_grad;
    const int64_t D = grad.size(-1);
    Tensor idx = to_dtype(reshape(indices, {-1}), DType::Int64);
    Tensor values = reshape(grad, {-1, D});
    if (padding_idx != -1) {
        Tensor keep = nonzero_flat(ne(idx, Scalar(padding_idx)));
        idx = index_select(idx, 0, keep);
        values = index_select(values, 0, keep);
    }
    return autograd::make_sparse_grad(reshape(idx, {1, -1}), values, {num_weights, D}, false);
}

namespace {
Tensor embedding_dense_backward_kernel(const Tensor& grad, const Tensor& indices, int64_t num_weights, int64_t padding_idx);
}  // namespace

// The gradient is linear in grad: its own derivative there (EmbeddingBackwardBackward0: double
// backward, and forward-mode tangents, which are derived from this formula) reads the rows back,
// derivatives.yaml's embedding(grad, indices) with the padding rows left at zero.
Tensor embedding_dense_backward(const Tensor& grad, const Tensor& indices, int64_t num_weights, int64_t padding_idx) {
    Tensor out = embedding_dense_backward_kernel(grad, indices, num_weights, padding_idx);
    if (autograd::needs_grad({grad})) {
        const Tensor idx = indices.detach();
        const Shape grad_shape = grad.sizes();
        autograd::record("EmbeddingBackwardBackward0", {grad}, {out}, [idx, grad_shape, padding_idx](const Grads& g) {
            Tensor rows = reshape(index_select(g[0], 0, reshape(idx, {-1})), grad_shape);
            if (padding_idx >= 0) rows = mul(rows, unsqueeze(ne(idx, Scalar(padding_idx)), -1));
            return Grads{rows};
        });
    }
    return out;
}

namespace {
Tensor embedding_dense_backward_kernel(const Tensor& grad, const Tensor& indices, int64_t num_weights, int64_t padding_idx) {
    // Sum each output row's gradient into the weight row it was read from (none into padding_idx;
    // -1: no padding row).
    autograd::NoGradGuard no_grad;
    const int64_t D = grad.dim() == 0 ? 1 : grad.size(-1);
    if (meta_mode()) return Tensor::empty({num_weights, D}, compute_dtype(grad.dtype()), grad.device());
    if (grad.device() == Device::CUDA) {
        // On the GPU: each gradient row added into its weight row by scatter_add (atomics; the indices
        // checked on the device), then the padding row cleared.
        Tensor flat = reshape(to_device(indices, Device::CUDA), {-1});
        KILN_CHECK(grad.numel() == flat.numel() * D, RuntimeError, "embedding_dense_backward: a gradient of ",
                   shape_str(grad.sizes()), " does not match ", flat.numel(), " indices");
        Tensor g2 = contiguous(reshape(grad, {flat.numel(), D}));
        Tensor gw = zeros({num_weights, D}, {g2.dtype(), Device::CUDA});
        if (flat.numel() > 0) cuda::scatter_add_tensor(gw, 0, expand(unsqueeze(flat, 1), {flat.numel(), D}), g2);
        if (padding_idx >= 0 && padding_idx < num_weights) {
            Tensor row = select(gw, 0, padding_idx);
            fill_(row, Scalar(0.0));
        }
        return gw;
    }
    std::vector<int64_t> idx = indices.to_int_vector();
    KILN_CHECK(grad.numel() == int64_t(idx.size()) * D, RuntimeError, "embedding_dense_backward: a gradient of ",
               shape_str(grad.sizes()), " does not match ", idx.size(), " indices");
    Tensor gc = kernel_input(grad);
    Tensor gw = zeros({num_weights, D}, {gc.dtype()});
    dispatch_float(gc.dtype(), [&](auto tag) {
        using T = typename decltype(tag)::type;
        const T* gp = gc.data_ptr<T>();
        T* wp = gw.data_ptr<T>();
        for (size_t k = 0; k < idx.size(); ++k) {
            if (idx[k] == padding_idx) continue;
            KILN_CHECK(idx[k] >= 0 && idx[k] < num_weights, IndexError, "index out of range in self");
            T* row = wp + idx[k] * D;
            const T* grow = gp + int64_t(k) * D;
            for (int64_t j = 0; j < D; ++j) row[j] += grow[j];
        }
    });
    return gw;
}
}  // namespace

}  // namespace kiln
