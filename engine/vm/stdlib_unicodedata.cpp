// unicodedata: the Unicode Character Database module over support/unicode.h (Unicode 15.0.0, the
// version CPython 3.12 ships), with CPython's argument handling and error messages.
//
// Tutorials use it to strip accents (`normalize('NFD', s)` then drop category 'Mn') and to filter
// control characters (`category(ch)[0] != 'C'`). Everything but the character names is here;
// name() and lookup() raise NotImplementedError, because the names table would add about 1 MB to
// the browser bundle (engine/vm/README.md, "What stays out").
#include "support/unicode.h"
#include "vm/ops.h"
#include "vm/text_str.h"

namespace kiln::vm {

namespace {

using module_def::def;

// An argument's type as CPython's argument errors name it ("None" rather than "NoneType").
const std::string& arg_type(const Value& v) {
    static const std::string none = "None";
    return v.is_none() ? none : type_name(v);
}

// The code point of a one-character str argument; CPython's TypeError otherwise. `what` is the
// message's start: "category() argument" or "decimal() argument 1".
char32_t char_arg(const Value& v, const std::string& what) {
    if (v.is(Kind::Str)) {
        const std::string& s = str_of(v);
        size_t i = 0;
        if (!s.empty()) {
            const char32_t c = text::utf8_next(s, i);
            if (i == s.size()) return c;
        }
    }
    raise(T().TypeError, str(what, " must be a unicode character, not ", arg_type(v)));
}

void no_keywords(const CallArgs& a, const char* name) {
    if (a.nkw) raise(T().TypeError, str("unicodedata.", name, "() takes no keyword arguments"));
}

// category(chr) & co.: one positional argument.
char32_t single_char(const CallArgs& a, const char* name) {
    no_keywords(a, name);
    if (a.nargs != 1)
        raise(T().TypeError, str("unicodedata.", name, "() takes exactly one argument (", a.nargs, " given)"));
    return char_arg(a.args[0], str(name, "() argument"));
}

// decimal/digit/numeric(chr[, default]): the value, else the default, else ValueError.
template <typename Lookup>
void def_numeric(ModuleObj& m, const char* name, const char* missing, Lookup lookup) {
    def(m, name, [name, missing, lookup](Interpreter&, const CallArgs& a) {
        no_keywords(a, name);
        if (a.nargs < 1) raise(T().TypeError, str(name, " expected at least 1 argument, got ", a.nargs));
        if (a.nargs > 2) raise(T().TypeError, str(name, " expected at most 2 arguments, got ", a.nargs));
        Value v = lookup(char_arg(a.args[0], str(name, "() argument 1")));
        if (!v.is_null()) return v;
        if (a.nargs == 2) return a.args[1];
        raise(T().ValueError, missing);
    });
}

// normalize/is_normalized(form, unistr): both str, then the form checked.
unicode::Form form_args(const CallArgs& a, const char* name) {
    no_keywords(a, name);
    if (a.nargs != 2) raise(T().TypeError, str(name, " expected 2 arguments, got ", a.nargs));
    for (int k = 0; k < 2; ++k)
        if (!a.args[k].is(Kind::Str))
            raise(T().TypeError, str(name, "() argument ", k + 1, " must be str, not ", arg_type(a.args[k])));
    unicode::Form form;
    if (!unicode::parse_form(str_of(a.args[0]), form)) raise(T().ValueError, "invalid normalization form");
    return form;
}

void unicodedata_module(Interpreter&, ModuleObj& m) {
    m.dict.set("unidata_version", new_str(unicode::unidata_version));
    def(m, "category", [](Interpreter&, const CallArgs& a) {
        return new_str(unicode::category(single_char(a, "category")));
    });
    def(m, "bidirectional", [](Interpreter&, const CallArgs& a) {
        return new_str(unicode::bidirectional(single_char(a, "bidirectional")));
    });
    def(m, "east_asian_width", [](Interpreter&, const CallArgs& a) {
        return new_str(unicode::east_asian_width(single_char(a, "east_asian_width")));
    });
    def(m, "combining", [](Interpreter&, const CallArgs& a) {
        return Value::integer(unicode::combining(single_char(a, "combining")));
    });
    def(m, "mirrored", [](Interpreter&, const CallArgs& a) {
        return Value::integer(unicode::mirrored(single_char(a, "mirrored")));
    });
    def(m, "decomposition", [](Interpreter&, const CallArgs& a) {
        return new_str(unicode::decomposition(single_char(a, "decomposition")));
    });
    def_numeric(m, "decimal", "not a decimal", [](char32_t c) {
        const int d = unicode::decimal(c);
        return d < 0 ? Value() : Value::integer(d);
    });
    def_numeric(m, "digit", "not a digit", [](char32_t c) {
        const int d = unicode::digit(c);
        return d < 0 ? Value() : Value::integer(d);
    });
    def_numeric(m, "numeric", "not a numeric character", [](char32_t c) {
        double x;
        return unicode::numeric(c, x) ? Value::number(x) : Value();
    });
    def(m, "normalize", [](Interpreter&, const CallArgs& a) {
        const unicode::Form form = form_args(a, "normalize");
        const std::string& s = str_of(a.args[1]);
        if (text::is_ascii(s)) return a.args[1];  // ASCII is in every normal form
        return new_str(text::from_utf32(unicode::normalize(form, text::to_utf32(s))));
    });
    def(m, "is_normalized", [](Interpreter&, const CallArgs& a) {
        const unicode::Form form = form_args(a, "is_normalized");
        const std::string& s = str_of(a.args[1]);
        return Value::boolean(text::is_ascii(s) || unicode::is_normalized(form, text::to_utf32(s)));
    });
    for (const char* name : {"name", "lookup"}) {
        def(m, name, [name](Interpreter&, const CallArgs&) -> Value {
            raise(T().NotImplementedError,
                  str("unicodedata.", name, "() is not supported in Kiln: the Unicode character names would add ",
                      "about 1 MB to the browser build"));
        });
    }
}

}  // namespace

void register_unicodedata_module() { Interpreter::register_module("unicodedata", unicodedata_module); }

}  // namespace kiln::vm
