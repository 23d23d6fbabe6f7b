// PyTorch's argument-parser errors for overloaded torch functions and Tensor methods.
//
// PyTorch binds each torch.<op> / Tensor.<op> with a PythonArgParser over the op's Python signatures
// (the text its code generator derives from native_functions.yaml: "sum(Tensor input, *, ScalarType?
// dtype=None)", sorted so that Tensor overloads come before Scalar ones and int before int[]). A call
// no signature takes ends in PythonArgParser::print_error: when exactly one signature takes that many
// arguments, that signature's own error ("sum(): argument 'dim' (position 2) must be ..."), otherwise
// format_invalid_args (torch/csrc/utils/invalid_arguments.cpp): "received an invalid combination of
// arguments - got (...), but expected one of:" with every visible signature, and a "didn't match"
// line under each whose (naively split) parameter count equals the number of arguments given.
//
// Kiln's bindings parse their arguments by hand. Instead of each binding writing these texts, this
// file wraps the overloaded ones: when a binding raises TypeError, the call's arguments are run
// through the signatures as PythonArgParser runs them; if no signature takes them, the TypeError
// becomes PyTorch's. (If one does, the binding's own error stands: it is about values, not types.)
// The signature table below is PyTorch 2.11's generated Python signatures, in its order; everything
// else (matching, counting, wording) is one mechanism shared by every entry.
#include <algorithm>
#include <string>
#include <unordered_map>
#include <vector>

#include "bindings/convert.h"
#include "vm/interpreter.h"
#include "vm/ops.h"
#include "vm/typetable.h"

