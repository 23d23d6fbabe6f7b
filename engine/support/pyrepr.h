// Python's repr() for floats and strings, shared by every printer that shows Python values:
// Scalar::repr, the token and AST dumps, code-object constants, and later the VM's print().
#pragma once
#include <string>

namespace kiln {

// repr(float): the shortest digits that read back exactly; fixed notation for decimal exponents in
// [-4, 16), scientific otherwise ("1e-05", "1e+16"); "nan", "inf", "-0.0".
std::string py_float_repr(double v);
// repr(str): single quotes unless the text has a single quote and no double quote; escapes
// backslash, the chosen quote, \n \r \t, other control characters (\x..) and the non-printable
// non-ASCII characters (\x85, \xa0, \u200b, \U000e0001, ...), as CPython's str.isprintable()
// decides.
std::string py_str_repr(const std::string& s);

}  // namespace kiln
