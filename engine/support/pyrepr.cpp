// Python's float and str repr (see pyrepr.h).
#include "support/pyrepr.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace kiln {

std::string py_float_repr(double v) {
    if (std::isnan(v)) return "nan";
    if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
    char buf[64];
    int precision = 1;
    for (; precision <= 17; ++precision) {
        std::snprintf(buf, sizeof buf, "%.*e", precision - 1, v);
        if (std::strtod(buf, nullptr) == v) break;
    }
    std::string sci = buf;
    size_t e = sci.find('e');
    int exponent = std::atoi(sci.c_str() + e + 1);
    if (exponent >= -4 && exponent < 16) {
        std::snprintf(buf, sizeof buf, "%.*f", std::max(0, precision - 1 - exponent), v);
        std::string s = buf;
        if (s.find('.') == std::string::npos) s += ".0";
        return s;
    }
    // Scientific: mantissa without a trailing ".", exponent with a sign and at least two digits.
    std::string mant = sci.substr(0, e);
    if (!mant.empty() && mant.back() == '.') mant.pop_back();
    char exp_buf[16];
    std::snprintf(exp_buf, sizeof exp_buf, "e%c%02d", exponent < 0 ? '-' : '+', std::abs(exponent));
    return mant + exp_buf;
}

std::string py_str_repr(const std::string& s) {
    const char quote = (s.find('\'') != std::string::npos && s.find('"') == std::string::npos) ? '"' : '\'';
    std::string out(1, quote);
    for (unsigned char c : s) {
        if (c == '\\') out += "\\\\";
        else if (c == static_cast<unsigned char>(quote)) { out += '\\'; out += quote; }
        else if (c == '\n') out += "\\n";
        else if (c == '\r') out += "\\r";
        else if (c == '\t') out += "\\t";
        else if (c < 0x20 || c == 0x7f) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\x%02x", c);
            out += buf;
        } else {
            out += static_cast<char>(c);
        }
    }
    out += quote;
    return out;
}

}  // namespace kiln
