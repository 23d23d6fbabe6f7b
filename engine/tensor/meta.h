// Meta compute mode: Kiln's FakeTensor-lite.
//
// Dynamo's example values and the Inductor back end's aten re-trace need only what an op's result
// looks like (sizes, strides, dtype, autograd metadata), never its values. Inside a MetaScope ops
// allocate and describe their results exactly as always but skip computing the data: the central
// loops check meta_mode() (the ElementwiseLoop driver in tensor/iter.h, parallel_for in tensor/parallel.h, the GEMM
// entry points, contiguous copies), so an op whose kernel runs through none of them still computes
// (correct, only slower).
//
// Memory allocated in meta mode holds no values (it stays uninitialized; natively it is reserved
// address space that costs nothing until touched, and it never counts against the memory cap:
// tensor/storage.cpp), so its storage is marked `meta`; an op that would write into memory holding
// real values (an in-place op) calls mark_meta() instead, and every data read that reaches Python
// (Tensor::item, to_double_vector, to_int_vector, tolist, printing), every tensor a tracer would
// freeze into a graph constant, and every op whose output shape depends on data (nonzero,
// masked_select, unique) calls require_data() or require_not_meta() first. Inside a MetaRetryScope
// (a compile step that turned meta mode on) these throw NeedsRealData, which that step catches to
// redo its work in real mode: so a compile step never reads meta garbage and never leaves real
// memory (an input's copy, a module's buffer) without its values. Elsewhere (a test's MetaScope, a
// meta example value that escaped to a custom backend) mark_meta() marks and require_data() raises
// a RuntimeError, as PyTorch's FakeTensors cannot be read either: uninitialized bytes are never
// observable. Only compiler-internal code turns meta mode on: Dynamo's example values of computed
// nodes (capture/dynamo/translator.cpp) and the Inductor re-trace (bindings/inductor.cpp). Kernels
// whose writes to real memory run through parallel_for or a GEMM skip them unmarked (the memory
// keeps its earlier, real values).
//
// The meta device (Device::Meta, PyTorch's): a user-visible tensor that is always like this. Its
// storage is zeroed reserved address space (none when larger than the address space left), marked
// `meta`; ops on it run their CPU kernels with results on the meta device, and the central loops skip
// writing a meta-device output without meta mode being on (ElementwiseLoop, batched GEMM, copies,
// the random fills; the convolution turns meta mode on for its call). Other kernels compute over the
// zeroed bytes: an index read from them is 0, in range, so value checks pass as PyTorch's meta
// kernels (which read nothing) do. require_data() on meta-device storage raises ATen's
// NotImplementedError "Cannot copy out of meta tensor; no data!" in any mode (real mode has no data
// either, so no retry), and Tensor::item() its "Tensor.item() cannot be called on meta tensors".
#pragma once
#include <exception>

#include "tensor/storage.h"

namespace kiln {

namespace detail {
inline thread_local bool t_meta_mode = false;
inline thread_local bool t_meta_device_op = false;  // a MetaDispatchScope is open (below)
inline thread_local int t_meta_retry = 0;
inline thread_local int t_meta_fallbacks = 0;
}  // namespace detail

// Whether ops on this thread skip computing their results' data.
inline bool meta_mode() { return detail::t_meta_mode; }

// Sets meta mode (on, or off for a path that must see real values) for a scope; nestable, restores
// the previous value.
// MetaScope(false) (real values, e.g. a Python scalar's tensor) also leaves an open
// MetaDispatchScope's meta device for its allocations.
class MetaScope {
public:
    explicit MetaScope(bool on = true) : prev_(detail::t_meta_mode), prev_device_op_(detail::t_meta_device_op) {
        detail::t_meta_mode = on;
        if (!on) detail::t_meta_device_op = false;
    }
    ~MetaScope() {
        detail::t_meta_mode = prev_;
        detail::t_meta_device_op = prev_device_op_;
    }
    MetaScope(const MetaScope&) = delete;
    MetaScope& operator=(const MetaScope&) = delete;

private:
    bool prev_, prev_device_op_;
};

// Whether ops on this thread run for the meta device (a MetaDispatchScope is open): then a tensor
// allocated without a device (Tensor::empty's default: an op's CPU output or temporary) is a meta one.
inline bool meta_device_op() { return detail::t_meta_device_op; }

// PyTorch's dispatch to the Meta key for one native call: the interpreter opens it around a call of
// a native function that has a meta-device tensor among its arguments (vm/call.cpp), so the op runs
// exactly as in meta mode (sizes-only paths, no kernel writes) with its CPU allocations on the meta
// device. A Python function called from inside (a Module's forward) closes it for its frame
// (MetaScope(false)): only native ops dispatch.
class MetaDispatchScope {
public:
    explicit MetaDispatchScope(bool on) : active_(on) {
        if (!on) return;
        prev_mode_ = detail::t_meta_mode;
        prev_device_op_ = detail::t_meta_device_op;
        detail::t_meta_mode = true;
        detail::t_meta_device_op = true;
    }
    ~MetaDispatchScope() {
        if (!active_) return;
        detail::t_meta_mode = prev_mode_;
        detail::t_meta_device_op = prev_device_op_;
    }
    MetaDispatchScope(const MetaDispatchScope&) = delete;
    MetaDispatchScope& operator=(const MetaDispatchScope&) = delete;

private:
    bool active_, prev_mode_ = false, prev_device_op_ = false;
};

// Thrown inside a MetaRetryScope where meta mode cannot go on (see above). Deliberately not a
// kiln::Error (nor a std::runtime_error): the VM must not turn it into a Python exception that the
// program could catch; it unwinds to the compile step that owns the scope.
struct NeedsRealData : std::exception {
    const char* what() const noexcept override { return "meta mode: a value's data is needed"; }
};

// Marks a compile step that runs ops in meta mode and redoes its work in real mode when it catches
// NeedsRealData.
class MetaRetryScope {
public:
    MetaRetryScope() { ++detail::t_meta_retry; }
    ~MetaRetryScope() { --detail::t_meta_retry; }
    MetaRetryScope(const MetaRetryScope&) = delete;
    MetaRetryScope& operator=(const MetaRetryScope&) = delete;
};

// How many times a compile step had to leave meta mode (NeedsRealData thrown), for tests and
// benchmarks: the compile of a plain model should not need to.
inline int meta_fallbacks() { return detail::t_meta_fallbacks; }

// Called in meta mode by an op that skips writing `s`: its bytes are not the values.
void mark_meta(Storage* s);

// Data-reading ops whose results' shapes (or Python values) depend on the data call this.
void require_data(const Storage* s);
// An op whose output shape depends on its inputs' values: cannot run in meta mode at all.
void require_not_meta(const char* op);

}  // namespace kiln
