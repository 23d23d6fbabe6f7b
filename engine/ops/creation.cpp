// Factory functions: tensor, zeros, ones, full, arange, linspace, eye and the *_like forms.
//
// dtype defaults follow PyTorch: float factories use torch.get_default_dtype(), full() takes its
// dtype from the fill value, arange() is int64 unless a bound or the step is a float. arange and
// linspace compute their values the way PyTorch's CPU kernels do (linspace fills from both ends),
// so the printed numbers agree.
#include <cmath>
#include <limits>
#include <cstring>

#include "cuda/dispatch.h"
#include "ops/ops.h"
#include "support/error.h"
#include "tensor/meta.h"

namespace kiln {

namespace {

DType float_or_default(const TensorOptions& opts) { return opts.dtype.value_or(default_float_dtype()); }

Tensor finish(Tensor t, const TensorOptions& opts) {
    if (opts.requires_grad) t.requires_grad_(true);
    return t;
}

// The C++ names c10::Scalar's checked accessors print (Scalar::to<uint8_t>() -> "uint8_t").
const char* scalar_accessor_name(DType t) {
    switch (t) {
        case DType::UInt8: return "uint8_t";
        case DType::Int8: return "int8_t";
        case DType::Int16: return "int16_t";
        case DType::Int32: return "int";
        case DType::UInt16: return "uint16_t";
        case DType::UInt32: return "uint32_t";
        default: return "int64_t";
    }
}

void fill_values(const Tensor& t, Scalar value) {
    KILN_CHECK(scalar_fits_integral(value, t.dtype()), RuntimeError, "value cannot be converted to type ",
               scalar_accessor_name(t.dtype()), " without overflow");
    if (t.is_complex()) return fill_complex(t, value);  // ops/complex.cpp
    // c10's checked_convert: a complex value with an imaginary part fits no real dtype.
    KILN_CHECK(!value.is_complex() || value.imag() == 0, RuntimeError, "value cannot be converted to type ",
               dtype_is_integral(t.dtype(), true) ? scalar_accessor_name(t.dtype()) : dtype_cpp_name(t.dtype()),
               " without overflow");
    if (t.device() == Device::CUDA) return cuda::fill_tensor(t, value);
    dispatch_dtype(t.dtype(), [&](auto tag) {
        using T = typename decltype(tag)::type;
        T v;
        if constexpr (std::is_same_v<T, bool>) v = value.to_bool();
        else if constexpr (std::is_integral_v<T>) v = T(value.to_int());  // narrow ints wrap
        else if constexpr (std::is_same_v<T, double>) v = value.to_double();
        else v = T(static_cast<float>(value.to_double()));
        T* p = t.data_ptr<T>();
        const int64_t n = t.numel();
        for (int64_t i = 0; i < n; ++i) p[i] = v;
    });
}

}  // namespace

Tensor tensor(const std::vector<double>& values, const Shape& shape, DType dtype, bool requires_grad) {
    KILN_CHECK(int64_t(values.size()) == shape_numel(shape), ValueError, "tensor(): ", values.size(),
               " values do not fill a tensor of shape ", shape_str(shape));
    MetaScope real(false);  // the values are given: never meta (tensor/meta.h)
    Tensor t = Tensor::empty(shape, dtype);
    dispatch_dtype(dtype, [&](auto tag) {
        using T = typename decltype(tag)::type;
        T* p = t.data_ptr<T>();
        for (size_t i = 0; i < values.size(); ++i) {
            if constexpr (std::is_same_v<T, bool>) p[i] = values[i] != 0.0;
            else if constexpr (std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>) p[i] = T(float(values[i]));
            else if constexpr (std::is_integral_v<T>) p[i] = T(int64_t(values[i]));  // narrow ints wrap mod 2^n
            else p[i] = static_cast<T>(values[i]);
        }
    });
    if (requires_grad) t.requires_grad_(true);
    return t;
}

Tensor scalar_tensor(Scalar value, std::optional<DType> dtype) {
    MetaScope real(false);  // the value is given: never meta (tensor/meta.h)
    Tensor t = Tensor::empty({}, dtype.value_or(value.dtype()));
    fill_values(t, value);
    return t;
}

Tensor wrapped_scalar(Scalar value) {
    if (value.is_unsigned()) {
        // PyTorch wraps a uint64 Scalar as a uint64 tensor; Kiln has no uint64 dtype, so the int64 bits
        // stand in, marked (tensor.h): integer results wrap as ATen's static_cast does.
        Tensor t = scalar_tensor(Scalar(value.to_int()), DType::Int64);
        t.impl()->wrapped_number = true;
        t.impl()->wrapped_uint64 = true;
        return t;
    }
    // Python floats are doubles and ints are int64 until promotion decides the op's dtype.
    Tensor t = scalar_tensor(value, value.is_floating()  ? DType::Float64
                                    : value.is_complex() ? DType::Complex128
                                                         : value.dtype());
    t.impl()->wrapped_number = true;
    return t;
}

Tensor empty(const Shape& shape, const TensorOptions& opts) {
    return finish(Tensor::empty(shape, float_or_default(opts), opts.device), opts);
}

Tensor zeros(const Shape& shape, const TensorOptions& opts) {
    Tensor t = Tensor::empty(shape, float_or_default(opts), opts.device);
    if (t.device() == Device::CUDA) cuda::fill_tensor(t, Scalar(int64_t(0)));
    else std::memset(t.data(), 0, size_t(t.numel()) * t.element_size());
    return finish(t, opts);
}

Tensor ones(const Shape& shape, const TensorOptions& opts) {
    Tensor t = Tensor::empty(shape, float_or_default(opts), opts.device);
    fill_values(t, Scalar(int64_t(1)));
    return finish(t, opts);
}

Tensor full(const Shape& shape, Scalar value, const TensorOptions& opts) {
    Tensor t = Tensor::empty(shape, opts.dtype.value_or(value.dtype()), opts.device);
    fill_values(t, value);
    return finish(t, opts);
}

Tensor arange(Scalar end, const TensorOptions& opts) { return arange(Scalar(int64_t(0)), end, Scalar(int64_t(1)), opts); }

Tensor arange(Scalar start, Scalar end, Scalar step, const TensorOptions& opts) {
    bool any_float = start.is_floating() || end.is_floating() || step.is_floating();
    DType dt = opts.dtype.value_or(any_float ? default_float_dtype() : DType::Int64);
    // The kernel's dtype dispatch comes before the bound checks (AT_DISPATCH_ALL_TYPES_AND2: no bool)
    KILN_CHECK(dt != DType::Bool, RuntimeError, opts.device == Device::CUDA ? "\"arange_cuda\"" : "\"arange_cpu\"",
               " not implemented for 'Bool'");
    double s = start.to_double(), e = end.to_double(), st = step.to_double();
    // PyTorch's arange_check_bounds (RangeUtils.h), in doubles: a NaN step is "nonzero"'s failure
    KILN_CHECK(st > 0 || st < 0, RuntimeError, "step must be nonzero");
    KILN_CHECK(std::isfinite(s) && std::isfinite(e), RuntimeError, "unsupported range: ", start.repr(), " -> ", end.repr());
    KILN_CHECK((st > 0 && e >= s) || (st < 0 && e <= s), RuntimeError,
               "upper bound and lower bound inconsistent with step sign");
    // compute_arange_size: an int64 result of integral bounds counts in int64 (doubles past 2**53
    // lose the difference: arange(2**60, 2**60 + 10) has 10 elements), with int64's wrap-around
    // done unsigned here (PyTorch's overflow is a negative size: "invalid size").
    double size_d;
    if (dt == DType::Int64 && !any_float) {
        const int64_t xs = start.to_int(), xe = end.to_int(), xst = step.to_int();
        const int64_t sgn = (xst > 0) - (xst < 0);
        const int64_t num = int64_t(uint64_t(xe) - uint64_t(xs) + uint64_t(xst) - uint64_t(sgn));
        size_d = xst == -1 && num == std::numeric_limits<int64_t>::min() ? 9223372036854775808.0 : double(num / xst);
    } else {
        size_d = std::ceil((e - s) / st);
    }
    KILN_CHECK(size_d >= 0 && size_d <= double(std::numeric_limits<int64_t>::max()), RuntimeError,
               "invalid size, possible overflow?");
    // 2**63 passes that check (it is the double nearest INT64_MAX); PyTorch's cast then gives
    // INT64_MIN, a negative-dimension error, which is what the empty() below raises.
    int64_t n = size_d >= 9223372036854775808.0 ? std::numeric_limits<int64_t>::min() : int64_t(size_d);
    if (opts.device == Device::CUDA)  // the CPU's numbers, copied over
        return finish(cuda::to_device(arange(start, end, step, {dt, Device::CPU, false}), Device::CUDA), opts);
    Tensor t = Tensor::empty({n}, dt, opts.device);
    dispatch_dtype(dt, [&](auto tag) {
        using T = typename decltype(tag)::type;
        T* p = t.data_ptr<T>();
        for (int64_t i = 0; i < n; ++i) {
            if constexpr (std::is_same_v<T, bool>) p[i] = (s + st * double(i)) != 0;
            else if constexpr (std::is_integral_v<T>) p[i] = T(start.to_int() + i * step.to_int());
            else if constexpr (std::is_same_v<T, double>) p[i] = s + st * double(i);
            else p[i] = T(static_cast<float>(s + st * double(i)));
        }
    });
    return finish(t, opts);
}

Tensor linspace(double start, double end, int64_t steps, const TensorOptions& opts) {
    KILN_CHECK(steps >= 0, RuntimeError, "number of steps must be non-negative");
    DType dt = float_or_default(opts);
    if (opts.device == Device::CUDA)
        return finish(cuda::to_device(linspace(start, end, steps, {dt, Device::CPU, false}), Device::CUDA), opts);
    Tensor t = Tensor::empty({steps}, dt, opts.device);
    dispatch_dtype(dt, [&](auto tag) {
        using T = typename decltype(tag)::type;
        // Compute in the tensor's own precision (float for float32, as PyTorch does).
        using C = std::conditional_t<std::is_same_v<T, double>, double,
                                     std::conditional_t<std::is_integral_v<T>, double, float>>;
        T* p = t.data_ptr<T>();
        if (steps == 1) {
            p[0] = T(C(start));
            return;
        }
        C cs = C(start), ce = C(end);
        C step = (ce - cs) / C(steps - 1);
        int64_t halfway = steps / 2;
        for (int64_t i = 0; i < steps; ++i) {
            C v = i < halfway ? cs + step * C(i) : ce - step * C(steps - i - 1);
            if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) p[i] = T(int64_t(v));
            else p[i] = T(v);
        }
    });
    return finish(t, opts);
}

