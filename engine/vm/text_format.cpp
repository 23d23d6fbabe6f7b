// format() and % formatting with CPython 3.11's results (see text_format.h).
//
// Structure: parse_spec() reads a format spec into a Spec (and raises the spec-level errors in
// CPython's order); the int/float/str formatters check the per-type rules, produce the sign, prefix,
// digits and "rest" (fraction, exponent, '%') of the value, and layout_number() pads and groups them
// the way CPython's number layout does. Float digits come from float_to_string(), a reimplementation
// of the observable behaviour of CPython's PyOS_double_to_string over printf's exact digits.
// percent_format() is a separate small interpreter for printf-style conversions.
#include "vm/text_format.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdio>
#include <limits>

#include "support/error.h"
#include "support/pyrepr.h"
#include "vm/int_big.h"
#include "vm/text_str.h"

namespace kiln::vm::text {

namespace {

// CPython raises OverflowError for these.
constexpr ErrorKind kOverflowError = ErrorKind::OverflowError;

[[noreturn]] void value_error(const std::string& msg) { throw Error(ErrorKind::ValueError, msg); }

// A field width or precision is the size of the text it makes: one over Kiln's limit for one str
// (1 GiB, as for 'x' * n) is MemoryError before anything is built (f"{1:{10**10}}" would be 10 GB).
constexpr int64_t kMaxField = int64_t(1) << 30;
void check_field(int64_t n, const char* what) {
    if (n > kMaxField)
        throw Error(ErrorKind::MemoryError, str("a formatted field with ", what, " ", n,
                                                " is over Kiln's limit of 1 GiB for one str"));
}

// How CPython quotes a presentation type in messages: itself when printable ASCII, else '\x..'.
std::string type_char_text(char32_t t) {
    if (t > 32 && t < 128) return std::string(1, static_cast<char>(t));
    char buf[16];
    std::snprintf(buf, sizeof buf, "\\x%x", static_cast<unsigned>(t));
    return buf;
}

// ---- the format spec ---------------------------------------------------------------------------------

struct Spec {
    std::string fill = " ";  // one character, UTF-8
    char32_t align = 0;      // '<' '>' '=' '^' once parsed
    char sign = 0;           // '+', '-', ' ' or 0
    bool no_neg_0 = false;   // 'z'
    bool alternate = false;  // '#'
    int64_t width = -1;
    char grouping = 0;       // ',' or '_'
    int group_size = 3;      // 4 for '_' with b/o/x/X
    int64_t precision = -1;
    char32_t type = 0;       // 0: none (only floats keep it)
};

bool is_align(char32_t c) { return c == '<' || c == '>' || c == '=' || c == '^'; }

// Reads ASCII digits at pos; false when there are none. Values past Py_ssize_t are CPython's
// "Too many decimal digits" error.
bool read_number(const std::vector<char32_t>& cp, size_t& pos, int64_t& out) {
    size_t start = pos;
    int64_t value = 0;
    for (; pos < cp.size() && cp[pos] >= '0' && cp[pos] <= '9'; ++pos) {
        const int digit = static_cast<int>(cp[pos] - '0');
        if (value > (std::numeric_limits<int64_t>::max() - digit) / 10)
            value_error("Too many decimal digits in format string");
        value = value * 10 + digit;
    }
    out = value;
    return pos != start;
}

Spec parse_spec(std::string_view text, char32_t default_type, char32_t default_align, const char* type_name) {
    std::vector<char32_t> cp;
    for (size_t i = 0; i < text.size();) cp.push_back(utf8_next(text, i));
    const size_t end = cp.size();
    size_t pos = 0;
    Spec sp;
    bool fill_given = false, align_given = false;
    if (end - pos >= 2 && is_align(cp[pos + 1])) {
        sp.fill = utf8_encode(cp[pos]);
        sp.align = cp[pos + 1];
        fill_given = align_given = true;
        pos += 2;
    } else if (end - pos >= 1 && is_align(cp[pos])) {
        sp.align = cp[pos++];
        align_given = true;
    }
    if (pos < end && (cp[pos] == '+' || cp[pos] == '-' || cp[pos] == ' '))
        sp.sign = static_cast<char>(cp[pos++]);
    if (pos < end && cp[pos] == 'z') sp.no_neg_0 = true, ++pos;
    if (pos < end && cp[pos] == '#') sp.alternate = true, ++pos;
    // A leading '0' means fill with zeros; for numbers (right-aligned by default) it also means
    // padding goes between the sign and the digits.
    if (!fill_given && pos < end && cp[pos] == '0') {
        sp.fill = "0";
        if (!align_given && default_align == '>') sp.align = '=';
        ++pos;
    }
    if (!read_number(cp, pos, sp.width)) sp.width = -1;
    check_field(sp.width, "width");
    if (pos < end && cp[pos] == ',') sp.grouping = ',', ++pos;
    if (pos < end && cp[pos] == '_') {
        if (sp.grouping) value_error("Cannot specify both ',' and '_'.");
        sp.grouping = '_', ++pos;
    }
    if (pos < end && cp[pos] == ',' && sp.grouping == '_') value_error("Cannot specify both ',' and '_'.");
    if (pos < end && cp[pos] == '.') {
        ++pos;
        if (!read_number(cp, pos, sp.precision)) value_error("Format specifier missing precision");
        if (sp.precision > INT_MAX) value_error("precision too big");
        check_field(sp.precision, "precision");
    }
    if (end - pos > 1)
        value_error(str("Invalid format specifier '", text, "' for object of type '", type_name, "'"));
    sp.type = end - pos == 1 ? cp[pos] : default_type;
    if (sp.grouping) {
        switch (sp.type) {
            case 'd': case 'e': case 'f': case 'g': case 'E': case 'G': case '%': case 'F': case 0:
                break;
            case 'b': case 'o': case 'x': case 'X':
                if (sp.grouping == '_') {  // underscores every four digits in bases 2, 8 and 16
                    sp.group_size = 4;
                    break;
                }
                [[fallthrough]];
            default:
                value_error(str("Cannot specify '", sp.grouping, "' with '", type_char_text(sp.type), "'."));
        }
    }
    if (!sp.align) sp.align = default_align;
    return sp;
}

[[noreturn]] void unknown_type(char32_t type, const char* type_name) {
    value_error(str("Unknown format code '", type_char_text(type), "' for object of type '", type_name, "'"));
}

// Inserts `sep` every `size` digits from the right. With min_width > 0 (zero padding) leading zeros
// are added - grouped too - until the result is at least min_width wide; a group is never started
// with a separator, so the result may be one wider ("0,001,234" for width 8).
std::string group_digits(std::string_view digits, char sep, int size, int64_t min_width) {
    if (digits.empty()) return "";  // only 'c' and inf/nan have no digits; they get no zeros here
    const int64_t n = static_cast<int64_t>(digits.size());
    if (!sep) return std::string(static_cast<size_t>(std::max<int64_t>(0, min_width - n)), '0') += digits;
    std::vector<std::string> groups;  // right to left
    int64_t remaining = n, width_left = min_width;
    while (true) {
        const int64_t len = std::min<int64_t>(size, std::max<int64_t>({remaining, width_left, 1}));
        const int64_t chars = std::max<int64_t>(0, std::min(remaining, len));
        const int64_t zeros = len - chars;
        std::string group(static_cast<size_t>(zeros), '0');
        group += digits.substr(static_cast<size_t>(remaining - chars), static_cast<size_t>(chars));
        groups.push_back(std::move(group));
        remaining -= chars;
        width_left -= len;
        if (remaining <= 0 && width_left <= 0) break;
        width_left -= 1;  // the separator before the next group
    }
    std::string out;
    for (auto it = groups.rbegin(); it != groups.rend(); ++it) {
        if (!out.empty()) out += sep;
        out += *it;
    }
    return out;
}

// CPython's number layout: [lpad][sign][prefix][spad][grouped digits][rest][rpad], where `rest` is
// everything after the integer digits (".5", "e+10", "%", the 'c' character, "inf").
std::string layout_number(const Spec& sp, std::string_view sign, std::string_view prefix,
                          std::string_view digits, std::string_view rest) {
    const int64_t non_digits = utf8_length(sign) + utf8_length(prefix) + utf8_length(rest);
    const int64_t min_width = (sp.fill == "0" && sp.align == '=') ? sp.width - non_digits : 0;
    const std::string grouped = group_digits(digits, sp.grouping, sp.group_size, min_width);
    const int64_t padding = sp.width - (non_digits + static_cast<int64_t>(grouped.size()));
    int64_t lpad = 0, spad = 0, rpad = 0;
    if (padding > 0) {
        switch (sp.align) {
            case '<': rpad = padding; break;
            case '^': lpad = padding / 2, rpad = padding - lpad; break;
            case '=': spad = padding; break;
            default: lpad = padding; break;
        }
    }
    std::string out = repeat_text(sp.fill, lpad);
    out += sign;
    out += prefix;
    out += repeat_text(sp.fill, spad);
    out += grouped;
    out += rest;
    out += repeat_text(sp.fill, rpad);
    return out;
}

// ---- float digits ------------------------------------------------------------------------------------

// printf's %.*e / %.*f: exact decimal expansions correctly rounded (glibc and Emscripten's musl both
// print exactly; std::to_chars would do too but Emscripten's libc++ lacks it for floating point).
std::string printf_digits(double v, char conversion, int precision) {
    // A double's exact decimal expansion ends within 1074 fractional digits (767 significant ones):
    // past that every digit is 0. Asking snprintf for more fails outright in glibc for large counts
    // ('%.*f' % (10**9, 1.0) came out empty), so the tail is appended as zeros instead.
    constexpr int kExactDigits = 1100;
    if (precision > kExactDigits) {
        std::string s = printf_digits(v, conversion, kExactDigits);
        const size_t at = conversion == 'e' ? s.find('e') : s.size();
        s.insert(at, size_t(precision - kExactDigits), '0');
        return s;
    }
    // Fixed notation needs up to 309 integer digits before the requested fraction.
    std::string buf(static_cast<size_t>(precision) + 400, '\0');
    const int n = conversion == 'e' ? std::snprintf(buf.data(), buf.size(), "%.*e", precision, v)
                                    : std::snprintf(buf.data(), buf.size(), "%.*f", precision, v);
    buf.resize(static_cast<size_t>(std::max(n, 0)));
    return buf;
}

// Drops trailing zeros after a decimal point, then the point itself ("2.500" -> "2.5", "3.0" -> "3").
void trim_zeros(std::string& s) {
    if (s.find('.') == std::string::npos) return;
    while (s.back() == '0') s.pop_back();
    if (s.back() == '.') s.pop_back();
}

// CPython's PyOS_double_to_string for the types r e E f F g G: `alt` is '#', `add_dot_0` is the
// no-type-with-precision rule (like 'g', at least one fractional digit, exponent from precision-1),
// `no_neg_0` is 'z'.
std::string float_to_string(double v, char type, int precision, bool alt, bool add_dot_0, bool no_neg_0) {
    const bool upper = type == 'E' || type == 'F' || type == 'G';
    std::string s;
    if (std::isnan(v)) {
        s = upper ? "NAN" : "nan";  // the sign of a nan is never shown
        return s;
    }
    if (std::isinf(v)) return std::string(v < 0 ? "-" : "") + (upper ? "INF" : "inf");
    switch (type) {
        case 'r': {
            s = py_float_repr(v);
            size_t e = s.find('e');
            // '#': an exponent form keeps a decimal point ("1.e+20").
            if (alt && e != std::string::npos && s.substr(0, e).find('.') == std::string::npos)
                s.insert(e, ".");
            break;
        }
        case 'e': case 'E': {
            s = printf_digits(v, 'e', precision);
            if (alt && precision == 0) s.insert(s.find('e'), ".");
            break;
        }
        case 'f': case 'F': {
            s = printf_digits(v, 'f', precision);
            if (alt && precision == 0) s += '.';
            break;
        }
        default: {  // 'g' / 'G'
            const int p = precision == 0 ? 1 : precision;
            // The exponent after rounding to p significant digits decides the notation.
            const std::string sci = printf_digits(v, 'e', p - 1);
            const size_t e = sci.find('e');
            const int exponent = std::atoi(sci.c_str() + e + 1);
            if (exponent < -4 || exponent >= (add_dot_0 ? p - 1 : p)) {
                std::string mantissa = sci.substr(0, e);
                if (!alt) trim_zeros(mantissa);
                else if (mantissa.find('.') == std::string::npos) mantissa += '.';
                s = mantissa + sci.substr(e);
            } else {
                s = printf_digits(v, 'f', p - 1 - exponent);
                if (!alt) trim_zeros(s);
                else if (s.find('.') == std::string::npos) s += '.';
                if (add_dot_0 && s.find('.') == std::string::npos) s += ".0";
            }
            break;
        }
    }
    if (no_neg_0 && s[0] == '-') {
        // 'z': a result that rounds to zero loses its minus sign (only the mantissa counts).
        const std::string mantissa = s.substr(0, s.find('e'));
        if (mantissa.find_first_of("123456789") == std::string::npos) s.erase(0, 1);
    }
    if (upper)
        for (char& c : s)
            if (c == 'e') c = 'E';
    return s;
}

std::string format_float_spec(double v, const Spec& sp) {
    if (sp.precision > INT_MAX) value_error("precision too big");
    char type = static_cast<char>(sp.type);
    bool add_dot_0 = false, percent = false;
    int default_precision = 6;
    if (type == 0) {
        // No type: repr, or with a precision 'g' that keeps a fractional digit.
        type = 'r';
        add_dot_0 = true;
        default_precision = 0;
    } else if (type == 'n') {
        type = 'g';
    }
    if (type == '%') {
        type = 'f';
        v *= 100;
        percent = true;
    }
    int precision = static_cast<int>(sp.precision);
    if (precision < 0) precision = default_precision;
    else if (type == 'r') type = 'g';
    std::string buf = float_to_string(v, type, precision, sp.alternate, add_dot_0, sp.no_neg_0);
    if (percent) buf += '%';

    std::string_view body = buf;
    std::string_view sign;
    if (body[0] == '-') {
        sign = "-";
        body.remove_prefix(1);
    } else if (sp.sign == '+') {
        sign = "+";
    } else if (sp.sign == ' ') {
        sign = " ";
    }
    size_t digits = 0;
    while (digits < body.size() && body[digits] >= '0' && body[digits] <= '9') ++digits;
    return layout_number(sp, sign, "", body.substr(0, digits), body.substr(digits));
}

// Digits of a magnitude in base 2, 8, 10 or 16.
std::string to_base(uint64_t magnitude, int base, bool upper) {
    const char* digits = upper ? "0123456789ABCDEF" : "0123456789abcdef";
    std::string out;
    do {
        out += digits[magnitude % static_cast<uint64_t>(base)];
        magnitude /= static_cast<uint64_t>(base);
    } while (magnitude);
    std::reverse(out.begin(), out.end());
    return out;
}

uint64_t magnitude_of(int64_t v) { return v < 0 ? 0 - static_cast<uint64_t>(v) : static_cast<uint64_t>(v); }

}  // namespace

// ---- format() ---------------------------------------------------------------------------------------

std::string format_int(int64_t v, std::string_view spec) {
    if (spec.empty()) return std::to_string(v);
    const Spec sp = parse_spec(spec, 'd', '>', "int");
    switch (sp.type) {
        case 'b': case 'c': case 'd': case 'o': case 'x': case 'X': case 'n':
            break;
        case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': case '%':
            return format_float_spec(static_cast<double>(v), sp);
        default:
            unknown_type(sp.type, "int");
    }
    if (sp.precision != -1) value_error("Precision not allowed in integer format specifier");
    if (sp.no_neg_0) value_error("Negative zero coercion (z) not allowed in integer format specifier");
    if (sp.type == 'c') {
        if (sp.sign) value_error("Sign not allowed with integer format specifier 'c'");
        if (sp.alternate) value_error("Alternate form (#) not allowed with integer format specifier 'c'");
        if (v < 0 || v > 0x10FFFF) throw Error(kOverflowError, "%c arg not in range(0x110000)");
        return layout_number(sp, "", "", "", utf8_encode(static_cast<char32_t>(v)));
    }
    int base = 10;
    std::string prefix;
    switch (sp.type) {
        case 'b': base = 2, prefix = "0b"; break;
        case 'o': base = 8, prefix = "0o"; break;
        case 'x': base = 16, prefix = "0x"; break;
        case 'X': base = 16, prefix = "0X"; break;
        default: break;
    }
    if (!sp.alternate) prefix.clear();
    std::string sign = v < 0 ? "-" : sp.sign == '+' ? "+" : sp.sign == ' ' ? " " : "";
    return layout_number(sp, sign, prefix, to_base(magnitude_of(v), base, sp.type == 'X'), "");
}

std::string format_bigint(const BigInt& v, std::string_view spec) {
    if (spec.empty()) return v.to_string();
    const Spec sp = parse_spec(spec, 'd', '>', "int");
    switch (sp.type) {
        case 'b': case 'd': case 'o': case 'x': case 'X': case 'n':
            break;
        case 'c': throw Error(kOverflowError, "Python int too large to convert to C long");
        case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': case '%': {
            bool overflow = false;
            double d = v.to_double(overflow);
            if (overflow) throw Error(kOverflowError, "int too large to convert to float");
            return format_float_spec(d, sp);
        }
        default:
            unknown_type(sp.type, "int");
    }
    if (sp.precision != -1) value_error("Precision not allowed in integer format specifier");
    if (sp.no_neg_0) value_error("Negative zero coercion (z) not allowed in integer format specifier");
    int base = 10;
    std::string prefix;
    switch (sp.type) {
        case 'b': base = 2, prefix = "0b"; break;
        case 'o': base = 8, prefix = "0o"; break;
        case 'x': base = 16, prefix = "0x"; break;
        case 'X': base = 16, prefix = "0X"; break;
        default: break;
    }
    if (!sp.alternate) prefix.clear();
    std::string sign = v.negative() ? "-" : sp.sign == '+' ? "+" : sp.sign == ' ' ? " " : "";
    return layout_number(sp, sign, prefix, v.digits(base, sp.type == 'X'), "");
}

