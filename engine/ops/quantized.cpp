// Dynamic int8 linear: weight quantization, per-call activation quantization, the uint8 x int8 GEMM
// with int32 accumulation, and the float output stage (see quantized.h for the arithmetic).
//
// Every rounding is placed where fbgemm places it, so Kiln's results can be compared with
// PyTorch's bit for bit on the same inputs: the scale of the activations is chosen in double and
// used as float, quantization multiplies by the float reciprocal of the scale, and the output is
// rounded once after the multiply by s_x * s_w and once after adding the bias. The integer part is
// exact (an int32 cannot overflow: K is checked), so the GEMM's summation order does not matter.
#include "ops/quantized.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "ops/ops.h"
#include "support/error.h"
#include "tensor/parallel.h"

namespace kiln {

namespace {

// (255 * 128) * K must fit in an int32 accumulator.
constexpr int64_t kMaxK = std::numeric_limits<int32_t>::max() / (255 * 128);

// fbgemm's cutoff for tiny activation scales (the smallest normal float16).
constexpr float kSmallScale = 6.1e-5f;

Tensor float_contiguous(const Tensor& t) { return contiguous(to_dtype(t.detach(), DType::Float32)); }

}  // namespace

QuantizedWeight quantize_weight_qint8(const Tensor& weight) {
    KILN_CHECK(weight.defined() && weight.dim() == 2, RuntimeError,
               "quantize_dynamic: a Linear weight must be 2-dimensional");
    KILN_CHECK(weight.is_floating_point(), RuntimeError, "quantize_dynamic: a Linear weight must be floating point");
    Tensor w = float_contiguous(weight);
    const float* p = w.data_ptr<float>();
    const int64_t n = w.numel();
    QuantizedWeight q;
    q.out_features = w.size(0);
    q.in_features = w.size(1);
    q.data.resize(size_t(n));
    if (n == 0) return q;  // an observer that saw nothing keeps scale 1, zero point 0
    float lo = p[0], hi = p[0];
    for (int64_t i = 0; i < n; ++i) {
        KILN_CHECK(std::isfinite(p[i]), RuntimeError, "quantize_dynamic: the weight holds inf or nan values");
        lo = std::min(lo, p[i]);
        hi = std::max(hi, p[i]);
    }
    // Symmetric: the larger magnitude of the range (which includes 0) maps to 127.5 steps.
    float bound = std::max(-std::min(lo, 0.0f), std::max(hi, 0.0f));
    float scale = bound / 127.5f;
    q.scale = std::max(scale, std::numeric_limits<float>::epsilon());
    const float inv = 1.0f / q.scale;
    for (int64_t i = 0; i < n; ++i) {
        float r = std::nearbyint(p[i] * inv);  // ties to even: the default rounding mode
        q.data[size_t(i)] = int8_t(std::clamp(r, -128.0f, 127.0f));
    }
    return q;
}

ActivationQuant choose_activation_qparams(float min, float max, bool reduce_range) {
    // inf or nan would make the scale and zero point meaningless (and their conversions undefined).
    KILN_CHECK(std::isfinite(min) && std::isfinite(max), RuntimeError,
               "quantized linear: the input holds inf or nan values");
    KILN_CHECK(min <= max, RuntimeError, "In ChooseQuantizationParams, min should be less than or equal to max");
    int32_t qmin = 0, qmax = 255;
    if (reduce_range) {
        qmin /= 2;
        qmax /= 2;
    }
    // The range must contain 0, so that 0 is exactly representable.
    min = std::min(min, 0.0f);
    max = std::max(max, 0.0f);
    double scale = (double(max) - min) / double(qmax - qmin);
    // A zero or subnormal-reciprocal scale would break the reciprocal multiply below.
    if (float(scale) == 0.0f || std::isinf(1.0f / float(scale))) scale = 0.1;
    if (scale < kSmallScale) {
        float old = float(scale);
        scale = kSmallScale;
        if (min == 0.0f) {
            max = kSmallScale * float(qmax - qmin);
        } else if (max == 0.0f) {
            min = -kSmallScale * float(qmax - qmin);
        } else {
            float amplifier = kSmallScale / old;
            min *= amplifier;
            max *= amplifier;
        }
    }
    // The zero point from whichever end of the range gives the smaller rounding error, then made an
    // integer inside [qmin, qmax].
    double from_min = qmin - min / scale;
    double from_max = qmax - max / scale;
    double from_min_error = std::abs(double(qmin)) - std::abs(min / scale);
    double from_max_error = std::abs(double(qmax)) - std::abs(max / scale);
    double zero = from_min_error < from_max_error ? from_min : from_max;
    ActivationQuant q;
    q.scale = float(scale);
    if (zero < qmin) q.zero_point = qmin;
    else if (zero > qmax) q.zero_point = qmax;
    else q.zero_point = int32_t(std::nearbyint(zero));
    return q;
}

void quantize_activations(const float* x, int64_t n, const ActivationQuant& q, uint8_t* out) {
    const float inv = 1.0f / q.scale;
    const float zero = float(q.zero_point);
    for (int64_t i = 0; i < n; ++i) {
        // One rounding for x * inv + zero (a fused multiply-add, as fbgemm's vector loop computes it).
        float t = std::fma(x[i], inv, zero);
        if (std::isnan(t)) t = 0.0f;  // (only a nan input gets here; never cast a nan to an integer)
        out[i] = uint8_t(std::nearbyint(std::clamp(t, 0.0f, 255.0f)));
    }
}

void gemm_u8s8s32(int64_t M, int64_t N, int64_t K, const uint8_t* A, int32_t a_zero_point, const int8_t* B,
                  int32_t* C) {
    KILN_CHECK(K <= kMaxK, RuntimeError, "quantized linear: ", K, " input features overflow the int32 accumulator (at most ",
               kMaxK, ")");
    // sum_k (a - z) * b = sum_k a * b - z * sum_k b: the column sums of B are computed once.
    std::vector<int32_t> col_sums(size_t(N), 0);
    for (int64_t n = 0; n < N; ++n) {
        int32_t s = 0;
        for (int64_t k = 0; k < K; ++k) s += B[n * K + k];
        col_sums[size_t(n)] = s;
    }
    // Rows across threads; a row costs N * K multiply-adds.
    parallel_for(0, M, grain_for(N * K), [&](int64_t m0, int64_t m1) {
        for (int64_t m = m0; m < m1; ++m) {
            const uint8_t* a = A + m * K;
            for (int64_t n = 0; n < N; ++n) {
                const int8_t* b = B + n * K;
                int32_t acc = 0;
                for (int64_t k = 0; k < K; ++k) acc += int32_t(a[k]) * int32_t(b[k]);
                C[m * N + n] = acc - a_zero_point * col_sums[size_t(n)];
            }
        }
    });
}

Tensor quantized_linear_dynamic(const Tensor& x, const QuantizedWeight& w, const Tensor& bias, bool reduce_range) {
    KILN_CHECK(x.dim() >= 2, RuntimeError, "The dimension of input tensor should be larger than or equal to 2");
    KILN_CHECK(x.dtype() == DType::Float32, RuntimeError, "expected scalar type Float but found ",
               dtype_scalar_type_name(x.dtype()));
    const int64_t K = x.size(-1), N = w.out_features;
    KILN_CHECK(K == w.in_features, RuntimeError, "The number of rows in the packB should be equal to K: ", K);
    Tensor xc = float_contiguous(x);
    int64_t M = 1;  // the rows: every dimension but the last
    for (int64_t d = 0; d + 1 < x.dim(); ++d) M *= x.size(d);
    const float* xp = xc.data_ptr<float>();

    // This call's activation range (an empty input gets [0, 0]); a nan is reported, not skipped.
    float lo = 0.0f, hi = 0.0f;
    if (xc.numel() > 0) {
        lo = hi = xp[0];
        for (int64_t i = 0; i < xc.numel(); ++i) {
            if (std::isnan(xp[i])) lo = hi = xp[i];
            if (std::isnan(lo)) break;
            lo = std::min(lo, xp[i]);
            hi = std::max(hi, xp[i]);
        }
    }
    ActivationQuant aq = choose_activation_qparams(lo, hi, reduce_range);
    std::vector<uint8_t> qx(size_t(xc.numel()));
    quantize_activations(xp, xc.numel(), aq, qx.data());
    std::vector<int32_t> acc(size_t(M * N));
    gemm_u8s8s32(M, N, K, qx.data(), aq.zero_point, w.data.data(), acc.data());

    Shape out_sizes = x.sizes();
    out_sizes.back() = N;
    Tensor out = Tensor::empty(out_sizes, DType::Float32);
    float* op = out.data_ptr<float>();
    const float multiplier = aq.scale * w.scale;
    Tensor b;
    if (bias.defined()) {
        KILN_CHECK(bias.dim() == 1 && bias.size(0) == N, RuntimeError, "bias should have N elements: ", N);
        b = float_contiguous(bias);
    }
    const float* bp = b.defined() ? b.data_ptr<float>() : nullptr;
    for (int64_t m = 0; m < M; ++m)
        for (int64_t n = 0; n < N; ++n) {
            // Two statements: the product rounded to float before the bias is added (GCC may still fuse
            // them into one fma where the target has it: -ffp-contract=fast is its default).
            float y = float(acc[size_t(m * N + n)]) * multiplier;
            if (bp) y = y + bp[n];
            op[m * N + n] = y;
        }
    return out;
}

Tensor dequantize_weight(const QuantizedWeight& w) {
    Tensor out = Tensor::empty({w.out_features, w.in_features}, DType::Float32);
    float* p = out.data_ptr<float>();
    for (size_t i = 0; i < w.data.size(); ++i) p[i] = float(int64_t(w.data[i]) - w.zero_point) * w.scale;
    return out;
}

}  // namespace kiln
