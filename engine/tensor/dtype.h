// Element types, Python scalars, and PyTorch's type-promotion rules.
//
// Kiln computes in bool, int64, float32 and float64. float16 and bfloat16 are storage types: kernels
// load them as float32, compute, and round back on store (what PyTorch's CPU kernels do for most
// ops). uint8, int8, int16, int32, uint16 and uint32 are storage types too: kernels load them as
// int64 and truncate on store (two's-complement wrap), which gives PyTorch's results for every op whose integer result
// is taken mod 2^n (add, sub, mul, neg, bitwise, shifts, floor division, remainder, comparisons). promote_types/result_type implement PyTorch's promotion: dimensioned tensors outrank
// zero-dim tensors, which outrank Python scalars, and a higher category (bool < integer < floating)
// from a lower-ranked operand still lifts the result to that category's default.
#pragma once
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace kiln {

// The narrow integer types come last so that the numbers of the older types (written into
// torch.jit.save archives, graph/serialize.cpp) keep their meaning.
// complex64/complex128 (PyTorch's cfloat/cdouble) are pairs of float32/float64 (real, imag) in
// storage; no kernel computes in them: ops/complex.cpp runs each complex op as real ops on the
// view_as_real view (so autograd follows PyTorch's conjugate Wirtinger convention for free), and
// dispatch_dtype refuses them ("... not implemented for 'ComplexFloat'") everywhere else.
enum class DType : uint8_t { Bool, Int64, Float16, BFloat16, Float32, Float64, UInt8, Int8, Int16, Int32, UInt16, UInt32,
                             Complex64, Complex128 };
constexpr int kNumDTypes = 14;

size_t dtype_size(DType t);
const char* dtype_name(DType t);        // "torch.float32", as Python prints dtypes
const char* dtype_short_name(DType t);  // "float32"
const char* dtype_abbrev(DType t);      // "f32": the type prefix of FX/Inductor printouts (f32, f64, f16, bf16, i64, b8)
bool dtype_is_floating(DType t);
// The other spellings PyTorch's error messages use for a dtype:
const char* dtype_scalar_type_name(DType t);  // c10 ScalarType: "Float", "Long" ("Got: Long")
const char* dtype_legacy_name(DType t);       // legacy tensor type: "torch.FloatTensor"
const char* dtype_cpp_name(DType t);          // C++ element type: "float", "long int" (mm's checks)
const char* dtype_type_meta_name(DType t);    // caffe2 TypeMeta's name: dtype_cpp_name but "c10::Half", "c10::BFloat16"
const char* dtype_numpy_name(DType t);       // NumPy's name: "int32", "uint8" ("bfloat16" has none: "")
bool dtype_is_signed(DType t);                // torch.dtype.is_signed: false for bool, uint8, uint16, uint32
// uint16/uint32: PyTorch's "barebones" unsigned types (torch.uint16, torch.uint32; NumPy's token files
// are uint16): no type promotion with any other integer or bool dtype (c10's promoteTypes refuses it).
inline bool dtype_is_barebones_unsigned(DType t) { return t == DType::UInt16 || t == DType::UInt32; }
// The range of an integer dtype (iinfo's min/max; bool: 0 and 1).
int64_t dtype_int_min(DType t);
int64_t dtype_int_max(DType t);
// uint8/int8/int16/int32/uint16/uint32: stored narrow, computed as int64 (compute_dtype).
inline bool dtype_is_narrow_int(DType t) { return t >= DType::UInt8 && t <= DType::UInt32; }
inline bool dtype_is_complex(DType t) { return t == DType::Complex64 || t == DType::Complex128; }
// complex64 -> float32, complex128 -> float64 (torch's toRealValueType); other dtypes unchanged.
inline DType dtype_to_real(DType t) {
    return t == DType::Complex64 ? DType::Float32 : t == DType::Complex128 ? DType::Float64 : t;
}
// The complex dtype holding t: float64 -> complex128, complex stays, everything else complex64
// (torch's toComplexType; Kiln has no complex32).
inline DType dtype_to_complex(DType t) {
    return t == DType::Float64 || t == DType::Complex128 ? DType::Complex128 : DType::Complex64;
}
// The RuntimeError a real-only kernel raises for a complex dtype: "\"<what>\" not implemented for 'ComplexFloat'".
[[noreturn]] void fail_complex_kernel(DType t, const char* what);
inline bool dtype_is_integral(DType t, bool include_bool) {
    return t == DType::Int64 || dtype_is_narrow_int(t) || (include_bool && t == DType::Bool);
}
DType promote_types(DType a, DType b);
// torch.can_cast (c10::canCast), the rule for an in-place op's result: no floating -> integral,
// nothing non-bool -> bool.
bool can_cast(DType from, DType to);

// The dtypes' attribute names in the torch module, aliases included (float32, float, int32, int,
// short, uint8, ...): torch's namespace, torch.load's dtype names and TorchScript's torch.X constants.
const std::vector<std::pair<const char*, DType>>& dtype_attr_names();
std::optional<DType> dtype_from_attr_name(const std::string& name);

// torch.get_default_dtype(): float32 unless torch.set_default_dtype changed it.
DType default_float_dtype();
void set_default_float_dtype(DType t);

// ---- 16-bit floats (storage only) -------------------------------------------------------------
float half_to_float(uint16_t h);
uint16_t float_to_half(float f);  // round to nearest even, as PyTorch's c10::Half

struct Half {
    uint16_t bits = 0;
    Half() = default;
    Half(float f) : bits(float_to_half(f)) {}
    operator float() const { return half_to_float(bits); }
};

struct BFloat16 {
    uint16_t bits = 0;
    BFloat16() = default;
    BFloat16(float f) {
        uint32_t u;
        std::memcpy(&u, &f, 4);
        if ((u & 0x7fffffffu) > 0x7f800000u) {
            bits = 0x7fc0;  // NaN
        } else {
            u += 0x7fffu + ((u >> 16) & 1u);  // round to nearest even
            bits = uint16_t(u >> 16);
        }
    }
    operator float() const {
        uint32_t u = uint32_t(bits) << 16;
        float f;
        std::memcpy(&f, &u, 4);
        return f;
    }
};

// ---- Python scalars ----------------------------------------------------------------------------
// A Python bool, int, float or complex passed where a tensor could go (x + 1, x * 0.5, x.fill_(True)).
class Scalar {
public:
    enum class Kind : uint8_t { Bool, Int, Float, Complex };
    Scalar() : kind_(Kind::Int), i_(0), d_(0) {}
    Scalar(bool b) : kind_(Kind::Bool), i_(b), d_(b) {}
    Scalar(int v) : kind_(Kind::Int), i_(v), d_(v) {}
    Scalar(int64_t v) : kind_(Kind::Int), i_(v), d_(double(v)) {}
    // i_ is only read for int kinds; a float out of int64 range (inf, nan) must not be converted (UB).
    Scalar(double v) : kind_(Kind::Float), i_(v > -9.2e18 && v < 9.2e18 ? int64_t(v) : 0), d_(v) {}
    Scalar(float v) : Scalar(double(v)) {}
    // c10's uint64 Scalar: a Python int in [2**63, 2**64) as PyTorch's argument parser reads it. An
    // integral Scalar whose to_int() is the value wrapped into int64 (int64 tensor * 2**63 wraps, as
    // ATen's static_cast does) and whose to_double() is the value itself (float32 * 2**63 = 9.22e18);
    // no integer dtype Kiln has can hold it (scalar_fits_integral).
    static Scalar uint64(uint64_t v) {
        Scalar s(static_cast<int64_t>(v));
        s.d_ = double(v);
        s.unsigned_ = true;
        return s;
    }
    // A Python complex: to_double() is its real part.
    static Scalar complex(double re, double im) {
        Scalar s(re);
        s.kind_ = Kind::Complex;
        s.im_ = im;
        return s;
    }

    Kind kind() const { return kind_; }
    bool is_floating() const { return kind_ == Kind::Float; }
    bool is_bool() const { return kind_ == Kind::Bool; }
    bool is_complex() const { return kind_ == Kind::Complex; }
    // a uint64 Scalar past int64's range (to_int() wrapped)
    bool is_unsigned() const { return unsigned_ && i_ < 0; }
    double to_double() const { return d_; }
    double imag() const { return im_; }
    int64_t to_int() const { return kind_ == Kind::Float || kind_ == Kind::Complex ? int64_t(d_) : i_; }
    bool to_bool() const {
        return kind_ == Kind::Complex ? d_ != 0.0 || im_ != 0.0 : kind_ == Kind::Float ? d_ != 0.0 : i_ != 0;
    }
    // The dtype a tensor made from this scalar gets (torch.tensor(1.5) is float32, 1 is int64).
    DType dtype() const;
    std::string repr() const;  // Python repr: True, 3, 0.5

private:
    Kind kind_;
    int64_t i_;
    double d_;
    double im_ = 0;
    bool unsigned_ = false;
};

// c10's overflow check when a Python number becomes an element of an integer dtype (torch.tensor's
// data, fill_, full, masked_fill's value): ints must lie in the type's range, except that negative
// ints down to -max wrap into uint8 (-1 -> 255); floats must lie in the range before truncation.
bool scalar_fits_integral(const Scalar& s, DType t);

}  // namespace kiln
