// Heap ints (see int_big.h): the VM side of BigInt with CPython's errors.
#include "vm/int_big.h"

#include <algorithm>
#include <cmath>

#include "bytecode/opcode.h"
#include "vm/ops.h"
#include "vm/typetable.h"

namespace kiln::vm {

namespace {
struct BigIntObj : NativeObj {
    explicit BigIntObj(BigInt v) : NativeObj(types().int_), value(std::move(v)) {}
    BigInt value;
};

// int(str) names the length; str(int) does not (CPython 3.11 computes no digits it will not print).
[[noreturn]] void digits_limit(size_t limit, size_t n, bool parsing = false) {
    if (!parsing)
        raise(types().ValueError, str("Exceeds the limit (", limit, " digits) for integer string conversion; ",
                                      "use sys.set_int_max_str_digits() to increase the limit"));
    raise(types().ValueError, str("Exceeds the limit (", limit, " digits) for integer string conversion: value has ",
                                  n, " digits; use sys.set_int_max_str_digits() to increase the limit"));
}
}  // namespace

const BigInt* big_of(const Value& v) {
    // Checked on the type before any downcast: other Kind::Native objects are not NativeObj.
    if (!v.is(Kind::Native) || v.obj()->type != types().int_) return nullptr;
    return &static_cast<BigIntObj*>(v.obj())->value;
}

bool is_int_like(const Value& v) { return v.is_int() || v.is_bool() || is_big(v); }

BigInt to_big(const Value& v) {
    if (v.is_int()) return BigInt(v.as_int());
    if (v.is_bool()) return BigInt(int64_t(v.as_bool()));
    return *big_of(v);
}

Value int_value(BigInt b) {
    if (b.fits_i64()) return Value::integer(b.to_i64());
    return Value(make<BigIntObj>(std::move(b)).get());
}

[[noreturn]] void raise_big_overflow() { raise(types().OverflowError, "Python int too large to convert to C ssize_t"); }

double big_to_double(const BigInt& b) {
    bool overflow = false;
    double d = b.to_double(overflow);
    if (overflow) raise(types().OverflowError, "int too large to convert to float");
    return d;
}

void check_str_digits(const BigInt& b) {
    const size_t limit = int_max_str_digits();
    if (limit == 0 || b.decimal_digits_bound() <= limit) return;
    // Surely over (|b| >= 2**(bits-1) has at least floor((bits-1)*log10(2)) + 1 digits): refuse before
    // converting, as CPython does; the conversion is quadratic and took minutes for str(10**10**6).
    if (double(b.bit_length() - 1) * 0.30102999566398114 + 1 > double(limit) + 1) digits_limit(limit, 0);
    // The bound may be one over: count the digits exactly (CPython's check is exact too).
    std::string s = b.digits(10);
    if (s.size() > limit) digits_limit(limit, s.size());
}

std::string big_to_string(const BigInt& b) {
    check_str_digits(b);
    return b.to_string();
}

Value parse_big_int(std::string_view text, int base) {
    std::string s;
    for (char c : text)
        if (c != '_' && !std::isspace(static_cast<unsigned char>(c))) s += c;
    bool negative = false;
    size_t i = 0;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) negative = s[i++] == '-';
    int b = base;
    auto lower = [&](size_t k) { return k < s.size() ? char(std::tolower(static_cast<unsigned char>(s[k]))) : '\0'; };
    if (s[i] == '0' && (lower(i + 1) == 'x' || lower(i + 1) == 'o' || lower(i + 1) == 'b') && (b == 0 || b == 16 || b == 8 || b == 2)) {
        int prefixed = lower(i + 1) == 'x' ? 16 : lower(i + 1) == 'o' ? 8 : 2;
        if (b == 0 || b == prefixed) {
            b = prefixed;
            i += 2;
        }
    }
    if (b == 0) b = 10;
    // The limit guards the quadratic conversion, which every base but a power of two takes
    // (CPython's long_from_string_base), so int('z' * 5000, 36) is over it as base 10 is.
    if (const size_t limit = int_max_str_digits(); (b & (b - 1)) != 0 && limit && s.size() - i > limit)
        digits_limit(limit, s.size() - i, true);
    BigInt r;
    BigInt::parse(std::string_view(s).substr(i), b, r);
    return int_value(negative ? -r : r);
}

