// NumPy's printing of arrays and scalars (numpy/_core/arrayprint.py and scalartypes.c, NumPy 2.x),
// re-implemented over Kiln tensors so `print(a)` and `repr(a)` give NumPy's text byte for byte.
//
// Floats: each value's shortest round-trip digits (Dragon4's "unique" mode; float32 values get
// float32's shortest digits), cut at `precision` (8) fractional digits with correct rounding; all
// elements share one layout: positional unless the largest magnitude is >= 1e8 or the smallest
// non-zero is < 1e-4 or their ratio > 1e3 (then scientific with a common mantissa precision and
// exponent width), padded to the widest integer part on the left and widest fraction on the right,
// trailing zeros trimmed to the decimal point ("1.", "2.5"). Integers right-aligned to the widest,
// booleans as " True"/"False". Rows wrap at 75 columns (74 for repr, whose ")" counts) with the
// hanging indent of the brackets; more than `threshold` (1000) elements print 3 edge items per
// axis around "...". repr adds ", dtype=float32" unless the dtype is implied (float64, int64,
// bool), and "shape=(...)" for summarised and empty non-1-d arrays.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>

#include "bindings/numpy.h"
#include "support/pyrepr.h"

namespace kiln::numpy {

PrintOptions& print_options() {
    static PrintOptions o;
    return o;
}

const char* dtype_name(DType dt) { return dt == DType::BFloat16 ? "bfloat16" : dtype_numpy_name(dt); }

namespace {

bool is_float_dtype(DType dt) { return dt == DType::Float32 || dt == DType::Float64 || dt == DType::Float16 || dt == DType::BFloat16; }

// ---- digits ------------------------------------------------------------------------------------------

// The shortest "%.*e" text of v that reads back as v (as a float32 when f32): mantissa digits
// without the point, and the decimal exponent.
struct Sci {
    bool neg = false;
    std::string digits;  // "15" for 1.5e+00
    int exp = 0;
};

Sci parse_sci(const char* buf) {
    Sci s;
    const char* p = buf;
    if (*p == '-') {
        s.neg = true;
        ++p;
    }
    for (; *p && *p != 'e'; ++p)
        if (*p != '.') s.digits += *p;
    if (*p == 'e') s.exp = std::atoi(p + 1);
    return s;
}

Sci shortest(double v, int bits) {
    char buf[64];
    if (bits == 64 || bits == 32) {
        // the shortest round-trip digits, the closest to v among them (Dragon4's unique mode):
        // rounding to p digits can miss them (2**-24's ...062|5 rounds to a string of the float below)
        Sci s;
        shortest_digits(v, bits == 32, s.digits, s.exp, s.neg);
        return s;
    }
    for (int p = 0; p <= 17; ++p) {
        std::snprintf(buf, sizeof buf, "%.*e", p, v);
        bool same = bits == 64   ? std::strtod(buf, nullptr) == v
                    : bits == 32 ? std::strtof(buf, nullptr) == float(v)
                                 : Half(std::strtof(buf, nullptr)).bits == Half(float(v)).bits;
        if (same) break;
    }
    Sci s = parse_sci(buf);
    while (s.digits.size() > 1 && s.digits.back() == '0') s.digits.pop_back();
    return s;
}

// Dragon4 positional (fractional precision): integer part (with sign) and fraction digits.
struct Parts {
    std::string ip, fp;
};

Parts positional_parts(double v, int f32, int precision) {
    Sci s = shortest(v, f32);
    int frac = std::max(0, int(s.digits.size()) - 1 - s.exp);
    Parts r;
    if (precision >= 0 && frac > precision) {
        char buf[512];
        std::snprintf(buf, sizeof buf, "%.*f", precision, v);
        std::string t = buf;
        size_t dot = t.find('.');
        r.ip = dot == std::string::npos ? t : t.substr(0, dot);
        r.fp = dot == std::string::npos ? "" : t.substr(dot + 1);
        return r;
    }
    std::string ip, fp;
    int n = int(s.digits.size());
    if (s.exp < 0) {
        ip = "0";
        fp = std::string(size_t(-s.exp - 1), '0') + s.digits;
    } else if (s.exp + 1 >= n) {
        ip = s.digits + std::string(size_t(s.exp + 1 - n), '0');
    } else {
        ip = s.digits.substr(0, size_t(s.exp + 1));
        fp = s.digits.substr(size_t(s.exp + 1));
    }
    if (fp == "0") fp.clear();
    r.ip = (s.neg ? "-" : "") + ip;
    r.fp = fp;
    return r;
}

// Dragon4 scientific: "d" (with sign), fraction digits, exponent.
struct SciParts {
    std::string ip, fp;
    int exp = 0;
};

SciParts scientific_parts(double v, int f32, int precision) {
    Sci s = shortest(v, f32);
    if (precision >= 0 && int(s.digits.size()) - 1 > precision) {
        char buf[64];
        std::snprintf(buf, sizeof buf, "%.*e", precision, v);
        s = parse_sci(buf);
    }
    SciParts r;
    r.ip = (s.neg ? "-" : "") + s.digits.substr(0, 1);
    r.fp = s.digits.substr(1);
    while (!r.fp.empty() && r.fp.back() == '0') r.fp.pop_back();
    r.exp = s.exp;
    return r;
}

std::string trim_zeros(std::string fp) {
    while (!fp.empty() && fp.back() == '0') fp.pop_back();
    return fp;
}

std::string exp_text(int e, int digits) {
    std::string d = std::to_string(std::abs(e));
    if (int(d.size()) < digits) d = std::string(size_t(digits) - d.size(), '0') + d;
    return std::string("e") + (e < 0 ? "-" : "+") + d;
}

std::string pad_left_to(const std::string& s, size_t w) { return s.size() >= w ? s : std::string(w - s.size(), ' ') + s; }

// ---- FloatingFormat ------------------------------------------------------------------------------------

struct FloatFormat {
    int f32 = 64;  // the element type's bits: its shortest round-trip digits
    bool exp_format = false;
    int precision = 8, min_digits = 0;
    size_t pad_left = 0, pad_right = 0;
    int exp_size = -1;
    bool trim_k = false;
    bool plus = false;  // sign='+': non-negative values print "+" (the imaginary parts of complex arrays)

