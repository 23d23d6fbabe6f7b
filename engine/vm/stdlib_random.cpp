// _random: the Mersenne Twister core behind engine/stdlib/random.py, in C++ for speed.
//
// The streams equal CPython 3.11's bit for bit: MT19937 seeded by init_by_array with the seed's
// 32-bit words (least significant first), random() from two draws (27 + 26 bits), getrandbits(k)
// from 32-bit words with the last one's low bits dropped. Seeds as CPython's version 2: an int by its
// absolute value, a str by the big-endian integer of its UTF-8 bytes followed by their SHA-512 digest,
// a float by the absolute value of CPython's numeric hash of it, None by the clock.
// Wide draws and seeds go through heap ints (int_big.h): getrandbits(k) of any k, _randbelow of any
// bound, int seeds of any size.
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstring>

#include "support/hash.h"
#include "vm/args.h"
#include "vm/int_big.h"
#include "vm/interpreter.h"
#include "vm/ops.h"

namespace kiln::vm {

namespace {

// ---- MT19937 ------------------------------------------------------------------------------------

Type* g_random_type = nullptr;

struct MTState : NativeObj {
    explicit MTState(Type* t) : NativeObj(t) {}
    static constexpr int N = 624, M = 397;
    uint32_t mt[N] = {};
    int index = N + 1;

    void init_genrand(uint32_t s) {
        mt[0] = s;
        for (int i = 1; i < N; ++i) mt[i] = 1812433253U * (mt[i - 1] ^ (mt[i - 1] >> 30)) + uint32_t(i);
        index = N;
    }
    void init_by_array(const std::vector<uint32_t>& key) {
        init_genrand(19650218U);
        int i = 1, j = 0;
        int k = N > int(key.size()) ? N : int(key.size());
        for (; k; --k) {
            mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525U)) + key[size_t(j)] + uint32_t(j);
            ++i, ++j;
            if (i >= N) mt[0] = mt[N - 1], i = 1;
            if (j >= int(key.size())) j = 0;
        }
        for (k = N - 1; k; --k) {
            mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941U)) - uint32_t(i);
            ++i;
            if (i >= N) mt[0] = mt[N - 1], i = 1;
        }
        mt[0] = 0x80000000U;  // the initial array is non-zero
    }
    uint32_t next() {
        static const uint32_t mag01[2] = {0x0U, 0x9908b0dfU};
        if (index >= N) {
            int kk = 0;
            for (; kk < N - M; ++kk) {
                uint32_t y = (mt[kk] & 0x80000000U) | (mt[kk + 1] & 0x7fffffffU);
                mt[kk] = mt[kk + M] ^ (y >> 1) ^ mag01[y & 1U];
            }
            for (; kk < N - 1; ++kk) {
                uint32_t y = (mt[kk] & 0x80000000U) | (mt[kk + 1] & 0x7fffffffU);
                mt[kk] = mt[kk + (M - N)] ^ (y >> 1) ^ mag01[y & 1U];
            }
            uint32_t y = (mt[N - 1] & 0x80000000U) | (mt[0] & 0x7fffffffU);
            mt[N - 1] = mt[M - 1] ^ (y >> 1) ^ mag01[y & 1U];
            index = 0;
        }
        uint32_t y = mt[index++];
        y ^= (y >> 11);
        y ^= (y << 7) & 0x9d2c5680U;
        y ^= (y << 15) & 0xefc60000U;
        y ^= (y >> 18);
        return y;
    }
    double random() {
        uint32_t a = next() >> 5, b = next() >> 6;
        return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
    }
    uint64_t bits(int k) {  // 0 < k <= 64
        if (k <= 32) return next() >> (32 - k);
        uint64_t lo = next();
        uint64_t hi = next() >> (64 - k);
        return lo | (hi << 32);
    }
};

MTState* mt_self(const CallArgs& a, const char* method) {
    auto* s = a.nargs ? native_cast<MTState>(a.args[0]) : nullptr;
    if (!s) raise(T().TypeError, str("descriptor '", method, "' for '_random.Random' objects needs an argument"));
    return s;
}