namespace kiln::vm::bind {
namespace {

enum class SigType {
    Tensor, Scalar, Int, SymInt, Double, Complex, TensorList, IntList, SymIntList, FloatList, Generator, Bool,
    PyObject, ScalarType, Layout, MemoryFormat, Device, String, Dimname, DimnameList, ScalarList
};

struct SigParam {
    SigType type = SigType::PyObject;
    std::string name;
    std::string default_str;
    bool optional = false;    // has a default
    bool allow_none = false;  // T? or default None
    bool keyword_only = false;
    int size = 0;             // int[2]: a single int is accepted too
    bool numbers_as_tensors = false;
};

struct Sig {
    std::string name;
    std::vector<SigParam> params;
    size_t min_args = 0, max_args = 0, max_pos_args = 0;
    bool hidden = false;
};

// python_arg_parser.cpp's type_name(): the words its messages use for a parameter type.
const char* sig_type_word(SigType t) {
    switch (t) {
        case SigType::Tensor: return "Tensor";
        case SigType::Scalar: return "Number";
        case SigType::Int:
        case SigType::SymInt: return "int";
        case SigType::Double: return "float";
        case SigType::Complex: return "complex";
        case SigType::TensorList: return "tuple of Tensors";
        case SigType::IntList:
        case SigType::SymIntList: return "tuple of ints";
        case SigType::FloatList: return "tuple of floats";
        case SigType::Generator: return "torch.Generator";
        case SigType::Bool: return "bool";
        case SigType::PyObject: return "object";
        case SigType::ScalarType: return "torch.dtype";
        case SigType::Layout: return "torch.layout";
        case SigType::MemoryFormat: return "torch.memory_format";
        case SigType::Device: return "torch.device";
        case SigType::String: return "str";
        case SigType::Dimname: return "name";
        case SigType::DimnameList: return "tuple of names";
        case SigType::ScalarList: return "tuple of Scalars";
    }
    return "object";
}

bool numbers_as_tensors_op(const std::string& n) {
    static const char* const names[] = {"add", "add_", "div", "div_", "divide", "divide_", "mul", "mul_", "multiply",
                                        "multiply_", "sub", "sub_", "subtract", "subtract_", "true_divide",
                                        "true_divide_", "to", "copy_", "floor_divide", "floor_divide_"};
    for (const char* s : names)
        if (n == s) return true;
    return false;
}

// One signature in PyTorch's Python-signature language: "name(Type arg, Type? arg=default, *, ...)"
// with an optional "|hidden" / "|deprecated" tail.
Sig parse_py_signature(const std::string& fmt) {
    static const std::unordered_map<std::string, SigType> types = {
        {"Tensor", SigType::Tensor}, {"Scalar", SigType::Scalar}, {"int64_t", SigType::Int},
        {"SymInt", SigType::SymInt}, {"double", SigType::Double}, {"complex", SigType::Complex},
        {"TensorList", SigType::TensorList}, {"IntArrayRef", SigType::IntList}, {"SymIntArrayRef", SigType::SymIntList},
        {"ArrayRef<double>", SigType::FloatList}, {"Generator", SigType::Generator}, {"bool", SigType::Bool},
        {"PyObject*", SigType::PyObject}, {"ScalarType", SigType::ScalarType}, {"Layout", SigType::Layout},
        {"MemoryFormat", SigType::MemoryFormat}, {"Device", SigType::Device}, {"c10::string_view", SigType::String},
        {"Dimname", SigType::Dimname}, {"DimnameList", SigType::DimnameList}, {"ScalarList", SigType::ScalarList}};
    Sig s;
    size_t open = fmt.find('('), close = fmt.rfind(')');
    s.name = fmt.substr(0, open);
    std::string body = fmt.substr(open + 1, close - open - 1);
    std::string tail = fmt.substr(close + 1);
    s.hidden = tail == "|hidden" || tail == "|deprecated";
    bool kw = false;
    size_t pos = 0;
    while (!body.empty() && pos <= body.size()) {
        size_t comma = body.find(", ", pos);
        std::string p = body.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos);
        pos = comma == std::string::npos ? body.size() + 1 : comma + 2;
        if (p == "*") {
            kw = true;
            continue;
        }
        SigParam prm;
        prm.keyword_only = kw;
        size_t space = p.find(' ');
        std::string ty = p.substr(0, space);
        if (size_t q = ty.find('?'); q != std::string::npos) {
            prm.allow_none = true;
            ty = ty.substr(0, q);
        }
        if (size_t b = ty.find('['); b != std::string::npos) {
            prm.size = std::atoi(ty.c_str() + b + 1);
            ty = ty.substr(0, b);
        }
        auto it = types.find(ty);
        prm.type = it == types.end() ? SigType::PyObject : it->second;
        std::string nm = p.substr(space + 1);
        if (size_t eq = nm.find('='); eq != std::string::npos) {
            prm.name = nm.substr(0, eq);
            prm.optional = true;
            prm.default_str = nm.substr(eq + 1);
            if (prm.default_str == "None") prm.allow_none = true;
        } else {
            prm.name = nm;
        }
        prm.numbers_as_tensors = numbers_as_tensors_op(s.name);
        s.params.push_back(prm);
    }
    s.max_args = s.params.size();
    for (const SigParam& p : s.params) {
        if (!p.optional) ++s.min_args;
        if (!p.keyword_only) ++s.max_pos_args;
    }
    return s;
}

// FunctionSignature::toString: "(Tensor input, *, torch.dtype dtype = None)".
std::string sig_text(const Sig& s) {
    std::string out = "(";
    bool kw = false;
    for (size_t i = 0; i < s.params.size(); ++i) {
        const SigParam& p = s.params[i];
        if (i) out += ", ";
        if (p.keyword_only && !kw) {
            out += "*, ";
            kw = true;
        }
        out += sig_type_word(p.type);
        out += " " + p.name;
        if (p.optional) out += " = " + p.default_str;
    }
    return out + ")";
}

// ---- Python values as the parser sees them ----

bool type_is_named(const Value& v, const char* name) {
    for (const Type* t : type_of(v)->mro)
        if (t->name == name) return true;
    return false;
}
bool val_is_int(const Value& v) { return !v.is_bool() && (v.is_int() || isinstance(v, T().int_)); }  // checkLong
bool val_is_float(const Value& v) { return v.is_float() || isinstance(v, T().float_); }
bool val_is_complex(const Value& v) { return type_is_named(v, "complex"); }
bool val_is_str(const Value& v) { return isinstance(v, T().str); }
bool val_is_seq(const Value& v) { return isinstance(v, T().tuple) || isinstance(v, T().list); }
// THPUtils_checkIndex: an int that is not a bool, or something with __index__ (a one-element integer tensor).
bool val_is_index(const Value& v) {
    if (v.is_bool()) return false;
    if (val_is_int(v)) return true;
    if (is_tensor(v)) {
        const Tensor& t = to_tensor(v);
        return t.numel() == 1 && dtype_is_integral(t.dtype(), false);
    }
    return false;
}
bool val_is_scalar(const Value& v) { return v.is_bool() || val_is_int(v) || val_is_float(v) || val_is_complex(v); }
const std::vector<Value>& seq_items(const Value& v) {
    if (auto* t = v.as<Tuple>()) return t->items;
    return v.as<List>()->items;
}
bool torch_type_named(const Value& v, const char* name) {
    const Type* t = type_of(v);
    return t->name == name && t->module.rfind("torch", 0) == 0;
}

// Py_TYPE(x)->tp_name: torch's C types carry their module, Python classes and builtins do not.
std::string tp_name(const Value& v) {
    const Type* t = type_of(v);
    if (t->builtin && t->module.rfind("torch", 0) == 0) {
        if (t->name == "Generator") return "torch._C.Generator";
        if (t->name == "dtype" || t->name == "device" || t->name == "layout" || t->name == "memory_format" ||
            t->name == "Size" || t->name == "finfo" || t->name == "iinfo" || t->name == "qscheme")
            return "torch." + t->name;
    }
    return t->name;
}

// is_tensor_and_append_overloaded: a tensor, or any object whose class defines __torch_function__
// (torch.fx Proxies, tensor-likes), which PyTorch accepts where a Tensor goes and then dispatches to.
bool tensor_like(const Value& v) {
    if (is_tensor(v)) return true;
    if (!v.is_obj()) return false;
    for (const Type* t : type_of(v)->mro)
        if (t->dict.find("__torch_function__")) return true;
    return false;
}

// FunctionParameter::check. Sets `element_error` for a tensor list holding a non-tensor, which
// PyTorch raises even while only trying a signature.
bool param_check(const SigParam& p, const Value& v, int argnum, std::string& element_error) {
    switch (p.type) {
        case SigType::Tensor:
            if (tensor_like(v)) return true;
            return p.numbers_as_tensors && val_is_scalar(v);
        case SigType::Scalar:
            if (val_is_scalar(v)) return true;
            [[fallthrough]];
        case SigType::Complex:
            if (val_is_complex(v)) return true;
            [[fallthrough]];
        case SigType::Double:
            if (v.is_bool() || val_is_int(v) || val_is_float(v)) return true;
            if (is_tensor(v)) {
                const Tensor& t = to_tensor(v);
                return !t.requires_grad() && t.dim() == 0;
            }
            return false;
        case SigType::Int:
            if (val_is_int(v)) return true;
            if (is_tensor(v)) {
                const Tensor& t = to_tensor(v);
                return dtype_is_integral(t.dtype(), false) && !t.requires_grad() && t.dim() == 0;
            }
            return false;
        case SigType::SymInt: return val_is_index(v);
        case SigType::Dimname: return v.is_none() || val_is_str(v);
        case SigType::DimnameList:
            if (val_is_seq(v)) {
                const auto& items = seq_items(v);
                return items.empty() || items[0].is_none() || val_is_str(items[0]);
            }
            return p.size == 1 && (v.is_none() || val_is_str(v));
        case SigType::TensorList: {
            if (!val_is_seq(v)) return false;
            const auto& items = seq_items(v);
            for (size_t i = 0; i < items.size(); ++i)
                if (!tensor_like(items[i])) {
                    element_error = str("expected Tensor as element ", i, " in argument ", argnum, ", but got ",
                                        tp_name(items[i]));
                    return false;
                }
            return true;
        }
        case SigType::IntList:
        case SigType::SymIntList:
            if (val_is_seq(v)) {
                const auto& items = seq_items(v);
                return items.empty() || val_is_index(items[0]);
            }
            return p.size > 0 && (p.type == SigType::IntList ? val_is_int(v) : val_is_index(v));
        case SigType::FloatList:
            if (!val_is_seq(v)) return false;
            return seq_items(v).empty() || val_is_float(seq_items(v)[0]) || val_is_int(seq_items(v)[0]) ||
                   val_is_complex(seq_items(v)[0]);
        case SigType::Generator: return torch_type_named(v, "Generator");
        case SigType::Bool: return v.is_bool();
        case SigType::PyObject: return true;
        case SigType::ScalarType:
            if (is_dtype(v)) return true;
            return v.is_obj() && (v.obj() == T().float_ || v.obj() == T().int_ || v.obj() == T().bool_ ||
                                  (v.is(Kind::Type) && static_cast<Type*>(v.obj())->name == "complex" &&
                                   static_cast<Type*>(v.obj())->builtin));
        case SigType::Layout: return torch_type_named(v, "layout");
        case SigType::MemoryFormat: return torch_type_named(v, "memory_format");
        case SigType::Device: return val_is_int(v) || val_is_str(v) || is_device_value(v);
        case SigType::String: return val_is_str(v);
        case SigType::ScalarList: {
            if (!val_is_seq(v)) return false;
            for (const Value& x : seq_items(v))
                if (!val_is_scalar(x)) return false;
            return true;
        }
    }
    return false;
}

struct CallView {
    std::vector<Value> args;                            // positional, without self
    std::vector<std::pair<std::string, Value>> kwargs;  // in call order
    const Value* kw(const std::string& n) const {
        for (const auto& [k, v] : kwargs)
            if (k == n) return &v;
        return nullptr;
    }
};

const Value* kwarg_for(const CallView& c, const SigParam& p) {
    if (const Value* v = c.kw(p.name)) return v;
    // PythonArgParser's NumPy spellings
    static const std::unordered_map<std::string, std::vector<std::string>> numpy_names = {
        {"dim", {"axis"}}, {"keepdim", {"keepdims"}}, {"input", {"x", "a", "x1"}}, {"other", {"x2"}}};
    if (auto it = numpy_names.find(p.name); it != numpy_names.end())
        for (const std::string& alt : it->second)
            if (const Value* v = c.kw(alt)) return v;
    return nullptr;
}

// FunctionSignature::parse: true when `s` takes the call; else false, with PyTorch's error for this
// signature in `err` (what raise_exception=true would throw). `fatal` is set for an error PyTorch
// raises even while only trying signatures (a non-tensor in a tensor list).
bool sig_parse(const Sig& s, const CallView& c, std::string& err, bool& fatal,
               std::vector<const Value*>* bound = nullptr, bool* took_varargs = nullptr) {
    const size_t nargs = c.args.size();
    if (bound) bound->assign(s.params.size(), nullptr);
    size_t remaining_kwargs = c.kwargs.size();
    auto extra_args = [&]() {
        if (s.min_args != s.max_pos_args)
            err = str(s.name, "() takes from ", s.min_args, " to ", s.max_pos_args, " positional arguments but ", nargs,
                      " were given");
        else
            err = str(s.name, "() takes ", s.max_pos_args, " positional argument", s.max_pos_args == 1 ? "" : "s", " but ",
                      nargs, " ", nargs == 1 ? "was" : "were", " given");
        return false;
    };
    bool varargs_intlist = s.max_pos_args == 1 && !s.params.empty() &&
                           (s.params[0].type == SigType::IntList || s.params[0].type == SigType::SymIntList);
    if (nargs > s.max_pos_args && !varargs_intlist) return extra_args();
    size_t arg_pos = 0;
    for (size_t i = 0; i < s.params.size(); ++i) {
        const SigParam& p = s.params[i];
        const Value* obj = nullptr;
        bool is_kwd = false;
        if (arg_pos < nargs) {
            if (p.keyword_only) return extra_args();
            obj = &c.args[arg_pos];
        } else {
            obj = kwarg_for(c, p);
            is_kwd = true;
        }
        bool varargs_eligible = varargs_intlist && arg_pos == 0 && !is_kwd;
        std::string element_error;
        if ((!obj && p.optional) || (obj && obj->is_none() && p.allow_none)) {
            // default
        } else if (!obj) {
            int missing = 0;
            std::string names;
            for (size_t j = i; j < s.params.size(); ++j)
                if (!s.params[j].optional) {
                    names += (missing ? ", \"" : "\"") + s.params[j].name + "\"";
                    ++missing;
                }
            // PyTorch's own plural slip: "missing 1 required positional arguments"
            err = str(s.name, "() missing ", missing, " required positional argument", missing == 1 ? "s" : "", ": ", names);
            return false;
        } else if (param_check(p, *obj, int(i), element_error)) {
            if (bound) (*bound)[i] = obj;
        } else if (!element_error.empty()) {
            err = element_error;
            fatal = true;
            return false;
        } else if (varargs_eligible) {
            // f(2, 3) for f(int[] size): every positional argument is the list, if the first is an int
            // (is_int_list looks at the first item only; a bad later one fails while unpacking, the
            // binding's own error)
            bool ok = val_is_index(c.args[0]) && (p.type == SigType::SymIntList || val_is_int(c.args[0]));
            if (ok) {
                if (took_varargs) *took_varargs = true;
                arg_pos = nargs;
                continue;
            }
            err = str(s.name, "(): argument '", p.name, "' (position ", arg_pos + 1, ") must be ", sig_type_word(p.type),
                      ", not ", tp_name(*obj));
            return false;
        } else {
            if (is_kwd)
                err = str(s.name, "(): argument '", p.name, "' must be ", sig_type_word(p.type), ", not ", tp_name(*obj));
            else if ((p.type == SigType::IntList || p.type == SigType::SymIntList) && val_is_seq(*obj))
                err = str(s.name, "(): argument '", p.name, "' (position ", arg_pos + 1, ") must be ", sig_type_word(p.type),
                          ", but found element of type ", tp_name(seq_items(*obj)[0]), " at pos 0");
            else
                err = str(s.name, "(): argument '", p.name, "' (position ", arg_pos + 1, ") must be ", sig_type_word(p.type),
                          ", not ", tp_name(*obj));
            return false;
        }
        if (!is_kwd) ++arg_pos;
        else if (obj) --remaining_kwargs;
    }
    if (remaining_kwargs > 0) {
        for (const auto& [k, v] : c.kwargs) {
            (void)v;
            int idx = -1;
            for (size_t j = 0; j < s.params.size(); ++j)
                if (s.params[j].name == k) idx = int(j);
            if (idx < 0) {
                err = str(s.name, "() got an unexpected keyword argument '", k, "'");
                return false;
            }
            if (size_t(idx) < nargs) {
                err = str(s.name, "() got multiple values for argument '", k, "'");
                return false;
            }
        }
        err = "invalid keyword arguments";
        return false;
    }
    return true;
}

// ---- format_invalid_args, over the signature texts as PyTorch re-reads them ----

// invalid_arguments.cpp splits each printed signature on ", " and reads a piece's type as the text
// before its last space: "*" and "torch.dtype dtype = None" become types no value matches, and
// only the plain "int"/"float" pieces accept several Python types.
struct LoosePiece {
    std::string type, name;
};
std::vector<LoosePiece> loose_pieces(const std::string& printed) {
    std::vector<LoosePiece> out;
    std::string inner = printed.substr(1, printed.size() - 2);
    size_t pos = 0;
    while (true) {
        size_t comma = inner.find(", ", pos);
        std::string a = inner.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos);
        size_t sp = a.find_last_of(' ');
        LoosePiece p;
        p.type = sp == std::string::npos ? a : a.substr(0, sp);
        p.name = sp == std::string::npos ? a : a.substr(sp + 1);
        out.push_back(p);
        if (comma == std::string::npos) break;
        pos = comma + 2;
    }
    return out;
}
bool loose_match(const std::string& type, const Value& v) {
    std::string n = tp_name(v);
    if (type == "float") return n == "float" || n == "int" || n == "long";
    if (type == "int") return n == "int" || n == "long";
    return n == type;
}
std::string seq_desc(const Value& v) {
    bool tuple = isinstance(v, T().tuple);
    const auto& items = seq_items(v);
    std::string r = tp_name(v) + " of " + (tuple ? "(" : "[");
    for (size_t i = 0; i < items.size(); ++i) r += (i ? ", " : "") + tp_name(items[i]);
    if (tuple && items.size() == 1) r += ",";
    return r + (tuple ? ")" : "]");
}
// The kwargs as PyTorch's std::unordered_map holds them: libstdc++ puts each new key first.
std::vector<std::pair<std::string, Value>> map_order(const CallView& c) {
    std::vector<std::pair<std::string, Value>> kws(c.kwargs.rbegin(), c.kwargs.rend());
    return kws;
}
std::string arg_desc(const CallView& c) {
    std::string r = "(";
    for (const Value& a : c.args) r += tp_name(a) + ", ";
    for (const auto& [k, v] : map_order(c)) r += k + "=" + tp_name(v) + ", ";
    if (!c.args.empty()) r.erase(r.size() - 2);
    return r + ")";
}
std::string formatted_arg_desc(const std::vector<LoosePiece>& opt, const CallView& c, bool& bad) {
    auto kws = map_order(c);
    size_t n = c.args.size() + kws.size();
    std::string r = "(";
    for (size_t i = 0; i < n; ++i) {
        bool is_kw = i >= c.args.size();
        const Value* arg = nullptr;
        if (is_kw) {
            for (const auto& [k, v] : kws)
                if (k == opt[i].name) arg = &v;
            if (!arg) {  // PyTorch's kwargs.at() would throw here
                bad = true;
                return "";
            }
        } else {
            arg = &c.args[i];
        }
        bool match = i < opt.size() && loose_match(opt[i].type, *arg);
        r += match ? "" : "!";
        if (is_kw) r += opt[i].name + "=";
        r += val_is_seq(*arg) ? seq_desc(*arg) : tp_name(*arg);
        r += match ? "" : "!";
        r += ", ";
    }
    if (!c.args.empty()) r.erase(r.size() - 2);
    return r + ")";
}
std::vector<std::string> unmatched_kwargs(const std::vector<LoosePiece>& opt, const CallView& c) {
    std::vector<std::string> out;
    long start = long(opt.size()) - long(c.kwargs.size());
    if (start < 0) start = 0;
    for (const auto& [k, v] : map_order(c)) {
        (void)v;
        bool found = false;
        for (size_t i = size_t(start); i < opt.size(); ++i) found = found || opt[i].name == k;
        if (!found) out.push_back(k);
    }
    return out;
}