    std::string signed_ip(std::string ip) const { return plus && (ip.empty() || ip[0] != '-') ? "+" + ip : ip; }

    FloatFormat(const std::vector<double>& data, int bits, bool plus_sign = false) : f32(bits), plus(plus_sign) {
        const PrintOptions& o = print_options();
        precision = o.precision;
        std::vector<double> finite;
        for (double d : data)
            if (std::isfinite(d)) finite.push_back(d);
        double max_val = 0, min_val = 0;
        bool any_nonzero = false;
        for (double d : finite) {
            double a = std::fabs(d);
            if (a == 0) continue;
            if (!any_nonzero) max_val = min_val = a;
            any_nonzero = true;
            max_val = std::max(max_val, a);
            min_val = std::min(min_val, a);
        }
        if (any_nonzero && (max_val >= 1e8 || (!o.suppress && (min_val < 0.0001 || max_val / min_val > 1000.))))
            exp_format = true;
        if (finite.empty()) {
            pad_left = pad_right = 0;
            exp_size = -1;
            min_digits = 0;
        } else if (exp_format) {
            size_t max_int = 0, max_frac = 0, max_exp = 0;
            for (double d : finite) {
                SciParts p = scientific_parts(d, f32, precision);
                max_int = std::max(max_int, signed_ip(p.ip).size());
                max_frac = std::max(max_frac, p.fp.size());
                max_exp = std::max(max_exp, exp_text(p.exp, 2).size() - 1);  // "+05"
            }
            exp_size = int(max_exp) - 1;
            trim_k = true;
            precision = int(max_frac);
            min_digits = precision;
            pad_left = max_int;
            pad_right = size_t(exp_size) + 2 + size_t(precision);
        } else {
            size_t max_int = 0, max_frac = 0;
            for (double d : finite) {
                Parts p = positional_parts(d, f32, precision);
                max_int = std::max(max_int, signed_ip(p.ip).size());
                max_frac = std::max(max_frac, trim_zeros(p.fp).size());
            }
            pad_left = max_int;
            pad_right = max_frac;
            exp_size = -1;
            min_digits = 0;
        }
        if (finite.size() != data.size()) {
            bool neginf = plus;  // NumPy: neginf = sign != '-' or any negative inf
            for (double d : data)
                if (std::isinf(d) && d < 0) neginf = true;
            long offset = long(pad_right) + 1;
            long nanlen = 3, inflen = 3 + (neginf ? 1 : 0);
            pad_left = size_t(std::max({long(pad_left), nanlen - offset, inflen - offset}));
        }
    }