// The 32-bit words of a non-negative integer, least significant first, at least one.
// getrandbits(k): 32-bit words, least significant first, the last one's low bits dropped
// (CPython's _random_Random_getrandbits_impl); past 63 bits a heap int.
Value draw_bits(MTState* s, int64_t k) {
    if (k <= 63) return Value::integer(int64_t(s->bits(int(k))));
    check_int_bits(double(k));
    BigInt acc;
    for (int64_t i = 0; k > 0; ++i, k -= 32) {
        uint32_t r = s->next();
        if (k < 32) r >>= (32 - k);
        acc = acc | BigInt::from_u64(r).shl(uint64_t(32 * i));
    }
    return int_value(std::move(acc));
}

std::vector<uint32_t> words_of(uint64_t n) {
    std::vector<uint32_t> key{uint32_t(n)};
    if (n >> 32) key.push_back(uint32_t(n >> 32));
    return key;
}

// CPython's hash of a float (the numeric hash modulo 2**61 - 1; Python's "Hashing of numeric types").
int64_t cpython_float_hash(double x) {
    const uint64_t P = (uint64_t(1) << 61) - 1;
    if (std::isinf(x)) return x > 0 ? 314159 : -314159;
    int e;
    double m = std::frexp(x, &e);
    int sign = 1;
    if (m < 0) sign = -1, m = -m;
    uint64_t h = 0;
    while (m != 0) {
        h = ((h << 28) & P) | h >> (61 - 28);
        m *= 268435456.0;
        e -= 28;
        uint64_t y = uint64_t(m);
        m -= double(y);
        h += y;
        if (h >= P) h -= P;
    }
    e = e >= 0 ? e % 61 : 60 - ((-1 - e) % 61);
    h = ((h << e) & P) | h >> (61 - e);
    int64_t r = int64_t(h) * sign;
    return r == -1 ? -2 : r;
}

void seed_state(Interpreter& in, MTState* s, const Value& a) {
    if (a.is_none()) {
        auto now = std::chrono::system_clock::now().time_since_epoch();
        uint64_t t = uint64_t(std::chrono::duration_cast<std::chrono::nanoseconds>(now).count());
        s->init_by_array({uint32_t(t), uint32_t(t >> 32), uint32_t(reinterpret_cast<uintptr_t>(s))});
        return;
    }
    if (a.is_int() || a.is_bool()) {
        int64_t v = to_int(a, "");
        uint64_t mag = v < 0 ? uint64_t(0) - uint64_t(v) : uint64_t(v);
        s->init_by_array(words_of(mag));
        return;
    }
    if (const BigInt* b = big_of(a)) {  // the magnitude's 32-bit words, least significant first
        BigInt m = b->abs();
        const BigInt mask = BigInt::from_u64(0xFFFFFFFFu);
        std::vector<uint32_t> key;
        for (; !m.is_zero(); m = m.shr(32)) key.push_back(uint32_t((m & mask).to_i64()));
        s->init_by_array(key);
        return;
    }
    if (a.is_float()) {
        int64_t h = cpython_float_hash(a.as_float());
        if (std::isnan(a.as_float())) raise(T().TypeError, "random.seed(nan) is not supported in Kiln: CPython hashes NaN by identity");
        s->init_by_array(words_of(h < 0 ? uint64_t(0) - uint64_t(h) : uint64_t(h)));
        return;
    }
    if (a.is(Kind::Str)) {
        // The integer whose big-endian bytes are the UTF-8 text followed by its SHA-512 digest.
        const std::string& text = str_of(a);
        std::vector<uint8_t> bytes(text.begin(), text.end());
        for (char b : support::digest("sha512", text)) bytes.push_back(uint8_t(b));
        std::vector<uint32_t> key;
        for (size_t end = bytes.size(); end > 0; end = end >= 4 ? end - 4 : 0) {
            uint32_t w = 0;
            size_t start = end >= 4 ? end - 4 : 0;
            for (size_t i = start; i < end; ++i) w = (w << 8) | bytes[i];
            key.push_back(w);
            if (start == 0) break;
        }
        while (key.size() > 1 && key.back() == 0) key.pop_back();
        s->init_by_array(key);
        return;
    }
    raise(T().TypeError, "The only supported seed types are: None,\nint, float, str, bytes, and bytearray.");
}

