// TorchScript's builtins on Python values: int/float arithmetic and comparisons (aten::add.int,
// aten::div -> float, aten::floordiv.int, ...), conversions (aten::Int.Tensor, aten::Float.Tensor,
// aten::ScalarImplicit), tensor queries (aten::size, aten::dim, aten::numel, aten::len), list
// operations on the generic `t[]` (aten::__getitem__.t, aten::append.t), dict operations on
// Dict(str, t) and Dict(int, t) (aten::__getitem__.Dict_str, aten::_set_item.str, aten::keys.str...,
// PyTorch's overload names), identity tests and aten::str.
//
// These follow Python's semantics, not C++'s: floor division and % round toward negative infinity,
// int / int is true division, and a zero divisor raises ZeroDivisionError's text. Generic `t`
// arguments are Any-typed: the kernels work on whatever IValue they get.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <stdexcept>
#include <string>

#include "graph/optable/args.h"
#include "graph/interpret.h"
#include "graph/optable/optable.h"
#include "autograd/grad_mode.h"
#include "ops/autocast.h"
#include "support/pyrepr.h"

namespace kiln::graph {

using namespace optable;

#define K [](IValueList & a) -> IValueList

namespace {

// TorchScript's int is int64 and wraps on overflow, as PyTorch's kernels do in practice (C++ leaves
// it undefined, and INT64_MIN / -1 traps the CPU): add, sub, mul, neg and abs go through unsigned
// arithmetic, and INT64_MIN // -1 is INT64_MIN with remainder 0, as the int64 tensor kernels give.
int64_t wrap_add(int64_t x, int64_t y) { return int64_t(uint64_t(x) + uint64_t(y)); }
int64_t wrap_sub(int64_t x, int64_t y) { return int64_t(uint64_t(x) - uint64_t(y)); }
int64_t wrap_mul(int64_t x, int64_t y) { return int64_t(uint64_t(x) * uint64_t(y)); }
int64_t wrap_neg(int64_t x) { return int64_t(uint64_t(0) - uint64_t(x)); }

int64_t py_floordiv(int64_t x, int64_t y) {
    KILN_CHECK(y != 0, RuntimeError, "ZeroDivisionError: integer division or modulo by zero");
    if (y == -1) return wrap_neg(x);
    int64_t q = x / y;
    if ((x % y != 0) && ((x < 0) != (y < 0))) --q;
    return q;
}

int64_t py_mod(int64_t x, int64_t y) {
    KILN_CHECK(y != 0, RuntimeError, "ZeroDivisionError: integer division or modulo by zero");
    if (y == -1) return 0;
    int64_t r = x % y;
    if (r != 0 && ((r < 0) != (y < 0))) r += y;
    return r;
}

double py_fmod(double x, double y) {
    KILN_CHECK(y != 0.0, RuntimeError, "ZeroDivisionError: float modulo");
    double r = std::fmod(x, y);
    if (r != 0.0 && ((r < 0) != (y < 0))) r += y;
    return r;
}

double checked_div(double x, double y) {
    KILN_CHECK(y != 0.0, RuntimeError, "ZeroDivisionError: float division by zero");
    return x / y;
}

// str(x) for the values a script may format (TorchScript's aten::str: `ss << ivalue`).
std::string py_str(const IValue& v) {
    switch (v.tag) {
        case IValue::Tag::None: return "None";
        case IValue::Tag::Bool: return v.to_bool() ? "True" : "False";
        case IValue::Tag::Int: return std::to_string(v.to_int());
        case IValue::Tag::Double: return py_float_repr(v.to_double());
        case IValue::Tag::String: return v.to_string();
        case IValue::Tag::Tensor: return v.to_tensor().repr();
        case IValue::Tag::Device: return device_name(v.to_device());
        case IValue::Tag::List:
        case IValue::Tag::Tuple: {
            const bool list = v.is_list();
            std::string s = list ? "[" : "(";
            const IValueList& items = v.items();
            for (size_t i = 0; i < items.size(); ++i) {
                if (i) s += ", ";
                // IValue's operator<< (what TorchScript's aten::str writes) prints a contained
                // string as its bare text: str(("negative", -1)) is "(negative, -1)".
                s += py_str(items[i]);
            }
            if (!list && items.size() == 1) s += ",";
            return s + (list ? "]" : ")");
        }
        case IValue::Tag::Object: return "<" + v.to_object()->class_name + " object>";
        case IValue::Tag::Future: return "<Future>";
        case IValue::Tag::Dict: return ivalue_to_display(v);
    }
    return "";
}

// `is` on IValues: identity for reference values, equality for value types (None is None).
bool py_is(const IValue& x, const IValue& y) {
    if (x.tag != y.tag) return false;
    switch (x.tag) {
        case IValue::Tag::None: return true;
        case IValue::Tag::Tensor: return x.tensor.is_same(y.tensor);
        case IValue::Tag::List:
        case IValue::Tag::Tuple: return x.seq == y.seq;
        case IValue::Tag::Object: return x.obj == y.obj;
        case IValue::Tag::String: return x.str == y.str || *x.str == *y.str;
        default: return ivalue_equal(x, y);
    }
}

int64_t list_index(const IValueList& items, int64_t idx) {
    const auto n = int64_t(items.size());
    const int64_t i = idx < 0 ? idx + n : idx;
    KILN_CHECK(i >= 0 && i < n, IndexError, "list index out of range");
    return i;
}

}  // namespace

std::vector<int64_t> slice_indices(int64_t len, std::optional<int64_t> start, std::optional<int64_t> end, int64_t step) {
    KILN_CHECK(step != 0, RuntimeError, "slice step cannot be zero");
    auto adjust = [&](std::optional<int64_t> v, int64_t dflt) {
        if (!v) return dflt;
        int64_t x = *v;
        if (x < 0) {
            x += len;
            if (x < 0) x = step < 0 ? -1 : 0;
        } else if (x >= len) {
            x = step < 0 ? len - 1 : len;
        }
        return x;
    };
    int64_t lo = adjust(start, step < 0 ? len - 1 : 0), hi = adjust(end, step < 0 ? -1 : len);
    std::vector<int64_t> out;
    for (int64_t i = lo; step > 0 ? i < hi : i > hi; i += step) out.push_back(i);
    return out;
}

void register_scalar_ops() {
    // ---- arithmetic: .int, .float, mixed, and the Scalar forms ----
#define ARITH(name, op, wrap)                                                                            \
    def("aten::" #name ".int(int a, int b) -> int", K { return {IValue(wrap(int_arg(a, 0), int_arg(a, 1)))}; }); \
    def("aten::" #name ".float(float a, float b) -> float",                                              \
        K { return {IValue(float_arg(a, 0) op float_arg(a, 1))}; });                                      \
    def("aten::" #name ".int_float(int a, float b) -> float",                                            \
        K { return {IValue(double(int_arg(a, 0)) op float_arg(a, 1))}; });                                \
    def("aten::" #name ".float_int(float a, int b) -> float",                                            \
        K { return {IValue(float_arg(a, 0) op double(int_arg(a, 1)))}; });                                \
    def("aten::" #name "(Scalar a, Scalar b) -> Scalar", K {                                             \
        const IValue &x = a.at(0), &y = a.at(1);                                                         \
        if (!x.is_double() && !y.is_double()) return {IValue(wrap(x.to_scalar().to_int(), y.to_scalar().to_int()))}; \
        return {IValue(x.to_scalar().to_double() op y.to_scalar().to_double())};                         \
    });
    ARITH(add, +, wrap_add) ARITH(sub, -, wrap_sub) ARITH(mul, *, wrap_mul)
#undef ARITH
    def("aten::add.str(str a, str b) -> str", K { return {IValue(str_arg(a, 0) + str_arg(a, 1))}; });
    def("aten::add.t(t[] a, t[] b) -> t[]", K {
        IValueList out = a.at(0).items();
        const IValueList& more = a.at(1).items();
        out.insert(out.end(), more.begin(), more.end());
        return {IValue::list(std::move(out))};
    });
    // TorchScript's `xs += ys` on a list (getAugOp): extends xs itself, every alias sees it.
    def("aten::add_.t(t[](a!) self, t[] b) -> t[]", K {
        IValueList more = a.at(1).items();  // a copy: xs += xs doubles once
        IValueList& items = a.at(0).items();
        items.insert(items.end(), more.begin(), more.end());
        return {a.at(0)};
    });
    // `xs *= n` (register_prim_ops' listMulIntLeftInPlace): repeats xs in place, empties it for n <= 0.
    def("aten::mul_.t(t[](a!) l, int n) -> t[](a!)", K {
        IValueList& items = a.at(0).items();
        const int64_t n = int_arg(a, 1);
        if (n <= 0) {
            items.clear();
        } else {
            const IValueList once = items;
            for (int64_t i = 1; i < n; ++i) items.insert(items.end(), once.begin(), once.end());
        }
        return {a.at(0)};
    });
    def("aten::div.int(int a, int b) -> float",
        K { return {IValue(checked_div(double(int_arg(a, 0)), double(int_arg(a, 1))))}; });
    def("aten::div.float(float a, float b) -> float",
        K { return {IValue(checked_div(float_arg(a, 0), float_arg(a, 1)))}; });
    def("aten::div(Scalar a, Scalar b) -> float",
        K { return {IValue(checked_div(scalar_arg(a, 0).to_double(), scalar_arg(a, 1).to_double()))}; });
    def("aten::floordiv.int(int a, int b) -> int", K { return {IValue(py_floordiv(int_arg(a, 0), int_arg(a, 1)))}; });
    def("aten::floordiv.float(float a, float b) -> float", K {
        const double x = float_arg(a, 0), y = float_arg(a, 1);
        KILN_CHECK(y != 0.0, RuntimeError, "ZeroDivisionError: float floor division by zero");
        return {IValue(std::floor(x / y))};
    });
    def("aten::remainder.int(int a, int b) -> int", K { return {IValue(py_mod(int_arg(a, 0), int_arg(a, 1)))}; });
    def("aten::remainder.float(float a, float b) -> float",
        K { return {IValue(py_fmod(float_arg(a, 0), float_arg(a, 1)))}; });
    // TorchScript's int ** int is a float (aten::pow.int -> float).
    def("aten::pow.int(int a, int b) -> float",
        K { return {IValue(std::pow(double(int_arg(a, 0)), double(int_arg(a, 1))))}; });
    def("aten::pow.float(float a, float b) -> float", K { return {IValue(std::pow(float_arg(a, 0), float_arg(a, 1)))}; });
    // Shifts of int64 with Python's results where C++'s are undefined: a count of 64 or more
    // shifts every bit out (left) or leaves the sign (right); a negative count is an error.
    def("aten::__lshift__.int(int a, int b) -> int", K {
        const int64_t x = int_arg(a, 0), k = int_arg(a, 1);
        KILN_CHECK(k >= 0, RuntimeError, "ValueError: negative shift count");
        return {IValue(k >= 64 ? int64_t(0) : int64_t(uint64_t(x) << k))};
    });
    def("aten::__rshift__.int(int a, int b) -> int", K {
        const int64_t x = int_arg(a, 0), k = int_arg(a, 1);
        KILN_CHECK(k >= 0, RuntimeError, "ValueError: negative shift count");
        return {IValue(k >= 64 ? (x < 0 ? int64_t(-1) : int64_t(0)) : x >> k)};
    });
    def("aten::__and__.int(int a, int b) -> int", K { return {IValue(int_arg(a, 0) & int_arg(a, 1))}; });
    def("aten::__or__.int(int a, int b) -> int", K { return {IValue(int_arg(a, 0) | int_arg(a, 1))}; });
    def("aten::__xor__.int(int a, int b) -> int", K { return {IValue(int_arg(a, 0) ^ int_arg(a, 1))}; });
    def("aten::neg.int(int a) -> int", K { return {IValue(wrap_neg(int_arg(a, 0)))}; });
    def("aten::neg.float(float a) -> float", K { return {IValue(-float_arg(a, 0))}; });
    def("aten::abs.int(int a) -> int", K {
        const int64_t x = int_arg(a, 0);
        return {IValue(x < 0 ? wrap_neg(x) : x)};
    });
    def("aten::abs.float(float a) -> float", K { return {IValue(std::fabs(float_arg(a, 0)))}; });
    def("aten::min.int(int a, int b) -> int", K { return {IValue(std::min(int_arg(a, 0), int_arg(a, 1)))}; });
    def("aten::max.int(int a, int b) -> int", K { return {IValue(std::max(int_arg(a, 0), int_arg(a, 1)))}; });
    def("aten::floor.float(float a) -> int", K { return {IValue(int64_t(std::floor(float_arg(a, 0))))}; });
    def("aten::ceil.float(float a) -> int", K { return {IValue(int64_t(std::ceil(float_arg(a, 0))))}; });
    def("aten::floor.int(int a) -> int", K { return {IValue(int_arg(a, 0))}; });
    def("aten::ceil.int(int a) -> int", K { return {IValue(int_arg(a, 0))}; });

    // ---- the math module's functions (torch/jit/_builtins.py maps math.sqrt to aten::sqrt, ...):
    // PyTorch's register_prim_ops defines them on int and float with C's results (math.sqrt(-1.0)
    // is nan there, not Python's ValueError).
#define MATH1(name, fn)                                                                                  \
    def("aten::" #name ".int(int a) -> float", K { return {IValue(double(fn(double(int_arg(a, 0)))))}; }); \
    def("aten::" #name ".float(float a) -> float", K { return {IValue(double(fn(float_arg(a, 0))))}; });
    MATH1(sqrt, std::sqrt) MATH1(exp, std::exp) MATH1(log, std::log) MATH1(log10, std::log10)
    MATH1(log1p, std::log1p) MATH1(expm1, std::expm1) MATH1(erf, std::erf) MATH1(erfc, std::erfc)
    MATH1(sin, std::sin) MATH1(cos, std::cos) MATH1(tan, std::tan) MATH1(asin, std::asin)
    MATH1(acos, std::acos) MATH1(atan, std::atan) MATH1(sinh, std::sinh) MATH1(cosh, std::cosh)
    MATH1(tanh, std::tanh) MATH1(asinh, std::asinh) MATH1(acosh, std::acosh) MATH1(atanh, std::atanh)
    MATH1(gamma, std::tgamma) MATH1(lgamma, std::lgamma) MATH1(fabs, std::fabs)
#undef MATH1
    def("aten::degrees.int(int a) -> float", K { return {IValue(double(int_arg(a, 0)) * 180.0 / M_PI)}; });
    def("aten::degrees.float(float a) -> float", K { return {IValue(float_arg(a, 0) * 180.0 / M_PI)}; });
    def("aten::radians.int(int a) -> float", K { return {IValue(double(int_arg(a, 0)) * M_PI / 180.0)}; });
    def("aten::radians.float(float a) -> float", K { return {IValue(float_arg(a, 0) * M_PI / 180.0)}; });
    def("aten::isnan.float(float a) -> bool", K { return {IValue(bool(std::isnan(float_arg(a, 0))))}; });
    def("aten::isinf.float(float a) -> bool", K { return {IValue(bool(std::isinf(float_arg(a, 0))))}; });
    def("aten::isfinite.float(float a) -> bool", K { return {IValue(bool(std::isfinite(float_arg(a, 0))))}; });
    def("aten::factorial.int(int a) -> int", K {
        const int64_t n = int_arg(a, 0);
        KILN_CHECK(n >= 0, RuntimeError, "factorial() not defined for negative values");
        int64_t r = 1;
        for (int64_t i = 2; i <= n; ++i) r = wrap_mul(r, i);
        return {IValue(r)};
    });
    def("aten::gcd.int(int a, int b) -> int", K {
        int64_t x = int_arg(a, 0), y = int_arg(a, 1);
        while (y != 0) {
            int64_t t = x % y;
            x = y;
            y = t;
        }
        return {IValue(x < 0 ? wrap_neg(x) : x)};
    });
    // Two-argument math: math.atan2/copysign/fmod, and math.log(x, base) = log(x) / log(base).
#define MATH2(name, expr)                                                                                \
    def("aten::" #name ".int(int a, int b) -> float", K {                                                \
        const double x = double(int_arg(a, 0)), y = double(int_arg(a, 1));                               \
        return {IValue(double(expr))};                                                                   \
    });                                                                                                  \
    def("aten::" #name ".float(float a, float b) -> float", K {                                          \
        const double x = float_arg(a, 0), y = float_arg(a, 1);                                           \
        return {IValue(double(expr))};                                                                   \
    });                                                                                                  \
    def("aten::" #name ".int_float(int a, float b) -> float", K {                                        \
        const double x = double(int_arg(a, 0)), y = float_arg(a, 1);                                     \
        return {IValue(double(expr))};                                                                   \
    });                                                                                                  \
    def("aten::" #name ".float_int(float a, int b) -> float", K {                                        \
        const double x = float_arg(a, 0), y = double(int_arg(a, 1));                                     \
        return {IValue(double(expr))};                                                                   \
    });
    MATH2(atan2, std::atan2(x, y)) MATH2(copysign, std::copysign(x, y)) MATH2(fmod, std::fmod(x, y))
