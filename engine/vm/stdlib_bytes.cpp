// Native halves of two byte-level modules (engine/stdlib/struct.py, engine/stdlib/hashlib.py):
//
// _struct: pack/unpack/calcsize over CPython's format language: byte order '@' (native sizes and
//   alignment, the default), '=', '<', '>', '!'; codes x c b B ? h H i I l L q Q n N e f d s p P with
//   repeat counts. Range errors and size errors use CPython 3.11's wording; they are raised as the
//   `error` class struct.py passes in (struct.error).
// _hashlib: MD5 (RFC 1321), SHA-1, SHA-224/256, SHA-384/512 (FIPS 180-4) as hash objects with
//   update/digest/hexdigest/copy; written from the specifications.
// _zlib: inflate (RFC 1951) in the zlib/gzip/raw wrappers, stored-block deflate, crc32, adler32
//   (engine/stdlib/zlib.py, gzip.py).
#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "tensor/dtype.h"
#include "vm/args.h"
#include "vm/int_big.h"
#include "vm/interpreter.h"
#include "vm/ops.h"

namespace kiln::vm {

namespace {

const TypeTable& T() { return types(); }

// ---- _struct --------------------------------------------------------------------------------------

struct Item {
    char code;
    int64_t count;  // repeat count; for 's'/'p' the byte length
    size_t size;
    size_t offset;
};

struct Layout {
    char order;  // '@', '<', '>' ('=' is '<' on little-endian hosts, '!' is '>')
    std::vector<Item> items;
    size_t size = 0;
    size_t nvalues = 0;
};

[[noreturn]] void struct_error(const Value& err, const std::string& msg) {
    if (err.is(Kind::Type)) throw PyError(current_interpreter().call(err, {new_str(msg)}));
    raise(T().ValueError, msg);
}

size_t native_size(char c) {
    switch (c) {
        case 'x': case 'c': case 'b': case 'B': case '?': case 's': case 'p': return 1;
        case 'h': case 'H': case 'e': return 2;
        case 'i': case 'I': case 'f': return 4;
        case 'l': case 'L': return sizeof(long);
        case 'q': case 'Q': case 'd': return 8;
        case 'n': case 'N': return sizeof(size_t);
        case 'P': return sizeof(void*);
        default: return 0;
    }
}
size_t std_size(char c) {
    switch (c) {
        case 'x': case 'c': case 'b': case 'B': case '?': case 's': case 'p': return 1;
        case 'h': case 'H': case 'e': return 2;
        case 'i': case 'I': case 'l': case 'L': case 'f': return 4;
        case 'q': case 'Q': case 'd': return 8;
        default: return 0;
    }
}

Layout parse_format(const Value& err, const std::string& fmt) {
    Layout L;
    size_t i = 0;
    L.order = '@';
    if (!fmt.empty() && std::strchr("@=<>!", fmt[0])) {
        L.order = fmt[0] == '=' ? '<' : fmt[0] == '!' ? '>' : fmt[0];
        i = 1;
    }
    const bool native = L.order == '@';
    size_t off = 0;
    while (i < fmt.size()) {
        char c = fmt[i];
        if (std::isspace(static_cast<unsigned char>(c))) {
            ++i;
            continue;
        }
        int64_t count = 1;
        bool has_count = false;
        if (std::isdigit(static_cast<unsigned char>(c))) {
            count = 0;
            while (i < fmt.size() && std::isdigit(static_cast<unsigned char>(fmt[i]))) {
                if (count > (int64_t(1) << 40)) struct_error(err, "total struct size too long");
                count = count * 10 + (fmt[i] - '0');
                ++i;
            }
            has_count = true;
            if (i >= fmt.size()) struct_error(err, "repeat count given without format specifier");
            c = fmt[i];
        }
        (void)has_count;
        size_t sz = native ? native_size(c) : std_size(c);
        if (!sz || (!native && (c == 'n' || c == 'N' || c == 'P'))) struct_error(err, "bad char in struct format");
        if (native && c != 's' && c != 'p' && c != 'x' && c != 'c' && c != 'b' && c != 'B' && c != '?') {
            size_t align = sz;
            off = (off + align - 1) / align * align;
        }
        if (c == 's' || c == 'p') {
            L.items.push_back({c, count, size_t(count), off});
            off += size_t(count);
            L.nvalues += 1;
        } else if (c == 'x') {
            off += size_t(count);
        } else {
            for (int64_t k = 0; k < count; ++k) {
                L.items.push_back({c, 1, sz, off});
                off += sz;
                L.nvalues += 1;
            }
        }
        ++i;
    }
    L.size = off;
    return L;
}

void put_uint(std::string& out, size_t off, uint64_t v, size_t n, bool big) {
    for (size_t k = 0; k < n; ++k) {
        size_t pos = big ? off + n - 1 - k : off + k;
        out[pos] = char((v >> (8 * k)) & 0xff);
    }
}
uint64_t get_uint(const std::string& in, size_t off, size_t n, bool big) {
    uint64_t v = 0;
    for (size_t k = 0; k < n; ++k) {
        size_t pos = big ? off + n - 1 - k : off + k;
        v |= uint64_t(uint8_t(in[pos])) << (8 * k);
    }
    return v;
}

// An int argument for an integer code, with CPython's errors.
int64_t int_for(Interpreter& in, const Value& err, const Value& v, char code, bool is_unsigned, size_t size, bool native,
                uint64_t& uval) {
    (void)native;
    Value x = v;
    if (!x.is_int() && !x.is_bool() && !is_big(x)) {
        Value idx = getattr_or_null(in, x, "__index__");
        if (idx.is_null()) struct_error(err, "required argument is not an integer");
        x = in.call(idx, std::vector<Value>{});
    }
    const bool big = is_big(x);
    const bool neg = big ? big_of(x)->negative() : to_int(x, "") < 0;
    auto range_error = [&]() -> int64_t {
        if (code == 'b' || code == 'B' || code == 'h' || code == 'H') {
            const char* what = code == 'b' ? "byte format requires -128 <= number <= 127"
                               : code == 'B' ? "ubyte format requires 0 <= number <= 255"
                               : code == 'h' ? "short format requires -32768 <= number <= 32767"
                                             : "ushort format requires 0 <= number <= 65535";
            struct_error(err, what);
        }
        if (size == 8 || (is_unsigned && neg)) struct_error(err, "argument out of range");
        if (is_unsigned) {
            uint64_t hi = size == 8 ? ~0ull : (uint64_t(1) << (8 * size)) - 1;
            struct_error(err, str("'", code, "' format requires 0 <= number <= ", hi));
        }
        int64_t hi = size == 8 ? INT64_MAX : (int64_t(1) << (8 * size - 1)) - 1;
        struct_error(err, str("'", code, "' format requires ", -hi - 1, " <= number <= ", hi));
    };
    if (is_unsigned) {
        if (neg) return range_error();
        if (big) {
            const BigInt* b = big_of(x);
            if (size < 8 || b->bit_length() > 64) return range_error();
            // 2**63 <= x < 2**64: its low 64 bits
            BigInt q, r;
            BigInt::divmod(*b, BigInt(int64_t(1)).shl(63), q, r);
            uval = (uint64_t(1) << 63) | uint64_t(r.to_i64());
            return 0;
        }
        uint64_t u = uint64_t(to_int(x, ""));
        if (size < 8 && u >= (uint64_t(1) << (8 * size))) return range_error();
        uval = u;
        return 0;
    }
    if (big) return range_error();
    int64_t s = to_int(x, "");
    if (size < 8) {
        int64_t hi = (int64_t(1) << (8 * size - 1)) - 1;
        if (s > hi || s < -hi - 1) return range_error();
    }
    uval = uint64_t(s);
    return s;
}

std::string pack_values(Interpreter& in, const Value& err, const Layout& L, const Value* vals, size_t n) {
    if (n != L.nvalues) struct_error(err, str("pack expected ", L.nvalues, " items for packing (got ", n, ")"));
    std::string out(L.size, '\0');
    const bool bigend = L.order == '>';
    const bool native = L.order == '@';
    for (size_t k = 0; k < L.items.size(); ++k) {
        const Item& it = L.items[k];
        const Value& v = vals[k];
        switch (it.code) {
            case 'c': {
                std::string b;
                if (!bytes_data(v, b) || b.size() != 1) struct_error(err, "char format requires a bytes object of length 1");
                out[it.offset] = b[0];
                break;
            }
            case 's':
            case 'p': {
                std::string b;
                if (!bytes_data(v, b)) struct_error(err, str("argument for '", it.code, "' must be a bytes object"));
                if (it.code == 's') {
                    std::memcpy(&out[it.offset], b.data(), std::min(b.size(), it.size));
                } else if (it.size > 0) {
                    size_t nb = std::min(b.size(), it.size - 1);
                    if (nb > 255) nb = 255;
                    out[it.offset] = char(nb);
                    std::memcpy(&out[it.offset + 1], b.data(), nb);
                }
                break;
            }
            case '?': out[it.offset] = truthy(in, v) ? 1 : 0; break;
            case 'e':
            case 'f':
            case 'd': {
                if (!v.is_float() && !v.is_int() && !v.is_bool() && getattr_or_null(in, v, "__float__").is_null())
                    struct_error(err, "required argument is not a float");
                double d = v.is_float() ? v.as_float() : v.is_int() || v.is_bool() ? double(to_int(v, "")) : in.call(getattr(in, v, "__float__"), std::vector<Value>{}).as_float();
                uint64_t bits;
                if (it.code == 'd') {
                    std::memcpy(&bits, &d, 8);
                } else if (it.code == 'f') {
                    float f = float(d);
                    if (std::isinf(f) && std::isfinite(d)) raise(T().OverflowError, "float too large to pack with f format");
                    uint32_t b32;
                    std::memcpy(&b32, &f, 4);
                    bits = b32;
                } else {
                    float f = float(d);
                    uint16_t h = float_to_half(f);
                    if ((h & 0x7fff) == 0x7c00 && std::isfinite(d)) raise(T().OverflowError, "float too large to pack with e format");
                    bits = h;
                }
                put_uint(out, it.offset, bits, it.size, bigend);
                break;
            }
            default: {
                const bool is_unsigned = std::isupper(static_cast<unsigned char>(it.code)) != 0;
                uint64_t u = 0;
                int_for(in, err, v, it.code, is_unsigned, it.size, native, u);
                put_uint(out, it.offset, u, it.size, bigend);
                break;
            }
        }
    }
    return out;
}

Value unpack_values(const Value& err, const Layout& L, const std::string& data, size_t offset, bool exact) {
    if (exact && data.size() != L.size) struct_error(err, str("unpack requires a buffer of ", L.size, " bytes"));
    if (!exact && data.size() < offset + L.size)
        struct_error(err, str("unpack_from requires a buffer of at least ", offset + L.size, " bytes for unpacking ", L.size,
                              " bytes at offset ", offset, " (actual buffer size is ", data.size(), ")"));
    const bool bigend = L.order == '>';
    std::vector<Value> out;
    for (const Item& it : L.items) {
        size_t o = offset + it.offset;
        switch (it.code) {
            case 'c': out.push_back(new_bytes(std::string(1, data[o]))); break;
            case 's': out.push_back(new_bytes(data.substr(o, it.size))); break;
            case 'p': {
                size_t nb = it.size ? std::min<size_t>(uint8_t(data[o]), it.size - 1) : 0;
                out.push_back(new_bytes(it.size ? data.substr(o + 1, nb) : std::string()));
                break;
            }
            case '?': out.push_back(Value::boolean(data[o] != 0)); break;
            case 'e': out.push_back(Value::number(double(half_to_float(uint16_t(get_uint(data, o, 2, bigend)))))); break;
            case 'f': {
                uint32_t b = uint32_t(get_uint(data, o, 4, bigend));
                float f;
                std::memcpy(&f, &b, 4);
                out.push_back(Value::number(double(f)));
                break;
            }
            case 'd': {
                uint64_t b = get_uint(data, o, 8, bigend);
                double d;
                std::memcpy(&d, &b, 8);
                out.push_back(Value::number(d));
                break;
            }
            default: {
                uint64_t u = get_uint(data, o, it.size, bigend);
                if (std::isupper(static_cast<unsigned char>(it.code))) {
                    if (it.size == 8 && u > uint64_t(INT64_MAX)) out.push_back(int_value(BigInt::from_u64(u)));
                    else out.push_back(Value::integer(int64_t(u)));
                } else {
                    int64_t s = it.size == 8 ? int64_t(u) : int64_t(u << (64 - 8 * it.size)) >> (64 - 8 * it.size);
                    out.push_back(Value::integer(s));
                }
                break;
            }
        }
    }
    return new_tuple(std::move(out));
}

std::string fmt_of(const Value& v) {
    std::string s;
    if (v.is(Kind::Str)) return str_of(v);
    if (bytes_data(v, s)) return s;
    raise(T().TypeError, str("Struct() argument 1 must be a str or bytes object, not ", type_name(v)));
}

std::string buffer_of(const Value& v) {
    std::string s;
    if (!bytes_data(v, s)) raise(T().TypeError, str("a bytes-like object is required, not '", type_name(v), "'"));
    return s;
}

void struct_module(Interpreter&, ModuleObj& m) {
    auto def = [&m](const char* name, NativeFn fn) { m.dict.set(name, new_builtin(name, std::move(fn))); };
    // _struct.pack(error, fmt, *values) -> bytes
    def("pack", [](Interpreter& in, const CallArgs& a) {
        if (a.nargs < 2) raise(T().TypeError, "pack expected at least 1 argument");
        Layout L = parse_format(a.args[0], fmt_of(a.args[1]));
        return new_bytes(pack_values(in, a.args[0], L, a.args + 2, a.nargs - 2));
    });
    // _struct.unpack(error, fmt, buffer, offset, exact) -> tuple
    def("unpack", [](Interpreter&, const CallArgs& a) {
        if (a.nargs != 5) raise(T().TypeError, "unpack: internal arguments");
        Layout L = parse_format(a.args[0], fmt_of(a.args[1]));
        int64_t off = to_int(a.args[3], "offset");
        std::string data = buffer_of(a.args[2]);
        if (off < 0) {
            if (-off > int64_t(data.size())) struct_error(a.args[0], str("offset ", off, " out of range for ", data.size(), "-byte buffer"));
            off += int64_t(data.size());
        }
        return unpack_values(a.args[0], L, data, size_t(off), truthy(current_interpreter(), a.args[4]));
    });
    def("calcsize", [](Interpreter&, const CallArgs& a) {
        if (a.nargs != 2) raise(T().TypeError, "calcsize: internal arguments");
        return Value::integer(int64_t(parse_format(a.args[0], fmt_of(a.args[1])).size));
    });
}

// ---- _hashlib -------------------------------------------------------------------------------------

inline uint32_t rol32(uint32_t x, int n) { return (x << n) | (x >> (32 - n)); }
inline uint32_t ror32(uint32_t x, int n) { return (x >> n) | (x << (32 - n)); }
inline uint64_t ror64(uint64_t x, int n) { return (x >> n) | (x << (64 - n)); }

struct HashState {
    std::string name;
    size_t block = 64, digest_size = 16;
    std::vector<uint32_t> h32;
    std::vector<uint64_t> h64;
    std::string buffer;
    uint64_t length = 0;  // bytes so far