std::string format_float(double v, std::string_view spec) {
    if (spec.empty()) return py_float_repr(v);
    const Spec sp = parse_spec(spec, 0, '>', "float");
    switch (sp.type) {
        case 0: case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': case 'n': case '%':
            return format_float_spec(v, sp);
        default:
            unknown_type(sp.type, "float");
    }
}

// CPython's format_complex_internal: each part as PyOS_double_to_string makes it (no type is repr-like,
// without float's added ".0", and keeps the parentheses unless the real part is +0.0, which is left
// out), the imaginary part always signed after a real one, grouping per part, then the padding of the
// whole "(re+imj)"; zero padding and '=' alignment are refused.
std::string format_complex(double re, double im, std::string_view spec) {
    const Spec sp = parse_spec(spec, 0, '>', "complex");
    switch (sp.type) {
        case 0: case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': case 'n': break;
        default: unknown_type(sp.type, "complex");
    }
    if (sp.fill == "0") value_error("Zero padding is not allowed in complex format specifier");
    if (sp.align == '=') value_error("'=' alignment flag is not allowed in complex format specifier");
    char type = static_cast<char>(sp.type);
    int default_precision = 6;
    bool skip_re = false, parens = false;
    if (type == 0) {
        type = 'r';
        default_precision = 0;
        if (re == 0.0 && !std::signbit(re)) skip_re = true;
        else parens = true;
    }
    if (type == 'n') type = 'g';
    int precision = static_cast<int>(sp.precision);
    if (precision < 0) precision = default_precision;
    else if (type == 'r') type = 'g';
    // one part unpadded: [sign][grouped digits][rest]
    Spec part = sp;
    part.width = -1;
    part.fill = " ";
    part.align = '<';
    auto one = [&](double v, char sign_mode) {
        std::string buf = float_to_string(v, type, precision, sp.alternate, false, sp.no_neg_0);
        // repr-like parts without float's added ".0" (Py_DTSF_ADD_DOT_0 is not asked for): 1+2j, and
        // with '#' only the point (1.+2.j)
        if (type == 'r' && buf.size() > 2 && buf.compare(buf.size() - 2, 2, ".0") == 0) buf.resize(buf.size() - (sp.alternate ? 1 : 2));
        std::string_view body = buf, sign;
        if (body[0] == '-') {
            sign = "-";
            body.remove_prefix(1);
        } else if (sign_mode == '+') {
            sign = "+";
        } else if (sign_mode == ' ') {
            sign = " ";
        }
        size_t digits = 0;
        while (digits < body.size() && body[digits] >= '0' && body[digits] <= '9') ++digits;
        return layout_number(part, sign, "", body.substr(0, digits), body.substr(digits));
    };
    std::string body = parens ? "(" : "";
    if (!skip_re) body += one(re, sp.sign);
    body += one(im, skip_re ? sp.sign : '+');
    body += parens ? "j)" : "j";
    Spec whole = sp;
    whole.grouping = 0;
    return layout_number(whole, "", "", "", body);
}