std::string format_invalid_args(const std::string& fn, const std::vector<std::string>& options, const CallView& c) {
    std::string msg = fn + "() received an invalid combination of arguments - ";
    auto join = [](const std::vector<std::string>& v) {
        std::string r;
        for (const auto& s : v) r += (r.empty() ? "" : ", ") + s;
        return r;
    };
    if (options.size() == 1) {
        auto opt = loose_pieces(options[0]);
        auto unmatched = c.kwargs.empty() ? std::vector<std::string>{} : unmatched_kwargs(opt, c);
        if (!unmatched.empty()) return msg + "got unrecognized keyword arguments: " + join(unmatched);
        msg += "got ";
        bool bad = false;
        std::string d = opt.size() == c.args.size() + c.kwargs.size() ? formatted_arg_desc(opt, c, bad) : arg_desc(c);
        if (bad) d = arg_desc(c);
        return msg + d + ", but expected " + options[0];
    }
    msg += "got " + arg_desc(c) + ", but expected one of:\n";
    for (const std::string& o : options) {
        msg += " * " + o + "\n";
        auto opt = loose_pieces(o);
        if (opt.size() != c.args.size() + c.kwargs.size()) continue;
        auto unmatched = c.kwargs.empty() ? std::vector<std::string>{} : unmatched_kwargs(opt, c);
        if (!unmatched.empty()) {
            msg += "      didn't match because some of the keywords were incorrect: " + join(unmatched) + "\n";
        } else {
            bool bad = false;
            std::string d = formatted_arg_desc(opt, c, bad);
            if (!bad) msg += "      didn't match because some of the arguments have invalid types: " + d + "\n";
        }
    }
    return msg;
}