Tensor eye(int64_t n, std::optional<int64_t> m, const TensorOptions& opts) {
    KILN_CHECK(n >= 0, RuntimeError, "n must be greater or equal to 0, got ", n);
    int64_t cols = m.value_or(n);
    KILN_CHECK(cols >= 0, RuntimeError, "m must be greater or equal to 0, got ", cols);
    if (opts.device == Device::CUDA)
        return finish(cuda::to_device(eye(n, m, {float_or_default(opts), Device::CPU, false}), Device::CUDA), opts);
    if (dtype_is_complex(float_or_default(opts))) {  // no complex kernels: the real identity with a zero imaginary part
        Tensor re = eye(n, m, {dtype_to_real(float_or_default(opts)), opts.device, false});
        return finish(complex(re, zeros_like(re)), opts);
    }
    Tensor t = zeros({n, cols}, {float_or_default(opts), opts.device});
    dispatch_dtype(t.dtype(), [&](auto tag) {
        using T = typename decltype(tag)::type;
        T* p = t.data_ptr<T>();
        for (int64_t i = 0; i < std::min(n, cols); ++i) {
            if constexpr (std::is_same_v<T, bool>) p[i * cols + i] = true;
            else if constexpr (std::is_same_v<T, int64_t> || std::is_same_v<T, double>) p[i * cols + i] = 1;
            else p[i * cols + i] = T(1.0f);
        }
    });
    return finish(t, opts);
}

Tensor empty_like(const Tensor& t, std::optional<DType> dtype) {
    return Tensor::empty(t.sizes(), dtype.value_or(t.dtype()), t.device());
}
Tensor zeros_like(const Tensor& t, std::optional<DType> dtype) {
    return zeros(t.sizes(), {dtype.value_or(t.dtype()), t.device()});
}
Tensor ones_like(const Tensor& t, std::optional<DType> dtype) {
    return ones(t.sizes(), {dtype.value_or(t.dtype()), t.device()});
}
Tensor full_like(const Tensor& t, Scalar value, std::optional<DType> dtype) {
    return full(t.sizes(), value, {dtype.value_or(t.dtype()), t.device()});
}

}  // namespace kiln