std::string format_str(std::string_view s, std::string_view spec) {
    if (spec.empty()) return std::string(s);
    const Spec sp = parse_spec(spec, 's', '<', "str");
    if (sp.type != 's') unknown_type(sp.type, "str");
    if (sp.sign == ' ') value_error("Space not allowed in string format specifier");
    if (sp.sign) value_error("Sign not allowed in string format specifier");
    if (sp.no_neg_0) value_error("Negative zero coercion (z) not allowed in string format specifier");
    if (sp.alternate) value_error("Alternate form (#) not allowed in string format specifier");
    if (sp.align == '=') value_error("'=' alignment not allowed in string format specifier");
    std::string_view body = sp.precision >= 0 ? utf8_prefix(s, sp.precision) : s;
    const int64_t len = utf8_length(body);
    const int64_t total = std::max(sp.width, len);
    const int64_t left = sp.align == '>' ? total - len : sp.align == '^' ? (total - len) / 2 : 0;
    return repeat_text(sp.fill, left) + std::string(body) + repeat_text(sp.fill, total - len - left);
}

// ascii(x): repr(x) with every non-ASCII character escaped as \xNN, \uNNNN or \UNNNNNNNN.
std::string ascii_escape(std::string_view repr) {
    std::string out;
    for (size_t i = 0; i < repr.size();) {
        size_t at = i;
        char32_t c = utf8_next(repr, i);
        if (c < 0x80) {
            out += repr.substr(at, i - at);
            continue;
        }
        char buf[16];
        if (c <= 0xFF) std::snprintf(buf, sizeof buf, "\\x%02x", static_cast<unsigned>(c));
        else if (c <= 0xFFFF) std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(c));
        else std::snprintf(buf, sizeof buf, "\\U%08x", static_cast<unsigned>(c));
        out += buf;
    }
    return out;
}

