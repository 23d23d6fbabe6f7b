// Autocast (torch.autocast): inside an autocast region, chosen ops cast their floating-point inputs
// before running, so matrix products and convolutions run in a lower precision (bfloat16 on the CPU,
// float16 on CUDA by default) while precision-sensitive ops (losses, some reductions) run in float32.
//
// As in PyTorch the policy is per op and per device type, keyed on the device of the op's tensors
// (a CPU op in a CUDA-only region is untouched), and the casts are ordinary autograd-recorded
// `to(dtype)` calls made before the op records its own history, so the op saves its inputs in the
// lower precision and gradients flow back to float32 parameters in float32. Eligible inputs are
// floating-point tensors other than float64 (float64 is never cast). While a wrapped op runs, autocast
// is excluded, so the ops it is built from are not cast again (PyTorch's dispatch-key exclusion).
//
// The policies (PyTorch's names):
//   lower_precision_fp   cast eligible inputs to the region's dtype (linear, matmul, mm, bmm, addmm,
//                        baddbmm, conv*: both device types)
//   fp32                 cast eligible inputs to float32 (losses, prod and cdist on the CPU; on CUDA
//                        also layer_norm, group_norm, logsumexp, pow and the transcendental pointwise ops)
//   fp32_set_opt_dtype   CUDA only: ops with an optional dtype (softmax, log_softmax, sum, prod, cumsum)
//                        run with dtype=float32 when an input is eligible and not float32 already
//   promote              (cat/stack on the CPU) needs no hook here: Kiln's cat/stack already promote
//                        their inputs to the widest dtype, which is what the policy asks
// Weight casts are cached inside a region (cache_enabled): a float32 leaf that requires grad is cast
// once per outermost region, not once per use. Kiln wraps the ops it has from these lists; the
// per-op hook sits at the top of each op in ops/*.cpp.
#pragma once
#include <optional>
#include <vector>

#include "tensor/tensor.h"

namespace kiln::amp {

// torch.set_autocast_enabled / torch.is_autocast_enabled / get_autocast_dtype, per device type.
bool enabled(Device d);
DType dtype(Device d);
void set_enabled(Device d, bool on);
void set_dtype(Device d, DType dt);
bool cache_enabled();
void set_cache_enabled(bool on);
// Region nesting (the Python context manager): leaving the outermost region clears the weight-cast cache.
void enter_region();
void exit_region();
// Drops every cached cast and the region depth: an interpreter ending inside a region it never left
// (`torch.autocast(...).__enter__()` with no exit) releases its parameters' casts before its heap.
void reset_regions();
// How many casts the calling thread's weight-cast cache holds (for tests).
size_t cached_casts();

// Whether an op on tensors of `t`'s device autocasts now (enabled there and not excluded); the
// second form only for CUDA tensors (ops in CUDA's lists alone).
bool active(const Tensor& t);
bool active_cuda(const Tensor& t);

// The casts (undefined tensors and ineligible ones pass through unchanged).
Tensor lower(const Tensor& t);  // to the region's dtype
Tensor fp32(const Tensor& t);   // to float32
// fp32_set_opt_dtype: float32 when t is eligible and not float32 (and no dtype was given), else `given`.
std::optional<DType> fp32_opt_dtype(const Tensor& t, std::optional<DType> given);

// The casts made while a CastLog is open on this thread (innermost log), cached ones included: the
// tracer opens one around each op it records, so an autocast op's input casts become nodes of their
// own ahead of the op (as PyTorch's make_fx sees them: autocast sits above the tracing mode).
struct CastRecord {
    Tensor from;
    Tensor to;
};
class CastLog {
public:
    CastLog();
    ~CastLog();
    CastLog(const CastLog&) = delete;
    CastLog& operator=(const CastLog&) = delete;
    std::vector<CastRecord> casts;

private:
    CastLog* prev_;
};

// Held by a wrapped op while it runs: its inner ops do not autocast again.
class Exclude {
public:
    Exclude();
    ~Exclude();
    Exclude(const Exclude&) = delete;
    Exclude& operator=(const Exclude&) = delete;

private:
    bool prev_;
};

}  // namespace kiln::amp

// The hook at the top of a wrapped op: when autocast applies (`when`), run `call` (the same op on
// the policy's casts of its inputs) with autocast excluded, and return its result.
#define KILN_AUTOCAST_WHEN(when, call)     \
    do {                                   \
        if (when) {                        \
            ::kiln::amp::Exclude kiln_ex_; \
            return call;                   \
        }                                  \
    } while (0)
#define KILN_AUTOCAST(t, call) KILN_AUTOCAST_WHEN(::kiln::amp::active(t), call)
#define KILN_AUTOCAST_CUDA(t, call) KILN_AUTOCAST_WHEN(::kiln::amp::active_cuda(t), call)
