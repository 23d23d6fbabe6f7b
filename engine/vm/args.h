// Argument parsing for native functions: one signature string per function, bound per call.
//
//   static const Signature sig("sorted(iterable, /, *, key=None, reverse=False)");
//   Args a = sig.bind(call_args);       // a[0] iterable, a[1] key, a[2] reverse
//
// The signature uses Python's syntax: `/` ends positional-only parameters, `*` starts keyword-only
// ones, `*args` and `**kwargs` collect the rest, and a default is a literal (None, True, False,
// numbers, quoted strings) or `?` for "optional, no default" (the slot stays Null). Errors follow
// the wording CPython uses for its own builtins ("round() missing required argument 'number' (pos 1)").
#pragma once
#include <string>
#include <vector>

#include "vm/types.h"

namespace kiln::vm {

class Signature {
public:
    explicit Signature(const std::string& spec);
    const std::string& name() const { return name_; }
    // One slot per parameter in declaration order; *args becomes a Tuple, **kwargs a Dict.
    std::vector<Value> bind(const CallArgs& args) const;
    // The parameter list as written, for error messages and help.
    const std::string& spec() const { return spec_; }
    // The parameters' names in declaration order (the tracer maps them onto operator schemas).
    std::vector<std::string> param_names() const {
        std::vector<std::string> out;
        for (const auto& p : params_) out.push_back(p.name);
        return out;
    }
    // The parameter names (no *args/**kwargs) of the first signature built with this function name (torch.load rebuilds a
    // built-in nn layer by its constructor from the attributes a pickled module holds); null if none.
    static const std::vector<std::string>* names_of(const std::string& name);
    // A parameter's default (Null when it has none), by position.
    const Value& param_default(size_t i) const { return params_.at(i).default_value; }
    // Accept NumPy's keyword names for PyTorch's as torch's argument parser does for every torch.*
    // function and Tensor method (python_arg_parser.cpp's numpy_compatibility_arg_names): axis for
    // dim, keepdims for keepdim, x/a/x1 for input, x2 for other. Only a keyword that names no
    // parameter is looked up, so a signature with its own `axis` keeps it. Like that parser, a
    // `*dims` parameter (PyTorch's int-list argument given as varargs) may also be given by keyword,
    // `dims=(1, 0)`, bound as the 1-tuple holding it.
    Signature& numpy_aliases() {
        numpy_aliases_ = true;
        return *this;
    }
    // Too many positional arguments worded as CPython words it for a Python function, which is also
    // PyTorch's argument parser's wording (python_arg_parser.cpp's extra_args) for torch.* functions and
    // Tensor methods: "sin() takes 1 positional argument but 2 were given", "takes from 1 to 2 positional
    // arguments but 3 were given"; a method's first parameter (self) is not counted. (Native builtins
    // say "takes at most 1 argument (2 given)".)
    Signature& python_wording(bool method = false) {
        python_wording_ = true;
        method_ = method;
        return *this;
    }

private:
    enum class ParamKind { PositionalOnly, Positional, KeywordOnly, VarArgs, VarKwargs };
    struct Param {
        std::string name;
        ParamKind kind;
        bool required;
        Value default_value;  // Null for `?`
    };
    std::string spec_, name_;
    std::vector<Param> params_;
    bool numpy_aliases_ = false;
    bool python_wording_ = false;
    bool method_ = false;  // python_wording: the first parameter is self
};

}  // namespace kiln::vm
