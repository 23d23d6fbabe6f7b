// Signature parsing and binding; see args.h.
#include "vm/args.h"
#include "vm/args_init_style.h"

#include "vm/ops.h"
#include <cmath>
#include <cstdlib>
#include <unordered_map>

namespace kiln::vm {

namespace {
std::string trim(const std::string& s) {
    size_t a = s.find_first_not_of(' ');
    size_t b = s.find_last_not_of(' ');
    return a == std::string::npos ? "" : s.substr(a, b - a + 1);
}

Value parse_default(const std::string& text) {
    if (text == "?") return Value();
    if (text == "None") return Value::none();
    if (text == "True") return Value::boolean(true);
    if (text == "False") return Value::boolean(false);
    if (!text.empty() && (text[0] == '"' || text[0] == '\''))
        return Value(immortal<Str>(text.substr(1, text.size() - 2)));
    if (!text.empty() && text[0] == '(') {  // a tuple of literals: (), (1,), (0.9, 0.999)
        std::vector<Value> items;
        std::string inner = text.substr(1, text.size() - 2), cur;
        for (char c : inner + ",") {
            if (c == ',') {
                if (!trim(cur).empty()) items.push_back(parse_default(trim(cur)));
                cur.clear();
            } else {
                cur += c;
            }
        }
        return Value(immortal<Tuple>(std::move(items)));
    }
    if (text == "inf") return Value::number(HUGE_VAL);
    if (text == "-inf") return Value::number(-HUGE_VAL);
    char* end = nullptr;
    if (text.find_first_of(".eE") != std::string::npos) {
        double d = std::strtod(text.c_str(), &end);
        if (end && !*end) return Value::number(d);
    } else {
        long long i = std::strtoll(text.c_str(), &end, 10);
        if (end && !*end && !text.empty()) return Value::integer(i);
    }
    throw kiln::Error(ErrorKind::RuntimeError, "internal error: unsupported default in a native signature: " + text);
}

}  // namespace

namespace {
std::unordered_map<std::string, std::vector<std::string>>& signature_names() {
    static std::unordered_map<std::string, std::vector<std::string>> m;
    return m;
}
}  // namespace

namespace {
thread_local bool g_init_style = false;
thread_local bool g_function_form = false;

// CPython's list of missing names: 'a'; 'a' and 'b'; 'a', 'b', and 'c' (ceval.c format_missing).
std::string quoted_names(const std::vector<std::string>& names) {
    std::string out;
    for (size_t i = 0; i < names.size(); ++i) {
        if (i) out += names.size() == 2 ? " and " : i + 1 == names.size() ? ", and " : ", ";
        out += "'" + names[i] + "'";
    }
    return out;
}
}  // namespace

InitStyleScope::InitStyleScope() : saved(g_init_style) { g_init_style = true; }
InitStyleScope::~InitStyleScope() { g_init_style = saved; }
FunctionFormScope::FunctionFormScope() : saved(g_function_form) { g_function_form = true; }
FunctionFormScope::~FunctionFormScope() { g_function_form = saved; }

const std::vector<std::string>* Signature::names_of(const std::string& name) {
    auto it = signature_names().find(name);
    return it == signature_names().end() ? nullptr : &it->second;
}

Signature::Signature(const std::string& spec) : spec_(spec) {
    size_t open = spec.find('(');
    name_ = spec.substr(0, open);
    std::string inner = spec.substr(open + 1, spec.rfind(')') - open - 1);
    bool kwonly = false;
    std::vector<std::string> parts;
    // Split on commas outside quotes.
    std::string cur;
    char quote = 0;
    for (char c : inner) {
        if (quote) {
            if (c == quote) quote = 0;
        } else if (c == '"' || c == '\'') {
            quote = c;
        } else if (c == ',') {
            parts.push_back(trim(cur));
            cur.clear();
            continue;
        }
        cur += c;
    }
    if (!trim(cur).empty()) parts.push_back(trim(cur));
    for (const std::string& p : parts) {
        if (p == "/") {
            for (auto& q : params_) q.kind = ParamKind::PositionalOnly;
            continue;
        }
        if (p == "*") {
            kwonly = true;
            continue;
        }
        Param param;
        if (p.rfind("**", 0) == 0) {
            param = {p.substr(2), ParamKind::VarKwargs, false, Value()};
        } else if (p[0] == '*') {
            param = {p.substr(1), ParamKind::VarArgs, false, Value()};
            kwonly = true;
        } else {
            size_t eq = p.find('=');
            param.name = trim(p.substr(0, eq));
            param.kind = kwonly ? ParamKind::KeywordOnly : ParamKind::Positional;
            param.required = eq == std::string::npos;
            if (!param.required) param.default_value = parse_default(trim(p.substr(eq + 1)));
        }
        params_.push_back(std::move(param));
    }
    auto [entry, fresh] = signature_names().try_emplace(name_);
    if (fresh)
        for (const Param& p : params_)
            if (p.kind == ParamKind::Positional || p.kind == ParamKind::KeywordOnly) entry->second.push_back(p.name);
}

// CPython's "too many positional arguments" message (ceval.c's too_many_positional): `most`
// parameters of which `required` have no default, `given` passed, plus the keyword-only arguments
// passed by name, which CPython counts in the message as "(and K keyword-only arguments)".
[[noreturn]] static void raise_too_many_positional(const std::string& fn, size_t required, size_t most, size_t given,
                                                   size_t kwonly_given) {
    const std::string takes = required == most ? std::to_string(most) : str("from ", required, " to ", most);
    const bool plural = required != most || most != 1;
    const std::string kw = kwonly_given ? str(" positional argument", given != 1 ? "s" : "", " (and ", kwonly_given,
                                              " keyword-only argument", kwonly_given != 1 ? "s" : "", ")")
                                        : "";
    raise(types().TypeError, str(fn, "() takes ", takes, " positional argument", plural ? "s" : "", " but ", given, kw,
                                 given == 1 && !kwonly_given ? " was" : " were", " given"));
}

std::vector<Value> Signature::bind(const CallArgs& a) const {
    const bool init_style = g_init_style, function_form = g_function_form;
    g_init_style = g_function_form = false;
    // a Python __init__'s name and counts (self included) for CPython's function-call messages
    const std::string fn = init_style ? name_ + ".__init__" : name_;
    std::vector<Value> out(params_.size());
    size_t npos_params = 0;
    int varargs = -1, varkw = -1;
    for (size_t i = 0; i < params_.size(); ++i) {
        if (params_[i].kind == ParamKind::PositionalOnly || params_[i].kind == ParamKind::Positional) npos_params = i + 1;
        if (params_[i].kind == ParamKind::VarArgs) varargs = int(i);
        if (params_[i].kind == ParamKind::VarKwargs) varkw = int(i);
    }
    if (a.nargs > npos_params && varargs < 0 && init_style) {
        size_t required = 0;
        for (size_t i = 0; i < npos_params; ++i) required += params_[i].required ? 1 : 0;
        size_t kwonly_given = 0;
        for (size_t k = 0; k < a.nkw; ++k)
            for (const Param& p : params_)
                if (p.kind == ParamKind::KeywordOnly && p.name == a.kwname(k)) ++kwonly_given;
        raise_too_many_positional(fn, required + 1, npos_params + 1, a.nargs + 1, kwonly_given);
    }
    if (a.nargs > npos_params && varargs < 0 && python_wording_) {
        const size_t self = method_ && !function_form && npos_params > 0 ? 1 : 0;
        size_t required = 0;
        for (size_t i = self; i < npos_params; ++i) required += params_[i].required ? 1 : 0;
        raise_too_many_positional(name_, required, npos_params - self, a.nargs - self, 0);
    }
    if (a.nargs > npos_params && varargs < 0) {
        if (npos_params == 0) raise(types().TypeError, str(name_, "() takes no positional arguments"));
        raise(types().TypeError, str(name_, "() takes at most ", npos_params, " argument", npos_params == 1 ? "" : "s", " (",
                                     a.nargs, " given)"));
    }
    size_t n = std::min(a.nargs, npos_params);
    for (size_t i = 0; i < n; ++i) out[i] = a.args[i];
    if (varargs >= 0) {
        std::vector<Value> rest(a.args + n, a.args + a.nargs);
        out[size_t(varargs)] = new_tuple(std::move(rest));
    }
    Ref<Dict> kw;
    if (varkw >= 0) {
        kw = make<Dict>();
        out[size_t(varkw)] = Value(kw.get());
    }
    for (size_t k = 0; k < a.nkw; ++k) {
        const std::string& key = a.kwname(k);
        size_t j = 0;
        for (; j < params_.size(); ++j)
            if (params_[j].name == key && params_[j].kind != ParamKind::PositionalOnly && params_[j].kind != ParamKind::VarArgs &&
                params_[j].kind != ParamKind::VarKwargs)
                break;
        if (j == params_.size() && numpy_aliases_) {
            const char* target = key == "axis" ? "dim" : key == "keepdims" ? "keepdim" : key == "x2" ? "other"
                                 : key == "x" || key == "a" || key == "x1" ? "input" : nullptr;
            if (target)
                for (j = 0; j < params_.size(); ++j)
                    if (params_[j].name == target && params_[j].kind != ParamKind::PositionalOnly &&
                        params_[j].kind != ParamKind::VarArgs && params_[j].kind != ParamKind::VarKwargs)
                        break;
        }
        if (j == params_.size() && numpy_aliases_ && varargs >= 0 && params_[size_t(varargs)].name == key) {
            // python_arg_parser: an int-list parameter taken as varargs (x.permute(1, 0)) or by name.
            if (a.nargs > npos_params)
                raise(types().TypeError, str(fn, "() got multiple values for argument '", key, "'"));
            out[size_t(varargs)] = new_tuple({a.kwvalues[k]});
            continue;
        }
        if (j == params_.size()) {
            if (kw) {
                kw->set(a.kwnames->items[k], a.kwvalues[k]);
                continue;
            }
            raise(types().TypeError, str(fn, "() got an unexpected keyword argument '", key, "'"));
        }
        if (!out[j].is_null()) raise(types().TypeError, str(fn, "() got multiple values for argument '", params_[j].name, "'"));
        out[j] = a.kwvalues[k];
    }
    if (init_style) {  // CPython names every missing argument of one kind at once, positional first
        for (bool kwonly : {false, true}) {
            std::vector<std::string> missing;
            for (size_t i = 0; i < params_.size(); ++i)
                if (out[i].is_null() && params_[i].required && (params_[i].kind == ParamKind::KeywordOnly) == kwonly &&
                    params_[i].kind != ParamKind::VarArgs && params_[i].kind != ParamKind::VarKwargs)
                    missing.push_back(params_[i].name);
            if (!missing.empty())
                raise(types().TypeError, str(fn, "() missing ", missing.size(), " required ", kwonly ? "keyword-only" : "positional",
                                             " argument", missing.size() == 1 ? "" : "s", ": ", quoted_names(missing)));
        }
    }
    for (size_t i = 0; i < params_.size(); ++i) {
        if (!out[i].is_null()) continue;
        const Param& p = params_[i];
        if (p.kind == ParamKind::VarArgs || p.kind == ParamKind::VarKwargs) continue;
        if (p.required) {
            if (numpy_aliases_) {
                // A torch function or Tensor method: PyTorch's argument parser (python_arg_parser.cpp's
                // missing_args) names every non-optional parameter from the first missing one on, in
                // double quotes, with its inverted plural ("missing 1 required positional arguments").
                std::string names;
                size_t n = 0;
                for (size_t j = i; j < params_.size(); ++j) {
                    const Param& q = params_[j];
                    if (!q.required || q.kind == ParamKind::VarArgs || q.kind == ParamKind::VarKwargs) continue;
                    names += str(n ? ", " : "", "\"", q.name, "\"");
                    ++n;
                }
                raise(types().TypeError, str(name_, "() missing ", n, " required positional argument", n == 1 ? "s" : "",
                                             ": ", names));
            }
            if (p.kind == ParamKind::KeywordOnly)
                raise(types().TypeError, str(name_, "() missing required keyword argument '", p.name, "'"));
            raise(types().TypeError, str(name_, "() missing required argument '", p.name, "' (pos ", i + 1, ")"));
        }
        out[i] = p.default_value;
    }
    return out;
}

}  // namespace kiln::vm
