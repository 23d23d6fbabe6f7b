// The eager CUDA kernels: one kernel launch per op, as PyTorch's eager CUDA backend does.
//
// [SECTION] index: scalar types and loads/stores, device math (pw::), the op table, the strided
// indexer and the elementwise kernel, pointwise launchers, copy/fill, gather/scatter_add,
// reductions, softmax, layer_norm.
//
// Pointwise ops come from ops/pointwise.def, the table the CPU kernels expand: each row's scalar
// expression becomes a functor, and one templated elementwise kernel runs it over any layout (an
// offset calculator maps the output's linear index to every operand's strided offset; broadcast
// operands have stride 0). float16/bfloat16 load as float and round on store, as on the CPU.
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "cuda/check.h"
#include "cuda/scalar.cuh"
#include "cuda/cuda.h"
#include "cuda/index_check.h"
#include "cuda/stream.h"
#include "ops/pointwise_math.h"  // the KILN_PW_HD helpers (erfinv, digamma, bitwise_*, ...)

namespace kiln::cuda {

namespace {

// ==== [SECTION] scalar types and loads/stores ====================================================
// Storage types per dtype code (kiln::DType order): bool, int64_t, __half, __nv_bfloat16, float, double.

// is_half_v, compute_of, dispatch, dispatch_floating, atomic_add: cuda/scalar.cuh.

// load<C>(S) / store<O>(V): cuda/scalar.cuh.

// The CPU's conversion rules (ops/copy.cpp): to bool is != 0; through float for half types.
template <typename To, typename From>
__device__ inline To convert(From v) {
    if constexpr (std::is_same_v<To, bool>) {
        if constexpr (is_half_v<From>) return load<float>(v) != 0.0f;
        else return v != From(0);
    } else if constexpr (is_half_v<To>) {
        if constexpr (is_half_v<From>) return store<To>(load<float>(v));
        else return store<To>(static_cast<float>(v));
    } else if constexpr (is_half_v<From>) {
        return static_cast<To>(load<float>(v));
    } else {
        return static_cast<To>(v);
    }
}

// dispatch (any storage type of a dtype code): cuda/scalar.cuh.

template <typename C>
C param_as(Param p) {
    if constexpr (std::is_same_v<C, bool>) return p.b;
    else if constexpr (std::is_same_v<C, int64_t>) return p.i;
    else return static_cast<C>(p.f);
}

}  // namespace

// ==== [SECTION] device math (pw::) ===============================================================
// The names pointwise.def's expressions call (ops/pointwise_math.h on the CPU), as device
// functions with the same semantics: Python floor division and remainder, integer powers by
// squaring, NaN-keeping clamp.
namespace pw {
__device__ inline float exp(float x) { return ::expf(x); }
__device__ inline double exp(double x) { return ::exp(x); }
__device__ inline float log(float x) { return ::logf(x); }
__device__ inline double log(double x) { return ::log(x); }
__device__ inline float tanh(float x) { return ::tanhf(x); }
__device__ inline double tanh(double x) { return ::tanh(x); }
__device__ inline float erf(float x) { return ::erff(x); }
__device__ inline double erf(double x) { return ::erf(x); }

template <typename T>
__device__ inline T clamp(T x, T lo, T hi) {
    T m = x < lo ? lo : x;
    return hi < m ? hi : m;
}

template <typename T>
__device__ inline T div_trunc(T a, T b) {
    if constexpr (std::is_floating_point_v<T>) return ::trunc(a / b);
    else if constexpr (std::is_same_v<T, bool>) return a;
    else return a / b;
}

template <typename T>
__device__ inline T div_floor(T a, T b) {
    if constexpr (std::is_floating_point_v<T>) {
        if (b == 0) return a / b;
        T mod = ::fmod(a, b);
        T div = (a - mod) / b;
        if (mod != 0 && (b < 0) != (mod < 0)) div -= T(1);
        T floordiv;
        if (div != 0) {
            floordiv = ::floor(div);
            if (div - floordiv > T(0.5)) floordiv += T(1);
        } else {
            floordiv = ::copysign(T(0), a / b);
        }
        return floordiv;
    } else if constexpr (std::is_same_v<T, bool>) {
        return a;
    } else {
        T q = a / b;
        if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
        return q;
    }
}

template <typename T>
__device__ inline T remainder(T a, T b) {
    if constexpr (std::is_floating_point_v<T>) {
        T mod = ::fmod(a, b);
        if (mod != 0 && (b < 0) != (mod < 0)) mod += b;
        return mod;
    } else if constexpr (std::is_same_v<T, bool>) {
        return false;
    } else {
        T mod = a % b;
        if (mod != 0 && (b < 0) != (mod < 0)) mod += b;
        return mod;
    }
}

template <typename T>
__device__ inline T fmod(T a, T b) {
    if constexpr (std::is_floating_point_v<T>) return ::fmod(a, b);
    else if constexpr (std::is_same_v<T, bool>) return false;
    else return a % b;
}

template <typename T>
__device__ inline T pow(T base, T exp) {
    if constexpr (std::is_floating_point_v<T>) {
        return ::pow(base, exp);
    } else if constexpr (std::is_same_v<T, bool>) {
        return base || !exp;
    } else {
        if (exp < 0) {
            if (base == 1) return 1;
            if (base == -1) return (exp & 1) ? -1 : 1;
            return 0;
        }
        uint64_t result = 1, b = uint64_t(base);
        while (exp) {
            if (exp & 1) result *= b;
            exp >>= 1;
            b *= b;
        }
        return T(result);
    }
}
// The special functions and integer-only ops are host/device templates in ops/pointwise_math.h
// (KILN_PW_HD): one definition for the CPU, this file and NVRTC.
using kiln::pw::bitwise_and;
using kiln::pw::bitwise_not;
using kiln::pw::bitwise_or;
using kiln::pw::bitwise_xor;
using kiln::pw::digamma;
using kiln::pw::erfinv;
using kiln::pw::fmax;
using kiln::pw::fmin;
using kiln::pw::frac;
using kiln::pw::heaviside;
using kiln::pw::igamma;
using kiln::pw::igammac;
using kiln::pw::nextafter;
using kiln::pw::i0;
using kiln::pw::i1;
using kiln::pw::logit;
using kiln::pw::polygamma;
using kiln::pw::trigamma;
// As ops/pointwise_math.h's pw::pow_scalar (PyTorch's special exponents).
template <typename T>
__device__ inline T pow_scalar(T x, T e) {
    if constexpr (std::is_floating_point_v<T>) {
        if (e == T(2)) return x * x;
        if (e == T(3)) return x * x * x;
        if (e == T(0.5)) return ::sqrt(x);
        if (e == T(-0.5)) return T(1) / ::sqrt(x);
        if (e == T(-1)) return T(1) / x;
        if (e == T(-2)) return T(1) / (x * x);
    }
    return pow(x, e);
}
}  // namespace pw

namespace {

// ==== [SECTION] the op table =======================================================================
// One functor per pointwise.def row (kinds decide which dtypes are instantiated, as on the CPU:
// FLOAT and ROUNDING rows only for floating types).

enum class Kind { FLOAT, SAME, ROUNDING, COMPARE, LOGICAL };

#define KILN_UNARY_OP(name, grad_fn, kind_, saves, expr, backward) \
    struct name##_op {                                             \
        static constexpr Kind kind = Kind::kind_;                  \
        template <typename T>                                      \
        __device__ static auto apply(T x, T p0, T p1) {            \
            return expr;                                           \
        }                                                          \
    };
#define KILN_BINARY_OP(name, grad_fn, kind_, expr)      \
    struct name##_op {                                  \
        static constexpr Kind kind = Kind::kind_;       \
        template <typename T>                           \
        __device__ static auto apply(T a, T b, T alpha) { \
            return expr;                                \
        }                                               \
    };
