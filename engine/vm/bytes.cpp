// `bytes` and `bytearray`: sequences of small ints with CPython's repr (b'...' with \x escapes and
// the quote choice of bytes_repr), indexing to ints, slicing, len, iteration, `in`, + and *,
// comparisons (a bytes equals a bytearray of the same content), hashing (bytes only), decode,
// hex / fromhex, join, and the text-like methods programs reach for (startswith, endswith, find,
// count, index, split, strip, replace, upper, lower). bytearray adds append, extend, pop and item
// assignment. Codecs: utf-8, ascii and latin-1, with CPython's UnicodeDecodeError messages.
#include <cstring>

#include "vm/args.h"
#include "vm/bytes_obj.h"
#include "vm/int_big.h"
#include "vm/interpreter.h"
#include "vm/ops.h"
#include "vm/pyhash.h"
#include "vm/text_format.h"
#include "vm/text_str.h"
#include "vm/typetable.h"
#include "support/utf8.h"

namespace kiln::vm {

void check_method_receivers(Type* t);  // methods_core.cpp: bytearray.append(b"", 1) is a TypeError, as in CPython

void check_concat_size(uint64_t bytes, const char* what);  // ops.cpp: the 1 GiB limit for one str/bytes

namespace {

Type* bytes_type();
Type* bytearray_type();

Type* unicode_error() {
    static Type* t = make_exception_type("UnicodeError", types().ValueError, "builtins");
    return t;
}
Type* unicode_decode_error();
Type* unicode_encode_error();

// UnicodeEncodeError / UnicodeDecodeError as CPython keeps them (exceptions.c): the five arguments
// (encoding, object, start, end, reason) are attributes, and str() is built from them, so
// `except UnicodeDecodeError as e: e.start` reads where the bad bytes are.
const char* const kUnicodeErrorAttrs[] = {"encoding", "object", "start", "end", "reason"};

void init_unicode_error(ExceptionObj* e, const Value* v, size_t n, bool encode) {
    if (n != 5) raise(types().TypeError, str("function takes exactly 5 arguments (", n, " given)"));
    auto need = [&](size_t i, bool ok, const char* what) {
        if (!ok) raise(types().TypeError, str("argument ", i + 1, " must be ", what, ", not ", type_name(v[i])));
    };
    need(0, v[0].is(Kind::Str), "str");
    Value object = v[1];
    if (encode) {
        need(1, v[1].is(Kind::Str), "str");
    } else {
        const std::string* b = buffer_contents(v[1]);
        if (!b) raise(types().TypeError, str("a bytes-like object is required, not '", type_name(v[1]), "'"));
        object = new_bytes(*b);
    }
    need(2, v[2].is_int() || v[2].is_bool(), "int");
    need(3, v[3].is_int() || v[3].is_bool(), "int");
    need(4, v[4].is(Kind::Str), "str");
    const Value parts[] = {v[0], object, v[2], v[3], v[4]};
    for (size_t i = 0; i < 5; ++i) e->dict.set(kUnicodeErrorAttrs[i], parts[i]);
}

Value unicode_error_str(Interpreter& in, const CallArgs& a, bool encode) {
    auto* e = a.nargs ? a.args[0].as<ExceptionObj>() : nullptr;
    if (!e) raise(types().TypeError, "descriptor '__str__' requires a 'UnicodeError' object");
    const Value* enc = e->dict.find("encoding");
    const Value* obj = e->dict.find("object");
    const Value* st = e->dict.find("start");
    const Value* en = e->dict.find("end");
    const Value* why = e->dict.find("reason");
    if (!enc || !obj || !st || !en || !why || !st->is_int() || !en->is_int()) {
        const auto& args = e->args.get<Tuple>()->items;  // made without the five parts
        return new_str(args.empty() ? std::string() : args.size() == 1 ? to_str(in, args[0]) : to_str(in, e->args));
    }
    const int64_t start = st->as_int(), end = en->as_int();
    const std::string codec = to_str(in, *enc), reason = to_str(in, *why);
    if (encode && obj->is(Kind::Str)) {
        std::vector<char32_t> cps;
        const std::string& text = str_of(*obj);
        for (size_t i = 0; i < text.size();) cps.push_back(text::utf8_next(text, i));
        if (start >= 0 && size_t(start) < cps.size() && end == start + 1) {
            const char32_t c = cps[size_t(start)];
            char buf[16];
            std::snprintf(buf, sizeof buf, c <= 0xFF ? "\\x%02x" : c <= 0xFFFF ? "\\u%04x" : "\\U%08x", unsigned(c));
            return new_str(str("'", codec, "' codec can't encode character '", buf, "' in position ", start, ": ", reason));
        }
        return new_str(str("'", codec, "' codec can't encode characters in position ", start, "-", end - 1, ": ", reason));
    }
    const std::string* data = buffer_contents(*obj);
    if (!encode && data && start >= 0 && size_t(start) < data->size() && end == start + 1) {
        char buf[8];
        std::snprintf(buf, sizeof buf, "0x%02x", static_cast<unsigned char>((*data)[size_t(start)]));
        return new_str(str("'", codec, "' codec can't decode byte ", buf, " in position ", start, ": ", reason));
    }
    return new_str(str("'", codec, "' codec can't ", encode ? "encode characters" : "decode bytes", " in position ", start,
                       "-", end - 1, ": ", reason));
}

Type* unicode_error_type(const char* name, bool encode) {
    Type* t = make_exception_type(name, unicode_error(), "builtins");
    t->construct = [t, encode](Interpreter&, const CallArgs& a) {
        if (a.nkw) raise(types().TypeError, str(t->name, "() takes no keyword arguments"));
        auto e = make<ExceptionObj>(t);
        e->args = new_tuple(std::vector<Value>(a.args, a.args + a.nargs));
        init_unicode_error(e.get(), a.args, a.nargs, encode);
        return Value(e.get());
    };
    def_method(t, "__init__", [encode](Interpreter&, const CallArgs& a) {
        auto* e = a.nargs ? a.args[0].as<ExceptionObj>() : nullptr;
        if (!e) raise(types().TypeError, "descriptor '__init__' requires a 'UnicodeError' object");
        e->args = new_tuple(std::vector<Value>(a.args + 1, a.args + a.nargs));
        init_unicode_error(e, a.args + 1, a.nargs - 1, encode);
        return Value::none();
    });
    def_method(t, "__str__", [encode](Interpreter& in, const CallArgs& a) { return unicode_error_str(in, a, encode); });
    return t;
}
Type* unicode_decode_error() {
    static Type* t = unicode_error_type("UnicodeDecodeError", false);
    return t;
}
Type* unicode_encode_error() {
    static Type* t = unicode_error_type("UnicodeEncodeError", true);
    return t;
}
// Raises a codec's error with its five parts (its message is str() of them).
[[noreturn]] void raise_unicode_error(Type* t, const std::string& codec, Value object, int64_t start, int64_t end,
                                      const std::string& reason) {
    const Value parts[] = {new_str(codec), std::move(object), Value::integer(start), Value::integer(end), new_str(reason)};
    auto e = make<ExceptionObj>(t);
    e->args = new_tuple(std::vector<Value>(std::begin(parts), std::end(parts)));
    for (size_t i = 0; i < 5; ++i) e->dict.set(kUnicodeErrorAttrs[i], parts[i]);
    throw PyError(Value(e.get()));
}

BytesObj* as_bytes(const Value& v) { return native_cast<BytesObj>(v); }

// Iteration reads the object live, by index, as CPython's bytearray iterator does: bytes appended
// during the loop are yielded too, and a bytearray shrunk under the iterator ends it.
struct BytesIter : Iterator {
    BytesIter(Type* t, Value seq) : Iterator(t), seq(std::move(seq)) {}
    void clear() override { seq = Value(); }
    Value next(Interpreter&) override {
        BytesObj* b = seq.is_null() ? nullptr : as_bytes(seq);
        if (b && index < b->data.size()) return Value::integer(static_cast<unsigned char>(b->data[index++]));
        seq = Value();
        return Value();
    }
    Value seq;
    size_t index = 0;
};
bool is_bytearray(const BytesObj* b) { return b->type == bytearray_type(); }

// A bytearray changing size from `size` while a memoryview exports it (bytearray_resize's check).
void check_resizable(const BytesObj* b, size_t size) {
    if (b->exports > 0 && size != b->data.size())
        raise(buffer_error_type(), "Existing exports of data: object cannot be re-sized");
}

Value make_of(Type* t, std::string d) { return Value(make<BytesObj>(t, std::move(d)).get()); }

BytesObj* bytes_self(const CallArgs& a, const char* type, const char* method) {
    auto* b = a.nargs ? as_bytes(a.args[0]) : nullptr;
    if (!b)
        raise(types().TypeError, str("descriptor '", method, "' for '", type, "' objects doesn't apply to a '",
                                     a.nargs ? type_name(a.args[0]) : std::string("NoneType"), "' object"));
    return b;
}

// The bytes of a bytes-like argument (bytes or bytearray), or a TypeError in CPython's words.
const std::string& buffer_of(const Value& v, const std::string& context) {
    if (const std::string* b = buffer_contents(v)) return *b;
    raise(types().TypeError, context.empty() ? str("a bytes-like object is required, not '", type_name(v), "'") : context);
}

std::string canonical_encoding(const std::string& enc) {
    std::string e;
    for (char c : enc) e += c == '_' ? '-' : char(std::tolower(static_cast<unsigned char>(c)));
    if (e == "utf-8" || e == "utf8" || e == "u8") return "utf-8";
    if (e == "ascii" || e == "us-ascii") return "ascii";
    if (e == "latin-1" || e == "latin1" || e == "iso-8859-1" || e == "iso8859-1" || e == "l1") return "latin-1";
    for (const char* w : {"16", "32"}) {
        const std::string u = std::string("utf-") + w;
        if (e == u || e == "utf" + std::string(w) || e == "u" + std::string(w)) return u;
        if (e == u + "-le" || e == u + "le") return u + "-le";
        if (e == u + "-be" || e == u + "be") return u + "-be";
    }
    raise(types().LookupError, "unknown encoding: " + enc);
}

[[noreturn]] void decode_error(const std::string& codec, const std::string& data, size_t pos, size_t end, const char* reason);

bool is_utf16_32(const std::string& codec) { return codec.compare(0, 6, "utf-16") == 0 || codec.compare(0, 6, "utf-32") == 0; }

// UTF-16 and UTF-32 as CPython's codecs: plain "utf-16"/"utf-32" decode by the BOM at the start
// (dropped; none: little-endian, the byte order CPython has on the machines Kiln runs on) and
// encode little-endian after a BOM; errors name the byte order found ('utf-16-le'), with CPython's
// reasons and ranges (a lone unit at the end is "truncated data" over the rest, a high surrogate
// cut by the end "unexpected end of data", one followed by no low surrogate "illegal UTF-16
// surrogate" over its two bytes, a lone low one "illegal encoding").
std::string decode_utf16_32(const std::string& data, const std::string& codec, const std::string& errors) {
    const bool wide = codec.compare(0, 6, "utf-32") == 0;
    const size_t unit = wide ? 4 : 2;
    const bool replace = errors == "replace", ignore = errors == "ignore", backslash = errors == "backslashreplace";
    const bool surrogateescape = errors == "surrogateescape", surrogatepass = errors == "surrogatepass";
    if (errors != "strict" && !replace && !ignore && !backslash && !surrogateescape && !surrogatepass)
        raise(types().LookupError, "unknown error handler name '" + errors + "'");
    size_t i = 0;
    bool big = codec.size() > 6 && codec.substr(6) == "-be";
    if (codec.size() == 6) {
        auto b = [&](size_t k) { return k < data.size() ? static_cast<unsigned char>(data[k]) : 0x100; };
        if (!wide && b(0) == 0xFF && b(1) == 0xFE) i = 2;
        else if (!wide && b(0) == 0xFE && b(1) == 0xFF) i = 2, big = true;
        else if (wide && b(0) == 0xFF && b(1) == 0xFE && b(2) == 0 && b(3) == 0) i = 4;
        else if (wide && b(0) == 0 && b(1) == 0 && b(2) == 0xFE && b(3) == 0xFF) i = 4, big = true;
    }
    const std::string name = std::string(wide ? "utf-32" : "utf-16") + (big ? "-be" : "-le");
    auto read = [&](size_t k) {
        uint32_t v = 0;
        for (size_t q = 0; q < unit; ++q) {
            const uint32_t byte = static_cast<unsigned char>(data[k + q]);
            v |= big ? byte << (8 * (unit - 1 - q)) : byte << (8 * q);
        }
        return v;
    };
    std::string out;
    auto bad = [&](size_t b, size_t e, const char* reason) {
        if (errors == "strict") decode_error(name, data, b, e, reason);
        if (replace) out += "\xEF\xBF\xBD";
        for (size_t k = b; k < e && (backslash || surrogateescape); ++k) {
            const auto byte = static_cast<unsigned char>(data[k]);
            if (surrogateescape && byte < 0x80) decode_error(name, data, b, e, reason);
            if (backslash) {
                char buf[8];
                std::snprintf(buf, sizeof buf, "\\x%02x", unsigned(byte));
                out += buf;
            } else {
                text::utf8_append(out, char32_t(0xDC00 + byte));
            }
        }
    };
    while (i < data.size()) {
        if (data.size() - i < unit) {
            bad(i, data.size(), "truncated data");
            break;
        }
        const uint32_t c = read(i);
        if (wide) {
            if (c > 0x10FFFF) bad(i, i + 4, "code point not in range(0x110000)");
            else if (c >= 0xD800 && c <= 0xDFFF && !surrogatepass) bad(i, i + 4, "code point in surrogate code point range(0xd800, 0xe000)");
            else text::utf8_append(out, char32_t(c));
            i += 4;
            continue;
        }
        if (c < 0xD800 || c > 0xDFFF || surrogatepass) {
            if (surrogatepass && c >= 0xD800 && c <= 0xDBFF && data.size() - i >= 4) {
                const uint32_t lo = read(i + 2);
                if (lo >= 0xDC00 && lo <= 0xDFFF) {
                    text::utf8_append(out, char32_t(0x10000 + ((c - 0xD800) << 10) + (lo - 0xDC00)));
                    i += 4;
                    continue;
                }
            }
            text::utf8_append(out, char32_t(c));
            i += 2;
            continue;
        }
        if (c >= 0xDC00) {
            bad(i, i + 2, "illegal encoding");
            i += 2;
            continue;
        }
        if (data.size() - i < 4) {
            bad(i, data.size(), "unexpected end of data");
            break;
        }
        const uint32_t lo = read(i + 2);
        if (lo < 0xDC00 || lo > 0xDFFF) {
            bad(i, i + 2, "illegal UTF-16 surrogate");
            i += 2;
            continue;
        }
        text::utf8_append(out, char32_t(0x10000 + ((c - 0xD800) << 10) + (lo - 0xDC00)));
        i += 4;
    }
    return out;
}

std::string encode_utf16_32(const std::string& s, const std::string& codec, const std::string& errors) {
    const bool wide = codec.compare(0, 6, "utf-32") == 0;
    const bool big = codec.size() > 6 && codec.substr(6) == "-be";
    const bool replace = errors == "replace", ignore = errors == "ignore", backslash = errors == "backslashreplace";
    const bool xmlref = errors == "xmlcharrefreplace", surrogatepass = errors == "surrogatepass";
    std::string out;
    auto unit = [&](uint32_t v, size_t n) {
        for (size_t q = 0; q < n; ++q) out += char(big ? (v >> (8 * (n - 1 - q))) & 0xFF : (v >> (8 * q)) & 0xFF);
    };
    auto put = [&](uint32_t c) {
        if (wide) unit(c, 4);
        else if (c >= 0x10000) unit(0xD800 + ((c - 0x10000) >> 10), 2), unit(0xDC00 + ((c - 0x10000) & 0x3FF), 2);
        else unit(c, 2);
    };
    if (codec.size() == 6) put(0xFEFF);
    size_t index = 0;
    for (size_t i = 0; i < s.size(); ++index) {
        const char32_t c = text::utf8_next(s, i);
        if (c < 0xD800 || c > 0xDFFF) {
            put(uint32_t(c));
            continue;
        }
        if (surrogatepass) unit(uint32_t(c), wide ? 4 : 2);
        else if (replace) put('?');
        else if (backslash) {
            char buf[16];
            std::snprintf(buf, sizeof buf, "\\u%04x", unsigned(c));
            for (const char* q = buf; *q; ++q) put(uint32_t(*q));
        } else if (xmlref) {
            for (char q : str("&#", uint32_t(c), ";")) put(uint32_t(q));
        } else if (!ignore) {
            if (errors != "strict" && errors != "surrogateescape") raise(types().LookupError, "unknown error handler name '" + errors + "'");
            raise_unicode_error(unicode_encode_error(), codec, new_str(s), int64_t(index), int64_t(index) + 1, "surrogates not allowed");
        }
    }
    return out;
}

[[noreturn]] void decode_error(const std::string& codec, const std::string& data, size_t pos, size_t end, const char* reason) {
    raise_unicode_error(unicode_decode_error(), codec, new_bytes(data), int64_t(pos), int64_t(end), reason);
}


std::string decode(const std::string& data, const std::string& encoding, const std::string& errors) {
    const std::string codec = canonical_encoding(encoding);
    if (is_utf16_32(codec)) return decode_utf16_32(data, codec, errors);
    const bool strict = errors == "strict", replace = errors == "replace", ignore = errors == "ignore";
    // backslashreplace writes each undecodable byte as \xNN, surrogateescape as U+DC80..U+DCFF
    const bool backslash = errors == "backslashreplace", surrogate = errors == "surrogateescape";
    if (!strict && !replace && !ignore && !backslash && !surrogate)
        raise(types().LookupError, "unknown error handler name '" + errors + "'");
    auto escape_bytes = [&](std::string& out, size_t b, size_t e) {
        for (size_t k = b; k < e; ++k) {
            const auto byte = static_cast<unsigned char>(data[k]);
            if (backslash) {
                char buf[8];
                std::snprintf(buf, sizeof buf, "\\x%02x", unsigned(byte));
                out += buf;
            } else {
                text::utf8_append(out, char32_t(0xDC00 + byte));
            }
        }
    };
    std::string out;
    for (size_t i = 0; i < data.size();) {
        const auto c = static_cast<unsigned char>(data[i]);
        if (codec == "latin-1") {
            text::utf8_append(out, char32_t(c));
            ++i;
            continue;
        }
        if (codec == "ascii") {
            if (c >= 0x80) {
                if (strict) decode_error(codec, data, i, i + 1, "ordinal not in range(128)");
                if (replace) out += "\xEF\xBF\xBD";
                if (backslash || surrogate) escape_bytes(out, i, i + 1);
            } else {
                out += char(c);
            }
            ++i;
            continue;
        }
        const char* reason = nullptr;
        size_t bad_end;
        size_t n = utf8_sequence_length(data, i, reason, bad_end);
        if (n) {
            out.append(data, i, n);
            i += n;
            continue;
        }
        if (strict) decode_error(codec, data, i, reason[0] == 'u' ? bad_end : i + 1, reason);
        if (replace) out += "\xEF\xBF\xBD";
        if (backslash || surrogate) escape_bytes(out, i, std::max(bad_end, i + 1));
        i = std::max(bad_end, i + 1);
    }
    return out;
}

std::string encode(const std::string& s, const std::string& encoding, const std::string& errors) {
    const std::string codec = canonical_encoding(encoding);
    if (is_utf16_32(codec)) return encode_utf16_32(s, codec, errors);
    if (codec == "utf-8") {
        // A str may hold lone surrogates ('\ud800', kept as their 3-byte forms): UTF-8 cannot carry
        // them, so the error handler decides, as in CPython ('surrogatepass' writes those bytes).
        if (s.find('\xED') == std::string::npos || errors == "surrogatepass") return s;
        std::string out;
        size_t index = 0;
        for (size_t i = 0; i < s.size(); ++index) {
            const size_t start = i;
            char32_t c = text::utf8_next(s, i);
            if (c < 0xD800 || c > 0xDFFF) {
                out.append(s, start, i - start);
                continue;
            }
            // surrogateescape carries only U+DC80..U+DCFF (bytes 0x80..0xFF); for any other surrogate
            // the handler re-raises the strict error, as CPython's does
            if (errors == "strict" || (errors == "surrogateescape" && (c < 0xDC80 || c > 0xDCFF)))
                raise_unicode_error(unicode_encode_error(), "utf-8", new_str(s), int64_t(index), int64_t(index) + 1,
                                    "surrogates not allowed");
            if (errors == "replace") out += '?';
            else if (errors == "surrogateescape" && c >= 0xDC80 && c <= 0xDCFF) out += char(c - 0xDC00);
            else if (errors != "ignore") raise(types().LookupError, "unknown error handler name '" + errors + "'");
        }
        return out;
    }
    const bool strict = errors == "strict", replace = errors == "replace", ignore = errors == "ignore";
    const bool backslash = errors == "backslashreplace", xmlref = errors == "xmlcharrefreplace";
    if (!strict && !replace && !ignore && !backslash && !xmlref)
        raise(types().LookupError, "unknown error handler name '" + errors + "'");
    const char32_t limit = codec == "ascii" ? 0x80 : 0x100;
    std::string out;
    size_t index = 0;
    for (size_t i = 0; i < s.size(); ++index) {
        char32_t c = text::utf8_next(s, i);
        if (c < limit) {
            out += char(c);
            continue;
        }
        if (strict)
            raise_unicode_error(unicode_encode_error(), codec, new_str(s), int64_t(index), int64_t(index) + 1,
                                str("ordinal not in range(", codec == "ascii" ? 128 : 256, ")"));
        if (replace) out += '?';
        if (backslash) {
            // CPython's backslashreplace: \xNN, \uNNNN or \UNNNNNNNN by the code point's size
            char buf[16];
            if (c < 0x100) std::snprintf(buf, sizeof buf, "\\x%02x", unsigned(c));
            else if (c < 0x10000) std::snprintf(buf, sizeof buf, "\\u%04x", unsigned(c));
            else std::snprintf(buf, sizeof buf, "\\U%08x", unsigned(c));
            out += buf;
        }
        if (xmlref) out += str("&#", uint32_t(c), ";");
    }
    return out;
}

std::string bytes_repr(const std::string& d, bool bytearray) {
    bool single = d.find('\'') != std::string::npos, dbl = d.find('"') != std::string::npos;
    char quote = single && !dbl ? '"' : '\'';
    std::string out = "b";
    out += quote;
    for (unsigned char c : d) {
        if (c == quote || c == '\\') {
            out += '\\';
            out += char(c);
        } else if (c == '\t') out += "\\t";
        else if (c == '\n') out += "\\n";
        else if (c == '\r') out += "\\r";
        else if (c < 0x20 || c >= 0x7f) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\x%02x", c);
            out += buf;
        } else out += char(c);
    }
    out += quote;
    return bytearray ? "bytearray(" + out + ")" : out;
}

// One byte from an int; bytes(iterable) words the error "bytes must be...", bytearray methods "byte must be...".
uint8_t byte_value(Interpreter& in, const Value& v, const char* what = "byte") {
    int64_t n = index_value(in, v);
    if (n < 0 || n > 255) raise(types().ValueError, str(what, " must be in range(0, 256)"));
    return uint8_t(n);
}

// bytes(x) / bytearray(x): an int count of zeros, a str with an encoding, a buffer or an iterable of ints.
std::string construct_data(Interpreter& in, const char* name, const CallArgs& a) {
    static const Signature sig_bytes("bytes(source=None, encoding=None, errors=None)");
    static const Signature sig_array("bytearray(source=None, encoding=None, errors=None)");
    std::vector<Value> p = (name[0] == 'b' && name[4] == 'a' ? sig_array : sig_bytes).bind(a);
    const Value& src = p[0];
    if (src.is_null() || src.is_none()) {
        if (!p[1].is_null() && !p[1].is_none()) raise(types().TypeError, "encoding without a string argument");
        return "";
    }
    if (src.is(Kind::Str)) {
        if (p[1].is_null() || p[1].is_none()) raise(types().TypeError, "string argument without an encoding");
        std::string errors = p[2].is(Kind::Str) ? str_of(p[2]) : "strict";
        return encode(str_of(src), to_str(in, p[1]), errors);
    }
    if (!p[1].is_null() && !p[1].is_none()) raise(types().TypeError, "encoding without a string argument");
    if (const std::string* b = buffer_contents(src)) return *b;
    // bytes(obj) asks obj.__bytes__ first (CPython's bytes_new; bytearray() does not)
    if (name[4] != 'a') {
        if (Value f = find_dunder(src, "__bytes__"); !f.is_null()) {
            Value r = in.call(f, {src});
            auto* rb = as_bytes(r);
            if (!rb || is_bytearray(rb))
                raise(types().TypeError, str("__bytes__ returned non-bytes (type ", type_name(r), ")"));
            return rb->data;
        }
    }
    auto zeros = [&](int64_t n) {
        if (n < 0) raise(types().ValueError, "negative count");
        check_repeat_size(1, 1, n, name[4] == 'a' ? "bytearray" : "bytes");  // bytes(10**12): MemoryError
        return std::string(size_t(n), '\0');
    };
    if (src.is_int() || src.is_bool()) return zeros(src.is_int() ? src.as_int() : src.as_bool());
    if (!find_dunder(src, "__index__").is_null()) return zeros(index_value(in, src));
    if (src.is(Kind::List) || src.is(Kind::Tuple) || src.is(Kind::Range) || src.is(Kind::Iterator) || src.is(Kind::Dict) ||
        !find_dunder(src, "__iter__").is_null()) {
        std::string out;
        Value it = get_iter(in, src);
        for (Value v = iter_next(in, it); !v.is_null(); v = iter_next(in, it)) {
            if (!v.is_int() && !v.is_bool() && find_dunder(v, "__index__").is_null())
                raise(types().TypeError, str("'", type_name(v), "' object cannot be interpreted as an integer"));
            out += char(byte_value(in, v, name[4] == 'a' ? "byte" : "bytes"));
        }
        return out;
    }
    raise(types().TypeError, str("cannot convert '", type_name(src), "' object to ", name));
}

int64_t norm_index(int64_t i, size_t n, const char* what) {
    int64_t k = i < 0 ? i + int64_t(n) : i;
    if (k < 0 || k >= int64_t(n)) raise(types().IndexError, what[0] ? str(what, " index out of range") : std::string("index out of range"));
    return k;
}

// The needle of find/count/startswith/in: a buffer, or (where CPython allows it) an int byte.
std::string needle_of(Interpreter& in, const Value& v, bool allow_int) {
    if (allow_int && (v.is_int() || v.is_bool())) return std::string(1, char(byte_value(in, v)));
    if (const std::string* b = buffer_contents(v)) return *b;
    raise(types().TypeError, str("argument should be integer or bytes-like object, not '", type_name(v), "'"));
}

// The rest of bytes' str-like methods, on ASCII as CPython's bytes methods are (bytes above 127 are
// neither letters nor spaces and keep their case): padding, the strip family, partition, rsplit,
// splitlines, prefix removal, the is* tests, case changes, expandtabs, translate/maketrans; for
// bytearray also insert/remove/clear/reverse.
void def_more_methods(Type* t, bool mutable_) {
    const char* tn = mutable_ ? "bytearray" : "bytes";
    Type* self_type = t;
    static const std::string kWs(" \t\n\r\x0b\x0c");
    auto isspace_b = [](char c) { return kWs.find(c) != std::string::npos; };
    auto isalpha_b = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); };
    auto isdigit_b = [](char c) { return c >= '0' && c <= '9'; };
    auto islower_b = [](char c) { return c >= 'a' && c <= 'z'; };
    auto isupper_b = [](char c) { return c >= 'A' && c <= 'Z'; };
    auto lower_b = [](char c) { return (c >= 'A' && c <= 'Z') ? char(c + 32) : c; };
    auto upper_b = [](char c) { return (c >= 'a' && c <= 'z') ? char(c - 32) : c; };
    auto fill_of = [](const CallArgs& a, size_t i, const char* name) {
        if (a.nargs <= i) return ' ';
        std::string f = buffer_of(a.args[i], "");
        if (f.size() != 1) raise(types().TypeError, str(name, "() argument 2 must be a byte string of length 1, not ", type_name(a.args[i])));
        return f[0];
    };
    for (int which = 0; which < 3; ++which) {
        const char* name = which == 0 ? "ljust" : which == 1 ? "rjust" : "center";
        def_method(t, name, [tn, self_type, which, name, fill_of](Interpreter&, const CallArgs& a) {
            BytesObj* b = bytes_self(a, tn, name);
            if (a.nargs < 2) raise(types().TypeError, str(name, "() takes at least 1 argument (0 given)"));
            int64_t width = to_int(a.args[1], "width");
            char fill = fill_of(a, 2, name);
            const std::string& d = b->data;
            if (width <= int64_t(d.size())) return make_of(self_type, d);
            check_repeat_size(1, 1, width, name);
            size_t pad = size_t(width) - d.size();
            size_t left = which == 0 ? 0 : which == 1 ? pad : pad / 2 + (pad & size_t(width) & 1);
            return make_of(self_type, std::string(left, fill) + d + std::string(pad - left, fill));
        });
    }
    def_method(t, "zfill", [tn, self_type](Interpreter&, const CallArgs& a) {
        BytesObj* b = bytes_self(a, tn, "zfill");
        int64_t width = a.nargs > 1 ? to_int(a.args[1], "width") : 0;
        std::string d = b->data;
        if (width <= int64_t(d.size())) return make_of(self_type, d);
        size_t pad = size_t(width) - d.size();
        size_t at = (!d.empty() && (d[0] == '+' || d[0] == '-')) ? 1 : 0;
        d.insert(at, std::string(pad, '0'));
        return make_of(self_type, d);
    });
    for (int side = 0; side < 2; ++side) {
        const char* name = side == 0 ? "lstrip" : "rstrip";
        def_method(t, name, [tn, self_type, side, name](Interpreter&, const CallArgs& a) {
            BytesObj* b = bytes_self(a, tn, name);
            std::string chars = a.nargs > 1 && !a.args[1].is_none() ? buffer_of(a.args[1], "") : kWs;
            const std::string& d = b->data;
            if (side == 0) {
                size_t s0 = d.find_first_not_of(chars);
                return make_of(self_type, s0 == std::string::npos ? std::string() : d.substr(s0));
            }
            size_t e = d.find_last_not_of(chars);
            return make_of(self_type, e == std::string::npos ? std::string() : d.substr(0, e + 1));
        });
    }
    for (int rev = 0; rev < 2; ++rev) {
        const char* name = rev ? "rpartition" : "partition";
        def_method(t, name, [tn, self_type, rev, name](Interpreter&, const CallArgs& a) {
            BytesObj* b = bytes_self(a, tn, name);
            if (a.nargs != 2) raise(types().TypeError, str(name, "() takes exactly one argument (", a.nargs ? a.nargs - 1 : 0, " given)"));
            std::string sep = buffer_of(a.args[1], "");
            if (sep.empty()) raise(types().ValueError, "empty separator");
            const std::string& d = b->data;
            size_t at = rev ? d.rfind(sep) : d.find(sep);
            if (at == std::string::npos)
                return rev ? new_tuple({make_of(self_type, ""), make_of(self_type, ""), make_of(self_type, d)})
                           : new_tuple({make_of(self_type, d), make_of(self_type, ""), make_of(self_type, "")});
            return new_tuple({make_of(self_type, d.substr(0, at)), make_of(self_type, sep), make_of(self_type, d.substr(at + sep.size()))});
        });
    }
    def_method(t, "rsplit", [tn, self_type, isspace_b](Interpreter&, const CallArgs& a) {
        static const Signature sig("rsplit(self, sep=None, maxsplit=-1)");
        auto v = sig.bind(a);
        BytesObj* b = bytes_self(a, tn, "rsplit");
        int64_t maxsplit = to_int(v[2], "maxsplit");
        const std::string& d = b->data;
        std::vector<Value> out;
        if (v[1].is_none()) {
            int64_t i = int64_t(d.size()) - 1;
            while (true) {
                while (i >= 0 && isspace_b(d[size_t(i)])) --i;
                if (i < 0) break;
                if (maxsplit >= 0 && int64_t(out.size()) == maxsplit) {
                    out.push_back(make_of(self_type, d.substr(0, size_t(i) + 1)));  // leading space kept, as CPython
                    break;
                }
                int64_t j = i;
                while (j >= 0 && !isspace_b(d[size_t(j)])) --j;
                out.push_back(make_of(self_type, d.substr(size_t(j + 1), size_t(i - j))));
                i = j;
            }
        } else {
            std::string sep = buffer_of(v[1], "");
            if (sep.empty()) raise(types().ValueError, "empty separator");
            size_t end = d.size();
            while (maxsplit < 0 || int64_t(out.size()) < maxsplit) {
                if (end < sep.size()) break;
                size_t at = d.rfind(sep, end - sep.size());
                if (at == std::string::npos) break;
                out.push_back(make_of(self_type, d.substr(at + sep.size(), end - at - sep.size())));
                end = at;
            }
            out.push_back(make_of(self_type, d.substr(0, end)));
        }
        std::reverse(out.begin(), out.end());
        return new_list(std::move(out));
    });
    def_method(t, "splitlines", [tn, self_type](Interpreter& in, const CallArgs& a) {
        BytesObj* b = bytes_self(a, tn, "splitlines");
        bool keep = a.nargs > 1 && truthy(in, a.args[1]);
        const std::string& d = b->data;
        std::vector<Value> out;
        size_t i = 0;
        while (i < d.size()) {
            size_t j = i;
            while (j < d.size() && d[j] != '\n' && d[j] != '\r') ++j;
            size_t eol = j;
            if (j < d.size()) j += (d[j] == '\r' && j + 1 < d.size() && d[j + 1] == '\n') ? 2 : 1;
            out.push_back(make_of(self_type, d.substr(i, (keep ? j : eol) - i)));
            i = j;
        }
        return new_list(std::move(out));
    });
    for (int suffix = 0; suffix < 2; ++suffix) {
        const char* name = suffix ? "removesuffix" : "removeprefix";
        def_method(t, name, [tn, self_type, suffix, name](Interpreter&, const CallArgs& a) {
            BytesObj* b = bytes_self(a, tn, name);
            if (a.nargs != 2) raise(types().TypeError, str(name, "() takes exactly one argument"));
            std::string x = buffer_of(a.args[1], "");
            const std::string& d = b->data;
            if (!x.empty() && x.size() <= d.size()) {
                if (!suffix && d.compare(0, x.size(), x) == 0) return make_of(self_type, d.substr(x.size()));
                if (suffix && d.compare(d.size() - x.size(), x.size(), x) == 0) return make_of(self_type, d.substr(0, d.size() - x.size()));
            }
            return make_of(self_type, d);
        });
    }
    struct Test {
        const char* name;
        int kind;
    };
    for (Test tst : {Test{"isalnum", 0}, Test{"isalpha", 1}, Test{"isascii", 2}, Test{"isdigit", 3}, Test{"isspace", 4},
                     Test{"islower", 5}, Test{"isupper", 6}, Test{"istitle", 7}}) {
        const char* name = tst.name;
        int kind = tst.kind;
        def_method(t, name, [tn, name, kind, isalpha_b, isdigit_b, isspace_b, islower_b, isupper_b](Interpreter&, const CallArgs& a) {
            const std::string& d = bytes_self(a, tn, name)->data;
            if (kind == 2) {
                for (char c : d)
                    if (static_cast<unsigned char>(c) > 127) return Value::boolean(false);
                return Value::boolean(true);
            }
            if (d.empty()) return Value::boolean(false);
            if (kind == 5 || kind == 6) {
                bool cased = false;
                for (char c : d) {
                    if ((kind == 5 && isupper_b(c)) || (kind == 6 && islower_b(c))) return Value::boolean(false);
                    cased = cased || islower_b(c) || isupper_b(c);
                }
                return Value::boolean(cased);
            }
            if (kind == 7) {
                bool cased = false, prev_cased = false;
                for (char c : d) {
                    if (isupper_b(c)) {
                        if (prev_cased) return Value::boolean(false);
                        prev_cased = cased = true;
                    } else if (islower_b(c)) {
                        if (!prev_cased) return Value::boolean(false);
                        prev_cased = cased = true;
                    } else {
                        prev_cased = false;
                    }
                }
                return Value::boolean(cased);
            }
            for (char c : d) {
                bool ok = kind == 0 ? (isalpha_b(c) || isdigit_b(c)) : kind == 1 ? isalpha_b(c) : kind == 3 ? isdigit_b(c) : isspace_b(c);
                if (!ok) return Value::boolean(false);
            }
            return Value::boolean(true);
        });
    }
    def_method(t, "capitalize", [tn, self_type, lower_b, upper_b](Interpreter&, const CallArgs& a) {
        std::string d = bytes_self(a, tn, "capitalize")->data;
        for (size_t i = 0; i < d.size(); ++i) d[i] = i == 0 ? upper_b(d[i]) : lower_b(d[i]);
        return make_of(self_type, d);
    });
    def_method(t, "swapcase", [tn, self_type, lower_b, upper_b, islower_b](Interpreter&, const CallArgs& a) {
        std::string d = bytes_self(a, tn, "swapcase")->data;
        for (char& c : d) c = islower_b(c) ? upper_b(c) : lower_b(c);
        return make_of(self_type, d);
    });
    def_method(t, "title", [tn, self_type, lower_b, upper_b, isalpha_b](Interpreter&, const CallArgs& a) {
        std::string d = bytes_self(a, tn, "title")->data;
        bool prev = false;
        for (char& c : d) {
            c = prev ? lower_b(c) : upper_b(c);
            prev = isalpha_b(c);
        }
        return make_of(self_type, d);
    });
    def_method(t, "expandtabs", [tn, self_type](Interpreter&, const CallArgs& a) {
        const std::string& d = bytes_self(a, tn, "expandtabs")->data;
        int64_t ts = a.nargs > 1 ? to_c_int(a.args[1]) : 8;
        std::string out;
        int64_t col = 0;
        for (char c : d) {
            if (c == '\t') {
                if (ts > 0) {
                    int64_t n = ts - col % ts;
                    out.append(size_t(n), ' ');
                    col += n;
                }
            } else {
                out += c;
                col = (c == '\n' || c == '\r') ? 0 : col + 1;
            }
        }
        return make_of(self_type, out);
    });
    def_method(t, "translate", [tn, self_type](Interpreter&, const CallArgs& a) {
        const std::string& d = bytes_self(a, tn, "translate")->data;
        if (a.nargs < 2) raise(types().TypeError, "translate() takes at least 1 argument (0 given)");
        std::string table;
        bool has_table = !a.args[1].is_none();
        if (has_table) {
            table = buffer_of(a.args[1], "");
            if (table.size() != 256) raise(types().ValueError, "translation table must be 256 characters long");
        }
        std::string del = a.nargs > 2 ? buffer_of(a.args[2], "") : std::string();
        std::string out;
        for (char c : d) {
            if (del.find(c) != std::string::npos) continue;
            out += has_table ? table[static_cast<unsigned char>(c)] : c;
        }
        return make_of(self_type, out);
    });
    // immortal: the type (and its dict) outlives every interpreter of the process
    t->dict.set("maketrans", Value(immortal<StaticMethod>(Value(immortal<Builtin>("maketrans", [](Interpreter&, const CallArgs& a) {
        if (a.nargs != 2) raise(types().TypeError, str("maketrans expected 2 arguments, got ", a.nargs));
        std::string from = buffer_of(a.args[0], ""), to = buffer_of(a.args[1], "");
        if (from.size() != to.size()) raise(types().ValueError, "maketrans arguments must have same length");
        std::string table(256, '\0');
        for (int i = 0; i < 256; ++i) table[size_t(i)] = char(i);
        for (size_t i = 0; i < from.size(); ++i) table[static_cast<unsigned char>(from[i])] = to[i];
        return new_bytes(table);
    })))));
    if (!mutable_) return;
    def_method(t, "insert", [tn](Interpreter& in, const CallArgs& a) {
        BytesObj* b = bytes_self(a, tn, "insert");
        if (a.nargs != 3) raise(types().TypeError, str("insert expected 2 arguments, got ", a.nargs ? a.nargs - 1 : 0));
        int64_t i = to_int(a.args[1], "index"), n = int64_t(b->data.size());
        if (i < 0) i = std::max<int64_t>(0, i + n);
        if (i > n) i = n;
        check_resizable(b, b->data.size() + 1);
        b->data.insert(size_t(i), 1, char(byte_value(in, a.args[2])));
        return none();
    });
    def_method(t, "remove", [tn](Interpreter& in, const CallArgs& a) {
        BytesObj* b = bytes_self(a, tn, "remove");
        if (a.nargs != 2) raise(types().TypeError, "remove() takes exactly one argument");
        size_t at = b->data.find(char(byte_value(in, a.args[1])));
        if (at == std::string::npos) raise(types().ValueError, "value not found in bytearray");
        check_resizable(b, b->data.size() - 1);
        b->data.erase(at, 1);
        return none();
    });
    def_method(t, "clear", [tn](Interpreter&, const CallArgs& a) {
        BytesObj* b = bytes_self(a, tn, "clear");
        check_resizable(b, 0);
        b->data.clear();
        return none();
    });
    def_method(t, "reverse", [tn](Interpreter&, const CallArgs& a) {
        std::string& d = bytes_self(a, tn, "reverse")->data;
        std::reverse(d.begin(), d.end());
        return none();
    });
}

