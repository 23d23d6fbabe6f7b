// Python's complex numbers (CPython 3.12's complexobject.c): a ComplexObj is a NativeObj of type
// `complex` holding two doubles. Literals (2j) come from the lexer as ComplexConst constants;
// arithmetic with int/float/bool goes through the type's dunders (complex is not a core kind), with
// CPython's algorithms (Smith's division, c_powi's repeated squaring for small integer powers) and
// its messages, repr ("(1+2j)", "-0j"), hash and constructor (numbers, strings, __complex__).
#pragma once
#include "vm/object.h"

namespace kiln::vm {

class Interpreter;

struct Type;
Type* complex_type();                           // made on first use
Value new_complex(double re, double im);
// The parts of a complex (its subclasses' too), else false.
bool complex_parts(const Value& v, double& re, double& im);
inline bool is_complex_value(const Value& v) {
    double re, im;
    return v.is_obj() && complex_parts(v, re, im);
}
// x ** y for floats whose result is complex (a negative base, a fractional exponent): float_pow's
// hand-over to complex_pow.
Value complex_power(double ar, double ai, double br, double bi);

}  // namespace kiln::vm
