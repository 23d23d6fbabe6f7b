// Tensor: a strided view of a Storage, plus the autograd fields PyTorch keeps on a tensor.
//
// A Tensor is a shared handle to a TensorImpl; copying a Tensor copies the handle (as Python
// references do), never the data. Views (view, transpose, slicing, ...) make a new TensorImpl over the
// same Storage with other sizes/strides/offset. Operations live in ops/ops.h as free functions
// (kiln::add(a, b)); this header holds only layout, element access and autograd state.
#pragma once
#include <memory>
#include <optional>
#include <type_traits>
#include <string>
#include <vector>

#include "support/error.h"
#include "tensor/dtype.h"
#include "tensor/shape.h"
#include "tensor/storage.h"
#include "tensor/storage_flags.h"

namespace kiln {

namespace autograd {
struct Node;
struct TensorHook;
struct PostAccumulateGradHook;
}

struct TensorImpl {
    std::shared_ptr<Storage> storage;
    Shape sizes;
    Shape strides;  // in elements
    int64_t offset = 0;
    DType dtype = DType::Float32;
    // A Python scalar promoted to a tensor for an operation (x + 1): it ranks lowest in type promotion.
    bool wrapped_number = false;
    // A wrapped Python int in [2**63, 2**64) (c10's uint64 Scalar): int64 holding its bits, so integer
    // ops wrap as ATen's casts do; converted to a floating dtype it is the unsigned value (as_dtype).
    bool wrapped_uint64 = false;

    // Autograd state. A leaf has no grad_fn; requires_grad on a non-leaf follows from its inputs.
    bool requires_grad = false;
    bool retains_grad = false;
    std::shared_ptr<autograd::Node> grad_fn;
    uint32_t output_nr = 0;                         // which output of grad_fn this tensor is
    std::shared_ptr<TensorImpl> grad;               // .grad (leaves, and non-leaves with retain_grad)
    std::weak_ptr<autograd::Node> grad_accumulator;  // a leaf's AccumulateGrad node, made on demand
    std::shared_ptr<TensorImpl> base;               // ._base for views made by view ops
    // A view made in grad mode of a floating base (PyTorch's differentiable view): when its storage's
    // version moves past view_version (the base or another view of it was changed in place), its
    // grad_fn is stale and is remade from the base's current history (refresh_view_grad_fn).
    bool diff_view = false;
    uint64_t view_version = 0;
    // PyTorch's CreationMeta of a view: how it was made decides whether it may be changed in place
    // (check_inplace) and whether it may still be used after its base was (Tensor::grad_fn). A view
    // made in no_grad mode, or one of the outputs of unbind/split (functions returning several views
    // that share one backward node), may not: writing it would silently lose or corrupt gradients.
    // parent_meta is the meta the view inherits from the tensor it views; a view that an op makes
    // under its own no-grad guard and then records (attach) takes it instead of NoGrad.
    uint8_t creation_meta = 0;  // a ViewCreation
    uint8_t parent_meta = 0;
    // The in-place version counter when it is not the storage's: `Tensor.data` gives an alias with a
    // fresh counter (PyTorch's VariableHooks::variable_data), so writes through it (`m.data[n] = v`)
    // do not invalidate tensors autograd saved from the original, and the original's in-place ops do
    // not show on the alias; views of such an alias share its counter, as views share theirs in
    // PyTorch. Null: the storage's counter (every other tensor, detach() included, which PyTorch
    // documents as sharing the counter).
    std::shared_ptr<uint64_t> version_counter;
    // Tensor.register_hook's hooks, run on this tensor's gradient before it is used (a leaf's before
    // it is accumulated into .grad; a non-leaf's are also on its grad_fn's tensor_pre_hooks).
    std::shared_ptr<autograd::TensorHook> hooks;
    // Tensor.register_post_accumulate_grad_hook's hooks (a leaf's), run with the tensor itself once
    // its AccumulateGrad has updated .grad.
    std::shared_ptr<autograd::PostAccumulateGradHook> post_acc_grad_hooks;

