// engine/cuda: torch.cuda.set_sync_debug_mode (runtime.cu). In "warn" (1) or "error" (2) mode every
// operation that makes the host wait for the GPU to read a result (a copy to the host: .item(),
// .tolist(), .cpu(), printing) calls the hook the bindings installed first, which warns or raises
// PyTorch's "called a synchronizing CUDA operation". A learner finds the waits in a training step
// this way, as PyTorch users do; the tests use it to prove a step has none.
#pragma once

namespace kiln::cuda {

void set_sync_debug_mode(int mode);  // 0 default, 1 warn, 2 error
int sync_debug_mode();
// Called with the mode before a synchronizing operation when the mode is not 0; may throw.
void set_sync_hook(void (*hook)(int mode));

}  // namespace kiln::cuda