    void init(const std::string& n) {
        name = n;
        if (n == "md5") {
            h32 = {0x67452301u, 0xefcdab89u, 0x98badcfeu, 0x10325476u};
            digest_size = 16;
        } else if (n == "sha1") {
            h32 = {0x67452301u, 0xEFCDAB89u, 0x98BADCFEu, 0x10325476u, 0xC3D2E1F0u};
            digest_size = 20;
        } else if (n == "sha256") {
            h32 = {0x6a09e667u, 0xbb67ae85u, 0x3c6ef372u, 0xa54ff53au, 0x510e527fu, 0x9b05688cu, 0x1f83d9abu, 0x5be0cd19u};
            digest_size = 32;
        } else if (n == "sha224") {
            h32 = {0xc1059ed8u, 0x367cd507u, 0x3070dd17u, 0xf70e5939u, 0xffc00b31u, 0x68581511u, 0x64f98fa7u, 0xbefa4fa4u};
            digest_size = 28;
        } else if (n == "sha512") {
            h64 = {0x6a09e667f3bcc908ull, 0xbb67ae8584caa73bull, 0x3c6ef372fe94f82bull, 0xa54ff53a5f1d36f1ull,
                   0x510e527fade682d1ull, 0x9b05688c2b3e6c1full, 0x1f83d9abfb41bd6bull, 0x5be0cd19137e2179ull};
            digest_size = 64;
            block = 128;
        } else if (n == "sha384") {
            h64 = {0xcbbb9d5dc1059ed8ull, 0x629a292a367cd507ull, 0x9159015a3070dd17ull, 0x152fecd8f70e5939ull,
                   0x67332667ffc00b31ull, 0x8eb44a8768581511ull, 0xdb0c2e0d64f98fa7ull, 0x47b5481dbefa4fa4ull};
            digest_size = 48;
            block = 128;
        }
    }

