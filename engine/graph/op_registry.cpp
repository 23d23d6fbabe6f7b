// The operator registry (see op_registry.h): PyTorch's schema language parsed into OpSchema, the
// table of registered operators, and the argument matching shared by every capture path.
//
// The table is filled lazily, on the first lookup, by an explicit chain of register_<family>_ops()
// calls (graph/optable/optable.h). kiln_engine is a static library: a table file that registered
// itself from a static initializer would be dropped by the linker whenever nothing else in it is
// referenced, so no registration may rely on static initialization.
//
// Types map onto the graph types as TorchScript maps them: Scalar is Number, ScalarType, Layout and
// MemoryFormat are ints (c10's enum values), SymInt is int, Device is Device, a generic `t` and
// Generator are Any. The spelling as written ("int[1]?", "Tensor(a!)") is kept in type_text so that
// str() reproduces the schema. Defaults become IValues; a single int default of a sized list
// (`int[2] padding=0`) is expanded to the list ([0, 0]) as TorchScript's parser does, and printed
// back in its short form.
#include "graph/op_registry.h"

#include <algorithm>
#include <cctype>
#include <limits>
#include <map>
#include <memory>
#include <unordered_map>

#include "graph/optable/optable.h"
#include "support/error.h"
#include "support/pyrepr.h"

namespace kiln::graph {

namespace {

// ---- enum spellings used in schema defaults ---------------------------------------------------
struct EnumName {
    const char* base;  // the schema type the spelling belongs to
    const char* name;
    int64_t value;
};

// c10's numbering: ScalarType (Long 4, Float 6, ...), MemoryFormat (Contiguous 0, Preserve 1,
// ChannelsLast 2, ChannelsLast3d 3), Layout (Strided 0). Mean/Sum are at::Reduction values used by
// the loss schemas (`int reduction=Mean`).
const EnumName kEnumNames[] = {
    {"ScalarType", "bool", 11},    {"ScalarType", "long", 4},  {"ScalarType", "half", 5},
    {"ScalarType", "float", 6},    {"ScalarType", "double", 7}, {"ScalarType", "bfloat16", 15},
    {"ScalarType", "uint8", 0},    {"ScalarType", "int8", 1},   {"ScalarType", "int16", 2},
    {"ScalarType", "int32", 3},
    {"MemoryFormat", "contiguous_format", 0}, {"MemoryFormat", "preserve_format", 1},
    {"MemoryFormat", "channels_last", 2},     {"MemoryFormat", "channels_last_3d", 3},
    {"Layout", "strided", 0},      {"int", "Mean", 1},          {"int", "Sum", 2},
};

// The base type name of a type spelling: "ScalarType?" -> "ScalarType", "int[2]" -> "int".
std::string base_of(const std::string& type_text) {
    size_t end = type_text.find_first_of("([?");
    return type_text.substr(0, end);
}

// ---- the parser --------------------------------------------------------------------------------
class SchemaParser {
public:
    explicit SchemaParser(const std::string& text) : text_(text) {}

    OpSchema parse() {
        OpSchema s;
        skip_ws();
        std::string ns = ident("an operator namespace");
        expect("::");
        s.name = ns + "::" + ident("an operator name");
        if (peek() == '.') {
            ++pos_;
            s.overload = ident("an overload name");
        }
        skip_ws();
        expect("(");
        bool kwarg_only = false;
        skip_ws();
        if (peek() != ')') {
            while (true) {
                skip_ws();
                if (peek() == '*') {
                    if (kwarg_only) fail("a single '*'");
                    ++pos_;
                    kwarg_only = true;
                } else {
                    SchemaArg a = parse_arg(false);
                    a.kwarg_only = kwarg_only;
                    for (const SchemaArg& prev : s.args)
                        if (prev.name == a.name) fail_at(arg_start_, "a new argument name (duplicate '" + a.name + "')");
                    s.args.push_back(std::move(a));
                }
                skip_ws();
                if (peek() == ',') {
                    ++pos_;
                    continue;
                }
                break;
            }
        }
        expect(")");
        skip_ws();
        expect("->");
        skip_ws();
        if (peek() == '(' && !looks_like_tuple_type()) {
            ++pos_;
            skip_ws();
            if (peek() != ')') {
                while (true) {
                    s.returns.push_back(parse_arg(true));
                    skip_ws();
                    if (peek() == ',') {
                        ++pos_;
                        continue;
                    }
                    break;
                }
            }
            expect(")");
        } else {
            s.returns.push_back(parse_arg(true));
        }
        skip_ws();
        if (pos_ < text_.size()) fail("the end of the schema");
        return s;
    }

private:
    const std::string& text_;
    size_t pos_ = 0;
    size_t arg_start_ = 0;

