// cuDNN as one candidate for the GPU convolutions (cudnn.cpp), beside Kiln's own kernels (im2col +
// cuBLAS in ops/conv.cpp, the implicit GEMMs of cuda/conv_igemm.cu). PyTorch's eager CUDA convolutions
// are cuDNN's; where a machine has cuDNN 9 (libcudnn.so.9 found by dlopen at the first convolution,
// and cudnn_graph.h present when Kiln was built), Kiln calls it the way PyTorch's Conv_v8.cpp does:
// a one-node operation graph over NC(D)HW tensors and an (out, in/groups, k...) filter,
// cross-correlation, engines from the instant heuristics filtered by the flags (no TF32 engines for
// float32 when torch.backends.cudnn.allow_tf32 is False, only deterministic ones under
// torch.backends.cudnn.deterministic or torch.use_deterministic_algorithms), timed under
// torch.backends.cudnn.benchmark, an execution plan cached per shape. Without cuDNN, or
// with torch.backends.cudnn.enabled = False or KILN_CUDNN=0 in the environment, every call answers
// false and Kiln's own kernels run: they are always there. Which convolutions are offered to cuDNN
// is ops/conv.cpp's choice (use_cudnn).
//
// Host-only declarations (no CUDA types): ops/conv.cpp includes this in every build.
#pragma once
#include <cstdint>

namespace kiln::cuda::cudnn {

// A convolution's geometry: contiguous NC(D)HW input and output, (Cout, C/groups, [kd,] kh, kw) weight.
// A 2-d convolution has spatial == 2 and the depth fields unused.
struct ConvShape {
    int spatial = 2;
    int64_t N = 0, C = 0, D = 1, H = 0, W = 0, Cout = 0, groups = 1;
    int64_t kd = 1, kh = 0, kw = 0, sd = 1, sh = 1, sw = 1, pd = 0, ph = 0, pw = 0, dd = 1, dh = 1, dw = 1;
    int64_t OD = 1, OH = 0, OW = 0;
    uint8_t dtype = 4;  // the engine's DType code: 2 float16, 3 bfloat16, 4 float32, 5 float64
    // x, w and y all dense in channels-last order (N(D)HWC strides) rather than row-major NC(D)HW
    bool channels_last = false;
};

bool available();   // the library loads (torch.backends.cudnn.is_available())
int64_t version();  // cudnnGetVersion(), e.g. 91400; 0 when not available

// torch.backends.cudnn's switches (enabled is True, benchmark and deterministic False by default).
void set_enabled(bool on);
bool enabled();
void set_benchmark(bool on);
bool benchmark();
void set_deterministic(bool on);
bool deterministic();
// torch.use_deterministic_algorithms(True) asks cuDNN for deterministic algorithms too.
void set_deterministic_algorithms(bool on);

// y = conv(x, w); gx = the input gradient for gy; gw = the weight gradient (overwritten). Device
// pointers of contiguous tensors of s.dtype. false: cuDNN is not used here (not available, disabled,
// a size past its int32 indexing, no algorithm): the caller runs Kiln's kernels. A cuDNN failure
// while running raises RuntimeError("cuDNN error: CUDNN_STATUS_...") as PyTorch does.
bool forward(const ConvShape& s, const void* x, const void* w, void* y);
bool backward_data(const ConvShape& s, const void* gy, const void* w, void* gx);
bool backward_filter(const ConvShape& s, const void* x, const void* gy, void* gw);

}  // namespace kiln::cuda::cudnn
