// Shape helpers (see shape.h).
#include "tensor/shape.h"

#include <cstdint>

#include "support/error.h"
#include "tensor/storage.h"

namespace kiln {

int64_t shape_numel(const Shape& s) {
    // A view may have sizes whose product does not fit (ones(1).expand(2**62, 4)): PyTorch's
    // safe_compute_numel refuses it; a zero anywhere makes 0 whatever the rest is.
    int64_t n = 1;
    bool overflowed = false;
    for (int64_t d : s) {
        if (d == 0) return 0;
        overflowed |= __builtin_mul_overflow(n, d, &n);
    }
    KILN_CHECK(!overflowed, RuntimeError, "numel: integer multiplication overflow");
    return n;
}

size_t checked_storage_nbytes(const Shape& sizes, size_t itemsize) {
    uint64_t n = 1;
    bool overflowed = false;
    for (int64_t d : sizes) {
        if (d == 0) return 0;
        overflowed |= __builtin_mul_overflow(n, uint64_t(d), &n);
    }
    overflowed |= __builtin_mul_overflow(n, uint64_t(itemsize), &n);
    overflowed |= n > uint64_t(INT64_MAX);
    KILN_CHECK(!overflowed, RuntimeError, "Storage size calculation overflowed with sizes=", shape_str(sizes));
    // A byte count past the address space (a 40 GB tensor in 32-bit WebAssembly) is over any memory
    // cap too: under one, the cap's error (which says how to raise it), counted in 64 bits.
    if (n > uint64_t(SIZE_MAX)) check_memory_cap(n);
    KILN_CHECK(n <= uint64_t(SIZE_MAX), RuntimeError, "[enforce fail at alloc_cpu.cpp] DefaultCPUAllocator: not enough "
               "memory: you tried to allocate ", n, " bytes.");
    return size_t(n);
}

Shape contiguous_strides(const Shape& sizes) {
    Shape strides(sizes.size());
    int64_t acc = 1;
    for (size_t i = sizes.size(); i-- > 0;) {
        strides[i] = acc;
        // saturates: only an empty tensor (a 0 elsewhere) can have sizes whose product overflows
        if (__builtin_mul_overflow(acc, sizes[i] > 1 ? sizes[i] : 1, &acc)) acc = INT64_MAX;
    }
    return strides;
}

std::string shape_str(const Shape& s) {
    std::string out = "[";
    for (size_t i = 0; i < s.size(); ++i) out += (i ? ", " : "") + std::to_string(s[i]);
    return out + "]";
}

std::string shape_repr(const Shape& s) { return "torch.Size(" + shape_str(s) + ")"; }

std::string shape_tuple_str(const Shape& s) {
    std::string out = "(";
    for (size_t i = 0; i < s.size(); ++i) out += (i ? ", " : "") + std::to_string(s[i]);
    if (s.size() == 1) out += ",";
    return out + ")";
}

int64_t wrap_dim(int64_t dim, int64_t ndim) {
    int64_t n = ndim > 0 ? ndim : 1;
    KILN_CHECK(dim >= -n && dim < n, IndexError, "Dimension out of range (expected to be in range of [", -n,
               ", ", n - 1, "], but got ", dim, ")");
    return dim < 0 ? dim + n : dim;
}

Shape broadcast_shapes(const Shape& a, const Shape& b) {
    size_t n = std::max(a.size(), b.size());
    Shape out(n);
    // From the last dim to the first, as ATen's infer_size: a mismatch in several dims names the last one.
    for (size_t i = n; i-- > 0;) {
        int64_t da = i < n - a.size() ? 1 : a[i - (n - a.size())];
        int64_t db = i < n - b.size() ? 1 : b[i - (n - b.size())];
        KILN_CHECK(da == db || da == 1 || db == 1, RuntimeError, "The size of tensor a (", da,
                   ") must match the size of tensor b (", db, ") at non-singleton dimension ", i);
        out[i] = da == 1 ? db : da;
    }
    return out;
}

Shape broadcast_strides(const Shape& sizes, const Shape& strides, const Shape& target) {
    size_t off = target.size() - sizes.size();
    Shape out(target.size(), 0);
    for (size_t i = 0; i < sizes.size(); ++i) {
        KILN_CHECK(sizes[i] == target[off + i] || sizes[i] == 1, RuntimeError, "The expanded size of the tensor (",
                   target[off + i], ") must match the existing size (", sizes[i], ") at non-singleton dimension ",
                   off + i, ".  Target sizes: ", shape_str(target), ".  Tensor sizes: ", shape_str(sizes));
        out[off + i] = sizes[i] == 1 && target[off + i] != 1 ? 0 : strides[i];
    }
    return out;
}

}  // namespace kiln