    void compress(const uint8_t* p) {
        if (name == "md5") md5_block(p);
        else if (name == "sha1") sha1_block(p);
        else if (block == 64) sha256_block(p);
        else sha512_block(p);
    }

    void update(const std::string& data) {
        length += data.size();
        buffer += data;
        size_t n = buffer.size() / block * block;
        for (size_t i = 0; i < n; i += block) compress(reinterpret_cast<const uint8_t*>(buffer.data() + i));
        buffer.erase(0, n);
    }

    std::string digest() const {
        HashState s = *this;
        std::string pad(1, char(0x80));
        const size_t lenbytes = block == 64 ? 8 : 16;
        size_t total = s.buffer.size() + 1;
        size_t zeros = (block - (total + lenbytes) % block) % block;
        pad += std::string(zeros + lenbytes, '\0');
        uint64_t bits = length * 8;
        for (size_t k = 0; k < 8; ++k) {
            uint8_t byte = uint8_t(bits >> (8 * k));
            if (name == "md5") pad[pad.size() - lenbytes + k] = char(byte);  // little-endian length
            else pad[pad.size() - 1 - k] = char(byte);                      // big-endian length
        }
        uint64_t keep = s.length;
        s.update(pad);
        s.length = keep;
        std::string out;
        if (name == "md5") {
            for (uint32_t w : s.h32)
                for (int k = 0; k < 4; ++k) out += char((w >> (8 * k)) & 0xff);
        } else if (block == 64) {
            for (uint32_t w : s.h32)
                for (int k = 3; k >= 0; --k) out += char((w >> (8 * k)) & 0xff);
        } else {
            for (uint64_t w : s.h64)
                for (int k = 7; k >= 0; --k) out += char((w >> (8 * k)) & 0xff);
        }
        out.resize(digest_size);
        return out;
    }

