// Python's complex type (see complex.h): CPython 3.12's complexobject.c in Kiln's object model.
#include "vm/complex.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>

#include "support/pyrepr.h"
#include "vm/args.h"
#include "vm/int_big.h"
#include "vm/interpreter.h"
#include "vm/ops.h"
#include "vm/pyhash.h"
#include "vm/text_format.h"
#include "vm/typetable.h"
#include "vm/types.h"

// CPython's complex arithmetic rounds each product on its own: no fused multiply-adds
// ((1e-3+1e-3j)**2 is exactly 2e-06j only without them).
#if defined(__clang__)
#pragma clang fp contract(off)
#elif defined(__GNUC__)
#pragma GCC optimize("fp-contract=off")
#endif

namespace kiln::vm {

void check_method_receivers(Type* t);  // methods_core.cpp

namespace {

struct ComplexObj : NativeObj {
    ComplexObj(Type* t, double re, double im) : NativeObj(t), re(re), im(im) {}
    double re, im;
};

struct C {
    double re = 0, im = 0;
};

C c_sum(C a, C b) { return {a.re + b.re, a.im + b.im}; }
C c_diff(C a, C b) { return {a.re - b.re, a.im - b.im}; }
C c_prod(C a, C b) { return {a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re}; }

// _Py_c_quot: Smith's algorithm; errno EDOM for a zero divisor.
C c_quot(C a, C b, int& err) {
    const double abs_breal = b.re < 0 ? -b.re : b.re;
    const double abs_bimag = b.im < 0 ? -b.im : b.im;
    if (abs_breal >= abs_bimag) {
        if (abs_breal == 0.0) {
            err = EDOM;
            return {0, 0};
        }
        const double ratio = b.im / b.re, denom = b.re + b.im * ratio;
        return {(a.re + a.im * ratio) / denom, (a.im - a.re * ratio) / denom};
    }
    if (abs_bimag >= abs_breal) {
        const double ratio = b.re / b.im, denom = b.re * ratio + b.im;
        return {(a.re * ratio + a.im) / denom, (a.im * ratio - a.re) / denom};
    }
    return {NAN, NAN};  // NaNs
}

C c_pow(C a, C b, int& err) {
    if (b.re == 0. && b.im == 0.) return {1, 0};
    if (a.re == 0. && a.im == 0.) {
        if (b.im != 0. || b.re < 0.) err = EDOM;
        return {0, 0};
    }
    const double vabs = std::hypot(a.re, a.im);
    double len = std::pow(vabs, b.re);
    const double at = std::atan2(a.im, a.re);
    double phase = at * b.re;
    if (b.im != 0.0) {
        len /= std::exp(at * b.im);
        phase += b.im * std::log(vabs);
    }
    return {len * std::cos(phase), len * std::sin(phase)};
}

C c_powu(C x, long n) {
    C r{1, 0}, p = x;
    long mask = 1;
    while (mask > 0 && n >= mask) {
        if (n & mask) r = c_prod(r, p);
        mask <<= 1;
        p = c_prod(p, p);
    }
    return r;
}

C c_powi(C x, long n, int& err) {
    if (n > 0) return c_powu(x, n);
    return c_quot({1, 0}, c_powu(x, -n), err);
}

// complex_pow without the operand conversion.
Value pow_value(C a, C b) {
    int err = 0;
    errno = 0;
    C p = (b.im == 0.0 && b.re == std::floor(b.re) && std::fabs(b.re) <= 100.0) ? c_powi(a, long(b.re), err)
                                                                                : c_pow(a, b, err);
    if (err == 0 && errno == ERANGE) err = ERANGE;
    // _Py_ADJUST_ERANGE2
    if (std::isinf(p.re) || std::isinf(p.im)) {
        if (err == 0) err = ERANGE;
    } else if (err == ERANGE) {
        err = 0;
    }
    if (err == EDOM) raise(types().ZeroDivisionError, "0.0 to a negative or complex power");
    if (err == ERANGE) raise(types().OverflowError, "complex exponentiation");
    return new_complex(p.re, p.im);
}

// TO_COMPLEX: a complex, an int (bool, heap int) or a float as a complex; false for anything else.
bool operand(const Value& v, C& out) {
    if (complex_parts(v, out.re, out.im)) return true;
    if (v.is_float()) {
        out = {v.as_float(), 0};
        return true;
    }
    if (v.is_int() || v.is_bool()) {
        out = {double(v.is_int() ? v.as_int() : int64_t(v.as_bool())), 0};
        return true;
    }
    if (auto* b = big_of(v)) {
        out = {big_to_double(*b), 0};
        return true;
    }
    return false;
}

C complex_self(const CallArgs& a) {
    C c;
    complex_parts(a.args[0], c.re, c.im);
    return c;
}

// A binary dunder: self op other (reflected: other op self); NotImplemented for other operand types.
template <typename F>
NativeFn binary(bool reflected, F f) {
    return [reflected, f](Interpreter&, const CallArgs& a) -> Value {
        if (a.nargs != 2) raise(types().TypeError, "expected 1 argument");
        C x = complex_self(a), y;
        if (!operand(a.args[1], y)) return not_implemented();
        return reflected ? f(y, x) : f(x, y);
    };
}

Value div_value(C a, C b) {
    int err = 0;
    C r = c_quot(a, b, err);
    if (err) raise(types().ZeroDivisionError, "complex division by zero");
    return new_complex(r.re, r.im);
}

// complex_richcompare: == and != with numbers; NotImplemented otherwise (so < raises TypeError).
Value equals(const C& x, const Value& other, bool& ok) {
    ok = true;
    if (other.is_int() || other.is_bool() || is_big(other)) {
        if (x.im != 0) return Value::boolean(false);
        return Value::boolean(compare_int_float(other, x.re) == 0 && !std::isnan(x.re));
    }
    C y;
    if (operand(other, y)) return Value::boolean(x.re == y.re && x.im == y.im);
    ok = false;
    return not_implemented();
}

// A float literal at s (digits with an optional fraction and exponent, or inf/infinity/nan, each
// with an optional sign), as PyOS_string_to_double reads one; the end in `end`, false if none.
bool scan_double(const std::string& s, size_t pos, double& out, size_t& end) {
    size_t i = pos;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
    auto lower_match = [&](const char* w) {
        size_t n = std::strlen(w);
        if (s.size() - i < n) return false;
        for (size_t k = 0; k < n; ++k)
            if ((s[i + k] | 0x20) != w[k]) return false;
        return true;
    };
    if (lower_match("infinity")) {
        i += 8;
    } else if (lower_match("inf") || lower_match("nan")) {
        i += 3;
    } else {
        size_t digits = 0;
        while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) ++i, ++digits;
        if (i < s.size() && s[i] == '.') {
            ++i;
            while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) ++i, ++digits;
        }
        if (!digits) return false;
        if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
            size_t j = i + 1;
            if (j < s.size() && (s[j] == '+' || s[j] == '-')) ++j;
            if (j < s.size() && std::isdigit(static_cast<unsigned char>(s[j]))) {
                while (j < s.size() && std::isdigit(static_cast<unsigned char>(s[j]))) ++j;
                i = j;
            }
        }
    }
    out = std::strtod(s.substr(pos, i - pos).c_str(), nullptr);
    end = i;
    return true;
}

