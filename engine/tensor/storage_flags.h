// Marks PyTorch keeps on a tensor's memory that Kiln's kernels never read, kept per storage in a
// side table of storage.cpp (so the common Storage layout, included everywhere, stays as it is):
// - inference: the storage was allocated while torch.inference_mode was on. Such tensors are
//   PyTorch's inference tensors, and so are their views and detached aliases (they share the
//   storage); a view made in inference mode of a normal tensor stays normal, as in PyTorch.
// - pinned: Tensor.pin_memory()'s copy (page-locked host memory in PyTorch; Kiln's CUDA copies do
//   not depend on it, so only Tensor.is_pinned() reads the mark).
// - shared: Tensor.share_memory_() was called (PyTorch moves the storage to shared memory for
//   worker processes; Kiln runs DataLoader workers in-process, so only is_shared() reads it).
#pragma once
#include <cstdint>

namespace kiln {

struct Storage;

enum StorageFlag : uint8_t { kStorageInference = 1, kStoragePinned = 2, kStorageShared = 4 };

// The calling thread's inference mode (torch.inference_mode sets it; is_inference_mode_enabled reads it).
bool& inference_mode_flag();
bool storage_has_flag(const Storage* s, StorageFlag f);
void set_storage_flag(const Storage* s, StorageFlag f);

// PyTorch's VariableVersion::bump check: an inference tensor has no version counter, so an in-place
// change of one outside inference mode raises "Inplace update to inference tensor outside
// InferenceMode is not allowed..." (after the kernel wrote, as PyTorch's ADInplaceOrView kernel
// bumps the version once the op ran). Tensor::bump_version calls it; cheap while no storage is marked.
void check_inference_inplace(const Storage* s);
// SavedVariable's check: an inference tensor cannot be saved for backward (autograd::SavedTensor).
void check_inference_not_saved(const Storage* s);

}  // namespace kiln
