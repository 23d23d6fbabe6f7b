// Calling Python functions: binding arguments to parameters with CPython 3.11's rules and errors.
//
// Parameters sit first in co_varnames: positional ones, keyword-only ones, then *args and **kwargs.
// Positional arguments fill positional parameters (the rest go to *args), keywords fill by name
// (the rest go to **kwargs), then defaults fill what is left; whatever is still missing is reported
// in one TypeError that names every missing parameter, as CPython does.
#include <optional>
#include <utility>

#include "tensor/meta.h"
#include "vm/generator.h"
#include "vm/ops.h"

namespace kiln::vm {

namespace {
std::string plural(size_t n, const char* word) { return str(n, " ", word, n == 1 ? "" : "s"); }

// 'a', 'a' and 'b', 'a', 'b', and 'c'
std::string name_list(const std::vector<std::string>& names) {
    std::string out;
    for (size_t i = 0; i < names.size(); ++i) {
        if (i) out += names.size() == 2 ? " and " : (i + 1 == names.size() ? ", and " : ", ");
        out += "'" + names[i] + "'";
    }
    return out;
}
}  // namespace

void Interpreter::bind_arguments(Frame& f, Function* fn, const CallArgs& a, const Value* self) {
    const bytecode::CodeObject& co = *f.co;
    const size_t argcount = size_t(co.argcount);
    const size_t kwonly = size_t(co.kwonlyargcount);
    const bool has_varargs = co.flags & bytecode::CO_VARARGS;
    const bool has_varkw = co.flags & bytecode::CO_VARKEYWORDS;
    const std::string& qual = fn->qualname;
    const size_t given = a.nargs + (self ? 1 : 0);
    auto positional = [&](size_t i) -> const Value& { return self ? (i == 0 ? *self : a.args[i - 1]) : a.args[i]; };

    size_t n = std::min(given, argcount);
    for (size_t i = 0; i < n; ++i) f.fast[i] = positional(i);
    size_t slot = argcount + kwonly;
    if (has_varargs) {
        std::vector<Value> rest;
        for (size_t i = n; i < given; ++i) rest.push_back(positional(i));
        f.fast[slot++] = new_tuple(std::move(rest));
    } else if (given > argcount) {
        size_t ndefaults = fn->defaults.size();
        size_t kwgiven = 0;  // keyword-only arguments passed: CPython mentions them
        for (size_t k = 0; k < a.nkw; ++k)
            for (size_t j = argcount; j < argcount + kwonly; ++j)
                if (co.varnames[j] == a.kwname(k)) ++kwgiven;
        std::string takes = ndefaults ? str("from ", argcount - ndefaults, " to ", argcount, " positional arguments")
                                      : plural(argcount, "positional argument");
        std::string got = kwgiven ? str(plural(given, "positional argument"), " (and ", plural(kwgiven, "keyword-only argument"),
                                        ") were")
                                  : str(given, given == 1 ? " was" : " were");
        raise(types().TypeError, str(qual, "() takes ", takes, " but ", got, " given"));
    }
    Ref<Dict> kwdict;
    if (has_varkw) {
        kwdict = make<Dict>();
        f.fast[slot] = Value(kwdict.get());
    }
    const size_t posonly = size_t(co.posonlyargcount);
    std::vector<std::string> posonly_as_kw;
    for (size_t k = 0; k < a.nkw; ++k) {
        const std::string& name = a.kwname(k);
        size_t j = posonly;  // positional-only parameters cannot be named: such keywords go to **kwargs
        for (; j < argcount + kwonly; ++j)
            if (co.varnames[j] == name) break;
        if (j == argcount + kwonly) {
            if (!kwdict) {
                for (size_t i = 0; i < posonly; ++i)
                    if (co.varnames[i] == name) posonly_as_kw.push_back(name);
                if (!posonly_as_kw.empty() && posonly_as_kw.back() == name) continue;
            }
            if (!kwdict) raise(types().TypeError, str(qual, "() got an unexpected keyword argument '", name, "'"));
            if (kwdict->find(a.kwnames->items[k]))
                raise(types().TypeError, str(qual, "() got multiple values for keyword argument '", name, "'"));
            kwdict->set(a.kwnames->items[k], a.kwvalues[k]);
            continue;
        }
        if (!f.fast[j].is_null()) raise(types().TypeError, str(qual, "() got multiple values for argument '", name, "'"));
        f.fast[j] = a.kwvalues[k];
    }
    if (!posonly_as_kw.empty()) {
        std::string names;
        for (size_t i = 0; i < posonly_as_kw.size(); ++i) names += (i ? ", " : "") + posonly_as_kw[i];
        raise(types().TypeError, str(qual, "() got some positional-only arguments passed as keyword arguments: '", names, "'"));
    }
    // Defaults for the trailing positional parameters, then report what is still missing.
    size_t ndefaults = fn->defaults.size();
    std::vector<std::string> missing;
    for (size_t i = 0; i < argcount; ++i) {
        if (!f.fast[i].is_null()) continue;
        if (i >= argcount - ndefaults)
            f.fast[i] = fn->defaults[i - (argcount - ndefaults)];
        else
            missing.push_back(co.varnames[i]);
    }
    if (!missing.empty())
        raise(types().TypeError, str(qual, "() missing ", plural(missing.size(), "required positional argument"), ": ", name_list(missing)));
    for (size_t i = argcount; i < argcount + kwonly; ++i) {
        if (!f.fast[i].is_null()) continue;
        const Value* d = fn->kwdefaults ? fn->kwdefaults->find(new_str(co.varnames[i])) : nullptr;
        if (d)
            f.fast[i] = *d;
        else
            missing.push_back(co.varnames[i]);
    }
    if (!missing.empty())
        raise(types().TypeError, str(qual, "() missing ", plural(missing.size(), "required keyword-only argument"), ": ", name_list(missing)));
}

Interpreter::CRecursion::CRecursion(int units, const char* where) : units_(units) {
    // CPython's _Py_CheckRecursiveCall: the units are taken only when they fit under the limit.
    if (used() + units > kLimit) {
        units_ = 0;
        raise(types().RecursionError, str("maximum recursion depth exceeded", where));
    }
    used() += units;
}

Value Interpreter::call_function(Function* fn, const CallArgs& a, const Value* self, bool inlined) {
    // An entry into the eval loop from native code costs PY_EVAL_C_STACK_UNITS (2) of the C
    // recursion count; CPython checks it before it pushes the frame (the plain message).
    std::optional<CRecursion> c_units;
    if (!inlined && inline_next_call_ != kInlineNone) {
        const std::string& n = fn->name;
        inlined = std::exchange(inline_next_call_, kInlineNone) == kInlineSubscr ? n == "__getitem__"
                                                                                 : n != "__getattr__" && n != "__get__";
    }
    if (!inlined) c_units.emplace(2, "");
    // A Python function called from inside a meta op (a Module's forward under its __call__) runs its
    // own ops by their own arguments (tensor/meta.h's MetaDispatchScope).
    std::optional<MetaScope> not_meta_op;
    if (meta_device_op()) not_meta_op.emplace(false);
    if (fn->code->code->flags & bytecode::CO_GENERATOR) return call_generator_function(fn, a, self);
    Ref<Function> keep(fn);  // the callee may drop the last other reference (a lambda passed in)
    Frame f;
    f.code = fn->code.get();
    f.co = f.code->code.get();
    f.func = fn;
    f.globals = fn->globals.get();
    f.fast.resize(f.co->varnames.size());
    bind_arguments(f, fn, a, self);
    if (f.code->ncells) setup_cells(f, fn);
    f.stack.resize(size_t(f.co->stacksize));
    DepthGuard depth(*this);
    return eval_frame(f);
}

}  // namespace kiln::vm

namespace kiln::vm {

// A generator function's frame lives in its Generator. It is evaluated through the hook like any
// call; its first instruction, RETURN_GENERATOR, returns the generator (generator.h).
Value Interpreter::call_generator_function(Function* fn, const CallArgs& a, const Value* self) {
    Ref<Generator> gen = new_generator(fn);
    Frame& f = gen->frame;
    f.code = fn->code.get();
    f.co = f.code->code.get();
    f.func = fn;
    f.globals = fn->globals.get();
    f.fast.resize(f.co->varnames.size());
    bind_arguments(f, fn, a, self);
    if (f.code->ncells) setup_cells(f, fn);
    f.stack.resize(size_t(f.co->stacksize));
    DepthGuard depth(*this);
    return eval_frame(f);
}

}  // namespace kiln::vm
