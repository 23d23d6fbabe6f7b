// The kernel interpreter (see interp.h): compiles a kernel::Kernel into a flat tile program and runs
// it over the kernel's iteration space.
//
// Layout of a run. The x space is cut into blocks of `rows` consecutive x points. For a pointwise
// kernel a block is one tile of up to kTile points (kTile = InterpConfig::tile_bytes / the compute
// type's size: 1024 floats by default; every loop is bounded by run-time counts anyway, so the tile
// being a prepare-time value rather than a constant costs nothing). For a reduction whose r space fits a tile, a
// block holds rows = kTile / R x points and an Inner phase evaluates all rows * R points of the
// block at once (Reduce folds each row's R values into that row's accumulator); when the r space is
// larger than a tile, a block is one x point and an Inner phase walks its r space in kTile chunks.
// Outer phases evaluate once per block over its `rows` x points. Values that cross phases (Reduce
// results, Outer values) live in per-row slots; an Inner phase reading one first expands it over
// the tile. Every other value lives in a tile slot, reused once its last reader has run.
//
// Loads and stores walk the tile as runs along the innermost merged dim ("segments"): stride 1 is
// a converting copy, stride 0 a broadcast, anything else a gather / scatter.
#include "backends/interp.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>
#include <vector>

#include "ops/extreme_run.h"
#include "ops/pointwise_math.h"
#include "support/error.h"
#include "tensor/dtype.h"
#include "tensor/parallel.h"

namespace kiln::backends {

namespace {

using kernel::Code;
using kernel::PhaseKind;

// ---- element conversions between buffer dtypes and the compute type ---------------------------
template <typename S>
struct Elem {  // float, double
    template <typename T>
    static T load(S v) { return static_cast<T>(v); }
    template <typename T>
    static S store(T v) { return static_cast<S>(v); }
};
template <>
struct Elem<bool> {
    template <typename T>
    static T load(bool v) { return v ? T(1) : T(0); }
    template <typename T>
    static bool store(T v) { return v != T(0); }  // NaN is true, as bool(nan) in Python
};
template <>
struct Elem<int64_t> {
    template <typename T>
    static T load(int64_t v) { return static_cast<T>(v); }
    template <typename T>
    static int64_t store(T v) {
        if constexpr (std::is_integral_v<T>) return static_cast<int64_t>(v);  // an int64 kernel's value
        // Truncation toward zero; NaN and out-of-range values (UB for a plain cast) saturate.
        if (v != v) return 0;
        if (v >= T(9.2233720368547758e18)) return std::numeric_limits<int64_t>::max();
        if (v <= T(-9.2233720368547758e18)) return std::numeric_limits<int64_t>::min();
        return static_cast<int64_t>(v);
    }
};
// uint8/int8/int16/int32 buffers: the value as an integer, stored with int64's saturation and then
// the two's-complement wrap of the narrow type (what an eager kernel storing int64 into it gives).
template <typename S>
struct NarrowElem {
    template <typename T>
    static T load(S v) { return static_cast<T>(v); }
    template <typename T>
    static S store(T v) { return static_cast<S>(Elem<int64_t>::store(v)); }
};
template <>
struct Elem<uint8_t> : NarrowElem<uint8_t> {};
template <>
struct Elem<int8_t> : NarrowElem<int8_t> {};
template <>
struct Elem<int16_t> : NarrowElem<int16_t> {};
template <>
struct Elem<int32_t> : NarrowElem<int32_t> {};
template <>
struct Elem<Half> {
    template <typename T>
    static T load(Half v) { return static_cast<T>(float(v)); }
    template <typename T>
    static Half store(T v) { return Half(static_cast<float>(v)); }
};
template <>
struct Elem<BFloat16> {
    template <typename T>
    static T load(BFloat16 v) { return static_cast<T>(float(v)); }
    template <typename T>
    static BFloat16 store(T v) { return BFloat16(static_cast<float>(v)); }
};

template <typename T>
using LoadFn = void (*)(T* __restrict dst, const void* base, int64_t off, int64_t stride, int64_t len);
template <typename T>
using StoreFn = void (*)(void* base, const T* __restrict src, int64_t off, int64_t stride, int64_t len);

template <typename S, typename T>
void load_seg(T* __restrict dst, const void* base, int64_t off, int64_t stride, int64_t len) {
    const S* src = static_cast<const S*>(base) + off;
    if (stride == 1) {
        for (int64_t i = 0; i < len; ++i) dst[i] = Elem<S>::template load<T>(src[i]);
    } else if (stride == 0) {
        const T v = Elem<S>::template load<T>(src[0]);
        for (int64_t i = 0; i < len; ++i) dst[i] = v;
    } else {
        for (int64_t i = 0; i < len; ++i) dst[i] = Elem<S>::template load<T>(src[i * stride]);
    }
}

template <typename S, typename T>
void store_seg(void* base, const T* __restrict src, int64_t off, int64_t stride, int64_t len) {
    S* dst = static_cast<S*>(base) + off;
    if (stride == 1) {
        for (int64_t i = 0; i < len; ++i) dst[i] = Elem<S>::template store<T>(src[i]);
    } else if (stride == 0) {
        if (len > 0) dst[0] = Elem<S>::template store<T>(src[len - 1]);  // the last point wins
    } else {
        for (int64_t i = 0; i < len; ++i) dst[i * stride] = Elem<S>::template store<T>(src[i]);
    }
}

template <typename T>
LoadFn<T> load_fn(DType dt) {
    switch (dt) {
        case DType::Bool: return &load_seg<bool, T>;
        case DType::Int64: return &load_seg<int64_t, T>;
        case DType::Float16: return &load_seg<Half, T>;
        case DType::BFloat16: return &load_seg<BFloat16, T>;
        case DType::Float32: return &load_seg<float, T>;
        case DType::Float64: return &load_seg<double, T>;
        case DType::UInt8: return &load_seg<uint8_t, T>;
        case DType::Int8: return &load_seg<int8_t, T>;
        case DType::Int16: return &load_seg<int16_t, T>;
        case DType::Int32: return &load_seg<int32_t, T>;
        case DType::UInt16: return &load_seg<uint16_t, T>;
        case DType::UInt32: return &load_seg<uint32_t, T>;
    }
    return nullptr;
}

template <typename T>
StoreFn<T> store_fn(DType dt) {
    switch (dt) {
        case DType::Bool: return &store_seg<bool, T>;
        case DType::Int64: return &store_seg<int64_t, T>;
        case DType::Float16: return &store_seg<Half, T>;
        case DType::BFloat16: return &store_seg<BFloat16, T>;
        case DType::Float32: return &store_seg<float, T>;
        case DType::Float64: return &store_seg<double, T>;
        case DType::UInt8: return &store_seg<uint8_t, T>;
        case DType::Int8: return &store_seg<int8_t, T>;
        case DType::Int16: return &store_seg<int16_t, T>;
        case DType::Int32: return &store_seg<int32_t, T>;
        case DType::UInt16: return &store_seg<uint16_t, T>;
        case DType::UInt32: return &store_seg<uint32_t, T>;
    }
    return nullptr;
}

// ---- pointwise math: one loop per ops/pointwise.def row -----------------------------------------
// Every op has the same signature so that a program is a list of function pointers. The operand
// arrays never alias `out` (the slot allocator gives a statement a slot none of its operands hold).
template <typename T>
using OpFn = void (*)(T* __restrict out, const T* __restrict a, const T* __restrict b, const T* __restrict c,
                      int64_t n, T p0, T p1);

// int64 kernels (T = int64_t) instantiate only the rows whose kind keeps integers, as pointwise.cpp
// does for eager int64 tensors; a FLOAT row's function is null there (the scheduler never emits one).
enum class RowKind { FLOAT, SAME, ROUNDING, COMPARE, LOGICAL };
template <typename T>
constexpr bool row_exists(RowKind k) { return !std::is_integral_v<T> || k != RowKind::FLOAT; }

template <typename T>
struct Ops {
#define KILN_UNARY_OP(name, grad_fn, kind, saves, expr, backward)                                       \
    static void u_##name(T* __restrict out, const T* __restrict in, const T* __restrict, const T* __restrict, \
                         int64_t n, T p0, T p1) {                                                          \
        if constexpr (row_exists<T>(RowKind::kind))                                                        \
            for (int64_t i = 0; i < n; ++i) {                                                              \
                const T x = in[i];                                                                         \
                out[i] = static_cast<T>(expr);                                                             \
            }                                                                                              \
    }
#define KILN_BINARY_OP(name, grad_fn, kind, expr)                                                         \
    static void b_##name(T* __restrict out, const T* __restrict A, const T* __restrict B, const T* __restrict, \
                         int64_t n, T alpha, T) {                                                          \
        if constexpr (row_exists<T>(RowKind::kind))                                                        \
            for (int64_t i = 0; i < n; ++i) {                                                              \
                const T a = A[i], b = B[i];                                                                \
                out[i] = static_cast<T>(expr);                                                             \
            }                                                                                              \
    }
#define KILN_TERNARY_OP(name, grad_fn, expr)                                                               \
    static void t_##name(T* __restrict out, const T* __restrict A, const T* __restrict B, const T* __restrict C, \
                         int64_t n, T alpha, T) {                                                          \
        for (int64_t i = 0; i < n; ++i) {                                                                  \
            const T a = A[i], b = B[i], c = C[i];                                                          \
            (void)c; /* lerp's weight is alpha, not c */                                                   \
            out[i] = static_cast<T>(expr);                                                                 \
        }                                                                                                  \
    }