#define KILN_TERNARY_OP(name, grad_fn, expr)                   \
    struct name##_op {                                         \
        template <typename T>                                  \
        __device__ static auto apply(T a, T b, T c, T alpha) { \
            return expr;                                       \
        }                                                      \
    };
#include "ops/pointwise.def"

// ==== [SECTION] the strided indexer and the elementwise kernel =======================================

// n / d and n % d for 32-bit n < 2^31 by a multiply-high and a shift (Granlund and Montgomery's
// method, as PyTorch's IntDivider): a hardware-free division, several times cheaper than the
// emulated 32-bit one the offset calculation otherwise spends most of a broadcast op's time in.
struct FastDivider {
    uint32_t divisor = 1, magic = 0, shift = 0;
    FastDivider() = default;
    explicit FastDivider(uint32_t d) : divisor(d) {
        while (shift < 32 && (uint64_t(1) << shift) < d) ++shift;
        magic = uint32_t(((uint64_t(1) << 32) * ((uint64_t(1) << shift) - d)) / d + 1);
    }
    __device__ uint32_t div(uint32_t n) const { return (__umulhi(n, magic) + n) >> shift; }
};

template <int N>
struct Indexer {
    int ndim = 0;
    bool contiguous = true;  // every operand is dense row-major over the geometry: offset = index
    int64_t sizes[kMaxDims] = {};
    int64_t strides[N][kMaxDims] = {};
    FastDivider dividers[kMaxDims];  // sizes[d] as dividers (geometries of fewer than 2^31 elements)

    // Element `linear`'s offset in every operand. Called with a 32-bit index for geometries of fewer
    // than 2^31 elements: a 64-bit division costs several times a 32-bit one, and strided copies
    // (cat, transposes) spent most of their time dividing.
    template <typename I>
    __device__ void offsets(I linear, int64_t* off) const {
        if (contiguous) {
            for (int k = 0; k < N; ++k) off[k] = int64_t(linear);
            return;
        }
        for (int k = 0; k < N; ++k) off[k] = 0;
        for (int d = ndim - 1; d > 0; --d) {
            I i;
            if constexpr (sizeof(I) == 4) {
                const uint32_t q = dividers[d].div(linear);
                i = linear - q * dividers[d].divisor;
                linear = q;
            } else {
                const I size = I(sizes[d]);
                i = linear % size;
                linear /= size;
            }
            for (int k = 0; k < N; ++k) off[k] += int64_t(i) * strides[k][d];
        }
        if (ndim > 0)  // the outermost dim's index is what is left: no division
            for (int k = 0; k < N; ++k) off[k] += int64_t(linear) * strides[k][0];
    }
};

template <int N>
Indexer<N> make_indexer(const Geometry& g, const Operand* const* ops) {
    Indexer<N> ix;
    ix.ndim = g.ndim;
    int64_t expected[kMaxDims];
    int64_t e = 1;
    for (int d = g.ndim - 1; d >= 0; --d) {
        ix.sizes[d] = g.sizes[d];
        if (g.sizes[d] > 0 && g.sizes[d] < (int64_t(1) << 31)) ix.dividers[d] = FastDivider(uint32_t(g.sizes[d]));
        expected[d] = e;
        e *= g.sizes[d];
    }
    for (int k = 0; k < N; ++k)
        for (int d = 0; d < g.ndim; ++d) {
            ix.strides[k][d] = ops[k]->strides[d];
            // A Python scalar operand is passed by value (In<S>): its strides are never read.
            if (!ops[k]->scalar && g.sizes[d] != 1 && ops[k]->strides[d] != expected[d]) ix.contiguous = false;
        }
    return ix;
}