    char peek(size_t ahead = 0) const { return pos_ + ahead < text_.size() ? text_[pos_ + ahead] : '\0'; }
    void skip_ws() {
        while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) ++pos_;
    }
    static bool ident_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

    [[noreturn]] void fail_at(size_t at, const std::string& expected) const {
        std::string found = at < text_.size() ? "'" + std::string(1, text_[at]) + "'" : "end of input";
        KILN_FAIL(RuntimeError, "schema parse error at column ", at + 1, ": expected ", expected, " but found ", found,
                  " in '", text_, "'");
    }
    [[noreturn]] void fail(const std::string& expected) const { fail_at(pos_, expected); }

    void expect(const char* tok) {
        const size_t n = std::char_traits<char>::length(tok);
        if (text_.compare(pos_, n, tok) != 0) fail(std::string("'") + tok + "'");
        pos_ += n;
    }

    std::string ident(const char* what) {
        size_t start = pos_;
        while (pos_ < text_.size() && ident_char(text_[pos_])) ++pos_;
        if (start == pos_ || std::isdigit(static_cast<unsigned char>(text_[start]))) {
            pos_ = start;
            fail(what);
        }
        return text_.substr(start, pos_ - start);
    }

    // After "->": "(Tensor, Tensor)" is a list of returns, but a return may itself be a tuple type
    // only when written as "((...))"; PyTorch's schemas never do that, so '(' always opens returns.
    bool looks_like_tuple_type() const { return false; }

    struct ParsedType {
        TypePtr type;
        std::string text;
        std::string base;
        bool is_write = false;
        int list_size = 0;
    };

    TypePtr base_type(const std::string& name, size_t at) {
        if (name == "Tensor") return tensor_type();
        if (name == "int" || name == "SymInt" || name == "ScalarType" || name == "Layout" || name == "MemoryFormat")
            return int_type();
        if (name == "float") return float_type();
        if (name == "bool") return bool_type();
        if (name == "str") return str_type();
        if (name == "Scalar") return number_type();
        if (name == "Device") return device_type();
        if (name == "Any" || name == "Generator" || name == "t" || name == "t1" || name == "t2") return any_type();
        if (name == "NoneType") return none_type();
        fail_at(at, "a type (Tensor, int, float, bool, str, Scalar, ScalarType, Device, ...), not '" + name + "'");
    }