#include "ops/pointwise.def"

    // Casts, in the compute type: the value the aten graph's dtype would hold.
    static void copy(T* __restrict out, const T* __restrict in, const T* __restrict, const T* __restrict, int64_t n, T, T) {
        std::memcpy(out, in, size_t(n) * sizeof(T));
    }
    static void to_int(T* __restrict out, const T* __restrict in, const T* __restrict, const T* __restrict, int64_t n, T, T) {
        if constexpr (std::is_integral_v<T>) std::memcpy(out, in, size_t(n) * sizeof(T));
        else for (int64_t i = 0; i < n; ++i) out[i] = std::trunc(in[i]);
    }
    static void to_bool(T* __restrict out, const T* __restrict in, const T* __restrict, const T* __restrict, int64_t n, T, T) {
        for (int64_t i = 0; i < n; ++i) out[i] = in[i] != T(0) ? T(1) : T(0);
    }
    static void to_f32(T* __restrict out, const T* __restrict in, const T* __restrict, const T* __restrict, int64_t n, T, T) {
        for (int64_t i = 0; i < n; ++i) out[i] = static_cast<T>(static_cast<float>(in[i]));
    }
    static void to_f16(T* __restrict out, const T* __restrict in, const T* __restrict, const T* __restrict, int64_t n, T, T) {
        for (int64_t i = 0; i < n; ++i) out[i] = static_cast<T>(float(Half(static_cast<float>(in[i]))));
    }
    static void to_bf16(T* __restrict out, const T* __restrict in, const T* __restrict, const T* __restrict, int64_t n, T, T) {
        for (int64_t i = 0; i < n; ++i) out[i] = static_cast<T>(float(BFloat16(static_cast<float>(in[i]))));
    }
    // A cast to a narrow integer: truncated, then wrapped into the type's range.
    template <typename S>
    static void to_narrow(T* __restrict out, const T* __restrict in, const T* __restrict, const T* __restrict, int64_t n, T, T) {
        for (int64_t i = 0; i < n; ++i) out[i] = static_cast<T>(Elem<S>::store(in[i]));
    }
};