// Each byte as the code point of the same value (latin-1), so that text::percent_format's widths
// count bytes; and back (every code point it produces here is below 256).
std::string latin1_to_utf8(const std::string& d) {
    std::string out;
    for (unsigned char c : d) utf8_append(out, char32_t(c));
    return out;
}
std::string utf8_to_latin1(const std::string& u) {
    std::string out;
    for (size_t i = 0; i < u.size();) {
        unsigned char c = uint8_t(u[i]);
        if (c < 0x80) {
            out += char(c);
            ++i;
        } else {  // two-byte sequences only: U+0080..U+00FF
            out += char(((c & 0x1f) << 6) | (uint8_t(u[i + 1]) & 0x3f));
            i += 2;
        }
    }
    return out;
}

// bytes % args (PEP 461): printf-style formatting of bytes and bytearray, as CPython's
// _PyBytes_FormatEx: %s/%b take bytes-like objects or __bytes__, %r/%a give ascii(repr(x)), %c an int
// in range(256) or one byte, the numeric conversions as str's; %(key) looks bytes keys up in a
// mapping. Conversions are resolved here, then laid out by the str formatter over latin-1 text.
std::string bytes_percent(Interpreter& in, const std::string& fmt, const Value& argv, Type* bytes_t) {
    const TypeTable& T = types();
    std::vector<Value> args;
    bool mapping = false;
    if (auto* tup = argv.as<Tuple>()) args = tup->items;
    else if (!as_bytes(argv) && !argv.is(Kind::Str) && !find_dunder(argv, "__getitem__").is_null()) mapping = true;
    else if (argv.is(Kind::Dict)) mapping = true;
    else args.push_back(argv);
    size_t next = 0;
    auto take = [&]() -> Value {
        if (next >= args.size()) raise(T.TypeError, "not enough arguments for format string");
        return args[next++];
    };
    std::string out;
    std::vector<text::PercentArg> pargs;
    bool used_mapping = false;
    for (size_t i = 0; i < fmt.size(); ++i) {
        if (fmt[i] != '%') {
            utf8_append(out, char32_t(uint8_t(fmt[i])));
            continue;
        }
        size_t j = i + 1;
        if (j >= fmt.size()) raise(T.ValueError, "incomplete format");
        if (fmt[j] == '%') {
            out += "%%";
            i = j;
            continue;
        }
        Value arg;
        bool have = false;
        if (fmt[j] == '(') {
            if (!mapping) raise(T.TypeError, "format requires a mapping");
            int depth = 1;
            size_t k = j + 1;
            while (k < fmt.size() && depth) {
                if (fmt[k] == '(') ++depth;
                else if (fmt[k] == ')') --depth;
                ++k;
            }
            if (depth) raise(T.ValueError, "incomplete format key");
            arg = getitem(in, argv, make_of(bytes_t, fmt.substr(j + 1, k - j - 2)));
            have = true;
            used_mapping = true;
            j = k;
        }
        std::string spec = "%";
        while (j < fmt.size() && std::strchr("-+ #0", fmt[j])) spec += fmt[j++];
        auto star = [&](bool width) {
            Value w = take();
            if (!w.is_int() && !w.is_bool()) raise(T.TypeError, "* wants int");
            int64_t n = to_int(w, "");
            if (width && n < 0) {
                spec += '-';
                n = -n;
            }
            spec += std::to_string(width ? n : std::max<int64_t>(n, 0));
        };
        if (j < fmt.size() && fmt[j] == '*') {
            star(true);
            ++j;
        } else
            while (j < fmt.size() && std::isdigit(uint8_t(fmt[j]))) spec += fmt[j++];
        if (j < fmt.size() && fmt[j] == '.') {
            spec += fmt[j++];
            if (j < fmt.size() && fmt[j] == '*') {
                star(false);
                ++j;
            } else
                while (j < fmt.size() && std::isdigit(uint8_t(fmt[j]))) spec += fmt[j++];
        }
        while (j < fmt.size() && std::strchr("hlL", fmt[j])) ++j;
        if (j >= fmt.size()) raise(T.ValueError, "incomplete format");
        char conv = fmt[j];
        if (!std::strchr("diouxXeEfFgGcsbra", conv))
            raise(T.ValueError, str("unsupported format character '", conv, "' (0x", text::format_int(uint8_t(conv), "x"),
                                    ") at index ", j));
        if (!have) arg = take();
        text::PercentArg p;
        p.type_name = type_name(arg);
        if (conv == 's' || conv == 'b') {
            std::string data;
            if (!bytes_data(arg, data)) {
                Value f = find_dunder(arg, "__bytes__");
                if (f.is_null())
                    raise(T.TypeError, str("%b requires a bytes-like object, or an object that implements __bytes__, not '",
                                            type_name(arg), "'"));
                Value r = in.call(f, {arg});
                if (!bytes_data(r, data))
                    raise(T.TypeError, str("__bytes__ returned non-bytes (type ", type_name(r), ")"));
            }
            p.str = p.repr = latin1_to_utf8(data);
            conv = 's';
        } else if (conv == 'r' || conv == 'a') {
            p.str = p.repr = repr(in, arg);
            conv = 'a';
        } else if (conv == 'c') {
            std::string data;
            if (bytes_data(arg, data)) {
                if (data.size() != 1) raise(T.TypeError, "%c requires an integer in range(256) or a single byte");
            } else if (arg.is_int() || arg.is_bool() || is_big(arg)) {
                if (is_big(arg) || to_int(arg, "") < 0 || to_int(arg, "") > 255) raise(T.OverflowError, "%c arg not in range(256)");
                data = std::string(1, char(to_int(arg, "")));
            } else {
                raise(T.TypeError, "%c requires an integer in range(256) or a single byte");
            }
            p.str = p.repr = latin1_to_utf8(data);
            p.type_name = "str";  // the formatter's one-character %c argument
        } else {
            if (arg.is_int() || arg.is_bool()) {
                p.kind = text::PercentArg::Int;
                p.i = to_int(arg, "");
            } else if (auto* big = big_of(arg)) {
                p.kind = text::PercentArg::Big;
                p.big = *big;
            } else if (arg.is_float()) {
                p.kind = text::PercentArg::Float;
                p.f = arg.as_float();
            }
            p.str = "";
            p.repr = "";
        }
        spec += conv;
        out += spec;
        pargs.push_back(std::move(p));
        i = j;
    }
    if (!mapping && next < args.size()) raise(T.TypeError, "not all arguments converted during bytes formatting");
    (void)used_mapping;
    return utf8_to_latin1(text::percent_format(out, pargs));
}

