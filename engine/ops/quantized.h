// Dynamic int8 quantization of a linear layer: what torch.ao.quantization.quantize_dynamic puts in
// place of nn.Linear, following PyTorch's x86 (fbgemm) arithmetic step by step.
//
// Once, when the model is quantized, the weight W (out x in, float) becomes int8 with one scale for
// the whole tensor and zero point 0 (PyTorch's default weight observer for qint8 is symmetric):
//     s_w = max(|min W|, |max W|) / 127.5   (float32; at least float32's eps)
//     q_w = clamp(round_half_even(W * (1 / s_w)), -128, 127)
// On every call the activations x are quantized to uint8 with parameters chosen from this call's
// min and max (reduce_range: 7 bits, 0..127, which leaves headroom in fbgemm's int16 paths):
//     s_x = (max(x_max, 0) - min(x_min, 0)) / 127       (computed in double, used as float)
//     z_x = round(0 - min / s_x), nudged into [0, 127]
//     q_x = clamp(round_half_even(fma(x, 1 / s_x, z_x)), 0, 255)
// then an integer GEMM accumulates in int32,
//     acc[m][n] = sum_k (q_x[m][k] - z_x) * q_w[n][k],
// and the result is dequantized to float: y = float(acc) * (s_x * s_w) + bias, rounding after the
// multiply and after the add, as fbgemm's AVX2 output stage does. Checked against PyTorch 2.11's
// default x86 engine: equal to the last bit on every output of a 13-input, 6-output layer over
// three batches of inputs (48 values).
//
// defines: QuantizedWeight, ActivationQuant, quantize_weight_qint8, choose_activation_qparams,
//          quantize_activations, gemm_u8s8s32, quantized_linear_dynamic, dequantize_weight
#pragma once
#include <cstdint>
#include <vector>

#include "tensor/tensor.h"

namespace kiln {

// A linear layer's weight as int8, row-major (out_features x in_features), per-tensor affine.
struct QuantizedWeight {
    std::vector<int8_t> data;
    int64_t out_features = 0, in_features = 0;
    float scale = 1.0f;
    int64_t zero_point = 0;
};

// The parameters chosen for one call's activations.
struct ActivationQuant {
    float scale = 1.0f;
    int32_t zero_point = 0;
};

// The symmetric qint8 quantization of a 2-d float weight (float16/bfloat16/float64 are read as float).
QuantizedWeight quantize_weight_qint8(const Tensor& weight);
// uint8 parameters for values in [min, max] (fbgemm's ChooseQuantizationParams, qmin 0, qmax 255,
// halved when reduce_range).
ActivationQuant choose_activation_qparams(float min, float max, bool reduce_range = true);
// x (n values) -> uint8 with the given parameters.
void quantize_activations(const float* x, int64_t n, const ActivationQuant& q, uint8_t* out);
// C[m][n] = sum_k (A[m][k] - a_zero_point) * B[n][k]: A is M x K uint8, B is N x K int8 (a linear
// layer's weight, not transposed), C is M x N int32; all row-major and contiguous.
void gemm_u8s8s32(int64_t M, int64_t N, int64_t K, const uint8_t* A, int32_t a_zero_point, const int8_t* B,
                  int32_t* C);
// The dynamically quantized linear layer: x (..., in_features) float -> (..., out_features) float32.
// `bias` is an undefined Tensor or a float vector of out_features values.
Tensor quantized_linear_dynamic(const Tensor& x, const QuantizedWeight& w, const Tensor& bias, bool reduce_range = true);
// The float32 weight the int8 values stand for: (q - zero_point) * scale.
Tensor dequantize_weight(const QuantizedWeight& w);

}  // namespace kiln