int compare_int_float(const Value& a, double b) {
    BigInt x = to_big(a);
    if (std::isnan(b)) return 2;  // unordered
    if (std::isinf(b)) return b > 0 ? -1 : 1;
    BigInt fb = BigInt::from_double(b);  // truncated toward zero
    int c = compare(x, fb);
    if (c != 0) return c;
    double frac = b - std::trunc(b);
    if (frac > 0) return -1;
    if (frac < 0) return 1;
    return 0;
}

// Kiln's limit for one int: 2**24 bits (about 5 million decimal digits, 2 MiB). Results are
// estimated before they are computed, so 1 << 10**10 or 10**10**9 is MemoryError at once instead of
// a 1.25 GB allocation or hours of multiplication (CPython would try, and run out of memory or time).
void check_int_bits(double bits, const std::string& what) {
    if (!(bits > double(kMaxIntBits))) return;
    if (!what.empty())
        raise(types().MemoryError, str(what, " would be an int of about ", int64_t(std::min(bits, 9.0e18)),
                                       " bits, over Kiln's limit of ", kMaxIntBits, " bits for one int"));
    raise(types().MemoryError, str("an int of about ", int64_t(std::min(bits, 9.0e18)), " bits is over Kiln's limit of ",
                                   kMaxIntBits, " bits for one int (hint: use floats, math.log, or modular pow(a, b, m))"));
}

Value big_int_op(int op, const BigInt& a, const BigInt& b) {
    using namespace bytecode;
    switch (op) {
        case NB_ADD: return int_value(a + b);
        case NB_SUBTRACT: return int_value(a - b);
        case NB_MULTIPLY:
            check_int_bits(double(a.bit_length()) + double(b.bit_length()));
            return int_value(a * b);
        case NB_FLOOR_DIVIDE:
        case NB_REMAINDER: {
            if (b.is_zero())
                raise(types().ZeroDivisionError, op == NB_FLOOR_DIVIDE ? "integer division or modulo by zero" : "integer modulo by zero");
            BigInt q, r;
            BigInt::divmod(a, b, q, r);
            return int_value(op == NB_FLOOR_DIVIDE ? q : r);
        }
        case NB_TRUE_DIVIDE: {
            if (b.is_zero()) raise(types().ZeroDivisionError, "division by zero");
            bool overflow = false;
            double d = BigInt::true_divide(a, b, overflow);
            if (overflow) raise(types().OverflowError, "integer division result too large for a float");
            return Value::number(d);
        }
        case NB_POWER: {
            if (b.negative()) {
                if (a.is_zero()) raise(types().ZeroDivisionError, "0.0 cannot be raised to a negative power");
                return Value::number(std::pow(big_to_double(a), big_to_double(b)));
            }
            if (a.is_zero() || compare(a, BigInt(1)) == 0) return int_value(a);
            if (compare(a, BigInt(-1)) == 0) return Value::integer((b & BigInt(1)).is_zero() ? 1 : -1);
            if (!b.fits_i64()) raise(types().MemoryError, "");
            // |a| >= 2 here: the result has at least (bit_length(a) - 1) * b + 1 bits
            check_int_bits(double(a.bit_length() - 1) * double(b.to_i64()) + 1);
            return int_value(BigInt::pow(a, uint64_t(b.to_i64())));
        }
        case NB_AND: return int_value(a & b);
        case NB_OR: return int_value(a | b);
        case NB_XOR: return int_value(a ^ b);
        case NB_LSHIFT:
            if (b.negative()) raise(types().ValueError, "negative shift count");
            if (a.is_zero()) return Value::integer(0);
            if (!b.fits_i64()) {
                // CPython's long_lshift: the result's 30-bit digits (the shift's whole digits plus the
                // operand's) past MAX_LONG_DIGITS are OverflowError, a smaller impossible size MemoryError
                const double digits = big_to_double(b) / 30 + double(a.bit_length()) / 30 + 1;
                if (digits > (9223372036854775807.0 - 24) / 4) raise(types().OverflowError, "too many digits in integer");
                raise(types().MemoryError, "");
            }
            check_int_bits(double(a.bit_length()) + double(b.to_i64()));
            return int_value(a.shl(uint64_t(b.to_i64())));
        case NB_RSHIFT:
            if (b.negative()) raise(types().ValueError, "negative shift count");
            if (!b.fits_i64()) return Value::integer(a.negative() ? -1 : 0);
            return int_value(a.shr(uint64_t(b.to_i64())));
        default: return Value();
    }
}

}  // namespace kiln::vm
