// The built-in torch.nn layers (see modules.h). Constructors follow the order of torch/nn/modules/*.py
// (create parameters, register buffers, then reset_parameters) so the random draws line up.
#include "nn/modules.h"

#include <algorithm>
#include <cmath>

#include "autograd/grad_mode.h"
#include "autograd/node.h"
#include "nn/init.h"
#include "ops/embedding_sparse.h"
#include "ops/composite.h"
#include "ops/ops.h"
#include "support/error.h"

namespace kiln::nn {

namespace {

std::string py_bool(bool b) { return b ? "True" : "False"; }
std::string py_float(double d) { return Scalar(d).repr(); }

// A Python tuple of ints: (3,) or (3, 3).
std::string py_tuple(const std::vector<int64_t>& v) {
    std::string s = "(";
    for (size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + std::to_string(v[i]);
    return s + (v.size() == 1 ? ",)" : ")");
}

// _pair(x): one value for both spatial dims, or two.
std::vector<int64_t> pair_arg(const std::vector<int64_t>& v, const char* what) {
    if (v.size() == 1) return {v[0], v[0]};
    KILN_CHECK(v.size() == 2, ValueError, what, " must be an int or a tuple of two ints, got ", v.size(), " values");
    return v;
}

std::vector<int64_t> triple_arg(const std::vector<int64_t>& v, const char* what) {
    if (v.size() == 1) return {v[0], v[0], v[0]};
    KILN_CHECK(v.size() == 3, ValueError, what, " must be an int or a tuple of three ints, got ", v.size(), " values");
    return v;
}

const Tensor& single_input(const std::vector<Tensor>& inputs, const std::string& name) {
    // PyTorch's one-input layers declare forward(self, input): CPython's messages for the call
    KILN_CHECK(!inputs.empty(), TypeError, name, ".forward() missing 1 required positional argument: 'input'");
    KILN_CHECK(inputs.size() == 1, TypeError, name, ".forward() takes 2 positional arguments but ",
               inputs.size() + 1, " were given");
    return inputs[0];
}

Tensor new_param(const Shape& shape, std::optional<DType> dtype) {
    return make_parameter(init::factory("empty", shape, dtype));
}

// A norm layer's weight (1) or bias (0). Under a TorchFunctionMode it is PyTorch's torch.empty and
// init.ones_ / init.zeros_ (init.h's hooks); otherwise the filled tensor at once.
Tensor filled_param(const Shape& shape, std::optional<DType> dtype, double value) {
    if (!init::construction_hooks()) return make_parameter(value == 0.0 ? zeros(shape, {dtype}) : ones(shape, {dtype}));
    Tensor p = new_param(shape, dtype);
    if (value == 0.0) init::zeros_(p);
    else init::ones_(p);
    return p;
}

int64_t wrap_index(int64_t i, size_t n, const char* what) {
    const int64_t size = int64_t(n);
    KILN_CHECK(i >= -size && i < size, IndexError, "index ", i, " is out of range");
    (void)what;
    return i < 0 ? i + size : i;
}

}  // namespace

// ---- Linear ----------------------------------------------------------------------------------------

Linear::Linear(int64_t in, int64_t out, bool bias, std::optional<DType> dtype) : Linear("Linear", in, out, bias, dtype) {}

Linear::Linear(std::string type_name, int64_t in, int64_t out, bool bias, std::optional<DType> dtype)
    : Module(std::move(type_name)), in_features(in), out_features(out) {
    register_parameter("weight", new_param({out, in}, dtype));
    register_parameter("bias", bias ? new_param({out}, dtype) : Tensor());
    reset_parameters();
}

void Linear::reset_parameters() {
    Tensor w = parameter("weight"), b = parameter("bias");
    init::kaiming_uniform_(w, std::sqrt(5.0));
    if (b.defined()) {
        auto [fan_in, fan_out] = init::calculate_fan_in_and_fan_out(w);
        const double bound = fan_in > 0 ? 1 / std::sqrt(double(fan_in)) : 0;
        init::uniform_(b, -bound, bound);
    }
}

std::vector<Tensor> Linear::forward(const std::vector<Tensor>& inputs) {
    return {linear(single_input(inputs, type_name()), parameter("weight"), parameter("bias"))};
}

std::string Linear::extra_repr() const {
    return str("in_features=", in_features, ", out_features=", out_features,
               ", bias=", py_bool(parameter("bias").defined()));
}

NonDynamicallyQuantizableLinear::NonDynamicallyQuantizableLinear(int64_t in, int64_t out, bool bias,
                                                                 std::optional<DType> dtype)
    : Linear("NonDynamicallyQuantizableLinear", in, out, bias, dtype) {}

// ---- Conv2d ----------------------------------------------------------------------------------------

Conv2d::Conv2d(int64_t in, int64_t out, std::vector<int64_t> k, std::vector<int64_t> s, std::vector<int64_t> p,
               std::vector<int64_t> d, int64_t g, bool bias, std::optional<DType> dtype)
    : Conv2d("Conv2d", 2, in, out, std::move(k), std::move(s), std::move(p), std::move(d), g, bias, dtype) {}

Conv2d::Conv2d(std::string type_name, int64_t nd, int64_t in, int64_t out, std::vector<int64_t> k,
               std::vector<int64_t> s, std::vector<int64_t> p, std::vector<int64_t> d, int64_t g, bool bias,
               std::optional<DType> dtype)
    : Module(std::move(type_name)), in_channels(in), out_channels(out), groups(g), spatial_dims(nd) {
    KILN_CHECK(g > 0, ValueError, "groups must be a positive integer");
    KILN_CHECK(in % g == 0, ValueError, "in_channels must be divisible by groups");
    KILN_CHECK(out % g == 0, ValueError, "out_channels must be divisible by groups");
    if (nd == 1) {
        kernel_size = {k.at(0)};
        stride = {s.at(0)};
        padding = {p.at(0)};
        dilation = {d.at(0)};
    } else if (nd == 3) {
        kernel_size = triple_arg(k, "kernel_size");
        stride = triple_arg(s, "stride");
        padding = triple_arg(p, "padding");
        dilation = triple_arg(d, "dilation");
    } else {
        kernel_size = pair_arg(k, "kernel_size");
        stride = pair_arg(s, "stride");
        padding = pair_arg(p, "padding");
        dilation = pair_arg(d, "dilation");
    }
    Shape wshape{out, in / g};
    for (int64_t x : kernel_size) wshape.push_back(x);
    register_parameter("weight", new_param(wshape, dtype));
    register_parameter("bias", bias ? new_param({out}, dtype) : Tensor());
    reset_parameters();
}

void Conv2d::reset_parameters() {
    Tensor w = parameter("weight"), b = parameter("bias");
    init::kaiming_uniform_(w, std::sqrt(5.0));
    if (b.defined()) {
        auto [fan_in, fan_out] = init::calculate_fan_in_and_fan_out(w);
        if (fan_in != 0) {
            const double bound = 1 / std::sqrt(double(fan_in));
            init::uniform_(b, -bound, bound);
        }
    }
}

std::vector<int64_t> Conv2d::reversed_padding_repeated_twice() const {
    std::vector<int64_t> lr;
    for (size_t i = size_t(spatial_dims); i-- > 0;) {
        int64_t left = padding.size() == 1 ? padding[0] : padding.at(i), right = left;
        if (padding_str == "same") {
            const int64_t k = kernel_size.size() == 1 ? kernel_size[0] : kernel_size.at(i);
            const int64_t d = dilation.size() == 1 ? dilation[0] : dilation.at(i);
            left = d * (k - 1) / 2;
            right = d * (k - 1) - left;
        }
        lr.push_back(left);
        lr.push_back(right);
    }
    return lr;
}

std::vector<Tensor> Conv2d::forward(const std::vector<Tensor>& inputs) {
    Tensor x = single_input(inputs, type_name());
    // A padding_mode other than zeros, or an uneven 'same', pads the input first (F.pad with the mode;
    // ATen's _convolution_mode pads zeros) and convolves without padding, as _ConvNd._conv_forward.
    const size_t dims = size_t(spatial_dims);
    const std::vector<int64_t> lr = reversed_padding_repeated_twice();
    bool symmetric = true;
    for (size_t i = 0; i < dims; ++i) symmetric = symmetric && lr[2 * i] == lr[2 * i + 1];
    std::vector<int64_t> pad = padding;
    if (padding_mode != "zeros" || !symmetric) {
        x = padding_mode == "zeros" ? constant_pad_nd(x, lr) : pad_nonconstant(x, lr, padding_mode);
        pad.assign(dims, 0);
    } else if (padding_str == "same") {
        pad.clear();
        for (size_t i = dims; i-- > 0;) pad.push_back(lr[2 * i]);
    }
    if (spatial_dims == 1)
        return {conv1d(x, parameter("weight"), parameter("bias"), stride[0], pad[0], dilation[0], groups)};
    if (spatial_dims == 3) return {conv3d(x, parameter("weight"), parameter("bias"), stride, pad, dilation, groups)};
    return {conv2d(x, parameter("weight"), parameter("bias"), stride, pad, dilation, groups)};
}

std::string Conv2d::extra_repr() const {
    // _ConvNd.extra_repr: fields after stride only when they differ from the default.
    std::string s = str(in_channels, ", ", out_channels, ", kernel_size=", py_tuple(kernel_size),
                        ", stride=", py_tuple(stride));
    if (!padding_str.empty()) s += ", padding=" + padding_str;
    else if (padding != std::vector<int64_t>(padding.size(), 0)) s += ", padding=" + py_tuple(padding);
    if (dilation != std::vector<int64_t>(dilation.size(), 1)) s += ", dilation=" + py_tuple(dilation);
    if (groups != 1) s += str(", groups=", groups);
    if (!parameter("bias").defined()) s += ", bias=False";
    if (padding_mode != "zeros") s += ", padding_mode=" + padding_mode;
    return s;
}

Conv1d::Conv1d(int64_t in, int64_t out, int64_t k, int64_t s, int64_t p, int64_t d, int64_t g, bool bias,
               std::optional<DType> dtype)
    : Conv2d("Conv1d", 1, in, out, {k}, {s}, {p}, {d}, g, bias, dtype) {}

Conv3d::Conv3d(int64_t in, int64_t out, std::vector<int64_t> k, std::vector<int64_t> s, std::vector<int64_t> p,
               std::vector<int64_t> d, int64_t g, bool bias, std::optional<DType> dtype)
    : Conv2d("Conv3d", 3, in, out, std::move(k), std::move(s), std::move(p), std::move(d), g, bias, dtype) {}

// ---- GroupNorm -------------------------------------------------------------------------------------

GroupNorm::GroupNorm(int64_t g, int64_t c, double eps_, bool affine_, std::optional<DType> dtype)
    : Module("GroupNorm"), num_groups(g), num_channels(c), eps(eps_), affine(affine_) {
    KILN_CHECK(g > 0 && c % g == 0, ValueError, "num_channels must be divisible by num_groups");
    if (affine) {
        register_parameter("weight", filled_param({c}, dtype, 1.0));
        register_parameter("bias", filled_param({c}, dtype, 0.0));
    } else {
        register_parameter("weight", Tensor());
        register_parameter("bias", Tensor());
    }
}

std::vector<Tensor> GroupNorm::forward(const std::vector<Tensor>& inputs) {
    return {group_norm(single_input(inputs, type_name()), num_groups, parameter("weight"), parameter("bias"), eps)};
}

std::string GroupNorm::extra_repr() const {
    return str(num_groups, ", ", num_channels, ", eps=", py_float(eps), ", affine=", py_bool(affine));
}

// ---- BatchNorm -------------------------------------------------------------------------------------

BatchNorm::BatchNorm(std::string type_name, int64_t n, double eps_, std::optional<double> momentum_, bool affine_,
                     bool track, std::optional<DType> dtype)
    : Module(std::move(type_name)), num_features(n), eps(eps_), momentum(momentum_), affine(affine_),
      track_running_stats(track) {
    if (affine) {
        register_parameter("weight", filled_param({n}, dtype, 1.0));
        register_parameter("bias", filled_param({n}, dtype, 0.0));
    } else {
        register_parameter("weight", Tensor());
        register_parameter("bias", Tensor());
    }
    if (track) {
        register_buffer("running_mean", init::factory("zeros", {n}, dtype));
        register_buffer("running_var", init::factory("ones", {n}, dtype));
        register_buffer("num_batches_tracked", init::factory("tensor", {}, DType::Int64));
    } else {
        register_buffer("running_mean", Tensor());
        register_buffer("running_var", Tensor());
        register_buffer("num_batches_tracked", Tensor());
    }
}

std::vector<Tensor> BatchNorm::forward(const std::vector<Tensor>& inputs) {
    const Tensor& x = single_input(inputs, type_name());
    check_input_dim(x);
    double factor = momentum.value_or(0.0);
    if (training_ && track_running_stats) {
        Tensor nbt = buffer("num_batches_tracked");
        if (nbt.defined()) {
            autograd::NoGradGuard no_grad;
            add_(nbt, Scalar(int64_t(1)));  // in place where it lives: on a GPU, no wait for the device
            if (!momentum) factor = 1.0 / double(nbt.item().to_int());  // cumulative moving average
        }
    }
    Tensor rm = buffer("running_mean"), rv = buffer("running_var");
    const bool bn_training = training_ || (!rm.defined() && !rv.defined());
    const bool pass_stats = !training_ || track_running_stats;
    return {batch_norm(x, pass_stats ? rm : Tensor(), pass_stats ? rv : Tensor(), parameter("weight"),
                       parameter("bias"), bn_training, factor, eps)};
}

std::string BatchNorm::extra_repr() const {
    return str(num_features, ", eps=", py_float(eps), ", momentum=", momentum ? py_float(*momentum) : "None",
               ", affine=", py_bool(affine), ", track_running_stats=", py_bool(track_running_stats));
}

BatchNorm1d::BatchNorm1d(int64_t n, double eps, std::optional<double> momentum, bool affine, bool track,
                         std::optional<DType> dtype)
    : BatchNorm("BatchNorm1d", n, eps, momentum, affine, track, dtype) {}

void batch_norm_check_input_dim(int dims, const Tensor& x) {
    if (dims == 1)
        KILN_CHECK(x.dim() == 2 || x.dim() == 3, ValueError, "expected 2D or 3D input (got ", x.dim(), "D input)");
    else KILN_CHECK(x.dim() == dims + 2, ValueError, "expected ", dims + 2, "D input (got ", x.dim(), "D input)");
}

void BatchNorm1d::check_input_dim(const Tensor& x) const { batch_norm_check_input_dim(1, x); }

BatchNorm2d::BatchNorm2d(int64_t n, double eps, std::optional<double> momentum, bool affine, bool track,
                         std::optional<DType> dtype)
    : BatchNorm("BatchNorm2d", n, eps, momentum, affine, track, dtype) {}

void BatchNorm2d::check_input_dim(const Tensor& x) const { batch_norm_check_input_dim(2, x); }

BatchNorm3d::BatchNorm3d(int64_t n, double eps, std::optional<double> momentum, bool affine, bool track,
                         std::optional<DType> dtype)
    : BatchNorm("BatchNorm3d", n, eps, momentum, affine, track, dtype) {}

void BatchNorm3d::check_input_dim(const Tensor& x) const { batch_norm_check_input_dim(3, x); }

// ---- LayerNorm -------------------------------------------------------------------------------------

LayerNorm::LayerNorm(Shape shape, double eps_, bool affine, bool bias, std::optional<DType> dtype)
    : Module("LayerNorm"), normalized_shape(std::move(shape)), eps(eps_), elementwise_affine(affine) {
    if (affine) {
        register_parameter("weight", filled_param(normalized_shape, dtype, 1.0));
        register_parameter("bias", bias ? filled_param(normalized_shape, dtype, 0.0) : Tensor());
    } else {
        register_parameter("weight", Tensor());
        register_parameter("bias", Tensor());
    }
}

std::vector<Tensor> LayerNorm::forward(const std::vector<Tensor>& inputs) {
    return {layer_norm(single_input(inputs, type_name()), normalized_shape, parameter("weight"), parameter("bias"),
                       eps)};
}

std::string LayerNorm::extra_repr() const {
    return str(py_tuple(normalized_shape), ", eps=", py_float(eps), ", elementwise_affine=",
               py_bool(elementwise_affine));
}

// ---- activations and dropout -------------------------------------------------------------------

std::vector<Tensor> ReLU::forward(const std::vector<Tensor>& in) { return {relu(single_input(in, type_name()))}; }
std::vector<Tensor> Tanh::forward(const std::vector<Tensor>& in) { return {tanh(single_input(in, type_name()))}; }
std::vector<Tensor> Sigmoid::forward(const std::vector<Tensor>& in) {
    return {sigmoid(single_input(in, type_name()))};
}
std::vector<Tensor> SiLU::forward(const std::vector<Tensor>& in) { return {silu(single_input(in, type_name()))}; }

GELU::GELU(std::string approx) : Module("GELU"), approximate(std::move(approx)) {}

std::vector<Tensor> GELU::forward(const std::vector<Tensor>& in) {
    return {gelu_cpu(single_input(in, type_name()), approximate)};
}

Dropout::Dropout(double p_) : Module("Dropout"), p(p_) {
    KILN_CHECK(p >= 0.0 && p <= 1.0, ValueError, "dropout probability has to be between 0 and 1, but got ",
               py_float(p));
}

std::vector<Tensor> Dropout::forward(const std::vector<Tensor>& in) {
    return {dropout(single_input(in, type_name()), p, training_)};
}

std::string Dropout::extra_repr() const { return "p=" + py_float(p) + ", inplace=False"; }

// ---- Embedding -------------------------------------------------------------------------------------

Embedding::Embedding(int64_t num, int64_t dim, std::optional<int64_t> pad, std::optional<DType> dtype)
    : Module("Embedding"), num_embeddings(num), embedding_dim(dim) {
    if (pad) {
        KILN_CHECK(*pad < num && *pad >= -num, ValueError, "Padding_idx must be within num_embeddings");
        if (*pad < 0) *pad += num;
    }
    padding_idx = pad;
    register_parameter("weight", new_param({num, dim}, dtype));
    Tensor w = parameter("weight");
    init::normal_(w);
    if (padding_idx) {
        autograd::NoGradGuard no_grad;
        Tensor row = select(w, 0, *padding_idx);
        init::zeros_(row);
    }
}

void embedding_renorm_(Tensor& weight, const Tensor& indices, double max_norm, double norm_type) {
    autograd::NoGradGuard no_grad;
    std::vector<int64_t> ids = indices.to_int_vector();
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    for (int64_t id : ids) {
        Tensor row = select(weight, 0, id);
        const double n = norm(row, norm_type).item_double();
        if (n > max_norm) mul_(row, Scalar(max_norm / (n + 1e-7)));
    }
}

std::vector<Tensor> Embedding::forward(const std::vector<Tensor>& in) {
    const Tensor& input = single_input(in, type_name());
    if (max_norm) {
        Tensor w = parameter("weight");
        embedding_renorm_(w, input, *max_norm, norm_type);
    }
    return {embedding(input, parameter("weight"), padding_idx, sparse)};  // sparse: a sparse COO weight gradient
}

std::string Embedding::extra_repr() const {
    std::string s = str(num_embeddings, ", ", embedding_dim);
    if (padding_idx) s += str(", padding_idx=", *padding_idx);
    if (max_norm) s += ", max_norm=" + Scalar(*max_norm).repr();
    if (norm_type != 2.0) s += ", norm_type=" + Scalar(norm_type).repr();
    if (sparse) s += ", sparse=True";  // sparse.py's Embedding.extra_repr
    return s;
}

// ---- containers ------------------------------------------------------------------------------------

Sequential::Sequential(const std::vector<ModulePtr>& modules) : Module("Sequential") {
    for (const ModulePtr& m : modules) append(m);
}

void Sequential::append(ModulePtr m) { register_module(std::to_string(size()), std::move(m)); }

ModulePtr Sequential::operator[](int64_t i) const {
    return own_children()[size_t(wrap_index(i, size(), "Sequential"))].second;
}

std::vector<Tensor> Sequential::forward(const std::vector<Tensor>& inputs) {
    std::vector<Tensor> x = inputs;
    for (const auto& [name, m] : own_children())
        if (m) x = m->forward(x);
    return x;
}

ModuleList::ModuleList(const std::vector<ModulePtr>& modules) : Module("ModuleList") {
    for (const ModulePtr& m : modules) append(m);
}

void ModuleList::append(ModulePtr m) { register_module(std::to_string(size()), std::move(m)); }

ModulePtr ModuleList::operator[](int64_t i) const {
    return own_children()[size_t(wrap_index(i, size(), "ModuleList"))].second;
}

std::string ModuleList::repr() const {
    // ModuleList.__repr__: runs of identical child reprs print once as "(i-j): n x <repr>".
    NestingGuard nesting;
    const auto& kids = own_children();
    if (kids.empty()) return repr_name() + "()";
    std::vector<std::string> reprs;
    for (const auto& [n, m] : kids) reprs.push_back(m ? m->repr() : "None");
    std::string out = repr_name() + "(";
    size_t start = 0;
    while (start < reprs.size()) {
        size_t end = start;
        while (end + 1 < reprs.size() && reprs[end + 1] == reprs[start]) ++end;
        std::string local = start == end ? str("(", start, "): ", reprs[start])
                                         : str("(", start, "-", end, "): ", end - start + 1, " x ", reprs[start]);
        out += "\n  " + add_indent(local, 2);
        start = end + 1;
    }
    return out + "\n)";
}

// ---- MultiheadAttention ----------------------------------------------------------------------------

MultiheadAttention::MultiheadAttention(int64_t e, int64_t h, double p, bool bias, bool bf, std::optional<DType> dtype,
                                       std::optional<int64_t> kd, std::optional<int64_t> vd, bool add_bias_kv,
                                       bool zero_attn)
    : Module("MultiheadAttention"), embed_dim(e), num_heads(h), head_dim(h > 0 ? e / h : 0), kdim(kd.value_or(e)),
      vdim(vd.value_or(e)), dropout(p), batch_first(bf), add_zero_attn(zero_attn) {
    KILN_CHECK(h > 0 && e > 0, ValueError, "embed_dim and num_heads must be greater than 0, got embed_dim=", e,
               " and num_heads=", h, " instead");
    KILN_CHECK(head_dim * h == e, ValueError, "embed_dim must be divisible by num_heads");
    // Registration order as in PyTorch's __init__ (named_parameters / state_dict order).
    const bool same = qkv_same_embed_dim();
    if (!same) {
        register_parameter("q_proj_weight", new_param({e, e}, dtype));
        register_parameter("k_proj_weight", new_param({e, kdim}, dtype));
        register_parameter("v_proj_weight", new_param({e, vdim}, dtype));
        register_parameter("in_proj_weight", Tensor());
    } else {
        register_parameter("in_proj_weight", new_param({3 * e, e}, dtype));
        register_parameter("q_proj_weight", Tensor());
        register_parameter("k_proj_weight", Tensor());
        register_parameter("v_proj_weight", Tensor());
    }
    register_parameter("in_proj_bias", bias ? new_param({3 * e}, dtype) : Tensor());
    // out_proj draws its Linear init first; _reset_parameters then draws the in-projection weights.
    auto out_proj = std::make_shared<NonDynamicallyQuantizableLinear>(e, e, bias, dtype);
    register_module("out_proj", out_proj);
    if (add_bias_kv) {
        register_parameter("bias_k", new_param({1, 1, e}, dtype));
        register_parameter("bias_v", new_param({1, 1, e}, dtype));
    }
    if (same) {
        Tensor w = parameter("in_proj_weight");
        init::xavier_uniform_(w);
    } else {
        for (const char* n : {"q_proj_weight", "k_proj_weight", "v_proj_weight"}) {
            Tensor w = parameter(n);
            init::xavier_uniform_(w);
        }
    }
    if (bias) {
        Tensor b = parameter("in_proj_bias");
        init::constant_(b, 0.0);
        Tensor ob = out_proj->parameter("bias");
        init::constant_(ob, 0.0);
    }
    if (add_bias_kv) {
        for (const char* n : {"bias_k", "bias_v"}) {
            Tensor b = parameter(n);
            init::xavier_normal_(b);
        }
    }
}

namespace {
// F._canonical_mask: a bool mask becomes 0 / -inf in the query's dtype; float masks pass through.
Tensor canonical_mask(const Tensor& mask, const char* name, DType dtype) {
    if (!mask.defined()) return mask;
    if (mask.dtype() == DType::Bool) return masked_fill(zeros(mask.sizes(), {dtype}), mask, Scalar(-INFINITY));
    KILN_CHECK(mask.is_floating_point(), RuntimeError, "only bool and floating types of ", name, " are supported");
    return mask;
}
}  // namespace

namespace {
// The heads (N, H, L, hd) merged and projected as F.multi_head_attention_forward does: in (L, N, E)
// order, so the result is (L, N, E) contiguous (squeezed when unbatched) and, for batch_first, the
// transpose MultiheadAttention.forward returns. Later ops follow that layout (dropout draws in it).
// On MultiheadAttention.forward's fast path (`fast`: _native_multi_head_attention) the result is
// (N, L, E) contiguous instead.
Tensor merge_heads_project(const Tensor& heads, const ModulePtr& proj, bool batched, bool batch_first, bool fast) {
    const int64_t N = heads.size(0), H = heads.size(1), L = heads.size(2), hd = heads.size(3);
    if (fast) {
        Tensor merged = reshape(transpose(heads, 1, 2), {N * L, H * hd});
        return view(linear(merged, proj->parameter("weight"), proj->parameter("bias")), {N, L, H * hd});
    }
    Tensor merged = reshape(permute(heads, {2, 0, 1, 3}), {L * N, H * hd});
    Tensor out = view(linear(merged, proj->parameter("weight"), proj->parameter("bias")), {L, N, H * hd});
    if (!batched) return squeeze(out, 1);
    return batch_first ? transpose(out, 0, 1) : out;
}
}  // namespace

std::pair<Tensor, Tensor> MultiheadAttention::attention(const Tensor& query, const Tensor& key, const Tensor& value,
                                                        const Tensor& key_padding_mask, bool need_weights,
                                                        const Tensor& attn_mask_in, bool average_attn_weights,
                                                        bool is_causal) {
    const bool batched = query.dim() == 3;
    if (batched) {
        KILN_CHECK(key.dim() == 3 && value.dim() == 3, RuntimeError,
                   "For batched (3-D) `query`, expected `key` and `value` to be 3-D but found ", key.dim(), "-D and ",
                   value.dim(), "-D tensors respectively");
    } else {
        KILN_CHECK(query.dim() == 2, RuntimeError,
                   "query should be unbatched 2D or batched 3D tensor but received ", query.dim(), "-D query tensor");
        KILN_CHECK(key.dim() == 2 && value.dim() == 2, RuntimeError,
                   "For unbatched (2-D) `query`, expected `key` and `value` to be 2-D but found ", key.dim(),
                   "-D and ", value.dim(), "-D tensors respectively");
    }
    KILN_CHECK(!is_causal || attn_mask_in.defined(), RuntimeError,
               "Need attn_mask if specifying the is_causal hint. You may use the Transformer module method "
               "`generate_square_subsequent_mask` to create this mask.");
    Tensor kpm = canonical_mask(key_padding_mask, "key_padding_mask", query.dtype());
    Tensor mask = canonical_mask(attn_mask_in, "attn_mask", query.dtype());

    // Work batch-first, (N, L, E), as the traced forward does (bindings/attention_py.cpp): a
    // batch_first input is projected as it lies (one GEMM per projection, the bias in its epilogue),
    // and self-attention (query, key and value one tensor) projects q, k and v with one GEMM.
    const bool self_attention = query.is_same(key) && key.is_same(value);
    Tensor q = query, k = key, v = value;
    if (!batched) {
        q = unsqueeze(q, 0);
        k = unsqueeze(k, 0);
        v = unsqueeze(v, 0);
        if (kpm.defined()) kpm = unsqueeze(kpm, 0);
    } else if (!batch_first) {
        q = transpose(q, 0, 1);
        k = transpose(k, 0, 1);
        v = transpose(v, 0, 1);
    }
    const int64_t N = q.size(0), L = q.size(1), E = q.size(2), H = num_heads, hd = head_dim;
    int64_t S = k.size(1);
    KILN_CHECK(E == embed_dim, RuntimeError, "was expecting embedding dimension of ", embed_dim, ", but got ", E);
    const bool same = qkv_same_embed_dim();
    if (same) {
        KILN_CHECK(k.sizes() == v.sizes(), RuntimeError, "key shape ", shape_repr(transpose(k, 0, 1).sizes()),
                   " does not match value shape ", shape_repr(transpose(v, 0, 1).sizes()));
    } else {
        KILN_CHECK(k.size(0) == v.size(0) && k.size(1) == v.size(1), RuntimeError, "key's sequence and batch dims ",
                   shape_repr(Shape{k.size(1), k.size(0)}), " do not match value's ", shape_repr(Shape{v.size(1), v.size(0)}));
    }

    // In-projection: rows [0, E) of in_proj_weight make q, [E, 2E) k, [2E, 3E) v (or, with kdim / vdim,
    // q/k/v_proj_weight with the same rows of in_proj_bias: F._in_projection).
    Tensor w = parameter("in_proj_weight"), b = parameter("in_proj_bias");
    // a layer whose in_proj_weight a program set to None is refused as F.multi_head_attention_forward
    // refuses it (an AssertionError, which bindings/nn.cpp raises first)
    KILN_CHECK(!same || w.defined(), RuntimeError, "use_separate_proj_weight is False but in_proj_weight is None");
    auto rows = [&](const Tensor& t, int64_t i) { return t.defined() ? slice(t, 0, i * E, (i + 1) * E) : Tensor(); };
    Tensor qp, kp, vp;
    if (!same) {
        qp = linear(q, parameter("q_proj_weight"), rows(b, 0));
        kp = linear(k, parameter("k_proj_weight"), rows(b, 1));
        vp = linear(v, parameter("v_proj_weight"), rows(b, 2));
    } else if (self_attention) {
        Tensor qkv = linear(q, w, b);
        qp = slice(qkv, 2, 0, E);
        kp = slice(qkv, 2, E, 2 * E);
        vp = slice(qkv, 2, 2 * E, 3 * E);
    } else {
        qp = linear(q, rows(w, 0), rows(b, 0));
        kp = linear(k, rows(w, 1), rows(b, 1));
        vp = linear(v, rows(w, 2), rows(b, 2));
    }

    // add_bias_kv, then add_zero_attn: one more key/value position each (bias_k / bias_v, zeros), the
    // masks widened by a column that masks nothing (F.pad with 0 after _canonical_mask)
    // (has_parameter first: parameter() of an absent name asks the Python attribute)
    Tensor bias_k = has_parameter("bias_k") ? parameter("bias_k") : Tensor();
    Tensor bias_v = has_parameter("bias_v") ? parameter("bias_v") : Tensor();
    const int64_t extra = (bias_k.defined() ? 1 : 0) + (add_zero_attn ? 1 : 0);
    if (bias_k.defined()) {
        kp = cat({kp, expand(bias_k, {N, 1, E})}, 1);
        vp = cat({vp, expand(bias_v, {N, 1, E})}, 1);
    }
    if (add_zero_attn) {
        kp = cat({kp, zeros({N, 1, E}, TensorOptions{kp.dtype(), kp.device()})}, 1);
        vp = cat({vp, zeros({N, 1, E}, TensorOptions{vp.dtype(), vp.device()})}, 1);
    }
    if (extra > 0) {
        if (mask.defined()) {  // checked against the unpadded sizes first, as PyTorch checks before padding
            const bool ok2 = mask.dim() == 2 && mask.size(0) == L && mask.size(1) == S;
            const bool ok3 = mask.dim() == 3 && mask.size(0) == N * H && mask.size(1) == L && mask.size(2) == S;
            KILN_CHECK(mask.dim() == 2 || mask.dim() == 3, RuntimeError, "attn_mask's dimension ", mask.dim(),
                       " is not supported");
            KILN_CHECK(ok2 || ok3, RuntimeError, "The shape of the ", mask.dim(), "D attn_mask is ",
                       shape_repr(mask.sizes()), ", but should be (", mask.dim() == 3 ? str(N * H, ", ") : std::string(),
                       L, ", ", S, ").");
            mask = constant_pad_nd(mask, {0, extra});
        }
        if (kpm.defined()) kpm = constant_pad_nd(kpm, {0, extra});
        S += extra;
    }

    if (mask.defined()) {
        if (mask.dim() == 2) {
            KILN_CHECK(mask.size(0) == L && mask.size(1) == S, RuntimeError, "The shape of the 2D attn_mask is ",
                       shape_repr(mask.sizes()), ", but should be (", L, ", ", S, ").");
            mask = unsqueeze(mask, 0);
        } else if (mask.dim() == 3) {
            KILN_CHECK(mask.size(0) == N * H && mask.size(1) == L && mask.size(2) == S, RuntimeError,
                       "The shape of the 3D attn_mask is ", shape_repr(mask.sizes()), ", but should be (", N * H, ", ",
                       L, ", ", S, ").");
        } else {
            KILN_FAIL(RuntimeError, "attn_mask's dimension ", mask.dim(), " is not supported");
        }
    }
    if (kpm.defined()) {
        KILN_CHECK(kpm.dim() == 2 && kpm.size(0) == N && kpm.size(1) == S, RuntimeError,
                   "expecting key_padding_mask shape of (", N, ", ", S, "), but got ", shape_repr(kpm.sizes()));
        kpm = reshape(expand(view(kpm, {N, 1, 1, S}), {-1, H, -1, -1}), {N * H, 1, S});
        mask = mask.defined() ? add(mask, kpm) : kpm;
    }

    ModulePtr proj = child("out_proj");
    const double p = training_ ? dropout : 0.0;
    // MultiheadAttention.forward's fast-path conditions (its why_not_fast_path checks): inference,
    // batch_first, batched self-attention, an even head count, and no gradient to record; a layer
    // without an in-projection bias passes them but takes the reference path.
    const bool fast = !training_ && batch_first && batched && self_attention && num_heads % 2 == 0 && b.defined() &&
                      !autograd::needs_grad({query, w, b, proj->parameter("weight"), proj->parameter("bias")});
    if (!need_weights) {
        // Heads as views (N, H, L, hd); scaled_dot_product_attention (fused on the GPU) returns them
        // in (N, L, H, hd) memory order, so merging the heads back is a view. The mask, (1, L, S) or
        // (N*H, L|1, S) here, broadcasts over (N, H, L, S).
        Tensor m4 = mask;
        if (m4.defined() && m4.size(0) == N * H && N * H != 1) m4 = reshape(m4, {N, H, m4.size(1), S});
        Tensor o = scaled_dot_product_attention(transpose(reshape(qp, {N, L, H, hd}), 1, 2),
                                                transpose(reshape(kp, {N, S, H, hd}), 1, 2),
                                                transpose(reshape(vp, {N, S, H, hd}), 1, 2), m4, p, false);
        return {merge_heads_project(o, proj, batched, batch_first, fast), Tensor()};
    }

    // Split heads: (N, L, E) -> (N*H, L, hd), q scaled on the way.
    Tensor qh = reshape(mul(transpose(reshape(qp, {N, L, H, hd}), 1, 2), Scalar(std::sqrt(1.0 / double(hd)))), {N * H, L, hd});
    Tensor kh = reshape(transpose(reshape(kp, {N, S, H, hd}), 1, 2), {N * H, S, hd});
    Tensor vh = reshape(transpose(reshape(vp, {N, S, H, hd}), 1, 2), {N * H, S, hd});
    Tensor scores = matmul(qh, transpose(kh, -2, -1));
    if (mask.defined()) scores = add(mask, scores);  // baddbmm(attn_mask, q_scaled, k^T)
    Tensor attn = softmax(scores, -1);
    if (p > 0.0) attn = kiln::dropout(attn, p, true);
    Tensor out = merge_heads_project(view(matmul(attn, vh), {N, H, L, hd}), proj, batched, batch_first, fast);

    Tensor weights;
    if (need_weights) {
        weights = view(attn, {N, H, L, S});
        if (average_attn_weights) weights = mean(weights, {1});
        if (!batched) weights = squeeze(weights, 0);
    }
    return {out, weights};
}

std::vector<Tensor> MultiheadAttention::forward(const std::vector<Tensor>& inputs) {
    KILN_CHECK(inputs.size() == 3, TypeError, "MultiheadAttention.forward() missing required positional arguments: "
               "expected query, key and value, got ", inputs.size(), " tensors");
    auto [out, weights] = attention(inputs[0], inputs[1], inputs[2]);
    return {out, weights};
}

}  // namespace kiln::nn
