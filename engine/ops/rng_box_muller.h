// The Box-Muller step of PyTorch's CPU normal_fill (ATen/native/cpu/DistributionTemplates.h): a block
// of 16 uniforms in [0, 1) becomes 16 normals, element j and j + 8 from the pair (1 - u[j], u[j + 8]),
// with PyTorch's arithmetic for each dtype so randn's values are PyTorch's bit for bit:
//   - float32: normal_fill_16_AVX2, the kernel x86-64 wheels run (the Cephes-style log and sincos of
//     avx_mathfun.h, 8 lanes, fused multiply-adds where GCC contracts the intrinsics' mul + add),
//     emulated lane by lane in portable float arithmetic (the browser build gives the same bits);
//   - float64: the scalar normal_fill_16 with libm's log / cos / sin and the scaling fused;
//   - float16 / bfloat16: the scalar one in c10::Half / BFloat16 arithmetic (every step rounded to
//     the 16-bit type, as c10's operators and math overloads round it).
// rng_box_muller.cpp is compiled with -ffp-contract=off: its only fused multiply-adds are the
// explicit std::fma calls.
#pragma once

#include "tensor/dtype.h"

namespace kiln::rng {

void box_muller16(float* data, float mean, float std);
void box_muller16(double* data, double mean, double std);
void box_muller16(Half* data, Half mean, Half std);
void box_muller16(BFloat16* data, BFloat16 mean, BFloat16 std);

}  // namespace kiln::rng
