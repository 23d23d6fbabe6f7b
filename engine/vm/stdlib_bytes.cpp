// Native halves of two byte-level modules (engine/stdlib/struct.py, engine/stdlib/hashlib.py):
//
// _struct: pack/unpack/calcsize over CPython's format language: byte order '@' (native sizes and
//   alignment, the default), '=', '<', '>', '!'; codes x c b B ? h H i I l L q Q n N e f d s p P with
//   repeat counts. Range errors and size errors use CPython 3.11's wording; they are raised as the
//   `error` class struct.py passes in (struct.error).
// _hashlib: MD5 (RFC 1321), SHA-1, SHA-224/256, SHA-384/512 (FIPS 180-4) as hash objects with
//   update/digest/hexdigest/copy; written from the specifications.
// _zlib: inflate (RFC 1951) in the zlib/gzip/raw wrappers, stored-block deflate, crc32, adler32
//   (engine/stdlib/zlib.py, gzip.py), and PNG's scanline unfiltering (matplotlib/image.py's reader).
#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "support/hash.h"
#include "support/inflate.h"
#include "tensor/dtype.h"
#include "vm/args.h"
#include "vm/host.h"
#include "vm/int_big.h"
#include "vm/interpreter.h"
#include "vm/ops.h"

namespace kiln::vm {

namespace {

// ---- _struct --------------------------------------------------------------------------------------

struct Item {
    char code;
    int64_t count;  // repeat count; for 's'/'p' the byte length
    size_t size;
    size_t offset;
};

struct StructLayout {
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

StructLayout parse_format(const Value& err, const std::string& fmt) {
    StructLayout L;
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
    // CPython 3.12 words every integer range error alike, from the code and its size (_range_error,
    // and np/lp/bp_longlong's LLONG_MIN/MAX texts): values too big for a C long included.
    auto range_error = [&]() -> int64_t {
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

std::string pack_values(Interpreter& in, const Value& err, const StructLayout& L, const Value* vals, size_t n) {
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

Value unpack_values(const Value& err, const StructLayout& L, const std::string& data, size_t offset, bool exact) {
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
        StructLayout L = parse_format(a.args[0], fmt_of(a.args[1]));
        return new_bytes(pack_values(in, a.args[0], L, a.args + 2, a.nargs - 2));
    });
    // _struct.unpack(error, fmt, buffer, offset, exact) -> tuple
    def("unpack", [](Interpreter&, const CallArgs& a) {
        if (a.nargs != 5) raise(T().TypeError, "unpack: internal arguments");
        StructLayout L = parse_format(a.args[0], fmt_of(a.args[1]));
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

// The digests are support/hash.h's (random.seed(str) hashes with SHA-512 there too).
using support::HashState;

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

// The inflater and checksums are engine/support/inflate.h's (the engine's own embedded stdlib uses
// them too); zlib's errors are its InflateError messages.
using support::adler32_update;
using support::crc32_update;
using ZError = support::InflateError;
// The output's bound: the 1 GiB limit of one bytes object (ops.cpp's check_repeat_size), checked
// while inflating, so a bomb (a few MB of deflate codes asking for terabytes) stops there.
constexpr size_t kMaxInflated = size_t(1) << 30;

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
                pos = support::inflate_raw(data, pos, out, kMaxInflated);
                if (pos + 8 > data.size()) throw ZError{"incomplete or truncated stream"};
                uint32_t crc = 0, isize = 0;
                for (int k = 0; k < 4; ++k) crc |= uint32_t(uint8_t(data[pos + size_t(k)])) << (8 * k);
                for (int k = 0; k < 4; ++k) isize |= uint32_t(uint8_t(data[pos + 4 + size_t(k)])) << (8 * k);
                if (crc != crc32_update(0, out)) throw ZError{"incorrect data check"};
                if (isize != uint32_t(out.size())) throw ZError{"incorrect length check"};
                pos += 8;
            } else if (raw) {
                pos = support::inflate_raw(data, 0, out, kMaxInflated);
            } else {
                if (data.size() < 2) throw ZError{"incomplete or truncated stream"};
                uint8_t cmf = uint8_t(data[0]), flg = uint8_t(data[1]);
                if ((cmf & 0x0f) != 8 || ((uint32_t(cmf) << 8) | flg) % 31 != 0) throw ZError{"incorrect header check"};
                if (flg & 0x20) throw ZError{"need dictionary"};
                pos = support::inflate_raw(data, 2, out, kMaxInflated);
                if (pos + 4 > data.size()) throw ZError{"incomplete or truncated stream"};
                uint32_t ad = 0;
                for (int k = 0; k < 4; ++k) ad = (ad << 8) | uint8_t(data[pos + size_t(k)]);
                if (ad != adler32_update(1, out)) throw ZError{"incorrect data check"};
                pos += 4;
            }
        } catch (const ZError& e) {
            // zlib's codes: a stream that ends early is Z_BUF_ERROR (-5), anything malformed Z_DATA_ERROR (-3)
            const int code = e.msg == "incomplete or truncated stream" ? -5 : -3;
            struct_error(a.args[0], str("Error ", code, " while decompressing data: ", e.msg));
        } catch (const support::InflateTooLarge&) {
            raise(T().MemoryError, str("decompressed data over Kiln's limit of 1 GiB for one bytes (", data.size(),
                                       " compressed bytes: a decompression bomb?)"));
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
    // _png_unfilter(data, height, rowbytes, bpp) -> bytes: undoes PNG's per-scanline filters (None,
    // Sub, Up, Average, Paeth; PNG spec section 9) over `height` rows of 1 + rowbytes bytes each,
    // bpp = bytes per complete pixel (at least 1). The byte loop is here because it is sequential
    // (each byte depends on its left and upper neighbours); matplotlib.image's PNG reader calls it.
    def("_png_unfilter", [](Interpreter&, const CallArgs& a) {
        std::string data;
        if (a.nargs != 4 || !bytes_data(a.args[0], data)) raise(T().TypeError, "_png_unfilter(data, height, rowbytes, bpp)");
        const int64_t h = to_int(a.args[1], "height"), rb = to_int(a.args[2], "rowbytes"), bpp = to_int(a.args[3], "bpp");
        if (h < 0 || rb < 0 || bpp < 1 || int64_t(data.size()) < h * (rb + 1))
            raise(host_types().OSError, "image file is truncated");  // Pillow's ImageFile.load text
        std::string out(size_t(h * rb), '\0');
        auto* o = reinterpret_cast<uint8_t*>(out.data());
        const auto* in = reinterpret_cast<const uint8_t*>(data.data());
        for (int64_t y = 0; y < h; ++y) {
            const uint8_t ft = in[y * (rb + 1)];
            const uint8_t* src = in + y * (rb + 1) + 1;
            uint8_t* cur = o + y * rb;
            const uint8_t* up = y ? cur - rb : nullptr;
            for (int64_t x = 0; x < rb; ++x) {
                const int left = x >= bpp ? cur[x - bpp] : 0, above = up ? up[x] : 0,
                          diag = up && x >= bpp ? up[x - bpp] : 0;
                int pred = 0;
                switch (ft) {
                    case 0: break;
                    case 1: pred = left; break;
                    case 2: pred = above; break;
                    case 3: pred = (left + above) >> 1; break;
                    case 4: {
                        const int p = left + above - diag, pa = std::abs(p - left), pb = std::abs(p - above),
                                  pc = std::abs(p - diag);
                        pred = pa <= pb && pa <= pc ? left : pb <= pc ? above : diag;
                        break;
                    }
                    default: raise(host_types().OSError, "decoding error when reading image file");  // Pillow's IMAGING_CODEC_BROKEN
                }
                cur[x] = uint8_t(src[x] + pred);
            }
        }
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