// complex_from_string_inner: "1+2j", "(1-2.5e3J)", "j", "-j", " 3 " (underscores between digits allowed).
C parse_complex(std::string text) {
    std::string s;
    for (size_t k = 0; k < text.size(); ++k) {
        if (text[k] == '_') {  // only between digits
            if (k == 0 || k + 1 >= text.size() || !std::isdigit(static_cast<unsigned char>(text[k - 1])) ||
                !std::isdigit(static_cast<unsigned char>(text[k + 1])))
                raise(types().ValueError, "complex() arg is a malformed string");
            continue;
        }
        s += text[k];
    }
    auto malformed = []() { raise(types().ValueError, "complex() arg is a malformed string"); };
    auto is_space = [](char ch) { return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r' || ch == '\f' || ch == '\v'; };
    size_t i = 0;
    while (i < s.size() && is_space(s[i])) ++i;
    bool bracket = false;
    if (i < s.size() && s[i] == '(') {
        bracket = true;
        ++i;
        while (i < s.size() && is_space(s[i])) ++i;
    }
    C z;
    double x;
    size_t end;
    if (scan_double(s, i, x, end)) {
        i = end;
        if (i < s.size() && (s[i] == '+' || s[i] == '-')) {
            z.re = x;
            double y;
            if (scan_double(s, i, y, end)) {
                z.im = y;
                i = end;
            } else {
                z.im = s[i] == '+' ? 1.0 : -1.0;
                ++i;
            }
            if (i >= s.size() || (s[i] != 'j' && s[i] != 'J')) malformed();
            ++i;
        } else if (i < s.size() && (s[i] == 'j' || s[i] == 'J')) {
            z.im = x;
            ++i;
        } else {
            z.re = x;
        }
    } else {
        z.im = 1.0;
        if (i < s.size() && (s[i] == '+' || s[i] == '-')) {
            if (s[i] == '-') z.im = -1.0;
            ++i;
        }
        if (i >= s.size() || (s[i] != 'j' && s[i] != 'J')) malformed();
        ++i;
    }
    while (i < s.size() && is_space(s[i])) ++i;
    if (bracket) {
        if (i >= s.size() || s[i] != ')') malformed();
        ++i;
        while (i < s.size() && is_space(s[i])) ++i;
    }
    if (i != s.size()) malformed();
    return z;
}

// One argument of complex(): a number, or an object with __complex__ / __float__ / __index__.
bool number_arg(Interpreter& in, const Value& v, C& out, bool& was_complex) {
    was_complex = false;
    if (complex_parts(v, out.re, out.im)) {
        was_complex = true;
        return true;
    }
    if (operand(v, out)) return true;
    if (Value f = find_dunder(v, "__complex__"); !f.is_null()) {
        Value r = in.call(f, {v});
        if (!complex_parts(r, out.re, out.im))
            raise(types().TypeError, str("__complex__ returned non-complex (type ", type_name(r), ")"));
        was_complex = true;
        return true;
    }
    if (Value f = find_dunder(v, "__float__"); !f.is_null()) {
        Value r = in.call(f, {v});
        if (!r.is_float()) raise(types().TypeError, str(type_name(v), ".__float__ returned non-float (type ", type_name(r), ")"));
        out = {r.as_float(), 0};
        return true;
    }
    if (Value f = find_dunder(v, "__index__"); !f.is_null()) {
        Value r = in.call(f, {v});
        return operand(r, out);
    }
    return false;
}

Value construct(Interpreter& in, const CallArgs& a) {
    static const Signature sig("complex(real=?, imag=?)");
    auto v = sig.bind(a);
    const Value& r = v[0];
    const Value& i = v[1];
    if (r.is_null() && i.is_null()) return new_complex(0, 0);
    if (!r.is_null() && r.is(Kind::Str)) {
        if (!i.is_null()) raise(types().TypeError, "complex() can't take second arg if first is a string");
        C z = parse_complex(str_of(r));
        return new_complex(z.re, z.im);
    }
    if (!i.is_null() && i.is(Kind::Str)) raise(types().TypeError, "complex() second arg can't be a string");
    C cr, ci;
    bool cr_complex = false, ci_complex = false;
    if (!r.is_null() && !number_arg(in, r, cr, cr_complex))
        raise(types().TypeError,
              str("complex() first argument must be a string or a number, not '", type_name(r), "'"));
    if (!i.is_null() && !number_arg(in, i, ci, ci_complex))
        raise(types().TypeError, str("complex() second argument must be a number, not '", type_name(i), "'"));
    if (i.is_null()) return cr_complex ? new_complex(cr.re, cr.im) : new_complex(cr.re, 0.0);
    // complex(a, b) is a + b*1j, the parts kept apart so that signed zeros survive.
    C out;
    if (ci_complex) {
        out.re = cr.re - ci.im;
        out.im = cr.im + ci.re;
        if (!cr_complex) out.im = ci.re;
    } else {
        out.re = cr.re;
        out.im = cr_complex ? cr.im + ci.re : ci.re;
    }
    return new_complex(out.re, out.im);
}

std::string repr_of(const CallArgs& a) {
    C z = complex_self(a);
    return py_complex_repr(z.re, z.im);
}

Type* make_type() {
    Type* t = make_builtin_type("complex", types().object, Kind::Native);
    t->construct = construct;
    def_property(t, "real", [](Interpreter&, const CallArgs& a) { return Value::number(complex_self(a).re); });
    def_property(t, "imag", [](Interpreter&, const CallArgs& a) { return Value::number(complex_self(a).im); });
    def_method(t, "conjugate", [](Interpreter&, const CallArgs& a) {
        C z = complex_self(a);
        return new_complex(z.re, -z.im);
    });
    def_method(t, "__complex__", [](Interpreter&, const CallArgs& a) {
        C z = complex_self(a);
        return new_complex(z.re, z.im);
    });
    def_method(t, "__getnewargs__", [](Interpreter&, const CallArgs& a) {
        C z = complex_self(a);
        return new_tuple({Value::number(z.re), Value::number(z.im)});
    });
    def_method(t, "__repr__", [](Interpreter&, const CallArgs& a) { return new_str(repr_of(a)); });
    def_method(t, "__str__", [](Interpreter&, const CallArgs& a) { return new_str(repr_of(a)); });
    // format(z, spec): no spec is str(z); otherwise text::format_complex (CPython's layout and errors).
    def_method(t, "__format__", [](Interpreter&, const CallArgs& a) {
        if (a.nargs != 2) raise(types().TypeError, str("complex.__format__() takes exactly one argument (", a.nargs - 1, " given)"));
        if (!a.args[1].is(Kind::Str))
            raise(types().TypeError, str("__format__() argument must be str, not ", type_name(a.args[1])));
        const std::string& spec = str_of(a.args[1]);
        if (spec.empty()) return new_str(repr_of(a));
        C z = complex_self(a);
        return new_str(text::format_complex(z.re, z.im, spec));
    });
    def_method(t, "__hash__", [](Interpreter&, const CallArgs& a) {
        C z = complex_self(a);
        uint64_t h = uint64_t(pyhash::of_double(z.re)) + 1000003ull * uint64_t(pyhash::of_double(z.im));
        return Value::integer(pyhash::fix(h));
    });
    def_method(t, "__bool__", [](Interpreter&, const CallArgs& a) {
        C z = complex_self(a);
        return Value::boolean(z.re != 0 || z.im != 0);
    });
    def_method(t, "__neg__", [](Interpreter&, const CallArgs& a) {
        C z = complex_self(a);
        return new_complex(-z.re, -z.im);
    });
    def_method(t, "__pos__", [](Interpreter&, const CallArgs& a) {
        C z = complex_self(a);
        return new_complex(z.re, z.im);
    });
    def_method(t, "__abs__", [](Interpreter&, const CallArgs& a) {
        C z = complex_self(a);
        if (std::isinf(z.re) || std::isinf(z.im)) return Value::number(INFINITY);
        if (std::isnan(z.re) || std::isnan(z.im)) return Value::number(NAN);
        double r = std::hypot(z.re, z.im);
        if (std::isinf(r)) raise(types().OverflowError, "absolute value too large");
        return Value::number(r);
    });
    def_method(t, "__add__", binary(false, [](C x, C y) { C r = c_sum(x, y); return new_complex(r.re, r.im); }));
    def_method(t, "__radd__", binary(true, [](C x, C y) { C r = c_sum(x, y); return new_complex(r.re, r.im); }));
    def_method(t, "__sub__", binary(false, [](C x, C y) { C r = c_diff(x, y); return new_complex(r.re, r.im); }));
    def_method(t, "__rsub__", binary(true, [](C x, C y) { C r = c_diff(x, y); return new_complex(r.re, r.im); }));
    def_method(t, "__mul__", binary(false, [](C x, C y) { C r = c_prod(x, y); return new_complex(r.re, r.im); }));
    def_method(t, "__rmul__", binary(true, [](C x, C y) { C r = c_prod(x, y); return new_complex(r.re, r.im); }));
    def_method(t, "__truediv__", binary(false, div_value));
    def_method(t, "__rtruediv__", binary(true, div_value));
    auto pow_fn = [](bool reflected) {
        return NativeFn([reflected](Interpreter&, const CallArgs& a) -> Value {
            if (a.nargs == 3 && !a.args[2].is_none()) raise(types().ValueError, "complex modulo");
            C x = complex_self(a), y;
            if (a.nargs < 2 || !operand(a.args[1], y)) return not_implemented();
            return reflected ? pow_value(y, x) : pow_value(x, y);
        });
    };
    def_method(t, "__pow__", pow_fn(false));
    def_method(t, "__rpow__", pow_fn(true));
    def_method(t, "__eq__", [](Interpreter&, const CallArgs& a) {
        bool ok;
        return equals(complex_self(a), a.args[1], ok);
    });
    def_method(t, "__ne__", [](Interpreter&, const CallArgs& a) {
        bool ok;
        Value r = equals(complex_self(a), a.args[1], ok);
        return ok ? Value::boolean(!r.as_bool()) : r;
    });
    for (const char* name : {"__lt__", "__le__", "__gt__", "__ge__"})
        def_method(t, name, [](Interpreter&, const CallArgs&) { return not_implemented(); });
    check_method_receivers(t);  // complex.conjugate(1.0) is a TypeError, as in CPython
    return t;
}

}  // namespace

Type* complex_type() {
    static Type* t = make_type();
    return t;
}

Value new_complex(double re, double im) { return Value(make<ComplexObj>(complex_type(), re, im).get()); }

bool complex_parts(const Value& v, double& re, double& im) {
    auto* z = native_cast<ComplexObj>(v);
    if (!z) return false;
    re = z->re;
    im = z->im;
    return true;
}

Value complex_power(double ar, double ai, double br, double bi) { return pow_value({ar, ai}, {br, bi}); }

}  // namespace kiln::vm
