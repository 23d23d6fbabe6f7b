// The built-in layers of torch.nn, on top of nn::Module.
//
// Each constructor registers parameters/buffers/children in PyTorch's order and initialises them with
// PyTorch's draws (nn/init.h), so seeded models match PyTorch's numbers; extra_repr prints what
// PyTorch prints. forward() calls the functional op from ops/ops.h.
//
//   Linear, Conv1d/2d/3d             weight ~ kaiming_uniform_(a=sqrt(5)), bias ~ U(±1/sqrt(fan_in))
//   BatchNorm1d/2d/3d, LayerNorm     weight 1, bias 0; BatchNorm buffers running_mean/var, num_batches_tracked
//   Embedding                        weight ~ N(0, 1), padding_idx row zeroed
//   MultiheadAttention               in_proj_weight ~ xavier_uniform_, biases 0, out_proj a Linear
//   ReLU, GELU, Tanh, Sigmoid, SiLU, Dropout, Sequential, ModuleList
#pragma once
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "nn/module.h"

namespace kiln::nn {

class Linear : public Module {
public:
    Linear(int64_t in_features, int64_t out_features, bool bias = true, std::optional<DType> dtype = std::nullopt);
    std::vector<Tensor> forward(const std::vector<Tensor>& inputs) override;
    std::string extra_repr() const override;
    void reset_parameters();
    int64_t in_features, out_features;

protected:
    Linear(std::string type_name, int64_t in_features, int64_t out_features, bool bias, std::optional<DType> dtype);
};

// MultiheadAttention's out_proj: a Linear under another class name (so repr shows that name).
class NonDynamicallyQuantizableLinear : public Linear {
public:
    NonDynamicallyQuantizableLinear(int64_t in_features, int64_t out_features, bool bias = true,
                                    std::optional<DType> dtype = std::nullopt);
};

class Conv2d : public Module {
public:
    // kernel_size/stride/padding/dilation: one value (used for both dims) or two.
    Conv2d(int64_t in_channels, int64_t out_channels, std::vector<int64_t> kernel_size,
           std::vector<int64_t> stride = {1}, std::vector<int64_t> padding = {0}, std::vector<int64_t> dilation = {1},
           int64_t groups = 1, bool bias = true, std::optional<DType> dtype = std::nullopt);
    std::vector<Tensor> forward(const std::vector<Tensor>& inputs) override;
    std::string extra_repr() const override;
    void reset_parameters();
    int64_t in_channels, out_channels, groups;
    std::vector<int64_t> kernel_size, stride, padding, dilation;
    std::string padding_str;  // "same" / "valid" when the program gave a string (repr and .padding show it)
    std::string padding_mode = "zeros";  // or 'reflect' / 'replicate' / 'circular': the input is padded first
    // _ConvNd's _reversed_padding_repeated_twice: (left, right) per spatial dim, last dim first, in
    // F.pad's order; 'same' puts total // 2 on the left and the rest on the right.
    std::vector<int64_t> reversed_padding_repeated_twice() const;
    int64_t spatial_dims = 2;

protected:
    // Conv1d: one spatial dim, weight (out, in/groups, k).
    Conv2d(std::string type_name, int64_t spatial_dims, int64_t in_channels, int64_t out_channels,
           std::vector<int64_t> kernel_size, std::vector<int64_t> stride, std::vector<int64_t> padding,
           std::vector<int64_t> dilation, int64_t groups, bool bias, std::optional<DType> dtype);
};

class Conv1d : public Conv2d {
public:
    Conv1d(int64_t in_channels, int64_t out_channels, int64_t kernel_size, int64_t stride = 1, int64_t padding = 0,
           int64_t dilation = 1, int64_t groups = 1, bool bias = true, std::optional<DType> dtype = std::nullopt);
};

// Conv3d: three spatial dims, weight (out, in/groups, kd, kh, kw); the same layer with a depth.
class Conv3d : public Conv2d {
public:
    Conv3d(int64_t in_channels, int64_t out_channels, std::vector<int64_t> kernel_size,
           std::vector<int64_t> stride = {1}, std::vector<int64_t> padding = {0}, std::vector<int64_t> dilation = {1},
           int64_t groups = 1, bool bias = true, std::optional<DType> dtype = std::nullopt);
};

// GroupNorm(num_groups, num_channels, eps, affine): weight 1, bias 0.
class GroupNorm : public Module {
public:
    GroupNorm(int64_t num_groups, int64_t num_channels, double eps = 1e-5, bool affine = true,
              std::optional<DType> dtype = std::nullopt);
    std::vector<Tensor> forward(const std::vector<Tensor>& inputs) override;
    std::string extra_repr() const override;
    int64_t num_groups, num_channels;
    double eps;
    bool affine;
};

// _BatchNorm: BatchNorm1d takes (N, C) or (N, C, L), BatchNorm2d (N, C, H, W).
// BatchNormNd._check_input_dim's rule for dims = 1, 2, 3 (ValueError otherwise).
void batch_norm_check_input_dim(int dims, const Tensor& x);

class BatchNorm : public Module {
public:
    std::vector<Tensor> forward(const std::vector<Tensor>& inputs) override;
    std::string extra_repr() const override;
    int64_t num_features;
    double eps;
    std::optional<double> momentum;  // nullopt: cumulative moving average
    bool affine, track_running_stats;
    virtual void check_input_dim(const Tensor& x) const = 0;

protected:
    BatchNorm(std::string type_name, int64_t num_features, double eps, std::optional<double> momentum, bool affine,
              bool track_running_stats, std::optional<DType> dtype);
};

class BatchNorm1d : public BatchNorm {
public:
    explicit BatchNorm1d(int64_t num_features, double eps = 1e-5, std::optional<double> momentum = 0.1,
                         bool affine = true, bool track_running_stats = true,
                         std::optional<DType> dtype = std::nullopt);

protected:
    void check_input_dim(const Tensor& x) const override;
};

class BatchNorm2d : public BatchNorm {
public:
    explicit BatchNorm2d(int64_t num_features, double eps = 1e-5, std::optional<double> momentum = 0.1,
                         bool affine = true, bool track_running_stats = true,
                         std::optional<DType> dtype = std::nullopt);

protected:
    void check_input_dim(const Tensor& x) const override;
};

class BatchNorm3d : public BatchNorm {
public:
    explicit BatchNorm3d(int64_t num_features, double eps = 1e-5, std::optional<double> momentum = 0.1,
                         bool affine = true, bool track_running_stats = true,
                         std::optional<DType> dtype = std::nullopt);

protected:
    void check_input_dim(const Tensor& x) const override;
};

class LayerNorm : public Module {
public:
    explicit LayerNorm(Shape normalized_shape, double eps = 1e-5, bool elementwise_affine = true, bool bias = true,
                       std::optional<DType> dtype = std::nullopt);
    std::vector<Tensor> forward(const std::vector<Tensor>& inputs) override;
    std::string extra_repr() const override;
    Shape normalized_shape;
    double eps;
    bool elementwise_affine;
};

class ReLU : public Module {
public:
    ReLU() : Module("ReLU") {}
    std::vector<Tensor> forward(const std::vector<Tensor>& inputs) override;
};

class GELU : public Module {
public:
    explicit GELU(std::string approximate = "none");
    std::vector<Tensor> forward(const std::vector<Tensor>& inputs) override;
    std::string extra_repr() const override { return "approximate='" + approximate + "'"; }
    std::string approximate;
};

class Tanh : public Module {
public:
    Tanh() : Module("Tanh") {}
    std::vector<Tensor> forward(const std::vector<Tensor>& inputs) override;
};

class Sigmoid : public Module {
public:
    Sigmoid() : Module("Sigmoid") {}
    std::vector<Tensor> forward(const std::vector<Tensor>& inputs) override;
};

class SiLU : public Module {
public:
    SiLU() : Module("SiLU") {}
    std::vector<Tensor> forward(const std::vector<Tensor>& inputs) override;
};

class Dropout : public Module {
public:
    explicit Dropout(double p = 0.5);
    std::vector<Tensor> forward(const std::vector<Tensor>& inputs) override;
    std::string extra_repr() const override;
    double p;
};

class Embedding : public Module {
public:
    Embedding(int64_t num_embeddings, int64_t embedding_dim, std::optional<int64_t> padding_idx = std::nullopt,
              std::optional<DType> dtype = std::nullopt);
    std::vector<Tensor> forward(const std::vector<Tensor>& inputs) override;
    std::string extra_repr() const override;
    int64_t num_embeddings, embedding_dim;
    std::optional<int64_t> padding_idx;  // normalized to [0, num_embeddings)
    std::optional<double> max_norm;      // rows looked up are renormalized to it first (in place)
    double norm_type = 2.0;
    bool sparse = false;  // the weight's gradient as a sparse COO tensor (ops/embedding_sparse.h). Shown by extra_repr.
};

// F.embedding's max_norm (PyTorch's embedding_renorm_, under no_grad): every row of `weight` that
// `indices` names, taken once in sorted order, whose norm_type-norm exceeds max_norm is scaled by
// max_norm / (norm + 1e-7), in place.
void embedding_renorm_(Tensor& weight, const Tensor& indices, double max_norm, double norm_type);

// Runs its children in order, each on the previous one's outputs.
class Sequential : public Module {
public:
    Sequential() : Module("Sequential") {}
    explicit Sequential(const std::vector<ModulePtr>& modules);
    void append(ModulePtr m);
    size_t size() const { return own_children().size(); }
    ModulePtr operator[](int64_t i) const;  // negative indices count from the end
    std::vector<Tensor> forward(const std::vector<Tensor>& inputs) override;
};

// Holds submodules in a list; it has no forward. Its repr folds repeated identical children:
// "(0-2): 3 x Linear(...)".
class ModuleList : public Module {
public:
    ModuleList() : Module("ModuleList") {}
    explicit ModuleList(const std::vector<ModulePtr>& modules);
    void append(ModulePtr m);
    size_t size() const { return own_children().size(); }
    ModulePtr operator[](int64_t i) const;
    std::string repr() const override;
};

class MultiheadAttention : public Module {
public:
    // kdim / vdim other than embed_dim give separate q/k/v_proj_weight parameters (in_proj_weight None);
    // add_bias_kv appends the learned bias_k / bias_v (1, 1, E) to the keys and values, add_zero_attn a
    // zero key and value, as F.multi_head_attention_forward does (both widen the masks by one column).
    MultiheadAttention(int64_t embed_dim, int64_t num_heads, double dropout = 0.0, bool bias = true,
                       bool batch_first = false, std::optional<DType> dtype = std::nullopt,
                       std::optional<int64_t> kdim = std::nullopt, std::optional<int64_t> vdim = std::nullopt,
                       bool add_bias_kv = false, bool add_zero_attn = false);
    // F.multi_head_attention_forward (the non-fast path): returns (attn_output, attn_weights);
    // weights are undefined when need_weights is false, averaged over heads when
    // average_attn_weights, else (N, num_heads, L, S). Masks are bool (True = masked) or float (added).
    std::pair<Tensor, Tensor> attention(const Tensor& query, const Tensor& key, const Tensor& value,
                                        const Tensor& key_padding_mask = Tensor(), bool need_weights = true,
                                        const Tensor& attn_mask = Tensor(), bool average_attn_weights = true,
                                        bool is_causal = false);
    // forward({query, key, value}) = attention(query, key, value) with the defaults.
    std::vector<Tensor> forward(const std::vector<Tensor>& inputs) override;
    int64_t embed_dim, num_heads, head_dim, kdim, vdim;
    double dropout;
    bool batch_first;
    bool add_zero_attn = false;
    bool qkv_same_embed_dim() const { return kdim == embed_dim && vdim == embed_dim; }
};

}  // namespace kiln::nn
