// Pointwise operations: unary math, broadcasting binary arithmetic, comparisons, where/masked_fill,
// and the in-place forms that optimizers use.
//
// The math of every op is one row of ops/pointwise.def; this file expands those rows into
// kernels and wraps them with PyTorch's dtype rules and autograd formulas. A call goes:
//   1. pick the result dtype (result_type: dimensioned tensors > 0-dim tensors > Python scalars;
//      integer inputs to floating ops give the default float dtype), check PyTorch's errors;
//   2. convert inputs whose dtype differs from the compute dtype, view them broadcast (stride 0);
//   3. run the row's scalar expression in an ElementwiseLoop, with fast inner loops for contiguous
//      operands and for a stride-0 (scalar) operand that the compiler vectorizes; float16/bfloat16
//      load as float32 and round on store;
//   4. record the autograd node named as PyTorch's grad_fn, whose formula uses ordinary ops.
// In-place ops (x.add_(y)) run the kernel straight into x when nothing needs a gradient, and
// otherwise go through autograd's inplace_source/inplace_rebase (see autograd/node.h).
//
// [SECTION] index: loads/stores, kernels, dtype rules, launchers, unary ops, binary ops,
// comparisons and logic, where/masked_fill, equal/allclose, in-place ops.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>
#include <type_traits>

#include "autograd/forward_ad.h"
#include "autograd/grad_mode.h"
#include "autograd/node.h"
#include "cuda/backward.h"
#include "cuda/dispatch.h"
#include "ops/gelu_forward.h"
#include "ops/complex_unary.h"
#include "ops/ops.h"
#include "ops/optim_kernels.h"
#include "ops/output_layout.h"
#include "ops/pointwise_math.h"
#include "support/error.h"
#include "tensor/iter.h"
#include "tensor/meta.h"
#include "tensor/parallel.h"

// The browser's build compiles this file's code outside the kernels for size (clang's minsize, as
// -Oz): the dtype rules, launchers, autograd formulas and in-place rules run once per op call, and
// were two thirds of the file's WebAssembly once the row kernels were shared. The row kernels, the
// fused GELU backward and the fused optimizer updates stay outside these regions, at the file's -O2
// (their loops vectorize). Natively everything keeps the build's optimization.
#ifdef __EMSCRIPTEN__
#define KILN_POINTWISE_COLD_BEGIN _Pragma("clang attribute push(__attribute__((minsize)), apply_to = function)")
#define KILN_POINTWISE_COLD_END _Pragma("clang attribute pop")
#else
#define KILN_POINTWISE_COLD_BEGIN
#define KILN_POINTWISE_COLD_END
#endif

namespace kiln {

namespace {

using autograd::Grads;
using autograd::SavedTensor;
using autograd::sum_to;

// ==== [SECTION] loads/stores =====================================================================
// Kernels compute in compute_of<S>: the storage type itself, except float16/bfloat16 -> float.

template <typename S>
constexpr bool is_half_v = std::is_same_v<S, Half> || std::is_same_v<S, BFloat16>;

template <typename S>
using compute_of = std::conditional_t<is_half_v<S>, float, S>;

template <typename C, typename S>
inline C load(S v) {
    if constexpr (is_half_v<S>) return static_cast<C>(static_cast<float>(v));
    else return static_cast<C>(v);
}

// The type a kernel's contiguous loop reads and writes for storage type S: bool as its byte. GCC's
// vectorizer has no vector type for bool, so a loop loading or storing bool stays scalar, and a
// select on a random mask (where, masked_fill, relu's backward) then mispredicts half its branches:
// 10 ns an element instead of a fraction of one. Kiln's bool storage holds 0 or 1 (store<bool>), so
// the byte converts to the same numbers.
template <typename S>
using raw_of = std::conditional_t<std::is_same_v<S, bool>, uint8_t, S>;

template <typename O, typename V>
inline O store(V v) {
    if constexpr (is_half_v<O>) return O(static_cast<float>(v));
    else return static_cast<O>(v);
}

// store<O>, as the byte raw_of<O> where O is bool.
template <typename O, typename V>
inline raw_of<O> store_raw(V v) {
    if constexpr (std::is_same_v<O, bool>) return uint8_t(static_cast<bool>(v));
    else return store<O>(v);
}

// A Python scalar as the compute type. Infinite bounds become the integer limits (clamp's
// missing bounds), so an integer kernel never converts inf to int64.
template <typename C>
C scalar_as(Scalar s) {
    if constexpr (std::is_same_v<C, bool>) {
        return s.to_bool();
    } else if constexpr (std::is_same_v<C, int64_t>) {
        if (s.is_floating() && std::isinf(s.to_double()))
            return s.to_double() > 0 ? std::numeric_limits<int64_t>::max() : std::numeric_limits<int64_t>::lowest();
        if (s.is_floating() && std::isnan(s.to_double())) return 0;
        return s.to_int();
    } else {
        return static_cast<C>(s.to_double());
    }
}

// ==== [SECTION] kernels ==========================================================================
// out = f(in) / f(a, b) / f(a, b, c) elementwise. Operands share out's shape (broadcast views);
// the inner loop gets n elements with byte strides s[k]. When every stride is the element size the
// loop is a plain indexed loop the compiler vectorizes; a stride of 0 is a broadcast scalar, loaded
// once outside the loop.
//
// A row kernel is one (row, dtype) pair's inner loop and nothing else: `params` points to the op's
// parameters (p0, p1 or alpha) already converted to the compute type. Everything around it (the
// device check, the storage-only conversion, the dtype switch, ElementwiseLoop's setup and its walk
// over the outer dims) is compiled once for all rows (run_rows, the *_launch_with functions) instead
// of being inlined into every row's launcher for every dtype: that copy was three quarters of this
// file's machine code, 1.14 MB of the browser's download (scripts/wasm_sizes.py). The cost is one
// indirect call per inner row, which the row's length amortizes (dims are merged first).
using RowKernel = void (*)(char** p, const int64_t* s, int64_t n, const void* params);

// The row kernels of one op, by compute dtype; null where the op's kind has no kernel for it.
struct RowKernels {
    RowKernel b = nullptr, i64 = nullptr, f32 = nullptr, f64 = nullptr;
};

// Runs k over ops (ops[0] the output, the inputs already broadcast to its shape). The one
// instantiation of ElementwiseLoop::run for every pointwise row.
void run_rows(const std::vector<Tensor>& ops, RowKernel k, const void* params) {
    ElementwiseLoop loop = ElementwiseLoop::make(ops);
    loop.run([k, params](char** p, const int64_t* s, int64_t n) { k(p, s, n, params); });
}

template <typename Op, typename S, typename O>
void unary_rows(char** p, const int64_t* s, int64_t n, const void* params) {
    using C = compute_of<S>;
    const C q0 = static_cast<const C*>(params)[0], q1 = static_cast<const C*>(params)[1];
    if (s[0] == int64_t(sizeof(O)) && s[1] == int64_t(sizeof(S))) {
        raw_of<O>* o = reinterpret_cast<raw_of<O>*>(p[0]);
        const raw_of<S>* x = reinterpret_cast<const raw_of<S>*>(p[1]);
        for (int64_t i = 0; i < n; ++i) o[i] = store_raw<O>(Op::apply(load<C>(x[i]), q0, q1));
    } else {
        for (int64_t i = 0; i < n; ++i)
            *reinterpret_cast<O*>(p[0] + i * s[0]) =
                store<O>(Op::apply(load<C>(*reinterpret_cast<const S*>(p[1] + i * s[1])), q0, q1));
    }
}

template <typename Op, typename S, typename O>
void binary_rows(char** p, const int64_t* s, int64_t n, const void* params) {
    using C = compute_of<S>;
    const C al = *static_cast<const C*>(params);
    auto f = [al](C x, C y) { return Op::apply(x, y, al); };
    constexpr int64_t so = sizeof(O), si = sizeof(S);
    raw_of<O>* o = reinterpret_cast<raw_of<O>*>(p[0]);
    const raw_of<S>* x = reinterpret_cast<const raw_of<S>*>(p[1]);
    const raw_of<S>* y = reinterpret_cast<const raw_of<S>*>(p[2]);
    if (s[0] == so && s[1] == si && s[2] == si) {
        for (int64_t i = 0; i < n; ++i) o[i] = store_raw<O>(f(load<C>(x[i]), load<C>(y[i])));
    } else if (s[0] == so && s[1] == si && s[2] == 0) {
        const C yv = load<C>(*y);
        for (int64_t i = 0; i < n; ++i) o[i] = store_raw<O>(f(load<C>(x[i]), yv));
    } else if (s[0] == so && s[1] == 0 && s[2] == si) {
        const C xv = load<C>(*x);
        for (int64_t i = 0; i < n; ++i) o[i] = store_raw<O>(f(xv, load<C>(y[i])));
    } else {
        for (int64_t i = 0; i < n; ++i)
            *reinterpret_cast<O*>(p[0] + i * s[0]) =
                store<O>(f(load<C>(*reinterpret_cast<const S*>(p[1] + i * s[1])),
                           load<C>(*reinterpret_cast<const S*>(p[2] + i * s[2]))));
    }
}

// The first input may have its own storage type SA (where's bool condition).
template <typename Op, typename SA, typename S, typename O>
void ternary_rows(char** p, const int64_t* s, int64_t n, const void* params) {
    using C = compute_of<S>;
    const C al = *static_cast<const C*>(params);
    auto f = [al](C x, C y, C z) { return Op::apply(x, y, z, al); };
    constexpr int64_t so = sizeof(O), sa = sizeof(SA), si = sizeof(S);
    raw_of<O>* o = reinterpret_cast<raw_of<O>*>(p[0]);
    const raw_of<SA>* x = reinterpret_cast<const raw_of<SA>*>(p[1]);
    const raw_of<S>* y = reinterpret_cast<const raw_of<S>*>(p[2]);
    const raw_of<S>* z = reinterpret_cast<const raw_of<S>*>(p[3]);
    if (s[0] == so && s[1] == sa && s[2] == si && s[3] == si) {
        for (int64_t i = 0; i < n; ++i)
            o[i] = store_raw<O>(f(load<C>(x[i]), load<C>(y[i]), load<C>(z[i])));
    } else if (s[0] == so && s[1] == sa && s[2] == 0 && s[3] == si) {  // where(mask, scalar, x), masked_fill
        const C yv = load<C>(*y);
        for (int64_t i = 0; i < n; ++i) o[i] = store_raw<O>(f(load<C>(x[i]), yv, load<C>(z[i])));
    } else if (s[0] == so && s[1] == sa && s[2] == si && s[3] == 0) {  // where(mask, x, scalar)
        const C zv = load<C>(*z);
        for (int64_t i = 0; i < n; ++i) o[i] = store_raw<O>(f(load<C>(x[i]), load<C>(y[i]), zv));
    } else {
        for (int64_t i = 0; i < n; ++i)
            *reinterpret_cast<O*>(p[0] + i * s[0]) =
                store<O>(f(load<C>(*reinterpret_cast<const SA*>(p[1] + i * s[1])),
                           load<C>(*reinterpret_cast<const S*>(p[2] + i * s[2])),
                           load<C>(*reinterpret_cast<const S*>(p[3] + i * s[3]))));
    }
}

// ==== [SECTION] the op table =====================================================================
// Each .def row becomes a struct with the row's name, grad_fn, kind and scalar expression.

enum class Kind { FLOAT, SAME, ROUNDING, COMPARE, LOGICAL };
enum class Saves { NONE, X, Y };

#define CUSTOM Tensor()
#define KILN_UNARY_OP(name, grad_fn_, kind_, saves_, expr, backward_)                            \
    struct name##_op {                                                                           \
        static constexpr const char* op_name = #name;                                            \
        static constexpr const char* grad_fn = grad_fn_;                                         \
        static constexpr cuda::Unary cuda_op = cuda::Unary::name;                                \
        static constexpr Kind kind = Kind::kind_;                                                \
        static constexpr Saves saves = Saves::saves_;                                            \
        template <typename T>                                                                    \
        static auto apply(T x, T p0, T p1) {                                                     \
            return expr;                                                                         \
        }                                                                                        \
        static Tensor backward(const Tensor& g, const Tensor& x, const Tensor& y) { return backward_; } \
    };
#define KILN_BINARY_OP(name, grad_fn_, kind_, expr)                 \
    struct name##_op {                                              \
        static constexpr const char* op_name = #name;               \
        static constexpr const char* grad_fn = grad_fn_;            \
        static constexpr cuda::Binary cuda_op = cuda::Binary::name; \
        static constexpr Kind kind = Kind::kind_;                   \
        template <typename T>                                       \
        static auto apply(T a, T b, T alpha) {                      \
            return expr;                                            \
        }                                                           \
    };
#define KILN_TERNARY_OP(name, grad_fn_, expr)            \
    struct name##_op {                                   \
        static constexpr const char* grad_fn = grad_fn_; \
        static constexpr cuda::Ternary cuda_op = cuda::Ternary::name; \
        template <typename T>                            \
        static auto apply(T a, T b, T c, T alpha) {      \
            return expr;                                 \
        }                                                \
    };
