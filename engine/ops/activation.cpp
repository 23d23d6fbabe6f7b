// Activations as PyTorch's CPU dispatch computes them (see ops.h, activation.cpp section).
#include <algorithm>
#include <cmath>

#include "autograd/grad_mode.h"
#include "ops/gelu_forward.h"
#include "ops/ops.h"
#include "ops/pointwise_math.h"
#include "tensor/meta.h"
#include "tensor/parallel.h"

namespace kiln {

namespace {

namespace pw = kiln::pw;

// oneDNN jit_uni_eltwise_injector_f32::gelu_erf_compute_vector_fwd, one lane.
float gelu_erf_onednn(float s) {
    const float c = 0.707106769f;  // 1/sqrt(2) as a float
    const float x = s * c;
    const float a = std::fabs(x);
    const float t = 1.0f / std::fmaf(0.3275911f, a, 1.0f);
    const float e = -pw::exp(-(x * x)) * t;
    float r = std::fmaf(1.061405429f, t, -1.453152027f);
    r = std::fmaf(r, t, 1.421413741f);
    r = std::fmaf(r, t, -0.284496736f);
    r = std::fmaf(r, t, 0.254829592f);
    float erf = std::fmaf(e, r, 1.0f);
    if (std::signbit(x)) erf = -erf;
    const float half_s = x * c;
    return std::fmaf(erf, half_s, half_s);
}

}  // namespace

Tensor gelu_cpu(const Tensor& x, const std::string& approximate) {
    // The oneDNN form is what PyTorch's CPU kernel computes; on the GPU the plain erf form stands,
    // and in WebAssembly too: it has no fused multiply-add, and musl's fmaf is a call per element
    // that kept this loop scalar (28 ms for 2^20 floats in V8, against 2.9 for the vectorized erf
    // form; an exact fmaf emulated in double still took 24). The two forms agree within a few ulp.
#if defined(__wasm__)
    constexpr bool onednn_form = false;
#else
    constexpr bool onednn_form = true;
#endif
    // One pass: the oneDNN values are written straight into the output (gelu's generic kernel used to
    // run first and be overwritten, two passes: 9% of a GPT forward). Non-finite inputs keep gelu's
    // plain formula (oneDNN's form is not defined there), the expression of ops/pointwise.def's gelu.
    auto forward = [](const Tensor& in, Tensor& out) {
        if (!onednn_form || meta_mode() || in.device() != Device::CPU || in.dtype() != DType::Float32 ||
            !in.is_contiguous() || in.numel() <= 1)
            return false;
        out = Tensor::empty(in.sizes(), DType::Float32, Device::CPU);
        const float* src = in.data_ptr<float>();
        float* dst = out.data_ptr<float>();
        // pw::exp (within 1.02 ulp of e^x, as oneDNN's own exp approximation is close to it) keeps
        // this loop vectorized; with std::exp, a libm call, one thread took 35 ms for 4M floats, 45x
        // the vectorized gelu it corrects (now 1.3 ms on two threads).
        // The oneDNN form over every value, then, in a block of 1024 that holds a non-finite value
        // (rare; a vectorized test finds them), those values again by the plain formula: a select
        // between both forms in one loop computed both everywhere (the loop was 3.6% of an eager
        // GPT training step, now about half). gelu_erf_onednn keeps one call site, so it inlines.
        parallel_for(0, in.numel(), kParallelGrain, [src, dst](int64_t b, int64_t e) {
            for (int64_t c = b; c < e; c += 1024) {
                const int64_t ce = std::min(e, c + 1024);
                int bad = 0;
                KILN_SIMD_REDUCE(|, bad)
                for (int64_t i = c; i < ce; ++i) bad |= std::isfinite(src[i]) ? 0 : 1;
                KILN_SIMD
                for (int64_t i = c; i < ce; ++i) dst[i] = gelu_erf_onednn(src[i]);
                if (bad)
                    for (int64_t i = c; i < ce; ++i)
                        if (!std::isfinite(src[i]))
                            dst[i] = src[i] * 0.5f * (1.0f + pw::erf(src[i] * float(0.70710678118654752440)));
            }
        });
        return true;
    };
    return gelu_with_forward(x, approximate, forward);
}

}  // namespace kiln
