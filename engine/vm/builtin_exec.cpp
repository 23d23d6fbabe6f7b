// exec(), eval() and compile(): source text compiled at run time by the same parser and compiler
// that compile the program (lang/, bytecode/), run on the same instruction loop.
//
// Namespaces. A function's globals are a module (ModuleObj), so the globals dict given to exec/eval
// is served by one:
//   - no globals: the calling frame's module, and its namespace (module or class body) as locals;
//     inside a function, locals are a snapshot of the function's variables (writes are not seen by
//     the function, as in CPython, whose function locals() is a snapshot too);
//   - globals() (a dict mirroring a module): that module itself;
//   - any other dict: a module made for it on first use and kept as the dict's mirror, so later
//     writes to the dict reach the module and a second exec with the same dict sees the first one's
//     functions. Its entries are copied in before the code runs and the module's names copied back
//     (removed names removed) after it, also when the code raises. What Kiln cannot reproduce: a
//     function defined by the code and called later, after the dict was changed by something other
//     than item assignment/deletion, sees the module, not the dict (the dict is a copy in between).
//   - a separate locals mapping (a dict) is copied into the frame's name table and back after.
// `__builtins__` is added to a globals dict that lacks it (the `builtins` module), as CPython does.
// The source's filename is "<string>" (compile() takes one); no source lines are kept for it, so
// tracebacks show `File "<string>", line N, in <module>` without a line, as CPython's do.
// Syntax errors raise SyntaxError "msg (<string>, line N)" with msg/filename/lineno/offset/text.
// compile(mode='single') (the interactive prompt's mode) and flags/optimize other than the defaults
// raise NotImplementedError.
#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>

#include "bytecode/compiler.h"
#include "lang/parser.h"
#include "vm/args.h"
#include "vm/host.h"
#include "vm/interpreter.h"
#include "vm/ops.h"