    std::string operator()(double x) const {
        if (!std::isfinite(x)) {
            std::string r = std::isnan(x) ? (plus ? "+nan" : "nan") : (x > 0 ? (plus ? "+inf" : "inf") : "-inf");
            return pad_left_to(r, pad_left + pad_right + 1);
        }
        if (exp_format) {
            SciParts p = scientific_parts(x, f32, precision);
            std::string fp = trim_k ? p.fp : trim_zeros(p.fp);
            if (int(fp.size()) < min_digits) fp += std::string(size_t(min_digits) - fp.size(), '0');
            return pad_left_to(signed_ip(p.ip), pad_left) + "." + fp + exp_text(p.exp, std::max(2, exp_size));
        }
        Parts p = positional_parts(x, f32, precision);
        std::string fp = trim_zeros(p.fp);
        if (int(fp.size()) < min_digits) fp += std::string(size_t(min_digits) - fp.size(), '0');
        std::string s = pad_left_to(signed_ip(p.ip), pad_left) + "." + fp;
        if (fp.size() < pad_right) s += std::string(pad_right - fp.size(), ' ');
        return s;
    }
};

// ---- array2string -------------------------------------------------------------------------------------

std::string rstrip(std::string s) {
    while (!s.empty() && (s.back() == ' ' || s.back() == '\n')) s.pop_back();
    return s;
}

struct Printer {
    Tensor c;  // contiguous
    Shape shape;
    Shape strides;
    bool summary = false;
    int64_t edge = 3;
    std::string sep;
    std::function<std::string(int64_t)> fmt;

    // The flat positions the printout shows (all, or the edges of each axis when summarised).
    void visit(std::vector<int64_t>& idx, const std::function<void(int64_t)>& f) const {
        size_t axis = idx.size();
        if (axis == shape.size()) {
            int64_t off = 0;
            for (size_t k = 0; k < idx.size(); ++k) off += idx[k] * strides[k];
            f(off);
            return;
        }
        int64_t n = shape[axis];
        bool sum = summary && 2 * edge < n;
        for (int64_t i = 0; i < n; ++i) {
            if (sum && i == edge) i = n - edge;
            idx.push_back(i);
            visit(idx, f);
            idx.pop_back();
        }
    }

    static void extend(std::string& s, std::string& line, const std::string& word, int64_t width, const std::string& next_prefix) {
        bool wrap = int64_t(line.size() + word.size()) > width;
        if (line.size() <= next_prefix.size()) wrap = false;
        if (wrap) {
            s += rstrip(line) + "\n";
            line = next_prefix;
        }
        line += word;
    }