    // The VM's Python object for this tensor while one exists (PyTorch's PyObject slot), so that a
    // tensor keeps one identity in programs; and whether it is an nn.Parameter, and whether it is a
    // lazy module's placeholder (nn.UninitializedParameter / UninitializedBuffer) not yet materialized.
    void* py_object = nullptr;
    bool is_parameter = false;
    bool is_uninitialized = false;
    // Tensor.conj() of a complex tensor: Kiln materialises the conjugate, and keeps PyTorch's
    // conjugate bit only to answer is_conj() (resolve_conj() clears it).
    bool conj_bit = false;
};

// Remakes a stale differentiable view's grad_fn (autograd/engine.cpp): PyTorch's VariableHooks::grad_fn.
void refresh_view_grad_fn(TensorImpl& view);
// The values of TensorImpl::creation_meta (PyTorch's CreationMeta, less inference mode and custom
// Functions, which Kiln does not track).
enum ViewCreation : uint8_t { kViewDefault = 0, kViewNoGrad = 1, kViewMultiOutput = 2 };
// Sets a new view's creation_meta from its parent and the grad mode (PyTorch's propagate_creation_meta).
void mark_view_creation(TensorImpl& view, const TensorImpl& parent);
// Tensor::grad_fn() of a no-grad or multi-output view whose base (or another view of it) was changed
// in place since it was made: PyTorch's VariableHooks::grad_fn raises (handle_view_on_rebase, indirect).
void check_view_not_rebased(const TensorImpl& view);

class Tensor {
public:
    Tensor() = default;  // undefined: an absent optional tensor, a missing gradient
    explicit Tensor(std::shared_ptr<TensorImpl> impl) : impl_(std::move(impl)) {}

    // A new contiguous tensor with uninitialized data. Without a device: the CPU, or the meta device
    // inside a meta op (tensor/meta.h's MetaDispatchScope: an op's CPU outputs and temporaries).
    static Tensor empty(const Shape& sizes, DType dtype, Device device);
    static Tensor empty(const Shape& sizes, DType dtype);

    bool defined() const { return impl_ != nullptr; }
    TensorImpl* impl() const { return impl_.get(); }
    const std::shared_ptr<TensorImpl>& impl_ptr() const { return impl_; }
    bool is_same(const Tensor& o) const { return impl_ == o.impl_; }

    // ---- layout ----
    const Shape& sizes() const { return impl_->sizes; }
    const Shape& strides() const { return impl_->strides; }
    int64_t size(int64_t dim) const;    // negative dims wrap
    int64_t stride(int64_t dim) const;  // negative dims wrap
    int64_t dim() const { return int64_t(impl_->sizes.size()); }
    int64_t numel() const { return shape_numel(impl_->sizes); }
    int64_t storage_offset() const { return impl_->offset; }
    DType dtype() const { return impl_->dtype; }
    Device device() const { return impl_->storage->device; }
    size_t element_size() const { return dtype_size(impl_->dtype); }
    bool is_contiguous() const;
    bool is_floating_point() const { return dtype_is_floating(impl_->dtype); }
    bool is_complex() const { return dtype_is_complex(impl_->dtype); }
    bool is_meta() const { return impl_->storage->device == Device::Meta; }  // PyTorch's Tensor.is_meta

    // Raw pointer to element [0, 0, ...] (storage base + offset) of a CPU tensor. CPU kernels read
    // through this, so a CUDA tensor that reaches one (an op with no CUDA kernel yet) raises
    // DeviceKernelMissing here instead of the CPU dereferencing device memory; the error names the
    // C++ function that asked (its call site's __builtin_FUNCTION), so a user learns which op it was.
    void* data(const char* caller = __builtin_FUNCTION()) const {
        // (Meta-device storage is addressable zeroed memory whose values nothing reads back: ops run
        // their CPU kernels on it and skip the writes they can, tensor/meta.h.)
        if (impl_->storage->device == Device::CUDA) fail_not_on_cpu(caller);
        return raw_data();
    }
    // The same address on any device: engine/cuda passes it to its kernels.
    void* raw_data() const { return static_cast<char*>(impl_->storage->data) + impl_->offset * element_size(); }
    template <typename T>
    T* data_ptr(const char* caller = __builtin_FUNCTION()) const { return static_cast<T*>(data(caller)); }

    // The same view over a CPU copy of the storage's bytes (itself when on the CPU): item(),
    // printing and tolist() read CUDA tensors through it. No autograd.
    Tensor host_snapshot() const;

    // ---- element access (any layout) ----
    Scalar item() const;  // one element, else PyTorch's error
    double item_double() const { return item().to_double(); }
    // All elements in row-major order, converted to double (tests and printing use this).
    std::vector<double> to_double_vector() const;
    std::vector<int64_t> to_int_vector() const;