#include "ops/pointwise.def"
#undef CUSTOM

KILN_POINTWISE_COLD_BEGIN
// ==== [SECTION] dtype rules ======================================================================

DType kind_dtype(Kind kind, DType common) {
    if (kind == Kind::FLOAT && !dtype_is_floating(common)) return default_float_dtype();
    if (kind == Kind::COMPARE || kind == Kind::LOGICAL) return DType::Bool;
    return common;
}

// The dtype the kernel computes in (before float16/bfloat16 widen to float inside the kernel).
DType kind_compute(Kind kind, DType common) {
    // The table's kernels are real: a complex operand that reaches them (no ops/complex.cpp form
    // yet) is refused rather than computed on its real part.
    if (dtype_is_complex(common)) fail_complex_kernel(common, "pointwise");
    if (kind == Kind::FLOAT && !dtype_is_floating(common)) return default_float_dtype();
    return common;
}

void check_integral_alpha(DType dt, Scalar alpha, const char* what) {
    KILN_CHECK(!(dtype_is_integral(dt, true) && alpha.is_floating()), RuntimeError, "For integral input tensors, argument ",
               what, " must not be a floating point number.");
    KILN_CHECK(dt == DType::Bool || !alpha.is_bool(), RuntimeError, "Boolean ", what, " only supported for Boolean results.");
}

// ==== [SECTION] launchers ========================================================================

// A view of t broadcast to `shape` (stride 0 on broadcast dims), without autograd history.
Tensor bview(const Tensor& t, const Shape& shape) {
    if (t.sizes() == shape) return t;
    auto impl = std::make_shared<TensorImpl>();
    impl->storage = t.impl()->storage;
    impl->sizes = shape;
    impl->strides = broadcast_strides(t.sizes(), t.strides(), shape);
    impl->offset = t.storage_offset();
    impl->dtype = t.dtype();
    return Tensor(std::move(impl));
}

// Runs launch(out, views) for a fresh result of `shape` laid out as TensorIterator lays it out from
// `ins` (ops/output_layout.h): with the output in a permuted order, the kernel sees the output and the
// inputs permuted into that order, where the output is contiguous.
template <typename L>
Tensor launch_laid_out(const Shape& shape, DType dt, Device dev, std::vector<Tensor> ins, L&& launch) {
    const std::vector<int64_t> order = iterator_dim_order(shape, ins);
    Tensor out = empty_in_order(shape, dt, dev, order);
    if (order.empty()) {
        launch(out, ins);
        return out;
    }
    for (Tensor& t : ins)  // 0-dim operands broadcast as they are (a CUDA kernel takes a CPU scalar by value)
        if (t.dim() > 0) t = permuted_view(t, shape, order);
    launch(permuted_view(out, shape, order), ins);
    return out;
}

Tensor as_dtype(const Tensor& t, DType dt) {
    if (t.dtype() == dt) return t;
    autograd::NoGradGuard no_grad;
    if (t.impl()->wrapped_uint64 && !dtype_is_integral(dt, true))  // float32 * 2**63 is 9.22e18, not -9.22e18
        return scalar_tensor(Scalar(double(static_cast<uint64_t>(t.item().to_int()))), dt);
    return to_dtype(t.detach(), dt);
}

// float16 and bfloat16 compute in float and round once at the store, as PyTorch's CPU kernels do;
// uint8/int8/int16/int32 compute in int64 and wrap at the store (their results are PyTorch's, taken
// mod 2^n). The launchers run these storage types through compute_dtype buffers (the inputs
// widened, the result narrowed into out): the same bits, and the table's kernels exist for bool,
// int64, float32 and float64 only (the half types' conversions made up most of this file's machine
// code, a cost the browser downloads).
bool is_storage_only(DType dt) { return compute_dtype(dt) != dt; }

// Runs launch(o) with o = out, or with a compute_dtype buffer that is narrowed into out afterwards.
template <typename L>
void via_compute(const Tensor& out, L&& launch) {
    if (!is_storage_only(out.dtype())) return launch(out);
    Tensor wide = Tensor::empty(out.sizes(), compute_dtype(out.dtype()), out.device());
    launch(wide);
    cuda::cpu_copy(out, wide);
}

// Runs the row kernel of dtype dt from k over ops, with the op's parameters converted to dt's
// compute type (scalar_as): p0 and p1 for unary rows, alpha (p0) for binary and ternary rows.
void run_typed(DType dt, const RowKernels& k, Scalar p0, Scalar p1, const std::vector<Tensor>& ops) {
    switch (dt) {
        case DType::Float32:
            if (k.f32) {
                const float q[2] = {scalar_as<float>(p0), scalar_as<float>(p1)};
                return run_rows(ops, k.f32, q);
            }
            break;
        case DType::Float64:
            if (k.f64) {
                const double q[2] = {scalar_as<double>(p0), scalar_as<double>(p1)};
                return run_rows(ops, k.f64, q);
            }
            break;
        case DType::Int64:
            if (k.i64) {
                const int64_t q[2] = {scalar_as<int64_t>(p0), scalar_as<int64_t>(p1)};
                return run_rows(ops, k.i64, q);
            }
            break;
        case DType::Bool:
            if (k.b) {
                const bool q[2] = {scalar_as<bool>(p0), scalar_as<bool>(p1)};
                return run_rows(ops, k.b, q);
            }
            break;
        default: break;
    }
    KILN_FAIL(RuntimeError, "internal: pointwise kernel called with ", dtype_name(dt));
}

KILN_POINTWISE_COLD_END
// The row kernels of one op for the compute dtypes it can see. Make<S> names the kernel of storage
// type S; Floats: float32 and float64, Ints: int64 and bool.
template <bool Floats, bool Ints, template <typename> class Make>
constexpr RowKernels row_kernels() {
    RowKernels k;
    if constexpr (Floats) {
        k.f32 = &Make<float>::run;
        k.f64 = &Make<double>::run;
    }
    if constexpr (Ints) {
        k.i64 = &Make<int64_t>::run;
        k.b = &Make<bool>::run;
    }
    return k;
}

// FLOAT rows compute in a floating dtype only. The rows PyTorch defines for some dtypes only have no
// kernels for the others: their functions refuse those dtypes first (check_floating_only,
// check_integral_only below), so such a kernel could never run.
template <typename Op>
constexpr bool floating_only_row = Op::kind == Kind::FLOAT || std::is_same_v<Op, frac_op> ||
                                   std::is_same_v<Op, hypot_op> || std::is_same_v<Op, nextafter_op>;
template <typename Op>
constexpr bool integral_only_row = std::is_same_v<Op, bitwise_not_op> || std::is_same_v<Op, bitwise_and_op> ||
                                   std::is_same_v<Op, bitwise_or_op> || std::is_same_v<Op, bitwise_xor_op>;
template <typename Op, template <typename> class Make>
constexpr RowKernels row_kernels_of() {
    return row_kernels<!integral_only_row<Op>, !floating_only_row<Op>, Make>();
}

template <typename Op>
struct UnaryRowsOf {
    template <typename S>
    struct Make {
        static void run(char** p, const int64_t* s, int64_t n, const void* params) {
            if constexpr (Op::kind == Kind::LOGICAL) unary_rows<Op, S, bool>(p, s, n, params);
            else unary_rows<Op, S, S>(p, s, n, params);
        }
    };
};

template <typename Op>
struct BinaryRowsOf {
    template <typename S>
    struct Make {
        static void run(char** p, const int64_t* s, int64_t n, const void* params) {
            if constexpr (Op::kind == Kind::COMPARE || Op::kind == Kind::LOGICAL) binary_rows<Op, S, bool>(p, s, n, params);
            else binary_rows<Op, S, S>(p, s, n, params);
        }
    };
};

// The ternary rows' first input is bool (where's condition, a bool mask) or has out's dtype.
template <typename Op, bool BoolFirst>
struct TernaryRowsOf {
    template <typename S>
    struct Make {
        static void run(char** p, const int64_t* s, int64_t n, const void* params) {
            ternary_rows<Op, std::conditional_t<BoolFirst, bool, S>, S, S>(p, s, n, params);
        }
    };
};

KILN_POINTWISE_COLD_BEGIN
// out = Op(in): `in` already has the compute dtype and out's shape. Shared by every unary row.
void unary_launch_with(cuda::Unary cuda_op, const RowKernels& k, const Tensor& out, const Tensor& in, Scalar p0,
                       Scalar p1) {
    if (out.numel() == 0) return;
    if (out.device() == Device::CUDA) return cuda::unary_tensor(cuda_op, out, in, p0, p1);
    if (is_storage_only(in.dtype()))
        return via_compute(out, [&](const Tensor& o) {
            unary_launch_with(cuda_op, k, o, as_dtype(in, compute_dtype(in.dtype())), p0, p1);
        });
    run_typed(in.dtype(), k, p0, p1, {out, in});
}

template <typename Op>
void unary_launch(const Tensor& out, const Tensor& in, Scalar p0, Scalar p1) {
    static constexpr RowKernels k = row_kernels_of<Op, UnaryRowsOf<Op>::template Make>();
    unary_launch_with(Op::cuda_op, k, out, in, p0, p1);
}

// out = Op(a, b, alpha): a and b have the compute dtype; out has the broadcast shape.
void binary_launch_with(cuda::Binary cuda_op, const RowKernels& k, const Tensor& out, const Tensor& a, const Tensor& b,
                        Scalar alpha) {
    if (out.numel() == 0) return;
    if (out.device() == Device::CUDA) return cuda::binary_tensor(cuda_op, out, a, b, alpha);
    if (is_storage_only(a.dtype()))
        return via_compute(out, [&](const Tensor& o) {
            const DType c = compute_dtype(a.dtype());
            binary_launch_with(cuda_op, k, o, as_dtype(a, c), as_dtype(b, c), alpha);
        });
    run_typed(a.dtype(), k, alpha, Scalar(), {out, bview(a, out.sizes()), bview(b, out.sizes())});
}

template <typename Op>
void binary_launch(const Tensor& out, const Tensor& a, const Tensor& b, Scalar alpha) {
    static constexpr RowKernels k = row_kernels_of<Op, BinaryRowsOf<Op>::template Make>();
    binary_launch_with(Op::cuda_op, k, out, a, b, alpha);
}

// out = Op(a, b, c, alpha); b, c and out share one dtype, a has its own (bool for where): k_bool
// takes a bool `a` (all null where the op has no such kernels), k_same an `a` of out's dtype.
void ternary_launch_with(cuda::Ternary cuda_op, const RowKernels& k_bool, const RowKernels& k_same, const Tensor& out,
                         const Tensor& a, const Tensor& b, const Tensor& c, Scalar alpha) {
    if (out.numel() == 0) return;
    if (out.device() == Device::CUDA)
        return cuda::ternary_tensor(cuda_op, out, a.dtype() == DType::Bool ? a : as_dtype(a, out.dtype()), b, c, alpha);
    if (is_storage_only(out.dtype()))
        return via_compute(out, [&](const Tensor& o) {
            const DType cd = compute_dtype(out.dtype());
            ternary_launch_with(cuda_op, k_bool, k_same, o, a.dtype() == DType::Bool ? a : as_dtype(a, cd),
                                as_dtype(b, cd), as_dtype(c, cd), alpha);
        });
    const Shape& shape = out.sizes();
    if (a.dtype() == DType::Bool && k_bool.b)
        run_typed(out.dtype(), k_bool, alpha, Scalar(), {out, bview(a, shape), bview(b, shape), bview(c, shape)});
    else
        run_typed(out.dtype(), k_same, alpha, Scalar(),
                  {out, as_dtype(bview(a, shape), out.dtype()), bview(b, shape), bview(c, shape)});
}

template <typename Op>
void ternary_launch(const Tensor& out, const Tensor& a, const Tensor& b, const Tensor& c, Scalar alpha) {
    // Only where reads a bool first input as it is; the others convert one to out's dtype first.
    static constexpr RowKernels k_bool = std::is_same_v<Op, where_op>
                                             ? row_kernels<true, true, TernaryRowsOf<Op, true>::template Make>()
                                             : RowKernels{};
    static constexpr RowKernels k_same = row_kernels<true, true, TernaryRowsOf<Op, false>::template Make>();
    ternary_launch_with(Op::cuda_op, k_bool, k_same, out, a, b, c, alpha);
}

// Integer division by zero on the CPU raises (as PyTorch's "ZeroDivisionError") instead of trapping.
// On CUDA nothing is checked, as PyTorch's CUDA kernels check nothing: a zero divisor gives the
// device's value (4294967295 for int64 x // 0 in PyTorch, pytorch/pytorch#89418), and reading the
// divisor back would stop the stream for every division. In meta mode (a compile's example values)
// no kernel runs, so nothing can trap and the divisor has no values to read: the check is the real
// call's (an integer division in a compiled CPU graph refused to compile).
void check_no_integer_zero(const Tensor& divisor, Device device) {
    if (device != Device::CPU || dtype_is_floating(divisor.dtype()) || meta_mode()) return;
    for (int64_t v : divisor.to_int_vector()) KILN_CHECK(v != 0, RuntimeError, "ZeroDivisionError");
}