// ---- % formatting -----------------------------------------------------------------------------------

PercentArg PercentArg::from_int(int64_t v) {
    PercentArg a;
    a.kind = Int;
    a.i = v;
    a.str = a.repr = std::to_string(v);
    a.type_name = "int";
    return a;
}

PercentArg PercentArg::from_float(double v) {
    PercentArg a;
    a.kind = Float;
    a.f = v;
    a.str = a.repr = py_float_repr(v);
    a.type_name = "float";
    return a;
}

PercentArg PercentArg::from_str(std::string s) {
    PercentArg a;
    a.kind = Other;
    a.repr = py_str_repr(s);
    a.str = std::move(s);
    a.type_name = "str";
    return a;
}

namespace {

enum Flag { LJUST = 1, SIGN = 2, BLANK = 4, ALT = 8, ZERO = 16 };

struct Conversion {
    int flags = 0;
    int64_t width = -1;
    int64_t precision = -1;
    char32_t ch = 0;
};

// An integer conversion's text: sign, "0x"/"0o" prefix under '#', digits zero-extended to the
// precision ("%#.5x" % -5 == "-0x00005").
std::string int_text(uint64_t magnitude, bool negative, const Conversion& c, const BigInt* big = nullptr) {
    int base = 10;
    std::string prefix;
    if (c.ch == 'o') base = 8, prefix = "0o";
    else if (c.ch == 'x') base = 16, prefix = "0x";
    else if (c.ch == 'X') base = 16, prefix = "0X";
    if (!(c.flags & ALT)) prefix.clear();
    // '%d' % 10**5000 meets the int -> decimal str digit limit as str() does (CPython formats %d
    // through PyNumber_ToBase/long_to_decimal_string); the power-of-two bases have no limit.
    if (big && base == 10) check_str_digits(*big);
    std::string digits = big ? big->digits(base, c.ch == 'X') : to_base(magnitude, base, c.ch == 'X');
    if (c.precision > static_cast<int64_t>(digits.size()))
        digits.insert(0, static_cast<size_t>(c.precision) - digits.size(), '0');
    return (negative ? "-" : "") + prefix + digits;
}

// %d of a float: its integer part, exactly (floats beyond int64 keep all their digits).
std::string float_int_text(double f, const Conversion& c) {
    if (std::isnan(f)) value_error("cannot convert float NaN to integer");
    if (std::isinf(f)) throw Error(kOverflowError, "cannot convert float infinity to integer");
    const double t = std::trunc(f);
    std::string digits = printf_digits(std::fabs(t), 'f', 0);
    if (c.precision > static_cast<int64_t>(digits.size()))
        digits.insert(0, static_cast<size_t>(c.precision) - digits.size(), '0');
    return (t < 0 ? "-" : "") + digits;
}

// Pads one converted value into the output: numbers get their sign ('+'/' ' flags) and, with '0',
// zeros between the sign/prefix and the digits; '-' pads on the right with spaces.
void emit(std::string& out, std::string_view text, const Conversion& c, bool numeric) {
    std::string_view sign, prefix, rest = text;
    if (numeric) {
        if (!rest.empty() && (rest[0] == '-' || rest[0] == '+')) {
            sign = rest.substr(0, 1);
            rest.remove_prefix(1);
        } else if (c.flags & SIGN) {
            sign = "+";
        } else if (c.flags & BLANK) {
            sign = " ";
        }
        if ((c.flags & ALT) && (c.ch == 'x' || c.ch == 'X' || c.ch == 'o')) {
            prefix = rest.substr(0, 2);
            rest.remove_prefix(2);
        }
    }
    const int64_t len = utf8_length(sign) + utf8_length(prefix) + utf8_length(rest);
    const size_t pad = c.width > len ? static_cast<size_t>(c.width - len) : 0;
    const bool zeros = numeric && (c.flags & ZERO);
    if (!(c.flags & LJUST) && !zeros) out.append(pad, ' ');
    out += sign;
    out += prefix;
    if (!(c.flags & LJUST) && zeros) out.append(pad, '0');
    out += rest;
    if (c.flags & LJUST) out.append(pad, ' ');
}

}  // namespace