// f(offsets) for every element; a grid-stride loop so any numel fits one launch.
// small: fewer than 2^31 elements, so 32-bit offsets apply (a uniform branch; one kernel per functor
// keeps kernels.cu's compile time down).
template <int N, typename F>
__global__ void elementwise_kernel(int64_t n, bool small, Indexer<N> ix, F f) {
    for (int64_t i = int64_t(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += int64_t(gridDim.x) * blockDim.x) {
        int64_t off[N];
        if (small) ix.offsets(uint32_t(i), off);
        else ix.offsets(i, off);
        f(off);
    }
}

// Fewer than 2^31 elements, functors split into fetch(offsets) -> Loaded and finish(offsets, Loaded):
// each thread takes kUnroll elements a block's width apart (coalesced), issues all their loads,
// then computes and stores them. Loads of the next element cannot move above a store through a
// possibly aliasing pointer, so the one-element loop keeps one load in flight per thread and
// reaches about half the copy bandwidth; four in flight saturate it (PyTorch's unrolled elementwise
// kernels load the same way, dense or through an offset calculator). Dense geometries (every
// operand row-major) skip the offset arithmetic (Indexer::offsets).
constexpr int kUnroll = 4;

template <int N, typename F>
__global__ void elementwise_unrolled_kernel(uint32_t n, Indexer<N> ix, F f) {
    const uint32_t base = blockIdx.x * (blockDim.x * kUnroll) + threadIdx.x;
    int64_t off[kUnroll][N];
    typename F::Loaded v[kUnroll];
#pragma unroll
    for (int j = 0; j < kUnroll; ++j) {
        const uint32_t i = base + uint32_t(j) * blockDim.x;
        if (i < n) {
            ix.offsets(i, off[j]);  // a dense geometry's offsets are i itself (a uniform branch)
            v[j] = f.fetch(off[j]);
        }
    }
#pragma unroll
    for (int j = 0; j < kUnroll; ++j) {
        const uint32_t i = base + uint32_t(j) * blockDim.x;
        if (i < n) f.finish(off[j], v[j]);
    }
}

template <typename F, typename = void>
struct split_functor : std::false_type {};
template <typename F>
struct split_functor<F, std::void_t<typename F::Loaded>> : std::true_type {};

constexpr int kThreads = 256;

int blocks_for(int64_t n) {
    int64_t b = (n + kThreads - 1) / kThreads;
    return int(b < (int64_t(1) << 20) ? (b > 0 ? b : 1) : (int64_t(1) << 20));
}

template <int N, typename F>
void launch(const Geometry& g, const Operand* const* ops, const F& f) {
    if (g.numel == 0) return;
    Indexer<N> ix = make_indexer<N>(g, ops);
    if constexpr (split_functor<F>::value) {
        if (g.numel < (int64_t(1) << 31)) {
            const int64_t per_block = int64_t(kThreads) * kUnroll;
            const auto blocks = unsigned((g.numel + per_block - 1) / per_block);
            elementwise_unrolled_kernel<N><<<blocks, kThreads, 0, current_stream()>>>(uint32_t(g.numel), ix, f);
            KILN_CUDA_CHECK(cudaGetLastError());
            return;
        }
    }
    elementwise_kernel<N><<<blocks_for(g.numel), kThreads, 0, current_stream()>>>(g.numel, g.numel < (int64_t(1) << 31),
                                                                                 ix, f);
    KILN_CUDA_CHECK(cudaGetLastError());
}

// ==== [SECTION] pointwise launchers ==================================================================

// An input of a pointwise functor: a strided array, or a Python scalar passed by value.
template <typename S>
struct In {
    using C = compute_of<S>;
    const S* p;
    C v;
    bool scalar;
    __device__ C operator[](int64_t off) const { return scalar ? v : load<C>(p[off]); }
};

template <typename S>
In<S> input(const Operand& o) {
    using C = compute_of<S>;
    if (!o.scalar) return In<S>{(const S*)o.data, C(0), false};
    C v;
    if constexpr (std::is_same_v<S, bool>) v = o.value.b;
    else if constexpr (std::is_same_v<S, int64_t>) v = o.value.i;
    else v = static_cast<C>(o.value.f);  // exact: the value already has the operand's dtype
    return In<S>{nullptr, v, true};
}

template <typename Op, typename S, typename O>
struct UnaryF {
    using C = compute_of<S>;
    O* out;
    const S* x;
    C p0, p1;
    __device__ void operator()(const int64_t* off) const { finish(off, fetch(off)); }
    using Loaded = C;  // the unrolled kernels' split: load every element first, then compute and store
    __device__ Loaded fetch(const int64_t* off) const { return load<C>(x[off[1]]); }
    __device__ void finish(const int64_t* off, Loaded v) const { out[off[0]] = store<O>(Op::apply(v, p0, p1)); }
};

template <typename Op, typename S, typename O>
struct BinaryF {
    using C = compute_of<S>;
    O* out;
    In<S> a, b;
    C alpha;
    __device__ void operator()(const int64_t* off) const { finish(off, fetch(off)); }
    struct Loaded {
        C a, b;
    };
    __device__ Loaded fetch(const int64_t* off) const { return {a[off[1]], b[off[2]]}; }
    __device__ void finish(const int64_t* off, const Loaded& v) const { out[off[0]] = store<O>(Op::apply(v.a, v.b, alpha)); }
};

template <typename Op, typename SA, typename S>
struct TernaryF {
    using C = compute_of<S>;
    S* out;
    In<SA> a;
    In<S> b, c;
    C alpha;
    __device__ void operator()(const int64_t* off) const { finish(off, fetch(off)); }
    struct Loaded {
        C a, b, c;
    };
    __device__ Loaded fetch(const int64_t* off) const { return {C(a[off[1]]), b[off[2]], c[off[3]]}; }
    __device__ void finish(const int64_t* off, const Loaded& v) const {
        out[off[0]] = store<S>(Op::apply(v.a, v.b, v.c, alpha));
    }
};

template <Kind K, typename F>
void dispatch_kind(uint8_t dtype, F&& f) {
    if constexpr (K == Kind::FLOAT || K == Kind::ROUNDING) dispatch_floating(dtype, f);
    else dispatch(dtype, f);
}

template <typename Op>
void unary_launch(const Geometry& g, const Operand& out, const Operand& x, Param p0, Param p1) {
    const Operand* ops[] = {&out, &x};
    dispatch_kind<Op::kind>(x.dtype, [&](auto* tag) {
        using S = std::remove_pointer_t<decltype(tag)>;
        using C = compute_of<S>;
        using O = std::conditional_t<Op::kind == Kind::COMPARE || Op::kind == Kind::LOGICAL, bool, S>;
        launch<2>(g, ops, UnaryF<Op, S, O>{(O*)out.data, (const S*)x.data, param_as<C>(p0), param_as<C>(p1)});
    });
}

template <typename Op>
void binary_launch(const Geometry& g, const Operand& out, const Operand& a, const Operand& b, Param alpha) {
    const Operand* ops[] = {&out, &a, &b};
    dispatch_kind<Op::kind>(a.dtype, [&](auto* tag) {
        using S = std::remove_pointer_t<decltype(tag)>;
        using C = compute_of<S>;
        using O = std::conditional_t<Op::kind == Kind::COMPARE || Op::kind == Kind::LOGICAL, bool, S>;
        launch<3>(g, ops, BinaryF<Op, S, O>{(O*)out.data, input<S>(a), input<S>(b), param_as<C>(alpha)});
    });
}

template <typename Op>
void ternary_launch(const Geometry& g, const Operand& out, const Operand& a, const Operand& b, const Operand& c,
                    Param alpha) {
    const Operand* ops[] = {&out, &a, &b, &c};
    dispatch(out.dtype, [&](auto* tag) {
        using S = std::remove_pointer_t<decltype(tag)>;
        using C = compute_of<S>;
        if (a.dtype == 0 && out.dtype != 0)
            launch<4>(g, ops, TernaryF<Op, bool, S>{(S*)out.data, input<bool>(a), input<S>(b), input<S>(c), param_as<C>(alpha)});
        else
            launch<4>(g, ops, TernaryF<Op, S, S>{(S*)out.data, input<S>(a), input<S>(b), input<S>(c), param_as<C>(alpha)});
    });
}

}  // namespace

void unary(Unary op, const Geometry& g, const Operand& out, const Operand& x, Param p0, Param p1) {
    switch (op) {
#define KILN_UNARY_OP(name, grad_fn, kind, saves, expr, backward) \
    case Unary::name: unary_launch<name##_op>(g, out, x, p0, p1); return;
#include "ops/pointwise.def"
    }
}

void binary(Binary op, const Geometry& g, const Operand& out, const Operand& a, const Operand& b, Param alpha) {
    switch (op) {
#define KILN_BINARY_OP(name, grad_fn, kind, expr) \
    case Binary::name: binary_launch<name##_op>(g, out, a, b, alpha); return;
#include "ops/pointwise.def"
    }
}

void ternary(Ternary op, const Geometry& g, const Operand& out, const Operand& a, const Operand& b, const Operand& c,
             Param alpha) {
    switch (op) {
#define KILN_TERNARY_OP(name, grad_fn, expr) \
    case Ternary::name: ternary_launch<name##_op>(g, out, a, b, c, alpha); return;
#include "ops/pointwise.def"
    }
}

// ==== [SECTION] copy / fill ==================================================================================

namespace {
template <typename To, typename From>
struct CopyF {
    To* out;
    const From* in;
    __device__ void operator()(const int64_t* off) const { finish(off, fetch(off)); }
    using Loaded = From;
    __device__ Loaded fetch(const int64_t* off) const { return in[off[1]]; }
    __device__ void finish(const int64_t* off, Loaded v) const { out[off[0]] = convert<To>(v); }
};

template <typename T>
struct FillF {
    T* out;
    T v;
    __device__ void operator()(const int64_t* off) const { out[off[0]] = v; }
};
}  // namespace

void copy(const Geometry& g, const Operand& out, const Operand& in) {
    const Operand* ops[] = {&out, &in};
    dispatch(out.dtype, [&](auto* to_tag) {
        using To = std::remove_pointer_t<decltype(to_tag)>;
        dispatch(in.dtype, [&](auto* from_tag) {
            using From = std::remove_pointer_t<decltype(from_tag)>;
            launch<2>(g, ops, CopyF<To, From>{(To*)out.data, (const From*)in.data});
        });
    });
}

void fill(void* out, uint8_t dtype, int64_t n, Param v) {
    Geometry g;
    g.ndim = 1;
    g.sizes[0] = n;
    g.numel = n;
    Operand o;
    o.data = out;
    o.dtype = dtype;
    o.strides[0] = 1;
    const Operand* ops[] = {&o};
    dispatch(dtype, [&](auto* tag) {
        using T = std::remove_pointer_t<decltype(tag)>;
        T value;
        if constexpr (std::is_same_v<T, bool>) value = v.b;
        else if constexpr (std::is_same_v<T, int64_t>) value = v.i;
        else if constexpr (std::is_same_v<T, double>) value = v.f;
        else if constexpr (std::is_same_v<T, __half>) value = __float2half_rn(static_cast<float>(v.f));
        else if constexpr (std::is_same_v<T, __nv_bfloat16>) value = __float2bfloat16_rn(static_cast<float>(v.f));
        else value = static_cast<float>(v.f);
        launch<1>(g, ops, FillF<T>{(T*)out, value});
    });
}

