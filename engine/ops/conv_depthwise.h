// Depthwise convolutions on the CPU by direct loops (ops/conv.cpp dispatches here).
//
// A depthwise convolution (groups == in_channels: one input channel per group, as MobileNet's and
// EfficientNet's 3x3 / 5x5 layers and ConvNeXt's 7x7 ones are) has a reduction of only kh * kw
// products per output element. As a GEMM per group it is a 1 x (kh*kw) by (kh*kw) x pixels product:
// the im2col copy costs more than the arithmetic and the GEMM has one row, which ran MobileNetV2's
// depthwise layers at 1.5-3 GFLOP/s on one core. Here each input plane is copied once, zero-padded,
// into a grid of row width Wq (for stride s: split into s x s phases, phase (a, b) holding the padded
// input's rows a, a + s, ... and columns b, b + s, ..., so that every tap reads its phase at a fixed
// offset). On that grid a kernel tap is one contiguous fused multiply-add of the whole phase, shifted
// by the tap's offset, into the output laid out with the same row width: a loop over all output rows
// at once, whatever the plane's width (MobileNet's late 4x4 planes included), which the compiler
// vectorizes. The columns past OW in each grid row are computed and dropped (2 of 6 for a padded 4x4
// plane; 2 of 34 for a 32x32 one). oneDNN's depthwise kernels, which PyTorch's CPU convolutions run,
// likewise loop over taps directly instead of forming columns.
//
// Each output element sums its taps in (i, j) order by fused multiply-adds from zero, then adds the
// bias (then the residual and ReLU of a fused epilogue), as the GEMM path's element does.
// The backward pass uses the same grid (the output gradient laid on it with zeros in the dropped
// columns): the input gradient adds each tap's product into the padded phases, then crops them; the
// weight gradient is, per tap, one dot product of the gradient grid with the tap's shifted phase over
// every sample, summed in 16 independent lanes (a fixed order) and added in lane order at the end.
// Channel multipliers (out_channels = k * in_channels, groups == in_channels) are served too: output
// channel co reads input channel co / k.
#pragma once

#include <cstdint>

namespace kiln {

struct DepthwiseGeom {
    int64_t N, C;   // samples; input channels (= groups)
    int64_t mult;   // output channels per input channel (Coutg)
    int64_t H, W, OH, OW;
    int64_t kh, kw, sh, sw, ph, pw, dh, dw;
};

// y[N, C * mult, OH, OW] (contiguous) from x[N, C, H, W] and w[C * mult, 1, kh, kw]; b: a bias per
// output channel or null; relu / other: the fused epilogue (y = relu(conv + b + other)).
template <typename T>
void depthwise_conv_forward(const T* x, const T* w, const T* b, T* y, const DepthwiseGeom& g, bool relu,
                            const T* other);

// gx[N, C, H, W] (overwritten) and gw[C * mult, 1, kh, kw] (overwritten) from the output gradient gy;
// either may be null (not wanted).
template <typename T>
void depthwise_conv_backward(const T* x, const T* w, const T* gy, T* gx, T* gw, const DepthwiseGeom& g);

}  // namespace kiln
