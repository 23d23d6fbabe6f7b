// The exception classes' behaviour: construction (args), __init__, and the attributes programs read.
//
// The hierarchy itself is in typetable.h/types.cpp; tracebacks are printed by
// Interpreter::format_exception. A user class deriving from Exception is allocated here with the
// call's positional arguments as .args (BaseException.__new__), before its own __init__ runs.
#include "vm/interpreter.h"
#include "vm/ops.h"

namespace kiln::vm {

namespace {
// CPython's ImportError_init: args from the positionals (after `first`), msg the lone one (else
// None), and the keywords name, path and name_from (each None when not given).
void init_import_error(ExceptionObj* e, const CallArgs& a, size_t first) {
    e->args = new_tuple(std::vector<Value>(a.args + first, a.args + a.nargs));
    e->dict.set("msg", a.nargs - first == 1 ? a.args[first] : Value::none());
    for (const char* k : {"name", "path", "name_from"}) e->dict.set(k, Value::none());
    for (size_t k = 0; k < a.nkw; ++k) {
        const std::string& key = str_of(a.kwnames->items[k]);
        if (key != "name" && key != "path" && key != "name_from")
            raise(types().TypeError, str("'", key, "' is an invalid keyword argument for ", e->type->name, "()"));
        e->dict.set(key, a.kwvalues[k]);
    }
}

Value make_exception(Type* cls, const CallArgs& a) {
    // NameError keeps .name and AttributeError .name and .obj (None unless given as keywords or set
    // by a failed lookup, ops.cpp): the uncaught-exception printer's "Did you mean" reads them.
    const bool attr_error = cls->is_subtype_of(types().AttributeError);
    const bool named = attr_error || cls->is_subtype_of(types().NameError);
    if (cls->is_subtype_of(types().ImportError)) {
        auto e = make<ExceptionObj>(cls);
        init_import_error(e.get(), a, 0);
        return Value(e.get());
    }
    if (a.nkw && !named) raise(types().TypeError, str(cls->name, "() takes no keyword arguments"));
    auto e = make<ExceptionObj>(cls);
    e->args = new_tuple(std::vector<Value>(a.args, a.args + a.nargs));
    if (named) {
        for (size_t k = 0; k < a.nkw; ++k) {
            const std::string& key = str_of(a.kwnames->items[k]);
            if (key != "name" && !(attr_error && key == "obj"))
                raise(types().TypeError, str("'", key, "' is an invalid keyword argument for ", cls->name, "()"));
            e->dict.set(key, a.kwvalues[k]);
        }
    }
    return Value(e.get());
}
}  // namespace

Type* make_exception_type(const char* name, Type* base, const char* module) {
    Type* e = make_builtin_type(name, base, Kind::Exception, module);
    e->is_exception = true;
    e->construct = [e](Interpreter&, const CallArgs& a) { return make_exception(e, a); };
    return e;
}

void register_exception_methods(const TypeTable& t) {
    for (Type* e : t.exceptions) {
        e->construct = [e](Interpreter&, const CallArgs& a) { return make_exception(e, a); };
    }
    register_exception_group_methods(t);
    t.BaseException->allocate = [](Interpreter&, Type* cls, const CallArgs& a) {
        CallArgs pos = a;
        pos.nkw = 0;  // keywords go to the subclass's __init__
        pos.kwnames = nullptr;
        return make_exception(cls, pos);
    };
    def_method(t.BaseException, "__init__", [](Interpreter&, const CallArgs& a) {
        auto* e = a.args[0].as<ExceptionObj>();
        if (!e) raise(types().TypeError, "descriptor '__init__' requires a 'BaseException' object");
        e->args = new_tuple(std::vector<Value>(a.args + 1, a.args + a.nargs));
        return Value::none();
    });
    def_method(t.ImportError, "__init__", [](Interpreter&, const CallArgs& a) {
        auto* e = a.args[0].as<ExceptionObj>();
        if (!e) raise(types().TypeError, "descriptor '__init__' requires a 'ImportError' object");
        init_import_error(e, a, 1);
        return Value::none();
    });
    // with_traceback: host_sys.cpp, beside the __traceback__ setter it shares
    // PEP 678 (CPython 3.11's BaseException_add_note): notes live in the instance's __notes__ list.
    def_method(t.BaseException, "add_note", [](Interpreter&, const CallArgs& a) {
        auto* e = a.args[0].as<ExceptionObj>();
        if (!e) raise(types().TypeError, "descriptor 'add_note' requires a 'BaseException' object");
        if (a.nargs != 2) raise(types().TypeError, str("BaseException.add_note() takes exactly one argument (", a.nargs - 1, " given)"));
        if (!a.args[1].is(Kind::Str))
            raise(types().TypeError, str("note must be a str, not '", type_name(a.args[1]), "'"));
        Value* notes = e->dict.find("__notes__");
        if (!notes) {
            e->dict.set("__notes__", new_list({a.args[1]}));
            return Value::none();
        }
        if (!notes->is(Kind::List)) raise(types().TypeError, "Cannot add note: __notes__ is not a list");
        notes->get<List>()->items.push_back(a.args[1]);
        return Value::none();
    });

    // SyntaxError(msg, (filename, lineno, offset, text[, end_lineno, end_offset])): CPython's
    // SyntaxError_init keeps the parts as attributes (None when absent); str() is
    // "msg (file, line N)" with the file's base name.
    auto init_syntax_error = [](ExceptionObj* e, const CallArgs& a, size_t first) {
        static const char* const kNames[] = {"msg", "filename", "lineno", "offset", "text", "end_lineno", "end_offset",
                                             "print_file_and_line"};
        for (const char* n : kNames) e->dict.set(n, Value::none());
        const size_t n = a.nargs - first;
        if (n >= 1) e->dict.set("msg", a.args[first]);
        if (n == 2) {
            Interpreter& in = current_interpreter();
            std::vector<Value> info = to_vector(in, a.args[first + 1]);
            if (info.size() < 4) raise(types().TypeError, str("function takes at least 4 arguments (", info.size(), " given)"));
            if (info.size() > 6) raise(types().TypeError, str("function takes at most 6 arguments (", info.size(), " given)"));
            for (size_t k = 0; k < info.size(); ++k) e->dict.set(kNames[k + 1], info[k]);
        }
    };
    for (Type* e : t.exceptions)
        if (e->is_subtype_of(t.SyntaxError))  // SyntaxError, IndentationError, TabError
            e->construct = [e, init_syntax_error](Interpreter&, const CallArgs& a) {
                Value v = make_exception(e, a);
                init_syntax_error(v.get<ExceptionObj>(), a, 0);
                return v;
            };
    def_method(t.SyntaxError, "__init__", [init_syntax_error](Interpreter&, const CallArgs& a) {
        auto* e = a.args[0].as<ExceptionObj>();
        if (!e) raise(types().TypeError, "descriptor '__init__' requires a 'SyntaxError' object");
        e->args = new_tuple(std::vector<Value>(a.args + 1, a.args + a.nargs));
        init_syntax_error(e, a, 1);
        return Value::none();
    });
    def_method(t.SyntaxError, "__str__", [](Interpreter& in, const CallArgs& a) {
        auto* e = a.args[0].as<ExceptionObj>();
        if (!e) raise(types().TypeError, "descriptor '__str__' requires a 'SyntaxError' object");
        auto attr = [&](const char* n) {
            const Value* v = e->dict.find(n);
            return v ? *v : Value::none();
        };
        // Made natively without the attributes (a kiln::Error turned into a SyntaxError): its args.
        if (!e->dict.find("msg")) {
            const auto& args = e->args.get<Tuple>()->items;
            return new_str(args.empty() ? std::string() : args.size() == 1 ? to_str(in, args[0]) : to_str(in, e->args));
        }
        Value msg = attr("msg"), fn = attr("filename"), ln = attr("lineno");
        std::string file;
        if (fn.is(Kind::Str)) {
            file = str_of(fn);
            if (size_t slash = file.rfind('/'); slash != std::string::npos) file = file.substr(slash + 1);
        }
        const bool have_file = fn.is(Kind::Str), have_line = ln.is_int();
        std::string m = to_str(in, msg);
        if (have_file && have_line) return new_str(str(m, " (", file, ", line ", ln.as_int(), ")"));
        if (have_file) return new_str(str(m, " (", file, ")"));
        if (have_line) return new_str(str(m, " (line ", ln.as_int(), ")"));
        return new_str(m);
    });
}

}  // namespace kiln::vm
