// engine/cuda in a build without the CUDA toolkit (KILN_WITH_CUDA=OFF, the web and sanitize builds):
// torch.cuda.is_available() is False and making a CUDA tensor raises PyTorch's message. No CUDA
// tensor can exist here, so the kernel entry points are never reached; they raise all the same.
#include "cuda/cuda.h"
#include "cuda/backward.h"
#include "cuda/batch_norm.h"
#include "cuda/nll_loss.h"
#include "cuda/index_check.h"
#include "cuda/memory_stats.h"
#include "cuda/optim.h"
#include "cuda/rnn.h"
#include "cuda/sync_debug.h"
#include "support/error.h"

namespace kiln::cuda {

namespace {
[[noreturn]] void fail() { KILN_FAIL(RuntimeError, "Torch not compiled with CUDA enabled"); }
}  // namespace

bool built() { return false; }
bool is_available() { return false; }
int device_count() { return 0; }
const char* device_name() { return ""; }
void synchronize() { fail(); }
void* allocate(size_t) { fail(); }
void release(void*, size_t) {}
AllocatorStats allocator_stats() { return {}; }
void reset_peak_stats() {}
size_t peak_bytes_reserved() { return 0; }
void empty_cache() {}
void memcpy(void*, const void*, size_t, CopyKind) { fail(); }
void copy_async(void*, const void*, size_t) { fail(); }
struct Graph {};
std::shared_ptr<Graph> record_graph(const std::function<void()>&) { fail(); }
void replay(const Graph&) { fail(); }
bool recording() { return false; }
void set_allow_tf32(bool) {}
bool allow_tf32() { return false; }
void set_conv_allow_tf32(bool) {}
bool conv_allow_tf32() { return true; }
void unary(Unary, const Geometry&, const Operand&, const Operand&, Param, Param) { fail(); }
void binary(Binary, const Geometry&, const Operand&, const Operand&, const Operand&, Param) { fail(); }
void ternary(Ternary, const Geometry&, const Operand&, const Operand&, const Operand&, const Operand&, Param) { fail(); }
void copy(const Geometry&, const Operand&, const Operand&) { fail(); }
void fill(void*, uint8_t, int64_t, Param) { fail(); }
void gather(const Geometry&, const Operand&, const Operand&, const Operand&, int64_t) { fail(); }
void scatter_add(const Geometry&, const Operand&, const Operand&, const Operand&, int64_t) { fail(); }
void reduce_sum(const ReduceGeometry&, const void*, uint8_t, void*, uint8_t, double) { fail(); }
void reduce_extreme(bool, const ReduceGeometry&, const void*, uint8_t, void*, int64_t*) { fail(); }
void softmax(bool, const void*, void*, uint8_t, int64_t, int64_t, int64_t) { fail(); }
void layer_norm(const void*, const void*, const void*, void*, void*, void*, uint8_t, int64_t, int64_t, double) { fail(); }
bool attention_supported(uint8_t, int64_t, int64_t) { return false; }
void attention(const Attention&) { fail(); }
bool attention_backward_supported(uint8_t, int64_t, int64_t) { return false; }
void attention_backward(const AttentionBackward&) { fail(); }
void im2col(const void*, void*, uint8_t, const Window2d&, int64_t) { fail(); }
void col2im(const void*, void*, uint8_t, const Window2d&, int64_t) { fail(); }
bool conv2d_igemm_forward(const float*, const float*, const float*, float*, const Window2d&, int64_t, int64_t, int64_t) {
    return false;
}
int64_t conv2d_igemm_weight_grad_splits(const Window2d&, int64_t, int64_t, int64_t) { return 0; }
bool conv2d_igemm_weight_grad(const float*, const float*, float*, float*, int64_t, const Window2d&, int64_t, int64_t,
                              int64_t) {
    return false;
}
void max_pool2d(const void*, void*, int64_t*, uint8_t, const Window2d&, int64_t) { fail(); }
void max_pool2d_nhwc(const void*, void*, int64_t*, uint8_t, const Window2d&, int64_t) { fail(); }
void gather_checked(const Geometry&, const Operand&, const Operand&, const Operand&, int64_t, int64_t, const char*) {
    fail();
}
void scatter_add_checked(const Geometry&, const Operand&, const Operand&, const Operand&, int64_t, int64_t, const char*) {
    fail();
}
void raise_pending_index_error() {}
void set_sync_debug_mode(int) { fail(); }
int sync_debug_mode() { fail(); }
void set_sync_hook(void (*)(int)) {}
void gelu_backward(const void*, const void*, void*, uint8_t, int64_t, bool) { fail(); }
void batch_norm_forward(const BatchNormForward&) { fail(); }
void batch_norm_backward(const BatchNormBackward&) { fail(); }
void nll_loss_forward(const NllLoss&, void*, void*) { fail(); }
void nll_loss_backward(const NllLoss&, const void*, const void*, void*) { fail(); }
void layer_norm_backward(const void*, const void*, const void*, const void*, const void*, void*, void*, uint8_t, int64_t,
                         int64_t) {
    fail();
}
void lstm_cell_forward(const void*, const void*, const void*, const void*, void*, void*, void*, uint8_t, int64_t, int64_t) {
    fail();
}
void lstm_cell_backward(const void*, const void*, const void*, const void*, const void*, void*, void*, uint8_t, int64_t,
                        int64_t) {
    fail();
}
void sgd_multi_tensor(const std::vector<float*>&, const std::vector<const float*>&, const std::vector<float*>&,
                      const std::vector<uint8_t>&, const std::vector<int64_t>&, const SgdUpdate&) {
    fail();
}
void adam_multi_tensor(const std::vector<float*>&, const std::vector<const float*>&, const std::vector<float*>&,
                       const std::vector<float*>&, const std::vector<float*>&, const std::vector<double>&,
                       const std::vector<double>&, const std::vector<int64_t>&, const AdamUpdate&) {
    fail();
}
void max_pool2d_backward(const void*, const int64_t*, void*, uint8_t, int64_t, int64_t, int64_t) { fail(); }
void random_fill(void*, uint8_t, int64_t, const RandomFill&, const Philox&) { fail(); }
Philox graph_philox(uint64_t) { fail(); }
uint64_t graph_rng_increment(const Graph&) { return 0; }
void set_graph_rng(const Graph&, uint64_t, uint64_t) { fail(); }
void gemm(const Gemm&) { fail(); }
bool gemm_bias(const Gemm&, const void*) { fail(); }
double benchmark_ms(const std::function<void()>&, int) { fail(); }
void set_gemm_autotune(bool) {}
std::vector<GemmTuning> take_gemm_tunings() { return {}; }
int gemm_table_size() { return 0; }
void clear_gemm_table() {}

}  // namespace kiln::cuda
