// json: dumps/dump and loads/load with CPython 3.11's exact text and errors.
//
// The encoder follows json.encoder: floats print as float.__repr__ (1.0, 1e-07, NaN, Infinity),
// ensure_ascii escapes non-ASCII as \uXXXX (surrogate pairs above U+FFFF), indent / separators /
// sort_keys / skipkeys / default / allow_nan behave as there, dict keys that are int, float, bool or
// None become strings. The decoder is json.decoder's grammar (plus NaN / Infinity) with its error
// messages and positions: JSONDecodeError("Expecting value: line 1 column 1 (char 0)").
// Written here rather than on a JSON library because the exact float text, key conversion and
// error wording are CPython's own, and no library reproduces them.
#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>

#include "support/pyrepr.h"
#include "support/stack.h"
#include "vm/args.h"
#include "vm/host.h"
#include "vm/int_big.h"
#include "vm/ops.h"
#include "vm/safe_sort.h"
#include "vm/text_str.h"

namespace kiln::vm {

namespace {

using module_def::def;

Type* g_decode_error;

// ---- encoding ---------------------------------------------------------------------------------------

struct Encoder {
    Interpreter& in;
    bool ensure_ascii = true, allow_nan = true, sort_keys = false, skipkeys = false, check_circular = true;
    bool has_indent = false;
    std::string indent;
    std::string item_sep = ", ", key_sep = ": ";
    Value default_fn;
    std::vector<const Object*> stack;  // containers being encoded (circular references)
    std::string out;

    void quote(const std::string& s) {
        out += '"';
        for (size_t i = 0; i < s.size();) {
            unsigned char c = static_cast<unsigned char>(s[i]);
            switch (c) {
                case '"': out += "\\\""; ++i; continue;
                case '\\': out += "\\\\"; ++i; continue;
                case '\n': out += "\\n"; ++i; continue;
                case '\r': out += "\\r"; ++i; continue;
                case '\t': out += "\\t"; ++i; continue;
                case '\b': out += "\\b"; ++i; continue;
                case '\f': out += "\\f"; ++i; continue;
                default: break;
            }
            if (c < 0x20 || (c == 0x7f && ensure_ascii)) {
                char buf[8];
                std::snprintf(buf, sizeof buf, "\\u%04x", c);
                out += buf;
                ++i;
                continue;
            }
            if (c < 0x80 || !ensure_ascii) {
                out += char(c);
                ++i;
                continue;
            }
            char32_t cp = text::utf8_next(s, i);
            char buf[16];
            if (cp >= 0x10000) {
                cp -= 0x10000;
                std::snprintf(buf, sizeof buf, "\\u%04x\\u%04x", unsigned(0xD800 + (cp >> 10)), unsigned(0xDC00 + (cp & 0x3FF)));
            } else {
                std::snprintf(buf, sizeof buf, "\\u%04x", unsigned(cp));
            }
            out += buf;
        }
        out += '"';
    }

    std::string float_text(double d) {
        if (std::isnan(d) || std::isinf(d)) {
            if (!allow_nan)  // 3.12 names the value (encoder_encode_float's %R)
                raise(T().ValueError, str("Out of range float values are not JSON compliant: ", repr(in, Value::number(d))));
            return std::isnan(d) ? "NaN" : d > 0 ? "Infinity" : "-Infinity";
        }
        return repr(in, Value::number(d));
    }

    void newline(size_t depth) {
        out += '\n';
        for (size_t k = 0; k < depth; ++k) out += indent;
    }

    void enter(const Value& v) {
        if (!check_circular) return;
        for (const Object* o : stack)
            if (o == v.obj()) raise(T().ValueError, "Circular reference detected");
        stack.push_back(v.obj());
    }
    void leave() {
        if (check_circular) stack.pop_back();
    }

