// DType tables, half-precision conversions and the promotion lattice (see dtype.h).
#include "tensor/dtype.h"

#include <cmath>
#include <cstdio>

#include "support/error.h"
#include "support/pyrepr.h"

namespace kiln {

namespace {
DType g_default_float = DType::Float32;

// One row per dtype, in enum order: every name a dtype goes by in PyTorch's printouts and errors.
struct DTypeInfo {
    size_t size;
    const char* name;         // torch.float32
    const char* scalar_type;  // c10 ScalarType ("Float"), as errors print it
    const char* legacy;       // legacy tensor type ("torch.FloatTensor"), Tensor.type()
    const char* cpp;          // C++ element type, as mm's dtype checks print it
    const char* abbrev;       // FX/Inductor printouts
    const char* numpy;        // NumPy's name ("" where NumPy has none)
};
constexpr DTypeInfo kInfo[kNumDTypes] = {
    {1, "torch.bool", "Bool", "torch.BoolTensor", "bool", "b8", "bool"},
    {8, "torch.int64", "Long", "torch.LongTensor", "long int", "i64", "int64"},
    {2, "torch.float16", "Half", "torch.HalfTensor", "Half", "f16", "float16"},
    {2, "torch.bfloat16", "BFloat16", "torch.BFloat16Tensor", "BFloat16", "bf16", ""},
    {4, "torch.float32", "Float", "torch.FloatTensor", "float", "f32", "float32"},
    {8, "torch.float64", "Double", "torch.DoubleTensor", "double", "f64", "float64"},
    {1, "torch.uint8", "Byte", "torch.ByteTensor", "unsigned char", "u8", "uint8"},
    {1, "torch.int8", "Char", "torch.CharTensor", "signed char", "i8", "int8"},
    {2, "torch.int16", "Short", "torch.ShortTensor", "short int", "i16", "int16"},
    {4, "torch.int32", "Int", "torch.IntTensor", "int", "i32", "int32"},
    {2, "torch.uint16", "UInt16", "torch.UInt16Tensor", "unsigned short", "u16", "uint16"},
    {4, "torch.uint32", "UInt32", "torch.UInt32Tensor", "unsigned int", "u32", "uint32"},
    {8, "torch.complex64", "ComplexFloat", "torch.ComplexFloatTensor", "c10::complex<float>", "c64", "complex64"},
    {16, "torch.complex128", "ComplexDouble", "torch.ComplexDoubleTensor", "c10::complex<double>", "c128", "complex128"},
};
const DTypeInfo& info(DType t) { return kInfo[size_t(t) < size_t(kNumDTypes) ? size_t(t) : 0]; }
}  // namespace

size_t dtype_size(DType t) { return info(t).size; }
const char* dtype_name(DType t) { return info(t).name; }
const char* dtype_short_name(DType t) { return dtype_name(t) + 6; }
const char* dtype_scalar_type_name(DType t) { return info(t).scalar_type; }
const char* dtype_legacy_name(DType t) { return info(t).legacy; }
const char* dtype_cpp_name(DType t) { return info(t).cpp; }
// Some of PyTorch's messages print a TypeMeta (the C++ element type's full name), others a ScalarType.
const char* dtype_type_meta_name(DType t) {
    switch (t) {
        case DType::Float16: return "c10::Half";
        case DType::BFloat16: return "c10::BFloat16";
        default: return dtype_cpp_name(t);
    }
}
const char* dtype_abbrev(DType t) { return info(t).abbrev; }
const char* dtype_numpy_name(DType t) { return info(t).numpy; }
void fail_complex_kernel(DType t, const char* what) {
    KILN_FAIL(RuntimeError, "\"", what, "\" not implemented for '", dtype_scalar_type_name(t), "'");
}

bool dtype_is_signed(DType t) {
    return t != DType::Bool && t != DType::UInt8 && t != DType::UInt16 && t != DType::UInt32;
}
int64_t dtype_int_max(DType t) {
    if (t == DType::Bool) return 1;
    if (!dtype_is_signed(t)) return (int64_t(1) << (dtype_size(t) * 8)) - 1;
    return t == DType::Int64 ? INT64_MAX : (int64_t(1) << (dtype_size(t) * 8 - 1)) - 1;
}
int64_t dtype_int_min(DType t) { return dtype_is_signed(t) ? -dtype_int_max(t) - 1 : 0; }

bool dtype_is_floating(DType t) {
    return t == DType::Float16 || t == DType::BFloat16 || t == DType::Float32 || t == DType::Float64;
}

// c10's promotion lattice: bool < integers < floating types. Among the integers the result is the
// smallest type holding both ranges (uint8 with int8 is int16, uint8 with int16 is int16); among the
// floats the wider one, with float16 + bfloat16 -> float32 (no common 16-bit type).
DType promote_types(DType a, DType b) {
    if (a == b) return a;
    // A complex type wins over every real one, at the width of the wider float part (c10's table:
    // float64 with complex64 is complex128; half and bfloat16 meet complex64 at complex64).
    if (dtype_is_complex(a) || dtype_is_complex(b)) {
        if (dtype_is_complex(a) && dtype_is_complex(b)) return DType::Complex128;
        const DType real = dtype_is_complex(a) ? b : a;
        const DType cplx = dtype_is_complex(a) ? a : b;
        return real == DType::Float64 ? DType::Complex128 : cplx;
    }
    // c10 leaves the barebones unsigned types out of its table: they meet a float at the float and
    // nothing else (not even bool).
    if (dtype_is_barebones_unsigned(a) || dtype_is_barebones_unsigned(b)) {
        if (dtype_is_floating(a)) return a;
        if (dtype_is_floating(b)) return b;
        KILN_FAIL(RuntimeError, "Promotion for uint16, uint32, uint64 types is not supported, attempted to promote ",
                  dtype_scalar_type_name(a), " and ", dtype_scalar_type_name(b));
    }
    if (a == DType::Bool) return b;
    if (b == DType::Bool) return a;
    const bool fa = dtype_is_floating(a), fb = dtype_is_floating(b);
    if (fa != fb) return fa ? a : b;
    if (!fa) {
        // Both integral and different. Signed ranks by width; uint8 meets a signed type at int16
        // or the signed type, whichever is wider.
        if (a == DType::UInt8 || b == DType::UInt8) {
            DType other = a == DType::UInt8 ? b : a;
            return other == DType::Int8 ? DType::Int16 : other;
        }
        return dtype_size(a) >= dtype_size(b) ? a : b;
    }
    auto rank = [](DType t) {
        switch (t) {
            case DType::Float16: return 1;
            case DType::BFloat16: return 1;
            case DType::Float32: return 2;
            default: return 3;
        }
    };
    if (rank(a) == rank(b)) return DType::Float32;
    return rank(a) > rank(b) ? a : b;
}

const std::vector<std::pair<const char*, DType>>& dtype_attr_names() {
    static const std::vector<std::pair<const char*, DType>> names = {
        {"float32", DType::Float32}, {"float", DType::Float32}, {"float64", DType::Float64},
        {"double", DType::Float64},  {"float16", DType::Float16}, {"half", DType::Float16},
        {"bfloat16", DType::BFloat16}, {"int64", DType::Int64},  {"long", DType::Int64},
        {"int32", DType::Int32},     {"int", DType::Int32},       {"int16", DType::Int16},
        {"short", DType::Int16},     {"int8", DType::Int8},       {"uint8", DType::UInt8},
        {"uint16", DType::UInt16},   {"uint32", DType::UInt32},   {"bool", DType::Bool},
        {"complex64", DType::Complex64}, {"cfloat", DType::Complex64}, {"complex128", DType::Complex128},
        {"cdouble", DType::Complex128}};
    return names;
}

std::optional<DType> dtype_from_attr_name(const std::string& name) {
    for (const auto& [n, dt] : dtype_attr_names())
        if (name == n) return dt;
    return std::nullopt;
}

bool scalar_fits_integral(const Scalar& s, DType t) {
    if (!dtype_is_integral(t, false)) return true;
    const int64_t lo = dtype_int_min(t), hi = dtype_int_max(t);
    if (s.is_floating()) {
        const double d = s.to_double();
        return d == d && d >= double(lo) && d <= double(hi);
    }
    if (s.is_unsigned()) return false;  // past int64: beyond every integer dtype Kiln has
    const int64_t v = s.to_int();
    if (!dtype_is_signed(t) && v < 0) return v >= -hi;  // c10::overflows: unsigned types wrap negatives
    return v >= lo && v <= hi;
}

bool can_cast(DType from, DType to) {
    if (dtype_is_complex(from) && !dtype_is_complex(to)) return false;
    if (dtype_is_floating(from) && !dtype_is_floating(to) && !dtype_is_complex(to)) return false;
    if (from != DType::Bool && to == DType::Bool) return false;
    return true;
}

DType default_float_dtype() { return g_default_float; }
void set_default_float_dtype(DType t) {
    KILN_CHECK(t == DType::Float32 || t == DType::Float64 || t == DType::Float16 || t == DType::BFloat16,
               TypeError, "only floating-point types are supported as the default type");
    g_default_float = t;
}

DType Scalar::dtype() const {
    switch (kind_) {
        case Kind::Bool: return DType::Bool;
        case Kind::Int: return DType::Int64;
        case Kind::Float: return default_float_dtype();
        case Kind::Complex: return dtype_to_complex(default_float_dtype());
    }
    return DType::Int64;
}

std::string Scalar::repr() const {
    if (kind_ == Kind::Bool) return i_ ? "True" : "False";
    if (kind_ == Kind::Int) return is_unsigned() ? std::to_string(static_cast<uint64_t>(i_)) : std::to_string(i_);
    if (kind_ == Kind::Complex) return py_complex_repr(d_, im_);
    return py_float_repr(d_);
}

// IEEE binary16 <-> binary32, bit-exact with round-to-nearest-even.
float half_to_float(uint16_t h) {
    uint32_t sign = uint32_t(h & 0x8000) << 16;
    uint32_t exp = (h >> 10) & 0x1f;
    uint32_t mant = h & 0x3ff;
    uint32_t bits;
    if (exp == 0) {
        if (mant == 0) {
            bits = sign;
        } else {  // subnormal: normalize
            int e = -1;
            do {
                ++e;
                mant <<= 1;
            } while ((mant & 0x400) == 0);
            bits = sign | uint32_t(127 - 15 - e) << 23 | (mant & 0x3ff) << 13;
        }
    } else if (exp == 31) {
        bits = sign | 0x7f800000u | mant << 13;
    } else {
        bits = sign | (exp + 127 - 15) << 23 | mant << 13;
    }
    float f;
    std::memcpy(&f, &bits, 4);
    return f;
}

uint16_t float_to_half(float f) {
    uint32_t x;
    std::memcpy(&x, &f, 4);
    uint32_t sign = (x >> 16) & 0x8000;
    uint32_t absx = x & 0x7fffffffu;
    if (absx > 0x7f800000u) return uint16_t(sign | 0x7e00);  // NaN
    if (absx >= 0x477ff000u) return uint16_t(sign | 0x7c00);  // overflow to inf (after rounding)
    if (absx < 0x38800000u) {                                 // subnormal or zero in half
        if (absx < 0x33000000u) return uint16_t(sign);        // underflow to zero
        uint32_t mant = (absx & 0x7fffff) | 0x800000;
        int shift = 113 - int(absx >> 23) + 13;  // 126 - exp - 14 + 24 - 11
        uint32_t half_mant = mant >> shift;
        uint32_t rem = mant & ((1u << shift) - 1);
        uint32_t halfway = 1u << (shift - 1);
        if (rem > halfway || (rem == halfway && (half_mant & 1))) ++half_mant;
        return uint16_t(sign | half_mant);
    }
    uint32_t exp = (absx >> 23) - 127 + 15;
    uint32_t mant = absx & 0x7fffff;
    uint32_t h = exp << 10 | mant >> 13;
    uint32_t rem = mant & 0x1fff;
    if (rem > 0x1000 || (rem == 0x1000 && (h & 1))) ++h;  // may carry into the exponent: correct
    return uint16_t(sign | h);
}

}  // namespace kiln