void def_methods(Type* t, bool mutable_) {
    const char* tn = mutable_ ? "bytearray" : "bytes";
    Type* self_type = t;
    def_method(t, "__len__", [tn](Interpreter&, const CallArgs& a) {
        return Value::integer(int64_t(bytes_self(a, tn, "__len__")->data.size()));
    });
    def_method(t, "__repr__", [tn](Interpreter&, const CallArgs& a) {
        BytesObj* b = bytes_self(a, tn, "__repr__");
        return new_str(bytes_repr(b->data, is_bytearray(b)));
    });
    def_method(t, "__getitem__", [tn, self_type](Interpreter& in, const CallArgs& a) {
        BytesObj* b = bytes_self(a, tn, "__getitem__");
        const Value& key = a.args[1];
        if (auto* s = key.as<Slice>()) {
            SliceBounds sb = slice_unpack(*s);  // first: an __index__ may resize a bytearray
            SliceIndices ix = slice_adjust(sb, int64_t(b->data.size()));
            std::string out;
            for (int64_t k = 0, i = ix.start; k < ix.count; ++k, i += ix.step) out += b->data[size_t(i)];
            return make_of(self_type, std::move(out));
        }
        if (!key.is_int() && !key.is_bool() && !is_big(key) && find_dunder(key, "__index__").is_null())
            raise(types().TypeError, str("byte indices must be integers or slices, not ", type_name(key)));
        int64_t i = norm_index(index_value(in, key), b->data.size(), is_bytearray(b) ? "bytearray" : "");
        return Value::integer(static_cast<unsigned char>(b->data[size_t(i)]));
    });
    Type* iter_type = make_builtin_type(mutable_ ? "bytearray_iterator" : "bytes_iterator", types().object, Kind::Iterator);
    def_method(t, "__iter__", [tn, iter_type](Interpreter&, const CallArgs& a) {
        bytes_self(a, tn, "__iter__");
        return Value(make<BytesIter>(iter_type, a.args[0]).get());
    });
    def_method(t, "__contains__", [tn](Interpreter& in, const CallArgs& a) {
        BytesObj* b = bytes_self(a, tn, "__contains__");
        return Value::boolean(b->data.find(needle_of(in, a.args[1], true)) != std::string::npos);
    });
    def_method(t, "__add__", [tn, self_type](Interpreter&, const CallArgs& a) {
        BytesObj* b = bytes_self(a, tn, "__add__");
        const std::string* o = buffer_contents(a.args[1]);
        if (!o) raise(types().TypeError, str("can't concat ", type_name(a.args[1]), " to ", tn));
        check_concat_size(uint64_t(b->data.size()) + o->size(), tn);
        return make_of(self_type, b->data + *o);
    });
    def_method(t, "__mod__", [tn, self_type](Interpreter& in, const CallArgs& a) {
        BytesObj* b = bytes_self(a, tn, "__mod__");
        if (a.nargs != 2) raise(types().TypeError, "expected 1 argument");
        // mapping keys are bytes even for a bytearray format
        Type* bytes_t = as_bytes(new_bytes(""))->type;
        return make_of(self_type, bytes_percent(in, b->data, a.args[1], bytes_t));
    });
    for (const char* name : {"__mul__", "__rmul__"})
        def_method(t, name, [tn, self_type, name](Interpreter&, const CallArgs& a) {
            BytesObj* b = bytes_self(a, tn, name);
            if (!a.args[1].is_int() && !a.args[1].is_bool()) return not_implemented();
            int64_t n = to_int(a.args[1], "");
            check_repeat_size(b->data.size(), 1, n, tn);
            return make_of(self_type, text::repeat_text(b->data, n));
        });
    const char* const cmp_names[] = {"__lt__", "__le__", "__eq__", "__ne__", "__gt__", "__ge__"};
    for (int op = 0; op < 6; ++op) {
        def_method(t, cmp_names[op], [tn, op](Interpreter&, const CallArgs& a) {
            BytesObj* b = bytes_self(a, tn, "__eq__");
            auto* o = as_bytes(a.args[1]);
            if (!o) return not_implemented();
            int c = b->data.compare(o->data);
            bool r = op == 0 ? c < 0 : op == 1 ? c <= 0 : op == 2 ? c == 0 : op == 3 ? c != 0 : op == 4 ? c > 0 : c >= 0;
            return Value::boolean(r);
        });
    }
    if (mutable_) t->dict.set("__hash__", Value::none());
    else
        def_method(t, "__hash__", [](Interpreter&, const CallArgs& a) {
            return Value::integer(pyhash::of_bytes(bytes_self(a, "bytes", "__hash__")->data));
        });
    def_method(t, "decode", [tn](Interpreter&, const CallArgs& a) {
        static const Signature sig("decode(self, /, encoding='utf-8', errors='strict')");
        std::vector<Value> p = sig.bind(a);
        BytesObj* b = bytes_self(a, tn, "decode");
        if (!p[1].is(Kind::Str)) raise(types().TypeError, str("decode() argument 'encoding' must be str, not ", type_name(p[1])));
        if (!p[2].is(Kind::Str)) raise(types().TypeError, str("decode() argument 'errors' must be str, not ", type_name(p[2])));
        return new_str(decode(b->data, str_of(p[1]), str_of(p[2])));
    });
    def_method(t, "hex", [tn](Interpreter& in, const CallArgs& a) {
        static const Signature sig("hex(self, /, sep=None, bytes_per_sep=1)");
        std::vector<Value> p = sig.bind(a);
        BytesObj* b = bytes_self(a, tn, "hex");
        // CPython's _Py_strhex_impl: a sep passed at all (None too) must have a length of one and be
        // an ASCII str or bytes; bytes_per_sep is a C int. Anything else is an error, never ignored.
        bool sep_given = a.nargs >= 2;
        for (size_t k = 0; k < a.nkw; ++k) sep_given = sep_given || a.kwname(k) == "sep";
        std::string sep;
        if (sep_given) {
            int64_t len = length(in, p[1]);
            if (len != 1) raise(types().ValueError, "sep must be length 1.");
            if (p[1].is(Kind::Str)) sep = str_of(p[1]);
            else if (const BytesObj* sb = as_bytes(p[1])) sep = sb->data;
            else raise(types().TypeError, "sep must be str or bytes.");
            if (sep.size() != 1 || static_cast<unsigned char>(sep[0]) > 127) raise(types().ValueError, "sep must be ASCII.");
        }
        int64_t per = 1;
        if (!p[2].is_int() || p[2].as_int() != 1) {
            per = is_big(p[2]) ? INT64_MAX : index_value(in, p[2]);
            if (per < INT_MIN || per > INT_MAX) raise(types().OverflowError, "Python int too large to convert to C int");
        }
        std::string out;
        const size_t n = b->data.size();
        for (size_t i = 0; i < n; ++i) {
            // Separators are counted from the right for a positive bytes_per_sep, from the left otherwise.
            if (i && !sep.empty() && per != 0) {
                size_t group = size_t(per < 0 ? -per : per);
                if (per > 0 ? (n - i) % group == 0 : i % group == 0) out += sep;
            }
            char buf[4];
            std::snprintf(buf, sizeof buf, "%02x", static_cast<unsigned char>(b->data[i]));
            out += buf;
        }
        return new_str(out);
    });
    def_method(t, "join", [tn, self_type](Interpreter& in, const CallArgs& a) {
        BytesObj* b = bytes_self(a, tn, "join");
        if (a.nargs != 2) raise(types().TypeError, str(tn, ".join() takes exactly one argument (", a.nargs - 1, " given)"));
        std::string out;
        size_t k = 0;
        for (const Value& v : to_vector(in, a.args[1])) {
            const std::string* o = buffer_contents(v);
            if (!o) raise(types().TypeError, str("sequence item ", k, ": expected a bytes-like object, ", type_name(v), " found"));
            if (k++) out += b->data;
            out += *o;
        }
        return make_of(self_type, std::move(out));
    });
    auto affix = [t, tn](const char* name, bool starts) {
        def_method(t, name, [tn, name, starts](Interpreter& in, const CallArgs& a) {
            BytesObj* b = bytes_self(a, tn, name);
            if (a.nargs != 2) raise(types().TypeError, str(name, "() takes at least 1 argument (", a.nargs - 1, " given)"));
            std::vector<Value> options = a.args[1].is(Kind::Tuple) ? a.args[1].get<Tuple>()->items : std::vector<Value>{a.args[1]};
            for (const Value& o : options) {
                auto* x = as_bytes(o);
                if (!x)
                    raise(types().TypeError, str(name, " first arg must be bytes or a tuple of bytes, not ", type_name(o)));
                const std::string& d = b->data;
                if (x->data.size() <= d.size() &&
                    (starts ? d.compare(0, x->data.size(), x->data) == 0 : d.compare(d.size() - x->data.size(), x->data.size(), x->data) == 0))
                    return Value::boolean(true);
            }
            (void)in;
            return Value::boolean(false);
        });
    };
    affix("startswith", true);
    affix("endswith", false);
    // find/index/rfind/rindex(sub[, start[, end]]): the search within data[start:end] (slice rules
    // for negative and out-of-range bounds), the position counted from the start of the bytes.
    auto search = [](Interpreter& in, BytesObj* b, const CallArgs& a, bool reverse) -> int64_t {
        std::string n = needle_of(in, a.args[1], true);
        int64_t len = int64_t(b->data.size());
        auto bound = [&](size_t i, int64_t dflt) {
            if (a.nargs <= i || a.args[i].is_none()) return dflt;
            int64_t v = index_value(in, a.args[i]);
            if (v < 0) v = std::max<int64_t>(0, v + len);
            return std::min(v, len);
        };
        int64_t lo = bound(2, 0), hi = bound(3, len);
        if (hi - lo < int64_t(n.size())) return -1;
        std::string_view hay(b->data.data() + lo, size_t(hi - lo));
        size_t at = reverse ? hay.rfind(n) : hay.find(n);
        return at == std::string_view::npos ? -1 : lo + int64_t(at);
    };
    for (int rev = 0; rev < 2; ++rev) {
        const char* fname = rev ? "rfind" : "find";
        const char* iname = rev ? "rindex" : "index";
        def_method(t, fname, [tn, search, rev, fname](Interpreter& in, const CallArgs& a) {
            BytesObj* b = bytes_self(a, tn, fname);
            if (a.nargs < 2) raise(types().TypeError, str(fname, " expected at least 1 argument, got 0"));
            return Value::integer(search(in, b, a, rev != 0));
        });
        def_method(t, iname, [tn, search, rev, iname](Interpreter& in, const CallArgs& a) {
            BytesObj* b = bytes_self(a, tn, iname);
            if (a.nargs < 2) raise(types().TypeError, str(iname, " expected at least 1 argument, got 0"));
            int64_t at = search(in, b, a, rev != 0);
            if (at < 0) raise(types().ValueError, "subsection not found");
            return Value::integer(at);
        });
    }
    def_method(t, "count", [tn](Interpreter& in, const CallArgs& a) {
        BytesObj* b = bytes_self(a, tn, "count");
        if (a.nargs < 2) raise(types().TypeError, "count expected at least 1 argument, got 0");
        std::string n = needle_of(in, a.args[1], true);
        if (n.empty()) return Value::integer(int64_t(b->data.size() + 1));
        int64_t c = 0;
        for (size_t at = b->data.find(n); at != std::string::npos; at = b->data.find(n, at + n.size())) ++c;
        return Value::integer(c);
    });
    def_method(t, "replace", [tn, self_type](Interpreter&, const CallArgs& a) {
        BytesObj* b = bytes_self(a, tn, "replace");
        if (a.nargs != 3) raise(types().TypeError, str("replace expected 2 arguments, got ", a.nargs - 1));
        const std::string& from = buffer_of(a.args[1], "");
        const std::string& to = buffer_of(a.args[2], "");
        std::string out;
        if (from.empty()) {
            for (char c : b->data) out += to + c;
            return make_of(self_type, out + to);
        }
        size_t pos = 0;
        for (size_t at = b->data.find(from); at != std::string::npos; at = b->data.find(from, pos)) {
            out.append(b->data, pos, at - pos);
            out += to;
            pos = at + from.size();
        }
        out.append(b->data, pos, std::string::npos);
        return make_of(self_type, out);
    });
    auto mapped = [t, tn, self_type](const char* name, int (*f)(int)) {
        def_method(t, name, [tn, name, f, self_type](Interpreter&, const CallArgs& a) {
            std::string out = bytes_self(a, tn, name)->data;
            for (char& c : out)
                if (static_cast<unsigned char>(c) < 0x80) c = char(f(c));
            return make_of(self_type, out);
        });
    };
    mapped("upper", [](int c) { return std::toupper(c); });
    mapped("lower", [](int c) { return std::tolower(c); });
    def_method(t, "strip", [tn, self_type](Interpreter&, const CallArgs& a) {
        BytesObj* b = bytes_self(a, tn, "strip");
        std::string chars = a.nargs > 1 && !a.args[1].is_none() ? buffer_of(a.args[1], "") : std::string(" \t\n\r\x0b\x0c");
        size_t s = b->data.find_first_not_of(chars);
        if (s == std::string::npos) return make_of(self_type, "");
        size_t e = b->data.find_last_not_of(chars);
        return make_of(self_type, b->data.substr(s, e - s + 1));
    });
    def_method(t, "split", [tn, self_type](Interpreter&, const CallArgs& a) {
        BytesObj* b = bytes_self(a, tn, "split");
        std::vector<Value> out;
        const std::string& d = b->data;
        if (a.nargs < 2 || a.args[1].is_none()) {
            size_t i = 0;
            while (true) {
                while (i < d.size() && std::isspace(static_cast<unsigned char>(d[i]))) ++i;
                if (i >= d.size()) break;
                size_t j = i;
                while (j < d.size() && !std::isspace(static_cast<unsigned char>(d[j]))) ++j;
                out.push_back(make_of(self_type, d.substr(i, j - i)));
                i = j;
            }
            return new_list(std::move(out));
        }
        const std::string& sep = buffer_of(a.args[1], "");
        if (sep.empty()) raise(types().ValueError, "empty separator");
        size_t pos = 0;
        for (size_t at = d.find(sep); at != std::string::npos; at = d.find(sep, pos)) {
            out.push_back(make_of(self_type, d.substr(pos, at - pos)));
            pos = at + sep.size();
        }
        out.push_back(make_of(self_type, d.substr(pos)));
        return new_list(std::move(out));
    });
    // A classmethod (bytes.fromhex('ff 00') and b''.fromhex(...) both pass the class first).
    t->dict.set("fromhex", Value(immortal<ClassMethod>(Value(immortal<Builtin>("fromhex", [self_type](Interpreter&, const CallArgs& a) {
        const Value& s = a.nargs > 1 ? a.args[a.nargs - 1] : Value();
        if (!s.is(Kind::Str)) raise(types().TypeError, "fromhex() argument must be str, not " + type_name(s));
        const std::string& h = str_of(s);
        std::string out;
        auto hexval = [](char c) {
            if (c >= '0' && c <= '9') return c - '0';
            if (c >= 'a' && c <= 'f') return c - 'a' + 10;
            if (c >= 'A' && c <= 'F') return c - 'A' + 10;
            return -1;
        };
        for (size_t i = 0; i < h.size();) {
            if (h[i] == ' ') {
                ++i;
                continue;
            }
            int hi = hexval(h[i]), lo = i + 1 < h.size() ? hexval(h[i + 1]) : -1;
            if (hi < 0) raise(types().ValueError, str("non-hexadecimal number found in fromhex() arg at position ", i));
            if (lo < 0) raise(types().ValueError, str("non-hexadecimal number found in fromhex() arg at position ", i + 1));
            out += char(hi * 16 + lo);
            i += 2;
        }
        return make_of(self_type, out);
    }, str(tn, ".fromhex"))))));
    if (!mutable_) return;
    def_method(t, "append", [](Interpreter& in, const CallArgs& a) {
        BytesObj* b = bytes_self(a, "bytearray", "append");
        if (a.nargs != 2) raise(types().TypeError, str("bytearray.append() takes exactly one argument (", a.nargs - 1, " given)"));
        char c = char(byte_value(in, a.args[1]));
        check_concat_size(uint64_t(b->data.size()) + 1, "bytearray");
        check_resizable(b, b->data.size() + 1);
        b->data += c;
        return none();
    });
    def_method(t, "extend", [](Interpreter& in, const CallArgs& a) {
        BytesObj* b = bytes_self(a, "bytearray", "extend");
        if (a.nargs != 2) raise(types().TypeError, str("bytearray.extend() takes exactly one argument (", a.nargs - 1, " given)"));
        std::string more;
        if (const std::string* o = buffer_contents(a.args[1])) more = *o;
        else
            for (const Value& v : to_vector(in, a.args[1])) {
                check_concat_size(uint64_t(more.size()) + 1, "bytearray");
                more += char(byte_value(in, v));
            }
        check_concat_size(uint64_t(b->data.size()) + more.size(), "bytearray");
        check_resizable(b, b->data.size() + more.size());
        b->data += more;
        return none();
    });
    def_method(t, "pop", [](Interpreter& in, const CallArgs& a) {
        BytesObj* b = bytes_self(a, "bytearray", "pop");
        if (b->data.empty()) raise(types().IndexError, "pop from empty bytearray");
        int64_t i = norm_index(a.nargs > 1 ? index_value(in, a.args[1]) : -1, b->data.size(), "pop");
        int v = static_cast<unsigned char>(b->data[size_t(i)]);
        check_resizable(b, b->data.size() - 1);
        b->data.erase(size_t(i), 1);
        return Value::integer(v);
    });
    def_method(t, "__setitem__", [](Interpreter& in, const CallArgs& a) {
        BytesObj* b = bytes_self(a, "bytearray", "__setitem__");
        if (a.args[1].is(Kind::Slice)) {
            // the bounds, then the value (both may run user code that resizes b), then b's length
            SliceBounds sb = slice_unpack(*a.args[1].get<Slice>());
            std::string repl;
            if (const std::string* o = buffer_contents(a.args[2])) repl = *o;
            else
                for (const Value& v : to_vector(in, a.args[2])) repl += char(byte_value(in, v));
            SliceIndices ix = slice_adjust(sb, int64_t(b->data.size()));
            if (ix.step != 1) {
                if (int64_t(repl.size()) != ix.count)
                    raise(types().ValueError, str("attempt to assign bytes of size ", repl.size(), " to extended slice of size ", ix.count));
                for (int64_t k = 0, i = ix.start; k < ix.count; ++k, i += ix.step) b->data[size_t(i)] = repl[size_t(k)];
                return none();
            }
            int64_t stop = std::max(ix.start, ix.stop);
            check_resizable(b, b->data.size() - size_t(stop - ix.start) + repl.size());
            b->data.replace(size_t(ix.start), size_t(stop - ix.start), repl);
            return none();
        }
        int64_t i = norm_index(index_value(in, a.args[1]), b->data.size(), "bytearray");
        b->data[size_t(i)] = char(byte_value(in, a.args[2]));
        return none();
    });
    // del b[i] / del b[i:j:k] (bytearray_ass_subscript with no value)
    def_method(t, "__delitem__", [](Interpreter& in, const CallArgs& a) {
        BytesObj* b = bytes_self(a, "bytearray", "__delitem__");
        if (a.args[1].is(Kind::Slice)) {
            SliceBounds sb = slice_unpack(*a.args[1].get<Slice>());  // first: an __index__ may resize b
            SliceIndices ix = slice_adjust(sb, int64_t(b->data.size()));
            std::vector<bool> drop(b->data.size(), false);
            for (int64_t k = 0, i = ix.start; k < ix.count; ++k, i += ix.step) drop[size_t(i)] = true;
            std::string kept;
            for (size_t i = 0; i < b->data.size(); ++i)
                if (!drop[i]) kept += b->data[i];
            check_resizable(b, kept.size());
            b->data = std::move(kept);
            return none();
        }
        const Value& key = a.args[1];
        if (!key.is_int() && !key.is_bool() && !is_big(key) && find_dunder(key, "__index__").is_null())
            raise(types().TypeError, str("bytearray indices must be integers or slices, not ", type_name(key)));
        int64_t i = norm_index(index_value(in, key), b->data.size(), "bytearray");
        check_resizable(b, b->data.size() - 1);
        b->data.erase(size_t(i), 1);
        return none();
    });
    def_method(t, "copy", [](Interpreter&, const CallArgs& a) {
        return make_of(bytearray_type(), bytes_self(a, "bytearray", "copy")->data);
    });
}