    void encode(const Value& v, size_t depth) {
        if (depth > size_t(in.recursion_limit()) || stack_low())
            raise(T().RecursionError, "maximum recursion depth exceeded while encoding a JSON object");
        if (v.is_none()) out += "null";
        else if (v.is_bool()) out += v.as_bool() ? "true" : "false";
        else if (v.is_int()) out += std::to_string(v.as_int());
        else if (auto* b = big_of(v)) out += big_to_string(*b);  // int.__repr__, with its digit limit
        else if (v.is_float()) out += float_text(v.as_float());
        else if (type_of(v)->is_subtype_of(T().float_))  // numpy.float64: float.__repr__ of its value
            out += float_text(in.call(Value(T().float_), {v}).as_float());
        else if (v.is(Kind::Str)) quote(str_of(v));
        else if (v.is(Kind::List) || v.is(Kind::Tuple)) {
            const auto& items = v.is(Kind::List) ? v.get<List>()->items : v.get<Tuple>()->items;
            if (items.empty()) {
                out += "[]";
                return;
            }
            enter(v);
            std::vector<Value> copy = items;  // a default() may not change what is being walked
            out += '[';
            for (size_t i = 0; i < copy.size(); ++i) {
                if (i) out += item_sep;
                if (has_indent) newline(depth + 1);
                encode(copy[i], depth + 1);
            }
            if (has_indent) newline(depth);
            out += ']';
            leave();
        } else if (v.is(Kind::Dict)) {
            auto* d = v.get<Dict>();
            if (d->size() == 0) {
                out += "{}";
                return;
            }
            enter(v);
            std::vector<std::pair<Value, Value>> items;
            d->for_each([&](const Value& k, const Value& x) { items.emplace_back(k, x); });
            if (sort_keys) {
                safe_stable_sort(items, [&](const auto& a, const auto& b) { return less_than(in, a.first, b.first); });
            }
            out += '{';
            bool first = true;
            for (const auto& [k, x] : items) {
                std::string key;
                if (k.is(Kind::Str)) key = str_of(k);
                else if (k.is_float()) key = float_text(k.as_float());
                else if (k.is_bool()) key = k.as_bool() ? "true" : "false";
                else if (k.is_none()) key = "null";
                else if (k.is_int()) key = std::to_string(k.as_int());
                else if (auto* b = big_of(k)) key = big_to_string(*b);
                else if (skipkeys) continue;
                else raise(T().TypeError, str("keys must be str, int, float, bool or None, not ", type_name(k)));
                if (!first) out += item_sep;
                first = false;
                if (has_indent) newline(depth + 1);
                quote(key);
                out += key_sep;
                encode(x, depth + 1);
            }
            if (has_indent) newline(depth);
            out += '}';
            leave();
        } else {
            if (default_fn.is_null() || default_fn.is_none())
                raise(T().TypeError, str("Object of type ", type_name(v), " is not JSON serializable"));
            enter(v);
            encode(in.call(default_fn, {v}), depth);
            leave();
        }
    }
};

const char* kDumpsSig =
    "dumps(obj, *, skipkeys=False, ensure_ascii=True, check_circular=True, allow_nan=True, cls=None, indent=None, "
    "separators=None, default=None, sort_keys=False)";

std::string dumps(Interpreter& in, const std::vector<Value>& v, size_t first_kw) {
    // v: obj, then the keyword slots in kDumpsSig's order starting at first_kw
    Encoder e{in, true, true, false, false, true, false, "", ", ", ": ", Value(), {}, ""};
    const Value* k = v.data() + first_kw;
    e.skipkeys = truthy(in, k[0]);
    e.ensure_ascii = truthy(in, k[1]);
    e.check_circular = truthy(in, k[2]);
    e.allow_nan = truthy(in, k[3]);
    if (!k[4].is_none()) raise(T().NotImplementedError, "json.dumps(cls=...) is not supported in Kiln; pass default= instead");
    if (!k[5].is_none()) {
        e.has_indent = true;
        e.item_sep = ",";
        if (k[5].is(Kind::Str)) e.indent = str_of(k[5]);
        else e.indent = std::string(size_t(std::max<int64_t>(0, to_int(k[5], ""))), ' ');
    }
    if (!k[6].is_none()) {
        auto items = to_vector(in, k[6]);
        if (items.size() != 2 || !items[0].is(Kind::Str) || !items[1].is(Kind::Str))
            raise(T().ValueError, "separators must be an (item_separator, key_separator) tuple of two strings");
        e.item_sep = str_of(items[0]);
        e.key_sep = str_of(items[1]);
    }
    e.default_fn = k[7];
    e.sort_keys = truthy(in, k[8]);
    e.encode(v[0], 0);
    return std::move(e.out);
}

// ---- decoding ---------------------------------------------------------------------------------------

struct Decoder {
    Interpreter& in;
    const std::string& s;
    Value object_hook, pairs_hook;
    size_t pos = 0;
    size_t nesting = 0;