// ==== [SECTION] gather / scatter_add ===========================================================================

namespace {
// Set by an indexing kernel that met an index outside [0, dim_size) (cuda/index_check.h); the op's
// name is kept on the host when the kernel is launched (the last checked launch names it).
__device__ int g_index_error = 0;
const char* g_index_op = "";

template <typename T>
struct GatherF {
    T* out;
    const int64_t* index;
    const T* src;
    int64_t dim_stride;
    int64_t dim_size;  // < 0: unchecked
    __device__ void operator()(const int64_t* off) const {
        const int64_t i = index[off[1]];
        if (dim_size >= 0 && (i < 0 || i >= dim_size)) {
            atomicExch(&g_index_error, 1);
            out[off[0]] = T(0);
            return;
        }
        out[off[0]] = src[off[2] + i * dim_stride];
    }
};


template <typename T>
struct ScatterAddF {
    T* out;
    const int64_t* index;
    const T* src;
    int64_t dim_stride;
    int64_t dim_size;  // < 0: unchecked
    __device__ void operator()(const int64_t* off) const {
        const int64_t i = index[off[1]];
        if (dim_size >= 0 && (i < 0 || i >= dim_size)) {
            atomicExch(&g_index_error, 1);
            return;
        }
        atomic_add(out + off[0] + i * dim_stride, src[off[2]]);
    }
};
}  // namespace

void gather_checked(const Geometry& g, const Operand& out, const Operand& index, const Operand& src, int64_t dim_stride,
                    int64_t dim_size, const char* op) {
    const Operand* ops[] = {&out, &index, &src};
    if (dim_size >= 0) g_index_op = op;
    dispatch(out.dtype, [&](auto* tag) {
        using T = std::remove_pointer_t<decltype(tag)>;
        launch<3>(g, ops, GatherF<T>{(T*)out.data, (const int64_t*)index.data, (const T*)src.data, dim_stride, dim_size});
    });
}

void scatter_add_checked(const Geometry& g, const Operand& out, const Operand& index, const Operand& src,
                         int64_t dim_stride, int64_t dim_size, const char* op) {
    const Operand* ops[] = {&out, &index, &src};
    if (dim_size >= 0) g_index_op = op;
    dispatch(out.dtype, [&](auto* tag) {
        using T = std::remove_pointer_t<decltype(tag)>;
        if constexpr (std::is_same_v<T, bool>)
            KILN_FAIL(NotImplementedError, "Could not run 'aten::scatter_add' with bool tensors on the 'CUDA' backend");
        else
            launch<3>(g, ops,
                      ScatterAddF<T>{(T*)out.data, (const int64_t*)index.data, (const T*)src.data, dim_stride, dim_size});
    });
}

int* index_error_flag(const char* op) {
    void* p = nullptr;
    KILN_CUDA_CHECK(cudaGetSymbolAddress(&p, g_index_error));
    g_index_op = op;
    return static_cast<int*>(p);
}

void gather(const Geometry& g, const Operand& out, const Operand& index, const Operand& src, int64_t dim_stride) {
    gather_checked(g, out, index, src, dim_stride, -1, "");
}

void scatter_add(const Geometry& g, const Operand& out, const Operand& index, const Operand& src, int64_t dim_stride) {
    scatter_add_checked(g, out, index, src, dim_stride, -1, "");
}

void raise_pending_index_error() {
    int flag = 0;
    KILN_CUDA_CHECK(cudaMemcpyFromSymbol(&flag, g_index_error, sizeof(int)));
    if (!flag) return;
    const int zero = 0;
    KILN_CUDA_CHECK(cudaMemcpyToSymbol(g_index_error, &zero, sizeof(int)));
    KILN_FAIL(RuntimeError,
              "CUDA error: device-side assert triggered\nCUDA kernel errors might be asynchronously reported at some "
              "other API call, so the stacktrace below might be incorrect.\nFor debugging consider passing "
              "CUDA_LAUNCH_BLOCKING=1\nCompile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.\n"
              "(Kiln: an index was out of range in ", g_index_op,
              " on the GPU, checked on the device; on the CPU the same call raises at once. The kernel skipped it and the "
              "error surfaced at this call, the next one that waited for the GPU.)");
}

// ==== [SECTION] reductions ======================================================================================
// Which kernel reduces a geometry (as PyTorch's Reduce.cuh chooses between reducing along a row and
// "vectorizing" along the outputs):
//   - the row's innermost stride is 1 (a reduction over the last dims, BatchNorm's statistics): one
//     block per output, or one warp per output where rows are at most kWarpRowMax long (a warp per
//     row leaves no thread idle on 64-wide rows); each thread keeps kIlp independent partial results
//     so kIlp loads are in flight, and the block combines them with warp shuffles;
//   - the row is strided but the outputs are adjacent in memory (sum over dim 0: a bias gradient,
//     column sums): each thread owns one output and walks the rows, so a warp reads 32 adjacent
//     values a step; blocks also split the rows (and a second pass folds the parts) until the GPU
//     has enough blocks;
//   - few outputs of long rows: the rows are split into chunks first (row_partial_kernel);
//   - max/min with indices (argmax, max(dim)): extreme_kernel, one block per output.
// All orders are fixed: results are deterministic run to run.

namespace {

struct RowIndexer {
    int out_ndim, row_ndim;
    int64_t out_sizes[kMaxDims], out_strides[kMaxDims], row_sizes[kMaxDims], row_strides[kMaxDims];
    __device__ int64_t base(int64_t o) const {
        int64_t off = 0;
        for (int d = out_ndim - 1; d >= 0; --d) {
            off += (o % out_sizes[d]) * out_strides[d];
            o /= out_sizes[d];
        }
        return off;
    }
    __device__ int64_t in_row(int64_t r) const {
        if (row_ndim == 1) return r * row_strides[0];  // the common case (merged dims): no division
        int64_t off = 0;
        for (int d = row_ndim - 1; d >= 0; --d) {
            off += (r % row_sizes[d]) * row_strides[d];
            r /= row_sizes[d];
        }
        return off;
    }
};

RowIndexer make_row_indexer(const ReduceGeometry& g) {
    RowIndexer r;
    r.out_ndim = g.out_ndim;
    r.row_ndim = g.row_ndim;
    for (int d = 0; d < kMaxDims; ++d) {
        r.out_sizes[d] = g.out_sizes[d];
        r.out_strides[d] = g.out_strides[d];
        r.row_sizes[d] = g.row_sizes[d];
        r.row_strides[d] = g.row_strides[d];
    }
    return r;
}

template <typename S, bool IsMax>
__global__ void extreme_kernel(RowIndexer ix, int64_t n_out, int64_t row_len, const S* in, S* values, int64_t* indices) {
    using C = compute_of<S>;
    __shared__ C sv[kThreads];
    __shared__ int64_t si[kThreads];
    for (int64_t o = blockIdx.x; o < n_out; o += gridDim.x) {
        const int64_t base = ix.base(o);
        C best = C(0);
        int64_t bi = -1;
        for (int64_t r = threadIdx.x; r < row_len; r += blockDim.x) {
            C v = load<C>(in[base + ix.in_row(r)]);
            bool take;
            if (bi < 0) take = true;
            else if (best != best) take = false;  // NaN already wins
            else if (v != v) take = true;
            else take = IsMax ? v > best : v < best;
            if (take) {
                best = v;
                bi = r;
            }
        }
        sv[threadIdx.x] = best;
        si[threadIdx.x] = bi;
        __syncthreads();
        for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
            if (threadIdx.x < s) {
                C v = sv[threadIdx.x + s];
                int64_t vi = si[threadIdx.x + s];
                C b = sv[threadIdx.x];
                int64_t bj = si[threadIdx.x];
                bool take;
                if (vi < 0) take = false;
                else if (bj < 0) take = true;
                else if (b != b) take = v != v && vi < bj;
                else if (v != v) take = true;
                else if (v == b) take = vi < bj;
                else take = IsMax ? v > b : v < b;
                if (take) {
                    sv[threadIdx.x] = v;
                    si[threadIdx.x] = vi;
                }
            }
            __syncthreads();
        }
        if (threadIdx.x == 0) {
            if (values) values[o] = store<S>(sv[0]);
            if (indices) indices[o] = si[0];
        }
        __syncthreads();
    }
}


