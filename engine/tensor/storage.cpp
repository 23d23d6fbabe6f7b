// The CPU caching allocator and Storage lifetime (see storage.h).
#include "tensor/storage.h"

#include <cstdio>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <atomic>
#include <map>
#include <mutex>
#include <unordered_map>
#if defined(__linux__) && !defined(__EMSCRIPTEN__)
#include <sys/mman.h>
#endif
#if !defined(_WIN32)
#include <unistd.h>
#endif

#include "cuda/cuda.h"
#include "support/error.h"
#include "tensor/storage_flags.h"
#include "tensor/meta.h"

namespace kiln {

namespace {

constexpr size_t kAlign = 64;
constexpr size_t kCacheMin = 64 * 1024;       // smaller blocks go straight to malloc
constexpr size_t kCacheMax = size_t(1) << 31;  // cap on bytes kept cached
// Blocks of 4 MB and more are whole 2 MB pages, 2 MB aligned, and asked to be backed by huge pages
// (Linux transparent huge pages in "madvise" mode, the common default, give them only when asked).
// A loop streaming over 64 MB arrays touches a new 4 KB page every 64 cache lines, more pages than
// the TLB holds; with 2 MB pages the anchor pointwise chain ran ~20% faster on the H100 host (16
// threads, interleaved runs). Eager ops and compiled kernels get the same memory.
#if defined(__linux__) && !defined(__EMSCRIPTEN__)
constexpr size_t kHugeMin = size_t(4) << 20;
#else
constexpr size_t kHugeMin = SIZE_MAX;  // no huge pages to ask for (the browser's heap is small)
#endif
constexpr size_t kHugePage = size_t(2) << 20;

// "42949672960 bytes (40.0 GiB)": the exact count a limit message names, and its size in binary units.
std::string bytes_text(uint64_t n) {
    static const char* units[] = {"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
    std::string out = std::to_string(n) + " bytes";
    if (n < 1024) return out;
    double v = double(n);
    int u = -1;
    while (v >= 1024 && u < 5) v /= 1024, ++u;
    char buf[32];
    std::snprintf(buf, sizeof buf, " (%.1f %s)", v, units[u]);
    return out + buf;
}

struct Allocator {
    std::mutex mutex;
    std::multimap<size_t, void*> free_blocks;  // rounded size -> block
    AllocatorStats stats;
    size_t limit = 0;  // bytes in use allowed (0: no limit); set by the VM's memory cap
    std::string hint = "raise it with --max-tensor-mb N";  // how the user raises it

    static size_t round(size_t n) {
        if (n < kCacheMin) return (n + kAlign - 1) / kAlign * kAlign;
        // Round up to a multiple of 1/8 of the next power of two: at most 12.5% waste.
        size_t p = 1;
        while (p < n) p <<= 1;
        size_t step = p / 8;
        size_t r = (n + step - 1) / step * step;
        return r >= kHugeMin ? (r + kHugePage - 1) / kHugePage * kHugePage : r;
    }

    // The machine's memory: a request for more can never succeed, and is refused before it is made
    // (an ASan build aborts on an impossible one; Linux's overcommit may grant a huge one that then
    // faults page by page). The caller raises PyTorch's "not enough memory" error.
    static size_t physical_memory() {
#if defined(__EMSCRIPTEN__) || !defined(_SC_PHYS_PAGES)
        return SIZE_MAX;
#else
        static const size_t m = [] {
            long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
            return pages > 0 && page > 0 ? size_t(pages) * size_t(page) : SIZE_MAX;
        }();
        return m;
#endif
    }

    static void* system_alloc(size_t size) {
        if (size > physical_memory()) return nullptr;
        if (size < kHugeMin) return std::aligned_alloc(kAlign, size);
        void* p = std::aligned_alloc(kHugePage, size);
#if defined(__linux__) && !defined(__EMSCRIPTEN__) && defined(MADV_HUGEPAGE)
        if (p) madvise(p, size, MADV_HUGEPAGE);  // advice only: failure leaves 4 KB pages
#endif
        return p;
    }

    void* allocate(size_t n) {
        size_t size = round(n ? n : 1);
        std::lock_guard<std::mutex> lock(mutex);
        // (The check counts the block the cache would hand out, rounded up; the message the request.)
        KILN_CHECK(!limit || stats.bytes_in_use + size <= limit, MemoryError, "tensor memory limit exceeded: allocating ",
                   bytes_text(n), " with ", bytes_text(stats.bytes_in_use), " in use would go over the cap of ",
                   bytes_text(limit), " (", hint, ", or use smaller tensors)");
        if (size >= kCacheMin) {
            // The block of this size released last: the one most likely still in the caches, and
            // certainly faulted in. (find() returned the one released first, so a loop allocating and
            // releasing one output per call cycled through every cached block of its size; blocks
            // cached at compile time were cold, and their first touch in a timed call zeroed 2 MB
            // pages: the kernel interpreter's anchor chain read 0.8 or 10 ms per call, by process.)
            auto range = free_blocks.equal_range(size);
            if (range.first != range.second) {
                auto it = std::prev(range.second);
                void* p = it->second;
                free_blocks.erase(it);
                stats.bytes_cached -= size;
                note_alloc(size);
                return p;
            }
        }
        void* p = system_alloc(size);
        if (!p && !free_blocks.empty()) {  // out of memory: drop the cache and retry once
            release_cache_locked();
            p = system_alloc(size);
        }
        KILN_CHECK(p, RuntimeError, "[enforce fail at alloc_cpu.cpp] DefaultCPUAllocator: not enough memory: you tried to allocate ",
                   n, " bytes.");
        note_alloc(size);
        return p;
    }

    void release(void* p, size_t n) {
        size_t size = round(n ? n : 1);
        std::lock_guard<std::mutex> lock(mutex);
        stats.bytes_in_use -= size;
        if (size >= kCacheMin && stats.bytes_cached + size <= kCacheMax) {
            free_blocks.emplace(size, p);
            stats.bytes_cached += size;
        } else {
            std::free(p);
        }
    }

    void note_alloc(size_t size) {
        stats.bytes_in_use += size;
        if (stats.bytes_in_use > stats.peak_bytes_in_use) stats.peak_bytes_in_use = stats.bytes_in_use;
    }

    void release_cache_locked() {
        for (auto& kv : free_blocks) std::free(kv.second);
        free_blocks.clear();
        stats.bytes_cached = 0;
    }
};

Allocator& allocator() {
    static Allocator* a = new Allocator();  // never destroyed: storages may outlive static teardown
    return *a;
}

// Meta-mode storage on the CPU (tensor/meta.h: example values, the compiler's re-trace). Its bytes
// are never the values, and the central loops never write them, but some kernels still take the
// data pointer and a few compute anyway, so it must be addressable and distinct per storage.
// Natively a block of 64 KiB or more is a private anonymous mapping of its own, reserved without
// swap (MAP_NORESERVE): pages nobody touches cost no memory (smaller ones, and every one in
// WebAssembly, come from the heap: a mapping per small tensor would only spend the process's
// mapping count). Either way it stays outside the caching allocator and the memory cap: a compiled
// graph kept every intermediate's example value alive, so a 9-op chain over 64 MB tensors held 576
// MB of cached blocks and, under the playground's 512 MB cap, failed to compile (and its fallback
// to run) although eager fits.
constexpr size_t kMetaMapMin = kCacheMin;  // natively, meta blocks this large are mappings of their own

void* meta_reserve(size_t nbytes) {
#if defined(__linux__) && !defined(__EMSCRIPTEN__)
    if (nbytes >= kMetaMapMin) {
        void* p = mmap(nullptr, nbytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
        return p == MAP_FAILED ? nullptr : p;
    }
#endif
    // A multiple of kAlign, zeroed (mappings are zero pages): the meta device relies on it (see allocate).
    const size_t size = Allocator::round(nbytes ? nbytes : 1);
    void* p = std::aligned_alloc(kAlign, size);
    if (p) std::memset(p, 0, size);
    return p;
}
void meta_unreserve(void* p, size_t nbytes) {
#if defined(__linux__) && !defined(__EMSCRIPTEN__)
    if (nbytes >= kMetaMapMin) {
        munmap(p, nbytes);
        return;
    }
#endif
    std::free(p);
}

}  // namespace

const char* device_name(Device d) {
    switch (d) {
#define KILN_DEVICE_NAME(e, name) \
    case Device::e: return name;
        KILN_DEVICES(KILN_DEVICE_NAME)
#undef KILN_DEVICE_NAME
    }
    return "?";
}

bool device_from_name(const std::string& name, Device* out) {
#define KILN_DEVICE_PARSE(e, text)   \
    if (name == text) {              \
        *out = Device::e;            \
        return true;                 \
    }
    KILN_DEVICES(KILN_DEVICE_PARSE)
#undef KILN_DEVICE_PARSE
    return false;
}

namespace {
// The storages with a mark of tensor/storage_flags.h. The count lets ~Storage skip the lock while
// none is alive, which is nearly always.
std::mutex g_flags_mutex;
std::unordered_map<const Storage*, uint8_t> g_storage_flags;
std::atomic<size_t> g_flagged_count{0};
}  // namespace

bool& inference_mode_flag() {
    thread_local bool on = false;
    return on;
}

bool storage_has_flag(const Storage* s, StorageFlag f) {
    if (!s || g_flagged_count.load(std::memory_order_relaxed) == 0) return false;
    std::lock_guard<std::mutex> lock(g_flags_mutex);
    auto it = g_storage_flags.find(s);
    return it != g_storage_flags.end() && (it->second & f);
}

void set_storage_flag(const Storage* s, StorageFlag f) {
    std::lock_guard<std::mutex> lock(g_flags_mutex);
    auto [it, fresh] = g_storage_flags.emplace(s, uint8_t(0));
    if (fresh) g_flagged_count.fetch_add(1, std::memory_order_relaxed);
    it->second |= f;
}

void check_inference_inplace(const Storage* s) {
    if (!inference_mode_flag() && storage_has_flag(s, kStorageInference))
        KILN_FAIL(RuntimeError,
                  "Inplace update to inference tensor outside InferenceMode is not allowed.You can make a clone to get a "
                  "normal tensor before doing inplace update.See https://github.com/pytorch/rfcs/pull/17 for more details.");
}

void check_inference_not_saved(const Storage* s) {
    if (storage_has_flag(s, kStorageInference))
        KILN_FAIL(RuntimeError,
                  "Inference tensors cannot be saved for backward. Please do not use Tensors created in inference mode "
                  "in computation tracked by autograd. To work around this, you can make a clone to get a normal tensor "
                  "and use it in autograd, or use `torch.no_grad()` instead of `torch.inference_mode()`.");
}

std::shared_ptr<Storage> Storage::allocate(size_t nbytes, Device device) {
    auto s = std::make_shared<Storage>();
    if (inference_mode_flag()) set_storage_flag(s.get(), kStorageInference);
    s->nbytes = nbytes;
    s->device = device;
    s->meta = meta_mode() || device == Device::Meta;
    if (device == Device::Meta) {
        // The meta device (PyTorch's): sizes only, so no memory is used and no cap applies. The block
        // is still addressable (kernels that compute anyway write into it) and zeroed (an index read
        // from it is 0, in range, so a kernel that checks indices passes as PyTorch's meta kernels,
        // which read none, do); natively a large one is untouched address space.
        // A tensor larger than the address space left (reasoning_about_shapes' 2**10 x 3 x 2**16 x 2**16
        // input, 52 TB) gets none, as PyTorch's meta storage has none: the ops such tensors reach skip
        // their kernels (the factories, the random fills, matmul, convolution, elementwise loops).
        s->data = meta_reserve(nbytes);
        s->meta_reserved = s->data != nullptr;
        return s;
    }
    if (s->meta && device == Device::CPU) {
        // One example value larger than the whole cap is a tensor the program could never hold: the
        // cap's error, as eager would raise it (and a kernel that computes in meta mode anyway cannot
        // touch more than that much of it).
        check_memory_cap(nbytes);
        s->data = meta_reserve(nbytes);
        KILN_CHECK(s->data, RuntimeError, "[enforce fail at alloc_cpu.cpp] DefaultCPUAllocator: not enough memory: you tried to allocate ",
                   nbytes, " bytes.");
        s->meta_reserved = true;
        return s;
    }
    // CUDA memory comes from engine/cuda's caching allocator (which raises PyTorch's message when
    // this build or this machine has no CUDA).
    s->data = device == Device::CUDA ? cuda::allocate(nbytes) : allocator().allocate(nbytes);
    return s;
}

namespace {
[[noreturn]] void fallback() {
    ++detail::t_meta_fallbacks;
    throw NeedsRealData();
}
}  // namespace

void mark_meta(Storage* s) {
    if (!s || s->meta) return;
    if (detail::t_meta_retry > 0) fallback();
    s->meta = true;
}

void require_data(const Storage* s) {
    if (!s || !s->meta) return;
    // A meta-device tensor has no data in real mode either, so this is PyTorch's error, never a retry:
    // reading values means copying them out of the meta device (ATen's copy_ raises this).
    KILN_CHECK(s->device != Device::Meta, NotImplementedError, "Cannot copy out of meta tensor; no data!");
    if (detail::t_meta_retry > 0) fallback();
    KILN_FAIL(RuntimeError,
              "this tensor has no data: it is an example value computed from sizes only (Kiln's meta mode, like "
              "PyTorch's FakeTensor); only its sizes, strides and dtype can be read");
}

void require_not_meta(const char* op) {
    if (!meta_mode()) return;
    if (detail::t_meta_retry > 0) fallback();
    KILN_FAIL(RuntimeError, op, ": the output's shape depends on the input's data, which meta mode does not compute");
}

Storage::~Storage() {
    if (g_flagged_count.load(std::memory_order_relaxed) != 0) {
        std::lock_guard<std::mutex> lock(g_flags_mutex);
        if (g_storage_flags.erase(this)) g_flagged_count.fetch_sub(1, std::memory_order_relaxed);
    }
    if (!data) return;
    if (meta_reserved) meta_unreserve(data, nbytes);
    else if (device == Device::CUDA) cuda::release(data, nbytes);
    else allocator().release(data, nbytes);
}

AllocatorStats cpu_allocator_stats() {
    std::lock_guard<std::mutex> lock(allocator().mutex);
    return allocator().stats;
}

void set_cpu_memory_limit(size_t bytes, std::string hint) {
    std::lock_guard<std::mutex> lock(allocator().mutex);
    allocator().limit = bytes;
    allocator().hint = std::move(hint);
}

void check_memory_cap(uint64_t nbytes) {
    std::lock_guard<std::mutex> lock(allocator().mutex);
    const size_t limit = allocator().limit;
    KILN_CHECK(!limit || nbytes <= limit, MemoryError, "tensor memory limit exceeded: a tensor of ", bytes_text(nbytes),
               " is over the cap of ", bytes_text(limit), " (", allocator().hint, ", or use smaller tensors)");
}

std::string cpu_memory_limit_hint() {
    std::lock_guard<std::mutex> lock(allocator().mutex);
    return allocator().hint;
}

size_t cpu_memory_limit() {
    std::lock_guard<std::mutex> lock(allocator().mutex);
    return allocator().limit;
}

void cpu_allocator_empty_cache() {
    std::lock_guard<std::mutex> lock(allocator().mutex);
    allocator().release_cache_locked();
}

}  // namespace kiln