#undef MATH2
    def("aten::log.int_int(int a, int b) -> float",
        K { return {IValue(std::log(double(int_arg(a, 0))) / std::log(double(int_arg(a, 1))))}; });
    def("aten::log.float_float(float a, float b) -> float",
        K { return {IValue(std::log(float_arg(a, 0)) / std::log(float_arg(a, 1)))}; });
    def("aten::log.int_float(int a, float b) -> float",
        K { return {IValue(std::log(double(int_arg(a, 0))) / std::log(float_arg(a, 1)))}; });
    def("aten::log.float_int(float a, int b) -> float",
        K { return {IValue(std::log(float_arg(a, 0)) / std::log(double(int_arg(a, 1))))}; });

    // ---- comparisons ----
#define COMPARE(name, op)                                                                                \
    def("aten::" #name ".int(int a, int b) -> bool", K { return {IValue(int_arg(a, 0) op int_arg(a, 1))}; }); \
    def("aten::" #name ".float(float a, float b) -> bool",                                               \
        K { return {IValue(float_arg(a, 0) op float_arg(a, 1))}; });                                      \
    def("aten::" #name ".int_float(int a, float b) -> bool",                                             \
        K { return {IValue(double(int_arg(a, 0)) op float_arg(a, 1))}; });                                \
    def("aten::" #name ".float_int(float a, int b) -> bool",                                             \
        K { return {IValue(float_arg(a, 0) op double(int_arg(a, 1)))}; });                                \
    def("aten::" #name "(Scalar a, Scalar b) -> bool", K {                                               \
        const IValue &x = a.at(0), &y = a.at(1);                                                         \
        if (!x.is_double() && !y.is_double()) return {IValue(x.to_scalar().to_int() op y.to_scalar().to_int())}; \
        return {IValue(x.to_scalar().to_double() op y.to_scalar().to_double())};                         \
    });
    COMPARE(lt, <) COMPARE(gt, >) COMPARE(le, <=) COMPARE(ge, >=) COMPARE(eq, ==) COMPARE(ne, !=)
