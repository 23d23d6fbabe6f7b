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

// The devices a tensor's storage lives on, declared once: (enumerator, PyTorch's device type name).
// Meta is PyTorch's meta device: a tensor with sizes, strides and dtype but no data; ops on it
// compute only their results' metadata (tensor/meta.h).
#define KILN_DEVICES(X) \
    X(CPU, "cpu")       \
    X(CUDA, "cuda")     \
    X(Meta, "meta")
#define KILN_DEVICE_ENUM(e, name) e,
enum class Device : uint8_t { KILN_DEVICES(KILN_DEVICE_ENUM) };
#undef KILN_DEVICE_ENUM
#define KILN_DEVICE_COUNT(e, name) +1
constexpr int kNumDevices = 0 KILN_DEVICES(KILN_DEVICE_COUNT);
#undef KILN_DEVICE_COUNT
const char* device_name(Device d);  // "cpu", "cuda", "meta"
// The device of a PyTorch device type name ("cpu", "cuda", "meta"); false for another name.
bool device_from_name(const std::string& name, Device* out);

struct Storage {
    void* data = nullptr;
    size_t nbytes = 0;
    Device device = Device::CPU;
    uint64_t version = 0;
    // written in meta mode (tensor/meta.h), or on the meta device: the bytes are not the values
    bool meta = false;
    // Allocated in meta mode on the CPU: address space of its own, outside the caching allocator and
    // the memory cap (see Storage::allocate).
    bool meta_reserved = false;
    // Memory Kiln does not own (torch.from_numpy's array): PyTorch's non-resizable storage, which
    // resize_ may not grow ("Trying to resize storage that is not resizable").
    bool resizable = true;

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