Type* bytes_type() {
    static Type* t = [] {
        Type* t = make_builtin_type("bytes", types().object, Kind::Native);
        t->construct = [t](Interpreter& in, const CallArgs& a) {
            if (a.nargs == 1 && !a.nkw && a.args[0].is_obj() && a.args[0].obj()->type == t) return a.args[0];
            return make_of(t, construct_data(in, "bytes", a));
        };
        def_methods(t, false);
        def_more_methods(t, false);
        check_method_receivers(t);
        return t;
    }();
    return t;
}

Type* bytearray_type() {
    static Type* t = [] {
        Type* t = make_builtin_type("bytearray", types().object, Kind::Native);
        t->construct = [t](Interpreter& in, const CallArgs& a) { return make_of(t, construct_data(in, "bytearray", a)); };
        def_methods(t, true);
        def_more_methods(t, true);
        check_method_receivers(t);
        return t;
    }();
    return t;
}

}  // namespace

std::string bytes_decode(const std::string& data, const std::string& encoding, const std::string& errors) {
    return decode(data, encoding, errors);
}

Value new_bytes(std::string data) { return make_of(bytes_type(), std::move(data)); }

const char* bytes_kind(const Value& v) {
    auto* b = as_bytes(v);
    return !b ? nullptr : is_bytearray(b) ? "bytearray" : "bytes";
}

bool bytes_data(const Value& v, std::string& out) {
    const std::string* b = buffer_contents(v);
    if (!b) return false;
    out = *b;
    return true;
}

BytesObj* as_bytes_obj(const Value& v) { return as_bytes(v); }
bool bytes_obj_mutable(const BytesObj* b) { return is_bytearray(b); }

std::string str_encode(const std::string& s, const std::string& encoding, const std::string& errors) {
    return encode(s, encoding, errors);
}

void register_bytes_types(StrMap& builtins) {
    builtins.set("bytes", Value(bytes_type()));
    builtins.set("bytearray", Value(bytearray_type()));
    builtins.set("memoryview", Value(memoryview_type()));
    builtins.set("BufferError", Value(buffer_error_type()));
    builtins.set("UnicodeError", Value(unicode_error()));
    builtins.set("UnicodeDecodeError", Value(unicode_decode_error()));
    builtins.set("UnicodeEncodeError", Value(unicode_encode_error()));
}

}  // namespace kiln::vm
