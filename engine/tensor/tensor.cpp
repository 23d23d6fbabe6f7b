// Tensor layout queries, element access and autograd accessors (see tensor.h).
#include "tensor/tensor.h"

#include <functional>

#include "autograd/node.h"
#include "cuda/cuda.h"
#include "support/error.h"
#include "tensor/meta.h"

namespace kiln {

Tensor Tensor::empty(const Shape& sizes, DType dtype) {
    return empty(sizes, dtype, meta_device_op() ? Device::Meta : Device::CPU);
}

Tensor Tensor::empty(const Shape& sizes, DType dtype, Device device) {
    for (int64_t s : sizes)
        KILN_CHECK(s >= 0, RuntimeError, "Trying to create tensor with negative dimension ", s, ": ", shape_str(sizes));
    // Kiln's CUDA kernels (cuda/kernels.cu) and NVRTC code know bool, int64 and the float types;
    // the narrow integers stay on the CPU rather than reach a kernel that would misread them.
    KILN_CHECK(!(device == Device::CUDA && dtype_is_narrow_int(dtype)), NotImplementedError, dtype_name(dtype),
               " tensors on CUDA are not supported in Kiln yet; keep them on the CPU or convert with .long() or "
               ".float() first");
    auto impl = std::make_shared<TensorImpl>();
    impl->storage = Storage::allocate(checked_storage_nbytes(sizes, dtype_size(dtype)), device);
    impl->sizes = sizes;
    impl->strides = contiguous_strides(sizes);
    impl->dtype = dtype;
    return Tensor(std::move(impl));
}

namespace {
// "norm" from the caller's name; lambdas and operators say nothing useful to a user.
std::string kernel_name_note(const char* caller) {
    if (!caller || !*caller || std::string_view(caller).rfind("operator", 0) == 0)
        return " (a CUDA tensor reached a CPU-only kernel)";
    return str(" (its CPU kernel, ", caller, ", got a CUDA tensor)");
}
}  // namespace

DeviceKernelMissing::DeviceKernelMissing(const char* caller)
    : Error(ErrorKind::NotImplementedError,
            str("this operation has no CUDA kernel in Kiln yet", kernel_name_note(caller),
                "; move its inputs to the CPU with .cpu() first")) {}

void Tensor::fail_not_on_cpu(const char* caller) { throw DeviceKernelMissing(caller); }

Tensor Tensor::host_snapshot() const {
    if (device() == Device::CPU) return *this;
    require_data(impl_->storage.get());  // a meta tensor has nothing to copy
    auto impl = std::make_shared<TensorImpl>(*impl_);
    impl->storage = Storage::allocate(impl_->storage->nbytes, Device::CPU);
    cuda::memcpy(impl->storage->data, impl_->storage->data, impl_->storage->nbytes, cuda::CopyKind::DeviceToHost);
    impl->grad_fn = nullptr;
    impl->grad = nullptr;
    impl->base = nullptr;
    impl->requires_grad = false;
    impl->py_object = nullptr;
    return Tensor(std::move(impl));
}

// A 0-dim tensor has no dim to index (c10's maybe_wrap_dim with wrap_scalar=false), where wrap_dim
// would admit 0 and -1 as for reductions.
static int64_t size_dim(int64_t dim, int64_t ndim) {
    KILN_CHECK(ndim > 0, IndexError, "Dimension specified as ", dim, " but tensor has no dimensions");
    return wrap_dim(dim, ndim);
}
int64_t Tensor::size(int64_t dim) const { return impl_->sizes[size_dim(dim, this->dim())]; }
int64_t Tensor::stride(int64_t dim) const { return impl_->strides[size_dim(dim, this->dim())]; }

bool Tensor::is_contiguous() const {
    int64_t expected = 1;
    for (size_t i = impl_->sizes.size(); i-- > 0;) {
        if (impl_->sizes[i] == 1) continue;
        if (impl_->strides[i] != expected) return false;
        expected *= impl_->sizes[i];
    }
    return true;
}

namespace {
// Visits every element's storage offset (in elements) in row-major order.
template <typename F>
void for_each_offset(const Tensor& t, F&& f) {
    const Shape& sizes = t.sizes();
    const Shape& strides = t.strides();
    int64_t n = t.numel();
    if (n == 0) return;
    std::vector<int64_t> idx(sizes.size(), 0);
    int64_t off = 0;
    for (int64_t k = 0; k < n; ++k) {
        f(off);
        for (size_t d = sizes.size(); d-- > 0;) {
            if (++idx[d] < sizes[d]) {
                off += strides[d];
                break;
            }
            off -= strides[d] * (sizes[d] - 1);
            idx[d] = 0;
        }
    }
}

Scalar load_scalar(DType dt, const void* p) {
    switch (dt) {
        case DType::Bool: return Scalar(*static_cast<const bool*>(p));
        case DType::Int64: return Scalar(*static_cast<const int64_t*>(p));
        case DType::Float16: return Scalar(double(float(*static_cast<const Half*>(p))));
        case DType::BFloat16: return Scalar(double(float(*static_cast<const BFloat16*>(p))));
        case DType::Float32: return Scalar(double(*static_cast<const float*>(p)));
        case DType::Float64: return Scalar(*static_cast<const double*>(p));
        case DType::UInt8: return Scalar(int64_t(*static_cast<const uint8_t*>(p)));
        case DType::Int8: return Scalar(int64_t(*static_cast<const int8_t*>(p)));
        case DType::Int16: return Scalar(int64_t(*static_cast<const int16_t*>(p)));
        case DType::Int32: return Scalar(int64_t(*static_cast<const int32_t*>(p)));
        case DType::UInt16: return Scalar(int64_t(*static_cast<const uint16_t*>(p)));
        case DType::UInt32: return Scalar(int64_t(*static_cast<const uint32_t*>(p)));
        case DType::Complex64: {
            const float* f = static_cast<const float*>(p);
            return Scalar::complex(f[0], f[1]);
        }
        case DType::Complex128: {
            const double* f = static_cast<const double*>(p);
            return Scalar::complex(f[0], f[1]);
        }
    }
    return Scalar();
}
}  // namespace

Scalar Tensor::item() const {
    KILN_CHECK(numel() == 1, RuntimeError, "a Tensor with ", numel(), " elements cannot be converted to Scalar");
    KILN_CHECK(!is_meta(), RuntimeError, "Tensor.item() cannot be called on meta tensors");
    require_data(impl_->storage.get());
    if (device() == Device::CUDA) return host_snapshot().item();
    return load_scalar(dtype(), data());
}

std::vector<double> Tensor::to_double_vector() const {
    if (numel() > 0) require_data(impl_->storage.get());
    if (device() == Device::CUDA) return host_snapshot().to_double_vector();
    std::vector<double> out;
    out.reserve(size_t(numel()));
    const char* base = static_cast<const char*>(data());
    size_t es = element_size();
    DType dt = dtype();
    for_each_offset(*this, [&](int64_t off) { out.push_back(load_scalar(dt, base + off * int64_t(es)).to_double()); });
    return out;
}

std::vector<int64_t> Tensor::to_int_vector() const {
    if (numel() > 0) require_data(impl_->storage.get());
    if (device() == Device::CUDA) return host_snapshot().to_int_vector();
    std::vector<int64_t> out;
    out.reserve(size_t(numel()));
    const char* base = static_cast<const char*>(data());
    size_t es = element_size();
    DType dt = dtype();
    for_each_offset(*this, [&](int64_t off) { out.push_back(load_scalar(dt, base + off * int64_t(es)).to_int()); });
    return out;
}

Tensor& Tensor::requires_grad_(bool flag) {
    KILN_CHECK(is_leaf() || flag, RuntimeError,
               "you can only change requires_grad flags of leaf variables. If you want to use a computed variable "
               "in a subgraph that doesn't require differentiation use var_no_grad = var.detach().");
    KILN_CHECK(!flag || is_floating_point() || is_complex(), RuntimeError,
               "Only Tensors of floating point and complex dtype can require gradients");
    impl_->requires_grad = flag;
    return *this;
}

bool Tensor::is_leaf() const { return impl_->grad_fn == nullptr; }

void Tensor::retain_grad() {
    KILN_CHECK(requires_grad(), RuntimeError, "can't retain_grad on Tensor that has requires_grad=False");
    if (is_leaf() || impl_->retains_grad) return;
    impl_->retains_grad = true;
    impl_->grad_fn->retained[impl_->output_nr] = impl_;
}

Tensor Tensor::detach() const {
    auto impl = std::make_shared<TensorImpl>();
    impl->storage = impl_->storage;
    impl->sizes = impl_->sizes;
    impl->strides = impl_->strides;
    impl->offset = impl_->offset;
    impl->dtype = impl_->dtype;
    impl->version_counter = impl_->version_counter;
    return Tensor(std::move(impl));
}

NestedList tolist(const Tensor& t) {
    // Integers are read as int64 (a double would round values above 2^53).
    const bool integral = dtype_is_integral(t.dtype(), /*include_bool=*/true);
    std::vector<double> values = integral ? std::vector<double>() : t.to_double_vector();
    std::vector<int64_t> ints = integral ? t.to_int_vector() : std::vector<int64_t>();
    const bool is_bool = t.dtype() == DType::Bool;
    std::vector<Scalar> complex_values;  // complex elements keep both parts
    if (t.is_complex()) {
        Tensor h = t.host_snapshot();
        if (h.numel() > 0) {
            const char* base = static_cast<const char*>(h.data());
            const int64_t es = int64_t(h.element_size());
            for_each_offset(h, [&](int64_t off) { complex_values.push_back(load_scalar(h.dtype(), base + off * es)); });
        }
    }
    size_t pos = 0;
    std::function<NestedList(size_t)> build = [&](size_t d) {
        NestedList node;
        if (d == t.sizes().size()) {
            if (!complex_values.empty()) node.value = complex_values[pos++];
            else if (is_bool) node.value = Scalar(ints[pos++] != 0);
            else if (integral) node.value = Scalar(ints[pos++]);
            else node.value = Scalar(values[pos++]);
            return node;
        }
        node.is_scalar = false;
        for (int64_t i = 0; i < t.sizes()[d]; ++i) node.items.push_back(build(d + 1));
        return node;
    };
    return build(0);
}

std::string NestedList::repr() const {
    if (is_scalar) return value.repr();
    std::string out = "[";
    for (size_t i = 0; i < items.size(); ++i) out += (i ? ", " : "") + items[i].repr();
    return out + "]";
}

}  // namespace kiln