    [[noreturn]] void fail(const std::string& msg, size_t at) {
        // positions count characters, as CPython's do
        int64_t ch = text::utf8_length(std::string_view(s).substr(0, at));
        int64_t line = 1, col;
        size_t nl = std::string::npos;
        for (size_t i = 0; i < at; ++i)
            if (s[i] == '\n') ++line, nl = i;
        col = nl == std::string::npos ? ch + 1 : text::utf8_length(std::string_view(s).substr(nl + 1, at - nl - 1)) + 1;
        std::string full = str(msg, ": line ", line, " column ", col, " (char ", ch, ")");
        auto e = make<ExceptionObj>(g_decode_error);
        e->args = new_tuple({new_str(full)});
        e->dict.set("msg", new_str(msg));
        e->dict.set("doc", new_str(s));
        e->dict.set("pos", Value::integer(ch));
        e->dict.set("lineno", Value::integer(line));
        e->dict.set("colno", Value::integer(col));
        throw PyError(Value(e.get()));
    }

    void ws() {
        while (pos < s.size() && (s[pos] == ' ' || s[pos] == '\t' || s[pos] == '\n' || s[pos] == '\r')) ++pos;
    }

    bool lit(const char* word) {
        size_t n = std::strlen(word);
        if (s.compare(pos, n, word) == 0) {
            pos += n;
            return true;
        }
        return false;
    }

    unsigned hex4(size_t at) {
        if (at + 4 > s.size()) fail("Invalid \\uXXXX escape", at - 1);
        unsigned v = 0;
        for (size_t i = at; i < at + 4; ++i) {
            char c = s[i];
            int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
            if (d < 0) fail("Invalid \\uXXXX escape", at - 1);
            v = v * 16 + unsigned(d);
        }
        return v;
    }

    std::string string() {  // pos is after the opening quote
        size_t begin = pos - 1;
        std::string out;
        for (;;) {
            if (pos >= s.size()) fail("Unterminated string starting at", begin);
            unsigned char c = static_cast<unsigned char>(s[pos]);
            if (c == '"') {
                ++pos;
                return out;
            }
            if (c < 0x20) fail("Invalid control character at", pos);
            if (c != '\\') {
                out += char(c);
                ++pos;
                continue;
            }
            if (pos + 1 >= s.size()) fail("Unterminated string starting at", begin);
            char e = s[pos + 1];
            switch (e) {
                case '"': out += '"'; break;
                case '\\': out += '\\'; break;
                case '/': out += '/'; break;
                case 'b': out += '\b'; break;
                case 'f': out += '\f'; break;
                case 'n': out += '\n'; break;
                case 'r': out += '\r'; break;
                case 't': out += '\t'; break;
                case 'u': {
                    unsigned cp = hex4(pos + 2);
                    pos += 6;
                    if (cp >= 0xD800 && cp <= 0xDBFF && s.compare(pos, 2, "\\u") == 0) {
                        unsigned lo = hex4(pos + 2);
                        if (lo >= 0xDC00 && lo <= 0xDFFF) {
                            cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
                            pos += 6;
                        }
                    }
                    out += text::utf8_encode(char32_t(cp));
                    continue;
                }
                default: fail("Invalid \\escape", pos);
            }
            pos += 2;
        }
    }