    // ---- autograd ----
    bool requires_grad() const {
        refresh_view();
        return impl_->requires_grad;
    }
    // Python's x.requires_grad_(flag): leaves only, floating dtypes only, with PyTorch's errors.
    Tensor& requires_grad_(bool flag = true);
    bool is_leaf() const;
    const std::shared_ptr<autograd::Node>& grad_fn() const {
        if (impl_->creation_meta != kViewDefault && impl_->view_version != impl_->storage->version)
            check_view_not_rebased(*impl_);
        refresh_view();
        return impl_->grad_fn;
    }
    Tensor grad() const { return Tensor(impl_->grad); }
    void set_grad(const Tensor& g) { impl_->grad = g.impl_; }
    void retain_grad();
    bool retains_grad() const { return impl_->retains_grad; }
    // Returns a tensor sharing storage with no autograd history.
    Tensor detach() const;
    // Bumps the storage's version counter: every in-place kernel calls this.
    void bump_version() const {
        check_inference_inplace(impl_->storage.get());  // PyTorch's check in VariableVersion::bump
        ++(impl_->version_counter ? *impl_->version_counter : impl_->storage->version);
    }
    uint64_t version() const { return impl_->version_counter ? *impl_->version_counter : impl_->storage->version; }

    // Python repr: tensor([[1., 2.], [3., 4.]], requires_grad=True) - see print.cpp.
    std::string repr() const;

private:
    [[noreturn]] static void fail_not_on_cpu(const char* caller);
    void refresh_view() const {
        if (impl_->diff_view && impl_->view_version != impl_->storage->version) refresh_view_grad_fn(*impl_);
    }
    std::shared_ptr<TensorImpl> impl_;
};

// NotImplementedError for a CUDA tensor reaching a CPU-only kernel. The bindings catch it and name
// the op ("Could not run 'aten::sort' with arguments from the 'CUDA' backend ...").
class DeviceKernelMissing : public Error {
public:
    explicit DeviceKernelMissing(const char* caller = nullptr);
};

// A nested Python list of scalars: the result of Tensor.tolist().
struct NestedList {
    bool is_scalar = true;
    Scalar value;
    std::vector<NestedList> items;
    std::string repr() const;
};
NestedList tolist(const Tensor& t);

// ---- dtype dispatch ----------------------------------------------------------------------------
// dispatch_dtype(dt, [&](auto tag) { using T = typename decltype(tag)::type; ... });
// Calls the functor with the C++ element type of dt (Half and BFloat16 included).
template <typename T>
struct TypeTag {
    using type = T;
};

// Complex dtypes have no element kernels: they raise PyTorch's "not implemented for 'ComplexFloat'"
// naming the calling kernel (ops/complex.cpp runs complex ops as real ops on view_as_real).
template <typename F>
decltype(auto) dispatch_dtype(DType dt, F&& f, const char* caller = __builtin_FUNCTION()) {
    switch (dt) {
        case DType::Complex64:
        case DType::Complex128: fail_complex_kernel(dt, caller);
        case DType::Bool: return f(TypeTag<bool>{});
        case DType::Int64: return f(TypeTag<int64_t>{});
        case DType::Float16: return f(TypeTag<Half>{});
        case DType::BFloat16: return f(TypeTag<BFloat16>{});
        case DType::Float32: return f(TypeTag<float>{});
        case DType::UInt8: return f(TypeTag<uint8_t>{});
        case DType::Int8: return f(TypeTag<int8_t>{});
        case DType::Int16: return f(TypeTag<int16_t>{});
        case DType::Int32: return f(TypeTag<int32_t>{});
        case DType::UInt16: return f(TypeTag<uint16_t>{});
        case DType::UInt32: return f(TypeTag<uint32_t>{});
        case DType::Float64: break;
    }
    return f(TypeTag<double>{});
}

// The C++ type a kernel computes in for storage type T: float for Half/BFloat16, int64 for the
// narrow integers (so that sums, products and index arithmetic of int32 data do not overflow in
// int32), T itself otherwise. The dtype-level twin is compute_dtype below.
template <typename T>
using compute_t = std::conditional_t<
    std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>, float,
    std::conditional_t<std::is_integral_v<T> && !std::is_same_v<T, bool>, int64_t, T>>;

// Calls f with T = double for float64 and T = float otherwise: the C++ type of a float kernel that
// computes float16/bfloat16/float32 inputs in float32 (normalization, losses).
template <typename F>
void dispatch_float(DType dt, F&& f, const char* caller = __builtin_FUNCTION()) {
    if (dtype_is_complex(dt)) fail_complex_kernel(dt, caller);
    if (dt == DType::Float64)
        f(TypeTag<double>{});
    else
        f(TypeTag<float>{});
}

// The dtype kernels compute in: float16/bfloat16 compute as float32, uint8/int8/int16/int32 as int64.
inline DType compute_dtype(DType dt) {
    if (dtype_is_narrow_int(dt)) return DType::Int64;
    return dt == DType::Float16 || dt == DType::BFloat16 ? DType::Float32 : dt;
}

}  // namespace kiln
