// More torch.nn.functional ops (ops.h, nn_extra.cpp section): conv1d,
// adaptive_max_pool2d and group_norm. Index searches follow ATen's CPU kernels (first maximum in
// window order wins, NaN counts as a maximum).
#include <cmath>
#include <limits>

#include "ops/composite.h"
#include "autograd/grad_mode.h"
#include "autograd/node.h"
#include "ops/autocast.h"
#include "ops/ops.h"
#include "support/error.h"

namespace kiln {

namespace {
// The composition's last node takes PyTorch's grad_fn name (a node of x itself is left alone).
Tensor renamed(Tensor out, const char* grad_fn, const Tensor& x) {
    if (out.grad_fn() && out.grad_fn() != x.grad_fn()) out.grad_fn()->name = grad_fn;
    return out;
}
}  // namespace

Tensor square(const Tensor& x) { return pow(x, Scalar(int64_t(2))); }
Tensor log2(const Tensor& x) { return renamed(div(log(x), Scalar(0.693147180559945309417)), "Log2Backward0", x); }
Tensor log10(const Tensor& x) { return renamed(div(log(x), Scalar(2.30258509299404568402)), "Log10Backward0", x); }
Tensor exp2(const Tensor& x) { return renamed(pow(Scalar(2.0), x), "Exp2Backward0", x); }
Tensor trunc(const Tensor& x) {
    return x.is_floating_point() ? renamed(mul(sign(x), floor(abs(x))), "TruncBackward0", x) : x;
}
Tensor lerp(const Tensor& self, const Tensor& end, const Tensor& weight) {
    Tensor diff = sub(end, self);
    Tensor low = add(self, mul(weight, diff));
    Tensor high = sub(end, mul(diff, rsub(weight, Scalar(1.0))));
    return where(lt(abs(weight), Scalar(0.5)), low, high);
}

namespace {

std::vector<int64_t> two(std::vector<int64_t> v, std::vector<int64_t> dflt) {
    if (v.empty()) return dflt;
    if (v.size() == 1) return {v[0], v[0]};
    return v;
}

}  // namespace

Tensor conv1d(const Tensor& x, const Tensor& weight, const Tensor& bias, int64_t stride, int64_t padding,
              int64_t dilation, int64_t groups) {
    KILN_CHECK(weight.defined(), TypeError, "conv1d(): argument 'weight' (position 2) must be Tensor, not NoneType");
    KILN_AUTOCAST(x, conv1d(amp::lower(x), amp::lower(weight), amp::lower(bias), stride, padding, dilation, groups));
    KILN_CHECK(x.dim() == 2 || x.dim() == 3, RuntimeError,
               "Expected 2D (unbatched) or 3D (batched) input to conv1d, but got input of size: ",
               shape_str(x.sizes()));
    KILN_CHECK(weight.dim() == 3, RuntimeError, "weight should have 3 dimensions for conv1d, got ", weight.dim());
    // PyTorch's check_shape_forward over the 1-d shapes (an unbatched input as batchified), before
    // the 2-d form below would name 4-d ones
    if (groups > 0 && weight.size(0) >= groups && weight.size(0) % groups == 0) {
        Shape xs = x.sizes();
        if (x.dim() == 2) xs.insert(xs.begin(), 1);
        KILN_CHECK(xs[1] == weight.size(1) * groups, RuntimeError, "Given groups=", groups, ", weight of size ",
                   shape_str(weight.sizes()), ", expected input", shape_str(xs), " to have ", weight.size(1) * groups,
                   " channels, but got ", xs[1], " channels instead");
    }
    RowMajorConvolution row_major;
    Tensor out = conv2d(unsqueeze(x, -2), unsqueeze(weight, -2), bias, {1, stride}, {0, padding}, {1, dilation},
                        groups);
    return squeeze(out, -2);
}

std::pair<Tensor, Tensor> adaptive_max_pool2d(const Tensor& x, std::vector<int64_t> output_size) {
    KILN_CHECK(x.dim() == 3 || x.dim() == 4, RuntimeError,
               "adaptive_max_pool2d(): Expected 3D or 4D tensor, but got: ", shape_str(x.sizes()));
    KILN_CHECK(output_size.size() == 2 || output_size.size() == 1, RuntimeError,
               "adaptive_max_pool2d(): internal error: output_size.size() must be 2");
    if (output_size.size() == 1) output_size.push_back(output_size[0]);
    const int64_t H = x.size(-2), W = x.size(-1), OH = output_size[0], OW = output_size[1];
    for (int64_t i = 1; i < x.dim(); ++i)
        KILN_CHECK(x.size(i) > 0, RuntimeError, "adaptive_max_pool2d(): Expected input to have non-zero size for "
                   "non-batch dimensions, but input has sizes ", shape_str(x.sizes()), " with dimension ", i,
                   " being empty");
    const int64_t planes = x.numel() / (H * W);
    Shape out_shape = x.sizes();
    out_shape[out_shape.size() - 2] = OH;
    out_shape[out_shape.size() - 1] = OW;
    Tensor xd = contiguous(to_dtype(x, DType::Float64));
    Tensor vd = Tensor::empty(out_shape, DType::Float64);
    Tensor idx = Tensor::empty(out_shape, DType::Int64);
    const double* in = xd.data_ptr<double>();
    double* vo = vd.data_ptr<double>();
    int64_t* io = idx.data_ptr<int64_t>();
    for (int64_t c = 0; c < planes; ++c)
        for (int64_t oh = 0; oh < OH; ++oh) {
            const int64_t h0 = (oh * H) / OH, h1 = ((oh + 1) * H + OH - 1) / OH;
            for (int64_t ow = 0; ow < OW; ++ow) {
                const int64_t w0 = (ow * W) / OW, w1 = ((ow + 1) * W + OW - 1) / OW;
                int64_t best = h0 * W + w0;
                double maxv = -std::numeric_limits<double>::infinity();
                for (int64_t ih = h0; ih < h1; ++ih)
                    for (int64_t iw = w0; iw < w1; ++iw) {
                        const double v = in[c * H * W + ih * W + iw];
                        if (v > maxv || std::isnan(v)) {
                            maxv = v;
                            best = ih * W + iw;
                        }
                    }
                vo[(c * OH + oh) * OW + ow] = maxv;
                io[(c * OH + oh) * OW + ow] = best;
            }
        }
    Tensor out = to_dtype(vd, x.dtype());
    if (autograd::needs_grad({x})) {
        Shape in_shape = x.sizes();
        autograd::record("AdaptiveMaxPool2DBackward0", {x}, {out}, [idx, in_shape, planes, H, W](const autograd::Grads& g) {
            Tensor gi = reshape(g[0], {planes, -1});
            Tensor z = zeros({planes, H * W}, {g[0].dtype(), g[0].device()});
            return autograd::Grads{view(scatter_add(z, 1, reshape(idx, {planes, -1}), gi), in_shape)};
        });
    }
    return {out, idx};
}

Tensor group_norm(const Tensor& x, int64_t num_groups, const Tensor& weight, const Tensor& bias, double eps) {
    KILN_AUTOCAST_CUDA(x, group_norm(amp::fp32(x), num_groups, amp::fp32(weight), amp::fp32(bias), eps));
    KILN_CHECK(x.dim() >= 2, RuntimeError, "Expected at least 2 dimensions for input tensor but received ", x.dim());
    const int64_t N = x.size(0), C = x.size(1);
    KILN_CHECK(num_groups > 0 && C % num_groups == 0, RuntimeError, "Expected number of channels in input to be "
               "divisible by num_groups, but got input of shape ", shape_str(x.sizes()), " and num_groups=",
               num_groups);
    KILN_CHECK(!weight.defined() || (weight.dim() == 1 && weight.numel() == C), RuntimeError,
               "Expected weight to be a vector of size equal to the number of channels in input, but got weight of "
               "shape ", weight.defined() ? shape_str(weight.sizes()) : "[]", " and input of shape ",
               shape_str(x.sizes()));
    Tensor g = reshape(x, {N, num_groups, -1});
    Tensor mu = mean(g, {2}, true);
    Tensor var_ = var(g, {2}, 0.0, true);
    Tensor y = view(mul(sub(g, mu), rsqrt(add(var_, Scalar(eps)))), x.sizes());
    Shape ws(size_t(x.dim()), 1);
    ws[1] = C;
    if (weight.defined()) y = mul(y, view(weight, ws));
    if (bias.defined()) y = add(y, view(bias, ws));
    return y;
}

// ---- activations composed of ops (their grad_fns are the pieces', as in PyTorch's functional
// forms); AOT autograd decomposes their aten ops into the same pieces (engine/aot/derivatives.cpp).

Tensor elu(const Tensor& x, double alpha) {
    check_activation_input(x, "elu_cpu");  // selu and celu are elu in ATen: the same kernel's refusal
    return where(gt(x, Scalar(0.0)), x, mul(sub(exp(x), Scalar(1.0)), Scalar(alpha)));
}

Tensor selu(const Tensor& x) {
    const double alpha = 1.6732632423543772848170429916717, scale = 1.0507009873554804934193349852946;
    return mul(elu(x, alpha), Scalar(scale));
}

Tensor mish(const Tensor& x) {
    check_activation_input(x, "mish_cpu");
    return mul(x, tanh(softplus(x)));
}

Tensor log_sigmoid(const Tensor& x) {
    check_activation_input(x, "log_sigmoid_cpu");
    return neg(softplus(neg(x)));
}

Tensor hardsigmoid(const Tensor& x) {
    check_activation_input(x, "hardsigmoid_cpu");
    return div(clamp(add(x, Scalar(3.0)), Scalar(0.0), Scalar(6.0)), Scalar(6.0));
}

Tensor hardswish(const Tensor& x) {
    check_activation_input(x, "hardswish_cpu");
    return div(mul(x, clamp(add(x, Scalar(3.0)), Scalar(0.0), Scalar(6.0))), Scalar(6.0));
}

Tensor softsign(const Tensor& x) { return div(x, add(abs(x), Scalar(1.0))); }

Tensor cosine_similarity(const Tensor& x1, const Tensor& x2, int64_t dim, double eps) {
    Tensor n1 = clamp(norm(x1, 2.0, {dim}, true), Scalar(eps), std::nullopt);
    Tensor n2 = clamp(norm(x2, 2.0, {dim}, true), Scalar(eps), std::nullopt);
    return sum(mul(div(x1, n1), div(x2, n2)), {dim});
}

Tensor hardtanh(const Tensor& x, Scalar min_val, Scalar max_val) {
    // hardtanh_out: "preserve legacy behavior of boundaries not causing type promotion"
    KILN_CHECK(x.dtype() != DType::Bool, RuntimeError, "Bool inputs not supported for hardtanh");
    if (!x.is_floating_point() && !x.is_complex()) {
        const int64_t lo = min_val.to_int(), hi = max_val.to_int();
        KILN_CHECK(x.dtype() != DType::UInt8 || (lo >= 0 && hi >= 0), RuntimeError,
                   "cannot do hardtanh on an unsigned type with negative limits");
        min_val = Scalar(lo);
        max_val = Scalar(hi);
    }
    return clamp(x, min_val, max_val);
}

Tensor threshold(const Tensor& x, Scalar threshold, Scalar value) { return where(gt(x, threshold), x, value); }

Tensor constant_pad_nd(const Tensor& input, const std::vector<int64_t>& pad, Scalar value) {
    KILN_CHECK(pad.size() % 2 == 0, RuntimeError, "Padding length must be divisible by 2");
    KILN_CHECK(int64_t(pad.size()) <= 2 * input.dim(), RuntimeError,
               "Padding length should be less than or equal to two times the input dimension but got padding length ",
               pad.size(), " and input of dimension ", input.dim());
    Tensor x = input;
    for (size_t i = 0; i < pad.size() / 2; ++i) {
        const int64_t d = x.dim() - 1 - int64_t(i), lo = pad[2 * i], hi = pad[2 * i + 1];
        if (lo < 0) x = narrow(x, d, -lo, x.size(d) + lo);
        if (hi < 0) x = narrow(x, d, 0, x.size(d) + hi);
        std::vector<Tensor> parts;
        auto block = [&](int64_t n) {
            Shape s = x.sizes();
            s[size_t(d)] = n;
            return full(s, value, TensorOptions{x.dtype(), x.device()});  // on the input's device (F.pad of a CUDA tensor)
        };
        if (lo > 0) parts.push_back(block(lo));
        parts.push_back(x);
        if (hi > 0) parts.push_back(block(hi));
        if (parts.size() > 1) x = cat(parts, d);
    }
    return x;
}

void pad_check(const Tensor& x, const std::vector<int64_t>& pads, const std::string& mode) {
    const int64_t n = int64_t(pads.size()) / 2, dim = x.dim();
    if (!((n == 1 && (dim == 2 || dim == 3)) || (n == 2 && (dim == 3 || dim == 4)) || (n == 3 && (dim == 4 || dim == 5))))
        KILN_FAIL(NotImplementedError, "Padding size ", pads.size(), " is not supported for ", dim, "D input tensor.\n"
                  "Supported combinations for non-constant padding:\n"
                  "  - 2D or 3D input: padding size = 2 (pads last dimension)\n"
                  "  - 3D or 4D input: padding size = 4 (pads last 2 dimensions)\n"
                  "  - 4D or 5D input: padding size = 6 (pads last 3 dimensions)");
    std::string shape = "[";
    for (int64_t d = 0; d < dim; ++d) shape += (d ? ", " : "") + std::to_string(x.size(d));
    shape += "]";
    for (int64_t i = 0; i < n; ++i) {
        const char* arg = i == 0 ? "#4" : i == 1 ? "#6" : "#8";  // the pad arguments of reflection_pad{1,2,3}d
        const int64_t d = dim - 1 - i, lo = pads[size_t(2 * i)], hi = pads[size_t(2 * i + 1)], len = x.size(d);
        KILN_CHECK(!(mode == "reflect" && (lo >= len || hi >= len)), RuntimeError, "Argument ", arg,
                   ": Padding size should be less than the corresponding input dimension, but got: padding (", lo, ", ",
                   hi, ") at dimension ", d, " of input ", shape);
        KILN_CHECK(!(mode == "circular" && (lo > len || hi > len)), RuntimeError,
                   "Padding value causes wrapping around more than once.");
        KILN_CHECK(!(mode == "replicate" && len == 0 && (lo > 0 || hi > 0)), RuntimeError,
                   "Expected input to have non-zero size for non-batch dimensions, but got ", shape);
        KILN_CHECK(!(mode == "circular" && len + std::min<int64_t>(lo, 0) + std::min<int64_t>(hi, 0) <= 0), RuntimeError,
                   "Negative padding value is resulting in an empty dimension.");
        KILN_CHECK(len + lo + hi > 0, RuntimeError, "input (", shape, ") is too small. Calculated output size: ", len + lo + hi);
    }
}

std::vector<int64_t> pad_source_index(const std::string& mode, int64_t len, int64_t lo, int64_t hi) {
    const int64_t out = len + lo + hi;
    std::vector<int64_t> idx(size_t(std::max<int64_t>(out, 0)));
    for (int64_t j = 0; j < out; ++j) {
        int64_t k = j - lo;  // the position in the unpadded input
        if (mode == "reflect") {
            if (k < 0) k = -k;
            if (k >= len) k = 2 * (len - 1) - k;
        } else if (mode == "replicate") {
            k = k < 0 ? 0 : k >= len ? len - 1 : k;
        } else {
            // Negative pads crop first; the wrapped values come from what is left (ATen's circular
            // pad copies from the cropped input).
            const int64_t start = lo < 0 ? -lo : 0, kept = len - start - (hi < 0 ? -hi : 0);
            k = start + (((j - std::max<int64_t>(lo, 0)) % kept) + kept) % kept;
        }
        idx[size_t(j)] = k;
    }
    return idx;
}

Tensor pad_nonconstant(const Tensor& input, const std::vector<int64_t>& pads, const std::string& mode) {
    pad_check(input, pads, mode);
    Tensor x = input;
    for (int64_t i = 0; i < int64_t(pads.size()) / 2; ++i) {
        const int64_t d = x.dim() - 1 - i;
        std::vector<int64_t> idx = pad_source_index(mode, x.size(d), pads[size_t(2 * i)], pads[size_t(2 * i + 1)]);
        const int64_t out = int64_t(idx.size());
        Tensor index = Tensor::empty({out}, DType::Int64);
        std::copy(idx.begin(), idx.end(), index.data_ptr<int64_t>());
        x = index_select(x, d, index);
    }
    return x;
}

Tensor pairwise_distance(const Tensor& x1, const Tensor& x2, double p, double eps, bool keepdim) {
    const int64_t innermost = std::max(x1.dim(), x2.dim()) - 1;
    return norm(add(sub(x1, x2), Scalar(eps)), p, {innermost}, keepdim);
}

}  // namespace kiln