// ==== [SECTION] unary ops ========================================================================

// Forward of a unary row: dtype rule, conversion, kernel. No autograd. One function for every row:
// only the row's kernel (its unary_launch) is instantiated per row, so each op costs the browser its
// kernel's code and nothing else.
using UnaryLaunch = void (*)(const Tensor&, const Tensor&, Scalar, Scalar);
Tensor unary_forward_row(const Tensor& x, Kind kind, const char* op_name, UnaryLaunch launch, Scalar p0, Scalar p1,
                         std::optional<DType> common) {
    DType base = common.value_or(x.dtype());
    if (dtype_is_complex(base) || x.is_complex()) fail_complex_kernel(x.dtype(), op_name);
    if (kind == Kind::ROUNDING && !dtype_is_floating(base)) {
        autograd::NoGradGuard no_grad;
        return clone(as_dtype(x, base));
    }
    DType compute = kind_compute(kind, base);
    return launch_laid_out(x.sizes(), kind_dtype(kind, base), x.device(), {as_dtype(x, compute)},
                           [&](const Tensor& out, const std::vector<Tensor>& in) { launch(out, in[0], p0, p1); });
}

template <typename Op>
Tensor unary_forward(const Tensor& x, Scalar p0 = Scalar(), Scalar p1 = Scalar(), std::optional<DType> common = {}) {
    return unary_forward_row(x, Op::kind, Op::op_name, &unary_launch<Op>, p0, p1, common);
}

// A unary row with its table backward formula (one function for every row, as unary_forward_row).
using UnaryBackward = Tensor (*)(const Tensor& g, const Tensor& x, const Tensor& y);
Tensor unary_op_row(const Tensor& x, Kind kind, const char* op_name, UnaryLaunch launch, const char* grad_fn,
                    Saves saves, UnaryBackward backward) {
    Tensor out = unary_forward_row(x, kind, op_name, launch, Scalar(), Scalar(), std::nullopt);
    if (autograd::needs_grad({x})) {
        SavedTensor sx(saves == Saves::X ? x : Tensor());
        SavedTensor sy = saves == Saves::Y ? SavedTensor::output(out) : SavedTensor();
        // The output is saved detached (saving `out` itself would make a cycle through its grad_fn).
        // Under create_graph the formula must see y = f(x) with its history, as PyTorch's unpacked
        // saved output does, or second derivatives through tanh/sigmoid/exp/... come out as if y
        // were constant: y is then re-attached to this node (held weakly, so there is no cycle).
        auto self = saves == Saves::Y ? std::make_shared<std::weak_ptr<autograd::Node>>() : nullptr;
        auto node = autograd::record(grad_fn, {x}, {out}, [sx, sy, self, backward](const Grads& g) {
            Tensor y = sy.get();
            if (self && autograd::grad_enabled()) {
                if (auto n = self->lock()) {
                    auto impl = std::make_shared<TensorImpl>();
                    impl->storage = y.impl()->storage;
                    impl->sizes = y.sizes();
                    impl->strides = y.strides();
                    impl->offset = y.impl()->offset;
                    impl->dtype = y.dtype();
                    impl->requires_grad = true;
                    impl->grad_fn = n;
                    impl->output_nr = 0;
                    y = Tensor(std::move(impl));
                }
            }
            return Grads{backward(g[0], sx.get(), y)};
        }, {{"self", sx}, {"result", sy}});
        if (self) *self = node;
    }
    return out;
}

template <typename Op>
Tensor unary_op(const Tensor& x) {
    return unary_op_row(x, Op::kind, Op::op_name, &unary_launch<Op>, Op::grad_fn, Op::saves, &Op::backward);
}

}  // namespace