constexpr int kIlp = 4;            // independent partial results per thread
constexpr int64_t kWarpRowMax = 512;  // rows up to this long: a warp per output
constexpr int kColumnSlices = 8;   // column kernel: row slices per block (blockDim 32 x 8)
constexpr int64_t kBusyBlocks = 528;  // column kernel: blocks that keep the GPU busy (4 per SM of an H100)

// What a kernel reduces with: the neutral value, the combination, and the final write of one output.
template <typename A, typename O>
struct SumReduce {
    O* out;
    A scale;
    __device__ A identity() const { return A(0); }
    __device__ A combine(A a, A b) const { return a + b; }
    __device__ void write(int64_t o, A v) const { out[o] = store<O>(scale == A(1) ? v : v * scale); }
};

template <typename C, typename S, bool IsMax>
struct ExtremeReduce {
    S* out;
    __device__ C identity() const {
        if constexpr (std::numeric_limits<C>::has_infinity) return IsMax ? C(-INFINITY) : C(INFINITY);
        else return IsMax ? std::numeric_limits<C>::lowest() : std::numeric_limits<C>::max();
    }
    __device__ C combine(C a, C b) const { return (a != a || (IsMax ? a > b : a < b)) ? a : b; }  // NaN wins
    __device__ void write(int64_t o, C v) const { out[o] = store<S>(v); }
};

// op over row[in_row(j)] for j = first, first + step, ... below end, with kIlp partial results so
// kIlp loads are in flight (one accumulator would wait on each load).
template <typename A, typename S, typename Op>
__device__ A accumulate(const RowIndexer& ix, const S* row, int64_t first, int64_t end, int64_t step, const Op& op) {
    A acc[kIlp];
#pragma unroll
    for (int k = 0; k < kIlp; ++k) acc[k] = op.identity();
    int64_t j = first;
    for (; j + (kIlp - 1) * step < end; j += kIlp * step) {
        A x[kIlp];
#pragma unroll
        for (int k = 0; k < kIlp; ++k) x[k] = load<A>(row[ix.in_row(j + k * step)]);
#pragma unroll
        for (int k = 0; k < kIlp; ++k) acc[k] = op.combine(acc[k], x[k]);
    }
    for (; j < end; j += step) acc[0] = op.combine(acc[0], load<A>(row[ix.in_row(j)]));
#pragma unroll
    for (int k = 1; k < kIlp; ++k) acc[0] = op.combine(acc[0], acc[k]);
    return acc[0];
}

// Values of storage type S in one 16-byte load (2-, 4- and 8-byte types; 1: no packed loads).
template <typename S>
constexpr int kPack = (sizeof(S) == 2 || sizeof(S) == 4 || sizeof(S) == 8) ? int(16 / sizeof(S)) : 1;

// The same over a unit-stride row read V values at a time (one 16-byte load: V = kPack<S>),
// first/end/step counted in packs; the row start is 16-byte aligned (launch_reduce checks).
template <typename A, int V, typename S, typename Op>
__device__ A accumulate_packs(const S* row, int64_t first, int64_t end, int64_t step, const Op& op) {
    struct alignas(sizeof(S) * V) Pack {
        S v[V];
    };
    const Pack* p = reinterpret_cast<const Pack*>(row);
    A acc[kIlp];
#pragma unroll
    for (int k = 0; k < kIlp; ++k) acc[k] = op.identity();
    int64_t j = first;
    for (; j + (kIlp - 1) * step < end; j += kIlp * step) {
        Pack x[kIlp];
#pragma unroll
        for (int k = 0; k < kIlp; ++k) x[k] = p[j + k * step];
#pragma unroll
        for (int k = 0; k < kIlp; ++k)
#pragma unroll
            for (int e = 0; e < V; ++e) acc[k] = op.combine(acc[k], load<A>(x[k].v[e]));
    }
    for (; j < end; j += step) {
        const Pack x = p[j];
#pragma unroll
        for (int e = 0; e < V; ++e) acc[0] = op.combine(acc[0], load<A>(x.v[e]));
    }
#pragma unroll
    for (int k = 1; k < kIlp; ++k) acc[0] = op.combine(acc[0], acc[k]);
    return acc[0];
}

// One output per block (WarpRows: per warp) over a row whose innermost stride is 1.
// V > 1: unit-stride rows read in 16-byte packs (row_len a multiple of V, every row aligned).
template <typename S, typename A, typename Op, bool WarpRows, int V>
__global__ void row_reduce_kernel(RowIndexer ix, int64_t n_out, int64_t row_len, const S* in, Op op) {
    __shared__ A shared[32];
    const int64_t per_block = WarpRows ? int64_t(blockDim.x >> 5) : 1;
    const int64_t lane = WarpRows ? int64_t(threadIdx.x & 31) : int64_t(threadIdx.x);
    const int64_t step = WarpRows ? 32 : int64_t(blockDim.x);
    for (int64_t first = int64_t(blockIdx.x) * per_block; first < n_out; first += int64_t(gridDim.x) * per_block) {
        const int64_t o = first + (WarpRows ? int64_t(threadIdx.x >> 5) : 0);
        A v = op.identity();
        if (o < n_out) {
            if constexpr (V > 1) v = accumulate_packs<A, V>(in + ix.base(o), lane, row_len / V, step, op);
            else v = accumulate<A>(ix, in + ix.base(o), lane, row_len, step, op);
        }
        if (WarpRows) {
            for (int s = 16; s > 0; s >>= 1) v = op.combine(v, __shfl_xor_sync(0xffffffffu, v, s));
        } else {
            v = block_reduce(v, shared, op.identity(), [&](A a, A b) { return op.combine(a, b); });
        }
        if (lane == 0 && o < n_out) op.write(o, v);
    }
}

// Outputs adjacent in memory (innermost output stride 1), rows strided: thread (x, y) of block
// (bx, by) owns output bx * 32 + x and rows by * chunk + y, + kColumnSlices, ...; the slices fold in
// shared memory; with several row chunks (gridDim.y > 1) each writes partial[o * gridDim.y + by].
template <typename S, typename A, typename Op>
__global__ void column_reduce_kernel(RowIndexer ix, int64_t n_out, int64_t row_len, int64_t chunk, const S* in, A* partial,
                                     Op op) {
    __shared__ A shared[kColumnSlices][33];
    const int64_t o = int64_t(blockIdx.x) * 32 + threadIdx.x;
    const int64_t begin = int64_t(blockIdx.y) * chunk;
    const int64_t end = begin + chunk < row_len ? begin + chunk : row_len;
    A v = op.identity();
    if (o < n_out) {
        v = accumulate<A>(ix, in + ix.base(o), begin + threadIdx.y, end, kColumnSlices, op);
    }
    shared[threadIdx.y][threadIdx.x] = v;
    __syncthreads();
    if (threadIdx.y == 0 && o < n_out) {
        for (int y = 1; y < kColumnSlices; ++y) v = op.combine(v, shared[y][threadIdx.x]);
        if (gridDim.y == 1) op.write(o, v);
        else partial[o * gridDim.y + blockIdx.y] = v;
    }
}