namespace kiln::vm {

namespace {

bool is_none(const Value& v) { return v.is_null() || v.is_none(); }

std::string source_text(Interpreter& in, const Value& v, const char* fname) {
    std::string text;
    if (v.is(Kind::Str)) {
        text = std::string(str_of(v));
    } else if (type_of(v)->name == "bytes" || type_of(v)->name == "bytearray") {
        Value s = in.call_method(v, "decode", {});
        text = std::string(str_of(s));
    } else {
        raise(types().TypeError, str(fname, "() arg 1 must be a string, bytes or code object"));
    }
    // CPython's _Py_SourceAsString: a NUL in a source string is refused before it is tokenized,
    // without a location (a file's NUL is the tokenizer's "source code cannot contain null bytes")
    if (text.find('\0') != std::string::npos)
        raise(types().SyntaxError, "source code string cannot contain null bytes");
    return text;
}

// The text of line `n` (1-based) of `text`, for SyntaxError.text.
std::string line_of(const std::string& text, int n) {
    size_t pos = 0;
    for (int i = 1; i < n && pos != std::string::npos; ++i) {
        pos = text.find('\n', pos);
        if (pos != std::string::npos) ++pos;
    }
    if (pos == std::string::npos || pos > text.size()) return "";
    size_t end = text.find('\n', pos);
    return text.substr(pos, end == std::string::npos ? std::string::npos : end - pos + 1);
}

[[noreturn]] void raise_syntax(const lang::SyntaxError& e, const std::string& filename, const std::string& text) {
    // The parser's resource limits are CPython's MemoryError and RecursionError, not SyntaxErrors.
    if (e.kind_name() == "MemoryError") raise(types().MemoryError, e.cpython_message());
    if (e.kind_name() == "RecursionError") raise(types().RecursionError, e.cpython_message());
    // CPython's text (Kiln's " (hint: ...)" left out): str(e) is "msg (file, line N)"
    Value exc = new_exception(types().SyntaxError, {new_str(str(e.cpython_message(), " (", filename, ", line ", e.line(), ")"))});
    auto* obj = exc.get<ExceptionObj>();
    obj->dict.set("msg", new_str(e.cpython_message()));
    obj->dict.set("filename", new_str(filename));
    obj->dict.set("lineno", Value::integer(e.line()));
    obj->dict.set("offset", Value::integer(e.col()));
    obj->dict.set("text", new_str(line_of(text, e.line())));
    throw PyError(exc);
}

// Compiles `text`: a module (exec mode) or one expression whose value the code returns (eval mode).
Ref<Code> compile_text(const std::string& text, const std::string& filename, bool eval_mode) {
    try {
        if (!eval_mode) return make<Code>(bytecode::compile_module(lang::parse_module(text, filename), filename));
        // eval() ignores leading spaces and tabs (CPython strips them before parsing).
        size_t start = text.find_first_not_of(" \t");
        lang::ExprPtr e = lang::parse_expression(start == std::string::npos ? std::string_view() : std::string_view(text).substr(start), filename);
        lang::Module m;
        m.filename = filename;
        auto ret = std::make_unique<lang::Return>();
        ret->span = e->span;
        m.span = e->span;
        ret->value = std::move(e);
        m.body.push_back(std::move(ret));
        return make<Code>(bytecode::compile_module(m, filename));
    } catch (const lang::SyntaxError& err) {
        raise_syntax(err, filename, text);
    }
}

// compile(text, filename, ...) of a file's text (a driver's exec(compile(open(f).read(), f, 'exec')),
// runpy.run_path): CPython's tracebacks and inspect read the lines of the named file through
// linecache, so the interpreter keeps that file's text under its name, as it keeps the program's.
// Names in angle brackets ("<string>") and files the program cannot read (missing, outside the
// sandbox) have no lines, as in CPython; a name already known keeps its text.
void remember_named_file(Interpreter& in, const std::string& filename) {
    if (filename.empty() || (filename.front() == '<' && filename.back() == '>') || in.source_text(filename)) return;
    std::string real;
    try {
        real = checked_path(in, new_str(filename), "compile");
    } catch (PyError&) {
        return;
    }
    std::ifstream file(real, std::ios::binary);
    if (!file) return;
    std::ostringstream text;
    text << file.rdbuf();
    if (file.bad()) return;
    in.remember_source(filename, text.str());
}

Value builtins_module(Interpreter& in) { return Value(in.import_module("builtins").get()); }

// Copies a dict's str-keyed entries into `names` (other keys cannot be names; CPython keeps them
// in the dict, and so does this, since only str keys are written back or removed).
void fill_names(const Dict& d, StrMap& names) {
    d.for_each([&](const Value& k, const Value& v) {
        if (k.is(Kind::Str)) names.set(str_of(k), v);
    });
}

// Writes `names` back into `d`: every name set, and the dict's str keys the code deleted removed.
void write_back(StrMap& names, Dict& d) {
    Ref<Object> mirror = d.mirror;
    d.mirror.reset();  // the names are the module's already: no need to write them through
    std::vector<Value> gone;
    d.for_each([&](const Value& k, const Value&) {
        if (k.is(Kind::Str) && !names.find(str_of(k))) gone.push_back(k);
    });
    for (const Value& k : gone) d.erase(k);
    names.for_each([&](const std::string& k, const Value& v) { d.set(new_str(k), v); });
    d.mirror = mirror;
}

Value run_in(Interpreter& in, Ref<Code> code, const Value& globals, const Value& locals, const char* fname) {
    Frame* caller = in.current_frame();
    Ref<ModuleObj> module;
    Dict* gdict = nullptr;
    StrMap* names = nullptr;
    StrMap local_names;  // a snapshot or a separate locals dict's names
    Dict* ldict = nullptr;

    if (is_none(globals)) {
        if (!caller || !caller->globals) raise(types().RuntimeError, str(fname, "(): no current frame"));
        module = Ref<ModuleObj>(caller->globals);
        if (is_none(locals)) {
            if (caller->names) {
                names = caller->names;
            } else {
                // A function's variables as locals() gives them: a snapshot.
                if (const Value* fn = in.builtins().find("locals")) {
                    Value snap = in.call(*fn, std::vector<Value>{});
                    if (auto* d = snap.as<Dict>()) fill_names(*d, local_names);
                }
                names = &local_names;
            }
        }
    } else {
        gdict = globals.as<Dict>();
        if (!gdict) {  // dict subclasses are dicts here too, as PyDict_Check accepts them
            // builtin_eval_impl words it apart from exec, by whether globals is a mapping at all
            // (PyMapping_Check: its type has __getitem__)
            if (std::string(fname) == "eval")
                raise(types().TypeError, type_of(globals)->lookup("__getitem__")
                                             ? "globals must be a real dict; try eval(expr, {}, mapping)"
                                             : "globals must be a dict");
            raise(types().TypeError, str(fname, "() globals must be a dict, not ", type_name(globals)));
        }
        if (gdict->mirror && gdict->mirror->kind == Kind::Module) {
            module = Ref<ModuleObj>(static_cast<ModuleObj*>(gdict->mirror.get()));
        } else {
            module = make<ModuleObj>("__main__");
            if (!gdict->mirror) gdict->mirror = Ref<Object>(module.get());
        }
        fill_names(*gdict, module->dict);
        if (!module->dict.find("__builtins__")) {
            Value b = builtins_module(in);
            module->dict.set("__builtins__", b);
            Ref<Object> mirror = gdict->mirror;
            gdict->mirror.reset();
            gdict->set(new_str("__builtins__"), b);
            gdict->mirror = mirror;
        }
        if (const Value* n = module->dict.find("__name__"); n && n->is(Kind::Str)) module->name = str_of(*n);
    }
    if (!is_none(locals)) {
        ldict = locals.as<Dict>();
        if (!ldict) raise(types().TypeError, str("locals must be a mapping"));
        if (ldict->mirror && ldict->mirror.get() == module.get()) {
            ldict = nullptr;  // globals() given as locals too: the module's namespace itself
            names = &module->dict;
        } else {
            fill_names(*ldict, local_names);
            names = &local_names;
        }
    }
    if (!names) names = &module->dict;

    Frame f;
    f.code = code.get();
    f.co = code->code.get();
    f.globals = module.get();
    f.names = names;
    f.fast.resize(f.co->varnames.size());
    f.cells.resize(size_t(code->ncells));
    for (auto& c : f.cells) c = make<Cell>();
    f.stack.resize(size_t(f.co->stacksize));
    auto finish = [&] {
        if (gdict) write_back(module->dict, *gdict);
        if (ldict) write_back(local_names, *ldict);
    };
    Value result;
    try {
        Interpreter::DepthGuard depth(in);
        result = in.eval_frame(f);
    } catch (...) {
        finish();
        throw;
    }
    finish();
    return result;
}

Ref<Code> code_arg(Interpreter& in, const Value& v, bool eval_mode, const char* fname) {
    if (v.is(Kind::Code)) return Ref<Code>(v.get<Code>());
    return compile_text(source_text(in, v, fname), "<string>", eval_mode);
}

}  // namespace

Value builtin_dir(Interpreter& in, const CallArgs& a);  // below

void install_exec_builtins(Interpreter& in, StrMap& b) {
    (void)in;
    auto def = [&](const char* name, NativeFn fn) { b.set(name, Value(make<Builtin>(name, std::move(fn)).get())); };
    def("dir", builtin_dir);
    def("exec", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("exec(source, globals=None, locals=None, /, *, closure=None)");
        auto v = sig.bind(a);
        if (!is_none(v[3])) raise(types().NotImplementedError, "exec(closure=...) is not supported in Kiln");
        Ref<Code> code = code_arg(in, v[0], false, "exec");
        run_in(in, code, v[1], v[2], "exec");
        return none();
    });
    def("eval", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("eval(source, globals=None, locals=None, /)");
        auto v = sig.bind(a);
        Ref<Code> code = code_arg(in, v[0], true, "eval");
        Value r = run_in(in, code, v[1], v[2], "eval");
        // A code object compiled in exec mode returns None, as CPython's eval of one does.
        return r;
    });
    def("compile", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("compile(source, filename, mode, flags=0, dont_inherit=False, optimize=-1)");
        auto v = sig.bind(a);
        if (v[0].is(Kind::Code)) return v[0];
        if (!v[1].is(Kind::Str)) raise(types().TypeError, str("compile() argument 'filename' must be str, not ", type_name(v[1])));
        if (!v[2].is(Kind::Str)) raise(types().TypeError, str("compile() argument 'mode' must be str, not ", type_name(v[2])));
        const std::string& mode = str_of(v[2]);
        if (mode != "exec" && mode != "eval" && mode != "single")
            raise(types().ValueError, "compile() mode must be 'exec', 'eval' or 'single'");
        if (mode == "single")
            raise(types().NotImplementedError, "compile(mode='single') (the interactive prompt's mode) is not supported in Kiln; use 'exec'");
        if (to_int(v[3], "flags") != 0)
            raise(types().NotImplementedError, "compile(flags=...) is not supported in Kiln (no ast objects, no future flags)");
        Ref<Code> code = compile_text(source_text(in, v[0], "compile"), str_of(v[1]), mode == "eval");
        remember_named_file(in, str_of(v[1]));
        return Value(code.get());
    });
    // __import__(name, globals, locals, fromlist, level): the module named, or its top-level
    // package when fromlist is empty (what `import a.b` binds). Relative imports (level > 0) need
    // the importing frame's package: the caller's.
    def("__import__", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("__import__(name, globals=None, locals=None, fromlist=(), level=0)");
        auto v = sig.bind(a);
        if (!v[0].is(Kind::Str)) raise(types().TypeError, str("__import__() argument 1 must be str, not ", type_name(v[0])));
        std::string name = str_of(v[0]);
        int64_t level = to_int(v[4], "level");
        if (level < 0) raise(types().ValueError, "level must be >= 0");
        if (level > 0) {
            Frame* f = in.current_frame();
            if (!f) raise(types().ImportError, "attempted relative import with no known parent package");
            name = in.resolve_relative_import(*f, name, level);
        } else if (name.empty()) {
            raise(types().ValueError, "Empty module name");
        }
        Ref<ModuleObj> m = in.import_module(name);
        bool from = !is_none(v[3]) && truthy(in, v[3]);
        if (from || level > 0) return Value(m.get());
        size_t dot = name.find('.');
        return dot == std::string::npos ? Value(m.get()) : Value(in.import_module(name.substr(0, dot)).get());
    });
}

