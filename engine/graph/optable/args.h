// Argument unpacking shared by the op table files (private to engine/graph/optable).
//
// Kernels read their IValues through these helpers so that every table converts the same way:
// Tensor? None becomes an undefined Tensor (the eager ops' "absent"), ScalarType ints become DTypes
// with PyTorch's error for codes Kiln lacks, a sized-list argument still holding its short form
// (`int[2] padding=0`, when a caller passed the schema default without coerce_argument) expands,
// and a reduction int maps to the eager ops' reduction string.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "graph/ivalue.h"
#include "graph/op_registry.h"
#include "ops/ops.h"
#include "support/error.h"

namespace kiln::graph::optable {

inline const Tensor& tensor_arg(const IValueList& a, size_t i) { return a.at(i).to_tensor(); }
inline Tensor opt_tensor(const IValueList& a, size_t i) { return a.at(i).is_none() ? Tensor() : a.at(i).to_tensor(); }
inline int64_t int_arg(const IValueList& a, size_t i) { return a.at(i).to_int(); }
inline double float_arg(const IValueList& a, size_t i) { return a.at(i).to_double(); }
inline bool bool_arg(const IValueList& a, size_t i) { return a.at(i).to_bool(); }
inline Scalar scalar_arg(const IValueList& a, size_t i) { return a.at(i).to_scalar(); }
inline const std::string& str_arg(const IValueList& a, size_t i) { return a.at(i).to_string(); }

inline std::optional<int64_t> opt_int(const IValueList& a, size_t i) {
    if (a.at(i).is_none()) return std::nullopt;
    return a.at(i).to_int();
}
inline std::optional<double> opt_float(const IValueList& a, size_t i) {
    if (a.at(i).is_none()) return std::nullopt;
    return a.at(i).to_double();
}
inline std::optional<Scalar> opt_scalar(const IValueList& a, size_t i) {
    if (a.at(i).is_none()) return std::nullopt;
    return a.at(i).to_scalar();
}
inline std::optional<bool> opt_bool(const IValueList& a, size_t i) {
    if (a.at(i).is_none()) return std::nullopt;
    return a.at(i).to_bool();
}

// int[] / int[N]: a lone int repeats N times (N = 1 for int[1] dim arguments).
inline std::vector<int64_t> ints_arg(const IValueList& a, size_t i, size_t n = 1) {
    const IValue& v = a.at(i);
    if (v.is_int()) return std::vector<int64_t>(n, v.to_int());
    return v.to_int_list();
}
inline std::optional<std::vector<int64_t>> opt_ints(const IValueList& a, size_t i, size_t n = 1) {
    if (a.at(i).is_none()) return std::nullopt;
    return ints_arg(a, i, n);
}

inline DType dtype_of_code(int64_t code) {
    std::optional<DType> dt = dtype_from_scalar_type_code(code);
    KILN_CHECK(dt.has_value(), TypeError, "Kiln does not support ScalarType ", code,
               " (supported: bool 11, int64 4, float16 5, bfloat16 15, float32 6, float64 7)");
    return *dt;
}
inline DType dtype_arg(const IValueList& a, size_t i) { return dtype_of_code(a.at(i).to_int()); }
inline std::optional<DType> opt_dtype(const IValueList& a, size_t i) {
    if (a.at(i).is_none()) return std::nullopt;
    return dtype_arg(a, i);
}

// Device? arguments (None: the op's default, the CPU for factories, the input's for conversions).
inline std::optional<Device> opt_device(const IValueList& a, size_t i) {
    const IValue& v = a.at(i);
    if (v.is_none()) return std::nullopt;
    return v.to_device();
}

// at::Reduction: 0 none, 1 mean, 2 sum.
inline std::string reduction_arg(const IValueList& a, size_t i) {
    switch (a.at(i).to_int()) {
        case 0: return "none";
        case 1: return "mean";
        case 2: return "sum";
        default: break;
    }
    KILN_FAIL(ValueError, a.at(i).to_int(), " is not a valid value for reduction");
}

inline IValueList one(Tensor t) { return {IValue(std::move(t))}; }
inline IValueList two(std::pair<Tensor, Tensor> p) { return {IValue(std::move(p.first)), IValue(std::move(p.second))}; }
inline IValueList tensors(const std::vector<Tensor>& v) { return {IValue::tensor_list(v)}; }

// Short name for the registration calls in the table files.
inline void def(const std::string& schema, Kernel k) { register_op(schema, std::move(k)); }

}  // namespace kiln::graph::optable