    ParsedType parse_type() {
        ParsedType p;
        size_t start = pos_;
        if (peek() == '(') {
            // A tuple type: (Tensor, int).
            ++pos_;
            std::vector<TypePtr> elems;
            p.text = "(";
            skip_ws();
            while (peek() != ')') {
                ParsedType e = parse_type();
                if (!elems.empty()) p.text += ", ";
                p.text += e.text;
                elems.push_back(e.type);
                skip_ws();
                if (peek() != ',') break;
                ++pos_;
                skip_ws();
            }
            expect(")");
            p.text += ")";
            p.type = tuple_type(std::move(elems));
            p.base = "Tuple";
        } else {
            p.base = ident("a type");
            if ((p.base == "Dict" || p.base == "Future") && peek() == '(') {
                ++pos_;
                skip_ws();
                ParsedType k = parse_type();
                if (p.base == "Dict") {
                    skip_ws();
                    expect(",");
                    skip_ws();
                    ParsedType v = parse_type();
                    skip_ws();
                    expect(")");
                    p.type = dict_type(k.type, v.type);
                    p.text = "Dict(" + k.text + ", " + v.text + ")";
                } else {
                    skip_ws();
                    expect(")");
                    p.type = future_type(k.type);
                    p.text = "Future(" + k.text + ")";
                }
            } else {
                p.type = base_type(p.base, start);
                p.text = p.base;
            }
        }
        // Suffixes, in any order PyTorch uses: alias annotations "(a)", "(a!)", "(a -> *)", list
        // brackets "[]" / "[2]", and "?".
        bool outer_list_seen = false;
        while (true) {
            char c = peek();
            if (c == '(') {
                size_t close = text_.find(')', pos_);
                if (close == std::string::npos) fail("an alias annotation closed by ')'");
                std::string inner = text_.substr(pos_ + 1, close - pos_ - 1);
                if (inner.empty()) fail("an alias set inside '()'");
                if (inner.find('!') != std::string::npos) p.is_write = true;
                p.text += "(" + inner + ")";
                pos_ = close + 1;
            } else if (c == '[') {
                ++pos_;
                int n = 0;
                std::string digits;
                while (std::isdigit(static_cast<unsigned char>(peek()))) digits += text_[pos_++];
                if (!digits.empty()) n = std::stoi(digits);
                expect("]");
                p.type = list_type(p.type);
                p.text += "[" + digits + "]";
                p.list_size = n;  // the outermost list's size
                outer_list_seen = true;
            } else if (c == '?') {
                ++pos_;
                p.type = optional_type(p.type);
                p.text += "?";
            } else {
                break;
            }
        }
        (void)outer_list_seen;
        return p;
    }

    SchemaArg parse_arg(bool is_return) {
        skip_ws();
        arg_start_ = pos_;
        SchemaArg a;
        ParsedType p = parse_type();
        a.type = p.type;
        a.type_text = p.text;
        a.is_write = p.is_write;
        a.list_size = p.list_size;
        skip_ws();
        if (ident_char(peek())) {
            a.name = ident("an argument name");
        } else if (!is_return) {
            fail("an argument name");
        }
        skip_ws();
        if (peek() == '=') {
            if (is_return) fail("',' or ')' (returns have no defaults)");
            ++pos_;
            skip_ws();
            a.default_value = parse_default(a.type, p.base, a.list_size);
        }
        return a;
    }

    // ---- default values ----
    IValue parse_default(const TypePtr& type, const std::string& base, int list_size) {
        const size_t start = pos_;
        if (peek() == 'N' && text_.compare(pos_, 4, "None") == 0 && !ident_char(peek(4))) {
            pos_ += 4;
            if (type->kind != TypeKind::Optional && type->kind != TypeKind::Any && type->kind != TypeKind::None)
                fail_at(start, "a default of the argument's type (None needs an optional type)");
            return IValue();
        }
        const TypePtr& t = type->kind == TypeKind::Optional ? type->contained[0] : type;
        if (t->kind == TypeKind::List) {
            if (peek() == '[') {
                ++pos_;
                IValueList items;
                skip_ws();
                while (peek() != ']') {
                    items.push_back(parse_scalar_default(t->contained[0], base));
                    skip_ws();
                    if (peek() != ',') break;
                    ++pos_;
                    skip_ws();
                }
                expect("]");
                return IValue::list(std::move(items));
            }
            // `int[2] padding=0`: one value for every element.
            if (list_size > 0) {
                IValue one = parse_scalar_default(t->contained[0], base);
                return IValue::list(IValueList(size_t(list_size), one));
            }
            fail("a list default '[...]'");
        }
        return parse_scalar_default(t, base);
    }