// dir([object]): the sorted names of the current scope, or of an object: its __dir__ when its class
// defines one in Python, else its own namespace (a module's dict, an instance's dict) plus every
// class in its type's MRO (for a class: the class and its bases). Built-in types list the methods
// Kiln defines for them, which may be fewer dunders than CPython's.
Value builtin_dir(Interpreter& in, const CallArgs& a) {
    if (a.nkw) raise(types().TypeError, "dir() takes no keyword arguments");
    if (a.nargs > 1) raise(types().TypeError, str("dir expected at most 1 argument, got ", a.nargs));
    std::vector<std::string> names;
    auto add_map = [&](const StrMap& m) { m.for_each([&](const std::string& k, const Value&) { names.push_back(k); }); };
    if (a.nargs == 0) {
        const Value* fn = in.builtins().find("locals");
        Value d = fn ? in.call(*fn, std::vector<Value>{}) : Value();
        if (auto* dd = d.as<Dict>())
            dd->for_each([&](const Value& k, const Value&) {
                if (k.is(Kind::Str)) names.push_back(str_of(k));
            });
    } else {
        const Value& obj = a.args[0];
        Value custom = obj.is(Kind::Instance) ? find_dunder(obj, "__dir__") : Value();
        if (!custom.is_null()) {
            Value r = in.call(custom, {obj});
            std::vector<Value> items = to_vector(in, r);
            std::vector<Value> sorted_items = items;
            Value lst = new_list(std::move(sorted_items));
            in.call_method(lst, "sort", {});
            return lst;
        }
        // a class's __slots__ names are its attributes too (CPython's member descriptors)
        // and a class without __slots__ has the __dict__ and __weakref__ descriptors CPython's type_new adds
        auto add_class = [&](const Type* c) {
            add_map(c->dict);
            names.insert(names.end(), c->slots.begin(), c->slots.end());
            if (!c->builtin && !c->dict.find("__slots__")) {
                names.push_back("__dict__");
                names.push_back("__weakref__");
            }
        };
        if (auto* t = obj.as<Type>()) {
            for (Type* c : t->mro) add_class(c);
        } else {
            if (StrMap* d = attribute_dict(obj)) add_map(*d);
            if (!obj.is(Kind::Module))
                for (Type* c : type_of(obj)->mro) add_class(c);
        }
        if (!obj.is(Kind::Module)) names.push_back("__class__");
    }
    std::sort(names.begin(), names.end());
    names.erase(std::unique(names.begin(), names.end()), names.end());
    std::vector<Value> out;
    for (auto& n : names) out.push_back(new_str(n));
    return new_list(std::move(out));
}