template <typename T>
OpFn<T> op_fn(Code code, const std::string& op) {
    if (code == Code::Unary) {
#define KILN_UNARY_OP(name, grad_fn, kind, saves, expr, backward) \
    if (op == #name) return row_exists<T>(RowKind::kind) ? &Ops<T>::u_##name : nullptr;
#include "ops/pointwise.def"
    } else if (code == Code::Binary) {
#define KILN_BINARY_OP(name, grad_fn, kind, expr) \
    if (op == #name) return row_exists<T>(RowKind::kind) ? &Ops<T>::b_##name : nullptr;
#include "ops/pointwise.def"
    } else if (code == Code::Ternary) {
#define KILN_TERNARY_OP(name, grad_fn, expr) \
    if (op == #name) return &Ops<T>::t_##name;
#include "ops/pointwise.def"
    }
    return nullptr;
}

template <typename T>
OpFn<T> cast_fn(DType to) {
    switch (to) {
        case DType::Int64: return &Ops<T>::to_int;
        case DType::Bool: return &Ops<T>::to_bool;
        case DType::Float16: return &Ops<T>::to_f16;
        case DType::BFloat16: return &Ops<T>::to_bf16;
        case DType::Float32: return std::is_same_v<T, float> ? &Ops<T>::copy : &Ops<T>::to_f32;
        case DType::Float64: return &Ops<T>::copy;  // a float kernel cannot widen: the value stays as computed
        case DType::UInt8: return &Ops<T>::template to_narrow<uint8_t>;
        case DType::Int8: return &Ops<T>::template to_narrow<int8_t>;
        case DType::Int16: return &Ops<T>::template to_narrow<int16_t>;
        case DType::Int32: return &Ops<T>::template to_narrow<int32_t>;
        case DType::UInt16: return &Ops<T>::template to_narrow<uint16_t>;
        case DType::UInt32: return &Ops<T>::template to_narrow<uint32_t>;
    }
    return &Ops<T>::copy;
}

// ---- reductions ---------------------------------------------------------------------------------
enum class RKind { Sum, Max, Min, Prod, Any };

template <typename T, RKind K>
struct Red {
    static T init() {
        if constexpr (K == RKind::Sum || K == RKind::Any) return T(0);
        else if constexpr (K == RKind::Prod) return T(1);
        else if constexpr (K == RKind::Max) return -std::numeric_limits<T>::infinity();
        else return std::numeric_limits<T>::infinity();
    }
    static T comb(T a, T v) {
        if constexpr (K == RKind::Sum) return a + v;
        else if constexpr (K == RKind::Prod) return a * v;
        else if constexpr (K == RKind::Max) return (v != v || v > a) ? v : a;  // NaN propagates
        else if constexpr (K == RKind::Min) return (v != v || v < a) ? v : a;
        else return (a != T(0) || v != T(0)) ? T(1) : T(0);
    }
};

// One run reduced with 16 independent lanes (vectorizes; sums get pairwise-like accuracy). Max and
// min are ops/extreme_run.h's, shared with eager.
template <typename T, RKind K>
T reduce_run(const T* __restrict v, int64_t n) {
    using R = Red<T, K>;
    constexpr int L = 16;
    // (int64 kernels have no reductions: the generic loop below only instantiates for them)
    if constexpr ((K == RKind::Max || K == RKind::Min) && std::is_floating_point_v<T>) return ops::extreme_run<T, K == RKind::Max>(v, n);
    T acc[L];
    for (int j = 0; j < L; ++j) acc[j] = R::init();
    int64_t i = 0;
    for (; i + L <= n; i += L)
        for (int j = 0; j < L; ++j) acc[j] = R::comb(acc[j], v[i + j]);
    T r = R::init();
    for (int j = 0; j < L; ++j) r = R::comb(r, acc[j]);
    for (; i < n; ++i) r = R::comb(r, v[i]);
    return r;
}

// acc[row] folds in the tile's values of that row: `rows` rows of `per_row` points, or (chunked)
// one row whose next n points are the tile.
template <typename T>
using ReduceFn = void (*)(T* acc, const T* tile, int64_t rows, int64_t per_row, int64_t n, bool chunk);
template <typename T>
using InitFn = T (*)();

template <typename T, RKind K>
void reduce_tile(T* acc, const T* tile, int64_t rows, int64_t per_row, int64_t n, bool chunk) {
    using R = Red<T, K>;
    if (chunk) {
        acc[0] = R::comb(acc[0], reduce_run<T, K>(tile, n));
    } else if (per_row == 1) {
        for (int64_t r = 0; r < rows; ++r) acc[r] = R::comb(acc[r], tile[r]);
    } else if (per_row < 32) {  // short rows: the 16-lane setup and fold would cost more than the row
        for (int64_t r = 0; r < rows; ++r) {
            const T* v = tile + r * per_row;
            T a = acc[r];
            for (int64_t j = 0; j < per_row; ++j) a = R::comb(a, v[j]);
            acc[r] = a;
        }
    } else {
        for (int64_t r = 0; r < rows; ++r) acc[r] = R::comb(acc[r], reduce_run<T, K>(tile + r * per_row, per_row));
    }
}

template <typename T>
std::pair<ReduceFn<T>, T> reduce_fn(const std::string& op) {
    if (op == "sum") return {&reduce_tile<T, RKind::Sum>, Red<T, RKind::Sum>::init()};
    if (op == "max") return {&reduce_tile<T, RKind::Max>, Red<T, RKind::Max>::init()};
    if (op == "min") return {&reduce_tile<T, RKind::Min>, Red<T, RKind::Min>::init()};
    if (op == "prod") return {&reduce_tile<T, RKind::Prod>, Red<T, RKind::Prod>::init()};
    if (op == "any") return {&reduce_tile<T, RKind::Any>, Red<T, RKind::Any>::init()};
    KILN_FAIL(RuntimeError, "interp: unknown reduction ", op);
}

// ---- the compiled program -----------------------------------------------------------------------
enum class IK : uint8_t { Load, Store, Op, Reduce, Expand };

template <typename T>
struct Program final : InterpKernel {
    int kTile = int(4096 / sizeof(T));  // points per tile slot: InterpConfig::tile_bytes / sizeof(T)
    int threads = 0;                    // InterpConfig::threads

    struct Access {
        int buffer = -1;
        int64_t offset = 0;
        std::vector<int64_t> strides;  // over the merged dims: x dims, then r dims
        LoadFn<T> load = nullptr;
        StoreFn<T> store = nullptr;
        // A load of a compute-typed buffer the kernel never writes: a contiguous run is read in
        // place (the slot points into the buffer) instead of being copied.
        bool in_place = false;
    };
    struct Instr {
        IK kind = IK::Op;
        int out = -1, a = -1, b = -1, c = -1;  // slots
        int access = -1;
        OpFn<T> op = nullptr;
        ReduceFn<T> reduce = nullptr;
        T p0 = 0, p1 = 0;
    };
    struct PhaseProg {
        bool outer = false;
        std::vector<Instr> instrs;
        std::vector<std::pair<int, T>> reduce_inits;  // row slot, identity
    };

    Shape xs, rs;          // merged x dims, merged r dims
    Shape full;            // xs ++ rs
    int64_t X = 0, R = 0;  // x points, r points
    int64_t rows = 1;      // x points per block
    bool chunk = false;    // R > kTile: an Inner phase walks r in chunks of one x point
    bool column_tiles = false;  // a reduction along a strided dim: tiles of x points at one r point (run_columns)
    int64_t tile_rows = 0, tile_cols = 0;  // > 0: a pointwise kernel with a transposed load, in 2-D tiles (run_tile)
    std::vector<Access> accesses;
    std::vector<PhaseProg> phases;
    std::vector<std::pair<int, T>> constants;  // slot, value
    int nslots = 0;

    int tile() const override { return kTile; }
    InterpConfig config() const override { return {int(kTile * sizeof(T)), threads}; }
    int64_t rows_per_tile() const override { return rows; }
    int merged_x_dims() const override { return int(xs.size()); }
    int merged_r_dims() const override { return int(rs.size()); }
    bool columns() const override { return column_tiles; }
    bool tiles_2d() const override { return tile_rows > 0; }

    struct Scratch {
        std::vector<T> slots;  // each slot's own kTile values
        std::vector<T*> ptr;   // where each slot's current values are: its own storage or a buffer
        std::vector<int64_t> seg_pos, seg_len, seg_idx;  // segments of the current tile
        int nseg = 0, seg_dims = 0;
        std::vector<int64_t> r_off;  // per access, the offset of the current r point (columns; else 0)
    };

    static Scratch& scratch() {
        static thread_local Scratch s;
        return s;
    }

    void init_scratch(Scratch& s) const {
        const size_t need = size_t(nslots) * kTile;
        if (s.slots.size() < need) s.slots.resize(need);
        s.ptr.resize(size_t(nslots));
        for (int i = 0; i < nslots; ++i) s.ptr[i] = own(s, i);
        for (auto& [slot, v] : constants) std::fill_n(s.slots.data() + size_t(slot) * kTile, kTile, v);
        const size_t segs = size_t(kTile) + 1;
        if (s.seg_pos.size() < segs) {
            s.seg_pos.resize(segs);
            s.seg_len.resize(segs);
        }
        const size_t idx = segs * std::max<size_t>(full.size(), 1);
        if (s.seg_idx.size() < idx) s.seg_idx.resize(idx);
        s.r_off.assign(accesses.size(), 0);
    }

    // Splits points [start, start + n) of the row-major space `dims` (its first `nd` entries) into
    // runs along the innermost dim.
    static void segments(Scratch& s, const int64_t* dims, int nd, int64_t start, int64_t n) {
        s.nseg = 0;
        s.seg_dims = nd;
        if (nd == 0) {  // a single point
            s.seg_pos[0] = 0;
            s.seg_len[0] = n;
            s.nseg = 1;
            return;
        }
        int64_t idx[64];
        int64_t rem = start;
        for (int d = nd - 1; d >= 0; --d) {
            idx[d] = rem % dims[d];
            rem /= dims[d];
        }
        int64_t pos = 0;
        const int last = nd - 1;
        while (pos < n) {
            const int64_t len = std::min(dims[last] - idx[last], n - pos);
            s.seg_pos[s.nseg] = pos;
            s.seg_len[s.nseg] = len;
            std::memcpy(&s.seg_idx[size_t(s.nseg) * nd], idx, sizeof(int64_t) * nd);
            ++s.nseg;
            pos += len;
            idx[last] += len;
            for (int d = last; d > 0 && idx[d] >= dims[d]; --d) {
                idx[d] = 0;
                ++idx[d - 1];
            }
        }
    }

    T* own(Scratch& s, int i) const { return s.slots.data() + size_t(i) * kTile; }
    // The slot as an output: its own storage (a slot last read in place stops pointing there).
    T* out(Scratch& s, int i) const { return s.ptr[i] = own(s, i); }

    void exec(Scratch& s, void* const* data, const PhaseProg& ph, int64_t n, int64_t nrows, int64_t per_row,
              bool chunked) const {
        for (const Instr& in : ph.instrs) {
            switch (in.kind) {
                case IK::Op: in.op(out(s, in.out), s.ptr[in.a], in.b >= 0 ? s.ptr[in.b] : nullptr,
                                   in.c >= 0 ? s.ptr[in.c] : nullptr, n, in.p0, in.p1);
                    break;
                case IK::Load:
                case IK::Store: {
                    const Access& ac = accesses[in.access];
                    const int nd = s.seg_dims;
                    const int64_t inner = nd ? ac.strides[nd - 1] : 0;
                    void* base = data[ac.buffer];
                    if (ac.in_place && s.nseg == 1 && (inner == 1 || s.seg_len[0] == 1)) {
                        int64_t off = ac.offset + s.r_off[size_t(in.access)];
                        for (int d = 0; d < nd; ++d) off += ac.strides[d] * s.seg_idx[d];
                        s.ptr[in.out] = static_cast<T*>(base) + off;
                        break;
                    }
                    T* tile = in.kind == IK::Load ? out(s, in.out) : s.ptr[in.a];
                    for (int g = 0; g < s.nseg; ++g) {
                        int64_t off = ac.offset + s.r_off[size_t(in.access)];
                        const int64_t* idx = &s.seg_idx[size_t(g) * nd];
                        for (int d = 0; d < nd; ++d) off += ac.strides[d] * idx[d];
                        if (in.kind == IK::Load) ac.load(tile + s.seg_pos[g], base, off, inner, s.seg_len[g]);
                        else ac.store(base, tile + s.seg_pos[g], off, inner, s.seg_len[g]);
                    }
                    break;
                }
                case IK::Reduce: in.reduce(s.ptr[in.out], s.ptr[in.a], nrows, per_row, n, chunked); break;
                case IK::Expand: {
                    if (!chunked && per_row == 1) {  // one point per row (columns): the row values themselves
                        s.ptr[in.out] = s.ptr[in.a];
                        break;
                    }
                    T* o = out(s, in.out);
                    const T* row = s.ptr[in.a];
                    if (chunked) std::fill_n(o, n, row[0]);
                    else
                        for (int64_t r = 0; r < nrows; ++r) std::fill_n(o + r * per_row, per_row, row[r]);
                    break;
                }
            }
        }
    }

    // An Inner phase of a column reduction (x.sum(0), a bias gradient, batch statistics): the data
    // walks x contiguously and r with a stride, so a tile is the block's x points at one r point,
    // loaded as contiguous runs, and each Reduce folds it element by element into the rows'
    // accumulators (as Inductor's C++ vectorizes such a reduction along x); r is walked in order.
    // Walking each x point's r values instead (the row layout) gathered one float per cache line:
    // x.sum(0) of [1024, 1024] took 1.8 ms against eager's 0.05.
    void run_columns(Scratch& s, void* const* data, const PhaseProg& ph, int64_t x0, int64_t nrows) const {
        const size_t nxd = xs.size(), nrd = rs.size();
        int64_t ridx[64] = {};
        segments(s, xs.data(), int(nxd), x0, nrows);  // the same x runs at every r point
        for (int64_t r = 0; r < R; ++r) {
            for (size_t a = 0; a < accesses.size(); ++a) {
                int64_t off = 0;
                for (size_t j = 0; j < nrd; ++j) off += accesses[a].strides[nxd + j] * ridx[j];
                s.r_off[a] = off;
            }
            exec(s, data, ph, nrows, nrows, 1, false);
            for (size_t j = nrd; j-- > 0;) {
                if (++ridx[j] < rs[j]) break;
                ridx[j] = 0;
            }
        }
        std::fill(s.r_off.begin(), s.r_off.end(), 0);
    }

    // A pointwise kernel that loads a transposed view (x.t() + y, a permute before a contiguous
    // op): along the innermost dim that load walks a stride of a whole row, so walking the points
    // in order reads one float per cache line, and at power-of-two strides the lines map to the same
    // cache sets and are gone before the next row could use them (x.t() + y of [1024, 1024] took
    // 4.1 ms, eager 3.0). A tile is tile_rows x tile_cols points of the last two merged dims instead
    // (the other dims outside): its rows are the segments, and the transposed load's cache lines
    // serve all its rows. The tiles go in order along the last dim, then the one before, as
    // Inductor's C++ tiles such kernels.
    int64_t nblocks() const {
        if (!tile_rows) return (X + rows - 1) / rows;
        const size_t nd = xs.size();
        const int64_t outer = X / (xs[nd - 2] * xs[nd - 1]);
        return outer * ((xs[nd - 2] + tile_rows - 1) / tile_rows) * ((xs[nd - 1] + tile_cols - 1) / tile_cols);
    }

    void run_tile(Scratch& s, void* const* data, int64_t block) const {
        const int nd = int(xs.size());
        const int64_t A = xs[size_t(nd) - 2], B = xs[size_t(nd) - 1];
        const int64_t ta = (A + tile_rows - 1) / tile_rows, tb = (B + tile_cols - 1) / tile_cols;
        int64_t o = block / (ta * tb);
        const int64_t a0 = (block / tb) % ta * tile_rows, b0 = block % tb * tile_cols;
        const int64_t na = std::min(tile_rows, A - a0), nb = std::min(tile_cols, B - b0);
        int64_t idx[64];
        for (int d = nd - 3; d >= 0; --d) {
            idx[d] = o % xs[size_t(d)];
            o /= xs[size_t(d)];
        }
        s.nseg = 0;
        s.seg_dims = nd;
        for (int64_t i = 0; i < na; ++i) {
            idx[nd - 2] = a0 + i;
            idx[nd - 1] = b0;
            s.seg_pos[size_t(s.nseg)] = i * nb;
            s.seg_len[size_t(s.nseg)] = nb;
            std::memcpy(&s.seg_idx[size_t(s.nseg) * size_t(nd)], idx, sizeof(int64_t) * size_t(nd));
            ++s.nseg;
        }
        for (const PhaseProg& ph : phases) exec(s, data, ph, na * nb, na * nb, 1, false);
    }

    void run_block(Scratch& s, void* const* data, int64_t block) const {
        if (tile_rows) {
            run_tile(s, data, block);
            return;
        }
        const int64_t x0 = block * rows, nrows = std::min(rows, X - x0);
        for (const PhaseProg& ph : phases) {
            if (ph.outer) {
                segments(s, xs.data(), int(xs.size()), x0, nrows);
                exec(s, data, ph, nrows, nrows, 1, false);
                continue;
            }
            for (auto& [sl, v] : ph.reduce_inits) std::fill_n(out(s, sl), nrows, v);
            if (R == 0) continue;
            if (column_tiles) {
                run_columns(s, data, ph, x0, nrows);
            } else if (chunk) {
                for (int64_t c = 0; c < R; c += kTile) {
                    const int64_t n = std::min<int64_t>(kTile, R - c);
                    segments(s, full.data(), int(full.size()), x0 * R + c, n);
                    exec(s, data, ph, n, 1, n, true);
                }
            } else {
                const int64_t n = nrows * R;
                segments(s, full.data(), int(full.size()), x0 * R, n);
                exec(s, data, ph, n, nrows, R, false);
            }
        }
    }

    void run(void* const* data) const override {
        if (X == 0) return;
        const int64_t nblocks = this->nblocks();
        // tensor/parallel.h's rule over blocks. threads == 0: a chunk of blocks is worth
        // kParallelGrain points; threads > 0: at most that many chunks (a config the autotuner
        // measured), whatever the size.
        const int64_t points = X * std::max<int64_t>(R, 1);
        const int64_t grain = threads > 0 ? (nblocks + threads - 1) / threads : grain_for(points / nblocks);
        parallel_for(0, nblocks, grain, [&](int64_t b0, int64_t b1) {
            Scratch& s = scratch();
            init_scratch(s);
            for (int64_t b = b0; b < b1; ++b) run_block(s, data, b);
        });
    }
};

// Merges the dims [first, last) of the iteration space that every index walks contiguously (and
// drops size-1 dims): returns the merged sizes and, per index, its merged strides appended.
Shape merge_dims(const Shape& sizes, int first, int last, const std::vector<const kernel::Index*>& idx,
                 std::vector<std::vector<int64_t>>& out_strides) {
    // Built innermost first, reversed at the end.
    Shape msizes;
    std::vector<std::vector<int64_t>> mstr(idx.size());
    for (int d = last - 1; d >= first; --d) {
        if (sizes[d] == 1) continue;
        bool merge = !msizes.empty();
        for (size_t a = 0; merge && a < idx.size(); ++a)
            if (idx[a]->strides[d] != mstr[a].back() * msizes.back()) merge = false;
        if (merge) {
            msizes.back() *= sizes[d];
        } else {
            msizes.push_back(sizes[d]);
            for (size_t a = 0; a < idx.size(); ++a) mstr[a].push_back(idx[a]->strides[d]);
        }
    }
    std::reverse(msizes.begin(), msizes.end());
    for (size_t a = 0; a < idx.size(); ++a)
        out_strides[a].insert(out_strides[a].end(), mstr[a].rbegin(), mstr[a].rend());
    return msizes;
}

template <typename T>
std::shared_ptr<const InterpKernel> compile(const kernel::Kernel& k, const kernel::Plan& p, const InterpConfig& cfg) {
    auto prog = std::make_shared<Program<T>>();
    Program<T>& P = *prog;
    P.kTile = int(cfg.tile_bytes / int(sizeof(T)));
    P.threads = cfg.threads;
    const int kTile = P.kTile;

    // Merged iteration space.
    std::vector<const kernel::Index*> idx;
    std::vector<int> access_of(k.stmts.size(), -1);
    for (size_t i = 0; i < k.stmts.size(); ++i)
        if (k.stmts[i].code == Code::Load || k.stmts[i].code == Code::Store) {
            access_of[i] = int(idx.size());
            idx.push_back(&k.stmts[i].index);
        }
    std::vector<std::vector<int64_t>> strides(idx.size());
    P.xs = merge_dims(k.sizes, 0, k.nx, idx, strides);
    P.rs = merge_dims(k.sizes, k.nx, k.nx + k.nr, idx, strides);
    P.full = P.xs;
    P.full.insert(P.full.end(), P.rs.begin(), P.rs.end());
    if (P.full.size() > 64) KILN_FAIL(RuntimeError, "interp: kernel ", k.name, " has more than 64 dims after merging");
    P.X = k.x_numel();
    P.R = k.r_numel();
    P.chunk = P.R > kTile;
    P.rows = P.chunk ? 1 : std::max<int64_t>(1, std::min<int64_t>(P.X, kTile / std::max<int64_t>(P.R, 1)));
    P.accesses.resize(idx.size());
    // Columns (run_columns): a reduction of at least 64 x points whose Inner phases' accesses all
    // walk the innermost x dim contiguously or not at all, at least one load moving along r with a
    // stride, none contiguously along r. Blocks of up to a tile of x points, as many blocks as
    // threads where x allows (every r point runs the phase's program once per block: smaller tiles
    // cost calls; in the single-threaded browser a softmax over dim 0 of [1024, 1024] took 5.9 ms
    // in blocks of 256 x points, 5.2 in one block of 1024; natively on two threads 0.66 -> 0.45 ms).
    if (k.nr > 0 && !P.xs.empty() && !P.rs.empty() && P.X >= 64) {
        bool x_walk = false, r_contiguous = false, x_ok = true;
        for (size_t ph = 0; ph < k.phases.size(); ++ph) {
            if (k.phases[ph].kind != PhaseKind::Inner) continue;
            for (int id : k.phases[ph].stmts) {
                if (access_of[size_t(id)] < 0) continue;
                const std::vector<int64_t>& st = strides[size_t(access_of[size_t(id)])];
                const int64_t sx = st[P.xs.size() - 1], sr = st.back();
                r_contiguous = r_contiguous || sr == 1;
                x_ok = x_ok && (sx == 0 || sx == 1);
                x_walk = x_walk || (k.stmts[size_t(id)].code == Code::Load && sx == 1 && sr != 0);
            }
        }
        P.column_tiles = x_walk && x_ok && !r_contiguous;
        if (P.column_tiles) {
            P.chunk = false;
            const int64_t nt = cfg.threads > 0 ? cfg.threads : interp_max_threads();
            const int64_t share = ((P.X + nt - 1) / nt + 15) / 16 * 16;
            P.rows = std::min<int64_t>({int64_t(kTile), P.X, std::max<int64_t>(64, share)});
        }
    }
    // 2-D tiles (run_tile): a pointwise kernel whose last two merged dims are both at least 16, with
    // an access that walks the last one by more than one element and the one before contiguously.
    if (k.nr == 0 && P.xs.size() >= 2 && P.xs[P.xs.size() - 2] >= 16 && P.xs.back() >= 16) {
        const size_t nd = P.xs.size();
        bool transposed = false;
        for (size_t i = 0; i < k.stmts.size(); ++i)
            if (access_of[i] >= 0) {  // a load, or a store into a transposed view
                const std::vector<int64_t>& st = strides[size_t(access_of[i])];
                transposed = transposed || (st[nd - 1] > 1 && st[nd - 2] == 1);
            }
        if (transposed) {
            // 16 x 16: at 4 KB strides a tile's column of lines on the transposed side shares one
            // L1 set (12 ways). x.t() + y [1024, 1024], one thread on the dev VM (AMD EPYC):
            // 32 x 32 3.9-4.3 ms, 16 x 16 2.7-2.8, 8 x 32 3.2-3.6, 64 x 16 4.1-4.2 (eager 3.4-3.8).
            P.tile_cols = std::min<int64_t>(16, kTile);
            P.tile_rows = std::max<int64_t>(1, kTile / P.tile_cols);
            P.tile_rows = std::min<int64_t>(P.tile_rows, 16);
            P.chunk = false;
        }
    }
    for (size_t i = 0; i < k.stmts.size(); ++i) {
        if (access_of[i] < 0) continue;
        const kernel::Stmt& s = k.stmts[i];
        auto& ac = P.accesses[access_of[i]];
        ac.buffer = s.buffer;
        ac.offset = s.index.offset;
        ac.strides = strides[access_of[i]];
        const DType dt = p.buffers[s.buffer].dtype;
        if (s.code == Code::Load) ac.load = load_fn<T>(dt);
        else ac.store = store_fn<T>(dt);
        const bool written = std::find(k.outputs.begin(), k.outputs.end(), s.buffer) != k.outputs.end() ||
                             std::find(k.in_out.begin(), k.in_out.end(), s.buffer) != k.in_out.end();
        ac.in_place = s.code == Code::Load && !written && dt == k.compute;
    }

    // Slots: constants and row values (Reduce results, Outer values) get their own; values of Inner
    // phases share tile slots by liveness.
    const int n = int(k.stmts.size());
    std::vector<int> phase_of(n, -1), slot_of(n, -1);
    for (size_t ph = 0; ph < k.phases.size(); ++ph)
        for (int id : k.phases[ph].stmts) phase_of[id] = int(ph);
    int nslots = 0;
    std::vector<int> free_slots;
    auto fresh = [&]() { return nslots++; };
    auto take = [&]() {
        if (free_slots.empty()) return fresh();
        const int s = free_slots.back();
        free_slots.pop_back();
        return s;
    };
    for (int id = 0; id < n; ++id) {
        const kernel::Stmt& s = k.stmts[id];
        if (s.code == Code::Constant) {
            slot_of[id] = fresh();
            P.constants.push_back({slot_of[id], static_cast<T>(s.value)});
        } else if (s.code == Code::Reduce ||
                   (k.phases[phase_of[id]].kind == PhaseKind::Outer && s.code != Code::Store)) {
            slot_of[id] = fresh();
        }
    }

    auto make_instr = [&](const kernel::Stmt& s, int id) {
        typename Program<T>::Instr in;
        switch (s.code) {
            case Code::Load: in.kind = IK::Load; in.access = access_of[id]; break;
            case Code::Store: in.kind = IK::Store; in.access = access_of[id]; break;
            case Code::Unary:
                in.op = op_fn<T>(s.code, s.op);
                in.p0 = static_cast<T>(s.p0);
                in.p1 = static_cast<T>(s.p1);
                break;
            case Code::Binary:
            case Code::Ternary:
                in.op = op_fn<T>(s.code, s.op);
                in.p0 = static_cast<T>(s.alpha);
                break;
            case Code::Cast: in.op = cast_fn<T>(s.dtype); break;
            case Code::Reduce: in.kind = IK::Reduce; in.reduce = reduce_fn<T>(s.op).first; break;
            case Code::Constant: break;
        }
        if ((s.code == Code::Unary || s.code == Code::Binary || s.code == Code::Ternary) && !in.op)
            KILN_FAIL(RuntimeError, "interp: kernel ", k.name, ": no op ", s.op);
        return in;
    };

    for (size_t ph = 0; ph < k.phases.size(); ++ph) {
        const kernel::Phase& phase = k.phases[ph];
        typename Program<T>::PhaseProg pp;
        pp.outer = phase.kind == PhaseKind::Outer;
        if (pp.outer) {
            for (int id : phase.stmts) {
                const kernel::Stmt& s = k.stmts[id];
                if (s.code == Code::Constant) continue;
                auto in = make_instr(s, id);
                int* ops[3] = {&in.a, &in.b, &in.c};
                for (size_t i = 0; i < s.args.size(); ++i) *ops[i] = slot_of[s.args[i]];
                if (s.code != Code::Store) in.out = slot_of[id];
                pp.instrs.push_back(in);
            }
            P.phases.push_back(std::move(pp));
            continue;
        }
        // Inner phase: expand the row values it reads, then its statements with slot reuse.
        std::vector<int> local(n, -1);  // row value -> its expanded tile slot in this phase
        std::vector<int> expand_slots;
        for (int id : phase.stmts)
            for (int a : k.stmts[id].args)
                if (phase_of[a] != int(ph) && k.stmts[a].code != Code::Constant && local[a] < 0) {
                    typename Program<T>::Instr e;
                    e.kind = IK::Expand;
                    e.a = slot_of[a];
                    e.out = local[a] = take();
                    expand_slots.push_back(e.out);
                    pp.instrs.push_back(e);
                }
        std::vector<int> last_use(n, -1);
        for (size_t pos = 0; pos < phase.stmts.size(); ++pos)
            for (int a : k.stmts[phase.stmts[pos]].args) last_use[a] = int(pos);
        for (size_t pos = 0; pos < phase.stmts.size(); ++pos) {
            const int id = phase.stmts[pos];
            const kernel::Stmt& s = k.stmts[id];
            if (s.code == Code::Constant) continue;
            auto in = make_instr(s, id);
            int* ops[3] = {&in.a, &in.b, &in.c};
            for (size_t i = 0; i < s.args.size(); ++i) {
                const int a = s.args[i];
                *ops[i] = local[a] >= 0 ? local[a] : slot_of[a];
            }
            if (s.code == Code::Reduce) {
                in.out = slot_of[id];
                pp.reduce_inits.push_back({slot_of[id], reduce_fn<T>(s.op).second});
            } else if (s.code != Code::Store) {
                in.out = slot_of[id] = take();
            }
            pp.instrs.push_back(in);
            // Operands of this phase whose last reader this was give their slots back (after the
            // result took its own, so that no op writes a slot it reads).
            for (int a : s.args)
                if (phase_of[a] == int(ph) && last_use[a] == int(pos) && k.stmts[a].code != Code::Constant &&
                    k.stmts[a].code != Code::Reduce) {
                    free_slots.push_back(slot_of[a]);
                    last_use[a] = -2;  // freed once even when read twice by this statement
                }
            if (s.code != Code::Store && s.code != Code::Reduce && last_use[id] == -1) free_slots.push_back(slot_of[id]);
        }
        for (int e : expand_slots) free_slots.push_back(e);
        P.phases.push_back(std::move(pp));
    }
    P.nslots = std::max(nslots, 1);
    return prog;
}

}  // namespace

std::shared_ptr<const InterpKernel> prepare(const kernel::Kernel& k, const kernel::Plan& p) {
    return prepare(k, p, InterpConfig{});
}

std::shared_ptr<const InterpKernel> prepare(const kernel::Kernel& k, const kernel::Plan& p, const InterpConfig& cfg) {
    KILN_CHECK(cfg.tile_bytes >= 256 && cfg.tile_bytes <= (1 << 20) && (cfg.tile_bytes & (cfg.tile_bytes - 1)) == 0,
               RuntimeError, "interp: tile_bytes must be a power of two from 256 to 1 MiB, got ", cfg.tile_bytes);
    KILN_CHECK(cfg.threads >= 0, RuntimeError, "interp: threads must be >= 0 (0: all), got ", cfg.threads);
    kernel::verify(k, p);
    KILN_CHECK(!k.gemm, RuntimeError, "interp: kernel ", k.name,
               " computes a matrix product (Kernel::gemm), which only CUDA plans fuse");
    KILN_CHECK(k.parts.empty(), RuntimeError, "interp: kernel ", k.name,
               " is a combo kernel (several kernels in one launch), which only CUDA plans have");
    if (k.compute == DType::Float64) return compile<double>(k, p, cfg);
    if (k.compute == DType::Int64) return compile<int64_t>(k, p, cfg);
    return compile<float>(k, p, cfg);
}

void run_kernel(const kernel::Kernel& k, const kernel::Plan& p, void* const* buffer_data) {
    prepare(k, p)->run(buffer_data);
}

bool interp_threads_available() { return threads_available(); }

int interp_max_threads() { return num_threads(); }

}  // namespace kiln::backends
