// Storage: the bytes behind one or more tensors (a tensor and all its views share one Storage).
//
// Memory comes from a small caching allocator: freed blocks of 64 KiB or more are kept in size
// classes and handed out again, so eager code that allocates a fresh output per op does not pay
// the kernel's page-zeroing on every call (PyTorch's CUDA allocator caches for the same reason).
// Blocks are 64-byte aligned for vector loads. The version counter counts in-place writes; autograd
// uses it to detect a saved tensor that was modified before backward.
#pragma once
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

namespace kiln {

enum class Device : uint8_t { CPU, CUDA };
const char* device_name(Device d);  // "cpu", "cuda"

struct Storage {
    void* data = nullptr;
    size_t nbytes = 0;
    Device device = Device::CPU;
    uint64_t version = 0;
    bool meta = false;  // written in meta mode (tensor/meta.h): the bytes are not the values
    // Allocated in meta mode on the CPU: address space of its own, outside the caching allocator and
    // the memory cap (see Storage::allocate).
    bool meta_reserved = false;

    static std::shared_ptr<Storage> allocate(size_t nbytes, Device device = Device::CPU);
    ~Storage();
};

// Statistics of the CPU caching allocator, for benchmarks and the playground's memory panel.
struct AllocatorStats {
    size_t bytes_in_use = 0;
    size_t bytes_cached = 0;
    size_t peak_bytes_in_use = 0;
};
AllocatorStats cpu_allocator_stats();
void cpu_allocator_empty_cache();
// A cap on CPU tensor bytes in use (0: none). An allocation over it throws kiln::Error of kind
// MemoryError; the VM sets it from --max-tensor-mb / the embedding API so that programs in the
// browser cannot exhaust memory.
// The cap on CPU tensor memory in use (0: none), with how the user raises it (the end of the
// MemoryError's message: a CLI flag, a playground slider).
void set_cpu_memory_limit(size_t bytes, std::string hint = "raise it with --max-tensor-mb N");
size_t cpu_memory_limit();
std::string cpu_memory_limit_hint();
// Raises the cap's MemoryError when a request of `nbytes` alone is over the cap (nothing without one).
void check_memory_cap(uint64_t nbytes);

}  // namespace kiln
