// Python's two string-formatting languages, as CPython 3.11 formats them:
//  - format(value, spec) / f"{value:spec}" / str.format: the format-spec mini-language
//        [[fill]align][sign][z][#][0][width][grouping][.precision][type]
//    for int, float and str values;
//  - printf-style formatting, fmt % args.
// The VM unpacks its objects (bool, tensors and user classes are the caller's business: a bool is
// formatted as an int, other objects through str()/repr()) and calls these pure functions.
//
// Floats are exact: digits come from printf's %e/%f (exact and correctly rounded in glibc and in
// Emscripten's musl) and kiln::py_float_repr (shortest round-trip), laid out with Python's rules:
// two-digit exponents, repr's switch to exponent notation outside [1e-4, 1e16), 'g' trimming zeros
// unless '#', inf/nan, -0.0 and 'z', '%', grouping with zero-padding. 'n' behaves as in the C locale: like 'd' for ints and 'g' for floats, no grouping.
//
// Widths count code points of the UTF-8 result; the fill character may be any character.
//
// Errors throw kiln::Error with CPython's class and message (ValueError, TypeError, OverflowError).
#pragma once
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "vm/bigint.h"

namespace kiln::vm::text {

// format(v, spec) for an int. Types b c d o x X n and '' (= d); e E f F g G % convert to float first.
std::string format_int(int64_t v, std::string_view spec);
// format(v, spec) for an int beyond 64 bits (same rules; e/f/g/% convert to float first).
std::string format_bigint(const BigInt& v, std::string_view spec);
// format(v, spec) for a float. Types e E f F g G n % and '' (repr, or with a precision like 'g' but
// keeping at least one digit after the point and switching to exponent one digit earlier).
std::string format_float(double v, std::string_view spec);
// format(z, spec) for a complex with a non-empty spec (an empty one is str(z)). Types e E f F g G n
// and '' (repr-like parts in parentheses); no zero padding, no '=' alignment.
std::string format_complex(double re, double im, std::string_view spec);
// format(s, spec) for a str: type s or ''; precision truncates.
std::string format_str(std::string_view s, std::string_view spec);

// ascii(x) from repr(x): every non-ASCII character escaped as \xNN, \uNNNN or \UNNNNNNNN.
std::string ascii_escape(std::string_view repr);

// One argument of a % format, converted by the caller.
struct PercentArg {
    enum Kind { Int, Float, Other, Big } kind = Other;  // Other: str, None, lists... (%s %r %a, and %c for a str)
    BigInt big;                                     // Big: an int beyond 64 bits
    int64_t i = 0;                                  // Int (a bool is passed as Int)
    double f = 0;                                   // Float
    std::string str, repr;                          // str(x) and repr(x), filled unless made lazily:
    // An object's str() and repr() run user code (__str__, __repr__): CPython's %s calls only str()
    // and %r only repr(), so the caller may give these instead, called when the conversion asks.
    std::function<std::string()> make_str, make_repr;
    std::string str_text() const { return make_str ? make_str() : str; }
    std::string repr_text() const { return make_repr ? make_repr() : repr; }
    std::string type_name;                          // type(x).__name__, for TypeError messages
    // Other objects with the number protocol (CPython's PyNumber_Check: __index__, __int__ or __float__,
    // e.g. a one-element tensor or a NumPy scalar), converted only when a numeric conversion asks:
    // as_long is PyNumber_Long (%d %i %u), as_index is PyNumber_Index (%o %x %X), both giving an Int or
    // Big argument, or an empty optional where CPython's conversion raises TypeError (the conversion's
    // own "%d format: ..." message follows); as_double is PyFloat_AsDouble (%e %f %g). The callers'
    // other errors propagate.
    std::function<std::optional<PercentArg>()> as_long, as_index;
    std::function<double()> as_double;

    static PercentArg from_int(int64_t v);          // str/repr/type_name filled ("int")
    static PercentArg from_float(double v);         // ("float", repr via py_float_repr)
    static PercentArg from_str(std::string s);      // ("str", repr via py_str_repr)
};

// fmt % tuple(args): %d %i %u %o %x %X %e %E %f %F %g %G %c %s %r %a and %%, with flags "-+ #0",
// width, .precision, '*' for either (taken from Int args), and the ignored length modifiers h l L.
// One argument per conversion (a caller formatting `fmt % x` with a non-tuple x passes {x}).
// %(name)s needs a mapping and throws TypeError "format requires a mapping".
std::string percent_format(std::string_view fmt, const std::vector<PercentArg>& args);

}  // namespace kiln::vm::text