    void md5_block(const uint8_t* p) {
        static const uint32_t K[64] = {
            0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee, 0xf57c0faf, 0x4787c62a, 0xa8304613, 0xfd469501,
            0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be, 0x6b901122, 0xfd987193, 0xa679438e, 0x49b40821,
            0xf61e2562, 0xc040b340, 0x265e5a51, 0xe9b6c7aa, 0xd62f105d, 0x02441453, 0xd8a1e681, 0xe7d3fbc8,
            0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed, 0xa9e3e905, 0xfcefa3f8, 0x676f02d9, 0x8d2a4c8a,
            0xfffa3942, 0x8771f681, 0x6d9d6122, 0xfde5380c, 0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70,
            0x289b7ec6, 0xeaa127fa, 0xd4ef3085, 0x04881d05, 0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665,
            0xf4292244, 0x432aff97, 0xab9423a7, 0xfc93a039, 0x655b59c3, 0x8f0ccc92, 0xffeff47d, 0x85845dd1,
            0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1, 0xf7537e82, 0xbd3af235, 0x2ad7d2bb, 0xeb86d391};
        static const int S[64] = {7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 5, 9, 14, 20, 5, 9, 14, 20,
                                  5, 9, 14, 20, 5, 9, 14, 20, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23,
                                  6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21};
        uint32_t M[16];
        for (int i = 0; i < 16; ++i) M[i] = uint32_t(p[4 * i]) | uint32_t(p[4 * i + 1]) << 8 | uint32_t(p[4 * i + 2]) << 16 | uint32_t(p[4 * i + 3]) << 24;
        uint32_t a = h32[0], b = h32[1], c = h32[2], d = h32[3];
        for (int i = 0; i < 64; ++i) {
            uint32_t f;
            int g;
            if (i < 16) {
                f = (b & c) | (~b & d);
                g = i;
            } else if (i < 32) {
                f = (d & b) | (~d & c);
                g = (5 * i + 1) % 16;
            } else if (i < 48) {
                f = b ^ c ^ d;
                g = (3 * i + 5) % 16;
            } else {
                f = c ^ (b | ~d);
                g = (7 * i) % 16;
            }
            uint32_t t = d;
            d = c;
            c = b;
            b = b + rol32(a + f + K[i] + M[g], S[i]);
            a = t;
        }
        h32[0] += a;
        h32[1] += b;
        h32[2] += c;
        h32[3] += d;
    }

    void sha1_block(const uint8_t* p) {
        uint32_t w[80];
        for (int i = 0; i < 16; ++i) w[i] = uint32_t(p[4 * i]) << 24 | uint32_t(p[4 * i + 1]) << 16 | uint32_t(p[4 * i + 2]) << 8 | p[4 * i + 3];
        for (int i = 16; i < 80; ++i) w[i] = rol32(w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16], 1);
        uint32_t a = h32[0], b = h32[1], c = h32[2], d = h32[3], e = h32[4];
        for (int i = 0; i < 80; ++i) {
            uint32_t f, k;
            if (i < 20) {
                f = (b & c) | (~b & d);
                k = 0x5A827999u;
            } else if (i < 40) {
                f = b ^ c ^ d;
                k = 0x6ED9EBA1u;
            } else if (i < 60) {
                f = (b & c) | (b & d) | (c & d);
                k = 0x8F1BBCDCu;
            } else {
                f = b ^ c ^ d;
                k = 0xCA62C1D6u;
            }
            uint32_t t = rol32(a, 5) + f + e + k + w[i];
            e = d;
            d = c;
            c = rol32(b, 30);
            b = a;
            a = t;
        }
        h32[0] += a;
        h32[1] += b;
        h32[2] += c;
        h32[3] += d;
        h32[4] += e;
    }

