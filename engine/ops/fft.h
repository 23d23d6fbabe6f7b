// ATen's FFT primitives, which torch.fft's functions are compositions of (ops/fft.cpp):
// normalization 0 none, 1 by 1/sqrt(n), 2 by 1/n (ATen's fft_norm_mode), n the product of the
// transformed sizes (of the output's, for c2r). Mixed-radix FFTs in double precision, on the host.
#pragma once
#include <vector>

#include "tensor/tensor.h"

namespace kiln {

Tensor fft_c2c(const Tensor& x, const std::vector<int64_t>& dims, int64_t normalization, bool forward);
Tensor fft_r2c(const Tensor& x, const std::vector<int64_t>& dims, int64_t normalization, bool onesided);
Tensor fft_c2r(const Tensor& x, const std::vector<int64_t>& dims, int64_t normalization, int64_t last_dim_size);

}  // namespace kiln