    Value number() {
        size_t start = pos;
        if (s[pos] == '-') ++pos;
        if (pos < s.size() && s[pos] == '0') ++pos;
        else if (pos < s.size() && s[pos] >= '1' && s[pos] <= '9')
            while (pos < s.size() && std::isdigit(static_cast<unsigned char>(s[pos]))) ++pos;
        else {
            pos = start;
            if (lit("-Infinity")) return Value::number(-HUGE_VAL);
            fail("Expecting value", start);
        }
        bool is_float = false;
        if (pos + 1 < s.size() && s[pos] == '.' && std::isdigit(static_cast<unsigned char>(s[pos + 1]))) {
            is_float = true;
            pos += 1;
            while (pos < s.size() && std::isdigit(static_cast<unsigned char>(s[pos]))) ++pos;
        }
        if (pos < s.size() && (s[pos] == 'e' || s[pos] == 'E')) {
            size_t save = pos++;
            if (pos < s.size() && (s[pos] == '+' || s[pos] == '-')) ++pos;
            if (pos < s.size() && std::isdigit(static_cast<unsigned char>(s[pos]))) {
                is_float = true;
                while (pos < s.size() && std::isdigit(static_cast<unsigned char>(s[pos]))) ++pos;
            } else {
                pos = save;
            }
        }
        std::string text = s.substr(start, pos - start);
        if (is_float) return Value::number(std::strtod(text.c_str(), nullptr));
        errno = 0;
        long long v = std::strtoll(text.c_str(), nullptr, 10);
        // Beyond int64, a Python int of any size (CPython's int(text): the 4300-digit limit applies).
        if (errno == ERANGE) return parse_big_int(text, 10);
        return Value::integer(v);
    }

    Value value() {
        if (pos >= s.size()) fail("Expecting value", pos);
        char c = s[pos];
        if (c == '"') {
            ++pos;
            return new_str(string());
        }
        if (c == '{' || c == '[') {
            // Nesting is bounded like CPython's recursive decoder (the recursion limit).
            struct Nest {
                size_t& d;
                ~Nest() { --d; }
            } nest{++nesting};
            if (nesting > size_t(in.recursion_limit()) || stack_low())
                raise(T().RecursionError, str("maximum recursion depth exceeded while decoding a JSON ",
                                              c == '{' ? "object" : "array", " from a unicode string"));
            return c == '{' ? object() : array();
        }
        if (c == 'n' && lit("null")) return Value::none();
        if (c == 't' && lit("true")) return Value::boolean(true);
        if (c == 'f' && lit("false")) return Value::boolean(false);
        if (c == 'N' && lit("NaN")) return Value::number(std::nan(""));
        if (c == 'I' && lit("Infinity")) return Value::number(HUGE_VAL);
        if (c == '-' || (c >= '0' && c <= '9')) return number();
        fail("Expecting value", pos);
    }

    Value array() {
        ++pos;
        std::vector<Value> items;
        ws();
        if (pos < s.size() && s[pos] == ']') {
            ++pos;
            return new_list({});
        }
        for (;;) {
            ws();
            items.push_back(value());
            ws();
            if (pos < s.size() && s[pos] == ']') {
                ++pos;
                return new_list(std::move(items));
            }
            if (pos >= s.size() || s[pos] != ',') fail("Expecting ',' delimiter", pos);
            ++pos;
        }
    }