    IValue parse_scalar_default(const TypePtr& t, const std::string& base) {
        const size_t start = pos_;
        char c = peek();
        if (c == '"' || c == '\'') {
            ++pos_;
            std::string s;
            while (pos_ < text_.size() && text_[pos_] != c) {
                if (text_[pos_] == '\\' && pos_ + 1 < text_.size()) {
                    char e = text_[++pos_];
                    s += e == 'n' ? '\n' : e == 't' ? '\t' : e;
                } else {
                    s += text_[pos_];
                }
                ++pos_;
            }
            if (pos_ >= text_.size()) fail_at(start, "a closed string literal");
            ++pos_;
            if (t->kind != TypeKind::Str && t->kind != TypeKind::Any && t->kind != TypeKind::Device)
                fail_at(start, "a default of the argument's type");
            return IValue(s);
        }
        if (std::isalpha(static_cast<unsigned char>(c))) {
            std::string word = ident("a default value");
            if (word == "True" || word == "False") {
                if (t->kind != TypeKind::Bool && t->kind != TypeKind::Number && t->kind != TypeKind::Any)
                    fail_at(start, "a default of the argument's type");
                return IValue(word == "True");
            }
            if (word == "inf" && (t->kind == TypeKind::Float || t->kind == TypeKind::Number))
                return IValue(std::numeric_limits<double>::infinity());
            for (const EnumName& e : kEnumNames)
                if (word == e.name && base == e.base) return IValue(e.value);
            fail_at(start, "a default value (number, True, False, None, string, list or enum name)");
        }
        // A number: an int unless it has a '.' or an exponent (or the type is float).
        size_t p = pos_;
        if (text_[p] == '-' || text_[p] == '+') ++p;
        if (text_.compare(p, 3, "inf") == 0) {
            pos_ = p + 3;
            double v = std::numeric_limits<double>::infinity();
            return IValue(text_[start] == '-' ? -v : v);
        }
        bool is_float = false;
        size_t digits = 0;
        while (p < text_.size()) {
            char d = text_[p];
            if (std::isdigit(static_cast<unsigned char>(d))) {
                ++digits;
            } else if (d == '.') {
                is_float = true;
            } else if ((d == 'e' || d == 'E') && digits > 0) {
                is_float = true;
                if (p + 1 < text_.size() && (text_[p + 1] == '-' || text_[p + 1] == '+')) ++p;
            } else {
                break;
            }
            ++p;
        }
        if (digits == 0) fail_at(start, "a default value");
        std::string num = text_.substr(start, p - start);
        pos_ = p;
        if (t->kind == TypeKind::Float) return IValue(std::stod(num));
        if (is_float) {
            if (t->kind != TypeKind::Number && t->kind != TypeKind::Any) fail_at(start, "an integer default");
            return IValue(std::stod(num));
        }
        if (t->kind != TypeKind::Int && t->kind != TypeKind::Number && t->kind != TypeKind::Any)
            fail_at(start, "a default of the argument's type");
        return IValue(int64_t(std::stoll(num)));
    }
};

// ---- printing defaults -------------------------------------------------------------------------
// Floats as schemas write them: Python's shortest digits, integral values as "1." / "-1.".
std::string float_default_str(double v) {
    std::string s = py_float_repr(v);
    if (s.size() > 2 && s.compare(s.size() - 2, 2, ".0") == 0) s.pop_back();
    return s;
}

std::string default_scalar_str(const IValue& v, const std::string& base) {
    switch (v.tag) {
        case IValue::Tag::None: return "None";
        case IValue::Tag::Bool: return v.u.b ? "True" : "False";
        case IValue::Tag::Int:
            if (base != "int")
                for (const EnumName& e : kEnumNames)
                    if (base == e.base && v.u.i == e.value) return e.name;
            return std::to_string(v.u.i);
        case IValue::Tag::Double: return float_default_str(v.u.d);
        case IValue::Tag::String: return v.repr();
        default: return v.repr();
    }
}

std::string default_str(const IValue& v, const SchemaArg& a) {
    const std::string base = base_of(a.type_text);
    if (!v.is_list()) return default_scalar_str(v, base);
    const IValueList& items = v.items();
    // The short form of an expanded sized-list default: int[2] padding=0.
    if (a.list_size > 0 && items.size() == size_t(a.list_size)) {
        bool same = true;
        for (const IValue& x : items) same = same && ivalue_equal(x, items[0]);
        if (same) return default_scalar_str(items[0], base);
    }
    std::string s = "[";
    for (size_t i = 0; i < items.size(); ++i) s += (i ? ", " : "") + default_scalar_str(items[i], base);
    return s + "]";
}

std::string arg_str(const SchemaArg& a) {
    std::string s = a.type_text.empty() ? (a.type ? a.type->str() : std::string("Any")) : a.type_text;
    if (!a.name.empty()) s += " " + a.name;
    if (a.default_value) s += "=" + default_str(*a.default_value, a);
    return s;
}

// ---- the registry ------------------------------------------------------------------------------
struct Registry {
    std::vector<std::unique_ptr<OpSchema>> store;
    std::unordered_map<std::string, std::vector<const OpSchema*>> by_name;
    std::unordered_map<std::string, const OpSchema*> by_qualified;
};

Registry& raw_registry() {
    static Registry r;
    return r;
}

// Fills the table once, on first lookup (see the file comment for why this is explicit).
const Registry& registry() {
    static const bool loaded = [] {
        register_pointwise_ops();
        register_reduce_ops();
        register_linalg_ops();
        register_shape_ops();
        register_nn_ops();
        register_creation_ops();
        register_scalar_ops();
        return true;
    }();
    (void)loaded;
    return raw_registry();
}

// ---- matching ----------------------------------------------------------------------------------
bool fits_type(const IValue& v, const TypePtr& t, int list_size, const std::string& base) {
    switch (t->kind) {
        case TypeKind::Any:
            // Generator arguments exist for signature parity; Kiln's graphs only pass None.
            return base == "Generator" ? v.is_none() : true;
        case TypeKind::Tensor: return v.is_tensor();
        case TypeKind::Int: return v.is_int();
        case TypeKind::Float: return v.is_double() || v.is_int();
        case TypeKind::Bool: return v.is_bool();
        case TypeKind::Number: return v.is_number();
        case TypeKind::Str: return v.is_string();
        case TypeKind::Device: return v.is_device() || v.is_string();
        case TypeKind::None: return v.is_none();
        case TypeKind::Optional: return v.is_none() || fits_type(v, t->contained[0], list_size, base);
        case TypeKind::List: {
            if (list_size > 0 && (v.is_int() || (v.is_double() && t->contained[0]->kind == TypeKind::Float)))
                return fits_type(v, t->contained[0], 0, base);
            if (!v.is_list() && !v.is_tuple()) return false;
            for (const IValue& x : v.items())
                if (!fits_type(x, t->contained[0], 0, base)) return false;
            return true;
        }
        case TypeKind::Tuple: {
            if (!v.is_tuple() || v.items().size() != t->contained.size()) return false;
            for (size_t i = 0; i < t->contained.size(); ++i)
                if (!fits_type(v.items()[i], t->contained[i], 0, "")) return false;
            return true;
        }
        case TypeKind::Class: return v.is_object() && v.to_object()->class_name == t->name;
        default: return false;
    }
}

Device parse_device(const std::string& s) {
    if (s == "cpu") return Device::CPU;
    if (s == "cuda" || s.rfind("cuda:", 0) == 0) return Device::CUDA;
    KILN_FAIL(RuntimeError, "Expected one of cpu, cuda device type at start of device string: ", s);
}

IValue coerce_to(const IValue& v, const TypePtr& t, int list_size) {
    switch (t->kind) {
        case TypeKind::Float: return v.is_int() ? IValue(double(v.u.i)) : v;
        case TypeKind::Device: return v.is_string() ? IValue(parse_device(v.to_string())) : v;
        case TypeKind::Optional: return v.is_none() ? v : coerce_to(v, t->contained[0], list_size);
        case TypeKind::List: {
            const TypePtr& e = t->contained[0];
            if (list_size > 0 && !v.is_list() && !v.is_tuple()) {
                IValue one = coerce_to(v, e, 0);
                return IValue::list(IValueList(size_t(list_size), one));
            }
            if (!v.is_list() && !v.is_tuple()) return v;
            // Convert only when something changes, so a list keeps its identity (aten::append).
            bool change = v.is_tuple();
            IValueList out;
            for (const IValue& x : v.items()) {
                out.push_back(coerce_to(x, e, 0));
                change = change || out.back().tag != x.tag;
            }
            return change ? IValue::list(std::move(out)) : v;
        }
        default: return v;
    }
}

}  // namespace

