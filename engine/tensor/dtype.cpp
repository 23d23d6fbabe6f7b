// DType tables, half-precision conversions and the promotion lattice (see dtype.h).
#include "tensor/dtype.h"

#include <cmath>
#include <cstdio>

#include "support/error.h"
#include "support/pyrepr.h"

namespace kiln {

namespace {
DType g_default_float = DType::Float32;
}

size_t dtype_size(DType t) {
    switch (t) {
        case DType::Bool: return 1;
        case DType::Int64: return 8;
        case DType::Float16: return 2;
        case DType::BFloat16: return 2;
        case DType::Float32: return 4;
        case DType::Float64: return 8;
    }
    return 0;
}

const char* dtype_name(DType t) {
    switch (t) {
        case DType::Bool: return "torch.bool";
        case DType::Int64: return "torch.int64";
        case DType::Float16: return "torch.float16";
        case DType::BFloat16: return "torch.bfloat16";
        case DType::Float32: return "torch.float32";
        case DType::Float64: return "torch.float64";
    }
    return "?";
}

const char* dtype_short_name(DType t) { return dtype_name(t) + 6; }

const char* dtype_scalar_type_name(DType t) {
    switch (t) {
        case DType::Bool: return "Bool";
        case DType::Int64: return "Long";
        case DType::Float16: return "Half";
        case DType::BFloat16: return "BFloat16";
        case DType::Float32: return "Float";
        case DType::Float64: return "Double";
    }
    return "?";
}

const char* dtype_legacy_name(DType t) {
    switch (t) {
        case DType::Bool: return "torch.BoolTensor";
        case DType::Int64: return "torch.LongTensor";
        case DType::Float16: return "torch.HalfTensor";
        case DType::BFloat16: return "torch.BFloat16Tensor";
        case DType::Float32: return "torch.FloatTensor";
        case DType::Float64: return "torch.DoubleTensor";
    }
    return "torch.Tensor";
}

const char* dtype_cpp_name(DType t) {
    switch (t) {
        case DType::Bool: return "bool";
        case DType::Int64: return "long int";
        case DType::Float16: return "Half";
        case DType::BFloat16: return "BFloat16";
        case DType::Float32: return "float";
        case DType::Float64: return "double";
    }
    return "?";
}

bool dtype_is_floating(DType t) {
    return t == DType::Float16 || t == DType::BFloat16 || t == DType::Float32 || t == DType::Float64;
}

DType promote_types(DType a, DType b) {
    if (a == b) return a;
    if (a == DType::Bool) return b;
    if (b == DType::Bool) return a;
    if (a == DType::Int64) return b;
    if (b == DType::Int64) return a;
    // Both floating and different. float16 with bfloat16 has no common 16-bit type: float32.
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
    }
    return DType::Int64;
}

std::string Scalar::repr() const {
    if (kind_ == Kind::Bool) return i_ ? "True" : "False";
    if (kind_ == Kind::Int) return std::to_string(i_);
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

const char* dtype_abbrev(DType t) {
    switch (t) {
        case DType::Bool: return "b8";
        case DType::Int64: return "i64";
        case DType::Float16: return "f16";
        case DType::BFloat16: return "bf16";
        case DType::Float32: return "f32";
        case DType::Float64: return "f64";
    }
    return "?";
}

}  // namespace kiln