    Value object() {
        size_t open = pos++;
        (void)open;
        std::vector<std::pair<Value, Value>> pairs;
        ws();
        if (pos < s.size() && s[pos] == '}') {
            ++pos;
            return finish({});
        }
        for (;;) {
            ws();
            if (pos >= s.size() || s[pos] != '"') fail("Expecting property name enclosed in double quotes", pos);
            ++pos;
            Value key = new_str(string());
            ws();
            if (pos >= s.size() || s[pos] != ':') fail("Expecting ':' delimiter", pos);
            ++pos;
            ws();
            pairs.emplace_back(key, value());
            ws();
            if (pos < s.size() && s[pos] == '}') {
                ++pos;
                return finish(std::move(pairs));
            }
            if (pos >= s.size() || s[pos] != ',') fail("Expecting ',' delimiter", pos);
            ++pos;
        }
    }

    Value finish(std::vector<std::pair<Value, Value>> pairs) {
        if (!pairs_hook.is_null() && !pairs_hook.is_none()) {
            std::vector<Value> list;
            for (auto& [k, v] : pairs) list.push_back(new_tuple({k, v}));
            return in.call(pairs_hook, {new_list(std::move(list))});
        }
        auto d = make<Dict>();
        for (auto& [k, v] : pairs) d->set(k, v);
        Value out(d.get());
        if (!object_hook.is_null() && !object_hook.is_none()) return in.call(object_hook, {out});
        return out;
    }
};

Value loads(Interpreter& in, const Value& doc, const Value& object_hook, const Value& pairs_hook) {
    if (!doc.is(Kind::Str)) raise(T().TypeError, str("the JSON object must be str, bytes or bytearray, not ", type_name(doc)));
    const std::string& s = str_of(doc);
    Decoder d{in, s, object_hook, pairs_hook};
    if (s.compare(0, 3, "\xEF\xBB\xBF") == 0)
        d.fail("Unexpected UTF-8 BOM (decode using utf-8-sig)", 0);
    d.ws();
    Value v = d.value();
    d.ws();
    if (d.pos != s.size()) d.fail("Extra data", d.pos);
    return v;
}

const char* kLoadsSig =
    "loads(s, *, cls=None, object_hook=None, parse_float=None, parse_int=None, parse_constant=None, object_pairs_hook=None)";

void check_loads_options(const std::vector<Value>& v) {
    if (!v[1].is_none()) raise(T().NotImplementedError, "json.loads(cls=...) is not supported in Kiln; pass object_hook= instead");
    for (size_t i = 3; i <= 5; ++i)
        if (!v[i].is_none()) raise(T().NotImplementedError, "json.loads(parse_float=/parse_int=/parse_constant=) is not supported in Kiln");
}

void json_module(Interpreter&, ModuleObj& m) {
    def(m, "dumps", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig(kDumpsSig);
        return new_str(dumps(in, sig.bind(a), 1));
    });
    def(m, "dump", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig(
            "dump(obj, fp, *, skipkeys=False, ensure_ascii=True, check_circular=True, allow_nan=True, cls=None, indent=None, "
            "separators=None, default=None, sort_keys=False)");
        auto v = sig.bind(a);
        std::string s = dumps(in, v, 2);
        in.call_method(v[1], "write", {new_str(std::move(s))});
        return Value::none();
    });
    def(m, "loads", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig(kLoadsSig);
        auto v = sig.bind(a);
        check_loads_options(v);
        return loads(in, v[0], v[2], v[6]);
    });
    def(m, "load", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig(
            "load(fp, *, cls=None, object_hook=None, parse_float=None, parse_int=None, parse_constant=None, object_pairs_hook=None)");
        auto v = sig.bind(a);
        check_loads_options(v);
        Value text = in.call_method(v[0], "read", {});
        return loads(in, text, v[2], v[6]);
    });
    m.dict.set("JSONDecodeError", Value(g_decode_error));
}

}  // namespace

void install_host_json() {
    g_decode_error = make_exception_type("JSONDecodeError", types().ValueError, "json.decoder");
    Interpreter::register_module("json", json_module);
}

}  // namespace kiln::vm