// ---- OpSchema ----------------------------------------------------------------------------------
std::string OpSchema::str() const {
    std::string s = qualified() + "(";
    bool star = false;
    for (size_t i = 0; i < args.size(); ++i) {
        if (i) s += ", ";
        if (args[i].kwarg_only && !star) {
            s += "*, ";
            star = true;
        }
        s += arg_str(args[i]);
    }
    s += ") -> ";
    // A single return whose type starts with '(' (a tuple, or a list of tuples) keeps its own
    // parentheses, as PyTorch prints it (aten::items.str -> ((str, t)[])): bare, it would read as
    // a return list.
    if (returns.size() == 1 && returns[0].name.empty() && arg_str(returns[0])[0] != '(')
        return s + arg_str(returns[0]);
    s += "(";
    for (size_t i = 0; i < returns.size(); ++i) s += (i ? ", " : "") + arg_str(returns[i]);
    return s + ")";
}

bool OpSchema::is_inplace() const {
    // aten::add_ is in place; dunder names (aten::__getitem__) are not.
    return !name.empty() && name.back() == '_' && !(name.size() >= 2 && name[name.size() - 2] == '_');
}

int OpSchema::arg_index(const std::string& n) const {
    for (size_t i = 0; i < args.size(); ++i)
        if (args[i].name == n) return int(i);
    return -1;
}