    std::string recurse(std::vector<int64_t>& idx, const std::string& hanging, int64_t width) const {
        size_t axis = idx.size();
        size_t left = shape.size() - axis;
        if (left == 0) {
            int64_t off = 0;
            for (size_t k = 0; k < idx.size(); ++k) off += idx[k] * strides[k];
            return fmt(off);
        }
        std::string next_hanging = hanging + " ";
        int64_t next_width = width - 1;
        int64_t n = shape[axis];
        bool show = summary && 2 * edge < n;
        int64_t leading = show ? edge : 0, trailing = show ? edge : n;
        std::string s;
        auto sub = [&](int64_t i) {
            idx.push_back(i);
            std::string r = recurse(idx, next_hanging, next_width);
            idx.pop_back();
            return r;
        };
        std::string sep_r = rstrip(sep);
        if (left == 1) {
            int64_t elem_width = width - int64_t(std::max<size_t>(sep_r.size(), 1));
            std::string line = hanging;
            for (int64_t i = 0; i < leading; ++i) {
                extend(s, line, sub(i), elem_width, hanging);
                line += sep;
            }
            if (show) {
                extend(s, line, "...", elem_width, hanging);
                line += sep;
            }
            for (int64_t i = trailing; i > 1; --i) {
                extend(s, line, sub(n - i), elem_width, hanging);
                line += sep;
            }
            extend(s, line, sub(n - 1), elem_width, hanging);
            s += line;
        } else {
            std::string line_sep = sep_r + std::string(left - 1, '\n');
            for (int64_t i = 0; i < leading; ++i) s += hanging + sub(i) + line_sep;
            if (show) s += hanging + "..." + line_sep;
            for (int64_t i = trailing; i > 1; --i) s += hanging + sub(n - i) + line_sep;
            s += hanging + sub(n - 1);
        }
        return "[" + s.substr(hanging.size()) + "]";
    }
};

Tensor host_contiguous(const Tensor& t) { return contiguous(t.host_snapshot()); }

// array2string(a, separator, prefix) with the suffix's width already taken off `linewidth`.
std::string array2string(const Tensor& t, const std::string& sep, const std::string& prefix, int64_t linewidth) {
    const PrintOptions& o = print_options();
    if (t.numel() == 0) return "[]";
    Printer p;
    p.c = host_contiguous(t);
    p.shape = p.c.sizes();
    p.strides = contiguous_strides(p.shape);
    p.summary = t.numel() > o.threshold;
    p.edge = o.edgeitems;
    p.sep = sep;
    DType dt = t.dtype();
    std::vector<int64_t> idx;
    if (dtype_is_complex(dt)) {
        // ComplexFloatingFormat: the real parts in one FloatingFormat, the imaginary parts in another
        // with sign='+', and "j" put before the imaginary text's trailing padding.
        Tensor d = contiguous(to_dtype(complex_as_real_raw(p.c), DType::Float64));
        const double* data = d.data_ptr<double>();
        std::vector<double> re, im;
        p.visit(idx, [&](int64_t off) {
            re.push_back(data[2 * off]);
            im.push_back(data[2 * off + 1]);
        });
        const int bits = dt == DType::Complex128 ? 64 : 32;
        auto rf = std::make_shared<FloatFormat>(re, bits);
        auto imf = std::make_shared<FloatFormat>(im, bits, true);
        p.fmt = [rf, imf, d, data](int64_t off) {
            std::string i = (*imf)(data[2 * off + 1]);
            size_t sp = i.find_last_not_of(' ') + 1;
            return (*rf)(data[2 * off]) + i.substr(0, sp) + "j" + i.substr(sp);
        };
    } else if (is_float_dtype(dt)) {
        Tensor d = to_dtype(p.c, DType::Float64);
        const double* data = d.data_ptr<double>();
        std::vector<double> shown;
        p.visit(idx, [&](int64_t off) { shown.push_back(data[off]); });
        auto ff = std::make_shared<FloatFormat>(shown, dt == DType::Float64 ? 64 : dt == DType::Float32 ? 32 : 16);
        p.fmt = [ff, d, data](int64_t off) { return (*ff)(data[off]); };
    } else if (dtype_is_integral(dt, false)) {
        if (dt != DType::Int64) p.c = to_dtype(p.c, DType::Int64);  // the narrow ints print as their values
        const int64_t* data = p.c.data_ptr<int64_t>();
        size_t w = 0;
        p.visit(idx, [&](int64_t off) { w = std::max(w, std::to_string(data[off]).size()); });
        p.fmt = [data, w](int64_t off) { return pad_left_to(std::to_string(data[off]), w); };
    } else {
        const bool* data = p.c.data_ptr<bool>();
        bool nd = t.dim() > 0;
        p.fmt = [data, nd](int64_t off) { return data[off] ? (nd ? " True" : "True") : "False"; };
    }
    std::string next_prefix = " " + std::string(prefix.size(), ' ');
    return p.recurse(idx, next_prefix, linewidth);
}

std::string shape_text(const Shape& s) {
    std::string r = "(";
    for (size_t i = 0; i < s.size(); ++i) r += (i ? ", " : "") + std::to_string(s[i]);
    if (s.size() == 1) r += ",";
    return r + ")";
}

// str(float32 scalar): Python's float repr rules over float32's shortest digits, except that NumPy
// >= 2.3 switches to scientific notation from 1e6 up (1e3 for float16) instead of 1e16 (gh-28679).
std::string f32_repr(double v, double upper, int bits) {
    if (std::isnan(v)) return "nan";
    if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
    Sci s = shortest(v, bits);
    std::string sign = s.neg ? "-" : "";
    if (v == 0 || (std::fabs(v) >= 1e-4 && std::fabs(v) < upper)) {
        Parts p = positional_parts(v, bits, -1);
        return p.ip + "." + (p.fp.empty() ? "0" : p.fp);
    }
    std::string m = s.digits.substr(0, 1);
    if (s.digits.size() > 1) m += "." + s.digits.substr(1);
    return sign + m + exp_text(s.exp, 2);
}

// str of a complex scalar (scalartypes.c's complex str, NumPy >= 1.14): each part in its float's
// shortest repr without a trailing ".0", the imaginary one signed; "(re+imj)", or "imj" alone when the
// real part is +0.
std::string complex_part(double v, int bits, bool sign) {
    if (std::isnan(v)) return sign ? "+nan" : "nan";
    if (std::isinf(v)) return v > 0 ? (sign ? "+inf" : "inf") : "-inf";
    std::string r = bits == 64 ? py_float_repr(v) : f32_repr(v, 1e16, 32);
    if (r.size() > 2 && r.compare(r.size() - 2, 2, ".0") == 0) r.resize(r.size() - 2);
    return sign && r[0] != '-' ? "+" + r : r;
}

std::string complex_scalar_str(double re, double im, int bits) {
    if (re == 0.0 && !std::signbit(re)) return complex_part(im, bits, false) + "j";
    return "(" + complex_part(re, bits, false) + complex_part(im, bits, true) + "j)";
}

}  // namespace

std::string array_repr(const Tensor& t, const std::string& prefix) {
    const PrintOptions& o = print_options();
    std::string lst = array2string(t, ", ", prefix, o.linewidth - 1);
    std::vector<std::string> extras;
    if ((t.numel() == 0 && !(t.dim() == 1)) || t.numel() > o.threshold) extras.push_back("shape=" + shape_text(t.sizes()));
    DType dt = t.dtype();
    bool implied = dt == DType::Float64 || dt == DType::Int64 || dt == DType::Bool || dt == DType::Complex128;
    if (!implied || t.numel() == 0) extras.push_back(std::string("dtype=") + numpy::dtype_name(dt));
    if (extras.empty()) return prefix + lst + ")";
    std::string arr = prefix + lst + ",";
    std::string extra;
    for (size_t i = 0; i < extras.size(); ++i) extra += (i ? ", " : "") + extras[i];
    extra += ")";
    size_t nl = arr.rfind('\n');
    int64_t last_line = int64_t(arr.size() - (nl == std::string::npos ? 0 : nl + 1));
    std::string spacer = " ";
    if (last_line + int64_t(extra.size()) + 1 > o.linewidth) spacer = "\n" + std::string(prefix.size(), ' ');
    return arr + spacer + extra;
}

std::string array_str(const Tensor& t) {
    if (t.dim() == 0) return scalar_str(t);
    return array2string(t, " ", "", print_options().linewidth);
}

std::string scalar_str(const Tensor& t) {
    Scalar s = t.host_snapshot().item();
    if (t.is_complex()) return complex_scalar_str(s.to_double(), s.imag(), t.dtype() == DType::Complex64 ? 32 : 64);
    switch (t.dtype()) {
        case DType::Bool: return s.to_bool() ? "True" : "False";
        case DType::Int64:
        case DType::Int32:
        case DType::Int16:
        case DType::UInt32:
        case DType::UInt16:
        case DType::Int8:
        case DType::UInt8: return std::to_string(s.to_int());
        case DType::Float64: return py_float_repr(s.to_double());
        case DType::Float16: return f32_repr(s.to_double(), 1e3, 16);
        default: return f32_repr(s.to_double(), 1e6, 32);
    }
}

std::string scalar_repr(const Tensor& t) {
    if (t.dtype() == DType::Bool) return t.host_snapshot().item().to_bool() ? "np.True_" : "np.False_";
    std::string v = scalar_str(t);
    if (t.is_complex() && v.front() == '(') v = v.substr(1, v.size() - 2);  // np.complex128(1+2j)
    return std::string("np.") + numpy::dtype_name(t.dtype()) + "(" + v + ")";
}

}  // namespace kiln::numpy