    void sha256_block(const uint8_t* p) {
        static const uint32_t K[64] = {
            0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
            0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
            0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
            0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
            0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
            0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
            0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
            0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};
        uint32_t w[64];
        for (int i = 0; i < 16; ++i) w[i] = uint32_t(p[4 * i]) << 24 | uint32_t(p[4 * i + 1]) << 16 | uint32_t(p[4 * i + 2]) << 8 | p[4 * i + 3];
        for (int i = 16; i < 64; ++i) {
            uint32_t s0 = ror32(w[i - 15], 7) ^ ror32(w[i - 15], 18) ^ (w[i - 15] >> 3);
            uint32_t s1 = ror32(w[i - 2], 17) ^ ror32(w[i - 2], 19) ^ (w[i - 2] >> 10);
            w[i] = w[i - 16] + s0 + w[i - 7] + s1;
        }
        uint32_t a = h32[0], b = h32[1], c = h32[2], d = h32[3], e = h32[4], f = h32[5], g = h32[6], h = h32[7];
        for (int i = 0; i < 64; ++i) {
            uint32_t S1 = ror32(e, 6) ^ ror32(e, 11) ^ ror32(e, 25);
            uint32_t ch = (e & f) ^ (~e & g);
            uint32_t t1 = h + S1 + ch + K[i] + w[i];
            uint32_t S0 = ror32(a, 2) ^ ror32(a, 13) ^ ror32(a, 22);
            uint32_t maj = (a & b) ^ (a & c) ^ (b & c);
            uint32_t t2 = S0 + maj;
            h = g;
            g = f;
            f = e;
            e = d + t1;
            d = c;
            c = b;
            b = a;
            a = t1 + t2;
        }
        h32[0] += a;
        h32[1] += b;
        h32[2] += c;
        h32[3] += d;
        h32[4] += e;
        h32[5] += f;
        h32[6] += g;
        h32[7] += h;
    }