// What PythonArgs does next with a signature that took the call: an int list's elements after the
// first are only checked while unpacking ("failed to unpack the object at pos 2 with error ...",
// 1-based, as PyTorch 2.11 words it for int and SymInt lists alike). "" when every element is an int.
std::string unpack_error(const Sig& s, const std::vector<const Value*>& bound, bool took_varargs, const CallView& c) {
    for (size_t i = 0; i < s.params.size(); ++i) {
        const SigParam& p = s.params[i];
        if (p.type != SigType::IntList && p.type != SigType::SymIntList) continue;
        const std::vector<Value>* items = nullptr;
        if (i == 0 && took_varargs) items = &c.args;
        else if (bound[i] && val_is_seq(*bound[i])) items = &seq_items(*bound[i]);
        if (!items) continue;
        for (size_t k = 0; k < items->size(); ++k) {
            const Value& x = (*items)[k];
            if (x.is_bool() || val_is_index(x)) continue;
            return str(s.name, "(): argument '", p.name, "' failed to unpack the object at pos ", k + 1,
                       " with error \"type must be tuple of ints,but got ", tp_name(x), "\"");
        }
    }
    return "";
}

// PythonArgParser::raw_parse + print_error. Returns "" when a signature takes the call (and its
// arguments unpack).
std::string parser_error(const std::vector<Sig>& sigs, const CallView& c) {
    for (const Sig& s : sigs) {
        std::string err;
        bool fatal = false, varargs = false;
        std::vector<const Value*> bound;
        if (sig_parse(s, c, err, fatal, &bound, &varargs)) return unpack_error(s, bound, varargs, c);
        if (sigs.size() == 1 || fatal) return err;
    }
    size_t n = c.args.size() + c.kwargs.size();
    std::vector<const Sig*> plausible;
    for (const Sig& s : sigs)
        if (n >= s.min_args && n <= s.max_args && !s.hidden) plausible.push_back(&s);
    if (plausible.size() == 1) {
        std::string err;
        bool fatal = false;
        if (!sig_parse(*plausible[0], c, err, fatal)) return err;
    }
    std::vector<std::string> options;
    for (const Sig& s : sigs)
        if (!s.hidden) options.push_back(sig_text(s));
    return format_invalid_args(sigs[0].name, options, c);
}

