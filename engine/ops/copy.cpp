// Copying between layouts and dtypes: copy_, contiguous, clone, to_dtype.
//
// One kernel does all of it: an ElementwiseLoop over (dst, broadcast src) converting each element
// from the source's C++ type to the destination's. Contiguous same-type copies become memcpy.
#include <algorithm>
#include <cstring>
#include <limits>

#if defined(__F16C__)
#include <immintrin.h>
#endif

#include "autograd/grad_mode.h"
#include "autograd/inplace_check.h"
#include "autograd/node.h"
#include "cuda/dispatch.h"
#include "ops/ops.h"
#include "ops/output_layout.h"
#include "support/error.h"
#include "tensor/iter.h"
#include "tensor/meta.h"

namespace kiln {

namespace {

// Floating to integer: C++ leaves NaN, infinities and values out of range undefined; x86's
// conversion (what PyTorch's CPU kernels give) makes them the type's minimum.
template <typename To, typename F>
inline To float_to_int(F v) {
    constexpr double lo = double(std::numeric_limits<To>::min());
    const double d = double(v);
    if (!(d >= lo && d < -lo)) return std::numeric_limits<To>::min();
    return static_cast<To>(v);
}

// float <-> float16 by the F16C instructions where the machine has them (round to nearest even, as
// float_to_half; NaNs stay quiet NaNs with their sign): a call into dtype.cpp per element made
// x.half() of 1M floats 8 ms
inline Half half_of(float f) {
#if defined(__F16C__)
    Half h;
    h.bits = uint16_t(_cvtss_sh(f, _MM_FROUND_TO_NEAREST_INT));
    return h;
#else
    return Half(f);
#endif
}
inline float float_of(Half h) {
#if defined(__F16C__)
    return _cvtsh_ss(h.bits);
#else
    return float(h);
#endif
}

template <typename To, typename From>
inline To convert(From v) {
    if constexpr (std::is_same_v<To, bool>) {
        return static_cast<float>(v) != 0.0f || static_cast<double>(v) != 0.0;
    } else if constexpr (std::is_same_v<To, Half> && std::is_same_v<From, Half>) {
        return v;
    } else if constexpr (std::is_same_v<To, Half> && !std::is_same_v<From, BFloat16>) {
        return half_of(static_cast<float>(v));
    } else if constexpr (std::is_same_v<From, Half> && !std::is_same_v<To, BFloat16>) {
        return convert<To>(float_of(v));
    } else if constexpr (std::is_same_v<To, Half> || std::is_same_v<To, BFloat16>) {
        return To(static_cast<float>(v));
    } else if constexpr (std::is_same_v<From, Half> || std::is_same_v<From, BFloat16>) {
        return convert<To>(static_cast<float>(v));
    } else if constexpr (std::is_same_v<To, uint8_t> && std::is_floating_point_v<From>) {
        // c10 casts floats to uint8 through int64 (so that -1.0 is 255 on every compiler).
        return static_cast<To>(float_to_int<int64_t>(v));
    } else if constexpr (std::is_integral_v<To> && sizeof(To) < 4 && std::is_floating_point_v<From>) {
        // int8/int16: x86 converts to int32 and keeps the low bits (300.0 -> int8 44).
        return static_cast<To>(float_to_int<int32_t>(v));
    } else if constexpr (std::is_integral_v<To> && std::is_floating_point_v<From>) {
        return float_to_int<To>(v);
    } else {
        return static_cast<To>(v);
    }
}

// The dtypes whose conversions among each other get a loop of their own for contiguous data (the
// one the compiler vectorizes): what programs convert between (images as uint8 to float, masks,
// indices, float32 <-> float64). In the browser only: a conversion from or to any other dtype runs
// copy_other_pair below; the contiguous loops of all 144 dtype pairs were a sixth of this file's
// share of kiln.wasm, which the page downloads. Natively every pair keeps both loops.
template <typename T>
constexpr bool common_copy_type_v = std::is_same_v<T, bool> || std::is_same_v<T, uint8_t> || std::is_same_v<T, int32_t> ||
                                    std::is_same_v<T, int64_t> || std::is_same_v<T, float> || std::is_same_v<T, double>;
template <typename To, typename From>
constexpr bool contiguous_copy_loop_v =
#ifdef __EMSCRIPTEN__
    common_copy_type_v<To> && common_copy_type_v<From>;
#else
    true;
#endif

#ifdef __EMSCRIPTEN__
// In the browser a conversion between any other pair of dtypes has no loop of its own either: each
// element goes through a wide type that holds every source value exactly (int64 for bool and the
// integers, double for the floating types), so convert<To>(wide) gives what convert<To>(value) does
// (float_to_int and Half's rounding see the same value), and one loop per dtype and direction (48 in
// all) replaces a loop, and the ElementwiseLoop driver around it, for each of the 108 other pairs.
template <typename From>
using wide_of = std::conditional_t<std::is_integral_v<From>, int64_t, double>;
template <typename From>
void load_wide(wide_of<From>* out, const char* p, int64_t stride, int64_t n) {
    for (int64_t i = 0; i < n; ++i) out[i] = convert<wide_of<From>>(*reinterpret_cast<const From*>(p + i * stride));
}
template <typename To, typename W>
void store_wide(char* p, int64_t stride, const W* in, int64_t n) {
    for (int64_t i = 0; i < n; ++i) *reinterpret_cast<To*>(p + i * stride) = convert<To>(in[i]);
}
template <typename W>
void copy_through_wide(const ElementwiseLoop& loop, void (*load)(W*, const char*, int64_t, int64_t),
                       void (*store)(char*, int64_t, const W*, int64_t)) {
    loop.run([=](char** p, const int64_t* s, int64_t n) {
        constexpr int64_t kBlock = 256;
        W buf[kBlock];
        for (int64_t i = 0; i < n; i += kBlock) {
            const int64_t m = std::min(kBlock, n - i);
            load(buf, p[1] + i * s[1], s[1], m);
            store(p[0] + i * s[0], s[0], buf, m);
        }
    });
}
void copy_other_pair(const ElementwiseLoop& loop, DType to, DType from) {
    dispatch_dtype(from, [&](auto from_tag) {
        using From = typename decltype(from_tag)::type;
        using W = wide_of<From>;
        void (*store)(char*, int64_t, const W*, int64_t) = dispatch_dtype(to, [](auto to_tag) {
            using To = typename decltype(to_tag)::type;
            return &store_wide<To, W>;
        });
        copy_through_wide<W>(loop, &load_wide<From>, store);
    });
}
#endif

// Copies src (already broadcast to dst's shape) into dst, converting dtypes. No autograd.
void copy_kernel(const Tensor& dst, const Tensor& src) {
    if (dst.numel() == 0) return;
    // The meta device (PyTorch's copy_ rules): a copy into a meta tensor writes nothing; values cannot
    // leave one (checked before meta mode's shortcut, which would hand back a tensor without them).
    if (dst.is_meta()) return;
    KILN_CHECK(!src.is_meta(), NotImplementedError, "Cannot copy out of meta tensor; no data!");
    if (meta_mode()) {
        mark_meta(dst.impl()->storage.get());
        return;
    }
    if (dst.is_complex() || src.is_complex()) return copy_complex(dst, src, copy_kernel);  // ops/complex.cpp
    if (dst.device() != Device::CPU || src.device() != Device::CPU) return cuda::copy_tensor(dst, src);
    if (dst.dtype() == src.dtype() && dst.is_contiguous() && src.is_contiguous() && dst.sizes() == src.sizes()) {
        // split as every elementwise loop is (ATen's direct copy runs through TensorIterator too): each
        // thread copies the part it wrote in the op before, which is still in its cache
        char* d = static_cast<char*>(dst.data());
        const char* from = static_cast<const char*>(src.data());
        const size_t es = dst.element_size();
        parallel_for(0, dst.numel(), kParallelGrain, [=](int64_t b, int64_t e) {
            std::memcpy(d + size_t(b) * es, from + size_t(b) * es, size_t(e - b) * es);
        });
        return;
    }
    ElementwiseLoop loop = ElementwiseLoop::make({dst, src});
#ifdef __EMSCRIPTEN__
    auto common = [](DType d) {
        return d == DType::Bool || d == DType::UInt8 || d == DType::Int32 || d == DType::Int64 || d == DType::Float32 ||
               d == DType::Float64;
    };
    if (!common(dst.dtype()) || !common(src.dtype())) return copy_other_pair(loop, dst.dtype(), src.dtype());
#endif
    dispatch_dtype(dst.dtype(), [&](auto to_tag) {
        using To = typename decltype(to_tag)::type;
        dispatch_dtype(src.dtype(), [&](auto from_tag) {
            using From = typename decltype(from_tag)::type;
            if constexpr (contiguous_copy_loop_v<To, From>) {  // (the browser's other pairs returned above)
                loop.run([](char** p, const int64_t* s, int64_t n) {
                    if (s[0] == int64_t(sizeof(To)) && s[1] == int64_t(sizeof(From))) {
                        // bool as its byte (0 or 1): GCC's vectorizer has no vector type for bool, so a
                        // mask.float() loop reading bool stayed scalar
                        using RawTo = std::conditional_t<std::is_same_v<To, bool>, uint8_t, To>;
                        using RawFrom = std::conditional_t<std::is_same_v<From, bool>, uint8_t, From>;
                        RawTo* out = reinterpret_cast<RawTo*>(p[0]);
                        const RawFrom* in = reinterpret_cast<const RawFrom*>(p[1]);
                        for (int64_t i = 0; i < n; ++i) {
                            if constexpr (std::is_same_v<To, bool>) out[i] = uint8_t(convert<bool>(in[i]));
                            else out[i] = convert<To>(in[i]);  // a byte 0/1 converts as the bool would
                        }
                    } else {
                        for (int64_t i = 0; i < n; ++i)
                            *reinterpret_cast<To*>(p[0] + i * s[0]) =
                                convert<To>(*reinterpret_cast<const From*>(p[1] + i * s[1]));
                    }
                });
            }
        });
    });
}

}  // namespace

void cuda::cpu_copy(const Tensor& dst, const Tensor& src) { copy_kernel(dst, src); }

void assert_no_internal_overlap(const Tensor& t) {
    for (int64_t d = 0; d < t.dim(); ++d)
        KILN_CHECK(!(t.size(d) > 1 && t.strides()[size_t(d)] == 0), RuntimeError,
                   "unsupported operation: more than one element of the written-to tensor refers to a single memory "
                   "location. Please clone() the tensor before performing the operation.");
}

void assert_no_partial_overlap(const Tensor& a, const Tensor& b) {
    // PyTorch's get_overlap_status: only two dense layouts over one storage are compared (others
    // are "too hard" and pass); the same byte range with the same strides is a full overlap (x.add_(x)).
    if (!a.defined() || !b.defined() || a.is_same(b) || a.numel() == 0 || b.numel() == 0) return;
    if (a.impl()->storage != b.impl()->storage) return;
    if (!non_overlapping_and_dense(a.sizes(), a.strides()) || !non_overlapping_and_dense(b.sizes(), b.strides()))
        return;
    const int64_t a_begin = a.storage_offset() * int64_t(a.element_size());
    const int64_t a_end = a_begin + a.numel() * int64_t(a.element_size());
    const int64_t b_begin = b.storage_offset() * int64_t(b.element_size());
    const int64_t b_end = b_begin + b.numel() * int64_t(b.element_size());
    const bool partial = (a_begin == b_begin && a_end == b_end) ? a.strides() != b.strides()
                                                                : (a_begin < b_end && b_begin < a_end);
    KILN_CHECK(!partial, RuntimeError,
               "unsupported operation: some elements of the input tensor and the written-to tensor refer to a single "
               "memory location. Please clone() the tensor before performing the operation.");
}

Tensor& copy_(Tensor& dst, const Tensor& src) {
    autograd::check_inplace(dst, {src});
    assert_no_internal_overlap(dst);
    assert_no_partial_overlap(dst, src);
    Tensor src_b = src;
    if (src.sizes() != dst.sizes()) {
        // ATen's copy_ is a TensorIterator with dst as an output it may not resize: the shapes
        // broadcast (else "The size of tensor a ..."), and to dst's own shape
        const Shape b = broadcast_shapes(dst.sizes(), src.sizes());
        KILN_CHECK(b == dst.sizes(), RuntimeError, "output with shape ", shape_str(dst.sizes()),
                   " doesn't match the broadcast shape ", shape_str(b));
        src_b = broadcast_to(src.detach(), dst.sizes());
    }
    if (dst.is_same(src)) return dst;
    copy_kernel(dst, src_b);
    dst.bump_version();
    if (autograd::needs_grad({dst, src})) {
        Shape src_shape = src.sizes();
        DType src_dtype = src.dtype();
        Tensor r = empty_like(dst);  // placeholder output: the node's grad flows to dst's history
        auto node = autograd::record("CopyBackwards", {dst, src}, {r}, [src_shape, src_dtype](const autograd::Grads& g) {
            Tensor gs = autograd::sum_to(g[0], src_shape);
            if (gs.dtype() != src_dtype && dtype_is_floating(src_dtype)) gs = to_dtype(gs, src_dtype);
            return autograd::Grads{zeros_like(g[0]), gs};
        });
        autograd::inplace_rebase(dst, r);
    }
    return dst;
}

namespace {
Tensor clone_into(Tensor out, const Tensor& t) {
    copy_kernel(out, t);
    if (autograd::needs_grad({t}))
        autograd::record("CloneBackward0", {t}, {out}, [](const autograd::Grads& g) { return g; });
    return out;
}
}  // namespace

// clone keeps a dense input's strides (memory_format=torch.preserve_format, ops/output_layout.h).
Tensor clone(const Tensor& t) { return clone_into(empty_preserving(t, t.dtype()), t); }

Tensor contiguous(const Tensor& t) {
    return t.is_contiguous() ? t : clone_into(Tensor::empty(t.sizes(), t.dtype(), t.device()), t);
}

Tensor host_contiguous(const Tensor& t, DType dt) {
    autograd::NoGradGuard no_grad;
    return contiguous(to_device(to_dtype(t.detach(), dt), Device::CPU));
}

Tensor contiguous_as(const Tensor& t, MemoryFormat format) {
    KILN_CHECK(format != MemoryFormat::Preserve, RuntimeError,
               "preserve memory format is unsupported by the contiguous operator");
    if (is_contiguous_as(t, format)) return t;
    return clone_into(empty_format(t, t.dtype(), t.device(), format), t);
}

Tensor clone_as(const Tensor& t, MemoryFormat format) {
    return clone_into(empty_format(t, t.dtype(), t.device(), format), t);
}

Tensor to_dtype(const Tensor& t, DType dtype, bool copy) {
    if (t.dtype() == dtype && !copy) return t;
    Tensor out = empty_preserving(t, dtype);  // Tensor.to keeps a dense input's strides
    copy_kernel(out, t);
    if (autograd::needs_grad({t}) && (dtype_is_floating(dtype) || dtype_is_complex(dtype))) {
        DType src = t.dtype();
        autograd::record("ToCopyBackward0", {t}, {out},
                         [src](const autograd::Grads& g) { return autograd::Grads{to_dtype(g[0], src)}; });
    }
    return out;
}

Tensor to_device(const Tensor& t, Device device, std::optional<DType> dtype, bool copy) {
    const DType dt = dtype.value_or(t.dtype());
    if (t.device() == device && t.dtype() == dt && !copy) return t;
    // _to_copy's memory_format=torch.preserve_format: a dense input's strides on any device (a
    // channels-last batch or model stays channels-last through .to("cuda") and .cpu())
    Tensor out = empty_format(t, dt, device, MemoryFormat::Preserve);
    copy_kernel(out, t);
    if (autograd::needs_grad({t}) && (dtype_is_floating(dt) || dtype_is_complex(dt))) {
        const DType src_dtype = t.dtype();
        const Device src_device = t.device();
        autograd::record("ToCopyBackward0", {t}, {out}, [src_dtype, src_device](const autograd::Grads& g) {
            return autograd::Grads{to_device(g[0], src_device, src_dtype)};
        });
    }
    return out;
}

}  // namespace kiln
