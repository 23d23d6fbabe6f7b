// BigInt arithmetic (see bigint.h): schoolbook algorithms over 32-bit limbs.
#include "vm/bigint.h"

#include <algorithm>
#include <cmath>

namespace kiln::vm {

BigInt::BigInt(int64_t v) {
    neg_ = v < 0;
    uint64_t m = neg_ ? uint64_t(0) - uint64_t(v) : uint64_t(v);
    while (m) {
        mag_.push_back(uint32_t(m));
        m >>= 32;
    }
}

BigInt BigInt::from_u64(uint64_t v, bool negative) {
    BigInt r;
    while (v) {
        r.mag_.push_back(uint32_t(v));
        v >>= 32;
    }
    r.neg_ = negative && !r.mag_.empty();
    return r;
}

BigInt BigInt::from_bytes_be(std::string_view bytes) {
    BigInt r;
    r.mag_.assign((bytes.size() + 3) / 4, 0);
    for (size_t i = 0; i < bytes.size(); ++i)  // byte i from the end is bits 8*i.. of the magnitude
        r.mag_[i / 4] |= uint32_t(uint8_t(bytes[bytes.size() - 1 - i])) << (8 * (i % 4));
    r.trim();
    return r;
}

BigInt BigInt::from_double(double v) {
    v = std::trunc(v);
    if (v == 0) return BigInt();
    int e;
    double m = std::frexp(std::fabs(v), &e);  // |v| = m * 2**e, 0.5 <= m < 1
    auto bits = uint64_t(std::ldexp(m, 53));
    BigInt r = from_u64(bits);
    r = e >= 53 ? r.shl(uint64_t(e - 53)) : r.shr(uint64_t(53 - e));
    if (v < 0) r = -r;
    return r;
}

bool BigInt::parse(std::string_view digits, int base, BigInt& out) {
    out = BigInt();
    // Chunks of digits that fit in a limb multiplier: base**k <= 2**32.
    uint32_t chunk_mul = 1;
    int chunk_len = 0;
    while (uint64_t(chunk_mul) * uint64_t(base) <= 0xFFFFFFFFull) {
        chunk_mul *= uint32_t(base);
        ++chunk_len;
    }
    size_t i = 0;
    while (i < digits.size()) {
        uint32_t mul = 1, add = 0;
        for (int k = 0; k < chunk_len && i < digits.size(); ++k, ++i) {
            char c = digits[i];
            int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'z' ? c - 'a' + 10 : c >= 'A' && c <= 'Z' ? c - 'A' + 10 : 99;
            if (d >= base) return false;
            mul *= uint32_t(base);
            add = add * uint32_t(base) + uint32_t(d);
        }
        uint64_t carry = add;
        for (auto& limb : out.mag_) {
            uint64_t t = uint64_t(limb) * mul + carry;
            limb = uint32_t(t);
            carry = t >> 32;
        }
        if (carry) out.mag_.push_back(uint32_t(carry));
    }
    out.trim();
    return true;
}

void BigInt::trim() {
    while (!mag_.empty() && mag_.back() == 0) mag_.pop_back();
    if (mag_.empty()) neg_ = false;
}

bool BigInt::fits_i64() const {
    if (mag_.size() > 2) return false;
    uint64_t m = mag_.empty() ? 0 : mag_[0] | (mag_.size() > 1 ? uint64_t(mag_[1]) << 32 : 0);
    return neg_ ? m <= (uint64_t(1) << 63) : m < (uint64_t(1) << 63);
}

int64_t BigInt::to_i64() const {
    uint64_t m = mag_.empty() ? 0 : mag_[0] | (mag_.size() > 1 ? uint64_t(mag_[1]) << 32 : 0);
    return neg_ ? int64_t(uint64_t(0) - m) : int64_t(m);
}

int64_t BigInt::bit_length() const {
    if (mag_.empty()) return 0;
    int64_t top = 32 - __builtin_clz(mag_.back());
    return int64_t(mag_.size() - 1) * 32 + top;
}

double BigInt::to_double(bool& overflow) const {
    overflow = false;
    const int64_t bl = bit_length();
    if (bl == 0) return 0.0;
    double d;
    if (bl <= 64) {
        uint64_t m = mag_[0] | (mag_.size() > 1 ? uint64_t(mag_[1]) << 32 : 0);
        d = double(m);
    } else {
        // The top 64 bits with the lower bits folded into a sticky bit round exactly like the whole.
        BigInt top = abs().shr(uint64_t(bl - 64));
        uint64_t m = top.mag_[0] | (top.mag_.size() > 1 ? uint64_t(top.mag_[1]) << 32 : 0);
        bool sticky = false;
        for (int64_t b = 0; b < bl - 64 && !sticky; b += 32) {
            size_t w = size_t(b / 32);
            int64_t bits = std::min<int64_t>(32, bl - 64 - b);
            uint32_t mask = bits == 32 ? 0xFFFFFFFFu : ((1u << bits) - 1);
            if (mag_[w] & mask) sticky = true;
        }
        if (sticky) m |= 1;
        d = std::ldexp(double(m), int(bl - 64));
        if (std::isinf(d)) {
            overflow = true;
            return 0.0;
        }
    }
    return neg_ ? -d : d;
}

uint32_t BigInt::divmod_small(std::vector<uint32_t>& a, uint32_t d) {
    uint64_t rem = 0;
    for (size_t i = a.size(); i-- > 0;) {
        uint64_t cur = (rem << 32) | a[i];
        a[i] = uint32_t(cur / d);
        rem = cur % d;
    }
    while (!a.empty() && a.back() == 0) a.pop_back();
    return uint32_t(rem);
}

std::string BigInt::digits(int base, bool upper) const {
    if (mag_.empty()) return "0";
    const char* set = upper ? "0123456789ABCDEF" : "0123456789abcdef";
    std::string out;
    if (base == 10) {
        std::vector<uint32_t> m = mag_;
        while (!m.empty()) {
            uint32_t chunk = divmod_small(m, 1000000000u);
            for (int k = 0; k < 9; ++k) {
                out += char('0' + chunk % 10);
                chunk /= 10;
                if (m.empty() && chunk == 0) break;
            }
        }
        while (out.size() > 1 && out.back() == '0') out.pop_back();
    } else {
        const int shift = base == 2 ? 1 : base == 8 ? 3 : 4;
        const int64_t bl = bit_length();
        for (int64_t b = 0; b < bl; b += shift) {
            unsigned v = 0;
            for (int k = 0; k < shift && b + k < bl; ++k) {
                int64_t bit = b + k;
                if ((mag_[size_t(bit / 32)] >> (bit % 32)) & 1u) v |= 1u << k;
            }
            out += set[v];
        }
    }
    std::reverse(out.begin(), out.end());
    return out;
}

size_t BigInt::decimal_digits_bound() const { return size_t(double(bit_length()) * 0.30103) + 1; }

int64_t BigInt::py_hash() const {
    // Sum of limbs * 2**(32 i) modulo 2**61 - 1, most significant first (CPython's long_hash idea).
    const uint64_t M = (uint64_t(1) << 61) - 1;
    uint64_t x = 0;
    for (size_t i = mag_.size(); i-- > 0;) {
        // x = x * 2**32 + limb (mod M): rotate left by 32 within 61 bits.
        x = ((x << 32) & M) | (x >> (61 - 32));
        x += mag_[i];
        if (x >= M) x -= M;
    }
    if (neg_) x = uint64_t(0) - x;
    return x == uint64_t(-1) ? -2 : int64_t(x);
}

int BigInt::cmp_mag(const std::vector<uint32_t>& a, const std::vector<uint32_t>& b) {
    if (a.size() != b.size()) return a.size() < b.size() ? -1 : 1;
    for (size_t i = a.size(); i-- > 0;)
        if (a[i] != b[i]) return a[i] < b[i] ? -1 : 1;
    return 0;
}

int compare(const BigInt& a, const BigInt& b) {
    if (a.neg_ != b.neg_) return a.neg_ ? -1 : 1;
    int c = BigInt::cmp_mag(a.mag_, b.mag_);
    return a.neg_ ? -c : c;
}

std::vector<uint32_t> BigInt::add_mag(const std::vector<uint32_t>& a, const std::vector<uint32_t>& b) {
    const auto& x = a.size() >= b.size() ? a : b;
    const auto& y = a.size() >= b.size() ? b : a;
    std::vector<uint32_t> r(x.size() + 1);
    uint64_t carry = 0;
    for (size_t i = 0; i < x.size(); ++i) {
        uint64_t t = uint64_t(x[i]) + (i < y.size() ? y[i] : 0) + carry;
        r[i] = uint32_t(t);
        carry = t >> 32;
    }
    r[x.size()] = uint32_t(carry);
    while (!r.empty() && r.back() == 0) r.pop_back();
    return r;
}

std::vector<uint32_t> BigInt::sub_mag(const std::vector<uint32_t>& a, const std::vector<uint32_t>& b) {
    std::vector<uint32_t> r(a.size());
    int64_t borrow = 0;
    for (size_t i = 0; i < a.size(); ++i) {
        int64_t t = int64_t(a[i]) - (i < b.size() ? int64_t(b[i]) : 0) - borrow;
        borrow = t < 0;
        r[i] = uint32_t(t + (borrow ? (int64_t(1) << 32) : 0));
    }
    while (!r.empty() && r.back() == 0) r.pop_back();
    return r;
}

namespace {
// Multiplication: schoolbook below kKaratsubaCutoff limbs, Karatsuba above (as CPython's k_mul, with
// its lopsided split when one factor is much longer): str(10**10**6)'s 10**10**6 took minutes with
// the schoolbook method alone, a hostile input's easy hang.
using Mag = std::vector<uint32_t>;
constexpr size_t kKaratsubaCutoff = 40;

void trim_mag(Mag& v) {
    while (!v.empty() && v.back() == 0) v.pop_back();
}

Mag school_mul(const uint32_t* a, size_t na, const uint32_t* b, size_t nb) {
    Mag r(na + nb);
    for (size_t i = 0; i < na; ++i) {
        uint64_t carry = 0;
        for (size_t j = 0; j < nb; ++j) {
            uint64_t t = uint64_t(a[i]) * b[j] + r[i + j] + carry;
            r[i + j] = uint32_t(t);
            carry = t >> 32;
        }
        size_t k = i + nb;
        while (carry) {
            uint64_t t = uint64_t(r[k]) + carry;
            r[k++] = uint32_t(t);
            carry = t >> 32;
        }
    }
    trim_mag(r);
    return r;
}

// r += x * 2**(32*shift); r is long enough for the sum
void add_into(Mag& r, const Mag& x, size_t shift) {
    uint64_t carry = 0;
    size_t i = 0;
    for (; i < x.size(); ++i) {
        uint64_t t = uint64_t(r[i + shift]) + x[i] + carry;
        r[i + shift] = uint32_t(t);
        carry = t >> 32;
    }
    for (size_t k = i + shift; carry && k < r.size(); ++k) {
        uint64_t t = uint64_t(r[k]) + carry;
        r[k] = uint32_t(t);
        carry = t >> 32;
    }
}

// r -= x, with r >= x
void sub_into(Mag& r, const Mag& x) {
    int64_t borrow = 0;
    for (size_t i = 0; i < r.size() && (i < x.size() || borrow); ++i) {
        int64_t t = int64_t(r[i]) - (i < x.size() ? int64_t(x[i]) : 0) - borrow;
        borrow = t < 0;
        r[i] = uint32_t(t + (borrow ? (int64_t(1) << 32) : 0));
    }
    trim_mag(r);
}

Mag add_parts(const uint32_t* a, size_t na, const uint32_t* b, size_t nb) {
    Mag r(std::max(na, nb) + 1);
    for (size_t i = 0; i < na; ++i) r[i] = a[i];
    Mag y(b, b + nb);
    add_into(r, y, 0);
    trim_mag(r);
    return r;
}

Mag karatsuba(const uint32_t* a, size_t na, const uint32_t* b, size_t nb) {
    while (na && a[na - 1] == 0) --na;
    while (nb && b[nb - 1] == 0) --nb;
    if (na < nb) {
        std::swap(a, b);
        std::swap(na, nb);
    }
    if (nb == 0) return {};
    if (nb < kKaratsubaCutoff) return school_mul(a, na, b, nb);
    if (na >= 2 * nb) {  // lopsided: nb-limb slices of a, each a balanced product
        Mag r(na + nb + 1);
        for (size_t off = 0; off < na; off += nb) add_into(r, karatsuba(a + off, std::min(nb, na - off), b, nb), off);
        trim_mag(r);
        return r;
    }
    const size_t m = nb / 2;
    Mag z0 = karatsuba(a, m, b, m);
    Mag z2 = karatsuba(a + m, na - m, b + m, nb - m);
    Mag sa = add_parts(a, m, a + m, na - m), sb = add_parts(b, m, b + m, nb - m);
    Mag z1 = karatsuba(sa.data(), sa.size(), sb.data(), sb.size());
    sub_into(z1, z0);
    sub_into(z1, z2);
    Mag r(na + nb + 1);
    add_into(r, z0, 0);
    add_into(r, z1, m);
    add_into(r, z2, 2 * m);
    trim_mag(r);
    return r;
}
}  // namespace

std::vector<uint32_t> BigInt::mul_mag(const std::vector<uint32_t>& a, const std::vector<uint32_t>& b) {
    if (a.empty() || b.empty()) return {};
    return karatsuba(a.data(), a.size(), b.data(), b.size());
}

BigInt operator+(const BigInt& a, const BigInt& b) {
    BigInt r;
    if (a.neg_ == b.neg_) {
        r.mag_ = BigInt::add_mag(a.mag_, b.mag_);
        r.neg_ = a.neg_;
    } else if (BigInt::cmp_mag(a.mag_, b.mag_) >= 0) {
        r.mag_ = BigInt::sub_mag(a.mag_, b.mag_);
        r.neg_ = a.neg_;
    } else {
        r.mag_ = BigInt::sub_mag(b.mag_, a.mag_);
        r.neg_ = b.neg_;
    }
    r.trim();
    return r;
}

BigInt BigInt::operator-() const {
    BigInt r = *this;
    if (!r.mag_.empty()) r.neg_ = !r.neg_;
    return r;
}

BigInt BigInt::abs() const {
    BigInt r = *this;
    r.neg_ = false;
    return r;
}

BigInt operator-(const BigInt& a, const BigInt& b) { return a + (-b); }

BigInt operator*(const BigInt& a, const BigInt& b) {
    BigInt r;
    r.mag_ = BigInt::mul_mag(a.mag_, b.mag_);
    r.neg_ = a.neg_ != b.neg_;
    r.trim();
    return r;
}

// Knuth, TAOCP vol. 2, 4.3.1, algorithm D (normalised so the divisor's top limb has its high bit set).
void BigInt::divmod_mag(const std::vector<uint32_t>& a, const std::vector<uint32_t>& b, std::vector<uint32_t>& q,
                        std::vector<uint32_t>& r) {
    if (cmp_mag(a, b) < 0) {
        q.clear();
        r = a;
        return;
    }
    if (b.size() == 1) {
        q = a;
        uint32_t rem = divmod_small(q, b[0]);
        r.clear();
        if (rem) r.push_back(rem);
        return;
    }
    const int s = __builtin_clz(b.back());
    auto shifted = [s](const std::vector<uint32_t>& v, size_t extra) {
        std::vector<uint32_t> out(v.size() + extra, 0);
        for (size_t i = 0; i < v.size(); ++i) {
            out[i] |= v[i] << s;
            if (s && i + 1 < out.size()) out[i + 1] |= v[i] >> (32 - s);
        }
        return out;
    };
    std::vector<uint32_t> v = shifted(b, 0);
    std::vector<uint32_t> u = shifted(a, 1);
    const size_t n = v.size(), m = a.size() - b.size();
    q.assign(m + 1, 0);
    for (size_t j = m + 1; j-- > 0;) {
        uint64_t num = (uint64_t(u[j + n]) << 32) | u[j + n - 1];
        uint64_t qhat = num / v[n - 1];
        uint64_t rhat = num % v[n - 1];
        while (qhat > 0xFFFFFFFFull || qhat * v[n - 2] > ((rhat << 32) | u[j + n - 2])) {
            --qhat;
            rhat += v[n - 1];
            if (rhat > 0xFFFFFFFFull) break;
        }
        int64_t borrow = 0;
        uint64_t carry = 0;
        for (size_t i = 0; i < n; ++i) {
            uint64_t p = qhat * v[i] + carry;
            carry = p >> 32;
            int64_t t = int64_t(u[i + j]) - int64_t(uint32_t(p)) - borrow;
            borrow = t < 0;
            u[i + j] = uint32_t(t);
        }
        int64_t t = int64_t(u[j + n]) - int64_t(carry) - borrow;
        u[j + n] = uint32_t(t);
        if (t < 0) {
            --qhat;
            uint64_t c = 0;
            for (size_t i = 0; i < n; ++i) {
                uint64_t sum = uint64_t(u[i + j]) + v[i] + c;
                u[i + j] = uint32_t(sum);
                c = sum >> 32;
            }
            u[j + n] = uint32_t(uint64_t(u[j + n]) + c);
        }
        q[j] = uint32_t(qhat);
    }
    while (!q.empty() && q.back() == 0) q.pop_back();
    r.assign(n, 0);
    for (size_t i = 0; i < n; ++i) {
        r[i] = u[i] >> s;
        if (s) r[i] |= u[i + 1] << (32 - s);
    }
    while (!r.empty() && r.back() == 0) r.pop_back();
}

void BigInt::divmod(const BigInt& a, const BigInt& b, BigInt& q, BigInt& r) {
    BigInt qq, rr;
    divmod_mag(a.mag_, b.mag_, qq.mag_, rr.mag_);
    qq.neg_ = a.neg_ != b.neg_;
    rr.neg_ = a.neg_;
    qq.trim();
    rr.trim();
    // Truncated -> floored: when the remainder is nonzero and the signs differ.
    if (!rr.is_zero() && a.neg_ != b.neg_) {
        qq = qq - BigInt(1);
        rr = rr + b;
    }
    q = std::move(qq);
    r = std::move(rr);
}

BigInt BigInt::pow(const BigInt& base, uint64_t exp) {
    BigInt result(1), b = base;
    while (exp) {
        if (exp & 1) result = result * b;
        exp >>= 1;
        if (exp) b = b * b;
    }
    return result;
}

BigInt BigInt::powmod(BigInt base, BigInt exp, const BigInt& mod) {
    BigInt q, result(1);
    BigInt::divmod(base, mod, q, base);
    BigInt::divmod(result, mod, q, result);
    const int64_t bits = exp.bit_length();
    for (int64_t i = 0; i < bits; ++i) {
        if ((exp.mag_[size_t(i / 32)] >> (i % 32)) & 1u) BigInt::divmod(result * base, mod, q, result);
        if (i + 1 < bits) BigInt::divmod(base * base, mod, q, base);
    }
    return result;
}

std::vector<uint32_t> BigInt::twos(size_t words) const {
    std::vector<uint32_t> w(words, 0);
    for (size_t i = 0; i < mag_.size(); ++i) w[i] = mag_[i];
    if (neg_) {
        uint64_t carry = 1;
        for (auto& x : w) {
            uint64_t t = uint64_t(uint32_t(~x)) + carry;
            x = uint32_t(t);
            carry = t >> 32;
        }
    }
    return w;
}

BigInt BigInt::from_twos(std::vector<uint32_t> w) {
    BigInt r;
    bool negative = !w.empty() && (w.back() >> 31);
    if (negative) {
        uint64_t carry = 1;
        for (auto& x : w) {
            uint64_t t = uint64_t(uint32_t(~x)) + carry;
            x = uint32_t(t);
            carry = t >> 32;
        }
    }
    r.mag_ = std::move(w);
    r.neg_ = negative;
    r.trim();
    return r;
}

namespace {
template <typename F>
BigInt bitwise(const BigInt& a, const BigInt& b, F f, size_t words,
               std::vector<uint32_t> (BigInt::*twos)(size_t) const, BigInt (*from)(std::vector<uint32_t>)) {
    std::vector<uint32_t> x = (a.*twos)(words), y = (b.*twos)(words);
    for (size_t i = 0; i < words; ++i) x[i] = f(x[i], y[i]);
    return from(std::move(x));
}
}  // namespace

BigInt operator&(const BigInt& a, const BigInt& b) {
    size_t words = std::max(a.mag_.size(), b.mag_.size()) + 1;
    return bitwise(a, b, [](uint32_t x, uint32_t y) { return x & y; }, words, &BigInt::twos, &BigInt::from_twos);
}
BigInt operator|(const BigInt& a, const BigInt& b) {
    size_t words = std::max(a.mag_.size(), b.mag_.size()) + 1;
    return bitwise(a, b, [](uint32_t x, uint32_t y) { return x | y; }, words, &BigInt::twos, &BigInt::from_twos);
}
BigInt operator^(const BigInt& a, const BigInt& b) {
    size_t words = std::max(a.mag_.size(), b.mag_.size()) + 1;
    return bitwise(a, b, [](uint32_t x, uint32_t y) { return x ^ y; }, words, &BigInt::twos, &BigInt::from_twos);
}

BigInt BigInt::operator~() const { return -(*this) - BigInt(1); }

BigInt BigInt::shl(uint64_t n) const {
    if (mag_.empty()) return BigInt();
    BigInt r;
    r.neg_ = neg_;
    const size_t words = size_t(n / 32);
    const int bits = int(n % 32);
    r.mag_.assign(words, 0);
    uint32_t carry = 0;
    for (uint32_t x : mag_) {
        r.mag_.push_back(bits ? (x << bits) | carry : x);
        carry = bits ? x >> (32 - bits) : 0;
    }
    if (carry) r.mag_.push_back(carry);
    r.trim();
    return r;
}

BigInt BigInt::shr(uint64_t n) const {
    if (neg_) {
        // floor(a / 2**n) for negative a: -((|a| - 1) >> n) - 1
        BigInt m = (abs() - BigInt(1)).shr(n);
        return -m - BigInt(1);
    }
    const size_t words = size_t(n / 32);
    if (words >= mag_.size()) return BigInt();
    const int bits = int(n % 32);
    BigInt r;
    for (size_t i = words; i < mag_.size(); ++i) {
        uint32_t lo = mag_[i] >> bits;
        uint32_t hi = (bits && i + 1 < mag_.size()) ? mag_[i + 1] << (32 - bits) : 0;
        r.mag_.push_back(lo | hi);
    }
    r.trim();
    return r;
}

double BigInt::true_divide(const BigInt& a, const BigInt& b, bool& overflow) {
    overflow = false;
    const int64_t shift = 55 + b.bit_length() - a.bit_length();
    BigInt num = a.abs(), den = b.abs();
    if (shift > 0) num = num.shl(uint64_t(shift));
    else if (shift < 0) den = den.shl(uint64_t(-shift));
    BigInt q, r;
    divmod(num, den, q, r);
    if (!r.is_zero() && !q.mag_.empty()) q.mag_[0] |= 1;  // sticky bit: rounds like the exact quotient
    bool of = false;
    double d = q.to_double(of);
    d = std::ldexp(d, int(-shift));
    if (of || std::isinf(d)) {
        overflow = true;
        return 0.0;
    }
    return a.neg_ != b.neg_ ? -d : d;
}

}  // namespace kiln::vm