OpSchema parse_schema(const std::string& text) { return SchemaParser(text).parse(); }

const OpSchema* register_op(const std::string& schema, Kernel kernel) {
    auto s = std::make_unique<OpSchema>(parse_schema(schema));
    s->kernel = std::move(kernel);
    Registry& r = raw_registry();
    const std::string q = s->qualified();
    KILN_CHECK(!r.by_qualified.count(q), RuntimeError, "Tried to register operator ", q,
               " with the same name and overload name multiple times.");
    const OpSchema* p = s.get();
    r.store.push_back(std::move(s));
    r.by_qualified[q] = p;
    r.by_name[p->name].push_back(p);
    return p;
}

const std::vector<const OpSchema*>& overloads(const std::string& name) {
    static const std::vector<const OpSchema*> none;
    const Registry& r = registry();
    auto it = r.by_name.find(name);
    return it == r.by_name.end() ? none : it->second;
}

const OpSchema* find_schema(const std::string& qualified) {
    const Registry& r = registry();
    auto it = r.by_qualified.find(qualified);
    return it == r.by_qualified.end() ? nullptr : it->second;
}

std::vector<std::string> registered_op_names() {
    const Registry& r = registry();
    std::vector<std::string> names;
    names.reserve(r.by_name.size());
    for (const auto& [n, _] : r.by_name) names.push_back(n);
    std::sort(names.begin(), names.end());
    return names;
}

bool value_fits(const IValue& v, const SchemaArg& arg) {
    if (!arg.type) return true;
    return fits_type(v, arg.type, arg.list_size, base_of(arg.type_text));
}

IValue coerce_argument(const IValue& v, const SchemaArg& arg) {
    if (!arg.type) return v;
    return coerce_to(v, arg.type, arg.list_size);
}

}  // namespace kiln::graph
