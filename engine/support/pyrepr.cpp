// Python's float and str repr (see pyrepr.h).
#include "support/pyrepr.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "support/unicode.h"
#include "support/utf8.h"

namespace kiln {

namespace {

bool reads_back(const std::string& text, double v, bool single) {
    return single ? std::strtof(text.c_str(), nullptr) == float(v) : std::strtod(text.c_str(), nullptr) == v;
}

std::string sci_text(bool neg, const std::string& digits, int exponent) {
    std::string t = neg ? "-" : "";
    t += digits.substr(0, 1);
    if (digits.size() > 1) t += "." + digits.substr(1);
    return t + "e" + std::to_string(exponent);
}

// The p-digit neighbour of (digits, exponent) one unit in the last place up or down.
void step_digits(std::string& digits, int& exponent, bool up) {
    int i = int(digits.size()) - 1;
    if (up) {
        while (i >= 0 && digits[size_t(i)] == '9') digits[size_t(i--)] = '0';
        if (i < 0) {
            digits = "1" + digits.substr(0, digits.size() - 1);
            ++exponent;
        } else {
            ++digits[size_t(i)];
        }
    } else {
        while (i >= 0 && digits[size_t(i)] == '0') digits[size_t(i--)] = '9';
        --digits[size_t(i)];
        if (digits[0] == '0') {
            digits = digits.substr(1) + "9";
            --exponent;
        }
    }
}

}  // namespace

void shortest_digits(double v, bool single, std::string& digits, int& exponent, bool& negative) {
    // For each length p, the correctly rounded p digits; when they do not read back as v, their two
    // p-digit neighbours (2**-24 is ...77539062|5: ...062 reads back as the float below, ...063 as
    // 2**-24), so the result is the shortest string that round-trips, the closest to v among them.
    char buf[64];
    for (int p = 1; p <= 17; ++p) {
        std::snprintf(buf, sizeof buf, "%.*e", p - 1, v);
        std::string t = buf;
        negative = t[0] == '-';
        size_t e = t.find('e');
        exponent = std::atoi(t.c_str() + e + 1);
        digits.clear();
        for (size_t i = negative ? 1 : 0; i < e; ++i)
            if (t[i] != '.') digits += t[i];
        if (reads_back(t, v, single)) break;
        if (v == 0) break;
        bool found = false;
        for (bool up : {true, false}) {
            std::string d = digits;
            int x = exponent;
            if (!up && d.find_first_not_of('0') == std::string::npos) continue;
            step_digits(d, x, up);
            if (reads_back(sci_text(negative, d, x), v, single)) {
                digits = d;
                exponent = x;
                found = true;
                break;
            }
        }
        if (found) break;
    }
    while (digits.size() > 1 && digits.back() == '0') digits.pop_back();
}

std::string py_float_repr(double v) {
    if (std::isnan(v)) return "nan";
    if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
    std::string digits;
    int exponent = 0;
    bool neg = false;
    shortest_digits(v, false, digits, exponent, neg);
    if (exponent >= -4 && exponent < 16) {
        std::string s;
        if (exponent < 0) {
            s = "0." + std::string(size_t(-exponent - 1), '0') + digits;
        } else {
            if (int(digits.size()) <= exponent + 1) digits += std::string(size_t(exponent + 1) - digits.size(), '0');
            s = digits.substr(0, size_t(exponent + 1));
            std::string frac = digits.substr(size_t(exponent + 1));
            s += "." + (frac.empty() ? std::string("0") : frac);
        }
        return (neg ? "-" : "") + s;
    }
    // Scientific: mantissa without a trailing ".", exponent with a sign and at least two digits.
    std::string m = (neg ? "-" : "") + digits.substr(0, 1);
    if (digits.size() > 1) m += "." + digits.substr(1);
    char exp_buf[16];
    std::snprintf(exp_buf, sizeof exp_buf, "e%c%02d", exponent < 0 ? '-' : '+', std::abs(exponent));
    return m + exp_buf;
}

std::string py_complex_repr(double re, double im) {
    // CPython's complex_repr: format 'r' without Py_DTSF_ADD_DOT_0 (1.0 -> "1").
    auto part = [](double v) {
        std::string s = py_float_repr(v);
        if (s.size() > 2 && s.compare(s.size() - 2, 2, ".0") == 0) s.resize(s.size() - 2);
        return s;
    };
    std::string i = part(im);
    if (re == 0 && !std::signbit(re)) return i + "j";
    if (i[0] != '-') i = "+" + i;
    return "(" + part(re) + i + "j)";
}

std::string py_str_repr(const std::string& s) {
    const char quote = (s.find('\'') != std::string::npos && s.find('"') == std::string::npos) ? '"' : '\'';
    std::string out(1, quote);
    char buf[16];
    auto ascii = [&](unsigned char c) {
        if (c == '\\') out += "\\\\";
        else if (c == static_cast<unsigned char>(quote)) { out += '\\'; out += quote; }
        else if (c == '\n') out += "\\n";
        else if (c == '\r') out += "\\r";
        else if (c == '\t') out += "\\t";
        else if (c < 0x20 || c == 0x7f) {
            std::snprintf(buf, sizeof buf, "\\x%02x", c);
            out += buf;
        } else {
            out += static_cast<char>(c);
        }
    };
    if (is_ascii(s)) {  // the common case
        for (unsigned char c : s) ascii(c);
        out += quote;
        return out;
    }
    for (size_t i = 0; i < s.size();) {
        const unsigned char c = static_cast<unsigned char>(s[i]);
        if (c < 0x80) {
            ascii(c);
            ++i;
            continue;
        }
        // Printable characters stay as they are; the others (U+0085, U+00A0, U+200B, U+3000,
        // unassigned code points, ...) are escaped as CPython does. A malformed byte is copied.
        // A lone surrogate ('\ud800', which a str may hold in its 3-byte form) is not printable.
        if (c == 0xED && i + 2 < s.size() && (static_cast<unsigned char>(s[i + 1]) & 0xE0) == 0xA0 &&
            (static_cast<unsigned char>(s[i + 2]) & 0xC0) == 0x80) {
            const unsigned cp = 0xD000u | ((static_cast<unsigned char>(s[i + 1]) & 0x3Fu) << 6) |
                                (static_cast<unsigned char>(s[i + 2]) & 0x3Fu);
            std::snprintf(buf, sizeof buf, "\\u%04x", cp);
            out += buf;
            i += 3;
            continue;
        }
        const char* reason = nullptr;
        size_t bad_end = 0;
        const size_t n = utf8_sequence_length(s, i, reason, bad_end);
        if (n == 0) {
            out += static_cast<char>(c);
            ++i;
            continue;
        }
        char32_t cp = c & (n == 2 ? 0x1F : n == 3 ? 0x0F : 0x07);
        for (size_t k = 1; k < n; ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
        if (unicode::is_printable(cp)) {
            out.append(s, i, n);
        } else {
            if (cp <= 0xFF) std::snprintf(buf, sizeof buf, "\\x%02x", static_cast<unsigned>(cp));
            else if (cp <= 0xFFFF) std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(cp));
            else std::snprintf(buf, sizeof buf, "\\U%08x", static_cast<unsigned>(cp));
            out += buf;
        }
        i += n;
    }
    out += quote;
    return out;
}

}  // namespace kiln