// ---- PyTorch 2.11's Python signatures (python_torch_functions.cpp / python_variable_methods.cpp) ----

#define FACTORY_OPTS "ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False"

struct SigEntry {
    const char* name;
    std::vector<const char*> sigs;
    bool self_is_argument = false;  // a Python method that passes self on to a torch function
};

const std::vector<SigEntry>& torch_function_signatures() {
    static const std::vector<SigEntry> table = {
        {"sum",
         {"sum(Tensor input, *, ScalarType? dtype=None)",
          "sum(Tensor input, IntArrayRef[1]? dim, bool keepdim=False, *, ScalarType? dtype=None, Tensor out=None)",
          "sum(Tensor input, DimnameList[1] dim, bool keepdim=False, *, ScalarType? dtype=None, Tensor out=None)"}},
        {"mean",
         {"mean(Tensor input, *, ScalarType? dtype=None, Tensor out=None)",
          "mean(Tensor input, IntArrayRef[1]? dim, bool keepdim=False, *, ScalarType? dtype=None, Tensor out=None)",
          "mean(Tensor input, DimnameList[1] dim, bool keepdim=False, *, ScalarType? dtype=None, Tensor out=None)"}},
        {"cumsum",
         {"cumsum(Tensor input, int64_t dim, *, ScalarType? dtype=None, Tensor out=None)",
          "cumsum(Tensor input, Dimname dim, *, ScalarType? dtype=None, Tensor out=None)"}},
        {"cumprod",
         {"cumprod(Tensor input, int64_t dim, *, ScalarType? dtype=None, Tensor out=None)",
          "cumprod(Tensor input, Dimname dim, *, ScalarType? dtype=None, Tensor out=None)"}},
        {"where",
         {"where(Tensor condition)", "where(Tensor condition, Tensor input, Tensor other, *, Tensor out=None)",
          "where(Tensor condition, Scalar self, Tensor other)", "where(Tensor condition, Tensor input, Scalar other)",
          "where(Tensor condition, Scalar self, Scalar other)"}},
        {"max",
         {"max(Tensor input, *, Tensor out=None)", "max(Tensor input, Tensor other, *, Tensor out=None)",
          "max(Tensor input, int64_t dim, bool keepdim=False, *, TensorList[2] out=None)",
          "max(Tensor input, Dimname dim, bool keepdim=False, *, TensorList[2] out=None)"}},
        {"min",
         {"min(Tensor input, *, Tensor out=None)", "min(Tensor input, Tensor other, *, Tensor out=None)",
          "min(Tensor input, int64_t dim, bool keepdim=False, *, TensorList[2] out=None)",
          "min(Tensor input, Dimname dim, bool keepdim=False, *, TensorList[2] out=None)"}},
        {"softmax",
         {"softmax(Tensor input, int64_t dim, ScalarType? dtype=None, *, Tensor out=None)",
          "softmax(Tensor input, Dimname dim, *, ScalarType? dtype=None)"}},
        {"log_softmax",
         {"log_softmax(Tensor input, int64_t dim, ScalarType? dtype=None, *, Tensor out=None)",
          "log_softmax(Tensor input, Dimname dim, *, ScalarType? dtype=None)"}},
        {"cat",
         {"cat(TensorList tensors, int64_t dim=0, *, Tensor out=None)",
          "cat(TensorList tensors, Dimname dim, *, Tensor out=None)"}},
        {"zeros",
         {"zeros(IntArrayRef size, *, DimnameList? names, " FACTORY_OPTS ")",
          "zeros(SymIntArrayRef size, *, Tensor out=None, " FACTORY_OPTS ")"}},
        {"ones",
         {"ones(IntArrayRef size, *, DimnameList? names, " FACTORY_OPTS ")",
          "ones(SymIntArrayRef size, *, Tensor out=None, " FACTORY_OPTS ")"}},
        {"full",
         {"full(IntArrayRef size, Scalar fill_value, *, DimnameList? names, " FACTORY_OPTS ")",
          "full(SymIntArrayRef size, Scalar fill_value, *, Tensor out=None, " FACTORY_OPTS ")"}},
        {"randint",
         {"randint(SymInt high, SymIntArrayRef size, *, Generator? generator, Tensor out=None, " FACTORY_OPTS ")",
          "randint(SymInt high, SymIntArrayRef size, *, Tensor out=None, " FACTORY_OPTS ")",
          "randint(SymInt low, SymInt high, SymIntArrayRef size, *, Generator? generator, Tensor out=None, " FACTORY_OPTS ")",
          "randint(SymInt low, SymInt high, SymIntArrayRef size, *, Tensor out=None, " FACTORY_OPTS ")"}},
        {"arange",
         {"arange(Scalar end, *, Tensor out=None, " FACTORY_OPTS ")",
          "arange(Scalar start, Scalar end, *, " FACTORY_OPTS ")",
          "arange(Scalar start, Scalar end, Scalar step=1, *, Tensor out=None, " FACTORY_OPTS ")"}},
        {"std",
         {"std(Tensor input, IntArrayRef[1]? dim, bool unbiased=True, bool keepdim=False, *, Tensor out=None)",
          "std(Tensor input, IntArrayRef[1]? dim=None, *, Scalar? correction=None, bool keepdim=False, Tensor out=None)",
          "std(Tensor input, bool unbiased=True)",
          "std(Tensor input, DimnameList[1] dim, bool unbiased=True, bool keepdim=False, *, Tensor out=None)",
          "std(Tensor input, DimnameList[1] dim, *, Scalar? correction=None, bool keepdim=False, Tensor out=None)"}},
        {"var",
         {"var(Tensor input, IntArrayRef[1]? dim, bool unbiased=True, bool keepdim=False, *, Tensor out=None)",
          "var(Tensor input, IntArrayRef[1]? dim=None, *, Scalar? correction=None, bool keepdim=False, Tensor out=None)",
          "var(Tensor input, bool unbiased=True)",
          "var(Tensor input, DimnameList[1] dim, bool unbiased=True, bool keepdim=False, *, Tensor out=None)",
          "var(Tensor input, DimnameList[1] dim, *, Scalar? correction=None, bool keepdim=False, Tensor out=None)"}},
        {"prod",
         {"prod(Tensor input, *, ScalarType? dtype=None)",
          "prod(Tensor input, int64_t dim, bool keepdim=False, *, ScalarType? dtype=None, Tensor out=None)",
          "prod(Tensor input, Dimname dim, bool keepdim=False, *, ScalarType? dtype=None, Tensor out=None)"}},
        {"transpose",
         {"transpose(Tensor input, int64_t dim0, int64_t dim1)", "transpose(Tensor input, Dimname dim0, Dimname dim1)"}},
        {"gather",
         {"gather(Tensor input, int64_t dim, Tensor index, *, bool sparse_grad=False, Tensor out=None)",
          "gather(Tensor input, Dimname dim, Tensor index, *, bool sparse_grad=False, Tensor out=None)"}},
        {"squeeze",
         {"squeeze(Tensor input)", "squeeze(Tensor input, int64_t dim)", "squeeze(Tensor input, IntArrayRef dim)",
          "squeeze(Tensor input, Dimname dim)"}},
        {"unsqueeze", {"unsqueeze(Tensor input, int64_t dim)"}},
        {"clamp",
         {"clamp(Tensor input, Tensor? min=None, Tensor? max=None, *, Tensor out=None)",
          "clamp(Tensor input, Scalar? min=None, Scalar? max=None, *, Tensor out=None)"}},
        {"pow",
         {"pow(Tensor input, Tensor exponent, *, Tensor out=None)", "pow(Scalar self, Tensor exponent, *, Tensor out=None)",
          "pow(Tensor input, Scalar exponent, *, Tensor out=None)"}},
        {"all",
         {"all(Tensor input, *, Tensor out=None)",
          "all(Tensor input, IntArrayRef? dim=None, bool keepdim=False, *, Tensor out=None)",
          "all(Tensor input, int64_t dim, bool keepdim=False, *, Tensor out=None)",
          "all(Tensor input, Dimname dim, bool keepdim=False, *, Tensor out=None)"}},
        {"any",
         {"any(Tensor input, *, Tensor out=None)",
          "any(Tensor input, IntArrayRef? dim=None, bool keepdim=False, *, Tensor out=None)",
          "any(Tensor input, int64_t dim, bool keepdim=False, *, Tensor out=None)",
          "any(Tensor input, Dimname dim, bool keepdim=False, *, Tensor out=None)"}},
        {"eq", {"eq(Tensor input, Tensor other, *, Tensor out=None)", "eq(Tensor input, Scalar other, *, Tensor out=None)"}},
        {"ne", {"ne(Tensor input, Tensor other, *, Tensor out=None)", "ne(Tensor input, Scalar other, *, Tensor out=None)"}},
        {"lt", {"lt(Tensor input, Tensor other, *, Tensor out=None)", "lt(Tensor input, Scalar other, *, Tensor out=None)"}},
        {"le", {"le(Tensor input, Tensor other, *, Tensor out=None)", "le(Tensor input, Scalar other, *, Tensor out=None)"}},
        {"gt", {"gt(Tensor input, Tensor other, *, Tensor out=None)", "gt(Tensor input, Scalar other, *, Tensor out=None)"}},
        {"ge", {"ge(Tensor input, Tensor other, *, Tensor out=None)", "ge(Tensor input, Scalar other, *, Tensor out=None)"}},
        // torch.split / Tensor.split (torch/_tensor.py) hand a non-int split to split_with_sizes(self, ...)
        {"split", {"split_with_sizes(Tensor input, SymIntArrayRef split_sizes, int64_t dim=0)"}, true},
        {"argmax", {"argmax(Tensor input, int64_t? dim=None, bool keepdim=False, *, Tensor out=None)"}},
        {"argmin", {"argmin(Tensor input, int64_t? dim=None, bool keepdim=False, *, Tensor out=None)"}},
        {"topk",
         {"topk(Tensor input, SymInt k, int64_t dim=-1, bool largest=True, bool sorted=True, *, TensorList[2] out=None)"}},
    };
    return table;
}