// Folds column_reduce_kernel's partial results: a row of `splits` values per output.
template <typename A, typename Op>
__global__ void fold_partials_kernel(const A* partial, int64_t n_out, int64_t splits, Op op) {
    const int64_t o = int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
    if (o >= n_out) return;
    A v = op.identity();
    for (int64_t k = 0; k < splits; ++k) v = op.combine(v, partial[o * splits + k]);
    op.write(o, v);
}

// Few outputs of long rows (a loss's mean, a full sum or max): one block per output would leave the
// GPU idle (a 2M-element mean took 2.9 ms on one SM), so the rows are split into chunks, each block
// reduces one chunk of one output into a partial result, and row_reduce_kernel folds each output's
// partials.
template <typename S, typename A, typename Op, int V>
__global__ void row_partial_kernel(RowIndexer ix, int64_t row_len, int64_t chunk, const S* in, A* partial, Op op) {
    __shared__ A shared[32];
    const int64_t o = blockIdx.y, begin = int64_t(blockIdx.x) * chunk;
    const int64_t end = begin + chunk < row_len ? begin + chunk : row_len;
    A v;
    if constexpr (V > 1) v = accumulate_packs<A, V>(in + ix.base(o), begin / V + threadIdx.x, end / V, blockDim.x, op);
    else v = accumulate<A>(ix, in + ix.base(o), begin + threadIdx.x, end, blockDim.x, op);
    v = block_reduce(v, shared, op.identity(), [&](A a, A b) { return op.combine(a, b); });
    if (threadIdx.x == 0) partial[o * gridDim.x + blockIdx.x] = v;
}
constexpr int64_t kSplitMinRow = 1 << 16;  // rows shorter than this: one block per output
constexpr int64_t kSplitOutputs = 256;     // outputs up to this many (about two per SM) are split
constexpr int64_t kSplitChunk = 16 * 256;  // elements per block in the first pass, at least

int reduce_threads(int64_t row_len) {
    int t = 32;
    while (t < kThreads && t < row_len) t <<= 1;
    return t;
}

int reduce_blocks(int64_t n_out) { return int(n_out < (int64_t(1) << 20) ? (n_out > 0 ? n_out : 1) : (int64_t(1) << 20)); }

// launch_reduce's row kernels (rows split into chunks first when there are few of them), V > 1:
// packed loads.
template <typename S, typename A, typename Op, int V>
void launch_rows(const ReduceGeometry& g, const RowIndexer& ix, const S* in, const Op& op) {
    if (g.n_out <= kSplitOutputs && g.row_len >= kSplitMinRow) {
        // about 1024 blocks in all, each over >= kSplitChunk elements, then a warp per output folds them
        int64_t splits = std::max<int64_t>(1, std::min<int64_t>(1024 / g.n_out, g.row_len / kSplitChunk));
        const int64_t chunk = ((g.row_len + splits - 1) / splits + V - 1) / V * V;  // whole packs
        splits = (g.row_len + chunk - 1) / chunk;
        const size_t bytes = size_t(g.n_out * splits) * sizeof(A);
        A* partial = static_cast<A*>(allocate(bytes));
        row_partial_kernel<S, A, Op, V><<<dim3(unsigned(splits), unsigned(g.n_out)), kThreads, 0, current_stream()>>>(
            ix, g.row_len, chunk, in, partial, op);
        KILN_CUDA_CHECK(cudaGetLastError());
        ReduceGeometry pg;
        pg.out_ndim = 1, pg.row_ndim = 1;
        pg.out_sizes[0] = g.n_out, pg.out_strides[0] = splits;
        pg.row_sizes[0] = splits, pg.row_strides[0] = 1;
        pg.n_out = g.n_out, pg.row_len = splits;
        row_reduce_kernel<A, A, Op, true, 1><<<unsigned((g.n_out + 7) / 8), 256, 0, current_stream()>>>(
            make_row_indexer(pg), g.n_out, splits, partial, op);
        KILN_CUDA_CHECK(cudaGetLastError());
        release(partial, bytes);
        return;
    }
    if (g.row_len <= kWarpRowMax) {
        const int64_t blocks = std::min<int64_t>((g.n_out + 7) / 8, int64_t(1) << 20);
        row_reduce_kernel<S, A, Op, true, V><<<unsigned(blocks), 256, 0, current_stream()>>>(ix, g.n_out, g.row_len, in, op);
    } else {
        row_reduce_kernel<S, A, Op, false, V><<<reduce_blocks(g.n_out), reduce_threads(g.row_len), 0, current_stream()>>>(
            ix, g.n_out, g.row_len, in, op);
    }
    KILN_CUDA_CHECK(cudaGetLastError());
}

// The kernel for g (see the section's head), reducing with op into op's output.
template <typename S, typename A, typename Op>
void launch_reduce(const ReduceGeometry& g, const S* in, const Op& op) {
    const RowIndexer ix = make_row_indexer(g);
    const bool unit_row = g.row_ndim > 0 && g.row_strides[g.row_ndim - 1] == 1;
    const bool unit_out = g.out_ndim > 0 && g.out_strides[g.out_ndim - 1] == 1;
    if (!unit_row && unit_out && g.row_len > 1) {
        const int64_t blocks_x = (g.n_out + 31) / 32;
        int64_t splits = 1;
        if (blocks_x < kBusyBlocks)  // too few blocks for the GPU: split the rows too
            splits = std::min<int64_t>({(kBusyBlocks + blocks_x - 1) / blocks_x, (g.row_len + 63) / 64, 65535});
        const int64_t chunk = (g.row_len + splits - 1) / splits;
        splits = (g.row_len + chunk - 1) / chunk;
        const dim3 grid{unsigned(blocks_x), unsigned(splits)}, block{32, unsigned(kColumnSlices)};
        if (splits == 1) {
            column_reduce_kernel<S, A, Op><<<grid, block, 0, current_stream()>>>(ix, g.n_out, g.row_len, chunk, in, nullptr, op);
            KILN_CUDA_CHECK(cudaGetLastError());
            return;
        }
        const size_t bytes = size_t(g.n_out * splits) * sizeof(A);
        A* partial = static_cast<A*>(allocate(bytes));
        column_reduce_kernel<S, A, Op><<<grid, block, 0, current_stream()>>>(ix, g.n_out, g.row_len, chunk, in, partial, op);
        KILN_CUDA_CHECK(cudaGetLastError());
        fold_partials_kernel<A, Op><<<unsigned((g.n_out + kThreads - 1) / kThreads), kThreads, 0, current_stream()>>>(
            partial, g.n_out, splits, op);
        KILN_CUDA_CHECK(cudaGetLastError());
        release(partial, bytes);  // one stream: the next user of the block runs after these kernels
        return;
    }
    // unit-stride rows of a 2-, 4- or 8-byte type, every row starting 16-byte aligned: packed loads
    constexpr int V = kPack<S>;
    bool packs = V > 1 && unit_row && g.row_ndim == 1 && g.row_len % V == 0 && reinterpret_cast<uintptr_t>(in) % 16 == 0;
    for (int d = 0; d < g.out_ndim && packs; ++d) packs = g.out_sizes[d] == 1 || g.out_strides[d] % V == 0;
    if (packs) launch_rows<S, A, Op, V>(g, ix, in, op);
    else launch_rows<S, A, Op, 1>(g, ix, in, op);
}

}  // namespace

