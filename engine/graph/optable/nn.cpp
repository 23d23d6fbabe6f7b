// torch.nn.functional's operators: convolution, pooling, normalization, dropout, embedding and the
// losses, with aten's schemas.
//
// Losses take `int reduction` (at::Reduction: 0 none, 1 mean, 2 sum), written `reduction=Mean` in
// native_functions.yaml. Arguments the eager engine does not implement (BCE's pos_weight,
// embedding's scale_grad_by_freq) are accepted at their defaults and rejected otherwise, so a
// graph never silently computes something else.
#include <array>

#include "autograd/grad_mode.h"
#include "ops/embedding_sparse.h"
#include "ops/attention_gqa.h"
#include "ops/attention_packed.h"
#include "ops/conv_transpose.h"
#include "ops/composite.h"
#include "ops/tensor_extra.h"
#include "graph/optable/args.h"
#include "graph/optable/optable.h"
#include "ops/native_backward.h"

namespace kiln::graph {

using namespace optable;

namespace {


#define K [](IValueList & a) -> IValueList

// A 1-d pool's input as the height-1 image its 2-d kernel pools (max_pool1d, avg_pool1d).
Tensor pool1d_input(const char* op, const Tensor& x) {
    KILN_CHECK(x.dim() == 2 || x.dim() == 3, RuntimeError, op, "() Expected 2D or 3D input tensor, but got ",
               shape_str(x.sizes()));
    return unsqueeze(x, -2);
}

// A `bool[3] output_mask` argument.
std::array<bool, 3> bools3(const IValueList& a, size_t i) {
    const IValueList& items = a.at(i).items();
    KILN_CHECK(items.size() == 3, RuntimeError, "output_mask must hold 3 bools, got ", items.size());
    return {items[0].to_bool(), items[1].to_bool(), items[2].to_bool()};
}

// A backward op's three gradients; one that the mask did not ask for is an empty tensor (PyTorch
// returns None there; Kiln's graphs type every tensor output, so it is a 0-element tensor instead).
IValueList masked_outputs(const std::array<Tensor, 3>& r, const Tensor& like) {
    IValueList out;
    for (const Tensor& t : r) out.push_back(IValue(t.defined() ? t : Tensor::empty({0}, like.dtype())));
    return out;
}

}  // namespace

// ATen's transposed convolution (the gradient of a convolution by its input) by differentiable
// ops, as torch.nn.functional's Kiln form computes it: s - 1 zeros between the input's elements
// along each strided dim, padding dilation * (k - 1) - padding (plus output_padding at the end;
// negative amounts crop), then a convolution with the kernel flipped and its in/out channels
// swapped per group. `x` is batched; stride, padding, output_padding and dilation have one entry
// per spatial dim.
static Tensor transposed_convolution(const Tensor& input, const Tensor& weight, const Tensor& bias,
                              const std::vector<int64_t>& stride, const std::vector<int64_t>& padding,
                              const std::vector<int64_t>& output_padding, const std::vector<int64_t>& dilation,
                              int64_t groups) {
    // the transposed convolution's own kernels where they apply (ops/conv.cpp)
    if (auto y = conv_transpose_direct(input, weight, bias, stride, padding, output_padding, dilation, groups)) return *y;
    const int64_t nd = weight.dim() - 2;
    KILN_CHECK(nd >= 1 && nd <= 3 && input.dim() == nd + 2 && int64_t(stride.size()) == nd &&
                   int64_t(padding.size()) == nd && int64_t(output_padding.size()) == nd &&
                   int64_t(dilation.size()) == nd,
               RuntimeError, "aten::_convolution (transposed): expected a batched input and one stride, padding, "
               "output_padding and dilation entry per spatial dim");
    const int64_t cin = weight.size(0), cout_g = weight.size(1);
    KILN_CHECK(groups > 0 && cin % groups == 0 && input.size(1) == cin, RuntimeError, "Given transposed=1, weight of size ",
               shape_str(weight.sizes()), ", expected input", shape_str(input.sizes()), " to have ", cin,
               " channels, but got ", input.size(1), " channels instead");
    Shape k(weight.sizes().begin() + 2, weight.sizes().end());
    Shape grouped{groups, cin / groups, cout_g};
    grouped.insert(grouped.end(), k.begin(), k.end());
    Shape swapped{groups * cout_g, cin / groups};
    swapped.insert(swapped.end(), k.begin(), k.end());
    std::vector<int64_t> spatial_dims;
    for (int64_t d = 0; d < nd; ++d) spatial_dims.push_back(2 + d);
    Tensor w = flip(reshape(transpose(reshape(weight, grouped), 1, 2), swapped), spatial_dims);
    Tensor x = input;
    for (int64_t d = 0; d < nd; ++d) {
        const int64_t s = stride[size_t(d)], axis = 2 + d;
        if (s <= 1) continue;
        const int64_t n = x.size(axis);
        x = unsqueeze(x, axis + 1);
        Shape zshape = x.sizes();
        zshape[size_t(axis + 1)] = s - 1;
        x = cat({x, zeros(zshape, {x.dtype(), x.device()})}, axis + 1);
        Shape merged = x.sizes();
        merged[size_t(axis)] = n * s;
        merged.erase(merged.begin() + axis + 1);
        x = narrow(reshape(x, merged), axis, 0, (n - 1) * s + 1);
    }
    std::vector<int64_t> pads;  // F.pad's order: the last dim first
    bool padded = false;
    for (int64_t d = nd - 1; d >= 0; --d) {
        const int64_t lo = dilation[size_t(d)] * (k[size_t(d)] - 1) - padding[size_t(d)];
        const int64_t hi = lo + output_padding[size_t(d)];
        const int64_t axis = 2 + d;
        // negative amounts crop
        const int64_t start = lo < 0 ? -lo : 0, stop = hi < 0 ? x.size(axis) + hi : x.size(axis);
        if (lo < 0 || hi < 0) x = narrow(x, axis, start, stop - start);
        pads.push_back(lo > 0 ? lo : 0);
        pads.push_back(hi > 0 ? hi : 0);
        padded = padded || lo > 0 || hi > 0;
    }
    if (padded) x = constant_pad_nd(x, pads);
    const std::vector<int64_t> ones(size_t(nd), 1), none(size_t(nd), 0);
    if (nd == 1) return conv1d(x, w, bias, 1, 0, dilation[0], groups);
    if (nd == 2) return conv2d(x, w, bias, ones, none, dilation, groups);
    return conv3d(x, w, bias, ones, none, dilation, groups);
}

void register_nn_ops() {
    // ---- convolution and pooling ----
    def("aten::conv2d(Tensor input, Tensor weight, Tensor? bias=None, SymInt[2] stride=1, SymInt[2] padding=0, "
        "SymInt[2] dilation=1, SymInt groups=1) -> Tensor",
        K {
            return one(conv2d(tensor_arg(a, 0), tensor_arg(a, 1), opt_tensor(a, 2), ints_arg(a, 3, 2),
                              ints_arg(a, 4, 2), ints_arg(a, 5, 2), int_arg(a, 6)));
        });
    // PyTorch's CPU convolution with a fused unary post-op (what Inductor's mkldnn fusion emits for
    // conv + relu in inference graphs; passes/fuse_conv_pointwise.cpp emits it here): attr "none" or
    // "relu", no scalars or algorithm needed for those.
    def("mkldnn::_convolution_pointwise(Tensor X, Tensor W, Tensor? B, int[] padding, int[] stride, int[] dilation, "
        "int groups, str attr, Scalar?[] scalars, str? algorithm) -> Tensor Y",
        K {
            return one(convolution_pointwise(tensor_arg(a, 0), tensor_arg(a, 1), opt_tensor(a, 2), ints_arg(a, 3),
                                             ints_arg(a, 4), ints_arg(a, 5), int_arg(a, 6), str_arg(a, 7)));
        });
    def("mkldnn::_convolution_pointwise.binary(Tensor X, Tensor other, Tensor W, Tensor? B, int[] padding, "
        "int[] stride, int[] dilation, int groups, str binary_attr, Scalar? alpha, str? unary_attr, "
        "Scalar?[] unary_scalars, str? unary_algorithm) -> Tensor Y",
        K {
            std::optional<std::string> unary;
            if (!a.at(10).is_none()) unary = str_arg(a, 10);
            return one(convolution_pointwise_binary(tensor_arg(a, 0), tensor_arg(a, 1), tensor_arg(a, 2), opt_tensor(a, 3),
                                                    ints_arg(a, 4), ints_arg(a, 5), ints_arg(a, 6), int_arg(a, 7),
                                                    str_arg(a, 8), opt_scalar(a, 9), unary));
        });
    def("aten::conv1d(Tensor input, Tensor weight, Tensor? bias=None, SymInt[1] stride=1, SymInt[1] padding=0, "
        "SymInt[1] dilation=1, SymInt groups=1) -> Tensor",
        K {
            auto single = [&](size_t i, const char* what) {
                std::vector<int64_t> v = ints_arg(a, i, 1);
                KILN_CHECK(v.size() == 1, RuntimeError, "expected ", what, " to be a single integer value or a list of 1 values to match the convolution dimensions, but got ", what, "=", shape_str(v));
                return v[0];
            };
            return one(conv1d(tensor_arg(a, 0), tensor_arg(a, 1), opt_tensor(a, 2), single(3, "stride"),
                              single(4, "padding"), single(5, "dilation"), int_arg(a, 6)));
        });
    // What torch.jit.trace records for conv1d/2d/3d (their tracer kernels are in gen_trace_type.py's
    // DONT_RECORD_TRACE: the call is recorded where ATen's convolution reaches _convolution). Every
    // list has one entry per spatial dim; the cuDNN/benchmark flags do not change the CPU result.
    def("aten::_convolution(Tensor input, Tensor weight, Tensor? bias, SymInt[] stride, SymInt[] padding, "
        "SymInt[] dilation, bool transposed, SymInt[] output_padding, SymInt groups, bool benchmark, "
        "bool deterministic, bool cudnn_enabled, bool allow_tf32) -> Tensor",
        K {
            const Tensor& w = tensor_arg(a, 1);
            const auto spatial = size_t(w.dim() - 2);
            if (bool_arg(a, 6))  // what conv_transpose1d/2d/3d record
                return one(transposed_convolution(tensor_arg(a, 0), w, opt_tensor(a, 2), ints_arg(a, 3, spatial),
                                                  ints_arg(a, 4, spatial), ints_arg(a, 7, spatial),
                                                  ints_arg(a, 5, spatial), int_arg(a, 8)));
            std::vector<int64_t> st = ints_arg(a, 3, spatial), pd = ints_arg(a, 4, spatial), dl = ints_arg(a, 5, spatial);
            KILN_CHECK(spatial >= 1 && spatial <= 3 && st.size() == spatial && pd.size() == spatial && dl.size() == spatial,
                       RuntimeError, "aten::_convolution: expected stride, padding and dilation with ", spatial,
                       " values for a weight of ", w.dim(), " dims");
            const Tensor& x = tensor_arg(a, 0);
            const int64_t g = int_arg(a, 8);
            if (spatial == 1) return one(conv1d(x, w, opt_tensor(a, 2), st[0], pd[0], dl[0], g));
            if (spatial == 2) return one(conv2d(x, w, opt_tensor(a, 2), st, pd, dl, g));
            return one(conv3d(x, w, opt_tensor(a, 2), st, pd, dl, g));
        });
    // What torch.jit.trace records for conv1d/2d/3d with padding='same' or 'valid' (ATen's
    // conv*d_padding: batchify, then _convolution_mode). 'same' pads dilation * (k - 1) in total per
    // dim, the odd unit at the end (an asymmetric amount pads the input first, as _convolution_same).
    def("aten::_convolution_mode(Tensor input, Tensor weight, Tensor? bias, SymInt[] stride, str padding, "
        "SymInt[] dilation, SymInt groups) -> Tensor",
        K {
            const Tensor& w = tensor_arg(a, 1);
            const auto spatial = size_t(w.dim() - 2);
            const std::string mode = a.at(4).to_string();
            KILN_CHECK(mode == "same" || mode == "valid", RuntimeError, "Invalid padding string: '", mode, "'");
            std::vector<int64_t> st = ints_arg(a, 3, spatial), dl = ints_arg(a, 5, spatial);
            KILN_CHECK(spatial >= 1 && spatial <= 3 && st.size() == spatial && dl.size() == spatial, RuntimeError,
                       "aten::_convolution_mode: expected stride and dilation with ", spatial, " values");
            Tensor x = tensor_arg(a, 0);
            std::vector<int64_t> pd(spatial, 0);
            if (mode == "same") {
                for (int64_t s : st)
                    KILN_CHECK(s == 1, RuntimeError, "padding='same' is not supported for strided convolutions");
                std::vector<int64_t> extra;  // F.pad order, last dim first
                bool asymmetric = false;
                for (size_t d = spatial; d-- > 0;) {
                    const int64_t total = dl[d] * (w.size(int64_t(2 + d)) - 1);
                    pd[d] = total / 2;
                    extra.push_back(0);
                    extra.push_back(total - 2 * pd[d]);
                    asymmetric = asymmetric || total % 2;
                }
                if (asymmetric) x = constant_pad_nd(x, extra);
            }
            const int64_t g = int_arg(a, 6);
            if (spatial == 1) return one(conv1d(x, w, opt_tensor(a, 2), st[0], pd[0], dl[0], g));
            if (spatial == 2) return one(conv2d(x, w, opt_tensor(a, 2), st, pd, dl, g));
            return one(conv3d(x, w, opt_tensor(a, 2), st, pd, dl, g));
        });
    // conv2d's backward as a graph op (AOT autograd's backward graphs): the eager kernel's gradients.
    def("aten::convolution_backward(Tensor grad_output, Tensor input, Tensor weight, SymInt[]? bias_sizes, "
        "SymInt[] stride, SymInt[] padding, SymInt[] dilation, bool transposed, SymInt[] output_padding, "
        "SymInt groups, bool[3] output_mask) -> (Tensor, Tensor, Tensor)",
        K {
            KILN_CHECK(!bool_arg(a, 7), NotImplementedError, "convolution_backward: transposed convolutions are not supported by Kiln");
            auto mask = bools3(a, 10);
            KILN_CHECK(!mask[2] || !a.at(3).is_none(), RuntimeError, "convolution_backward: a bias gradient needs bias_sizes");
            auto r = convolution_backward(tensor_arg(a, 0), tensor_arg(a, 1), tensor_arg(a, 2), ints_arg(a, 4, 2),
                                          ints_arg(a, 5, 2), ints_arg(a, 6, 2), int_arg(a, 9), mask);
            return masked_outputs(r, tensor_arg(a, 1));
        });
    // The 1-d pools: the 2-d kernels over a height-1 image, as torch.nn.functional's max_pool1d /
    // avg_pool1d / adaptive_avg_pool1d compute them in Kiln (nn/_functional_ext.py); TorchScript
    // calls them (F.max_pool1d in scripted code is aten::max_pool1d).
    def("aten::max_pool1d(Tensor self, int[1] kernel_size, int[1] stride=[], int[1] padding=0, int[1] dilation=1, "
        "bool ceil_mode=False) -> Tensor",
        K {
            auto k = ints_arg(a, 1, 1), st = ints_arg(a, 2, 1), p = ints_arg(a, 3, 1), d = ints_arg(a, 4, 1);
            KILN_CHECK(k.size() == 1 && p.size() == 1 && d.size() == 1 && st.size() <= 1, RuntimeError,
                       "max_pool1d: kernel_size, stride, padding and dilation must be a single int");
            const int64_t s1 = st.empty() ? k[0] : st[0];
            return one(squeeze(max_pool2d(pool1d_input("max_pool1d", tensor_arg(a, 0)), {1, k[0]}, {1, s1}, {0, p[0]},
                                          {1, d[0]}, bool_arg(a, 5)),
                               -2));
        });
    def("aten::avg_pool1d(Tensor self, int[1] kernel_size, int[1] stride=[], int[1] padding=0, bool ceil_mode=False, "
        "bool count_include_pad=True) -> Tensor",
        K {
            auto k = ints_arg(a, 1, 1), st = ints_arg(a, 2, 1), p = ints_arg(a, 3, 1);
            KILN_CHECK(k.size() == 1 && p.size() == 1 && st.size() <= 1, RuntimeError,
                       "avg_pool1d: kernel_size, stride and padding must be a single int");
            const int64_t s1 = st.empty() ? k[0] : st[0];
            return one(squeeze(avg_pool2d(pool1d_input("avg_pool1d", tensor_arg(a, 0)), {1, k[0]}, {1, s1}, {0, p[0]},
                                          bool_arg(a, 4), bool_arg(a, 5)),
                               -2));
        });
    def("aten::adaptive_avg_pool1d(Tensor self, int[1] output_size) -> Tensor",
        K {
            const Tensor& x = tensor_arg(a, 0);
            KILN_CHECK(x.dim() == 2 || x.dim() == 3, RuntimeError, "Expected 2 to 3 dimensions, but got ", x.dim(),
                       "-dimensional tensor for argument #1 'self' (while checking arguments for adaptive_avg_pool1d)");
            auto o = ints_arg(a, 1, 1);
            KILN_CHECK(o.size() == 1, RuntimeError, "adaptive_avg_pool1d: output_size must be a single int");
            return one(squeeze(adaptive_avg_pool2d(unsqueeze(x, -2), {1, o[0]}), -2));
        });
    def("aten::max_pool2d(Tensor self, int[2] kernel_size, int[2] stride=[], int[2] padding=0, int[2] dilation=1, "
        "bool ceil_mode=False) -> Tensor",
        K {
            return one(max_pool2d(tensor_arg(a, 0), ints_arg(a, 1, 2), ints_arg(a, 2, 2), ints_arg(a, 3, 2),
                                  ints_arg(a, 4, 2), bool_arg(a, 5)));
        });
    def("aten::max_pool2d_with_indices(Tensor self, int[2] kernel_size, int[2] stride=[], int[2] padding=0, "
        "int[2] dilation=1, bool ceil_mode=False) -> (Tensor, Tensor)",
        K {
            const Tensor& x = tensor_arg(a, 0);
            auto k = ints_arg(a, 1, 2), s = ints_arg(a, 2, 2), p = ints_arg(a, 3, 2), d = ints_arg(a, 4, 2);
            auto [vals, idx] = max_pool2d_with_indices(x, k, s, p, d, bool_arg(a, 5));
            return {IValue(vals), IValue(idx)};
        });
    def("aten::avg_pool2d(Tensor self, int[2] kernel_size, int[2] stride=[], int[2] padding=0, bool ceil_mode=False, "
        "bool count_include_pad=True, int? divisor_override=None) -> Tensor",
        K {
            return one(avg_pool2d(tensor_arg(a, 0), ints_arg(a, 1, 2), ints_arg(a, 2, 2), ints_arg(a, 3, 2),
                                  bool_arg(a, 4), bool_arg(a, 5), opt_int(a, 6)));
        });
    // Their backward ops (AOT autograd's backward graphs): the eager nodes' kernels.
    def("aten::max_pool2d_with_indices_backward(Tensor grad_output, Tensor self, int[2] kernel_size, int[2] stride, "
        "int[2] padding, int[2] dilation, bool ceil_mode, Tensor indices) -> Tensor",
        K { return one(max_pool2d_with_indices_backward(tensor_arg(a, 0), tensor_arg(a, 1), tensor_arg(a, 7))); });
    def("aten::avg_pool2d_backward(Tensor grad_output, Tensor self, int[2] kernel_size, int[2] stride, int[2] padding, "
        "bool ceil_mode, bool count_include_pad, int? divisor_override) -> Tensor",
        K {
            return one(avg_pool2d_backward(tensor_arg(a, 0), tensor_arg(a, 1), ints_arg(a, 2, 2), ints_arg(a, 3, 2),
                                           ints_arg(a, 4, 2), bool_arg(a, 5), bool_arg(a, 6), opt_int(a, 7)));
        });
    // The 3-d forms: the same kernels with a depth (ops/conv.cpp); their backward ops as the 2-d ones'.
    def("aten::conv3d(Tensor input, Tensor weight, Tensor? bias=None, SymInt[3] stride=1, SymInt[3] padding=0, "
        "SymInt[3] dilation=1, SymInt groups=1) -> Tensor",
        K {
            return one(conv3d(tensor_arg(a, 0), tensor_arg(a, 1), opt_tensor(a, 2), ints_arg(a, 3, 3),
                              ints_arg(a, 4, 3), ints_arg(a, 5, 3), int_arg(a, 6)));
        });
    def("aten::max_pool3d(Tensor self, int[3] kernel_size, int[3] stride=[], int[3] padding=0, int[3] dilation=1, "
        "bool ceil_mode=False) -> Tensor",
        K {
            return one(max_pool3d(tensor_arg(a, 0), ints_arg(a, 1, 3), ints_arg(a, 2, 3), ints_arg(a, 3, 3),
                                  ints_arg(a, 4, 3), bool_arg(a, 5)));
        });
    def("aten::max_pool3d_with_indices(Tensor self, int[3] kernel_size, int[3] stride=[], int[3] padding=0, "
        "int[3] dilation=1, bool ceil_mode=False) -> (Tensor, Tensor)",
        K {
            return two(max_pool3d_with_indices(tensor_arg(a, 0), ints_arg(a, 1, 3), ints_arg(a, 2, 3),
                                               ints_arg(a, 3, 3), ints_arg(a, 4, 3), bool_arg(a, 5)));
        });
    def("aten::avg_pool3d(Tensor self, int[3] kernel_size, int[3] stride=[], int[3] padding=0, bool ceil_mode=False, "
        "bool count_include_pad=True, int? divisor_override=None) -> Tensor",
        K {
            return one(avg_pool3d(tensor_arg(a, 0), ints_arg(a, 1, 3), ints_arg(a, 2, 3), ints_arg(a, 3, 3),
                                  bool_arg(a, 4), bool_arg(a, 5), opt_int(a, 6)));
        });
    def("aten::max_pool3d_with_indices_backward(Tensor grad_output, Tensor self, int[3] kernel_size, int[3] stride, "
        "int[3] padding, int[3] dilation, bool ceil_mode, Tensor indices) -> Tensor",
        K { return one(max_pool3d_with_indices_backward(tensor_arg(a, 0), tensor_arg(a, 1), tensor_arg(a, 7))); });
    def("aten::avg_pool3d_backward(Tensor grad_output, Tensor self, int[3] kernel_size, int[3] stride, int[3] padding, "
        "bool ceil_mode, bool count_include_pad, int? divisor_override) -> Tensor",
        K {
            return one(avg_pool3d_backward(tensor_arg(a, 0), tensor_arg(a, 1), ints_arg(a, 2, 3), ints_arg(a, 3, 3),
                                           ints_arg(a, 4, 3), bool_arg(a, 5), bool_arg(a, 6), opt_int(a, 7)));
        });
    def("aten::adaptive_avg_pool3d(Tensor self, SymInt[3] output_size) -> Tensor",
        K { return one(adaptive_avg_pool3d(tensor_arg(a, 0), ints_arg(a, 1, 3))); });
    def("aten::_adaptive_avg_pool3d_backward(Tensor grad_output, Tensor self) -> Tensor",
        K { return one(adaptive_avg_pool3d_backward(tensor_arg(a, 0), tensor_arg(a, 1).sizes())); });
    def("aten::constant_pad_nd(Tensor self, SymInt[] pad, Scalar value=0) -> Tensor",
        K { return one(constant_pad_nd(tensor_arg(a, 0), ints_arg(a, 1), scalar_arg(a, 2))); });
    // F.pad's other modes: reflect and replicate as ATen's padNd kernels, circular as aten::pad itself
    // (ATen's _pad_circular is a composite of slices and cats); one eager implementation
    // (ops/nn_extra.cpp's index_selects), which AOT autograd rebuilds (aot/derivatives.cpp, pad_by_index).
    for (const char* mode : {"reflection", "replication"})
        for (int nd = 1; nd <= 3; ++nd) {
            const std::string m = std::string(mode) == "reflection" ? "reflect" : "replicate";
            def(str("aten::", mode, "_pad", nd, "d(Tensor self, SymInt[", 2 * nd, "] padding) -> Tensor"),
                [m](IValueList& a) -> IValueList { return one(pad_nonconstant(tensor_arg(a, 0), ints_arg(a, 1), m)); });
        }
    def("aten::pad(Tensor self, SymInt[] pad, str mode=\"constant\", float? value=None) -> Tensor", K {
        const std::string& mode = str_arg(a, 2);
        if (mode == "constant") return one(constant_pad_nd(tensor_arg(a, 0), ints_arg(a, 1), Scalar(opt_float(a, 3).value_or(0.0))));
        return one(pad_nonconstant(tensor_arg(a, 0), ints_arg(a, 1), mode));
    });
    def("aten::pairwise_distance(Tensor x1, Tensor x2, float p=2, float eps=1e-06, bool keepdim=False) -> Tensor",
        K { return one(pairwise_distance(tensor_arg(a, 0), tensor_arg(a, 1), float_arg(a, 2), float_arg(a, 3), bool_arg(a, 4))); });
    def("aten::adaptive_avg_pool2d(Tensor self, SymInt[2] output_size) -> Tensor",
        K { return one(adaptive_avg_pool2d(tensor_arg(a, 0), ints_arg(a, 1, 2))); });
    def("aten::_adaptive_avg_pool2d_backward(Tensor grad_output, Tensor self) -> Tensor",
        K { return one(adaptive_avg_pool2d_backward(tensor_arg(a, 0), tensor_arg(a, 1).sizes())); });
    def("aten::adaptive_max_pool2d(Tensor self, int[2] output_size) -> (Tensor, Tensor)",
        K { return two(adaptive_max_pool2d(tensor_arg(a, 0), ints_arg(a, 1, 2))); });

    // ---- normalization, dropout, embedding ----
    def("aten::layer_norm(Tensor input, SymInt[] normalized_shape, Tensor? weight=None, Tensor? bias=None, "
        "float eps=1e-05, bool cudnn_enable=True) -> Tensor",
        K {
            return one(layer_norm(tensor_arg(a, 0), ints_arg(a, 1), opt_tensor(a, 2), opt_tensor(a, 3),
                                  float_arg(a, 4)));
        });
    // ATen's instance_norm (as torch.nn.functional.instance_norm computes it in Kiln,
    // nn/_functional_ext.py): batch_norm over the input viewed as (1, N * C, *spatial), with weight,
    // bias and running statistics repeated N times; the running statistics are folded back by a mean
    // over N. TorchScript calls it for F.instance_norm.
    def("aten::instance_norm(Tensor input, Tensor? weight, Tensor? bias, Tensor? running_mean, Tensor? running_var, "
        "bool use_input_stats, float momentum, float eps, bool cudnn_enabled) -> Tensor",
        K {
            const Tensor& x = tensor_arg(a, 0);
            KILN_CHECK(x.dim() >= 2, ValueError, "Expected 2D or more input (got ", x.dim(), "D input)");
            const bool use_stats = bool_arg(a, 5);
            Shape shape = x.sizes();
            const int64_t b = shape[0], c = shape[1];
            int64_t spatial = 1;
            for (size_t d = 2; d < shape.size(); ++d) spatial *= shape[d];
            KILN_CHECK(!(use_stats && spatial == 1), ValueError,
                       "Expected more than 1 spatial element when training, got input size ", shape_str(shape));
            Shape flat = {1, b * c};
            flat.insert(flat.end(), shape.begin() + 2, shape.end());
            auto rep = [&](const Tensor& t) { return t.defined() ? repeat(t, {b}) : Tensor(); };
            Tensor rm = rep(opt_tensor(a, 3)), rv = rep(opt_tensor(a, 4));
            Tensor out = batch_norm(reshape(x, flat), rm, rv, rep(opt_tensor(a, 1)), rep(opt_tensor(a, 2)), use_stats,
                                    float_arg(a, 6), float_arg(a, 7));
            for (auto [i, r] : {std::pair<size_t, Tensor*>{3, &rm}, {4, &rv}}) {
                Tensor running = opt_tensor(a, i);
                if (!running.defined() || !use_stats) continue;
                autograd::NoGradGuard no_grad;
                copy_(running, mean(reshape(*r, {b, c}), {0}));
            }
            return one(reshape(out, shape));
        });
    def("aten::batch_norm(Tensor input, Tensor? weight, Tensor? bias, Tensor? running_mean, Tensor? running_var, "
        "bool training, float momentum, float eps, bool cudnn_enabled) -> Tensor",
        K {
            return one(batch_norm(tensor_arg(a, 0), opt_tensor(a, 3), opt_tensor(a, 4), opt_tensor(a, 1),
                                  opt_tensor(a, 2), bool_arg(a, 5), float_arg(a, 6), float_arg(a, 7)));
        });
    // AOT autograd's batch norm (engine/aot): the functional training op returns the normalized
    // output, the batch mean and 1/sqrt(var + eps) it used (what backward reads), and the updated
    // running statistics as new tensors instead of writing the inputs; its backward recomputes the
    // statistics from the input when none are saved (train) or reads the running ones (eval).
    def("aten::_native_batch_norm_legit_functional(Tensor input, Tensor? weight, Tensor? bias, Tensor running_mean, "
        "Tensor running_var, bool training, float momentum, float eps) -> (Tensor, Tensor, Tensor, Tensor "
        "running_mean_out, Tensor running_var_out)",
        K {
            Tensor rm = clone(tensor_arg(a, 3)), rv = clone(tensor_arg(a, 4));
            auto r = native_batch_norm(tensor_arg(a, 0), rm, rv, opt_tensor(a, 1), opt_tensor(a, 2), bool_arg(a, 5),
                                       float_arg(a, 6), float_arg(a, 7));
            return {IValue(r[0]), IValue(r[1]), IValue(r[2]), IValue(rm), IValue(rv)};
        });
    def("aten::native_batch_norm_backward(Tensor grad_out, Tensor input, Tensor? weight, Tensor? running_mean, "
        "Tensor? running_var, Tensor? save_mean, Tensor? save_invstd, bool train, float eps, bool[3] output_mask) -> "
        "(Tensor, Tensor, Tensor)",
        K {
            const Tensor& x = tensor_arg(a, 1);
            auto mask = bools3(a, 9);
            auto r = native_batch_norm_backward(tensor_arg(a, 0), x, opt_tensor(a, 2), opt_tensor(a, 3), opt_tensor(a, 4),
                                                opt_tensor(a, 5), opt_tensor(a, 6), bool_arg(a, 7), float_arg(a, 8), mask);
            return masked_outputs(r, x);
        });
    def("aten::group_norm(Tensor input, int num_groups, Tensor? weight=None, Tensor? bias=None, float eps=1e-05, "
        "bool cudnn_enabled=True) -> Tensor",
        K {
            return one(group_norm(tensor_arg(a, 0), int_arg(a, 1), opt_tensor(a, 2), opt_tensor(a, 3),
                                  float_arg(a, 4)));
        });
    def("aten::dropout(Tensor input, float p, bool train) -> Tensor",
        K { return one(dropout(tensor_arg(a, 0), float_arg(a, 1), bool_arg(a, 2))); });
    // F.dropout1d/2d/3d (channel-wise, on a batched input), alpha_dropout, feature_alpha_dropout.
    def("aten::feature_dropout(Tensor input, float p, bool train) -> Tensor",
        K { return one(dropout_variant(tensor_arg(a, 0), float_arg(a, 1), bool_arg(a, 2), true, false)); });
    def("aten::alpha_dropout(Tensor input, float p, bool train) -> Tensor",
        K { return one(dropout_variant(tensor_arg(a, 0), float_arg(a, 1), bool_arg(a, 2), false, true)); });
    def("aten::feature_alpha_dropout(Tensor input, float p, bool train) -> Tensor",
        K { return one(dropout_variant(tensor_arg(a, 0), float_arg(a, 1), bool_arg(a, 2), true, true)); });
    // F.scaled_dot_product_attention (ops/attention.cpp: the fused GPU kernel where it applies, else
    // the math composite). The CPU back end decomposes it (passes/decompose.cpp); the GPU one keeps it
    // as an extern kernel, as Inductor keeps aten._scaled_dot_product_efficient_attention.
    def("aten::scaled_dot_product_attention(Tensor query, Tensor key, Tensor value, Tensor? attn_mask=None, "
        "float dropout_p=0.0, bool is_causal=False, *, float? scale=None, bool enable_gqa=False) -> Tensor",
        K {
            Tensor k = tensor_arg(a, 1), v = tensor_arg(a, 2);
            if (bool_arg(a, 7)) std::tie(k, v) = sdpa_gqa_expand(tensor_arg(a, 0), k, v);
            return one(scaled_dot_product_attention(tensor_arg(a, 0), k, v, opt_tensor(a, 3), float_arg(a, 4),
                                                    bool_arg(a, 5), opt_float(a, 6)));
        });
    // Attention as compiled training runs it on the GPU (AOT autograd puts it in place of the op
    // above where the fused backward applies): the output and each query row's logsumexp, which the
    // backward below reads instead of recomputing. Kiln's ops, in the roles of PyTorch's
    // _scaled_dot_product_efficient_attention and its backward.
    def("aten::_scaled_dot_product_fused_attention(Tensor query, Tensor key, Tensor value, float scale, "
        "bool is_causal=False) -> (Tensor output, Tensor logsumexp)",
        K {
            auto r = scaled_dot_product_fused_attention(tensor_arg(a, 0), tensor_arg(a, 1), tensor_arg(a, 2), float_arg(a, 3),
                                                        bool_arg(a, 4));
            return {IValue(r[0]), IValue(r[1])};
        });
    def("aten::_scaled_dot_product_fused_attention_backward(Tensor grad_out, Tensor query, Tensor key, Tensor value, "
        "Tensor out, Tensor logsumexp, float scale, bool is_causal=False) -> (Tensor, Tensor, Tensor)",
        K {
            auto r = scaled_dot_product_attention_backward(tensor_arg(a, 0), tensor_arg(a, 1), tensor_arg(a, 2),
                                                           tensor_arg(a, 3), tensor_arg(a, 4), tensor_arg(a, 5),
                                                           float_arg(a, 6), bool_arg(a, 7));
            return {IValue(r[0]), IValue(r[1]), IValue(r[2])};
        });
    // The same gradients (q, k, v of one shape (B, H, L, D)) in one contiguous tensor of sizes `size`,
    // gradient i the view with the (B, H, L, D) `stride` at `offsets[i]`; without them the (B, L,
    // 3 * H * D) cat of the three with their heads merged. passes/pack_attention_grads.cpp makes it for
    // the cat (and the views after it) that the gradients' views lead to, written in place.
    def("aten::_scaled_dot_product_fused_attention_backward_packed(Tensor grad_out, Tensor query, Tensor key, "
        "Tensor value, Tensor out, Tensor logsumexp, float scale, bool is_causal=False, int[]? size=None, "
        "int[]? stride=None, int[]? offsets=None) -> Tensor",
        K {
            auto size = opt_ints(a, 8), stride = opt_ints(a, 9), offsets = opt_ints(a, 10);
            if (!size && !stride && !offsets)
                return one(scaled_dot_product_attention_backward_packed(tensor_arg(a, 0), tensor_arg(a, 1), tensor_arg(a, 2),
                                                                        tensor_arg(a, 3), tensor_arg(a, 4), tensor_arg(a, 5),
                                                                        float_arg(a, 6), bool_arg(a, 7)));
            KILN_CHECK(size && stride && offsets, RuntimeError, "_scaled_dot_product_fused_attention_backward_packed: "
                       "size, stride and offsets are given together");
            return one(scaled_dot_product_attention_backward_packed_as(
                tensor_arg(a, 0), tensor_arg(a, 1), tensor_arg(a, 2), tensor_arg(a, 3), tensor_arg(a, 4), tensor_arg(a, 5),
                float_arg(a, 6), bool_arg(a, 7), *size, *stride, *offsets));
        });
    def("aten::embedding(Tensor weight, Tensor indices, SymInt padding_idx=-1, bool scale_grad_by_freq=False, "
        "bool sparse=False) -> Tensor",
        K {
            KILN_CHECK(!bool_arg(a, 3), NotImplementedError, "embedding: scale_grad_by_freq is not supported by Kiln");
            // aten passes padding_idx=-1 for "none"; F.embedding has already wrapped negative indices.
            // sparse: eager autograd's weight gradient is a sparse COO one (ops/embedding_sparse.h).
            const int64_t pad = int_arg(a, 2);
            return one(embedding(tensor_arg(a, 1), tensor_arg(a, 0),
                                 pad < 0 ? std::nullopt : std::optional<int64_t>(pad), bool_arg(a, 4)));
        });
    // embedding's weight gradient (AOT autograd's backward graphs; the eager node's kernel).
    def("aten::embedding_dense_backward(Tensor grad_output, Tensor indices, SymInt num_weights, SymInt padding_idx, "
        "bool scale_grad_by_freq) -> Tensor",
        K {
            KILN_CHECK(!bool_arg(a, 4), NotImplementedError, "embedding: scale_grad_by_freq is not supported by Kiln");
            return one(embedding_dense_backward(tensor_arg(a, 0), tensor_arg(a, 1), int_arg(a, 2), int_arg(a, 3)));
        });

    // embedding_bag (ops/embedding_bag.cpp): the plain overload and F.embedding_bag's padding_idx one
    // (torch.embedding_bag with nine arguments), ATen's four outputs; its two gradients as ops.
    auto embedding_bag_kernel = [](const IValueList& a, std::optional<int64_t> padding_idx) {
        auto [out, o2b, bs, mi] = embedding_bag(tensor_arg(a, 0), tensor_arg(a, 1), tensor_arg(a, 2), bool_arg(a, 3),
                                                int_arg(a, 4), bool_arg(a, 5), opt_tensor(a, 6), bool_arg(a, 7), padding_idx);
        return IValueList{IValue(out), IValue(o2b), IValue(bs), IValue(mi)};
    };
    def("aten::embedding_bag(Tensor weight, Tensor indices, Tensor offsets, bool scale_grad_by_freq=False, int mode=0, "
        "bool sparse=False, Tensor? per_sample_weights=None, bool include_last_offset=False) -> "
        "(Tensor, Tensor, Tensor, Tensor)",
        [embedding_bag_kernel](const IValueList& a) { return embedding_bag_kernel(a, std::nullopt); });
    def("aten::embedding_bag.padding_idx(Tensor weight, Tensor indices, Tensor offsets, bool scale_grad_by_freq, "
        "int mode, bool sparse, Tensor? per_sample_weights, bool include_last_offset, int? padding_idx) -> "
        "(Tensor, Tensor, Tensor, Tensor)",
        [embedding_bag_kernel](const IValueList& a) { return embedding_bag_kernel(a, opt_int(a, 8)); });
    def("aten::_embedding_bag_backward(Tensor grad, Tensor indices, Tensor offsets, Tensor offset2bag, Tensor bag_size, "
        "Tensor maximum_indices, SymInt num_weights, bool scale_grad_by_freq, int mode, bool sparse, "
        "Tensor? per_sample_weights, int padding_idx=-1) -> Tensor",
        K {
            KILN_CHECK(!bool_arg(a, 9), NotImplementedError, "embedding_bag: sparse gradients are not supported in Kiln");
            return one(embedding_bag_backward(tensor_arg(a, 0), tensor_arg(a, 1), tensor_arg(a, 2), tensor_arg(a, 4),
                                              tensor_arg(a, 5), int_arg(a, 6), bool_arg(a, 7), int_arg(a, 8),
                                              opt_tensor(a, 10), int_arg(a, 11)));
        });
    def("aten::_embedding_bag_per_sample_weights_backward(Tensor grad, Tensor weight, Tensor indices, Tensor offsets, "
        "Tensor offset2bag, int mode, int padding_idx=-1) -> Tensor",
        K {
            return one(embedding_bag_per_sample_weights_backward(tensor_arg(a, 0), tensor_arg(a, 1), tensor_arg(a, 2),
                                                                 tensor_arg(a, 3), int_arg(a, 5), int_arg(a, 6)));
        });

    // ctc_loss (ops/ctc_loss.cpp): the int[] and Tensor length overloads, _ctc_loss and its backward.
    auto lengths = [](const IValueList& a, size_t i) {
        if (a.at(i).is_tensor()) {
            const Tensor& t = a.at(i).to_tensor();
            KILN_CHECK(!t.is_floating_point() && t.dtype() != DType::Bool, RuntimeError,
                       i == 2 ? "input_lengths must be integral" : "target_lengths must be integral");
            return t.to_int_vector();
        }
        return a.at(i).to_int_list();
    };
    for (const char* overload : {"IntList(Tensor log_probs, Tensor targets, int[] input_lengths, int[] target_lengths",
                                 "Tensor(Tensor log_probs, Tensor targets, Tensor input_lengths, Tensor target_lengths"})
        def(std::string("aten::ctc_loss.") + overload + ", int blank=0, int reduction=Mean, bool zero_infinity=False) -> Tensor",
            [lengths](const IValueList& a) {
                return one(ctc_loss(tensor_arg(a, 0), tensor_arg(a, 1), lengths(a, 2), lengths(a, 3), int_arg(a, 4),
                                    reduction_arg(a, 5), bool_arg(a, 6)));
            });
    def("aten::_ctc_loss(Tensor log_probs, Tensor targets, int[] input_lengths, int[] target_lengths, int blank=0, "
        "bool zero_infinity=False) -> (Tensor, Tensor)",
        [lengths](const IValueList& a) {
            return two(ctc_loss_forward(tensor_arg(a, 0), tensor_arg(a, 1), lengths(a, 2), lengths(a, 3), int_arg(a, 4),
                                        bool_arg(a, 5)));
        });
    def("aten::_ctc_loss_backward(Tensor grad, Tensor log_probs, Tensor targets, int[] input_lengths, "
        "int[] target_lengths, Tensor neg_log_likelihood, Tensor log_alpha, int blank, bool zero_infinity=False) -> Tensor",
        [lengths](const IValueList& a) {
            return one(ctc_loss_backward(tensor_arg(a, 0), tensor_arg(a, 1), tensor_arg(a, 2), lengths(a, 3), lengths(a, 4),
                                         tensor_arg(a, 5), tensor_arg(a, 6), int_arg(a, 7), bool_arg(a, 8)));
        });

    // ---- losses ----
    def("aten::mse_loss(Tensor self, Tensor target, int reduction=Mean) -> Tensor",
        K { return one(mse_loss(tensor_arg(a, 0), tensor_arg(a, 1), reduction_arg(a, 2))); });
    def("aten::l1_loss(Tensor self, Tensor target, int reduction=Mean) -> Tensor",
        K { return one(l1_loss(tensor_arg(a, 0), tensor_arg(a, 1), reduction_arg(a, 2))); });
    def("aten::smooth_l1_loss(Tensor self, Tensor target, int reduction=Mean, float beta=1.0) -> Tensor",
        K { return one(smooth_l1_loss(tensor_arg(a, 0), tensor_arg(a, 1), reduction_arg(a, 2), float_arg(a, 3))); });
    def("aten::huber_loss(Tensor self, Tensor target, int reduction=Mean, float delta=1.0) -> Tensor",
        K { return one(huber_loss(tensor_arg(a, 0), tensor_arg(a, 1), reduction_arg(a, 2), float_arg(a, 3))); });
    def("aten::binary_cross_entropy(Tensor self, Tensor target, Tensor? weight=None, int reduction=Mean) -> Tensor",
        K { return one(binary_cross_entropy(tensor_arg(a, 0), tensor_arg(a, 1), opt_tensor(a, 2), reduction_arg(a, 3))); });
    // nll_loss_nd is the entry F.nll_loss uses for any rank; both run the same kernel.
    for (const char* name : {"nll_loss", "nll_loss_nd"})
        def(std::string("aten::") + name +
                "(Tensor self, Tensor target, Tensor? weight=None, int reduction=Mean, SymInt ignore_index=-100) "
                "-> Tensor",
            K {
                return one(nll_loss(tensor_arg(a, 0), tensor_arg(a, 1), opt_tensor(a, 2), reduction_arg(a, 3),
                                    int_arg(a, 4)));
            });
    // nll_loss as AOT autograd splits it (ops/native_backward.h): the loss and the summed weight of
    // the kept targets, and the gradient kernel the eager NllLossBackward0 runs.
    def("aten::nll_loss_forward(Tensor self, Tensor target, Tensor? weight, int reduction, SymInt ignore_index) -> "
        "(Tensor output, Tensor total_weight)",
        K {
            return two(nll_loss_forward(tensor_arg(a, 0), tensor_arg(a, 1), opt_tensor(a, 2), reduction_arg(a, 3),
                                        int_arg(a, 4)));
        });
    def("aten::nll_loss_backward(Tensor grad_output, Tensor self, Tensor target, Tensor? weight, int reduction, "
        "SymInt ignore_index, Tensor total_weight) -> Tensor",
        K {
            return one(nll_loss_backward(tensor_arg(a, 0), tensor_arg(a, 1), tensor_arg(a, 2), opt_tensor(a, 3),
                                         reduction_arg(a, 4), int_arg(a, 5), tensor_arg(a, 6)));
        });
    def("aten::cross_entropy_loss(Tensor self, Tensor target, Tensor? weight=None, int reduction=Mean, "
        "SymInt ignore_index=-100, float label_smoothing=0.0) -> Tensor",
        K {
            return one(cross_entropy(tensor_arg(a, 0), tensor_arg(a, 1), opt_tensor(a, 2), reduction_arg(a, 3),
                                     int_arg(a, 4), float_arg(a, 5)));
        });
    def("aten::kl_div(Tensor self, Tensor target, int reduction=Mean, *, bool log_target=False) -> Tensor",
        K { return one(kl_div(tensor_arg(a, 0), tensor_arg(a, 1), reduction_arg(a, 2), bool_arg(a, 3))); });
    def("aten::binary_cross_entropy_with_logits(Tensor self, Tensor target, Tensor? weight=None, "
        "Tensor? pos_weight=None, int reduction=Mean) -> Tensor",
        K {
            return one(binary_cross_entropy_with_logits(tensor_arg(a, 0), tensor_arg(a, 1), opt_tensor(a, 2),
                                                        opt_tensor(a, 3), reduction_arg(a, 4)));
        });
}

}  // namespace kiln::graph