const std::vector<SigEntry>& tensor_method_signatures() {
    static const std::vector<SigEntry> table = {
        {"sum",
         {"sum(*, ScalarType? dtype=None)", "sum(IntArrayRef[1]? dim, bool keepdim=False, *, ScalarType? dtype=None)",
          "sum(DimnameList[1] dim, bool keepdim=False, *, ScalarType? dtype=None)"}},
        {"mean",
         {"mean(*, ScalarType? dtype=None)", "mean(IntArrayRef[1]? dim, bool keepdim=False, *, ScalarType? dtype=None)",
          "mean(DimnameList[1] dim, bool keepdim=False, *, ScalarType? dtype=None)"}},
        {"cumsum",
         {"cumsum(int64_t dim, *, ScalarType? dtype=None)", "cumsum(Dimname dim, *, ScalarType? dtype=None)"}},
        {"cumprod",
         {"cumprod(int64_t dim, *, ScalarType? dtype=None)", "cumprod(Dimname dim, *, ScalarType? dtype=None)"}},
        {"max",
         {"max()", "max(Tensor other)", "max(int64_t dim, bool keepdim=False)", "max(Dimname dim, bool keepdim=False)"}},
        {"min",
         {"min()", "min(Tensor other)", "min(int64_t dim, bool keepdim=False)", "min(Dimname dim, bool keepdim=False)"}},
        {"softmax", {"softmax(int64_t dim, ScalarType? dtype=None)", "softmax(Dimname dim, *, ScalarType? dtype=None)"}},
        {"log_softmax",
         {"log_softmax(int64_t dim, ScalarType? dtype=None)", "log_softmax(Dimname dim, *, ScalarType? dtype=None)"}},
        {"std",
         {"std(IntArrayRef[1]? dim, bool unbiased=True, bool keepdim=False)",
          "std(IntArrayRef[1]? dim=None, *, Scalar? correction=None, bool keepdim=False)", "std(bool unbiased=True)",
          "std(DimnameList[1] dim, bool unbiased=True, bool keepdim=False)",
          "std(DimnameList[1] dim, *, Scalar? correction=None, bool keepdim=False)"}},
        {"var",
         {"var(IntArrayRef[1]? dim, bool unbiased=True, bool keepdim=False)",
          "var(IntArrayRef[1]? dim=None, *, Scalar? correction=None, bool keepdim=False)", "var(bool unbiased=True)",
          "var(DimnameList[1] dim, bool unbiased=True, bool keepdim=False)",
          "var(DimnameList[1] dim, *, Scalar? correction=None, bool keepdim=False)"}},
        {"prod",
         {"prod(*, ScalarType? dtype=None)", "prod(int64_t dim, bool keepdim=False, *, ScalarType? dtype=None)",
          "prod(Dimname dim, bool keepdim=False, *, ScalarType? dtype=None)"}},
        {"transpose", {"transpose(int64_t dim0, int64_t dim1)", "transpose(Dimname dim0, Dimname dim1)"}},
        {"gather",
         {"gather(int64_t dim, Tensor index, *, bool sparse_grad=False)",
          "gather(Dimname dim, Tensor index, *, bool sparse_grad=False)"}},
        {"squeeze", {"squeeze()", "squeeze(int64_t dim)", "squeeze(IntArrayRef dim)", "squeeze(Dimname dim)"}},
        {"unsqueeze", {"unsqueeze(int64_t dim)"}},
        {"clamp", {"clamp(Tensor? min=None, Tensor? max=None)", "clamp(Scalar? min=None, Scalar? max=None)"}},
        {"pow", {"pow(Tensor exponent)", "pow(Scalar exponent)"}},
        {"all",
         {"all()", "all(IntArrayRef? dim=None, bool keepdim=False)", "all(int64_t dim, bool keepdim=False)",
          "all(Dimname dim, bool keepdim=False)"}},
        {"any",
         {"any()", "any(IntArrayRef? dim=None, bool keepdim=False)", "any(int64_t dim, bool keepdim=False)",
          "any(Dimname dim, bool keepdim=False)"}},
        {"eq", {"eq(Tensor other)", "eq(Scalar other)"}},
        {"ne", {"ne(Tensor other)", "ne(Scalar other)"}},
        {"lt", {"lt(Tensor other)", "lt(Scalar other)"}},
        {"le", {"le(Tensor other)", "le(Scalar other)"}},
        {"gt", {"gt(Tensor other)", "gt(Scalar other)"}},
        {"ge", {"ge(Tensor other)", "ge(Scalar other)"}},
        {"view", {"view(ScalarType dtype)", "view(SymIntArrayRef size)"}},
        {"split", {"split_with_sizes(Tensor input, SymIntArrayRef split_sizes, int64_t dim=0)"}, true},
        {"argmax", {"argmax(int64_t? dim=None, bool keepdim=False)"}},
        {"argmin", {"argmin(int64_t? dim=None, bool keepdim=False)"}},
        {"topk", {"topk(SymInt k, int64_t dim=-1, bool largest=True, bool sorted=True)"}},
    };
    return table;
}
#undef FACTORY_OPTS