int64_t index_arg(const Value& v, const char* what) {
    if (!is_index(v)) raise(T().TypeError, str("'", type_name(v), "' object cannot be interpreted as an integer"));
    return to_int(v, what);
}

void random_module(Interpreter&, ModuleObj& m) {
    if (!g_random_type) {
        g_random_type = make_builtin_type("Random", T().object, Kind::Native, "_random");
        g_random_type->construct = [](Interpreter& in, const CallArgs& a) {
            auto s = make<MTState>(g_random_type);
            seed_state(in, s.get(), a.nargs ? a.args[0] : Value::none());
            return Value(s.get());
        };
        def_method(g_random_type, "seed", [](Interpreter& in, const CallArgs& a) {
            MTState* s = mt_self(a, "seed");
            seed_state(in, s, a.nargs > 1 ? a.args[1] : Value::none());
            return Value::none();
        });
        def_method(g_random_type, "random", [](Interpreter&, const CallArgs& a) { return Value::number(mt_self(a, "random")->random()); });
        def_method(g_random_type, "getrandbits", [](Interpreter&, const CallArgs& a) {
            MTState* s = mt_self(a, "getrandbits");
            if (a.nargs != 2) raise(T().TypeError, str("getrandbits() takes exactly one argument (", a.nargs - 1, " given)"));
            int64_t k = index_arg(a.args[1], "getrandbits");
            if (k < 0) raise(T().ValueError, "number of bits must be non-negative");
            if (k == 0) return Value::integer(0);
            return draw_bits(s, k);
        });
        // randbelow(n): getrandbits(n.bit_length()) until the draw is below n (CPython's _randbelow).
        def_method(g_random_type, "_randbelow", [](Interpreter&, const CallArgs& a) {
            MTState* s = mt_self(a, "_randbelow");
            if (const BigInt* big = big_of(a.args[1])) {  // a bound past 64 bits: draws of its bit length
                if (big->negative()) return Value::integer(0);
                const int64_t k = big->bit_length();
                for (;;) {
                    Value r = draw_bits(s, k);
                    if (!is_big(r) || compare(*big_of(r), *big) < 0) return r;
                }
            }
            int64_t n = index_arg(a.args[1], "_randbelow");
            if (n <= 0) return Value::integer(0);
            int k = 64 - __builtin_clzll(uint64_t(n));
            uint64_t r = s->bits(k);
            while (r >= uint64_t(n)) r = s->bits(k);
            return Value::integer(int64_t(r));
        });
        def_method(g_random_type, "getstate", [](Interpreter&, const CallArgs& a) {
            MTState* s = mt_self(a, "getstate");
            std::vector<Value> items;
            items.reserve(MTState::N + 1);
            for (uint32_t w : s->mt) items.push_back(Value::integer(int64_t(w)));
            items.push_back(Value::integer(s->index));
            return new_tuple(std::move(items));
        });
        def_method(g_random_type, "setstate", [](Interpreter& in, const CallArgs& a) {
            MTState* s = mt_self(a, "setstate");
            if (a.nargs != 2 || !a.args[1].is(Kind::Tuple)) raise(T().TypeError, "state vector must be a tuple");
            auto& items = a.args[1].get<Tuple>()->items;
            if (items.size() != size_t(MTState::N + 1)) raise(T().ValueError, "state vector is the wrong size");
            for (int i = 0; i < MTState::N; ++i) {
                int64_t w = index_arg(items[size_t(i)], "setstate");
                if (w < 0 || w > 0xffffffffLL) raise(T().OverflowError, "Python int too large to convert to C unsigned long");
                s->mt[i] = uint32_t(w);
            }
            int64_t idx = index_arg(items[MTState::N], "setstate");
            if (idx < 0 || idx > MTState::N) raise(T().ValueError, "invalid state");
            s->index = int(idx);
            return Value::none();
        });
    }
    m.dict.set("Random", Value(g_random_type));
}

}  // namespace

void register_random_module() { Interpreter::register_module("_random", random_module); }

}  // namespace kiln::vm