Tensor neg(const Tensor& x) {
    if (x.is_complex()) return complex_neg(x);
    KILN_CHECK(x.dtype() != DType::Bool, RuntimeError,
               "Negation, the `-` operator, on a bool tensor is not supported. If you are trying to invert a mask, "
               "use the `~` or `logical_not()` operator instead.");
    return unary_op<neg_op>(x);
}
Tensor abs(const Tensor& x) { return x.is_complex() ? complex_abs(x) : unary_op<abs_op>(x); }
Tensor exp(const Tensor& x) { return x.is_complex() ? complex_exp(x) : unary_op<exp_op>(x); }
Tensor relu(const Tensor& x) {
    KILN_CHECK(x.dtype() != DType::Bool, RuntimeError, "Boolean inputs not supported for relu");  // Activation.cpp
    return unary_op<relu_op>(x);
}
Tensor reciprocal(const Tensor& x) {
    return x.is_complex() ? complex_div(wrapped_scalar(Scalar(int64_t(1))), x) : unary_op<reciprocal_op>(x);
}
Tensor round(const Tensor& x) { return unary_op<round_op>(x); }
Tensor logical_not(const Tensor& x) { return unary_forward<logical_not_op>(x); }
// The KILN_UNARY_FN rows: the row's kernel, dtype rule and autograd node, nothing else.
// A complex input goes to the row's complex form where it has one (ops/complex_unary.h).
#define KILN_UNARY_FN(name, alias, inplace, grad_fn, kind, saves, expr, backward) \
    Tensor name(const Tensor& x) {                                              \
        if (x.is_complex())                                                     \
            if (Tensor c = complex_unary_fn(#name, x); c.defined()) return c;   \
        return unary_op<name##_op>(x);                                          \
    }
#include "ops/pointwise.def"

KILN_POINTWISE_COLD_END
namespace {
// GELU's gradient in one pass (the GPU's GeluBackwardCUDAKernelImpl, ATen's vectorized CPU kernel):
// g * (Phi(x) + x * phi(x)), or the tanh form's derivative, the formulas gelu's backward writes with
// ops below. Undefined where the operands do not suit one pass (a half-type CPU tensor, mixed dtypes):
// the caller then computes it with ops.
Tensor gelu_backward_fused(const Tensor& g, const Tensor& x, bool tanh_form) {
    if (g.dtype() != x.dtype() || g.sizes() != x.sizes() || g.device() != x.device()) return Tensor();
    const bool cuda = x.device() == Device::CUDA;
    if (!cuda && x.dtype() != DType::Float32 && x.dtype() != DType::Float64) return Tensor();
    Tensor gc = contiguous(g), xc = contiguous(x);
    Tensor out = Tensor::empty(x.sizes(), x.dtype(), x.device());
    const int64_t n = x.numel();
    if (cuda) {
        cuda::gelu_backward(gc.raw_data(), xc.raw_data(), out.raw_data(), uint8_t(x.dtype()), n, tanh_form);
        return out;
    }
    dispatch_float(x.dtype(), [&](auto tag) {
        using T = typename decltype(tag)::type;
        const T* gp = gc.data_ptr<T>();
        const T* xp = xc.data_ptr<T>();
        T* op = out.data_ptr<T>();
        // flatten: pw::erf, pw::exp and pw::tanh inline into the loop so that it vectorizes. GCC kept
        // pw::erf an out-of-line call here (it has many call sites), which left this loop scalar:
        // 13 ns per element, 33x gelu's forward, 17% of a ViT training step at one thread.
        parallel_for(0, n, grain_for(16), [&](int64_t b, int64_t e) __attribute__((flatten)) {
            if (!tanh_form) {
                for (int64_t i = b; i < e; ++i) {
                    const T v = xp[i];
                    const T cdf = (pw::erf(v * T(0.70710678118654752440)) + T(1)) * T(0.5);
                    const T pdf = pw::exp(v * v * T(-0.5)) * T(0.39894228040143267794);
                    op[i] = gp[i] * (cdf + v * pdf);
                }
            } else {
                const T k = T(0.79788456080286535588), c = T(0.044715);
                for (int64_t i = b; i < e; ++i) {
                    const T v = xp[i], x2 = v * v;
                    const T t = pw::tanh((v + x2 * v * c) * k);
                    op[i] = gp[i] * ((t + T(1)) * T(0.5) + v * T(0.5) * (T(1) - t * t) * ((x2 * T(3) * c + T(1)) * k));
                }
            }
        });
    });
    return out;
}
}  // namespace
KILN_POINTWISE_COLD_BEGIN

// ATen's activation kernels (native/cpu/Activation.cpp) dispatch over floating types only: an
// integer or bool input is NotImplementedError naming the CPU kernel, where the math ops (exp,
// sigmoid, tanh) promote it to the default float dtype. Complex inputs reach the kernels' own refusal.
void check_activation_input(const Tensor& x, const char* kernel) {
    KILN_CHECK(x.is_floating_point() || x.is_complex(), NotImplementedError, "\"", kernel, "\" not implemented for '",
               dtype_scalar_type_name(x.dtype()), "'");
}

Tensor gelu(const Tensor& x, const std::string& approximate) { return gelu_with_forward(x, approximate, nullptr); }

Tensor gelu_with_forward(const Tensor& x, const std::string& approximate,
                         const std::function<bool(const Tensor& x, Tensor& out)>& forward) {
    check_activation_input(x, "GeluKernelImpl");
    KILN_CHECK(approximate == "none" || approximate == "tanh", RuntimeError,
               "approximate argument must be either none or tanh.");
    bool tanh_form = approximate == "tanh";
    Tensor out;
    if (tanh_form || !forward || !forward(x, out)) out = tanh_form ? unary_forward<gelu_tanh_op>(x) : unary_forward<gelu_op>(x);
    if (autograd::needs_grad({x})) {
        SavedTensor sx(x);
        autograd::record("GeluBackward0", {x}, {out}, [sx, tanh_form](const Grads& g) {
            Tensor x = sx.get();
            // One pass unless the gradient itself must be differentiable (create_graph).
            if (!autograd::grad_enabled())
                if (Tensor fused = gelu_backward_fused(g[0], x, tanh_form); fused.defined()) return Grads{fused};
            if (!tanh_form) {
                // d/dx x*Phi(x) = Phi(x) + x*phi(x)
                Tensor cdf = mul(add(erf(mul(x, Scalar(0.70710678118654752440))), Scalar(1)), Scalar(0.5));
                Tensor pdf = mul(exp(mul(mul(x, x), Scalar(-0.5))), Scalar(0.39894228040143267794));
                return Grads{mul(g[0], add(cdf, mul(x, pdf)))};
            }
            // u = k*(x + c*x^3); d/dx 0.5*x*(1 + tanh u) = 0.5*(1 + t) + 0.5*x*(1 - t^2)*k*(1 + 3c*x^2)
            const double k = 0.79788456080286535588, c = 0.044715;
            Tensor x2 = mul(x, x);
            Tensor t = tanh(mul(add(x, mul(mul(x2, x), Scalar(c))), Scalar(k)));
            Tensor left = mul(add(t, Scalar(1)), Scalar(0.5));
            Tensor du = mul(add(mul(x2, Scalar(3 * c)), Scalar(1)), Scalar(k));
            Tensor right = mul(mul(mul(x, Scalar(0.5)), rsub(mul(t, t), Scalar(1))), du);
            return Grads{mul(g[0], add(left, right))};
        });
    }
    return out;
}

Tensor silu(const Tensor& x) {
    check_activation_input(x, "silu_cpu");
    Tensor out = unary_forward<silu_op>(x);
    if (autograd::needs_grad({x})) {
        SavedTensor sx(x);
        autograd::record("SiluBackward0", {x}, {out}, [sx](const Grads& g) {
            Tensor x = sx.get();
            Tensor s = sigmoid(x);
            // d/dx x*s(x) = s * (1 + x * (1 - s))
            return Grads{mul(g[0], mul(s, add(mul(x, rsub(s, Scalar(1))), Scalar(1))))};
        });
    }
    return out;
}

Tensor leaky_relu(const Tensor& x, double negative_slope) {
    check_activation_input(x, "leaky_relu_cpu");
    Tensor out = unary_forward<leaky_relu_op>(x, Scalar(negative_slope));
    if (autograd::needs_grad({x})) {
        SavedTensor sx(x);
        autograd::record("LeakyReluBackward0", {x}, {out}, [sx, negative_slope](const Grads& g) {
            return Grads{where(gt(sx.get(), Scalar(0)), g[0], mul(g[0], Scalar(negative_slope)))};
        });
    }
    return out;
}

Tensor softplus(const Tensor& x, double beta, double threshold) {
    check_activation_input(x, "softplus_cpu");
    Tensor out = unary_forward<softplus_op>(x, Scalar(beta), Scalar(threshold));
    if (autograd::needs_grad({x})) {
        SavedTensor sx(x);
        autograd::record("SoftplusBackward0", {x}, {out}, [sx, beta, threshold](const Grads& g) {
            // Above the threshold softplus is the identity; below, its slope is sigmoid(beta * x).
            Tensor bx = mul(sx.get(), Scalar(beta));
            return Grads{where(gt(bx, Scalar(threshold)), g[0], mul(g[0], sigmoid(bx)))};
        });
    }
    return out;
}

namespace {
// clamp promotes like x op min op max with the bounds as Python scalars (absent bounds skipped).
// PyTorch then converts the bounds to an integer result type with c10's overflow check
// (clamp(uint8, 0, 300) raises; max=-1 is 255): the bounds are replaced by the values
// scalar_tensor, which makes the same check and wrap, stores.
DType clamp_dtype(const Tensor& x, std::optional<Scalar>& min, std::optional<Scalar>& max) {
    DType dt = result_type({x, min ? wrapped_scalar(*min) : Tensor(), max ? wrapped_scalar(*max) : Tensor()});
    if (dtype_is_integral(dt, false)) {
        if (min) min = scalar_tensor(*min, dt).item();
        if (max) max = scalar_tensor(*max, dt).item();
    }
    return dt;
}
}  // namespace

Tensor clamp(const Tensor& x, std::optional<Scalar> min, std::optional<Scalar> max) {
    KILN_CHECK(min || max, RuntimeError, "torch.clamp: At least one of 'min' or 'max' must not be None");
    DType dt = clamp_dtype(x, min, max);
    const double inf = std::numeric_limits<double>::infinity();
    Scalar lo = min.value_or(Scalar(-inf)), hi = max.value_or(Scalar(inf));
    Tensor out = unary_forward<clamp_op>(x, lo, hi, dt);
    if (autograd::needs_grad({x})) {
        SavedTensor sx(x);
        autograd::record("ClampBackward1", {x}, {out}, [sx, min, max](const Grads& g) {
            // The gradient passes where min <= x <= max (both ends included), as PyTorch.
            Tensor x = sx.get();
            Tensor pass;
            if (min) pass = ge(x, *min);
            if (max) pass = pass.defined() ? logical_and(pass, le(x, *max)) : le(x, *max);
            return Grads{where(pass, g[0], Scalar(0))};
        });
    }
    return out;
}

Tensor pow(const Tensor& x, Scalar exponent) {
    if (x.is_complex() || exponent.is_complex()) return complex_pow(x, exponent);
    DType dt = result_type({x, wrapped_scalar(exponent)});
    KILN_CHECK(!(dtype_is_integral(dt, false) && !exponent.is_floating() && exponent.to_int() < 0), RuntimeError,
               "Integers to negative integer powers are not allowed.");
    Tensor out = unary_forward<pow_scalar_op>(x, exponent, Scalar(), dt);
    if (autograd::needs_grad({x})) {
        SavedTensor sx(x);
        autograd::record("PowBackward0", {x}, {out}, [sx, exponent](const Grads& g) {
            Tensor x = sx.get();
            if (exponent.to_double() == 0.0) return Grads{zeros_like(x)};
            // d/dx x^e = e * x^(e-1)
            Scalar em1 = exponent.is_floating() ? Scalar(exponent.to_double() - 1) : Scalar(exponent.to_int() - 1);
            return Grads{mul(g[0], mul(pow(x, em1), exponent))};
        }, {{"self", sx}});
    }
    return out;
}

// ==== [SECTION] binary ops =======================================================================

DType result_type(const std::vector<Tensor>& operands) {
    // Three priority classes (PyTorch's ResultTypeState): dimensioned tensors, zero-dim tensors,
    // wrapped Python scalars (a wrapped float counts as the default float dtype). A lower class
    // only matters when it is of a higher category (bool < integer < floating).
    std::optional<DType> dim, zero, wrapped;
    auto promote = [](std::optional<DType>& acc, DType d) { acc = acc ? promote_types(*acc, d) : d; };
    for (const Tensor& t : operands) {
        if (!t.defined()) continue;
        DType d = t.dtype();
        if (t.impl()->wrapped_number)
            promote(wrapped, dtype_is_complex(d)    ? dtype_to_complex(default_float_dtype())
                             : dtype_is_floating(d) ? default_float_dtype()
                                                    : d);
        else if (t.dim() == 0) promote(zero, d);
        else promote(dim, d);
    }
    auto combine = [](std::optional<DType> higher, std::optional<DType> lower) -> std::optional<DType> {
        if (!higher) return lower;
        if (!lower) return higher;
        // c10's combine_categories: a complex lower class keeps a floating higher one's width.
        if (dtype_is_complex(*higher)) return higher;
        if (dtype_is_complex(*lower)) return dtype_is_floating(*higher) ? dtype_to_complex(*higher) : *lower;
        if (dtype_is_floating(*higher)) return higher;
        if (*higher == DType::Bool || dtype_is_floating(*lower)) return promote_types(*higher, *lower);
        return higher;
    };
    std::optional<DType> r = combine(dim, combine(zero, wrapped));
    KILN_CHECK(r.has_value(), RuntimeError, "result_type: expected at least one tensor operand");
    return *r;
}

namespace {

// Forward of a binary row: promotion, conversion, broadcast, kernel. No autograd. One function for
// every row (as unary_forward_row): only the row's kernel is instantiated per row.
using BinaryLaunch = void (*)(const Tensor&, const Tensor&, const Tensor&, Scalar);
Tensor binary_forward_row(const Tensor& a, const Tensor& b, Scalar alpha, Kind kind, const char* op_name,
                          BinaryLaunch launch, bool integer_divides) {
    DType common = result_type({a, b});
    if (dtype_is_complex(common)) fail_complex_kernel(common, op_name);
    DType compute = kind_compute(kind, common);
    Shape shape = broadcast_shapes(a.sizes(), b.sizes());
    Tensor bc = as_dtype(b, compute);
    const Device device = cuda::common_device({a, b});
    if (integer_divides) check_no_integer_zero(bc, device);
    return launch_laid_out(shape, kind_dtype(kind, common), device, {as_dtype(a, compute), bc},
                           [&](const Tensor& out, const std::vector<Tensor>& in) { launch(out, in[0], in[1], alpha); });
}

template <typename Op>
Tensor binary_forward(const Tensor& a, const Tensor& b, Scalar alpha = Scalar(int64_t(1))) {
    constexpr bool integer_divides = std::is_same_v<Op, div_trunc_op> || std::is_same_v<Op, div_floor_op> ||
                                     std::is_same_v<Op, remainder_op> || std::is_same_v<Op, fmod_op>;
    return binary_forward_row(a, b, alpha, Op::kind, Op::op_name, &binary_launch<Op>, integer_divides);
}

struct Needs {
    bool a, b;
};
Needs needs(const Tensor& a, const Tensor& b) { return {autograd::differentiable(a), autograd::differentiable(b)}; }

void check_sub(const Tensor& a, const Tensor& b) {
    KILN_CHECK(a.dtype() != DType::Bool || b.dtype() != DType::Bool, RuntimeError,
               "Subtraction, the `-` operator, with two bool tensors is not supported. Use the `^` or `logical_xor()` "
               "operator instead.");
    KILN_CHECK(a.dtype() != DType::Bool && b.dtype() != DType::Bool, RuntimeError,
               "Subtraction, the `-` operator, with a bool tensor is not supported. If you are trying to invert a "
               "mask, use the `~` or `logical_not()` operator instead.");
}

Tensor scaled(const Tensor& g, Scalar alpha) { return alpha.to_double() == 1.0 ? g : mul(g, alpha); }

}  // namespace

Tensor add(const Tensor& a, const Tensor& b, Scalar alpha) {
    if (a.is_complex() || b.is_complex()) return complex_add(a, b, alpha, false);
    check_integral_alpha(result_type({a, b}), alpha, "alpha");
    Tensor out = binary_forward<add_op>(a, b, alpha);
    if (autograd::needs_grad({a, b})) {
        Shape sa = a.sizes(), sb = b.sizes();
        Needs n = needs(a, b);
        autograd::record("AddBackward0", {a, b}, {out}, [sa, sb, n, alpha](const Grads& g) {
            return Grads{n.a ? sum_to(g[0], sa) : Tensor(), n.b ? sum_to(scaled(g[0], alpha), sb) : Tensor()};
        });
    }
    return out;
}
Tensor add(const Tensor& a, Scalar b, Scalar alpha) { return add(a, wrapped_scalar(b), alpha); }

Tensor sub(const Tensor& a, const Tensor& b, Scalar alpha) {
    if (a.is_complex() || b.is_complex()) return complex_add(a, b, alpha, true);
    check_sub(a, b);
    check_integral_alpha(result_type({a, b}), alpha, "alpha");
    Tensor out = binary_forward<sub_op>(a, b, alpha);
    if (autograd::needs_grad({a, b})) {
        Shape sa = a.sizes(), sb = b.sizes();
        Needs n = needs(a, b);
        autograd::record("SubBackward0", {a, b}, {out}, [sa, sb, n, alpha](const Grads& g) {
            return Grads{n.a ? sum_to(g[0], sa) : Tensor(), n.b ? sum_to(neg(scaled(g[0], alpha)), sb) : Tensor()};
        });
    }
    return out;
}
Tensor sub(const Tensor& a, Scalar b, Scalar alpha) { return sub(a, wrapped_scalar(b), alpha); }

Tensor rsub(const Tensor& a, Scalar b) {
    Tensor bt = wrapped_scalar(b);
    check_sub(bt, a);
    Tensor out = binary_forward<sub_op>(bt, a);
    if (autograd::needs_grad({a}))
        autograd::record("RsubBackward1", {a}, {out}, [](const Grads& g) { return Grads{neg(g[0])}; });
    return out;
}

Tensor mul(const Tensor& a, const Tensor& b) {
    if (a.is_complex() || b.is_complex()) return complex_mul(a, b);
    Tensor out = binary_forward<mul_op>(a, b);
    if (autograd::needs_grad({a, b})) {
        Shape sa = a.sizes(), sb = b.sizes();
        Needs n = needs(a, b);
        // Saved in the order PyTorch's generated code saves them (other, then self): saved-tensor
        // hooks see them in that order.
        SavedTensor sb_t(n.a ? b : Tensor()), sa_t(n.b ? a : Tensor());
        autograd::record("MulBackward0", {a, b}, {out}, [sa, sb, n, sa_t, sb_t](const Grads& g) {
            return Grads{n.a ? sum_to(mul(g[0], sb_t.get()), sa) : Tensor(),
                         n.b ? sum_to(mul(g[0], sa_t.get()), sb) : Tensor()};
        }, {{"other", sb_t}, {"self", sa_t}});
    }
    return out;
}
Tensor mul(const Tensor& a, Scalar b) { return mul(a, wrapped_scalar(b)); }

namespace {
// d(a/b)/da = 1/b, d(a/b)/db = -a/b^2.
Tensor div_true(const Tensor& a, const Tensor& b) {
    if (a.is_complex() || b.is_complex()) return complex_div(a, b);
    Tensor out = binary_forward<div_op>(a, b);
    if (autograd::needs_grad({a, b})) {
        Shape sa = a.sizes(), sb = b.sizes();
        Needs n = needs(a, b);
        SavedTensor sb_t(b), sa_t(n.b ? a : Tensor());  // other, then self (PyTorch's order)
        autograd::record("DivBackward0", {a, b}, {out}, [sa, sb, n, sa_t, sb_t](const Grads& g) {
            Tensor b = sb_t.get();
            Tensor ga = n.a ? sum_to(div(g[0], b), sa) : Tensor();
            Tensor gb = n.b ? sum_to(neg(div(mul(g[0], sa_t.get()), mul(b, b))), sb) : Tensor();
            return Grads{ga, gb};
        }, {{"other", sb_t}, {"self", sa_t}});
    }
    return out;
}
}  // namespace

Tensor div(const Tensor& a, const Tensor& b, const std::string& rounding_mode) {
    if (rounding_mode.empty()) return div_true(a, b);
    KILN_CHECK(rounding_mode == "trunc" || rounding_mode == "floor", ValueError,
               "div expected rounding_mode to be one of None, 'trunc', or 'floor' but found '", rounding_mode, "'");
    Tensor out = rounding_mode == "trunc" ? binary_forward<div_trunc_op>(a, b) : binary_forward<div_floor_op>(a, b);
    if (autograd::needs_grad({a, b}) && out.is_floating_point()) {
        // Rounded quotients are piecewise constant: zero gradient almost everywhere.
        Shape sa = a.sizes(), sb = b.sizes();
        autograd::record("DivBackward2", {a, b}, {out}, [sa, sb](const Grads& g) {
            return Grads{zeros(sa, {g[0].dtype(), g[0].device()}), zeros(sb, {g[0].dtype(), g[0].device()})};
        });
    }
    return out;
}
Tensor div(const Tensor& a, Scalar b, const std::string& rounding_mode) { return div(a, wrapped_scalar(b), rounding_mode); }
// Python's `2 / x` is x.reciprocal() * 2 (Tensor.__rtruediv__), so the grad_fn is MulBackward0.
Tensor div(Scalar a, const Tensor& b) { return mul(reciprocal(b), a); }

Tensor floor_divide(const Tensor& a, const Tensor& b) { return binary_forward<div_floor_op>(a, b); }
Tensor floor_divide(const Tensor& a, Scalar b) { return floor_divide(a, wrapped_scalar(b)); }

namespace {
// AT_DISPATCH_INTEGRAL_TYPES of ATen's lshift/rshift kernels: uint8, int8..int64 only.
void check_shift_dtype(DType dt, bool left) {
    const bool ok = dt == DType::UInt8 || dt == DType::Int8 || dt == DType::Int16 || dt == DType::Int32 ||
                    dt == DType::Int64;
    KILN_CHECK(ok, NotImplementedError, "\"", left ? "lshift" : "rshift", "_cpu\" not implemented for '",
               dtype_scalar_type_name(dt), "'");
}

// The tensor-count shift: elementwise over the promoted dtype, composed of pointwise ops (mul /
// floor_divide / where), so tracing and the compilers see ordinary ops. A count < 0 or >= the width
// shifts everything out (left: 0; right: the sign fill, 0 for unsigned, as at width - 1 for signed
// types), else a * 2**b (wrapping, as the unsigned shift does) or floor(a / 2**b) (the arithmetic shift).
Tensor shift_by_tensor(const Tensor& a_in, const Tensor& b_in, bool left) {
    DType dt = result_type({a_in, b_in});
    check_shift_dtype(dt, left);
    Tensor a = to_dtype(a_in, dt), b = to_dtype(b_in, dt);
    const int64_t bits = int64_t(dtype_size(dt)) * 8;
    const bool is_unsigned = !dtype_is_signed(dt);
    const int64_t max_shift = left || is_unsigned ? bits : bits - 1;
    Tensor out_of_range = logical_or(lt(b, Scalar(int64_t(0))), ge(b, Scalar(max_shift)));
    Tensor count = where(out_of_range, Scalar(int64_t(0)), b);
    Tensor table = Tensor::empty({bits}, DType::Int64);
    for (int64_t k = 0; k < bits; ++k) table.data_ptr<int64_t>()[k] = int64_t(uint64_t(1) << k);  // 2**63 wraps, as the C shift
    table = to_dtype(to_device(table, a.device()), dt);
    Tensor p = reshape(index_select(table, 0, flatten(to_dtype(count, DType::Int64))), count.sizes());
    if (left) return where(out_of_range, Scalar(int64_t(0)), mul(a, p));
    Tensor fill = is_unsigned ? zeros_like(a) : neg(to_dtype(lt(a, Scalar(int64_t(0))), dt));
    return where(out_of_range, fill, floor_divide(a, p));
}
}  // namespace

Tensor bitwise_left_shift(const Tensor& a, const Tensor& b) { return shift_by_tensor(a, b, true); }
Tensor bitwise_right_shift(const Tensor& a, const Tensor& b) { return shift_by_tensor(a, b, false); }

Tensor shift(const Tensor& a, int64_t k, bool left) {
    check_shift_dtype(a.dtype(), left);
    // PyTorch's rules where C++'s shift is undefined: a count < 0 or >= the width shifts everything
    // out (left: 0, right: the sign fill), as does a right shift by width - 1 of a signed type.
    const int64_t bits = int64_t(a.element_size()) * 8;
    const bool is_unsigned = !dtype_is_signed(a.dtype());  // bool and uint8
    if (left) {
        if (k < 0 || k >= bits) return zeros_like(a);
        return mul(a, Scalar(int64_t(uint64_t(1) << k)));
    }
    if (k < 0 || k >= bits - (is_unsigned ? 0 : 1))
        return is_unsigned ? zeros_like(a) : neg(to_dtype(lt(a, Scalar(int64_t(0))), a.dtype()));
    return floor_divide(a, Scalar(int64_t(1) << k));
}

Tensor remainder(const Tensor& a, const Tensor& b) {
    Tensor out = binary_forward<remainder_op>(a, b);
    if (autograd::needs_grad({a, b})) {
        Shape sa = a.sizes(), sb = b.sizes();
        Needs n = needs(a, b);
        SavedTensor sa_t(n.b ? a : Tensor()), sb_t(n.b ? b : Tensor());
        autograd::record("RemainderBackward1", {a, b}, {out}, [sa, sb, n, sa_t, sb_t](const Grads& g) {
            // a % b = a - floor(a / b) * b
            Tensor ga = n.a ? sum_to(g[0], sa) : Tensor();
            Tensor gb = n.b ? sum_to(neg(mul(g[0], div(sa_t.get(), sb_t.get(), "floor"))), sb) : Tensor();
            return Grads{ga, gb};
        });
    }
    return out;
}
Tensor remainder(const Tensor& a, Scalar b) {
    Tensor out = binary_forward<remainder_op>(a, wrapped_scalar(b));
    if (autograd::needs_grad({a}))
        autograd::record("RemainderBackward0", {a}, {out}, [](const Grads& g) { return Grads{g[0]}; });
    return out;
}

Tensor fmod(const Tensor& a, const Tensor& b) {
    Tensor out = binary_forward<fmod_op>(a, b);
    if (autograd::needs_grad({a, b})) {
        Shape sa = a.sizes(), sb = b.sizes();
        Needs n = needs(a, b);
        SavedTensor sa_t(n.b ? a : Tensor()), sb_t(n.b ? b : Tensor());
        autograd::record("FmodBackward1", {a, b}, {out}, [sa, sb, n, sa_t, sb_t](const Grads& g) {
            // fmod(a, b) = a - trunc(a / b) * b
            Tensor ga = n.a ? sum_to(g[0], sa) : Tensor();
            Tensor gb = n.b ? sum_to(neg(mul(g[0], div(sa_t.get(), sb_t.get(), "trunc"))), sb) : Tensor();
            return Grads{ga, gb};
        });
    }
    return out;
}
Tensor fmod(const Tensor& a, Scalar b) {
    Tensor out = binary_forward<fmod_op>(a, wrapped_scalar(b));
    if (autograd::needs_grad({a}))
        autograd::record("FmodBackward0", {a}, {out}, [](const Grads& g) { return Grads{g[0]}; });
    return out;
}

namespace {
// maximum/minimum: the gradient goes to the larger (smaller) input; ties split it in half.
template <typename Op>
Tensor extremum(const Tensor& a, const Tensor& b, bool is_max) {
    Tensor out = binary_forward<Op>(a, b);
    if (autograd::needs_grad({a, b})) {
        Shape sa = a.sizes(), sb = b.sizes();
        Needs n = needs(a, b);
        SavedTensor sa_t(a), sb_t(b);
        autograd::record(Op::grad_fn, {a, b}, {out}, [sa, sb, n, sa_t, sb_t, is_max](const Grads& g) {
            Tensor a = sa_t.get(), b = sb_t.get();
            Tensor half = where(eq(a, b), div(g[0], Scalar(2)), g[0]);
            Tensor ga = n.a ? sum_to(masked_fill(half, is_max ? lt(a, b) : gt(a, b), Scalar(0)), sa) : Tensor();
            Tensor gb = n.b ? sum_to(masked_fill(half, is_max ? gt(a, b) : lt(a, b), Scalar(0)), sb) : Tensor();
            return Grads{ga, gb};
        });
    }
    return out;
}
}  // namespace

Tensor maximum(const Tensor& a, const Tensor& b) { return extremum<maximum_op>(a, b, true); }
Tensor minimum(const Tensor& a, const Tensor& b) { return extremum<minimum_op>(a, b, false); }

Tensor atan2(const Tensor& a, const Tensor& b) {
    Tensor out = binary_forward<atan2_op>(a, b);
    if (autograd::needs_grad({a, b})) {
        Shape sa = a.sizes(), sb = b.sizes();
        Needs n = needs(a, b);
        SavedTensor sa_t(a), sb_t(b);
        autograd::record("Atan2Backward0", {a, b}, {out}, [sa, sb, n, sa_t, sb_t](const Grads& g) {
            // d atan2(a, b) = (b da - a db) / (a^2 + b^2)
            Tensor a = sa_t.get(), b = sb_t.get();
            Tensor r = div(g[0], add(mul(a, a), mul(b, b)));
            return Grads{n.a ? sum_to(mul(r, b), sa) : Tensor(), n.b ? sum_to(neg(mul(r, a)), sb) : Tensor()};
        });
    }
    return out;
}

Tensor pow(const Tensor& x, const Tensor& exponent) {
    Tensor out = binary_forward<pow_op>(x, exponent);
    if (autograd::needs_grad({x, exponent})) {
        Shape sa = x.sizes(), sb = exponent.sizes();
        Needs n = needs(x, exponent);
        SavedTensor sx(x), se(exponent), sy = n.b ? SavedTensor::output(out) : SavedTensor();
        autograd::record("PowBackward1", {x, exponent}, {out}, [sa, sb, n, sx, se, sy](const Grads& g) {
            Tensor x = sx.get(), e = se.get();
            Tensor gx, ge_;
            if (n.a) {  // e * x^(e-1), 0 where e == 0
                Tensor d = mul(e, pow(x, sub(e, Scalar(1))));
                gx = sum_to(masked_fill(mul(g[0], d), eq(e, Scalar(0)), Scalar(0)), sa);
            }
            if (n.b) {  // x^e * log(x), 0 where x == 0 and e >= 0
                Tensor d = mul(sy.get(), log(x));
                ge_ = sum_to(masked_fill(mul(g[0], d), logical_and(eq(x, Scalar(0)), ge(e, Scalar(0))), Scalar(0)), sb);
            }
            return Grads{gx, ge_};
        }, {{"self", sx}, {"exponent", se}, {"result", sy}});
    }
    return out;
}

Tensor pow(Scalar base, const Tensor& exponent) {
    Tensor out = binary_forward<pow_op>(wrapped_scalar(base), exponent);
    if (autograd::needs_grad({exponent})) {
        SavedTensor se(exponent), sy = SavedTensor::output(out);
        autograd::record("PowBackward2", {exponent}, {out}, [base, se, sy](const Grads& g) {
            if (base.to_double() == 0.0)
                return Grads{where(ge(se.get(), Scalar(0)), zeros_like(g[0]), mul(g[0], mul(sy.get(), std::log(0.0))))};
            return Grads{mul(g[0], mul(sy.get(), Scalar(std::log(base.to_double()))))};
        });
    }
    return out;
}

// ==== [SECTION] comparisons and logic ============================================================

Tensor eq(const Tensor& a, const Tensor& b) {
    return a.is_complex() || b.is_complex() ? complex_eq(a, b, false) : binary_forward<eq_op>(a, b);
}
Tensor eq(const Tensor& a, Scalar b) { return eq(a, wrapped_scalar(b)); }
Tensor ne(const Tensor& a, const Tensor& b) {
    return a.is_complex() || b.is_complex() ? complex_eq(a, b, true) : binary_forward<ne_op>(a, b);
}
Tensor ne(const Tensor& a, Scalar b) { return ne(a, wrapped_scalar(b)); }
Tensor lt(const Tensor& a, const Tensor& b) { return binary_forward<lt_op>(a, b); }
Tensor lt(const Tensor& a, Scalar b) { return lt(a, wrapped_scalar(b)); }
Tensor le(const Tensor& a, const Tensor& b) { return binary_forward<le_op>(a, b); }
Tensor le(const Tensor& a, Scalar b) { return le(a, wrapped_scalar(b)); }
Tensor gt(const Tensor& a, const Tensor& b) { return binary_forward<gt_op>(a, b); }
Tensor gt(const Tensor& a, Scalar b) { return gt(a, wrapped_scalar(b)); }
Tensor ge(const Tensor& a, const Tensor& b) { return binary_forward<ge_op>(a, b); }
Tensor ge(const Tensor& a, Scalar b) { return ge(a, wrapped_scalar(b)); }
Tensor logical_and(const Tensor& a, const Tensor& b) { return binary_forward<logical_and_op>(a, b); }
Tensor logical_or(const Tensor& a, const Tensor& b) { return binary_forward<logical_or_op>(a, b); }
Tensor logical_xor(const Tensor& a, const Tensor& b) { return binary_forward<logical_xor_op>(a, b); }

// ==== [SECTION] where / masked_fill ==============================================================

Tensor where(const Tensor& cond_in, const Tensor& a, const Tensor& b) {
    // A uint8 condition is still read as bool (deprecated: the Python bindings warn, as ATen's
    // TORCH_WARN_ONCE does); other dtypes are refused.
    KILN_CHECK(cond_in.dtype() == DType::Bool || cond_in.dtype() == DType::UInt8, RuntimeError,
               "where expected condition to be a boolean tensor, but got a tensor with dtype ",
               dtype_scalar_type_name(cond_in.dtype()));
    const Tensor cond = cond_in.dtype() == DType::Bool ? cond_in : to_dtype(cond_in.detach(), DType::Bool);
    if (a.is_complex() || b.is_complex()) {  // on the real views, the condition broadcast over the pair dim
        const DType cdt = result_type({a, b});
        Tensor ra = view_as_real(resolve_conj(to_dtype(a, cdt))), rb = view_as_real(resolve_conj(to_dtype(b, cdt)));
        return view_as_complex(contiguous(where(unsqueeze(cond, -1), ra, rb)));
    }
    DType dt = result_type({a, b});
    Shape shape = broadcast_shapes(broadcast_shapes(cond.sizes(), a.sizes()), b.sizes());
    Tensor out = launch_laid_out(shape, dt, cuda::common_device({cond, a, b}), {cond, as_dtype(a, dt), as_dtype(b, dt)},
                                 [](const Tensor& o, const std::vector<Tensor>& in) {
                                     ternary_launch<where_op>(o, in[0], in[1], in[2], Scalar());
                                 });
    if (autograd::needs_grad({a, b})) {
        Shape sa = a.sizes(), sb = b.sizes();
        Needs n = needs(a, b);
        Tensor c = cond.detach();
        autograd::record("WhereBackward0", {cond, a, b}, {out}, [sa, sb, n, c](const Grads& g) {
            return Grads{Tensor(), n.a ? sum_to(where(c, g[0], Scalar(0)), sa) : Tensor(),
                         n.b ? sum_to(where(c, Scalar(0), g[0]), sb) : Tensor()};
        });
    }
    return out;
}
Tensor where(const Tensor& cond, Scalar a, const Tensor& b) { return where(cond, wrapped_scalar(a), b); }
Tensor where(const Tensor& cond, const Tensor& a, Scalar b) { return where(cond, a, wrapped_scalar(b)); }

namespace {
void check_mask(const Tensor& mask, const char* op) {
    KILN_CHECK(mask.dtype() == DType::Bool, RuntimeError, op, " only supports boolean masks, but got mask with dtype ",
               dtype_type_meta_name(mask.dtype()));
}
}  // namespace

Tensor masked_fill(const Tensor& x, const Tensor& mask, Scalar value) {
    check_mask(mask, "masked_fill_");
    // Complex: where() on the real views (complex tensors have no element kernels).
    if (x.is_complex()) return where(mask, full({}, value, {x.dtype(), x.device()}), x);
    // The fill value takes x's dtype (no promotion): where(mask, value, x) computed in x.dtype.
    // ATen's masked_fill is clone(contiguous_format) then masked_fill_: a row-major result whatever x's layout.
    Shape shape = broadcast_shapes(x.sizes(), mask.sizes());
    Tensor out = Tensor::empty(shape, x.dtype(), cuda::common_device({x, mask}));
    ternary_launch<where_op>(out, mask, scalar_tensor(value, x.dtype()), x, Scalar());
    if (autograd::needs_grad({x})) {
        Shape sx = x.sizes();
        Tensor m = mask.detach();
        autograd::record("MaskedFillBackward0", {x, mask}, {out}, [sx, m](const Grads& g) {
            return Grads{sum_to(where(m, Scalar(0), g[0]), sx), Tensor()};
        });
    }
    return out;
}

// ==== [SECTION] equal / allclose =================================================================

bool equal(const Tensor& a, const Tensor& b) {
    if (a.sizes() != b.sizes()) return false;
    autograd::NoGradGuard no_grad;
    for (double v : eq(a, b).to_double_vector())
        if (v == 0.0) return false;
    return true;
}

bool allclose(const Tensor& a, const Tensor& b, double rtol, double atol, bool equal_nan) {
    KILN_CHECK(a.dtype() == b.dtype(), RuntimeError, dtype_scalar_type_name(a.dtype()), " did not match ",
               dtype_scalar_type_name(b.dtype()));
    Shape shape = broadcast_shapes(a.sizes(), b.sizes());
    std::vector<double> av = bview(a, shape).to_double_vector(), bv = bview(b, shape).to_double_vector();
    for (size_t i = 0; i < av.size(); ++i) {
        double x = av[i], y = bv[i];
        if (x == y) continue;  // also equal infinities
        if (std::isnan(x) || std::isnan(y)) {
            if (equal_nan && std::isnan(x) && std::isnan(y)) continue;
            return false;
        }
        // Only a finite difference can be within tolerance (inf vs -inf is not close).
        double err = std::fabs(x - y);
        if (!std::isfinite(err) || !(err <= atol + rtol * std::fabs(y))) return false;
    }
    return true;
}

// ==== [SECTION] in-place ops =====================================================================
// Every in-place op checks PyTorch's rules (leaf that requires grad, result dtype castable to x's,
// result shape equal to x's) and then either
//   - with autograd: r = op(inplace_source(x), ...) recorded as usual, copied into x, and x rebased
//     onto r's node (so x.grad_fn is AddBackward0 etc., as in PyTorch);
//   - without: `direct()` writes the result into x itself (kernels tolerate out aliasing an input
//     elementwise), or, when x's dtype is not the compute dtype, r is computed and copied over.

namespace {

template <typename Compute, typename Direct>
Tensor& inplace(Tensor& x, const std::vector<Tensor>& others, DType result_dtype, const Shape& result_shape,
                Compute compute, Direct direct) {
    autograd::check_inplace(x);
    assert_no_internal_overlap(x);
    for (const Tensor& o : others) assert_no_partial_overlap(x, o);
    KILN_CHECK(can_cast(result_dtype, x.dtype()), RuntimeError, "result type ", dtype_scalar_type_name(result_dtype),
               " can't be cast to the desired output type ", dtype_scalar_type_name(x.dtype()));
    KILN_CHECK(result_shape == x.sizes(), RuntimeError, "output with shape ", shape_str(x.sizes()),
               " doesn't match the broadcast shape ", shape_str(result_shape));
    std::vector<Tensor> all = others;
    all.push_back(x);
    for (const Tensor& o : others) cuda::common_device({x, o});  // mixed devices raise PyTorch's error
    if (x.device() == Device::CPU)
        for (const Tensor& o : others)
            KILN_CHECK(!o.defined() || o.device() == Device::CPU, RuntimeError,
                       "Expected all tensors to be on the same device, but found at least two devices, cuda:0 and cpu!");
    if (autograd::needs_grad(all)) {
        Tensor src = autograd::inplace_source(x);
        Tensor r = compute(src);
        {
            autograd::NoGradGuard no_grad;
            copy_(x, r);
        }
        autograd::inplace_rebase(x, r);
        return x;
    }
    if (result_dtype == x.dtype()) {
        direct();
        x.bump_version();
    } else {
        Tensor r;
        {
            autograd::NoGradGuard no_grad;
            r = compute(x);
            copy_(x, r);
        }
    }
    return x;
}

Shape bshape(const Tensor& x, const Tensor& y) { return broadcast_shapes(x.sizes(), y.sizes()); }

}  // namespace

Tensor& add_(Tensor& x, const Tensor& other, Scalar alpha) {
    DType dt = result_type({x, other});
    check_integral_alpha(dt, alpha, "alpha");
    return inplace(x, {other}, dt, bshape(x, other), [&](const Tensor& s) { return add(s, other, alpha); },
                   [&] { binary_launch<add_op>(x, x, as_dtype(other, dt), alpha); });
}
Tensor& add_(Tensor& x, Scalar other, Scalar alpha) { return add_(x, wrapped_scalar(other), alpha); }

Tensor& sub_(Tensor& x, const Tensor& other, Scalar alpha) {
    check_sub(x, other);
    DType dt = result_type({x, other});
    check_integral_alpha(dt, alpha, "alpha");
    return inplace(x, {other}, dt, bshape(x, other), [&](const Tensor& s) { return sub(s, other, alpha); },
                   [&] { binary_launch<sub_op>(x, x, as_dtype(other, dt), alpha); });
}

Tensor& mul_(Tensor& x, const Tensor& other) {
    DType dt = result_type({x, other});
    return inplace(x, {other}, dt, bshape(x, other), [&](const Tensor& s) { return mul(s, other); },
                   [&] { binary_launch<mul_op>(x, x, as_dtype(other, dt), Scalar()); });
}
Tensor& mul_(Tensor& x, Scalar other) { return mul_(x, wrapped_scalar(other)); }

Tensor& div_(Tensor& x, const Tensor& other) {
    DType dt = kind_dtype(Kind::FLOAT, result_type({x, other}));
    return inplace(x, {other}, dt, bshape(x, other), [&](const Tensor& s) { return div(s, other); },
                   [&] { binary_launch<div_op>(x, x, as_dtype(other, dt), Scalar()); });
}
Tensor& div_(Tensor& x, Scalar other) { return div_(x, wrapped_scalar(other)); }

Tensor& fill_(Tensor& x, Scalar value) {
    autograd::check_inplace(x);
    bool grad = autograd::needs_grad({x});
    Tensor src = grad ? autograd::inplace_source(x) : Tensor();
    {
        autograd::NoGradGuard no_grad;
        Tensor v = scalar_tensor(value, x.dtype());
        if (x.device() == Device::CUDA) {
            cuda::fill_tensor(x, v.item());
        } else if (x.numel() > 0) {
            cuda::cpu_copy(x, bview(v, x.sizes()));
        }
    }
    x.bump_version();
    if (grad) {
        Tensor r = empty_like(x);  // placeholder carrying the node; x is rebased onto it
        autograd::record("FillBackward0", {src}, {r}, [](const Grads& g) { return Grads{zeros_like(g[0])}; });
        autograd::inplace_rebase(x, r);
    }
    return x;
}

Tensor& zero_(Tensor& x) {
    autograd::check_inplace(x);
    bool grad = autograd::needs_grad({x});
    Tensor src = grad ? autograd::inplace_source(x) : Tensor();
    {
        autograd::NoGradGuard no_grad;
        fill_(x, Scalar(int64_t(0)));
    }
    if (grad) {
        Tensor r = empty_like(x);
        autograd::record("ZeroBackward0", {src}, {r}, [](const Grads& g) { return Grads{zeros_like(g[0])}; });
        autograd::inplace_rebase(x, r);
    }
    return x;
}

Tensor& clamp_(Tensor& x, std::optional<Scalar> min, std::optional<Scalar> max) {
    KILN_CHECK(min || max, RuntimeError, "torch.clamp: At least one of 'min' or 'max' must not be None");
    DType dt = clamp_dtype(x, min, max);
    const double inf = std::numeric_limits<double>::infinity();
    return inplace(x, {}, dt, x.sizes(), [&](const Tensor& s) { return clamp(s, min, max); },
                   [&] { unary_launch<clamp_op>(x, x, min.value_or(Scalar(-inf)), max.value_or(Scalar(inf))); });
}

Tensor& relu_(Tensor& x) {
    KILN_CHECK(x.dtype() != DType::Bool, RuntimeError, "Boolean inputs not supported for relu");
    return inplace(x, {}, x.dtype(), x.sizes(), [&](const Tensor& s) { return relu(s); },
                   [&] { unary_launch<relu_op>(x, x, Scalar(), Scalar()); });
}

Tensor& masked_fill_(Tensor& x, const Tensor& mask, Scalar value) {
    check_mask(mask, "masked_fill_");
    return inplace(x, {mask}, x.dtype(), bshape(x, mask), [&](const Tensor& s) { return masked_fill(s, mask, value); },
                   [&] {
                       if (x.is_complex()) copy_(x, masked_fill(x, mask, value));
                       else ternary_launch<where_op>(x, mask, scalar_tensor(value, x.dtype()), x, Scalar());
                   });
}

namespace {
// x + value * a (op) b for addcmul_/addcdiv_: one fused pass without autograd; with it, the same
// value from ordinary ops so the AddcmulBackward0/AddcdivBackward0 node gets the right formula.
template <typename Op>
Tensor addc_forward(const Tensor& x, const Tensor& a, const Tensor& b, Scalar value) {
    DType dt = result_type({x, a, b});
    Shape shape = broadcast_shapes(broadcast_shapes(x.sizes(), a.sizes()), b.sizes());
    return launch_laid_out(shape, dt, cuda::common_device({x, a, b}), {as_dtype(x, dt), as_dtype(a, dt), as_dtype(b, dt)},
                           [&](const Tensor& o, const std::vector<Tensor>& in) {
                               ternary_launch<Op>(o, in[0], in[1], in[2], value);
                           });
}
}  // namespace

Tensor& addcmul_(Tensor& x, const Tensor& a, const Tensor& b, Scalar value) {
    DType dt = result_type({x, a, b});
    Shape shape = broadcast_shapes(broadcast_shapes(x.sizes(), a.sizes()), b.sizes());
    auto compute = [&](const Tensor& s) {
        Tensor out = addc_forward<addcmul_op>(s, a, b, value);
        if (autograd::needs_grad({s, a, b})) {
            Shape sx = s.sizes(), sa = a.sizes(), sb = b.sizes();
            SavedTensor at(a), bt(b);
            autograd::record("AddcmulBackward0", {s, a, b}, {out}, [sx, sa, sb, at, bt, value](const Grads& g) {
                Tensor gv = mul(g[0], value);
                return Grads{sum_to(g[0], sx), sum_to(mul(gv, bt.get()), sa), sum_to(mul(gv, at.get()), sb)};
            });
        }
        return out;
    };
    return inplace(x, {a, b}, dt, shape, compute,
                   [&] { ternary_launch<addcmul_op>(x, x, as_dtype(a, dt), as_dtype(b, dt), value); });
}

Tensor& addcdiv_(Tensor& x, const Tensor& a, const Tensor& b, Scalar value) {
    DType dt = result_type({x, a, b});
    KILN_CHECK(dtype_is_floating(dt), RuntimeError,
               "Integer division with addcdiv is no longer supported, and in a future release addcdiv will perform a "
               "true division of tensor1 and tensor2. The historic addcdiv behavior can be implemented as "
               "(input + value * torch.trunc(tensor1 / tensor2)).to(input.dtype) for integer inputs and as "
               "(input + value * tensor1 / tensor2) for float inputs. The future addcdiv behavior is just the latter "
               "implementation: (input + value * tensor1 / tensor2), for all dtypes.");
    Shape shape = broadcast_shapes(broadcast_shapes(x.sizes(), a.sizes()), b.sizes());
    auto compute = [&](const Tensor& s) {
        Tensor out = addc_forward<addcdiv_op>(s, a, b, value);
        if (autograd::needs_grad({s, a, b})) {
            Shape sx = s.sizes(), sa = a.sizes(), sb = b.sizes();
            SavedTensor at(a), bt(b);
            autograd::record("AddcdivBackward0", {s, a, b}, {out}, [sx, sa, sb, at, bt, value](const Grads& g) {
                Tensor b = bt.get();
                Tensor gv = mul(g[0], value);
                return Grads{sum_to(g[0], sx), sum_to(div(gv, b), sa),
                             sum_to(neg(div(mul(gv, at.get()), mul(b, b))), sb)};
            });
        }
        return out;
    };
    return inplace(x, {a, b}, dt, shape, compute,
                   [&] { ternary_launch<addcdiv_op>(x, x, as_dtype(a, dt), as_dtype(b, dt), value); });
}

Tensor& lerp_(Tensor& x, const Tensor& end, Scalar weight) {
    KILN_CHECK(x.dtype() == end.dtype(), RuntimeError, "expected dtype ", dtype_type_meta_name(x.dtype()),
               " for `end` but got dtype ", dtype_type_meta_name(end.dtype()));
    DType dt = x.dtype();
    Shape shape = bshape(x, end);
    auto compute = [&](const Tensor& s) {
        Tensor out = launch_laid_out(shape, dt, cuda::common_device({s, end}), {s, end},
                                     [&](const Tensor& o, const std::vector<Tensor>& in) {
                                         ternary_launch<lerp_op>(o, in[0], in[1], in[1], weight);
                                     });
        if (autograd::needs_grad({s, end})) {
            Shape sx = s.sizes(), se = end.sizes();
            autograd::record("LerpBackward0", {s, end}, {out}, [sx, se, weight](const Grads& g) {
                return Grads{sum_to(mul(g[0], Scalar(1.0 - weight.to_double())), sx), sum_to(mul(g[0], weight), se)};
            });
        }
        return out;
    };
    return inplace(x, {end}, dt, shape, compute, [&] { ternary_launch<lerp_op>(x, x, end, end, weight); });
}

// The out-of-place forms (torch.addcmul/addcdiv/lerp and their aten ops): the result has the shape
// of all operands broadcast together and their common dtype, as PyTorch's structured kernels size
// it, so self is first broadcast and promoted into a new tensor (expand's and the copy's backward
// sum and cast the gradient back); the in-place kernel then runs on that copy, so the values round
// exactly as the in-place ops' do. A plain clone of self refused a self smaller than the result
// ("output with shape [3, 1, 5] doesn't match the broadcast shape [3, 4, 5]"; the op matrix found it).
namespace {
Tensor functional_self(const Tensor& self, const Shape& shape, DType dt) {
    Tensor x = self.sizes() == shape ? self : expand(self, shape);
    return x.dtype() == dt ? clone(x) : to_dtype(x, dt, true);
}
}  // namespace

Tensor addcmul(const Tensor& x, const Tensor& a, const Tensor& b, Scalar value) {
    Tensor r = functional_self(x, broadcast_shapes(bshape(x, a), b.sizes()), result_type({x, a, b}));
    return addcmul_(r, a, b, value);
}

Tensor addcdiv(const Tensor& x, const Tensor& a, const Tensor& b, Scalar value) {
    Tensor r = functional_self(x, broadcast_shapes(bshape(x, a), b.sizes()), result_type({x, a, b}));
    return addcdiv_(r, a, b, value);
}

Tensor lerp(const Tensor& x, const Tensor& end, Scalar weight) {
    Tensor r = functional_self(x, bshape(x, end), x.dtype());  // lerp_ refuses an `end` of another dtype
    return lerp_(r, end, weight);
}

// ==== [SECTION] trig, special functions, bitwise ops ================================================
// Rows of pointwise.def added for the torch functions real programs call (atan, erfinv, lgamma,
// bitwise_and, ...). PyTorch defines some only for some dtypes: its CPU kernels' dispatch refuses the
// others with "\"<op>_cpu\" not implemented for '<Type>'", and so does Kiln.
namespace {
void check_floating_only(DType dt, const char* op) {
    KILN_CHECK(dtype_is_floating(dt), NotImplementedError, "\"", op, "_cpu\" not implemented for '",
               dtype_scalar_type_name(dt), "'");
}
void check_integral_only(DType dt, const char* op) {
    KILN_CHECK(!dtype_is_floating(dt), NotImplementedError, "\"", op, "_cpu\" not implemented for '",
               dtype_scalar_type_name(dt), "'");
}
}  // namespace

Tensor trigamma(const Tensor& x) {
    Tensor out = unary_forward<trigamma_op>(x);
    if (autograd::needs_grad({x})) {
        SavedTensor sx(x);
        autograd::record("PolygammaBackward0", {x}, {out}, [sx](const Grads& g) { return Grads{mul(g[0], polygamma(2, sx.get()))}; });
    }
    return out;
}
Tensor polygamma(int64_t n, const Tensor& x) {
    KILN_CHECK(n >= 0, RuntimeError, "polygamma(n, x) does not support negative n.");
    if (n == 0) return digamma(x);
    if (n == 1) return trigamma(x);
    Tensor out = unary_forward<polygamma_n_op>(x, Scalar(n));
    if (autograd::needs_grad({x})) {
        SavedTensor sx(x);
        autograd::record("PolygammaBackward0", {x}, {out},
                         [sx, n](const Grads& g) { return Grads{mul(g[0], polygamma(n + 1, sx.get()))}; });
    }
    return out;
}
Tensor frac(const Tensor& x) {
    check_floating_only(x.dtype(), "frac");
    return unary_op<frac_op>(x);
}
Tensor bitwise_not(const Tensor& x) {
    check_integral_only(x.dtype(), "bitwise_not");
    return unary_forward<bitwise_not_op>(x);
}

Tensor logit(const Tensor& x, std::optional<double> eps) {
    const double e = eps ? *eps : -1.0;
    Tensor out = unary_forward<logit_op>(x, Scalar(e));
    if (autograd::needs_grad({x})) {
        SavedTensor sx(x);
        autograd::record("LogitBackward0", {x}, {out}, [sx, e](const Grads& g) {
            // d/dx log(x / (1 - x)) = 1 / (x (1 - x)); outside [eps, 1 - eps] the clamp makes it 0,
            // and without eps it is NaN outside [0, 1] (PyTorch's logit_backward).
            Tensor x = sx.get();
            Tensor d = div(g[0], mul(x, rsub(x, Scalar(1))));
            const double lo = e < 0 ? 0.0 : e, hi = e < 0 ? 1.0 : 1.0 - e;
            Tensor outside = logical_or(lt(x, Scalar(lo)), gt(x, Scalar(hi)));
            return Grads{where(outside, Scalar(e < 0 ? std::numeric_limits<double>::quiet_NaN() : 0.0), d)};
        });
    }
    return out;
}

Tensor hypot(const Tensor& a, const Tensor& b) {
    check_floating_only(result_type({a, b}), "hypot");
    Tensor out = binary_forward<hypot_op>(a, b);
    if (autograd::needs_grad({a, b})) {
        Shape sa = a.sizes(), sb = b.sizes();
        Needs n = needs(a, b);
        SavedTensor sa_t(a), sb_t(b), sy = SavedTensor::output(out);
        autograd::record("HypotBackward0", {a, b}, {out}, [sa, sb, n, sa_t, sb_t, sy](const Grads& g) {
            // d hypot(a, b) = (a da + b db) / hypot(a, b)
            Tensor r = div(g[0], sy.get());
            return Grads{n.a ? sum_to(mul(r, sa_t.get()), sa) : Tensor(), n.b ? sum_to(mul(r, sb_t.get()), sb) : Tensor()};
        });
    }
    return out;
}

namespace {
// fmax/fmin: the gradient goes to the operand chosen (self on ties and where other is NaN).
template <typename Op>
Tensor fextremum(const Tensor& a, const Tensor& b, bool is_max) {
    Tensor out = binary_forward<Op>(a, b);
    if (autograd::needs_grad({a, b})) {
        Shape sa = a.sizes(), sb = b.sizes();
        Needs n = needs(a, b);
        SavedTensor sa_t(a), sb_t(b);
        autograd::record(Op::grad_fn, {a, b}, {out}, [sa, sb, n, sa_t, sb_t, is_max](const Grads& g) {
            Tensor x = sa_t.get(), y = sb_t.get();
            Tensor self_wins = logical_or(is_max ? ge(x, y) : le(x, y), ne(y, y));
            return Grads{n.a ? sum_to(where(self_wins, g[0], Scalar(0)), sa) : Tensor(),
                         n.b ? sum_to(where(self_wins, Scalar(0), g[0]), sb) : Tensor()};
        });
    }
    return out;
}
}  // namespace

Tensor fmax(const Tensor& a, const Tensor& b) { return fextremum<fmax_op>(a, b, true); }
Tensor fmin(const Tensor& a, const Tensor& b) { return fextremum<fmin_op>(a, b, false); }

Tensor heaviside(const Tensor& input, const Tensor& values) {
    KILN_CHECK(input.dtype() == values.dtype(), RuntimeError,
               "heaviside is not yet implemented for tensors with different dtypes");
    return binary_forward<heaviside_op>(input, values);
}

namespace {
// igamma/igammac (derivatives.yaml): d/d other = +-grad * exp((self - 1) * log(other) - other - lgamma(self));
// a gradient for `self` raises PyTorch's not_implemented error when the backward asks for it.
template <typename Op>
Tensor incomplete_gamma_op(const Tensor& a, const Tensor& b, const char* grad_fn, const char* name, bool upper) {
    check_floating_only(result_type({a, b}), name);  // no integer kernels: "igamma_cpu" not implemented for 'Long'
    Tensor out = binary_forward<Op>(a, b);
    if (autograd::needs_grad({a, b})) {
        Shape sa = a.sizes(), sb = b.sizes();
        Needs n = needs(a, b);
        SavedTensor sa_t(a), sb_t(b);
        std::string what = name;
        autograd::record(grad_fn, {a, b}, {out}, [sb, n, sa_t, sb_t, upper, what](const Grads& g) {
            KILN_CHECK(!n.a, RuntimeError, "the derivative for '", what, ": input' is not implemented.");
            Tensor x = sa_t.get(), y = sb_t.get();
            Tensor d = mul(g[0], exp(sub(sub(mul(sub(x, Scalar(1)), log(y)), y), lgamma(x))));
            return Grads{Tensor(), n.b ? sum_to(upper ? neg(d) : d, sb) : Tensor()};
        });
    }
    return out;
}
}  // namespace

Tensor igamma(const Tensor& a, const Tensor& b) { return incomplete_gamma_op<igamma_op>(a, b, "IgammaBackward0", "igamma", false); }
Tensor igammac(const Tensor& a, const Tensor& b) {
    return incomplete_gamma_op<igammac_op>(a, b, "IgammacBackward0", "igammac", true);
}

Tensor nextafter(const Tensor& a, const Tensor& b) {
    check_floating_only(result_type({a, b}), "nextafter");
    Tensor out = binary_forward<nextafter_op>(a, b);
    if (autograd::needs_grad({a, b}))
        autograd::record("NextafterBackward0", {a, b}, {out}, [](const Grads&) -> Grads {
            KILN_FAIL(RuntimeError, "the derivative for 'nextafter' is not implemented.");
        });
    return out;
}

Tensor bitwise_and(const Tensor& a, const Tensor& b) {
    check_integral_only(result_type({a, b}), "bitwise_and");
    return binary_forward<bitwise_and_op>(a, b);
}
Tensor bitwise_or(const Tensor& a, const Tensor& b) {
    check_integral_only(result_type({a, b}), "bitwise_or");
    return binary_forward<bitwise_or_op>(a, b);
}
Tensor bitwise_xor(const Tensor& a, const Tensor& b) {
    check_integral_only(result_type({a, b}), "bitwise_xor");
    return binary_forward<bitwise_xor_op>(a, b);
}

Tensor nan_to_num(const Tensor& x, std::optional<double> nan, std::optional<double> posinf, std::optional<double> neginf) {
    if (!x.is_floating_point()) {
        autograd::NoGradGuard no_grad;
        return clone(x);
    }
    // Defaults: 0 for NaN, the dtype's largest and lowest finite values for the infinities.
    double big = std::numeric_limits<double>::max();
    switch (x.dtype()) {
        case DType::Float16: big = 65504.0; break;
        case DType::BFloat16: big = 3.3895313892515355e38; break;
        case DType::Float32: big = double(std::numeric_limits<float>::max()); break;
        default: break;
    }
    Tensor out;
    {
        autograd::NoGradGuard no_grad;
        Tensor d = x.detach();
        const double inf = std::numeric_limits<double>::infinity();
        out = where(ne(d, d), Scalar(nan.value_or(0.0)), d);
        out = where(eq(d, Scalar(inf)), Scalar(posinf.value_or(big)), out);
        out = where(eq(d, Scalar(-inf)), Scalar(neginf.value_or(-big)), out);
    }
    if (autograd::needs_grad({x})) {
        SavedTensor sx(x);
        autograd::record("NanToNumBackward0", {x}, {out}, [sx](const Grads& g) {
            // PyTorch: grad * isfinite(self)
            Tensor d = sx.get();
            Tensor finite = logical_and(eq(d, d), lt(abs(d), Scalar(std::numeric_limits<double>::infinity())));
            return Grads{mul(g[0], finite)};
        });
    }
    return out;
}

KILN_POINTWISE_COLD_END
// ---- fused CPU optimizer updates (ops/optim_kernels.h) ------------------------------------------
// The single-tensor Adam/AdamW update of optim/optimizer.cpp, op by op over chunks of kAdamChunk
// values: every loop below is the eager kernel's expression for that op (the op structs above, the
// Scalar converted to float as scalar_as does), writing memory that the next loop reads, so nothing
// is contracted across ops and each value rounds as in the per-op path.
namespace {
constexpr int64_t kAdamChunk = 1024;  // 4 KB per array: the chunk's arrays stay in L1

// Runs body(off, len) over [0, n) in chunks of kAdamChunk values, the chunks split across the intra-op
// threads (grain ~32K values per thread, as the elementwise kernels split); the arithmetic does not
// depend on the split.
template <typename Body>
void for_each_chunk(int64_t n, const Body& body) {
    const int64_t chunks = (n + kAdamChunk - 1) / kAdamChunk;
    parallel_for(0, chunks, std::max<int64_t>(1, 32768 / kAdamChunk), [&](int64_t c0, int64_t c1) {
        for (int64_t c = c0; c < c1; ++c) body(c * kAdamChunk, std::min(kAdamChunk, n - c * kAdamChunk));
    });
}

// The gradient the update reads for one chunk, as the single-tensor optimizers make it: grad = -grad
// under maximize, then grad = grad.add(param, alpha=weight_decay) for coupled weight decay (wd != 0);
// either writes into gbuf, otherwise g is returned as it is.
const float* prepared_grad(const float* g, const float* p, int64_t len, bool maximize, float wd, bool decay,
                           float* gbuf) {
    if (maximize) {  // grad = neg(grad)
        for (int64_t i = 0; i < len; ++i) gbuf[i] = neg_op::apply(g[i], 0.0f, 0.0f);
        g = gbuf;
    }
    if (decay) {  // grad = grad.add(param, alpha=weight_decay)
        for (int64_t i = 0; i < len; ++i) gbuf[i] = add_op::apply(g[i], p[i], wd);
        g = gbuf;
    }
    return g;
}
}  // namespace

void adam_step_f32_cpu(float* param, const float* grad, float* exp_avg, float* exp_avg_sq, int64_t n,
                       const AdamScalars& s) {
    using C = float;
    // The Scalars the per-op path passes, as its kernels read them (scalar_as<float>).
    const C decay = scalar_as<C>(Scalar(1 - s.lr * s.weight_decay));  // mul_(param, 1 - lr * wd)
    const C wd = scalar_as<C>(Scalar(s.weight_decay));                // add(grad, param, alpha=wd)
    const C w1 = scalar_as<C>(Scalar(1 - s.beta1));                   // lerp_(exp_avg, grad, 1 - beta1)
    const C b2 = scalar_as<C>(Scalar(s.beta2));                       // mul_(exp_avg_sq, beta2)
    const C c2 = scalar_as<C>(Scalar(1 - s.beta2));                   // addcmul_(.., grad, grad, 1 - beta2)
    const C bc2 = scalar_as<C>(Scalar(s.bias_correction2_sqrt));      // div(sqrt(..), bc2_sqrt)
    const C eps = scalar_as<C>(Scalar(s.eps));                        // add_(denom, eps)
    const C one = scalar_as<C>(Scalar(int64_t(1)));                   // add_'s default alpha
    const C neg_step = scalar_as<C>(Scalar(-s.step_size));            // addcdiv_(param, .., -step_size)
    const C zero = C(0);
    const bool decay_param = s.weight_decay != 0 && s.decoupled, decay_grad = s.weight_decay != 0 && !s.decoupled;
    for_each_chunk(n, [&](int64_t off, int64_t len) {
        alignas(64) C gbuf[kAdamChunk];
        alignas(64) C dbuf[kAdamChunk];
        C* p = param + off;
        C* m = exp_avg + off;
        C* v = exp_avg_sq + off;
        const C* g = prepared_grad(grad + off, p, len, s.maximize, wd, decay_grad, gbuf);
        if (decay_param)  // param.mul_(1 - lr * weight_decay)
            for (int64_t i = 0; i < len; ++i) p[i] = mul_op::apply(p[i], decay, one);
        for (int64_t i = 0; i < len; ++i) m[i] = lerp_op::apply(m[i], g[i], g[i], w1);
        for (int64_t i = 0; i < len; ++i) v[i] = mul_op::apply(v[i], b2, one);
        for (int64_t i = 0; i < len; ++i) v[i] = addcmul_op::apply(v[i], g[i], g[i], c2);
        for (int64_t i = 0; i < len; ++i) dbuf[i] = sqrt_op::apply(v[i], zero, zero);
        for (int64_t i = 0; i < len; ++i) dbuf[i] = div_op::apply(dbuf[i], bc2, one);
        for (int64_t i = 0; i < len; ++i) dbuf[i] = add_op::apply(dbuf[i], eps, one);
        for (int64_t i = 0; i < len; ++i) p[i] = addcdiv_op::apply(p[i], m[i], dbuf[i], neg_step);
    });
}

// The single-tensor SGD update of optim/optimizer.cpp (torch.optim.SGD's _single_tensor_sgd, PyTorch's
// CPU default) op by op over chunks of kAdamChunk values, as adam_step_f32_cpu: each loop is the eager
// kernel's expression for that op, values pass between ops through memory, so every value rounds as in
// the per-op path. The per-op path made a weight-decayed gradient (a new array), then mul_ and add_
// over the momentum buffer and add_ over the parameter: four to five passes over arrays of ResNet-18's
// 11M parameters (45 MB each) per step, 8% of a batch-32 training step on one thread
// (native/bench/results/2026-11-27-local-2core-speed37-conv-dx.md); here one pass.
void sgd_step_f32_cpu(float* param, const float* grad, float* momentum_buffer, int64_t n, const SgdScalars& s) {
    using C = float;
    const C wd = scalar_as<C>(Scalar(s.weight_decay));        // add(grad, param, alpha=weight_decay)
    const C mom = scalar_as<C>(Scalar(s.momentum));           // mul_(buf, momentum); add(grad, buf, momentum)
    const C keep = scalar_as<C>(Scalar(1 - s.dampening));     // add_(buf, grad, 1 - dampening)
    const C neg_lr = scalar_as<C>(Scalar(-s.lr));             // add_(param, grad, -lr)
    const C one = scalar_as<C>(Scalar(int64_t(1)));           // mul_'s alpha slot
    const bool use_buf = s.momentum != 0;
    for_each_chunk(n, [&](int64_t off, int64_t len) {
        alignas(64) C gbuf[kAdamChunk];
        alignas(64) C nbuf[kAdamChunk];
        C* p = param + off;
        const C* g = prepared_grad(grad + off, p, len, s.maximize, wd, s.weight_decay != 0, gbuf);
        if (use_buf) {
            C* b = momentum_buffer + off;
            if (s.first) {  // buf = clone(grad)
                for (int64_t i = 0; i < len; ++i) b[i] = g[i];
            } else {  // buf.mul_(momentum).add_(grad, alpha=1 - dampening)
                for (int64_t i = 0; i < len; ++i) b[i] = mul_op::apply(b[i], mom, one);
                for (int64_t i = 0; i < len; ++i) b[i] = add_op::apply(b[i], g[i], keep);
            }
            if (s.nesterov) {  // grad = grad.add(buf, alpha=momentum)
                for (int64_t i = 0; i < len; ++i) nbuf[i] = add_op::apply(g[i], b[i], mom);
                g = nbuf;
            } else {
                g = b;
            }
        }
        for (int64_t i = 0; i < len; ++i) p[i] = add_op::apply(p[i], g[i], neg_lr);  // param.add_(grad, alpha=-lr)
    });
}

// The single-tensor Adadelta update of optim/optimizer.cpp op by op over chunks of kAdamChunk values,
// as adam_step_f32_cpu (each loop the eager kernel's expression, values passing through memory). The
// per-op path runs eleven ops per parameter, four of them allocating a new array (the weight-decayed
// gradient, std, delta and its sqrt): ~1.9 ms per step of the MNIST CNN's 1.2M parameters on one
// thread, 4% of its batch-64 training step (native/bench/results/2026-11-27-local-2core-speed37-conv-dx.md).
void adadelta_step_f32_cpu(float* param, const float* grad, float* square_avg, float* acc_delta, int64_t n,
                           const AdadeltaScalars& s) {
    using C = float;
    const C wd = scalar_as<C>(Scalar(s.weight_decay));  // add(grad, param, alpha=weight_decay)
    const C rho = scalar_as<C>(Scalar(s.rho));          // mul_(square_avg / acc_delta, rho)
    const C keep = scalar_as<C>(Scalar(1 - s.rho));     // addcmul_(.., value=1 - rho)
    const C eps = scalar_as<C>(Scalar(s.eps));          // add(square_avg / acc_delta, eps)
    const C neg_lr = scalar_as<C>(Scalar(-s.lr));       // add_(param, delta, alpha=-lr)
    const C one = scalar_as<C>(Scalar(int64_t(1)));     // the default alpha
    const C zero = C(0);
    for_each_chunk(n, [&](int64_t off, int64_t len) {
        alignas(64) C gbuf[kAdamChunk];
        alignas(64) C sbuf[kAdamChunk];
        alignas(64) C dbuf[kAdamChunk];
        C* p = param + off;
        C* sq = square_avg + off;
        C* acc = acc_delta + off;
        const C* g = prepared_grad(grad + off, p, len, s.maximize, wd, s.weight_decay != 0, gbuf);
        for (int64_t i = 0; i < len; ++i) sq[i] = mul_op::apply(sq[i], rho, one);
        for (int64_t i = 0; i < len; ++i) sq[i] = addcmul_op::apply(sq[i], g[i], g[i], keep);
        for (int64_t i = 0; i < len; ++i) sbuf[i] = add_op::apply(sq[i], eps, one);  // std = sqrt(square_avg + eps)
        for (int64_t i = 0; i < len; ++i) sbuf[i] = sqrt_op::apply(sbuf[i], zero, zero);
        for (int64_t i = 0; i < len; ++i) dbuf[i] = add_op::apply(acc[i], eps, one);  // delta = sqrt(acc_delta + eps)
        for (int64_t i = 0; i < len; ++i) dbuf[i] = sqrt_op::apply(dbuf[i], zero, zero);
        for (int64_t i = 0; i < len; ++i) dbuf[i] = div_op::apply(dbuf[i], sbuf[i], one);  // delta /= std
        for (int64_t i = 0; i < len; ++i) dbuf[i] = mul_op::apply(dbuf[i], g[i], one);     // delta *= grad
        for (int64_t i = 0; i < len; ++i) acc[i] = mul_op::apply(acc[i], rho, one);
        for (int64_t i = 0; i < len; ++i) acc[i] = addcmul_op::apply(acc[i], dbuf[i], dbuf[i], keep);
        for (int64_t i = 0; i < len; ++i) p[i] = add_op::apply(p[i], dbuf[i], neg_lr);
    });
}

}  // namespace kiln