// The call as PythonArgParser receives it: self (a method's args[0]) apart, keywords by name.
CallView call_view(const CallArgs& a, bool method) {
    CallView c;
    for (size_t i = method ? 1 : 0; i < a.nargs; ++i) c.args.push_back(a.args[i]);
    for (size_t k = 0; k < a.nkw; ++k) c.kwargs.emplace_back(a.kwname(k), a.kwvalues[k]);
    return c;
}

void wrap_with_signatures(const Value& fn_value, const SigEntry& e, bool method) {
    method = method && !e.self_is_argument;
    auto* b = fn_value.as<Builtin>();
    if (!b) return;
    auto sigs = std::make_shared<std::vector<Sig>>();
    for (const char* s : e.sigs) sigs->push_back(parse_py_signature(s));
    NativeFn inner = b->fn;
    b->fn = [inner, sigs, method](Interpreter& in, const CallArgs& a) -> Value {
        try {
            return inner(in, a);
        } catch (PyError& err) {
            if (!isinstance(err.exc, T().TypeError)) throw;
            std::string msg = parser_error(*sigs, call_view(a, method));
            if (msg.empty()) throw;
            raise(T().TypeError, msg);
        }
    };
}

// Ops whose Kiln implementation is Python (stdlib/torch/linalg.py) but whose PyTorch binding is
// generated C++ (python_linalg_functions.cpp): they check a call through
// torch._kiln_check_signature(name, args, kwargs) before running, so a call no signature takes
// fails with the parser's TypeError, not with whatever the Python body trips over first.
const std::vector<SigEntry>& python_level_signatures() {
    static const std::vector<SigEntry> table = {
        {"linalg_matrix_norm",
         {"linalg_matrix_norm(Tensor input, Scalar ord, IntArrayRef dim={-2,-1}, bool keepdim=False, *, ScalarType? dtype=None, Tensor out=None)",
          "linalg_matrix_norm(Tensor input, c10::string_view ord=\"fro\", IntArrayRef dim={-2,-1}, bool keepdim=False, *, ScalarType? dtype=None, Tensor out=None)"}},
        {"linalg_vector_norm",
         {"linalg_vector_norm(Tensor input, Scalar ord=2, IntArrayRef[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None, Tensor out=None)"}},
    };
    return table;
}

}  // namespace

