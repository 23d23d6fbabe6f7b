// engine/cuda: the pointwise halves of an LSTM layer's recurrence on the GPU (rnn.cu), the kernels a
// cuDNN-style layer (ops/rnn.cpp) launches once per time step between its hidden-projection GEMMs.
// Kept out of cuda.h: only ops/rnn.cpp calls them.
//
// Layouts (contiguous, row-major; B rows of the batch, H hidden units, gates in PyTorch's i, f, g, o
// order along 4H):
//   forward:  gates = xw + hw (+ b_hh broadcast over rows); i, f, o = sigmoid, g = tanh;
//             c = f * c_prev + i * g; h = o * tanh(c); act (B, 4H) keeps i, f, g, o for the backward.
//   backward: from act, c and c_prev, the gradient dh reaching h (dh_rec + dy, dy may be null) and dc
//             reaching c (in dc; overwritten with the gradient of c_prev), writes dgates (B, 4H), the
//             gradient of the pre-activation gates (= of xw and of hw).
#pragma once
#include <cstdint>

namespace kiln::cuda {

void lstm_cell_forward(const void* xw, const void* hw, const void* b_hh, const void* c_prev, void* h, void* c, void* act,
                       uint8_t dtype, int64_t B, int64_t H);
void lstm_cell_backward(const void* act, const void* c, const void* c_prev, const void* dh_rec, const void* dy, void* dc,
                        void* dgates, uint8_t dtype, int64_t B, int64_t H);

}  // namespace kiln::cuda