// types.MethodType(func, obj) and types.ModuleType(name, doc=None): the `method` and `module`
// types made callable, as CPython's are.
void register_core_constructors() {
    types().method->construct = [](Interpreter&, const CallArgs& a) -> Value {
        static const Signature sig("method(function, instance, /)");
        auto v = sig.bind(a);
        if (!v[1].is_null() && v[1].is_none()) raise(types().TypeError, "instance must not be None");
        return Value(make<BoundMethod>(v[0], v[1]).get());
    };
    types().module->construct = [](Interpreter&, const CallArgs& a) -> Value {
        static const Signature sig("module(name, doc=None)");
        auto v = sig.bind(a);
        if (!v[0].is(Kind::Str)) raise(types().TypeError, str("module.__init__() argument 'name' must be str, not ", type_name(v[0])));
        auto m = make<ModuleObj>(str_of(v[0]));
        m->dict.set("__name__", v[0]);
        m->dict.set("__doc__", v[1]);
        m->dict.set("__package__", none());
        return Value(m.get());
    };
}

// `builtins`: the builtin names as a module. Its dict is a copy made at import; an assignment or a
// deletion through the module (builtins.print = f) changes the interpreter's table too (ops.cpp's
// generic_setattr), so the name means the new thing everywhere, as in CPython.
void register_builtins_module() {
    register_core_constructors();
    Interpreter::register_module("builtins", [](Interpreter& in, ModuleObj& m) {
        in.builtins().for_each([&](const std::string& k, const Value& v) { m.dict.set(k, v); });
    });
}

}  // namespace kiln::vm