// Called once the torch module and Tensor's methods are in place (torch_module.cpp).
void install_signature_errors(ModuleObj& torch, Type* tensor) {
    for (const SigEntry& e : torch_function_signatures())
        if (const Value* v = torch.dict.find(e.name)) wrap_with_signatures(*v, e, false);
    for (const SigEntry& e : tensor_method_signatures())
        if (const Value* v = tensor->dict.find(e.name)) wrap_with_signatures(*v, e, true);
    // torch._kiln_check_signature(name, args: tuple, kwargs: dict): None when one of name's
    // signatures (python_level_signatures) takes the call, else the parser's TypeError.
    auto parsed = std::make_shared<std::unordered_map<std::string, std::vector<Sig>>>();
    for (const SigEntry& e : python_level_signatures()) {
        auto& sigs = (*parsed)[e.name];
        for (const char* s : e.sigs) sigs.push_back(parse_py_signature(s));
    }
    torch.dict.set("_kiln_check_signature", new_builtin("_kiln_check_signature", [parsed](Interpreter&, const CallArgs& a) {
        if (a.nargs != 3 || !a.args[0].is(Kind::Str) || !a.args[1].as<Tuple>() || !a.args[2].as<Dict>())
            raise(T().TypeError, "_kiln_check_signature(name, args: tuple, kwargs: dict)");
        auto it = parsed->find(str_of(a.args[0]));
        if (it == parsed->end()) raise(T().KeyError, str("no signatures for ", str_of(a.args[0])));
        CallView c;
        c.args = a.args[1].as<Tuple>()->items;
        a.args[2].as<Dict>()->for_each([&](const Value& k, const Value& v) {
            if (k.is(Kind::Str)) c.kwargs.emplace_back(str_of(k), v);
        });
        std::string msg = parser_error(it->second, c);
        if (!msg.empty()) raise(T().TypeError, msg);
        return Value::none();
    }));
}

}  // namespace kiln::vm::bind
