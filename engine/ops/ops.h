// The eager tensor operations: the torch.* surface as C++ free functions.
//
// Every function here computes its result immediately (eager mode) and, when grad mode is on and an
// input requires grad, records an autograd node whose name matches PyTorch's grad_fn
// (AddBackward0, MmBackward0, ...). Names, argument order and defaults follow torch; errors use
// PyTorch's wording. Each group lives in its own .cpp under ops/ (named in the group banner).
// Reference loops in float64 that tests compare against live in tests/, not here.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "tensor/tensor.h"

namespace kiln {

struct TensorOptions {
    std::optional<DType> dtype;  // unset: the op's default (float ops: torch.get_default_dtype())
    Device device = Device::CPU;
    bool requires_grad = false;
};

// ==== creation.cpp ==============================================================================
// torch.tensor(data): values in row-major order with their shape. dtype defaults from the values:
// float values give the default float dtype; this C++ form takes the dtype explicitly.
Tensor tensor(const std::vector<double>& values, const Shape& shape, DType dtype = DType::Float32,
              bool requires_grad = false);
Tensor scalar_tensor(Scalar value, std::optional<DType> dtype = std::nullopt);
// A 0-dim "wrapped number" tensor for a Python scalar operand (x + 1): lowest promotion rank.
Tensor wrapped_scalar(Scalar value);
Tensor empty(const Shape& shape, const TensorOptions& opts = {});
Tensor zeros(const Shape& shape, const TensorOptions& opts = {});
Tensor ones(const Shape& shape, const TensorOptions& opts = {});
Tensor full(const Shape& shape, Scalar value, const TensorOptions& opts = {});  // dtype from value
Tensor arange(Scalar end, const TensorOptions& opts = {});
Tensor arange(Scalar start, Scalar end, Scalar step = Scalar(int64_t(1)), const TensorOptions& opts = {});
Tensor linspace(double start, double end, int64_t steps, const TensorOptions& opts = {});
Tensor eye(int64_t n, std::optional<int64_t> m = std::nullopt, const TensorOptions& opts = {});
Tensor empty_like(const Tensor& t, std::optional<DType> dtype = std::nullopt);
Tensor zeros_like(const Tensor& t, std::optional<DType> dtype = std::nullopt);
Tensor ones_like(const Tensor& t, std::optional<DType> dtype = std::nullopt);
Tensor full_like(const Tensor& t, Scalar value, std::optional<DType> dtype = std::nullopt);

// ==== random.cpp ================================================================================
// The CPU generator is a Mersenne Twister (mt19937) seeded by manual_seed, and the float
// transforms follow PyTorch's CPU kernels so seeded programs print PyTorch's numbers.
void manual_seed(uint64_t seed);
uint64_t initial_seed();
// torch.Generator: PyTorch's CPUGeneratorImpl (mt19937 + the cached normal). default_generator() is
// the one torch.manual_seed seeds; ops draw from the innermost GeneratorScope's generator instead
// when one is open (the generator= argument of the random ops).
struct GeneratorImpl;
using GeneratorPtr = std::shared_ptr<GeneratorImpl>;
GeneratorPtr make_generator(Device device = Device::CPU);  // seeded with PyTorch's default seed 67280421310721
const GeneratorPtr& default_generator();
// The CUDA generator (torch.cuda.manual_seed; torch.manual_seed seeds it too): a seed and a Philox
// offset that each CUDA random fill advances (cuda/random.cu). reserve_cuda_philox hands out
// `increment` of its offset (a CUDA graph replay's fills) and returns {seed, first offset}.
const GeneratorPtr& default_cuda_generator();
Device generator_device(const GeneratorImpl& g);
std::pair<uint64_t, uint64_t> reserve_cuda_philox(uint64_t increment);
void manual_seed(GeneratorImpl& g, uint64_t seed);
uint64_t initial_seed(const GeneratorImpl& g);
uint64_t nondeterministic_seed(GeneratorImpl& g);  // Generator.seed(): a fresh seed, applied and returned
// get_state()/set_state(): PyTorch's 5056-byte CPUGeneratorImplState layout (16 bytes for CUDA: seed, offset).
std::vector<uint8_t> generator_state(GeneratorImpl& g);
void set_generator_state(GeneratorImpl& g, const std::vector<uint8_t>& state);
class GeneratorScope {
public:
    explicit GeneratorScope(GeneratorImpl* g);  // nullptr: no change
    ~GeneratorScope();
    GeneratorScope(const GeneratorScope&) = delete;
    GeneratorScope& operator=(const GeneratorScope&) = delete;

private:
    GeneratorImpl* prev_;
};
Tensor rand(const Shape& shape, const TensorOptions& opts = {});
Tensor randn(const Shape& shape, const TensorOptions& opts = {});
Tensor randint(int64_t low, int64_t high, const Shape& shape, const TensorOptions& opts = {});
Tensor rand_like(const Tensor& t);
Tensor randn_like(const Tensor& t);
Tensor randperm(int64_t n);
// In place: fill with U(from, to) / N(mean, std) (nn.init uses these).
Tensor& uniform_(Tensor& t, double from = 0.0, double to = 1.0);
Tensor& normal_(Tensor& t, double mean = 0.0, double std = 1.0);
Tensor& bernoulli_(Tensor& t, double p);
// bernoulli_(p) with a tensor of probabilities broadcast to t (torch.bernoulli(probs)).
Tensor& bernoulli_(Tensor& t, const Tensor& p);
// exponential_(lambd): -1/lambd * log(1 - U) with U a double uniform (PyTorch's CPU kernel).
Tensor& exponential_(Tensor& t, double lambd = 1.0);
// cauchy_, log_normal_, geometric_ and torch.poisson: ATen's CPU samplers, one double draw (two for a
// normal pair) per element in TensorIterator order, so values match PyTorch's under manual_seed.
Tensor& cauchy_(Tensor& t, double median = 0.0, double sigma = 1.0);
Tensor& log_normal_(Tensor& t, double mean = 1.0, double std = 2.0);
Tensor& geometric_(Tensor& t, double p);
Tensor poisson(const Tensor& rates);
// torch.binomial (_s_binomial_cpu): one sample per (count, prob) pair, prob broadcast to count's shape,
// ATen's sample_binomial (BTRS for count * p >= 10, inversion below) in the count's dtype.
Tensor binomial(const Tensor& count, const Tensor& prob);
// random_(): integers uniform over [0, 2^mantissa] for floats, [0, 2^63) for int64, {0, 1} for bool;
// random_(from, to): [from, to) (to unset: up to the dtype's limit).
Tensor& random_(Tensor& t);
Tensor& random_(Tensor& t, int64_t from, std::optional<int64_t> to);
// torch.multinomial: without replacement (or one sample) argmax/topk of p / Exp(1) noise, with
// replacement a binary search of U in the row's normalized cumulative distribution, as PyTorch's CPU.
Tensor multinomial(const Tensor& probs, int64_t num_samples, bool replacement = false);

// ==== views.cpp (views share storage; contiguous/reshape/clone may copy) =========================
Tensor view(const Tensor& t, const Shape& shape);  // one -1 allowed; "view size is not compatible..."
Tensor reshape(const Tensor& t, const Shape& shape);
// Tensor.view(dtype): the same bytes read as another dtype (the last dimension scales by the ratio of
// element sizes); not differentiable, as PyTorch's view.dtype.
Tensor view_dtype(const Tensor& t, DType dtype);
Tensor as_strided(const Tensor& t, const Shape& sizes, const Shape& strides, std::optional<int64_t> offset = std::nullopt);
Tensor permute(const Tensor& t, const std::vector<int64_t>& dims);
Tensor transpose(const Tensor& t, int64_t dim0, int64_t dim1);
Tensor t(const Tensor& x);  // 2-d transpose; <= 1-d returned as is
Tensor expand(const Tensor& t, const Shape& shape);  // -1 keeps a size
Tensor expand_as(const Tensor& t, const Tensor& other);
Tensor broadcast_to(const Tensor& t, const Shape& shape);
Tensor squeeze(const Tensor& t);
Tensor squeeze(const Tensor& t, int64_t dim);
Tensor unsqueeze(const Tensor& t, int64_t dim);
Tensor flatten(const Tensor& t, int64_t start_dim = 0, int64_t end_dim = -1);
Tensor unflatten(const Tensor& t, int64_t dim, const Shape& sizes);
// Python slicing t[start:stop:step] along dim; missing bounds are nullopt; step > 0.
Tensor slice(const Tensor& t, int64_t dim, std::optional<int64_t> start, std::optional<int64_t> end, int64_t step = 1);
Tensor select(const Tensor& t, int64_t dim, int64_t index);  // t[..., index] removing dim
Tensor narrow(const Tensor& t, int64_t dim, int64_t start, int64_t length);
std::vector<Tensor> unbind(const Tensor& t, int64_t dim = 0);
Tensor movedim(const Tensor& t, int64_t source, int64_t destination);
Tensor movedim(const Tensor& t, const std::vector<int64_t>& source, const std::vector<int64_t>& destination);
Tensor contiguous(const Tensor& t);
// A detached, contiguous CPU copy of t in dtype dt, made outside autograd: what host kernels read.
Tensor host_contiguous(const Tensor& t, DType dt);
Tensor clone(const Tensor& t);
Tensor to_dtype(const Tensor& t, DType dtype, bool copy = false);  // t.to(dtype), t.float(), ...
// t.to(device[, dtype]), t.cuda(), t.cpu(): a copy on `device` (t itself when nothing changes and
// !copy); gradients flow back to t's device and dtype (ToCopyBackward0).
Tensor to_device(const Tensor& t, Device device, std::optional<DType> dtype = std::nullopt, bool copy = false);
Tensor& copy_(Tensor& dst, const Tensor& src);  // broadcasts src, converts dtype
// PyTorch's assert_no_internal_overlap for the written-to tensor of an in-place op: a dimension of
// size > 1 with stride 0 (an expand()ed view) would write several results to one element.
void assert_no_internal_overlap(const Tensor& t);
// PyTorch's assert_no_partial_overlap between the written-to tensor and an input: views of one
// storage that share some elements but not all (a[1:].add_(a[:-1])) would read results already
// written; the same view twice (x.add_(x)) is fine.
void assert_no_partial_overlap(const Tensor& written, const Tensor& input);

// ==== pointwise.cpp (table: ops/pointwise.def) ==================================================
// Unary. Integer inputs to floating-only ops (exp, sin, sigmoid, ...) give the default float dtype.
// The table's KILN_UNARY_FN rows (sin, atan, erfinv, ...) declare themselves: Tensor name(const Tensor& x).
#define KILN_UNARY_FN(name, alias, inplace, grad_fn, kind, saves, expr, backward) Tensor name(const Tensor& x);
#include "ops/pointwise.def"
Tensor neg(const Tensor& x);
Tensor abs(const Tensor& x);
Tensor exp(const Tensor& x);
Tensor relu(const Tensor& x);
Tensor gelu(const Tensor& x, const std::string& approximate = "none");  // "none" | "tanh"
Tensor silu(const Tensor& x);
Tensor reciprocal(const Tensor& x);
Tensor round(const Tensor& x);  // torch.round(x, decimals=) is bindings/tensor.cpp's round_of
Tensor pow(const Tensor& x, Scalar exponent);
Tensor pow(const Tensor& x, const Tensor& exponent);
Tensor pow(Scalar base, const Tensor& exponent);
Tensor clamp(const Tensor& x, std::optional<Scalar> min, std::optional<Scalar> max);
Tensor leaky_relu(const Tensor& x, double negative_slope = 0.01);
Tensor softplus(const Tensor& x, double beta = 1.0, double threshold = 20.0);
// ATen's floating-only activation kernels: NotImplementedError "\"<kernel>\" not implemented for
// '<Type>'" for an integer or bool input (gelu, silu, elu, leaky_relu, softplus, mish, ...).
void check_activation_input(const Tensor& x, const char* kernel);
// Trig and special functions (rows of pointwise.def): integer inputs give the default float dtype.
Tensor trigamma(const Tensor& x);  // polygamma(1, x): digamma's derivative
Tensor polygamma(int64_t n, const Tensor& x);  // n = 0, 1
Tensor frac(const Tensor& x);                  // floating dtypes only
Tensor logit(const Tensor& x, std::optional<double> eps = std::nullopt);
Tensor bitwise_not(const Tensor& x);  // bool/integer dtypes only
// torch.nan_to_num: NaN -> nan (0), +-inf -> posinf/neginf (the dtype's finite extremes).
Tensor nan_to_num(const Tensor& x, std::optional<double> nan = std::nullopt, std::optional<double> posinf = std::nullopt,
                  std::optional<double> neginf = std::nullopt);

// Binary, broadcasting, with type promotion. Scalar overloads wrap the scalar (wrapped_scalar).
Tensor add(const Tensor& a, const Tensor& b, Scalar alpha = Scalar(int64_t(1)));
Tensor add(const Tensor& a, Scalar b, Scalar alpha = Scalar(int64_t(1)));
Tensor sub(const Tensor& a, const Tensor& b, Scalar alpha = Scalar(int64_t(1)));
Tensor sub(const Tensor& a, Scalar b, Scalar alpha = Scalar(int64_t(1)));
Tensor rsub(const Tensor& a, Scalar b);  // b - a
Tensor mul(const Tensor& a, const Tensor& b);
Tensor mul(const Tensor& a, Scalar b);
// rounding_mode: "" (true division: ints give float), "trunc", "floor".
Tensor div(const Tensor& a, const Tensor& b, const std::string& rounding_mode = "");
Tensor div(const Tensor& a, Scalar b, const std::string& rounding_mode = "");
Tensor div(Scalar a, const Tensor& b);
Tensor floor_divide(const Tensor& a, const Tensor& b);
Tensor floor_divide(const Tensor& a, Scalar b);
// a << k and a >> k of an integral tensor by a Python int (Tensor.__lshift__/__rshift__, and
// TorchScript's aten::__lshift__.Scalar/__rshift__.Scalar).
Tensor shift(const Tensor& a, int64_t k, bool left);
// torch.bitwise_left_shift / bitwise_right_shift (`a << b`, `a >> b` with a tensor count): ATen's
// lshift/rshift kernels over the promoted dtype, integer dtypes only ("lshift_cpu" not implemented for
// 'Float' / 'Bool'); a count < 0 or >= the width shifts everything out (left: 0; right: the sign fill).
Tensor bitwise_left_shift(const Tensor& a, const Tensor& b);
Tensor bitwise_right_shift(const Tensor& a, const Tensor& b);
Tensor remainder(const Tensor& a, const Tensor& b);  // Python %: sign of the divisor
Tensor remainder(const Tensor& a, Scalar b);
Tensor fmod(const Tensor& a, const Tensor& b);  // C fmod: sign of the dividend
Tensor fmod(const Tensor& a, Scalar b);
Tensor maximum(const Tensor& a, const Tensor& b);
Tensor minimum(const Tensor& a, const Tensor& b);
Tensor atan2(const Tensor& a, const Tensor& b);
Tensor hypot(const Tensor& a, const Tensor& b);  // floating dtypes only
Tensor fmax(const Tensor& a, const Tensor& b);   // NaN loses to a number
Tensor fmin(const Tensor& a, const Tensor& b);
Tensor heaviside(const Tensor& input, const Tensor& values);  // same dtypes only, not differentiable
// The regularized lower/upper incomplete gamma functions P(self, other), Q(self, other) (integers
// compute in the default float dtype); differentiable in `other` only, as in PyTorch.
Tensor igamma(const Tensor& self, const Tensor& other);
Tensor igammac(const Tensor& self, const Tensor& other);
Tensor nextafter(const Tensor& self, const Tensor& other);  // floating dtypes only, not differentiable
Tensor bitwise_and(const Tensor& a, const Tensor& b);  // bool/integer dtypes only
Tensor bitwise_or(const Tensor& a, const Tensor& b);
Tensor bitwise_xor(const Tensor& a, const Tensor& b);
// Comparisons and logic give bool tensors.
Tensor eq(const Tensor& a, const Tensor& b);
Tensor eq(const Tensor& a, Scalar b);
Tensor ne(const Tensor& a, const Tensor& b);
Tensor ne(const Tensor& a, Scalar b);
Tensor lt(const Tensor& a, const Tensor& b);
Tensor lt(const Tensor& a, Scalar b);
Tensor le(const Tensor& a, const Tensor& b);
Tensor le(const Tensor& a, Scalar b);
Tensor gt(const Tensor& a, const Tensor& b);
Tensor gt(const Tensor& a, Scalar b);
Tensor ge(const Tensor& a, const Tensor& b);
Tensor ge(const Tensor& a, Scalar b);
Tensor logical_and(const Tensor& a, const Tensor& b);
Tensor logical_or(const Tensor& a, const Tensor& b);
Tensor logical_xor(const Tensor& a, const Tensor& b);
Tensor logical_not(const Tensor& a);
Tensor where(const Tensor& cond, const Tensor& a, const Tensor& b);
Tensor where(const Tensor& cond, Scalar a, const Tensor& b);
Tensor where(const Tensor& cond, const Tensor& a, Scalar b);
Tensor masked_fill(const Tensor& x, const Tensor& mask, Scalar value);
bool equal(const Tensor& a, const Tensor& b);  // torch.equal
bool allclose(const Tensor& a, const Tensor& b, double rtol = 1e-5, double atol = 1e-8, bool equal_nan = false);

// In place (the result is written into x; x's version counter is bumped).
Tensor& add_(Tensor& x, const Tensor& other, Scalar alpha = Scalar(int64_t(1)));
Tensor& add_(Tensor& x, Scalar other, Scalar alpha = Scalar(int64_t(1)));
Tensor& sub_(Tensor& x, const Tensor& other, Scalar alpha = Scalar(int64_t(1)));
Tensor& mul_(Tensor& x, const Tensor& other);
Tensor& mul_(Tensor& x, Scalar other);
Tensor& div_(Tensor& x, const Tensor& other);
Tensor& div_(Tensor& x, Scalar other);
Tensor& zero_(Tensor& x);
Tensor& fill_(Tensor& x, Scalar value);
Tensor& clamp_(Tensor& x, std::optional<Scalar> min, std::optional<Scalar> max);
Tensor& relu_(Tensor& x);
Tensor& masked_fill_(Tensor& x, const Tensor& mask, Scalar value);
// Fused pointwise updates used by optimizers: x += alpha * a * b, x += alpha * a / b.
Tensor& addcmul_(Tensor& x, const Tensor& a, const Tensor& b, Scalar value = Scalar(1.0));
Tensor& addcdiv_(Tensor& x, const Tensor& a, const Tensor& b, Scalar value = Scalar(1.0));
Tensor& lerp_(Tensor& x, const Tensor& end, Scalar weight);
// The out-of-place forms: self broadcast with the other operands and promoted first (torch.addcmul...).
Tensor addcmul(const Tensor& x, const Tensor& a, const Tensor& b, Scalar value = Scalar(1.0));
Tensor addcdiv(const Tensor& x, const Tensor& a, const Tensor& b, Scalar value = Scalar(1.0));
Tensor lerp(const Tensor& x, const Tensor& end, Scalar weight);

// The PyTorch type-promotion result for a list of operands (see dtype.h).
DType result_type(const std::vector<Tensor>& operands);

// ==== reduce.cpp ================================================================================
// dims empty = all dims. dtype: accumulate/return type (sum of int64 stays int64, of bool -> int64).
Tensor sum(const Tensor& x, const std::vector<int64_t>& dims = {}, bool keepdim = false,
           std::optional<DType> dtype = std::nullopt);
Tensor mean(const Tensor& x, const std::vector<int64_t>& dims = {}, bool keepdim = false);
Tensor prod(const Tensor& x);
Tensor prod(const Tensor& x, int64_t dim, bool keepdim = false);
Tensor max(const Tensor& x);  // all elements
Tensor min(const Tensor& x);
std::pair<Tensor, Tensor> max(const Tensor& x, int64_t dim, bool keepdim = false);  // values, indices
std::pair<Tensor, Tensor> min(const Tensor& x, int64_t dim, bool keepdim = false);
Tensor amax(const Tensor& x, const std::vector<int64_t>& dims = {}, bool keepdim = false);
Tensor amin(const Tensor& x, const std::vector<int64_t>& dims = {}, bool keepdim = false);
Tensor argmax(const Tensor& x, std::optional<int64_t> dim = std::nullopt, bool keepdim = false);
Tensor argmin(const Tensor& x, std::optional<int64_t> dim = std::nullopt, bool keepdim = false);
Tensor var(const Tensor& x, const std::vector<int64_t>& dims = {}, double correction = 1.0, bool keepdim = false);
// torch.std; named std_dev because a function kiln::std would make `std::` ambiguous under
// `using namespace kiln`.
Tensor std_dev(const Tensor& x, const std::vector<int64_t>& dims = {}, double correction = 1.0, bool keepdim = false);
Tensor softmax(const Tensor& x, int64_t dim, std::optional<DType> dtype = std::nullopt);
Tensor log_softmax(const Tensor& x, int64_t dim, std::optional<DType> dtype = std::nullopt);
Tensor logsumexp(const Tensor& x, const std::vector<int64_t>& dims, bool keepdim = false);
Tensor norm(const Tensor& x, double p = 2.0, const std::vector<int64_t>& dims = {}, bool keepdim = false);
Tensor all(const Tensor& x);
Tensor any(const Tensor& x);
Tensor cumsum(const Tensor& x, int64_t dim);

// ==== linalg.cpp ================================================================================
Tensor mm(const Tensor& a, const Tensor& b);    // "mat1 and mat2 shapes cannot be multiplied (2x3 and 4x5)"
Tensor bmm(const Tensor& a, const Tensor& b);
Tensor matmul(const Tensor& a, const Tensor& b);  // 1-d/2-d/batched with broadcasting, as torch.matmul
Tensor addmm(const Tensor& bias, const Tensor& a, const Tensor& b, Scalar beta = Scalar(int64_t(1)),
             Scalar alpha = Scalar(int64_t(1)));
Tensor linear(const Tensor& x, const Tensor& weight, const Tensor& bias = Tensor());  // x @ w.T + b
Tensor dot(const Tensor& a, const Tensor& b);
Tensor outer(const Tensor& a, const Tensor& b);
Tensor mv(const Tensor& a, const Tensor& v);  // matrix @ vector
Tensor baddbmm(const Tensor& input, const Tensor& a, const Tensor& b, Scalar beta = Scalar(int64_t(1)),
               Scalar alpha = Scalar(int64_t(1)));

// ==== attention.cpp =============================================================================
// F.scaled_dot_product_attention: softmax(q @ k^T * scale + mask) @ v (scale defaults to
// 1/sqrt(head dim); mask bool (false masks out) or additive; causal: tril(ones(L, S))). Fused on
// the GPU when nothing needs gradients, and also with gradients where the fused backward applies
// (no mask or causal, no dropout, float32, head dim <= 64: one autograd node whose backward is the
// fused kernels, as PyTorch's ScaledDotProductEfficientAttentionBackward0). On the CPU, 4-D
// float32/float64 operands of one head dim without mask or dropout take the flash kernels, with or
// without gradients (ops/attention_cpu.h; ScaledDotProductFlashAttentionForCpuBackward0). 4-D
// results are in (B, L, H, D) memory order either way.
Tensor scaled_dot_product_attention(const Tensor& q, const Tensor& k, const Tensor& v, const Tensor& mask = Tensor(),
                                    double dropout_p = 0.0, bool causal = false,
                                    std::optional<double> scale = std::nullopt);
// The same without a mask (causal or not), no dropout, as compiled training runs it: {output,
// logsumexp of each query row's scaled scores} (the backward's input; shape q's without the head
// dim, float32 on the GPU, the operands' dtype on the CPU). Kiln's op behind
// aten::_scaled_dot_product_fused_attention, which AOT autograd puts in place of attention when the
// fused backward applies (PyTorch's Inductor keeps aten._scaled_dot_product_efficient_attention on
// the GPU and _scaled_dot_product_flash_attention_for_cpu on the CPU, which also return a
// logsumexp). No autograd.
std::vector<Tensor> scaled_dot_product_fused_attention(const Tensor& q, const Tensor& k, const Tensor& v, double scale,
                                                       bool causal = false);
// Its gradients: {dq, dk, dv} from the output's gradient, the forward's output `out` and logsumexp
// `lse`, recomputing the probabilities. On the GPU (float32, head dim <= 64, 4-D) two fused
// kernels that never hold an (L, S) matrix; on the CPU (4-D float32/float64) the flash backward
// (ops/attention_cpu.cpp); elsewhere the math (which recomputes what `lse` says).
// 4-D results in (B, L, H, D) memory order. Kiln's op behind
// aten::_scaled_dot_product_fused_attention_backward.
std::vector<Tensor> scaled_dot_product_attention_backward(const Tensor& grad, const Tensor& q, const Tensor& k,
                                                          const Tensor& v, const Tensor& out, const Tensor& lse,
                                                          double scale, bool causal = false);
// The same gradients, of q, k and v of one shape (B, H, L, D), in one (B, L, 3 * H * D) tensor:
// cat of the three with their heads merged, which the fused kernels write in place (Kiln's op behind
// aten::_scaled_dot_product_fused_attention_backward_packed, made by passes/pack_attention_grads).
Tensor scaled_dot_product_attention_backward_packed(const Tensor& grad, const Tensor& q, const Tensor& k,
                                                   const Tensor& v, const Tensor& out, const Tensor& lse, double scale,
                                                   bool causal = false);
bool attention_backward_fused_ok(const Tensor& q, const Tensor& k, const Tensor& v);

// ==== conv.cpp ==================================================================================
// mkldnn::_convolution_pointwise (PyTorch's CPU conv with a fused unary post-op; argument order
// padding, stride, dilation as its schema): attr "none" or "relu". Inductor's conv + unary fusion
// (passes/fuse_conv_pointwise.cpp) emits it in graphs without autograd.
Tensor convolution_pointwise(const Tensor& x, const Tensor& weight, const Tensor& bias, std::vector<int64_t> padding,
                             std::vector<int64_t> stride, std::vector<int64_t> dilation, int64_t groups,
                             const std::string& attr);
// mkldnn::_convolution_pointwise.binary: conv(x) + other (binary_attr "add", alpha 1), then
// unary_attr "relu" or none (ResNet's relu(conv(x) + identity) after BN folding).
Tensor convolution_pointwise_binary(const Tensor& x, const Tensor& other, const Tensor& weight, const Tensor& bias,
                                    std::vector<int64_t> padding, std::vector<int64_t> stride,
                                    std::vector<int64_t> dilation, int64_t groups, const std::string& binary_attr,
                                    std::optional<Scalar> alpha, const std::optional<std::string>& unary_attr);
Tensor conv2d(const Tensor& x, const Tensor& weight, const Tensor& bias = Tensor(),
              std::vector<int64_t> stride = {1, 1}, std::vector<int64_t> padding = {0, 0},
              std::vector<int64_t> dilation = {1, 1}, int64_t groups = 1);
Tensor max_pool2d(const Tensor& x, std::vector<int64_t> kernel_size, std::vector<int64_t> stride = {},
                  std::vector<int64_t> padding = {0, 0}, std::vector<int64_t> dilation = {1, 1},
                  bool ceil_mode = false);
// max_pool2d(return_indices=True) / aten::max_pool2d_with_indices: the values (differentiable) and
// the int64 indices of each window's maximum (flat over H*W of each plane), from one pass.
std::pair<Tensor, Tensor> max_pool2d_with_indices(const Tensor& x, std::vector<int64_t> kernel_size,
                                                  std::vector<int64_t> stride = {}, std::vector<int64_t> padding = {0, 0},
                                                  std::vector<int64_t> dilation = {1, 1}, bool ceil_mode = false);
// divisor_override: every window's sum is divided by it instead of the window's size (ATen's rule).
Tensor avg_pool2d(const Tensor& x, std::vector<int64_t> kernel_size, std::vector<int64_t> stride = {},
                  std::vector<int64_t> padding = {0, 0}, bool ceil_mode = false, bool count_include_pad = true,
                  std::optional<int64_t> divisor_override = std::nullopt);
Tensor adaptive_avg_pool2d(const Tensor& x, std::vector<int64_t> output_size);
// The 3-d forms: (N, C, D, H, W) or unbatched (C, D, H, W) inputs, the same kernels with a depth.
Tensor conv3d(const Tensor& x, const Tensor& weight, const Tensor& bias = Tensor(),
              std::vector<int64_t> stride = {1, 1, 1}, std::vector<int64_t> padding = {0, 0, 0},
              std::vector<int64_t> dilation = {1, 1, 1}, int64_t groups = 1);
Tensor max_pool3d(const Tensor& x, std::vector<int64_t> kernel_size, std::vector<int64_t> stride = {},
                  std::vector<int64_t> padding = {0}, std::vector<int64_t> dilation = {1}, bool ceil_mode = false);
// (values, int64 indices flat over D*H*W of each plane)
std::pair<Tensor, Tensor> max_pool3d_with_indices(const Tensor& x, std::vector<int64_t> kernel_size,
                                                  std::vector<int64_t> stride = {}, std::vector<int64_t> padding = {0},
                                                  std::vector<int64_t> dilation = {1}, bool ceil_mode = false);
Tensor avg_pool3d(const Tensor& x, std::vector<int64_t> kernel_size, std::vector<int64_t> stride = {},
                  std::vector<int64_t> padding = {0}, bool ceil_mode = false, bool count_include_pad = true,
                  std::optional<int64_t> divisor_override = std::nullopt);
Tensor adaptive_avg_pool3d(const Tensor& x, std::vector<int64_t> output_size);

// ==== normalization.cpp =========================================================================
Tensor layer_norm(const Tensor& x, const Shape& normalized_shape, const Tensor& weight = Tensor(),
                  const Tensor& bias = Tensor(), double eps = 1e-5);
// running_mean/var are updated in place when training (momentum as in PyTorch: new = (1-m)*old + m*batch,
// with the unbiased batch variance).
Tensor batch_norm(const Tensor& x, Tensor running_mean, Tensor running_var, const Tensor& weight,
                  const Tensor& bias, bool training, double momentum = 0.1, double eps = 1e-5);
Tensor dropout(const Tensor& x, double p = 0.5, bool training = true);
// Feature (channel-wise: Dropout1d/2d/3d) and alpha (AlphaDropout) dropout, ATen's _dropout_impl.
Tensor dropout_variant(const Tensor& x, double p, bool training, bool feature, bool alpha);
Tensor embedding(const Tensor& indices, const Tensor& weight, std::optional<int64_t> padding_idx = std::nullopt);
// aten::embedding_bag (ops/embedding_bag.cpp): mode 0 sum, 1 mean, 2 max; per_sample_weights
// undefined for none. Returns ATen's (output, offset2bag, bag_size, max_indices).
std::tuple<Tensor, Tensor, Tensor, Tensor> embedding_bag(const Tensor& weight, const Tensor& indices, const Tensor& offsets,
                                                         bool scale_grad_by_freq = false, int64_t mode = 0,
                                                         bool sparse = false, const Tensor& per_sample_weights = Tensor(),
                                                         bool include_last_offset = false,
                                                         std::optional<int64_t> padding_idx = std::nullopt);

// ==== loss.cpp ==================================================================================
// ctc_loss (ops/ctc_loss.cpp): log_probs (T, N, C) or (T, C), targets (N, S) or concatenated,
// one input and target length per sample; reduction "mean" | "sum" | "none".
Tensor ctc_loss(const Tensor& log_probs, const Tensor& targets, const std::vector<int64_t>& input_lengths,
                const std::vector<int64_t>& target_lengths, int64_t blank = 0, const std::string& reduction = "mean",
                bool zero_infinity = false);
// aten::_ctc_loss: (neg_log_likelihood, log_alpha) of 3-d log_probs and int64 targets, CtcLossBackward0.
std::pair<Tensor, Tensor> ctc_loss_forward(const Tensor& log_probs, const Tensor& targets,
                                           const std::vector<int64_t>& input_lengths,
                                           const std::vector<int64_t>& target_lengths, int64_t blank, bool zero_infinity);
// reduction: "mean" | "sum" | "none".
Tensor mse_loss(const Tensor& input, const Tensor& target, const std::string& reduction = "mean");
Tensor l1_loss(const Tensor& input, const Tensor& target, const std::string& reduction = "mean");
Tensor nll_loss(const Tensor& log_probs, const Tensor& target, const Tensor& weight = Tensor(),
                const std::string& reduction = "mean", int64_t ignore_index = -100);
Tensor cross_entropy(const Tensor& logits, const Tensor& target, const Tensor& weight = Tensor(),
                     const std::string& reduction = "mean", int64_t ignore_index = -100,
                     double label_smoothing = 0.0);
Tensor binary_cross_entropy_with_logits(const Tensor& input, const Tensor& target,
                                        const std::string& reduction = "mean");
// target (log_target: log-target) times its log ratio to input; reduction "none" | "mean" | "sum"
// (F.kl_div's 'batchmean' is "sum" over the batch size, computed by the caller as PyTorch's Python does).
Tensor kl_div(const Tensor& input, const Tensor& target, const std::string& reduction = "mean", bool log_target = false);
// weight scales each element's loss, pos_weight the positive term (either may be undefined).
Tensor binary_cross_entropy_with_logits(const Tensor& input, const Tensor& target, const Tensor& weight,
                                        const Tensor& pos_weight, const std::string& reduction = "mean");

// ==== join.cpp and index.cpp ====================================================================
Tensor cat(const std::vector<Tensor>& tensors, int64_t dim = 0);
Tensor stack(const std::vector<Tensor>& tensors, int64_t dim = 0);
std::vector<Tensor> split(const Tensor& t, int64_t split_size, int64_t dim = 0);
std::vector<Tensor> split(const Tensor& t, const std::vector<int64_t>& sizes, int64_t dim = 0);
std::vector<Tensor> chunk(const Tensor& t, int64_t chunks, int64_t dim = 0);
Tensor index_select(const Tensor& t, int64_t dim, const Tensor& index);
Tensor gather(const Tensor& t, int64_t dim, const Tensor& index);
Tensor scatter_add(const Tensor& t, int64_t dim, const Tensor& index, const Tensor& src);
Tensor masked_select(const Tensor& t, const Tensor& mask);
Tensor tril(const Tensor& t, int64_t diagonal = 0);
Tensor triu(const Tensor& t, int64_t diagonal = 0);

// ==== sort.cpp: order statistics ================================================================
// NaN orders after every number. sort/topk return (values, indices).
std::pair<Tensor, Tensor> sort(const Tensor& x, int64_t dim = -1, bool descending = false, bool stable = false);
Tensor argsort(const Tensor& x, int64_t dim = -1, bool descending = false, bool stable = false);
std::pair<Tensor, Tensor> topk(const Tensor& x, int64_t k, int64_t dim = -1, bool largest = true, bool sorted = true);
Tensor median(const Tensor& x);  // the lower median of all elements
std::pair<Tensor, Tensor> median(const Tensor& x, int64_t dim, bool keepdim = false);
Tensor cumprod(const Tensor& x, int64_t dim);
Tensor nonzero(const Tensor& x);  // int64 [count, ndim]
Tensor nonzero_flat(const Tensor& x);  // int64 [count]: the row-major positions of x's nonzero elements
// torch.unique (sorted): values, then inverse and counts when asked for.
std::vector<Tensor> unique(const Tensor& x, bool return_inverse = false, bool return_counts = false);
std::pair<Tensor, Tensor> aminmax(const Tensor& x, std::optional<int64_t> dim = std::nullopt, bool keepdim = false);
// join.cpp
Tensor hstack(const std::vector<Tensor>& tensors);
Tensor vstack(const std::vector<Tensor>& tensors);
Tensor dstack(const std::vector<Tensor>& tensors);
Tensor column_stack(const std::vector<Tensor>& tensors);
Tensor roll(const Tensor& x, const std::vector<int64_t>& shifts, const std::vector<int64_t>& dims);
Tensor repeat_interleave(const Tensor& x, int64_t repeats, std::optional<int64_t> dim = std::nullopt);

// ==== operators for C++ callers (tests, benchmarks) =============================================
inline Tensor operator+(const Tensor& a, const Tensor& b) { return add(a, b); }
inline Tensor operator-(const Tensor& a, const Tensor& b) { return sub(a, b); }
inline Tensor operator*(const Tensor& a, const Tensor& b) { return mul(a, b); }
inline Tensor operator/(const Tensor& a, const Tensor& b) { return div(a, b); }
inline Tensor operator-(const Tensor& a) { return neg(a); }
inline Tensor operator+(const Tensor& a, double b) { return add(a, Scalar(b)); }
inline Tensor operator-(const Tensor& a, double b) { return sub(a, Scalar(b)); }
inline Tensor operator*(const Tensor& a, double b) { return mul(a, Scalar(b)); }
inline Tensor operator/(const Tensor& a, double b) { return div(a, Scalar(b)); }

// ==== activation.cpp: activations as PyTorch's CPU dispatch computes them =========================
// gelu_cpu: F.gelu / nn.GELU. For float32 contiguous inputs with more than one element PyTorch's
// gelu_out_cpu runs oneDNN's eltwise_gelu_erf (Abramowitz-Stegun erf, GELU = S + S*erf), which
// rounds differently from x*0.5*(1+erf(x/sqrt2)); other inputs use the plain formula (gelu above).
Tensor gelu_cpu(const Tensor& x, const std::string& approximate = "none");

// ==== nn_extra.cpp: more torch.nn.functional ops ==================================================
// conv1d: (N, C, L) or (C, L) input, (O, C/groups, K) weight; runs as conv2d over a height of 1.
// While a RowMajorConvolution lives, convolution() lays its result out row-major whatever the 4-d view
// of a permuted 1-d input looks like (ATen's 1-d expansion makes the input contiguous first: "avoid
// accidentally going through NHWC for permuted 3d input").
struct RowMajorConvolution {
    RowMajorConvolution();
    ~RowMajorConvolution();
    bool previous;
};
Tensor conv1d(const Tensor& x, const Tensor& weight, const Tensor& bias = Tensor(), int64_t stride = 1,
              int64_t padding = 0, int64_t dilation = 1, int64_t groups = 1);
// adaptive_max_pool2d: (values, indices), windows [floor(o*I/O), ceil((o+1)*I/O)).
std::pair<Tensor, Tensor> adaptive_max_pool2d(const Tensor& x, std::vector<int64_t> output_size);
// group_norm: (N, C, *) input, C divisible by num_groups; biased variance per (sample, group).
Tensor group_norm(const Tensor& x, int64_t num_groups, const Tensor& weight = Tensor(), const Tensor& bias = Tensor(),
                  double eps = 1e-5);

// ==== complex.cpp: complex64/complex128 tensors ==================================================
// No kernel computes in a complex dtype: each op below runs as real ops on the real and imaginary
// parts (views of view_as_real), so autograd through them follows PyTorch's conjugate Wirtinger
// convention (a complex tensor's grad is dL/dRe + i dL/dIm). The real ops call the complex_* forms
// when an operand is complex (add, mul, sum, matmul, copy, fill, ...).
Tensor view_as_real(const Tensor& z);     // (..., 2) real view sharing storage
Tensor view_as_complex(const Tensor& x);  // (..., 2) real tensor -> complex view, PyTorch's checks
Tensor real(const Tensor& z);             // torch.real: a view (the tensor itself for real dtypes)
Tensor imag(const Tensor& z);             // torch.imag: a view; an error for real dtypes
Tensor complex(const Tensor& re, const Tensor& im);       // torch.complex
Tensor polar(const Tensor& abs, const Tensor& angle);     // torch.polar: abs * (cos + i sin)
Tensor conj(const Tensor& z);          // materialised conjugate (is_conj() reports PyTorch's bit)
Tensor resolve_conj(const Tensor& z);  // clears the conjugate bit
Tensor angle(const Tensor& z);         // atan2(imag, real); real inputs: 0 or pi (nan stays)
Tensor complex_add(const Tensor& a, const Tensor& b, Scalar alpha, bool subtract);
Tensor complex_mul(const Tensor& a, const Tensor& b);
Tensor complex_div(const Tensor& a, const Tensor& b);
Tensor complex_neg(const Tensor& z);
Tensor complex_exp(const Tensor& z);
Tensor complex_pow(const Tensor& z, Scalar exponent);  // integer powers by repeated products, else polar form
Tensor complex_abs(const Tensor& z);
Tensor complex_eq(const Tensor& a, const Tensor& b, bool not_equal);
Tensor complex_reduce(const Tensor& z, const std::vector<int64_t>& dims, bool keepdim, bool mean);
Tensor complex_matmul(const Tensor& a, const Tensor& b);
// The element kernels' complex cases: copy between any dtypes (complex -> real keeps the real part,
// as PyTorch does after its warning), fill with a (complex) scalar.
void copy_complex(const Tensor& dst, const Tensor& src, void (*real_copy)(const Tensor&, const Tensor&));
void fill_complex(const Tensor& t, Scalar value);
// A raw (no autograd) real view of a complex tensor: sizes + [2], doubled strides.
Tensor complex_as_real_raw(const Tensor& z);

}  // namespace kiln
