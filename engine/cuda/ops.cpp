// Tensors to raw kernel descriptions (see dispatch.h). Built in every configuration: without CUDA
// no CUDA tensor can exist, so none of this runs past common_device().
#include <cmath>
#include <limits>

#include "cuda/dispatch.h"
#include "cuda/index_check.h"
#include "ops/output_layout.h"
#include "support/error.h"
#include "tensor/iter.h"
#include "tensor/meta.h"

namespace kiln::cuda {

static_assert(uint8_t(DType::Bool) == 0 && uint8_t(DType::Int64) == 1 && uint8_t(DType::Float16) == 2 &&
                  uint8_t(DType::BFloat16) == 3 && uint8_t(DType::Float32) == 4 && uint8_t(DType::Float64) == 5,
              "cuda.h's dtype codes are kiln::DType's values");

namespace {

Param param(Scalar s) {
    Param p;
    p.b = s.to_bool();
    p.f = s.to_double();
    // As the CPU kernels' scalar_as<int64_t>: infinite bounds (clamp's missing ones) become the
    // integer limits, NaN becomes 0.
    if (s.is_floating() && std::isinf(p.f))
        p.i = p.f > 0 ? std::numeric_limits<int64_t>::max() : std::numeric_limits<int64_t>::lowest();
    else if (s.is_floating() && std::isnan(p.f))
        p.i = 0;
    else
        p.i = s.to_int();
    return p;
}

// t viewed with out's sizes (stride 0 on broadcast dims), without autograd history.
Tensor broadcast_view(const Tensor& t, const Shape& sizes) {
    if (t.sizes() == sizes) return t;
    auto impl = std::make_shared<TensorImpl>();
    impl->storage = t.impl()->storage;
    impl->sizes = sizes;
    impl->strides = broadcast_strides(t.sizes(), t.strides(), sizes);
    impl->offset = t.storage_offset();
    impl->dtype = t.dtype();
    return Tensor(std::move(impl));
}

// A 0-dim CPU operand (a Python scalar) copied to the device; CUDA tensors as they are.
Tensor on_device(const Tensor& t) { return t.device() == Device::CUDA ? t : to_device(t, Device::CUDA); }

// The kernel's view of out and its inputs: out's iteration space with size-1 dims dropped, the rest
// in memory order (loop_order, TensorIterator's reordering: consecutive threads touch neighbouring
// addresses in any layout) and neighbouring dims merged where every operand steps through them as one (as the CPU's
// ElementwiseLoop merges), and each operand's address, dtype and strides over it. Inputs may have
// any shape that broadcasts to out's (stride 0 on broadcast dims).
struct Described {
    Geometry g;
    Operand ops[4];
};

Described describe(const Tensor& out, std::initializer_list<const Tensor*> ins) {
    Described d;
    std::vector<const Tensor*> all = {&out};
    for (const Tensor* t : ins) all.push_back(t);
    const int n = int(all.size());
    std::vector<Shape> wide(all.size());  // every operand's strides over out's (unmerged) dims
    for (int k = 0; k < n; ++k) {
        const Tensor& t = *all[size_t(k)];
        d.ops[k].data = t.raw_data();
        d.ops[k].dtype = uint8_t(t.dtype());
        wide[size_t(k)] = t.sizes() == out.sizes() ? t.strides() : broadcast_strides(t.sizes(), t.strides(), out.sizes());
    }
    Geometry& g = d.g;
    g.numel = out.numel();
    std::vector<const int64_t*> views;
    for (const Shape& w : wide) views.push_back(w.data());
    std::vector<int64_t> sz;
    std::vector<std::vector<int64_t>> st(all.size());
    for (size_t dd : loop_order(out.sizes(), views)) {  // memory order: coalesced accesses
        const int64_t s = out.sizes()[dd];
        bool merge = !sz.empty();
        for (int k = 0; k < n && merge; ++k) merge = st[size_t(k)].back() == wide[size_t(k)][dd] * s;
        if (merge) {
            sz.back() *= s;
            for (int k = 0; k < n; ++k) st[size_t(k)].back() = wide[size_t(k)][dd];
        } else {
            sz.push_back(s);
            for (int k = 0; k < n; ++k) st[size_t(k)].push_back(wide[size_t(k)][dd]);
        }
    }
    KILN_CHECK(sz.size() <= size_t(kMaxDims), NotImplementedError, "Kiln's CUDA kernels take at most ", kMaxDims,
               " non-mergeable dims; this operation needs ", sz.size(), " (make the tensor contiguous first)");
    g.ndim = int(sz.size());
    for (size_t dd = 0; dd < sz.size(); ++dd) {
        g.sizes[dd] = sz[dd];
        for (int k = 0; k < n; ++k) d.ops[k].strides[dd] = st[size_t(k)][dd];
    }
    return d;
}

}  // namespace

[[noreturn]] void fail_no_kernel(const std::string& op) {
    KILN_FAIL(NotImplementedError, "Could not run '", op,
              "' with arguments from the 'CUDA' backend: Kiln has no CUDA kernel for it yet. Move its inputs to the "
              "CPU with .cpu() first.");
}

Device common_device(std::initializer_list<Tensor> operands) { return common_device(std::vector<Tensor>(operands)); }

Device common_device(const std::vector<Tensor>& operands) {
    // TensorIterator's rule: the first device other than the CPU is the common one; every operand must
    // be on it, except 0-dim CPU tensors (Python scalars), which any device takes.
    Device common = Device::CPU;
    for (const Tensor& t : operands)
        if (t.defined() && t.device() != Device::CPU) {
            common = t.device();
            break;
        }
    if (common == Device::CPU) return common;
    if (common == Device::Meta) {
        // PyTorch's meta kernels expect the first operand's device (0-dim CPU scalars aside):
        // "Tensor on device cpu is not on the expected device meta!"
        const Tensor* first = nullptr;
        for (const Tensor& t : operands)
            if (t.defined() && !(t.device() == Device::CPU && t.dim() == 0)) {
                first = &t;
                break;
            }
        for (const Tensor& t : operands)
            KILN_CHECK(!first || !t.defined() || t.device() == first->device() || (t.device() == Device::CPU && t.dim() == 0),
                       RuntimeError, "Tensor on device ", device_name(t.device()), " is not on the expected device ",
                       device_name(first->device()), "!");
        return common;
    }
    auto text = [](Device d) { return d == Device::CUDA ? std::string("cuda:0") : std::string(device_name(d)); };
    for (const Tensor& t : operands)
        KILN_CHECK(!t.defined() || t.device() == common || (t.device() == Device::CPU && t.dim() == 0), RuntimeError,
                   "Expected all tensors to be on the same device, but found at least two devices, ", text(common), " and ",
                   text(t.device()), "!");
    return common;
}

Tensor to_device(const Tensor& t, Device d, std::optional<DType> dt, bool copy) {
    DType dtype = dt.value_or(t.dtype());
    if (t.device() == d && t.dtype() == dtype && !copy) return t;
    Tensor out = Tensor::empty(t.sizes(), dtype, d);
    copy_tensor(out, t);
    return out;
}

void copy_tensor(const Tensor& dst, const Tensor& src) {
    if (dst.numel() == 0) return;
    const Device dd = dst.device(), sd = src.device();
    if (dd == Device::CUDA && sd == Device::CUDA) {
        if (dst.dtype() == src.dtype() && dst.is_contiguous() && src.is_contiguous() && dst.sizes() == src.sizes()) {
            cuda::memcpy(dst.raw_data(), src.raw_data(), size_t(dst.numel()) * dst.element_size(), CopyKind::DeviceToDevice);
            return;
        }
        Described d = describe(dst, {&src});
        copy(d.g, d.ops[0], d.ops[1]);
        return;
    }
    KILN_CHECK(dd == Device::CUDA || sd == Device::CUDA, RuntimeError, "internal: cuda::copy_tensor between CPU tensors");
    const size_t nbytes = size_t(dst.numel()) * dst.element_size();
    // One dense layout on both sides (a channels-last tensor moved by .to()): its bytes as they lie.
    if (dst.dtype() == src.dtype() && !dtype_is_narrow_int(dst.dtype()) && dst.sizes() == src.sizes() &&
        dst.strides() == src.strides() && non_overlapping_and_dense(dst.sizes(), dst.strides())) {
        cuda::memcpy(dst.raw_data(), src.raw_data(), nbytes, dd == Device::CUDA ? CopyKind::HostToDevice : CopyKind::DeviceToHost);
        return;
    }
    if (dd == Device::CUDA) {
        // Host to device: convert and compact on the CPU, one transfer, then a device-side copy
        // into dst's layout when it is not dense.
        Tensor host = src;
        if (host.dtype() != dst.dtype() || !host.is_contiguous() || host.sizes() != dst.sizes()) {
            host = Tensor::empty(dst.sizes(), dst.dtype(), Device::CPU);
            cpu_copy(host, broadcast_view(src, dst.sizes()));
        }
        if (dst.is_contiguous()) {
            cuda::memcpy(dst.raw_data(), host.raw_data(), nbytes, CopyKind::HostToDevice);
        } else {
            Tensor staged = Tensor::empty(dst.sizes(), dst.dtype(), Device::CUDA);
            cuda::memcpy(staged.raw_data(), host.raw_data(), nbytes, CopyKind::HostToDevice);
            copy_tensor(dst, staged);
        }
        return;
    }
    // Device to host into a narrow integer dtype (which has no CUDA buffers, tensor.cpp): bring the
    // values over as they are and convert on the CPU.
    if (dtype_is_narrow_int(dst.dtype())) {
        Tensor host = Tensor::empty(src.sizes(), src.dtype(), Device::CPU);
        copy_tensor(host, src);
        cpu_copy(dst, host);
        return;
    }
    // Device to host: compact and convert on the device, one transfer, then the CPU copy into dst.
    Tensor dense = src;
    if (src.dtype() != dst.dtype() || !src.is_contiguous() || src.sizes() != dst.sizes()) {
        dense = Tensor::empty(dst.sizes(), dst.dtype(), Device::CUDA);
        copy_tensor(dense, src);
    }
    if (dst.is_contiguous()) {
        cuda::memcpy(dst.raw_data(), dense.raw_data(), nbytes, CopyKind::DeviceToHost);
    } else {
        Tensor host = Tensor::empty(dst.sizes(), dst.dtype(), Device::CPU);
        cuda::memcpy(host.raw_data(), dense.raw_data(), nbytes, CopyKind::DeviceToHost);
        cpu_copy(dst, host);
    }
}

void fill_tensor(const Tensor& t, Scalar v) {
    if (t.numel() == 0) return;
    if (t.is_contiguous()) {
        fill(t.raw_data(), uint8_t(t.dtype()), t.numel(), param(v));
        return;
    }
    Tensor dense = Tensor::empty(t.sizes(), t.dtype(), Device::CUDA);
    fill(dense.raw_data(), uint8_t(t.dtype()), t.numel(), param(v));
    copy_tensor(t, dense);
}

namespace {
// t over `sizes` with its own strides (sizes fit inside t's), the stride of `dim` set to 0.
Tensor indexed_view(const Tensor& t, const Shape& sizes, int64_t dim) {
    auto impl = std::make_shared<TensorImpl>();
    impl->storage = t.impl()->storage;
    impl->sizes = sizes;
    impl->strides = t.strides();
    impl->strides[size_t(dim)] = 0;
    impl->offset = t.storage_offset();
    impl->dtype = t.dtype();
    return Tensor(std::move(impl));
}
}  // namespace

void gather_tensor(const Tensor& out, const Tensor& src, int64_t dim, const Tensor& index) {
    if (out.numel() == 0) return;
    Tensor idx = on_device(index);
    Tensor sv = indexed_view(src, index.sizes(), dim);
    Described d = describe(out, {&idx, &sv});
    gather_checked(d.g, d.ops[0], d.ops[1], d.ops[2], src.strides()[size_t(dim)], src.dim() ? src.sizes()[size_t(dim)] : 1,
                   "gather");
}

void scatter_add_tensor(const Tensor& out, int64_t dim, const Tensor& index, const Tensor& src) {
    if (index.numel() == 0) return;
    Tensor idx = on_device(index), s = on_device(src);
    Tensor ov = indexed_view(out, index.sizes(), dim);
    Tensor sv = indexed_view(s, index.sizes(), dim);
    sv.impl()->strides[size_t(dim)] = s.strides()[size_t(dim)];
    Described d = describe(ov, {&idx, &sv});
    scatter_add_checked(d.g, d.ops[0], d.ops[1], d.ops[2], out.strides()[size_t(dim)],
                        out.dim() ? out.sizes()[size_t(dim)] : 1, "scatter_add");
}

// Meta mode (tensor/meta.h: AOT autograd's example values, the back end's re-trace): the pointwise
// kernels compute nothing, as the CPU loops skip theirs; a 0-dim CPU operand computed in meta mode
// has no value to pass to the kernel anyway.
static bool skip_for_meta(const Tensor& out) {
    if (!meta_mode()) return false;
    mark_meta(out.impl()->storage.get());
    return true;
}

void unary_tensor(Unary op, const Tensor& out, const Tensor& x, Scalar p0, Scalar p1) {
    if (out.numel() == 0 || skip_for_meta(out)) return;
    Tensor xd = on_device(x);
    Described d = describe(out, {&xd});
    unary(op, d.g, d.ops[0], d.ops[1], param(p0), param(p1));
}

// Inputs of a pointwise kernel: 0-dim CPU tensors (Python scalars) go by value (cuda.h, Operand).
void mark_scalars(Described& d, std::initializer_list<const Tensor*> ins) {
    int k = 1;
    for (const Tensor* t : ins) {
        if (t->device() == Device::CPU) {
            d.ops[k].scalar = true;
            d.ops[k].value = param(t->item());
            d.ops[k].data = nullptr;
        }
        ++k;
    }
}

void binary_tensor(Binary op, const Tensor& out, const Tensor& a, const Tensor& b, Scalar alpha) {
    if (out.numel() == 0 || skip_for_meta(out)) return;
    Described d = describe(out, {&a, &b});
    mark_scalars(d, {&a, &b});
    binary(op, d.g, d.ops[0], d.ops[1], d.ops[2], param(alpha));
}

void ternary_tensor(Ternary op, const Tensor& out, const Tensor& a, const Tensor& b, const Tensor& c, Scalar alpha) {
    if (out.numel() == 0 || skip_for_meta(out)) return;
    Described d = describe(out, {&a, &b, &c});
    mark_scalars(d, {&a, &b, &c});
    ternary(op, d.g, d.ops[0], d.ops[1], d.ops[2], d.ops[3], param(alpha));
}

}  // namespace kiln::cuda
