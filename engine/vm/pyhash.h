// CPython 3.11's hash functions for the values whose hashes decide the iteration order of sets:
// ints and floats (the numeric hash: reduction modulo the Mersenne prime 2**61 - 1, so that equal
// numbers of different types hash equal), tuples (the xxHash-based combination of tuple_hash),
// pointers (object identity) and frozensets (an order-independent xor of shuffled element hashes).
// A set of ints therefore iterates and prints in CPython's order ({3, 1, 2} prints {1, 2, 3}).
//
// str and bytes hashes are CPython's SipHash-1-3 with the key PYTHONHASHSEED=0 gives (all zero; the
// parity goldens are made so): a str is hashed over its PEP 393 representation (Latin-1 bytes when
// every character is below 256, else UCS-2, else UCS-4, little-endian), so a set of strings iterates
// in the order CPython's does under that seed. None's hash is its address in 3.11; Kiln uses 3.12's
// constant.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace kiln::vm::pyhash {

constexpr int kBits = 61;
constexpr uint64_t kModulus = (uint64_t(1) << kBits) - 1;
constexpr int64_t kInf = 314159;
constexpr int64_t kNone = 0xFCA86420;

inline int64_t fix(uint64_t x) { return x == uint64_t(-1) ? -2 : int64_t(x); }

// hash(int) for a 64-bit int.
inline int64_t of_int(int64_t v) {
    uint64_t mag = v < 0 ? uint64_t(0) - uint64_t(v) : uint64_t(v);
    uint64_t x = mag % kModulus;
    if (v < 0) x = uint64_t(0) - x;
    return fix(x);
}

// hash(float): _Py_HashDouble (NaN hashes as 0: a float here has no identity).
inline int64_t of_double(double v) {
    if (!std::isfinite(v)) {
        if (std::isinf(v)) return v > 0 ? kInf : -kInf;
        return 0;
    }
    int e;
    double m = std::frexp(v, &e);
    int sign = 1;
    if (m < 0) {
        sign = -1;
        m = -m;
    }
    uint64_t x = 0;
    while (m != 0) {
        x = ((x << 28) & kModulus) | x >> (kBits - 28);
        m *= 268435456.0;
        e -= 28;
        auto y = uint64_t(m);
        m -= double(y);
        x += y;
        if (x >= kModulus) x -= kModulus;
    }
    e = e >= 0 ? e % kBits : kBits - 1 - ((-1 - e) % kBits);
    x = ((x << e) & kModulus) | x >> (kBits - e);
    x = x * uint64_t(int64_t(sign));
    return fix(x);
}

// Identity hash (_Py_HashPointer): the address rotated right by 4 bits.
inline int64_t of_pointer(const void* p) {
    auto y = uint64_t(reinterpret_cast<uintptr_t>(p));
    y = (y >> 4) | (y << 60);
    return fix(y);
}

// CPython's siphash13 (Python/pyhash.c) with k0 = k1 = 0.
inline uint64_t siphash13(const unsigned char* in, size_t n) {
    auto rotl = [](uint64_t x, int b) { return (x << b) | (x >> (64 - b)); };
    uint64_t v0 = 0x736f6d6570736575ull, v1 = 0x646f72616e646f6dull, v2 = 0x6c7967656e657261ull, v3 = 0x7465646279746573ull;
    auto round = [&] {
        v0 += v1; v2 += v3; v1 = rotl(v1, 13) ^ v0; v3 = rotl(v3, 16) ^ v2; v0 = rotl(v0, 32);
        v2 += v1; v0 += v3; v1 = rotl(v1, 17) ^ v2; v3 = rotl(v3, 21) ^ v0; v2 = rotl(v2, 32);
    };
    uint64_t b = uint64_t(n) << 56;
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t m = 0;
        for (int k = 0; k < 8; ++k) m |= uint64_t(in[i + k]) << (8 * k);
        v3 ^= m;
        round();
        v0 ^= m;
    }
    for (int k = 0; i + k < n; ++k) b |= uint64_t(in[i + k]) << (8 * k);
    v3 ^= b;
    round();
    v0 ^= b;
    v2 ^= 0xff;
    round();
    round();
    round();
    return (v0 ^ v1) ^ (v2 ^ v3);
}

// hash(bytes): the raw bytes (b'' hashes 0).
inline int64_t of_bytes(std::string_view s) {
    if (s.empty()) return 0;
    return fix(siphash13(reinterpret_cast<const unsigned char*>(s.data()), s.size()));
}

// hash(str) of UTF-8 text: its code points as CPython stores them (1, 2 or 4 bytes each).
inline int64_t of_str(std::string_view s) {
    bool ascii = true;
    for (unsigned char c : s)
        if (c >= 0x80) ascii = false;
    if (ascii) return of_bytes(s);
    std::vector<uint32_t> cps;
    uint32_t widest = 0;
    for (size_t i = 0; i < s.size();) {
        auto c = static_cast<unsigned char>(s[i]);
        int len = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
        uint32_t cp = len == 1 ? c : len == 2 ? c & 0x1F : len == 3 ? c & 0x0F : c & 0x07;
        for (int k = 1; k < len && i + size_t(k) < s.size(); ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[i + size_t(k)]) & 0x3F);
        cps.push_back(cp);
        widest = std::max(widest, cp);
        i += size_t(len);
    }
    const size_t width = widest < 0x100 ? 1 : widest < 0x10000 ? 2 : 4;
    std::string buf(cps.size() * width, '\0');
    for (size_t j = 0; j < cps.size(); ++j)
        for (size_t k = 0; k < width; ++k) buf[j * width + k] = char((cps[j] >> (8 * k)) & 0xFF);
    return of_bytes(buf);
}

// tuple_hash: feed each element's hash with add(), then finish(len).
struct TupleHasher {
    static constexpr uint64_t P1 = 11400714785074694791ull, P2 = 14029467366897019727ull, P5 = 2870177450012600261ull;
    uint64_t acc = P5;
    void add(int64_t lane) {
        acc += uint64_t(lane) * P2;
        acc = (acc << 31) | (acc >> 33);
        acc *= P1;
    }
    int64_t finish(size_t len) {
        acc += uint64_t(len) ^ (P5 ^ 3527539ull);
        if (acc == uint64_t(-1)) return 1546275796;
        return int64_t(acc);
    }
};

// frozenset_hash: xor of shuffled element hashes, then the size and a final dispersion.
inline uint64_t shuffle_bits(uint64_t h) { return ((h ^ 89869747ull) ^ (h << 16)) * 3644798167ull; }
inline int64_t finish_frozenset(uint64_t xored, size_t size) {
    uint64_t hash = xored;
    hash ^= (uint64_t(size) + 1) * 1927868237ull;
    hash ^= (hash >> 11) ^ (hash >> 25);
    hash = hash * 69069u + 907133923ull;
    if (hash == uint64_t(-1)) hash = 590923713ull;
    return int64_t(hash);
}

}  // namespace kiln::vm::pyhash