    void sha512_block(const uint8_t* p) {
        static const uint64_t K[80] = {
            0x428a2f98d728ae22ULL, 0x7137449123ef65cdULL, 0xb5c0fbcfec4d3b2fULL, 0xe9b5dba58189dbbcULL, 0x3956c25bf348b538ULL,
            0x59f111f1b605d019ULL, 0x923f82a4af194f9bULL, 0xab1c5ed5da6d8118ULL, 0xd807aa98a3030242ULL, 0x12835b0145706fbeULL,
            0x243185be4ee4b28cULL, 0x550c7dc3d5ffb4e2ULL, 0x72be5d74f27b896fULL, 0x80deb1fe3b1696b1ULL, 0x9bdc06a725c71235ULL,
            0xc19bf174cf692694ULL, 0xe49b69c19ef14ad2ULL, 0xefbe4786384f25e3ULL, 0x0fc19dc68b8cd5b5ULL, 0x240ca1cc77ac9c65ULL,
            0x2de92c6f592b0275ULL, 0x4a7484aa6ea6e483ULL, 0x5cb0a9dcbd41fbd4ULL, 0x76f988da831153b5ULL, 0x983e5152ee66dfabULL,
            0xa831c66d2db43210ULL, 0xb00327c898fb213fULL, 0xbf597fc7beef0ee4ULL, 0xc6e00bf33da88fc2ULL, 0xd5a79147930aa725ULL,
            0x06ca6351e003826fULL, 0x142929670a0e6e70ULL, 0x27b70a8546d22ffcULL, 0x2e1b21385c26c926ULL, 0x4d2c6dfc5ac42aedULL,
            0x53380d139d95b3dfULL, 0x650a73548baf63deULL, 0x766a0abb3c77b2a8ULL, 0x81c2c92e47edaee6ULL, 0x92722c851482353bULL,
            0xa2bfe8a14cf10364ULL, 0xa81a664bbc423001ULL, 0xc24b8b70d0f89791ULL, 0xc76c51a30654be30ULL, 0xd192e819d6ef5218ULL,
            0xd69906245565a910ULL, 0xf40e35855771202aULL, 0x106aa07032bbd1b8ULL, 0x19a4c116b8d2d0c8ULL, 0x1e376c085141ab53ULL,
            0x2748774cdf8eeb99ULL, 0x34b0bcb5e19b48a8ULL, 0x391c0cb3c5c95a63ULL, 0x4ed8aa4ae3418acbULL, 0x5b9cca4f7763e373ULL,
            0x682e6ff3d6b2b8a3ULL, 0x748f82ee5defb2fcULL, 0x78a5636f43172f60ULL, 0x84c87814a1f0ab72ULL, 0x8cc702081a6439ecULL,
            0x90befffa23631e28ULL, 0xa4506cebde82bde9ULL, 0xbef9a3f7b2c67915ULL, 0xc67178f2e372532bULL, 0xca273eceea26619cULL,
            0xd186b8c721c0c207ULL, 0xeada7dd6cde0eb1eULL, 0xf57d4f7fee6ed178ULL, 0x06f067aa72176fbaULL, 0x0a637dc5a2c898a6ULL,
            0x113f9804bef90daeULL, 0x1b710b35131c471bULL, 0x28db77f523047d84ULL, 0x32caab7b40c72493ULL, 0x3c9ebe0a15c9bebcULL,
            0x431d67c49c100d4cULL, 0x4cc5d4becb3e42b6ULL, 0x597f299cfc657e2aULL, 0x5fcb6fab3ad6faecULL, 0x6c44198c4a475817ULL};
        uint64_t w[80];
        for (int i = 0; i < 16; ++i) {
            uint64_t v = 0;
            for (int k = 0; k < 8; ++k) v = (v << 8) | p[8 * i + k];
            w[i] = v;
        }
        for (int i = 16; i < 80; ++i) {
            uint64_t s0 = ror64(w[i - 15], 1) ^ ror64(w[i - 15], 8) ^ (w[i - 15] >> 7);
            uint64_t s1 = ror64(w[i - 2], 19) ^ ror64(w[i - 2], 61) ^ (w[i - 2] >> 6);
            w[i] = w[i - 16] + s0 + w[i - 7] + s1;
        }
        uint64_t a = h64[0], b = h64[1], c = h64[2], d = h64[3], e = h64[4], f = h64[5], g = h64[6], h = h64[7];
        for (int i = 0; i < 80; ++i) {
            uint64_t S1 = ror64(e, 14) ^ ror64(e, 18) ^ ror64(e, 41);
            uint64_t ch = (e & f) ^ (~e & g);
            uint64_t t1 = h + S1 + ch + K[i] + w[i];
            uint64_t S0 = ror64(a, 28) ^ ror64(a, 34) ^ ror64(a, 39);
            uint64_t maj = (a & b) ^ (a & c) ^ (b & c);
            uint64_t t2 = S0 + maj;
            h = g;
            g = f;
            f = e;
            e = d + t1;
            d = c;
            c = b;
            b = a;
            a = t1 + t2;
        }
        h64[0] += a;
        h64[1] += b;
        h64[2] += c;
        h64[3] += d;
        h64[4] += e;
        h64[5] += f;
        h64[6] += g;
        h64[7] += h;
    }
};

struct HashObj : NativeObj {
    explicit HashObj(Type* t) : NativeObj(t) {}
    HashState st;
};
Type* g_hash_type = nullptr;

HashState& state_of(const Value& v) {
    auto* h = native_cast<HashObj>(v);
    if (!h) raise(T().TypeError, "hash method called on a non-hash object");
    return h->st;
}

std::string data_arg(const Value& v) {
    std::string s;
    if (v.is(Kind::Str)) raise(T().TypeError, "Strings must be encoded before hashing");
    if (!bytes_data(v, s)) raise(T().TypeError, str("object supporting the buffer API required"));
    return s;
}

void hashlib_module(Interpreter&, ModuleObj& m) {
    if (!g_hash_type) {
        g_hash_type = make_builtin_type("HASH", T().object, Kind::Native, "_hashlib");
        def_method(g_hash_type, "update", [](Interpreter&, const CallArgs& a) {
            if (a.nargs != 2) raise(T().TypeError, str("update() takes exactly one argument (", a.nargs ? a.nargs - 1 : 0, " given)"));
            state_of(a.args[0]).update(data_arg(a.args[1]));
            return none();
        });
        def_method(g_hash_type, "digest", [](Interpreter&, const CallArgs& a) { return new_bytes(state_of(a.args[0]).digest()); });
        def_method(g_hash_type, "hexdigest", [](Interpreter&, const CallArgs& a) {
            std::string d = state_of(a.args[0]).digest(), out;
            static const char* hex = "0123456789abcdef";
            for (char c : d) {
                out += hex[(uint8_t(c) >> 4) & 15];
                out += hex[uint8_t(c) & 15];
            }
            return new_str(out);
        });
        def_method(g_hash_type, "copy", [](Interpreter&, const CallArgs& a) {
            auto h = make<HashObj>(g_hash_type);
            h->st = state_of(a.args[0]);
            return Value(h.get());
        });
        def_property(g_hash_type, "name", [](Interpreter&, const CallArgs& a) { return new_str(state_of(a.args[0]).name); });
        def_property(g_hash_type, "digest_size", [](Interpreter&, const CallArgs& a) { return Value::integer(int64_t(state_of(a.args[0]).digest_size)); });
        def_property(g_hash_type, "block_size", [](Interpreter&, const CallArgs& a) { return Value::integer(int64_t(state_of(a.args[0]).block)); });
        def_method(g_hash_type, "__repr__", [](Interpreter&, const CallArgs& a) {
            char buf[32];
            std::snprintf(buf, sizeof buf, "%llx", (unsigned long long)(uintptr_t)a.args[0].obj());
            return new_str(str("<", state_of(a.args[0]).name, " _hashlib.HASH object @ 0x", buf, ">"));
        });
    }
    m.dict.set("HASH", Value(g_hash_type));
    // _hashlib.new(name, data=b'')
    m.dict.set("new", new_builtin("new", [](Interpreter&, const CallArgs& a) {
                   static const Signature sig("new(name, data=None, *, usedforsecurity=True)");
                   auto v = sig.bind(a);
                   if (!v[0].is(Kind::Str)) raise(T().TypeError, str("new() argument 'name' must be str, not ", type_name(v[0])));
                   std::string n = str_of(v[0]);
                   for (auto& c : n) c = char(std::tolower(static_cast<unsigned char>(c)));
                   if (n != "md5" && n != "sha1" && n != "sha224" && n != "sha256" && n != "sha384" && n != "sha512")
                       raise(T().ValueError, str("unsupported hash type ", str_of(v[0]), " (Kiln's hashlib has md5, sha1, sha224, sha256, sha384, sha512)"));
                   auto h = make<HashObj>(g_hash_type);
                   h->st.init(n);
                   if (!v[1].is_none()) h->st.update(data_arg(v[1]));
                   return Value(h.get());
               }));
}

// ---- zlib ---------------------------------------------------------------------------------------
// Inflate (RFC 1951: stored, fixed and dynamic Huffman blocks) inside the zlib (RFC 1950) and gzip
// (RFC 1952) wrappers; compression writes stored (uncompressed) deflate blocks, a valid stream that
// every inflater reads, larger than CPython's compressed output. crc32/adler32 as zlib computes them.

uint32_t crc32_update(uint32_t crc, const std::string& data) {
    static uint32_t table[256];
    static bool ready = false;
    if (!ready) {
        for (uint32_t i = 0; i < 256; ++i) {
            uint32_t c = i;
            for (int k = 0; k < 8; ++k) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
            table[i] = c;
        }
        ready = true;
    }
    crc = ~crc;
    for (unsigned char ch : data) crc = table[(crc ^ ch) & 0xff] ^ (crc >> 8);
    return ~crc;
}

uint32_t adler32_update(uint32_t adler, const std::string& data) {
    uint32_t a = adler & 0xffff, b = adler >> 16;
    for (unsigned char ch : data) {
        a = (a + ch) % 65521;
        b = (b + a) % 65521;
    }
    return (b << 16) | a;
}

struct ZError {
    std::string msg;
};

class Inflater {
public:
    Inflater(const std::string& in, size_t pos) : in_(in), pos_(pos) {}
    // Decodes one deflate stream; returns the input position after it (byte-aligned).
    size_t run(std::string& out) {
        bool last = false;
        while (!last) {
            last = bits(1) != 0;
            int type = int(bits(2));
            if (type == 0) {
                bitcnt_ = 0;
                bitbuf_ = 0;
                if (pos_ + 4 > in_.size()) throw ZError{"incomplete or truncated stream"};
                uint32_t len = uint8_t(in_[pos_]) | uint32_t(uint8_t(in_[pos_ + 1])) << 8;
                uint32_t nlen = uint8_t(in_[pos_ + 2]) | uint32_t(uint8_t(in_[pos_ + 3])) << 8;
                pos_ += 4;
                if ((len ^ 0xffff) != nlen) throw ZError{"invalid stored block lengths"};
                if (pos_ + len > in_.size()) throw ZError{"incomplete or truncated stream"};
                out.append(in_, pos_, len);
                pos_ += len;
            } else if (type == 1) {
                Huffman lit, dist;
                std::vector<int> l(288), d(30, 5);
                for (int i = 0; i < 144; ++i) l[size_t(i)] = 8;
                for (int i = 144; i < 256; ++i) l[size_t(i)] = 9;
                for (int i = 256; i < 280; ++i) l[size_t(i)] = 7;
                for (int i = 280; i < 288; ++i) l[size_t(i)] = 8;
                lit.build(l);
                dist.build(d);
                codes(out, lit, dist);
            } else if (type == 2) {
                int hlit = int(bits(5)) + 257, hdist = int(bits(5)) + 1, hclen = int(bits(4)) + 4;
                static const int order[19] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};
                std::vector<int> cl(19, 0);
                for (int i = 0; i < hclen; ++i) cl[size_t(order[i])] = int(bits(3));
                Huffman clh;
                clh.build(cl);
                std::vector<int> lens;
                while (int(lens.size()) < hlit + hdist) {
                    int sym = decode(clh);
                    if (sym < 16) {
                        lens.push_back(sym);
                    } else if (sym == 16) {
                        if (lens.empty()) throw ZError{"invalid bit length repeat"};
                        int rep = 3 + int(bits(2));
                        int prev = lens.back();
                        for (int k = 0; k < rep; ++k) lens.push_back(prev);
                    } else {
                        int rep = sym == 17 ? 3 + int(bits(3)) : 11 + int(bits(7));
                        for (int k = 0; k < rep; ++k) lens.push_back(0);
                    }
                }
                if (int(lens.size()) > hlit + hdist) throw ZError{"invalid bit length repeat"};
                Huffman lit, dist;
                lit.build(std::vector<int>(lens.begin(), lens.begin() + hlit));
                dist.build(std::vector<int>(lens.begin() + hlit, lens.end()));
                codes(out, lit, dist);
            } else {
                throw ZError{"invalid block type"};
            }
        }
        return pos_;
    }

private:
    struct Huffman {
        std::vector<int> count, symbol;
        void build(const std::vector<int>& lengths) {
            count.assign(16, 0);
            for (int l : lengths) count[size_t(l)]++;
            count[0] = 0;
            std::vector<int> offs(16, 0);
            for (int i = 1; i < 16; ++i) offs[size_t(i)] = offs[size_t(i - 1)] + count[size_t(i - 1)];
            symbol.assign(lengths.size(), 0);
            for (size_t s = 0; s < lengths.size(); ++s)
                if (lengths[s]) symbol[size_t(offs[size_t(lengths[s])]++)] = int(s);
        }
    };
    uint32_t bits(int n) {
        while (bitcnt_ < n) {
            if (pos_ >= in_.size()) throw ZError{"incomplete or truncated stream"};
            bitbuf_ |= uint32_t(uint8_t(in_[pos_++])) << bitcnt_;
            bitcnt_ += 8;
        }
        uint32_t v = bitbuf_ & ((1u << n) - 1);
        bitbuf_ >>= n;
        bitcnt_ -= n;
        return v;
    }
    int decode(const Huffman& h) {
        int code = 0, first = 0, index = 0;
        for (int len = 1; len < 16; ++len) {
            code |= int(bits(1));
            int count = h.count[size_t(len)];
            if (code - count < first) return h.symbol[size_t(index + (code - first))];
            index += count;
            first += count;
            first <<= 1;
            code <<= 1;
        }
        throw ZError{"invalid code"};
    }
    void codes(std::string& out, const Huffman& lit, const Huffman& dist) {
        static const int lbase[29] = {3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
        static const int lext[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
        static const int dbase[30] = {1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577};
        static const int dext[30] = {0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13};
        for (;;) {
            int sym = decode(lit);
            if (sym < 256) {
                out += char(sym);
            } else if (sym == 256) {
                return;
            } else {
                sym -= 257;
                if (sym >= 29) throw ZError{"invalid literal/length code"};
                int len = lbase[sym] + int(bits(lext[sym]));
                int ds = decode(dist);
                if (ds >= 30) throw ZError{"invalid distance code"};
                size_t d = size_t(dbase[ds] + int(bits(dext[ds])));
                if (d > out.size()) throw ZError{"invalid distance too far back"};
                size_t start = out.size() - d;
                for (int k = 0; k < len; ++k) out += out[start + size_t(k)];
            }
        }
    }
    const std::string& in_;
    size_t pos_;
    uint32_t bitbuf_ = 0;
    int bitcnt_ = 0;
};

std::string deflate_stored(const std::string& data) {
    std::string out;
    size_t pos = 0;
    do {
        size_t n = std::min<size_t>(65535, data.size() - pos);
        bool last = pos + n >= data.size();
        out += char(last ? 1 : 0);
        out += char(n & 0xff);
        out += char(n >> 8);
        out += char(~n & 0xff);
        out += char((~n >> 8) & 0xff);
        out.append(data, pos, n);
        pos += n;
    } while (pos < data.size());
    return out;
}

void zlib_module(Interpreter&, ModuleObj& m) {
    auto def = [&m](const char* name, NativeFn fn) { m.dict.set(name, new_builtin(name, std::move(fn))); };
    // _inflate(error, data, wbits) -> (output, bytes consumed): wbits as zlib's: 9..15 zlib wrapper,
    // -9..-15 raw deflate, 25..31 gzip, 40..47 automatic (zlib or gzip)
    def("_inflate", [](Interpreter&, const CallArgs& a) {
        if (a.nargs != 3) raise(T().TypeError, "_inflate(error, data, wbits)");
        std::string data;
        if (!bytes_data(a.args[1], data)) raise(T().TypeError, str("a bytes-like object is required, not '", type_name(a.args[1]), "'"));
        int64_t wbits = to_int(a.args[2], "wbits");
        std::string out;
        size_t pos = 0;
        try {
            bool gz = wbits >= 25 && wbits <= 31;
            bool raw = wbits < 0;
            if (wbits >= 40) gz = data.size() >= 2 && uint8_t(data[0]) == 0x1f && uint8_t(data[1]) == 0x8b;
            if (gz) {
                if (data.size() < 10 || uint8_t(data[0]) != 0x1f || uint8_t(data[1]) != 0x8b) throw ZError{"incorrect header check"};
                if (data[2] != 8) throw ZError{"unknown compression method"};
                uint8_t flg = uint8_t(data[3]);
                pos = 10;
                if (flg & 4) {
                    if (pos + 2 > data.size()) throw ZError{"incomplete or truncated stream"};
                    pos += 2 + (uint8_t(data[pos]) | size_t(uint8_t(data[pos + 1])) << 8);
                }
                if (flg & 8) pos = data.find('\0', pos) + 1;
                if (flg & 16) pos = data.find('\0', pos) + 1;
                if (flg & 2) pos += 2;
                if (pos == 0 || pos > data.size()) throw ZError{"incomplete or truncated stream"};
                pos = Inflater(data, pos).run(out);
                if (pos + 8 > data.size()) throw ZError{"incomplete or truncated stream"};
                uint32_t crc = 0, isize = 0;
                for (int k = 0; k < 4; ++k) crc |= uint32_t(uint8_t(data[pos + size_t(k)])) << (8 * k);
                for (int k = 0; k < 4; ++k) isize |= uint32_t(uint8_t(data[pos + 4 + size_t(k)])) << (8 * k);
                if (crc != crc32_update(0, out)) throw ZError{"incorrect data check"};
                if (isize != uint32_t(out.size())) throw ZError{"incorrect length check"};
                pos += 8;
            } else if (raw) {
                pos = Inflater(data, 0).run(out);
            } else {
                if (data.size() < 2) throw ZError{"incomplete or truncated stream"};
                uint8_t cmf = uint8_t(data[0]), flg = uint8_t(data[1]);
                if ((cmf & 0x0f) != 8 || ((uint32_t(cmf) << 8) | flg) % 31 != 0) throw ZError{"incorrect header check"};
                if (flg & 0x20) throw ZError{"need dictionary"};
                pos = Inflater(data, 2).run(out);
                if (pos + 4 > data.size()) throw ZError{"incomplete or truncated stream"};
                uint32_t ad = 0;
                for (int k = 0; k < 4; ++k) ad = (ad << 8) | uint8_t(data[pos + size_t(k)]);
                if (ad != adler32_update(1, out)) throw ZError{"incorrect data check"};
                pos += 4;
            }
        } catch (const ZError& e) {
            struct_error(a.args[0], str("Error -3 while decompressing data: ", e.msg));
        }
        return new_tuple({new_bytes(std::move(out)), Value::integer(int64_t(pos))});
    });
    // _deflate_stored(data, wbits) -> bytes in the zlib/raw/gzip wrapper, stored blocks
    def("_deflate_stored", [](Interpreter&, const CallArgs& a) {
        std::string data;
        if (a.nargs != 2 || !bytes_data(a.args[0], data)) raise(T().TypeError, "a bytes-like object is required");
        int64_t wbits = to_int(a.args[1], "wbits");
        std::string body = deflate_stored(data), out;
        if (wbits < 0) return new_bytes(std::move(body));
        if (wbits >= 25) {
            out = std::string("\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\xff", 10);
            out += body;
            uint32_t crc = crc32_update(0, data), n = uint32_t(data.size());
            for (int k = 0; k < 4; ++k) out += char((crc >> (8 * k)) & 0xff);
            for (int k = 0; k < 4; ++k) out += char((n >> (8 * k)) & 0xff);
            return new_bytes(std::move(out));
        }
        out = std::string("\x78\x01", 2);
        out += body;
        uint32_t ad = adler32_update(1, data);
        for (int k = 3; k >= 0; --k) out += char((ad >> (8 * k)) & 0xff);
        return new_bytes(std::move(out));
    });
    def("crc32", [](Interpreter&, const CallArgs& a) {
        std::string data;
        if (a.nargs < 1 || !bytes_data(a.args[0], data)) raise(T().TypeError, "a bytes-like object is required");
        uint32_t start = a.nargs > 1 ? uint32_t(to_int(a.args[1], "value")) : 0;
        return Value::integer(int64_t(crc32_update(start, data)));
    });
    def("adler32", [](Interpreter&, const CallArgs& a) {
        std::string data;
        if (a.nargs < 1 || !bytes_data(a.args[0], data)) raise(T().TypeError, "a bytes-like object is required");
        uint32_t start = a.nargs > 1 ? uint32_t(to_int(a.args[1], "value")) : 1;
        return Value::integer(int64_t(adler32_update(start, data)));
    });
}

}  // namespace

void register_bytes_stdlib_modules() {
    Interpreter::register_module("_zlib", zlib_module);
    Interpreter::register_module("_struct", struct_module);
    Interpreter::register_module("_hashlib", hashlib_module);
}

}  // namespace kiln::vm