void reduce_sum(const ReduceGeometry& g, const void* in, uint8_t in_dtype, void* out, uint8_t out_dtype, double scale) {
    if (g.n_out == 0) return;
    dispatch(in_dtype, [&](auto* tag) {
        using S = std::remove_pointer_t<decltype(tag)>;
        // Floating inputs keep their dtype (accumulating in float, double for float64); bool and
        // int64 sum to int64.
        using A = std::conditional_t<std::is_same_v<S, double>, double,
                                     std::conditional_t<std::is_same_v<S, bool> || std::is_same_v<S, int64_t>, int64_t, float>>;
        using O = std::conditional_t<std::is_same_v<S, bool>, int64_t, S>;
        if (out_dtype != (std::is_same_v<S, bool> ? 1 : in_dtype))
            KILN_FAIL(RuntimeError, "internal: CUDA sum of dtype code ", int(in_dtype), " into ", int(out_dtype));
        launch_reduce<S, A>(g, (const S*)in, SumReduce<A, O>{(O*)out, A(scale)});
    });
}

void reduce_extreme(bool is_max, const ReduceGeometry& g, const void* in, uint8_t dtype, void* values, int64_t* indices) {
    if (g.n_out == 0) return;
    dispatch(dtype, [&](auto* tag) {
        using S = std::remove_pointer_t<decltype(tag)>;
        using C = compute_of<S>;
        if (!indices) {  // amax/amin, max() of a whole tensor: the value-only kernels
            if (is_max) launch_reduce<S, C>(g, (const S*)in, ExtremeReduce<C, S, true>{(S*)values});
            else launch_reduce<S, C>(g, (const S*)in, ExtremeReduce<C, S, false>{(S*)values});
            return;
        }
        const RowIndexer ix = make_row_indexer(g);
        if (is_max)
            extreme_kernel<S, true><<<reduce_blocks(g.n_out), reduce_threads(g.row_len), 0, current_stream()>>>(
                ix, g.n_out, g.row_len, (const S*)in, (S*)values, indices);
        else
            extreme_kernel<S, false><<<reduce_blocks(g.n_out), reduce_threads(g.row_len), 0, current_stream()>>>(
                ix, g.n_out, g.row_len, (const S*)in, (S*)values, indices);
        KILN_CUDA_CHECK(cudaGetLastError());
    });
}


// ==== [SECTION] softmax ==========================================================================================
// Row r of the [outer, n, inner] tensor starts at (r / inner) * n * inner + r % inner, step inner.
// Three passes over the row in one block: max, sum of exp(x - max), write (short contiguous rows: a
// warp per row, below).

namespace {
// A contiguous row of n values staged in shared memory (buf), read from device memory in 16-byte
// packs of V values (V = 1: one value at a time, any alignment) and written back the same way. The
// buffer is pack-major (value jv * V + e at buf[e * packs + jv]) so that a warp's shared-memory
// accesses fall in distinct banks.
template <typename S, typename C, int V>
struct StagedRow {
    struct alignas(sizeof(S) * V) Pack {
        S v[V];
    };
    C* buf;
    int64_t packs;
    // stages src, calling f(value) on each value as it is staged
    template <typename F>
    __device__ void load(const S* src, F f) const {
        for (int64_t jv = threadIdx.x; jv < packs; jv += blockDim.x) {
            const Pack x = reinterpret_cast<const Pack*>(src)[jv];
#pragma unroll
            for (int e = 0; e < V; ++e) {
                const C v = kiln::cuda::load<C>(x.v[e]);
                buf[e * packs + jv] = v;
                f(v);
            }
        }
    }
    // f(value) over the staged values, in no particular order
    template <typename F>
    __device__ void each(F f) const {
        for (int64_t i = threadIdx.x; i < packs * V; i += blockDim.x) f(buf[i]);
    }
    // dst[j] = g(j, value j)
    template <typename G>
    __device__ void store(S* dst, G g) const {
        for (int64_t jv = threadIdx.x; jv < packs; jv += blockDim.x) {
            Pack o;
#pragma unroll
            for (int e = 0; e < V; ++e) o.v[e] = kiln::cuda::store<S>(g(jv * V + e, buf[e * packs + jv]));
            reinterpret_cast<Pack*>(dst)[jv] = o;
        }
    }
};

// The packs a staged row of n values at `p` (and `q`) can take: 16 bytes when both are aligned and
// n divides, else one value.
template <typename S>
int pack_width(int64_t n, const void* p, const void* q) {
    constexpr int V = kPack<S>;
    const bool aligned = reinterpret_cast<uintptr_t>(p) % 16 == 0 && reinterpret_cast<uintptr_t>(q) % 16 == 0;
    return aligned && n % V == 0 ? V : 1;
}

// One block per row of n values `inner` apart, read three times from device memory (max, sum,
// output). StagedRow variants (V > 0; contiguous rows that fit kSoftmaxSmemBytes of shared memory:
// a vocabulary's logits, a 4096-wide row) read the row once and work from shared memory.
constexpr int64_t kSoftmaxSmemBytes = 32 * 1024;

template <typename S, bool Log, int V>
__global__ void softmax_kernel(const S* in, S* out, int64_t rows, int64_t n, int64_t inner) {
    using C = std::conditional_t<std::is_same_v<S, double>, double, float>;
    __shared__ C shared[kThreads];
    extern __shared__ unsigned char smem_raw[];
    auto keep_max = [](C m, C v) { return (m != m || m > v) ? m : v; };  // NaN wins
    for (int64_t row = blockIdx.x; row < rows; row += gridDim.x) {
        C m = -INFINITY, s = 0;
        if constexpr (V > 0) {
            const StagedRow<S, C, V> r{reinterpret_cast<C*>(smem_raw), n / V};
            r.load(in + row * n, [&](C v) { m = keep_max(m, v); });
            m = block_max(m, shared);
            r.each([&](C v) { s += ::exp(v - m); });
            s = block_sum(s, shared);
            const C ls = ::log(s);
            r.store(out + row * n, [&](int64_t, C v) { return Log ? (v - m) - ls : ::exp(v - m) / s; });
            __syncthreads();  // the buffer is refilled for the block's next row
        } else {
            const int64_t base = (row / inner) * n * inner + row % inner;
            for (int64_t j = threadIdx.x; j < n; j += blockDim.x) m = keep_max(m, load<C>(in[base + j * inner]));
            m = block_max(m, shared);
            for (int64_t j = threadIdx.x; j < n; j += blockDim.x) s += ::exp(load<C>(in[base + j * inner]) - m);
            s = block_sum(s, shared);
            const C ls = ::log(s);
            for (int64_t j = threadIdx.x; j < n; j += blockDim.x) {
                const C v = load<C>(in[base + j * inner]) - m;
                out[base + j * inner] = store<S>(Log ? v - ls : ::exp(v) / s);
            }
        }
    }
}
// Contiguous rows of at most 1024 (attention's scores over a sequence): one warp per row, 8 rows
// per block, each lane holding VPL of the row's values in registers: one read of the row, warp
// shuffles for the max and the sum, one write. A block per row of such rows left most of its
// threads idle and read the row three times.
constexpr int kSoftmaxWarpRows = 8;

template <typename S, bool Log, int VPL>
__global__ void softmax_warp_kernel(const S* in, S* out, int64_t rows, int n) {
    using C = std::conditional_t<std::is_same_v<S, double>, double, float>;
    const int lane = threadIdx.x & 31;
    for (int64_t row = int64_t(blockIdx.x) * kSoftmaxWarpRows + (threadIdx.x >> 5); row < rows;
         row += int64_t(gridDim.x) * kSoftmaxWarpRows) {
        const S* src = in + row * n;
        S* dst = out + row * n;
        C v[VPL];
        C m = -INFINITY;
#pragma unroll
        for (int i = 0; i < VPL; ++i) {
            const int j = lane + i * 32;
            v[i] = j < n ? load<C>(src[j]) : C(-INFINITY);
            m = (m != m || m > v[i]) ? m : v[i];
        }
        for (int o = 16; o > 0; o >>= 1) {
            const C t = __shfl_xor_sync(0xffffffffu, m, o);
            m = (m != m || m > t) ? m : t;
        }
        C s = 0;
#pragma unroll
        for (int i = 0; i < VPL; ++i) {
            v[i] -= m;  // the padding's -inf - m gives exp 0
            if (lane + i * 32 < n) s += ::exp(v[i]);
        }
        for (int o = 16; o > 0; o >>= 1) s += __shfl_xor_sync(0xffffffffu, s, o);
        const C ls = ::log(s);
#pragma unroll
        for (int i = 0; i < VPL; ++i) {
            const int j = lane + i * 32;
            if (j < n) dst[j] = store<S>(Log ? v[i] - ls : ::exp(v[i]) / s);
        }
    }
}

template <typename S, bool Log>
void launch_softmax_warp(const S* in, S* out, int64_t rows, int n) {
    const int blocks = reduce_blocks((rows + kSoftmaxWarpRows - 1) / kSoftmaxWarpRows);
    const int threads = 32 * kSoftmaxWarpRows;
    if (n <= 32) softmax_warp_kernel<S, Log, 1><<<blocks, threads, 0, current_stream()>>>(in, out, rows, n);
    else if (n <= 64) softmax_warp_kernel<S, Log, 2><<<blocks, threads, 0, current_stream()>>>(in, out, rows, n);
    else if (n <= 128) softmax_warp_kernel<S, Log, 4><<<blocks, threads, 0, current_stream()>>>(in, out, rows, n);
    else if (n <= 256) softmax_warp_kernel<S, Log, 8><<<blocks, threads, 0, current_stream()>>>(in, out, rows, n);
    else if (n <= 512) softmax_warp_kernel<S, Log, 16><<<blocks, threads, 0, current_stream()>>>(in, out, rows, n);
    else softmax_warp_kernel<S, Log, 32><<<blocks, threads, 0, current_stream()>>>(in, out, rows, n);
}
}  // namespace

