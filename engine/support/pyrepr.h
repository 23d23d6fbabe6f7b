// Python's repr() for floats and strings, shared by every printer that shows Python values:
// Scalar::repr, the token and AST dumps, code-object constants, and later the VM's print().
#pragma once
#include <string>

namespace kiln {

// repr(float): the shortest digits that read back exactly; fixed notation for decimal exponents in
// [-4, 16), scientific otherwise ("1e-05", "1e+16"); "nan", "inf", "-0.0".
std::string py_float_repr(double v);
// The shortest decimal digits that read back as v (as a float when single), the closest to v among
// them (CPython's repr, NumPy's Dragon4 unique mode): digits without the point ("5960464477539063")
// and the decimal exponent of the first one (-8), sign in `negative`. v must be finite.
void shortest_digits(double v, bool single, std::string& digits, int& exponent, bool& negative);
// repr(complex): "1j", "(1+2j)", "(-0-1j)", "(nan+infj)": each part as repr(float) without a
// trailing ".0"; the real part and the parentheses only when the real part is not +0.0.
std::string py_complex_repr(double re, double im);
// repr(str): single quotes unless the text has a single quote and no double quote; escapes
// backslash, the chosen quote, \n \r \t, other control characters (\x..) and the non-printable
// non-ASCII characters (\x85, \xa0, \u200b, \U000e0001, ...), as CPython's str.isprintable()
// decides.
std::string py_str_repr(const std::string& s);

}  // namespace kiln