std::string percent_format(std::string_view fmt, const std::vector<PercentArg>& args) {
    // Decode once: error messages give code-point indices, and literal runs are copied as bytes.
    std::vector<char32_t> cp;
    std::vector<size_t> off;
    for (size_t i = 0; i < fmt.size();) {
        off.push_back(i);
        cp.push_back(utf8_next(fmt, i));
    }
    off.push_back(fmt.size());
    const size_t n = cp.size();

    std::string out;
    size_t next_arg = 0;
    auto take_arg = [&]() -> const PercentArg& {
        if (next_arg >= args.size())
            throw Error(ErrorKind::TypeError, "not enough arguments for format string");
        return args[next_arg++];
    };
    auto incomplete = []() { value_error("incomplete format"); };
    auto star_value = [&]() -> int64_t {
        const PercentArg& a = take_arg();
        if (a.kind == PercentArg::Big) throw Error(kOverflowError, "Python int too large to convert to C ssize_t");
        if (a.kind != PercentArg::Int) throw Error(ErrorKind::TypeError, "* wants int");
        return a.i;
    };

    size_t pos = 0;
    while (pos < n) {
        if (cp[pos] != '%') {
            size_t run = pos;
            while (run < n && cp[run] != '%') ++run;
            out += fmt.substr(off[pos], off[run] - off[pos]);
            pos = run;
            continue;
        }
        ++pos;  // past '%'
        if (pos >= n) incomplete();
        if (cp[pos] == '%') {  // "%%" only when the two are adjacent; "%5%" is a conversion
            out += '%';
            ++pos;
            continue;
        }
        if (cp[pos] == '(') throw Error(ErrorKind::TypeError, "format requires a mapping");
        Conversion c;
        for (; pos < n; ++pos) {
            const char32_t f = cp[pos];
            if (f == '-') c.flags |= LJUST;
            else if (f == '+') c.flags |= SIGN;
            else if (f == ' ') c.flags |= BLANK;
            else if (f == '#') c.flags |= ALT;
            else if (f == '0') c.flags |= ZERO;
            else break;
        }
        if (pos < n && cp[pos] == '*') {
            c.width = star_value();
            if (c.width < 0) {
                c.flags |= LJUST;
                c.width = c.width == std::numeric_limits<int64_t>::min() ? std::numeric_limits<int64_t>::max() : -c.width;
            }
            ++pos;
        } else if (pos < n && cp[pos] >= '0' && cp[pos] <= '9') {
            c.width = 0;
            for (; pos < n && cp[pos] >= '0' && cp[pos] <= '9'; ++pos) {
                const int digit = static_cast<int>(cp[pos] - '0');
                if (c.width > (std::numeric_limits<int64_t>::max() - digit) / 10)
                    value_error("width too big");
                c.width = c.width * 10 + digit;
            }
        }
        check_field(c.width, "width");
        if (pos < n && cp[pos] == '.') {
            ++pos;
            c.precision = 0;
            if (pos < n && cp[pos] == '*') {
                // a '*' precision is a C int in CPython's formatter (the width a Py_ssize_t)
                const int64_t prec = star_value();
                if (prec > INT_MAX || prec < INT_MIN) throw Error(kOverflowError, "Python int too large to convert to C int");
                c.precision = std::max<int64_t>(prec, 0);
                ++pos;
            } else {
                for (; pos < n && cp[pos] >= '0' && cp[pos] <= '9'; ++pos) {
                    const int digit = static_cast<int>(cp[pos] - '0');
                    if (c.precision > (INT_MAX - digit) / 10) value_error("precision too big");
                    c.precision = c.precision * 10 + digit;
                }
            }
        }
        check_field(c.precision, "precision");
        if (pos < n && (cp[pos] == 'h' || cp[pos] == 'l' || cp[pos] == 'L')) ++pos;
        if (pos >= n) incomplete();
        c.ch = cp[pos];
        const size_t ch_index = pos++;
        const PercentArg& a = take_arg();  // CPython takes the argument before checking the letter

        switch (c.ch) {
            case 's': case 'r': case 'a': {
                std::string text = c.ch == 's' ? a.str_text() : c.ch == 'r' ? a.repr_text() : ascii_escape(a.repr_text());
                if (c.precision >= 0) text = std::string(utf8_prefix(text, c.precision));
                emit(out, text, c, false);
                break;
            }
            case 'd': case 'i': case 'u': case 'o': case 'x': case 'X': {
                const bool int_only = c.ch == 'o' || c.ch == 'x' || c.ch == 'X';
                std::string text;
                std::optional<PercentArg> converted;
                if (a.kind == PercentArg::Other && (int_only ? a.as_index : a.as_long))
                    converted = int_only ? a.as_index() : a.as_long();
                if (converted && converted->kind == PercentArg::Int) {
                    text = int_text(magnitude_of(converted->i), converted->i < 0, c);
                } else if (converted && converted->kind == PercentArg::Big) {
                    text = int_text(0, converted->big.negative(), c, &converted->big);
                } else if (a.kind == PercentArg::Int) {
                    text = int_text(magnitude_of(a.i), a.i < 0, c);
                } else if (a.kind == PercentArg::Big) {
                    text = int_text(0, a.big.negative(), c, &a.big);
                } else if (a.kind == PercentArg::Float && !int_only) {
                    text = float_int_text(a.f, c);
                } else {
                    throw Error(ErrorKind::TypeError, str("%", static_cast<char>(c.ch), " format: ",
                                                          int_only ? "an integer" : "a real number",
                                                          " is required, not ", a.type_name));
                }
                emit(out, text, c, true);
                break;
            }
            case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': {
                double v;
                if (a.kind == PercentArg::Float) v = a.f;
                else if (a.kind == PercentArg::Int) v = static_cast<double>(a.i);
                else if (a.kind == PercentArg::Big) {
                    bool overflow = false;
                    v = a.big.to_double(overflow);
                    if (overflow) throw Error(kOverflowError, "int too large to convert to float");
                } else if (a.as_double) v = a.as_double();
                else throw Error(ErrorKind::TypeError, str("must be real number, not ", a.type_name));
                const int precision = c.precision < 0 ? 6 : static_cast<int>(c.precision);
                const bool alt = c.flags & ALT;
                emit(out, float_to_string(v, static_cast<char>(c.ch), precision, alt, false, false), c, true);
                break;
            }
            case 'c': {
                std::string text;
                std::optional<PercentArg> idx;  // an object with __index__ is the int it stands for
                if (a.kind == PercentArg::Other && a.as_index) idx = a.as_index();
                const PercentArg& ci = idx && idx->kind == PercentArg::Int ? *idx : a;
                if (idx && idx->kind == PercentArg::Big) throw Error(kOverflowError, "%c arg not in range(0x110000)");
                if (ci.kind == PercentArg::Int) {
                    if (ci.i < 0 || ci.i > 0x10FFFF)
                        throw Error(kOverflowError, "%c arg not in range(0x110000)");
                    text = utf8_encode(static_cast<char32_t>(ci.i));
                } else if (a.kind == PercentArg::Other && a.type_name == "str" && utf8_length(a.str) == 1) {
                    text = a.str;
                } else {
                    throw Error(ErrorKind::TypeError, "%c requires int or char");
                }
                emit(out, text, c, false);
                break;
            }
            default: {
                char buf[96];
                const char shown = (c.ch >= 31 && c.ch <= 126) ? static_cast<char>(c.ch) : '?';
                std::snprintf(buf, sizeof buf, "unsupported format character '%c' (0x%x) at index %zu", shown,
                              static_cast<unsigned>(c.ch), ch_index);
                value_error(buf);
            }
        }
    }
    if (next_arg < args.size())
        throw Error(ErrorKind::TypeError, "not all arguments converted during string formatting");
    return out;
}

}  // namespace kiln::vm::text