void softmax(bool log, const void* in, void* out, uint8_t dtype, int64_t outer, int64_t n, int64_t inner) {
    const int64_t rows = outer * inner;
    if (rows == 0 || n == 0) return;
    dispatch_floating(dtype, [&](auto* tag) {
        using S = std::remove_pointer_t<decltype(tag)>;
        using C = std::conditional_t<std::is_same_v<S, double>, double, float>;
        const int64_t staged = n * int64_t(sizeof(C));
        const auto blocks = reduce_blocks(rows);
        if (inner == 1 && n <= 1024) {
            if (log) launch_softmax_warp<S, true>((const S*)in, (S*)out, rows, int(n));
            else launch_softmax_warp<S, false>((const S*)in, (S*)out, rows, int(n));
        } else if (inner == 1 && staged <= kSoftmaxSmemBytes) {
            constexpr int P = kPack<S>;
            const bool packed = pack_width<S>(n, in, out) > 1;
            const auto go = [&](auto kernel) {
                kernel<<<blocks, kThreads, size_t(staged), current_stream()>>>((const S*)in, (S*)out, rows, n, 1);
            };
            if (log) packed ? go(softmax_kernel<S, true, P>) : go(softmax_kernel<S, true, 1>);
            else packed ? go(softmax_kernel<S, false, P>) : go(softmax_kernel<S, false, 1>);
        } else if (log)
            softmax_kernel<S, true, 0><<<blocks, reduce_threads(n), 0, current_stream()>>>((const S*)in, (S*)out, rows, n, inner);
        else
            softmax_kernel<S, false, 0><<<blocks, reduce_threads(n), 0, current_stream()>>>((const S*)in, (S*)out, rows, n, inner);
        KILN_CUDA_CHECK(cudaGetLastError());
    });
}

// ==== [SECTION] layer_norm =============================================================================================
// One block per row: mean, then the biased variance around it (two passes: no cancellation), then
// the normalized, scaled and shifted row.

namespace {
template <typename S, int V>
__global__ void layer_norm_kernel(const S* in, const S* w, const S* b, S* out, compute_of<S>* mean_out,
                                  compute_of<S>* rstd_out, int64_t rows, int64_t n, double eps) {
    using C = std::conditional_t<std::is_same_v<S, double>, double, float>;
    __shared__ C shared[kThreads];
    extern __shared__ unsigned char smem_raw[];
    for (int64_t row = blockIdx.x; row < rows; row += gridDim.x) {
        const S* x = in + row * n;
        auto affine = [&](int64_t j, C y) {
            if (w) y = y * load<C>(w[j]);
            if (b) y = y + load<C>(b[j]);
            return y;
        };
        C s = 0, q = 0, mean, rstd;
        if constexpr (V > 0) {  // staged: the row is read from device memory once
            const StagedRow<S, C, V> r{reinterpret_cast<C*>(smem_raw), n / V};
            r.load(x, [&](C v) { s += v; });
            mean = block_sum(s, shared) / C(n);
            r.each([&](C v) { q += (v - mean) * (v - mean); });
            rstd = C(1) / ::sqrt(block_sum(q, shared) / C(n) + C(eps));
            r.store(out + row * n, [&](int64_t j, C v) { return affine(j, (v - mean) * rstd); });
        } else {
            for (int64_t j = threadIdx.x; j < n; j += blockDim.x) s += load<C>(x[j]);
            mean = block_sum(s, shared) / C(n);
            for (int64_t j = threadIdx.x; j < n; j += blockDim.x) {
                const C d = load<C>(x[j]) - mean;
                q += d * d;
            }
            rstd = C(1) / ::sqrt(block_sum(q, shared) / C(n) + C(eps));
            for (int64_t j = threadIdx.x; j < n; j += blockDim.x)
                out[row * n + j] = store<S>(affine(j, (load<C>(x[j]) - mean) * rstd));
        }
        if (threadIdx.x == 0) {
            if (mean_out) mean_out[row] = mean;
            if (rstd_out) rstd_out[row] = rstd;
        }
        if (V > 0) __syncthreads();  // the staged row is refilled for the block's next row
    }
}
}  // namespace

void layer_norm(const void* in, const void* weight, const void* bias, void* out, void* mean, void* rstd, uint8_t dtype,
                int64_t rows, int64_t n, double eps) {
    if (rows == 0) return;
    dispatch_floating(dtype, [&](auto* tag) {
        using S = std::remove_pointer_t<decltype(tag)>;
        using C = compute_of<S>;
        // Rows that fit kSoftmaxSmemBytes are staged in shared memory (as softmax's): one read instead of three.
        using A = std::conditional_t<std::is_same_v<S, double>, double, float>;
        const int64_t staged = n * int64_t(sizeof(A));
        constexpr int P = kPack<S>;
        const auto go = [&](auto kernel, size_t smem) {
            kernel<<<reduce_blocks(rows), reduce_threads(n), smem, current_stream()>>>(
                (const S*)in, (const S*)weight, (const S*)bias, (S*)out, (C*)mean, (C*)rstd, rows, n, eps);
        };
        if (staged > kSoftmaxSmemBytes) go(layer_norm_kernel<S, 0>, 0);
        else if (pack_width<S>(n, in, out) > 1) go(layer_norm_kernel<S, P>, size_t(staged));
        else go(layer_norm_kernel<S, 1>, size_t(staged));
        KILN_CUDA_CHECK(cudaGetLastError());
    });
}

}  // namespace kiln::cuda