#undef COMPARE
    def("aten::eq.str(str a, str b) -> bool", K { return {IValue(str_arg(a, 0) == str_arg(a, 1))}; });
    def("aten::ne.str(str a, str b) -> bool", K { return {IValue(str_arg(a, 0) != str_arg(a, 1))}; });
    def("aten::eq.bool(bool a, bool b) -> bool", K { return {IValue(bool_arg(a, 0) == bool_arg(a, 1))}; });
    def("aten::ne.bool(bool a, bool b) -> bool", K { return {IValue(bool_arg(a, 0) != bool_arg(a, 1))}; });
    // `self.pe.device != x.device` (a cache moved to its input's device)
    def("aten::eq.device(Device a, Device b) -> bool", K { return {IValue(a.at(0).to_device() == a.at(1).to_device())}; });
    def("aten::ne.device(Device a, Device b) -> bool", K { return {IValue(a.at(0).to_device() != a.at(1).to_device())}; });
    def("aten::eq.int_list(int[] a, int[] b) -> bool",
        K { return {IValue(a.at(0).to_int_list() == a.at(1).to_int_list())}; });
    // `x in [a, b]` / `reduction not in ('none', 'sum')` (a homogeneous tuple converts to the list):
    // the list overloads of aten::__contains__, PyTorch's str_list, int_list and float_list.
    def("aten::__contains__.int_list(int[] l, int item) -> bool", K {
        for (int64_t x : a.at(0).to_int_list())
            if (x == a.at(1).to_int()) return {IValue(true)};
        return {IValue(false)};
    });
    def("aten::__contains__.str_list(str[] l, str item) -> bool", K {
        for (const IValue& x : a.at(0).items())
            if (x.to_string() == a.at(1).to_string()) return {IValue(true)};
        return {IValue(false)};
    });
    def("aten::__contains__.float_list(float[] l, float item) -> bool", K {
        for (double x : a.at(0).to_double_list())
            if (x == a.at(1).to_double()) return {IValue(true)};
        return {IValue(false)};
    });
    // `if emissions.shape[:2] != tags.shape:` (pytorch-crf's _validate)
    def("aten::ne.int_list(int[] a, int[] b) -> bool",
        K { return {IValue(a.at(0).to_int_list() != a.at(1).to_int_list())}; });
    def("aten::__and__.bool(bool a, bool b) -> bool", K { return {IValue(bool_arg(a, 0) && bool_arg(a, 1))}; });
    def("aten::__or__.bool(bool a, bool b) -> bool", K { return {IValue(bool_arg(a, 0) || bool_arg(a, 1))}; });
    def("aten::__not__(bool self) -> bool", K { return {IValue(!bool_arg(a, 0))}; });
    def("aten::__is__(t1 self, t2 obj) -> bool", K { return {IValue(py_is(a.at(0), a.at(1)))}; });
    def("aten::__isnot__(t1 self, t2 obj) -> bool", K { return {IValue(!py_is(a.at(0), a.at(1)))}; });

    // ---- conversions ----
    def("aten::Int.Tensor(Tensor a) -> int", K { return {IValue(tensor_arg(a, 0).item().to_int())}; });
    def("aten::Int.float(float a) -> int", K {
        const double v = float_arg(a, 0);
        KILN_CHECK(std::isfinite(v), ValueError, "cannot convert float ", py_float_repr(v), " to integer");
        return {IValue(int64_t(v))};
    });
    def("aten::Int.bool(bool a) -> int", K { return {IValue(int64_t(bool_arg(a, 0)))}; });
    def("aten::Int.Scalar(Scalar a) -> int", K { return {IValue(scalar_arg(a, 0).to_int())}; });
    def("aten::Float.Tensor(Tensor a) -> float", K { return {IValue(tensor_arg(a, 0).item().to_double())}; });
    def("aten::Float.int(int a) -> float", K { return {IValue(double(int_arg(a, 0)))}; });
    def("aten::Float.Scalar(Scalar a) -> float", K { return {IValue(scalar_arg(a, 0).to_double())}; });
    // float(s) / int(s) of a str as PyTorch's register_prim_ops: std::stod / std::stoll (leading
    // whitespace, "nan", "inf", hex floats accepted), the whole string consumed or its error; a
    // string std::stod cannot start on fails with the library's own what() ("stod"), as there.
    def("aten::Float.str(str a) -> float", K {
        const std::string& s = str_arg(a, 0);
        size_t used = 0;
        double v = 0;
        try {
            v = std::stod(s, &used);
        } catch (const std::exception& e) {
            KILN_FAIL(RuntimeError, e.what());
        }
        KILN_CHECK(used == s.size(), RuntimeError, "could not convert string to float: '", s, "'");
        return {IValue(v)};
    });
    def("aten::Int.str(str a) -> int", K {
        const std::string& s = str_arg(a, 0);
        size_t used = 0;
        long long v = 0;
        try {
            v = std::stoll(s, &used);
        } catch (const std::exception& e) {
            KILN_FAIL(RuntimeError, e.what());
        }
        KILN_CHECK(used == s.size(), RuntimeError, "invalid literal for int() with base 10: '", s, "'");
        return {IValue(int64_t(v))};
    });
    def("aten::Bool.Tensor(Tensor a) -> bool", K { return {IValue(tensor_arg(a, 0).item().to_bool())}; });
    def("aten::Bool.int(int a) -> bool", K { return {IValue(int_arg(a, 0) != 0)}; });
    def("aten::Bool.float(float a) -> bool", K { return {IValue(float_arg(a, 0) != 0.0)}; });
    def("aten::ScalarImplicit(Tensor a) -> Scalar", K {
        const Tensor& t = tensor_arg(a, 0);
        KILN_CHECK(t.dim() == 0, RuntimeError, "ScalarImplicit: expected a 0-dim tensor, got ", t.dim(), " dims");
        return {IValue::scalar(t.item())};
    });
    // TorchScript's implicit tensor-to-number conversions (an int formal given a tensor), with
    // checkImplicitTensorToNum's errors.
    auto implicit_number = [](const Tensor& t, bool to_int) {
        KILN_CHECK(!t.requires_grad(), RuntimeError, "Cannot input a tensor that requires grad as a scalar argument");
        KILN_CHECK(t.dim() == 0, RuntimeError, "Cannot input a tensor of dimension other than 0 as a scalar argument");
        KILN_CHECK(!to_int || dtype_is_integral(t.dtype(), false), RuntimeError,
                   "Cannot input a tensor of type ", dtype_scalar_type_name(t.dtype()), " as an integral argument");
        return t.item();
    };
    def("aten::IntImplicit(Tensor a) -> int",
        [implicit_number](IValueList& a) -> IValueList { return {IValue(implicit_number(tensor_arg(a, 0), true).to_int())}; });
    def("aten::FloatImplicit(Tensor a) -> float", [implicit_number](IValueList& a) -> IValueList {
        return {IValue(implicit_number(tensor_arg(a, 0), false).to_double())};
    });
    def("aten::item(Tensor self) -> Scalar", K { return {IValue::scalar(tensor_arg(a, 0).item())}; });
    def("aten::str(t elem) -> str", K { return {IValue(py_str(a.at(0)))}; });

    // ---- tensor queries ----
    def("aten::size.int(Tensor self, int dim) -> int", K { return {IValue(tensor_arg(a, 0).size(int_arg(a, 1)))}; });
    // torch.export's record of a dynamic dim's size (PyTorch's SymInt result is an int here).
    def("aten::sym_size.int(Tensor self, int dim) -> int", K { return {IValue(tensor_arg(a, 0).size(int_arg(a, 1)))}; });
    def("aten::size(Tensor self) -> int[]", K { return {IValue::int_list(tensor_arg(a, 0).sizes())}; });
    def("aten::dim(Tensor self) -> int", K { return {IValue(tensor_arg(a, 0).dim())}; });
    def("aten::numel(Tensor self) -> int", K { return {IValue(tensor_arg(a, 0).numel())}; });
    def("aten::is_floating_point(Tensor self) -> bool", K { return {IValue(tensor_arg(a, 0).is_floating_point())}; });
    // Tensor properties TorchScript reads as prim ops (SimpleValue::attr's builtin_properties):
    // x.is_cuda, x.is_nested, x.requires_grad, x.ndim... Kiln's tensors are strided and dense on
    // the CPU, CUDA or meta device, so the other layouts' and backends' flags are False.
    def("prim::is_cuda(Tensor a) -> bool", K { return {IValue(tensor_arg(a, 0).device() == Device::CUDA)}; });
    def("prim::is_cpu(Tensor a) -> bool", K { return {IValue(tensor_arg(a, 0).device() == Device::CPU)}; });
    def("prim::is_meta(Tensor a) -> bool", K { return {IValue(tensor_arg(a, 0).is_meta())}; });
    for (const char* flag : {"is_nested", "is_sparse", "is_sparse_csr", "is_mkldnn", "is_quantized", "is_xla", "is_xpu",
                             "is_mps", "is_mtia", "is_vulkan", "is_ipu", "is_maia"})
        def(std::string("prim::") + flag + "(Tensor a) -> bool", K { (void)tensor_arg(a, 0); return {IValue(false)}; });
    // torch.is_autocast_enabled() in TorchScript: autocast for CUDA, as the unargumented Python call.
    def("aten::is_autocast_enabled() -> bool", K { (void)a; return {IValue(amp::enabled(Device::CUDA))}; });
    def("aten::is_grad_enabled() -> bool", K { (void)a; return {IValue(autograd::grad_enabled())}; });
    def("aten::is_autocast_cpu_enabled() -> bool", K { (void)a; return {IValue(amp::enabled(Device::CPU))}; });
    def("prim::requires_grad(Tensor a) -> bool", K { return {IValue(tensor_arg(a, 0).requires_grad())}; });
    def("prim::ndim(Tensor a) -> int", K { return {IValue(tensor_arg(a, 0).dim())}; });
    def("aten::len.Tensor(Tensor t) -> int", K {
        const Tensor& t = tensor_arg(a, 0);
        KILN_CHECK(t.dim() > 0, TypeError, "len() of a 0-d tensor");
        return {IValue(t.size(0))};
    });

    // ---- lists ----
    def("aten::len.t(t[] a) -> int", K { return {IValue(int64_t(a.at(0).items().size()))}; });
    def("aten::len.str(str s) -> int", K { return {IValue(int64_t(str_arg(a, 0).size()))}; });
    def("aten::__getitem__.t(t[](a) list, int idx) -> t(*)", K {
        const IValueList& items = a.at(0).items();
        return {items[size_t(list_index(items, int_arg(a, 1)))]};
    });
    def("aten::_set_item.t(t[](a!) l, int idx, t(b -> *) el) -> t[](a!)", K {
        IValueList& items = a.at(0).items();
        items[size_t(list_index(items, int_arg(a, 1)))] = a.at(2);
        return {a.at(0)};
    });
    // Appends to the shared element vector: every copy of the list sees the new element.
    def("aten::append.t(t[](a!) self, t(c -> *) el) -> t[](a!)", K {
        a.at(0).items().push_back(a.at(1));
        return {a.at(0)};
    });
    def("aten::list.t(t[] l) -> t[]", K { return {IValue::list(a.at(0).items())}; });
    // Python's list methods (register_prim_ops' listCopy, listExtend, listInsert, listPop, ...):
    // the mutating ones change the shared element vector, as append does.
    def("aten::copy.t(t[](a) self) -> t[]", K { return {IValue::list(a.at(0).items())}; });
    def("aten::extend.t(t[](a!) self, t[] other) -> ()", K {
        IValueList more = a.at(1).items();  // a copy: xs.extend(xs) doubles once
        IValueList& items = a.at(0).items();
        items.insert(items.end(), more.begin(), more.end());
        return {};
    });
    def("aten::insert.t(t[](a!) self, int idx, t(b -> *) el) -> ()", K {
        IValueList& items = a.at(0).items();
        const auto n = int64_t(items.size());
        int64_t i = int_arg(a, 1);
        if (i < 0) i = std::max<int64_t>(0, i + n);  // Python clamps the position
        i = std::min(i, n);
        items.insert(items.begin() + i, a.at(2));
        return {};
    });
    def("aten::pop.t(t[](a!) self, int idx=-1) -> t(*)", K {
        IValueList& items = a.at(0).items();
        KILN_CHECK(!items.empty(), IndexError, "pop from empty list");
        const int64_t i = list_index(items, int_arg(a, 1));
        IValue v = items[size_t(i)];
        items.erase(items.begin() + i);
        return {v};
    });
    def("aten::clear.t(t[](a!) self) -> ()", K {
        a.at(0).items().clear();
        return {};
    });
    def("aten::reverse.t(t[](a!) self) -> ()", K {
        IValueList& items = a.at(0).items();
        std::reverse(items.begin(), items.end());
        return {};
    });
    // list.sort(reverse=False) on ints, floats and strings.
    for (const char* t : {"int", "float", "str"}) {
        const std::string k = t;
        def("aten::sort." + k + "(" + k + "[](a!) self, bool reverse=False) -> ()", K {
            IValueList& items = a.at(0).items();
            const bool rev = a.at(1).to_bool();
            std::stable_sort(items.begin(), items.end(), [&](const IValue& x, const IValue& y) {
                bool lt = x.is_string() ? x.to_string() < y.to_string() : x.to_double() < y.to_double();
                bool gt = x.is_string() ? y.to_string() < x.to_string() : y.to_double() < x.to_double();
                return rev ? gt : lt;
            });
            return {};
        });
    }
    // sum/any/all of a list, and the builtins min/max (prim::min/prim::max: two numbers, or a list).
    def("aten::sum.int(int[] self) -> int", K {
        int64_t s = 0;
        for (int64_t x : a.at(0).to_int_list()) s = wrap_add(s, x);
        return {IValue(s)};
    });
    def("aten::sum.float(float[] self) -> float", K {
        double s = 0;
        for (const IValue& x : a.at(0).items()) s += x.to_double();
        return {IValue(s)};
    });
    def("aten::sum.bool(bool[] self) -> int", K {
        int64_t s = 0;
        for (const IValue& x : a.at(0).items()) s += x.to_bool() ? 1 : 0;
        return {IValue(s)};
    });
    def("aten::any.bool(bool[] self) -> bool", K {
        for (const IValue& x : a.at(0).items())
            if (x.to_bool()) return {IValue(true)};
        return {IValue(false)};
    });
    def("aten::all.bool(bool[] self) -> bool", K {
        for (const IValue& x : a.at(0).items())
            if (!x.to_bool()) return {IValue(false)};
        return {IValue(true)};
    });
