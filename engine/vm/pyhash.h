// CPython 3.11's hash functions for the values whose hashes decide the iteration order of sets:
// ints and floats (the numeric hash: reduction modulo the Mersenne prime 2**61 - 1, so that equal
// numbers of different types hash equal), tuples (the xxHash-based combination of tuple_hash),
// pointers (object identity) and frozensets (an order-independent xor of shuffled element hashes).
// A set of ints therefore iterates and prints in CPython's order ({3, 1, 2} prints {1, 2, 3}).
//
// str hashes are randomized per run in CPython (PYTHONHASHSEED), so no order of a set of strings is
// reproducible; Kiln uses FNV-1a. None's hash is its address in 3.11; Kiln uses 3.12's constant.
#pragma once
#include <cmath>
#include <cstdint>
#include <string_view>

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

inline int64_t of_str(std::string_view s) {
    uint64_t h = 1469598103934665603ull;
    for (unsigned char c : s) h = (h ^ c) * 1099511628211ull;
    return fix(h);
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
