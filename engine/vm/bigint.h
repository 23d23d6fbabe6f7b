// Arbitrary-size integers for Python's int beyond 64 bits (CPython's small/large split: the VM keeps
// ints that fit in int64 inline in a Value and promotes a result that overflows to a heap BigIntObj).
//
// A BigInt is a sign and a magnitude of 32-bit limbs, least significant first, with no leading zero
// limbs (zero is an empty magnitude and never negative). The arithmetic is the schoolbook kind:
// O(n*m) multiplication, Knuth's algorithm D for division, which is plenty for the sizes programs
// print (factorials, 2**100, hashes). Python's semantics throughout: floor division and modulo take
// the sign of the divisor, bitwise operations act on infinite two's complement, >> floors.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace kiln::vm {

class BigInt {
public:
    BigInt() = default;
    explicit BigInt(int64_t v);
    static BigInt from_u64(uint64_t v, bool negative = false);
    // The unsigned value of big-endian bytes (int.from_bytes), built in linear time.
    static BigInt from_bytes_be(std::string_view bytes);
    // The integer part of a finite double (truncation toward zero).
    static BigInt from_double(double v);
    // Digits in `base` (2..36), no sign, no prefix, no underscores; false on a bad digit.
    static bool parse(std::string_view digits, int base, BigInt& out);

    bool is_zero() const { return mag_.empty(); }
    bool negative() const { return neg_; }
    bool fits_i64() const;
    int64_t to_i64() const;  // caller checked fits_i64()
    // Correctly rounded (half to even); `overflow` set when the magnitude is beyond DBL_MAX.
    double to_double(bool& overflow) const;
    // The magnitude's digits in base 2, 8, 10 or 16 (no sign).
    std::string digits(int base = 10, bool upper = false) const;
    std::string to_string() const { return (neg_ ? "-" : "") + digits(10); }
    int64_t bit_length() const;
    // hash(int): the value modulo 2**61 - 1 with the sign, -1 mapped to -2.
    int64_t py_hash() const;
    // Number of decimal digits (for CPython's 4300-digit str() limit), computed cheaply as an upper bound.
    size_t decimal_digits_bound() const;

    friend int compare(const BigInt& a, const BigInt& b);
    friend BigInt operator+(const BigInt& a, const BigInt& b);
    friend BigInt operator-(const BigInt& a, const BigInt& b);
    friend BigInt operator*(const BigInt& a, const BigInt& b);
    BigInt operator-() const;
    BigInt abs() const;
    // Floor division and modulo (divisor nonzero).
    static void divmod(const BigInt& a, const BigInt& b, BigInt& q, BigInt& r);
    static BigInt pow(const BigInt& base, uint64_t exp);
    static BigInt powmod(BigInt base, BigInt exp, const BigInt& mod);  // exp >= 0, mod != 0
    friend BigInt operator&(const BigInt& a, const BigInt& b);
    friend BigInt operator|(const BigInt& a, const BigInt& b);
    friend BigInt operator^(const BigInt& a, const BigInt& b);
    BigInt operator~() const;
    BigInt shl(uint64_t n) const;
    BigInt shr(uint64_t n) const;  // floor (arithmetic) shift
    // a / b correctly rounded to a double; `overflow` when the quotient is beyond DBL_MAX.
    static double true_divide(const BigInt& a, const BigInt& b, bool& overflow);

private:
    void trim();
    static int cmp_mag(const std::vector<uint32_t>& a, const std::vector<uint32_t>& b);
    static std::vector<uint32_t> add_mag(const std::vector<uint32_t>& a, const std::vector<uint32_t>& b);
    static std::vector<uint32_t> sub_mag(const std::vector<uint32_t>& a, const std::vector<uint32_t>& b);  // a >= b
    static std::vector<uint32_t> mul_mag(const std::vector<uint32_t>& a, const std::vector<uint32_t>& b);
    static void divmod_mag(const std::vector<uint32_t>& a, const std::vector<uint32_t>& b, std::vector<uint32_t>& q,
                           std::vector<uint32_t>& r);
    static uint32_t divmod_small(std::vector<uint32_t>& a, uint32_t d);  // in place, returns remainder
    std::vector<uint32_t> twos(size_t words) const;
    static BigInt from_twos(std::vector<uint32_t> w);

    bool neg_ = false;
    std::vector<uint32_t> mag_;
};

}  // namespace kiln::vm