#define PRIM_EXTREMUM(name, pick)                                                                        \
    def("prim::" #name ".int(int a, int b) -> int", K { return {IValue(pick(int_arg(a, 0), int_arg(a, 1)))}; }); \
    def("prim::" #name ".float(float a, float b) -> float", K { return {IValue(pick(float_arg(a, 0), float_arg(a, 1)))}; }); \
    def("prim::" #name ".int_float(int a, float b) -> float",                                             \
        K { return {IValue(pick(double(int_arg(a, 0)), float_arg(a, 1)))}; });                           \
    def("prim::" #name ".float_int(float a, int b) -> float",                                             \
        K { return {IValue(pick(float_arg(a, 0), double(int_arg(a, 1))))}; });                           \
    def("prim::" #name ".self_float(float[] self) -> float", K {                                           \
        const IValueList& xs = a.at(0).items();                                                          \
        KILN_CHECK(!xs.empty(), RuntimeError, #name "() arg is an empty sequence");                     \
        double m = xs[0].to_double();                                                                    \
        for (const IValue& x : xs) m = pick(m, x.to_double());                                           \
        return {IValue(m)};                                                                              \
    });
    PRIM_EXTREMUM(min, std::min) PRIM_EXTREMUM(max, std::max)
#undef PRIM_EXTREMUM
    def("prim::max.self_int(int[] self) -> int", K {
        std::vector<int64_t> xs = a.at(0).to_int_list();
        KILN_CHECK(!xs.empty(), RuntimeError, "max() arg is an empty sequence");
        return {IValue(*std::max_element(xs.begin(), xs.end()))};
    });
    // str methods (register_prim_ops' string ops): start/end bound the search as Python's
    // slice does, with PyTorch's end=-1 meaning the end of the string.
    auto bounds = [](const std::string& str, int64_t start, int64_t end) {
        const auto n = int64_t(str.size());
        if (start < 0) start = std::max<int64_t>(0, start + n);
        if (end < 0) end = std::max<int64_t>(0, end + n + 1);
        return std::make_pair(std::min(start, n), std::min(end, n));
    };
    def("aten::startswith(str self, str substr, int start=0, int end=-1) -> bool", [bounds](IValueList& a) -> IValueList {
        const std::string& str = str_arg(a, 0);
        const std::string& sub = str_arg(a, 1);
        auto [lo, hi] = bounds(str, int_arg(a, 2), int_arg(a, 3));
        return {IValue(hi - lo >= int64_t(sub.size()) && str.compare(size_t(lo), sub.size(), sub) == 0)};
    });
    def("aten::endswith(str self, str substr, int start=0, int end=-1) -> bool", [bounds](IValueList& a) -> IValueList {
        const std::string& str = str_arg(a, 0);
        const std::string& sub = str_arg(a, 1);
        auto [lo, hi] = bounds(str, int_arg(a, 2), int_arg(a, 3));
        return {IValue(hi - lo >= int64_t(sub.size()) && str.compare(size_t(hi) - sub.size(), sub.size(), sub) == 0)};
    });
    def("aten::find(str self, str substr, int start=0, int end=-1) -> int", [bounds](IValueList& a) -> IValueList {
        const std::string& str = str_arg(a, 0);
        const std::string& sub = str_arg(a, 1);
        auto [lo, hi] = bounds(str, int_arg(a, 2), int_arg(a, 3));
        size_t at = str.substr(size_t(lo), size_t(std::max<int64_t>(0, hi - lo))).find(sub);
        return {IValue(at == std::string::npos ? int64_t(-1) : int64_t(at) + lo)};
    });
    def("aten::upper(str self) -> str", K {
        std::string out = str_arg(a, 0);
        for (char& ch : out) ch = char(std::toupper(static_cast<unsigned char>(ch)));
        return {IValue(out)};
    });
    def("aten::lower(str self) -> str", K {
        std::string out = str_arg(a, 0);
        for (char& ch : out) ch = char(std::tolower(static_cast<unsigned char>(ch)));
        return {IValue(out)};
    });
    def("aten::strip(str self, str chars=\" \\n\\t\\f\\v\") -> str", K {
        const std::string& str = str_arg(a, 0);
        const std::string& chars = str_arg(a, 1);
        size_t lo = str.find_first_not_of(chars);
        if (lo == std::string::npos) return {IValue(std::string())};
        size_t hi = str.find_last_not_of(chars);
        return {IValue(str.substr(lo, hi - lo + 1))};
    });
    def("aten::replace(str self, str old, str new, int max=-1) -> str", K {
        const std::string& str = str_arg(a, 0);
        const std::string& from = str_arg(a, 1);
        const std::string& to = str_arg(a, 2);
        int64_t left = int_arg(a, 3);
        std::string out;
        size_t pos = 0;
        while (left != 0 && !from.empty()) {
            size_t at = str.find(from, pos);
            if (at == std::string::npos) break;
            out += str.substr(pos, at - pos) + to;
            pos = at + from.size();
            if (left > 0) --left;
        }
        return {IValue(out + str.substr(pos))};
    });
    def("aten::join(str self, str[] values) -> str", K {
        const std::string& sep = str_arg(a, 0);
        std::string out;
        const IValueList& items = a.at(1).items();
        for (size_t i = 0; i < items.size(); ++i) out += (i ? sep : "") + items[i].to_string();
        return {IValue(out)};
    });
    def("aten::split.str(str self, str? separator=None, int max=-1) -> str[]", K {
        const std::string& str = str_arg(a, 0);
        int64_t left = int_arg(a, 2);
        IValueList out;
        if (a.at(1).is_none()) {
            // Runs of whitespace separate; leading and trailing ones give no empty strings.
            size_t pos = str.find_first_not_of(" \t\n\r\f\v");
            while (pos != std::string::npos) {
                if (left == 0) {
                    size_t end = str.find_last_not_of(" \t\n\r\f\v");
                    out.push_back(IValue(str.substr(pos, end - pos + 1)));
                    break;
                }
                size_t end = str.find_first_of(" \t\n\r\f\v", pos);
                out.push_back(IValue(str.substr(pos, end == std::string::npos ? std::string::npos : end - pos)));
                if (left > 0) --left;
                pos = end == std::string::npos ? end : str.find_first_not_of(" \t\n\r\f\v", end);
            }
            return {IValue::list(std::move(out))};
        }
        const std::string& sep = a.at(1).to_string();
        KILN_CHECK(!sep.empty(), RuntimeError, "ValueError: empty separator");
        size_t pos = 0;
        for (size_t at; left != 0 && (at = str.find(sep, pos)) != std::string::npos; pos = at + sep.size()) {
            out.push_back(IValue(str.substr(pos, at - pos)));
            if (left > 0) --left;
        }
        out.push_back(IValue(str.substr(pos)));
        return {IValue::list(std::move(out))};
    });
    // The trip count of a loop over zip()/enumerate() (IterableTree::len): the least of the lengths.
    def("prim::min.self_int(int[] self) -> int", K {
        std::vector<int64_t> xs = a.at(0).to_int_list();
        KILN_CHECK(!xs.empty(), RuntimeError, "min() arg is an empty sequence");
        return {IValue(*std::min_element(xs.begin(), xs.end()))};
    });
    // xs[a:b:c] and s[a:b:c] on lists and strings, with Python's slice rules.
    def("aten::slice.t(t[] l, int? start=None, int? end=None, int step=1) -> t[]", K {
        const IValueList& items = a.at(0).items();
        IValueList out;
        for (int64_t i : slice_indices(int64_t(items.size()), opt_int(a, 1), opt_int(a, 2), int_arg(a, 3)))
            out.push_back(items[size_t(i)]);
        return {IValue::list(std::move(out))};
    });
    def("aten::slice.str(str string, int? start=None, int? end=None, int step=1) -> str", K {
        const std::string& str = str_arg(a, 0);
        std::string out;
        for (int64_t i : slice_indices(int64_t(str.size()), opt_int(a, 1), opt_int(a, 2), int_arg(a, 3)))
            out += str[size_t(i)];
        return {IValue(out)};
    });

    // ---- dicts ----
    // One set per key type, named as PyTorch names them: Dict_str/str for str keys, Dict_int/int for int.
    for (const char* key : {"str", "int"}) {
        const std::string k = key, d = "Dict(" + k + ", t)";
        def("aten::__getitem__.Dict_" + k + "(" + d + " self, " + k + " key) -> t(*)", K {
            IValue* v = a.at(0).dict_find(a.at(1));
            KILN_CHECK(v, KeyError, a.at(1).is_string() ? py_str_repr(a.at(1).to_string()) : py_str(a.at(1)));
            return {*v};
        });
        def("aten::_set_item." + k + "(" + d + "(a!) l, " + k + "(b -> *) idx, t(c -> *) v) -> ()", K {
            a.at(0).dict_set(a.at(1), a.at(2));
            return {};
        });
        def("aten::__contains__." + k + "(" + d + " dict, " + k + " key) -> bool",
            K { return {IValue(a.at(0).dict_find(a.at(1)) != nullptr)}; });
        def("aten::len.Dict_" + k + "(" + d + " self) -> int",
            K { return {IValue(int64_t(a.at(0).dict_entries().size() / 2))}; });
        def("aten::keys." + k + "(" + d + " self) -> " + k + "[](*)", K {
            const IValueList& e = a.at(0).dict_entries();
            IValueList out;
            for (size_t i = 0; i + 1 < e.size(); i += 2) out.push_back(e[i]);
            return {IValue::list(std::move(out))};
        });
        def("aten::values." + k + "(" + d + " self) -> t[](*)", K {
            const IValueList& e = a.at(0).dict_entries();
            IValueList out;
            for (size_t i = 0; i + 1 < e.size(); i += 2) out.push_back(e[i + 1]);
            return {IValue::list(std::move(out))};
        });
        def("aten::items." + k + "(" + d + " self) -> ((" + k + ", t)[])", K {
            const IValueList& e = a.at(0).dict_entries();
            IValueList out;
            for (size_t i = 0; i + 1 < e.size(); i += 2) out.push_back(IValue::tuple({e[i], e[i + 1]}));
            return {IValue::list(std::move(out))};
        });
        def("aten::get." + k + "(" + d + " self, " + k + " key) -> t(*)?", K {
            IValue* v = a.at(0).dict_find(a.at(1));
            return {v ? *v : IValue()};
        });
    }
}

}  // namespace kiln::graph
