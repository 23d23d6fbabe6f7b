// The instruction loop: one case per opcode, in opcodes.def order, plus frame setup, error
// unwinding through the block stack, and running whole programs.
#include "vm/interpreter.h"

#include <algorithm>
#include <set>
#include <unordered_set>
#include <cstdio>
#include <limits>
#include <mutex>
#include <new>
#include <optional>
#include <stdexcept>

#include "autograd/grad_mode.h"
#include "bytecode/compiler.h"
#include "lang/parser.h"
#include "ops/autocast.h"
#include "support/heap_accounting.h"
#include "support/stack.h"
#include "tensor/meta.h"
#include "vm/code_cache.h"
#include "vm/comprehension_frames.h"
#include "vm/generator.h"
#include "vm/host.h"
#include "vm/ops.h"
#include "vm/patma.h"
#include "vm/text_format.h"

namespace kiln::vm {

using bytecode::Opcode;

namespace {
thread_local Interpreter* g_current = nullptr;

std::map<std::string, Interpreter::ModuleFactory>& module_factories() {
    static std::map<std::string, Interpreter::ModuleFactory> m;
    return m;
}

struct SourceModule {
    const char* source;
    bool package;
    // The module's compiled code, made at its first import in this process and shared by every
    // interpreter after it (the playground and the fuzzer start a fresh interpreter per run, and
    // `import torch` alone parses and compiles typing, dataclasses, enum...). The text never changes
    // (it must outlive the process) and a CodeObject is immutable and holds no heap object, so
    // reusing it is the same as compiling again: each interpreter still runs the module's body in a
    // fresh module dict.
    std::shared_ptr<const bytecode::CodeObject> code;
};
std::mutex& source_code_mutex() {  // the desktop app runs programs on a thread beside the UI's
    static std::mutex m;
    return m;
}
std::map<std::string, SourceModule>& source_modules() {
    static std::map<std::string, SourceModule> m;
    return m;
}

Type* limit_error_type() {
    static Type* t = [] {
        Type* e = make_builtin_type("KilnLimitError", types().BaseException, Kind::Exception, "kiln");
        e->is_exception = true;
        e->allocate = types().BaseException->allocate;
        e->construct = types().BaseException->construct;
        return e;
    }();
    return t;
}

uint64_t g_frame_serial = 0;
// Numbers the states of exceptions' tracebacks (ExceptionObj::tb_serial).
uint64_t g_tb_serial = 0;
}  // namespace

// KilnLimitError, for the natives that enforce limits of their own (time.sleep).
Type* kiln_limit_error_type() { return limit_error_type(); }

Interpreter& current_interpreter() { return *g_current; }
Interpreter* current_interpreter_or_null() { return g_current; }

void install_builtins(Interpreter& in);  // builtins.cpp
int system_exit_status(Interpreter& in, const Value& exc);  // host_sys.cpp
// iter.cpp: a MemoryError at once when `iterable` states a length (a range, __len__,
// __length_hint__) over Kiln's limit for one list, as CPython's preallocation in list() fails
void check_list_size_hint(Interpreter& in, const Value& iterable);

// Links a frame into the chain of running frames for its lifetime.
struct FrameGuard {
    FrameGuard(Interpreter& in, Frame& f) : in_(in) {
        f.back = in.frame_;
        in.frame_ = &f;
    }
    ~FrameGuard() {
        Frame* f = in_.frame_;
        if (f->pyframe) detach_frame_object(*f);  // a frame object outlives the call with its last locals
        in_.frame_ = f->back;
    }
    // The next instruction goes through instruction_limit_reached() (pending __del__ calls run there).
    static void request_safe_point(Interpreter& in) { in.instruction_limit_ = in.executed_; }
    Interpreter& in_;
};

// ---- __del__ ------------------------------------------------------------------------------------
// An instance of a class with __del__ whose count reaches zero is kept alive (its count set back to
// one, held by the queue) and finalized at the next instruction: __del__ runs at a point where user
// code may run, never inside a native's container operation that happened to drop the last
// reference. CPython calls __del__ once per object (PEP 442): a resurrected object is freed later
// without a second call. Errors are printed as "Exception ignored in: ..." and the program goes on.
extern bool (*g_finalizer_hook)(Object*);  // heap.cpp

namespace {
std::vector<Object*> g_pending_finalizers;
std::unordered_set<Object*> g_finalized;

bool finalizer_hook(Object* o) {
    // First what is cheap and always valid: at teardown types may go before their instances.
    Interpreter* in = current_interpreter_or_null();
    if (!in || in->finalizing() || !o->type || o->type->builtin) return false;
    if (!g_finalized.empty() && g_finalized.erase(o)) return false;  // its __del__ ran: free it now
    const Value* del = o->type->lookup("__del__");
    if (!del || !del->is(Kind::Function)) return false;
    o->refcount = 1;  // the queue's reference
    g_pending_finalizers.push_back(o);
    FrameGuard::request_safe_point(*in);
    return true;
}

}  // namespace

// Weak references whose referent died (weakrefs.cpp): their callbacks run at the same safe points.
bool weakref_callbacks_pending();
void run_weakref_callbacks(Interpreter& in);
void drop_weakref_callbacks();
void request_weakref_safe_point() {
    if (Interpreter* in = current_interpreter_or_null()) FrameGuard::request_safe_point(*in);
}

namespace {
void run_pending_finalizers(Interpreter& in) {
    // a __del__ may free what weak references point to, and a callback what has a __del__
    do {
        if (weakref_callbacks_pending()) run_weakref_callbacks(in);
        while (!g_pending_finalizers.empty()) {
            Object* o = g_pending_finalizers.front();
            g_pending_finalizers.erase(g_pending_finalizers.begin());
            Value self(o);  // a second reference...
            decref(o);      // ...replaces the queue's
            g_finalized.insert(o);
            const Value* del = o->type->lookup("__del__");
            if (!del || !del->is(Kind::Function)) continue;
            Value fn = *del;
            try {
                in.call(fn, {self});
            } catch (PyError& e) {
                // A spent budget or a Stop is raised again by the program's next instruction.
                if (type_of(e.exc)->name != "KilnLimitError")
                    in.write_err(str("Exception ignored in: ", repr(in, fn), "\n", in.format_exception(e.exc)));
            }
        }
    } while (weakref_callbacks_pending());
}
}  // namespace

bool inlined_comprehension(const Frame& f) {
    if (!f.co || !f.back) return false;
    const std::string& n = f.co->name;
    return n == "<listcomp>" || n == "<setcomp>" || n == "<dictcomp>";
}

int Frame::line() const {
    if (!co || co->code.empty()) return 0;
    return co->code[size_t(std::min<int>(lasti, int(co->code.size()) - 1))].span.line;
}

Interpreter::Interpreter(Options options) : options_(std::move(options)), heap_scope_((types(), &heap_)) {
    if (!options_.out) options_.out = [](std::string_view s) { std::fwrite(s.data(), 1, s.size(), stdout); };
    // stdout is flushed before anything goes to stderr, so a traceback follows the program's output
    // in a terminal instead of cutting into a buffered line.
    if (!options_.err)
        options_.err = [](std::string_view s) {
            std::fflush(stdout);
            std::fwrite(s.data(), 1, s.size(), stderr);
        };
    prev_interpreter_ = g_current;
    g_current = this;
    prev_torch_ = {autograd::grad_enabled(), int(default_float_dtype()), amp::enabled(Device::CPU), amp::enabled(Device::CUDA),
                   int(amp::dtype(Device::CPU)), int(amp::dtype(Device::CUDA))};
    autograd::set_grad_enabled(true);
    set_default_float_dtype(DType::Float32);
    amp::set_enabled(Device::CPU, false);
    amp::set_enabled(Device::CUDA, false);
    amp::set_dtype(Device::CPU, DType::BFloat16);
    amp::set_dtype(Device::CUDA, DType::Float16);
    prev_memory_limit_ = cpu_memory_limit();
    prev_memory_hint_ = cpu_memory_limit_hint();
    if (options_.max_tensor_bytes) set_cpu_memory_limit(options_.max_tensor_bytes, options_.memory_hint);
    prev_heap_cap_ = heap_cap();
    if (options_.max_heap_bytes) set_heap_cap(options_.max_heap_bytes);
    const HeapTripHook prev_trip = exchange_heap_trip_hook({&Interpreter::heap_tripped, this});
    prev_heap_trip_ = {prev_trip.fn, prev_trip.ctx};
    instruction_limit_ = options_.max_instructions ? options_.max_instructions : std::numeric_limits<uint64_t>::max();
    if (options_.poll && options_.poll_every) instruction_limit_ = std::min(instruction_limit_, options_.poll_every);
    install_builtins(*this);
    g_finalizer_hook = finalizer_hook;
}

// ops.cpp: puts back what this interpreter's program assigned to the shared built-in torch types
// (declared here, its only caller, rather than in the widely included ops.h).
void restore_builtin_type_patches(const Interpreter* owner);

Interpreter::~Interpreter() {
    finalizing_ = true;
    // objects still waiting for __del__ are freed without it (the hook declines while finalizing)
    while (!g_pending_finalizers.empty()) {
        Object* o = g_pending_finalizers.back();
        g_pending_finalizers.pop_back();
        decref(o);
    }
    drop_weakref_callbacks();
    handled_ = Value();
    // casts cached by an autocast region the program never left hold its parameters' tensors
    amp::reset_regions();
    modules_.clear();
    builtins_.clear();
    release_interned_strings(this);
    restore_builtin_type_patches(this);
    heap_.teardown();
    g_finalized.clear();
    set_cpu_memory_limit(prev_memory_limit_, prev_memory_hint_);
    exchange_heap_trip_hook({prev_heap_trip_.fn, prev_heap_trip_.ctx});
    if (options_.max_heap_bytes) set_heap_cap(prev_heap_cap_);
    autograd::set_grad_enabled(prev_torch_.grad);
    set_default_float_dtype(DType(prev_torch_.default_dtype));
    amp::set_enabled(Device::CPU, prev_torch_.autocast_cpu);
    amp::set_enabled(Device::CUDA, prev_torch_.autocast_cuda);
    amp::set_dtype(Device::CPU, DType(prev_torch_.autocast_cpu_dtype));
    amp::set_dtype(Device::CUDA, DType(prev_torch_.autocast_cuda_dtype));
    g_current = prev_interpreter_;
}

void Interpreter::register_module(const std::string& name, ModuleFactory factory) {
    module_factories()[name] = std::move(factory);
}

void Interpreter::register_source_module(const std::string& name, const char* source, bool package) {
    source_modules()[name] = {source, package, nullptr};
}

bool Interpreter::module_known(const std::string& name) {
    return module_factories().count(name) || source_modules().count(name);
}

namespace {
Interpreter::SourceFinder& source_finder() {
    static Interpreter::SourceFinder f;
    return f;
}
}  // namespace

void Interpreter::set_source_finder(SourceFinder finder) { source_finder() = std::move(finder); }

namespace {
// A callee as CPython's _PyObject_FunctionStr names it in call errors ("f() argument after *
// must be ...", "got multiple values for keyword argument"): module.qualname() unless the module
// is builtins; a bound method names its function; anything else its str().
}  // namespace

void check_concat_size(uint64_t bytes, const char* what);  // ops.cpp: the 1 GiB limit for one str/bytes
bool load_deferred_stdlib_module(const std::string& name, std::string& why);  // stdlib_archive.cpp

namespace {
// `from m import n` finding no n: CPython's ImportError with name (the module), path (its file or
// None) and name_from (n, which the uncaught-exception printer's "Did you mean" reads)
[[noreturn]] void raise_import_from_error(const ModuleObj* m, const std::string& n, const std::string& message, const Value* file) {
    Value e = new_exception(types().ImportError, {new_str(message)});
    auto& d = e.get<ExceptionObj>()->dict;
    d.set("msg", new_str(message));
    d.set("name", new_str(m->name));
    d.set("path", file ? *file : Value::none());
    d.set("name_from", new_str(n));
    throw PyError(e);
}

[[noreturn]] void raise_name_error(const std::string& name, const std::string& message) {
    Value e = new_exception(types().NameError, {new_str(message)});
    e.get<ExceptionObj>()->dict.set("name", new_str(name));  // for "Did you mean" (format_one_exception)
    throw PyError(e);
}

std::string function_str(Interpreter& in, const Value& callable) {
    if (auto* fn = callable.as<Function>())
        return (fn->globals && fn->globals->name != "builtins" ? fn->globals->name + "." : "") + fn->qualname + "()";
    if (auto* m = callable.as<BoundMethod>()) return function_str(in, m->func);
    if (auto* b = callable.as<Builtin>()) return (b->qualname.empty() ? b->name : b->qualname) + "()";
    if (auto* t = callable.as<Type>())
        return (t->module.empty() || t->module == "builtins" ? "" : t->module + ".") + t->qualname + "()";
    return to_str(in, callable);
}
}  // namespace

// sys.modules follows the interpreter's module table once sys is imported: a module appears when
// its import starts (as CPython's does) and goes away if that import fails.
void Interpreter::sync_sys_modules(const std::string& name, ModuleObj* m) {
    auto it = modules_.find("sys");
    if (it == modules_.end() || name.rfind("_kiln", 0) == 0) return;
    Value* d = it->second->dict.find("modules");
    if (!d || !d->is(Kind::Dict)) return;
    if (m) d->get<Dict>()->set(new_str(name), Value(m));
    else d->get<Dict>()->erase(new_str(name));
}

// sys.modules[name] when it holds an object other than a module (a module's code replaced itself
// there), else null.
Value Interpreter::sys_modules_object(const std::string& name) {
    auto it = modules_.find("sys");
    if (it == modules_.end()) return Value();
    const Value* d = it->second->dict.find("modules");
    if (!d || !d->is(Kind::Dict)) return Value();
    const Value* v = d->get<Dict>()->find(new_str(name));
    return v && !v->is(Kind::Module) ? *v : Value();
}

namespace {
// The parent package's attribute for its submodule `name`: what sys.modules holds for it (CPython).
void bind_submodule(Interpreter& in, ModuleObj& parent, const std::string& name, const Ref<ModuleObj>& m) {
    Value swapped = in.sys_modules_object(name);
    parent.dict.set(name.substr(name.rfind('.') + 1), swapped.is_null() ? Value(m.get()) : swapped);
}
}  // namespace

Value Interpreter::import_value(const std::string& name) {
    if (Value v = sys_modules_object(name); !v.is_null()) return v;
    // The parent first, then sys.modules again, as importlib's _find_and_load_unlocked does: the
    // parent's code may have put an object there under this name (torch._dynamo places its config
    // object as sys.modules['torch._dynamo.config'], so `import torch._dynamo.config` works first).
    if (size_t dot = name.rfind('.'); dot != std::string::npos && !modules_.count(name)) {
        if (stack_low()) raise(types().RecursionError, "maximum recursion depth exceeded while importing a module");
        import_value(name.substr(0, dot));
        if (Value v = sys_modules_object(name); !v.is_null()) return v;
    }
    Ref<ModuleObj> m = import_module(name);
    if (Value v = sys_modules_object(name); !v.is_null()) return v;
    return Value(m.get());
}

Ref<ModuleObj> Interpreter::import_module(const std::string& name) {
    auto it = modules_.find(name);
    if (it != modules_.end()) return it->second;
    // A module the program put in sys.modules itself (`sys.modules["pkg.sub"] = types.ModuleType(...)`,
    // a stand-in for an optional dependency, torch.nn's made-up homes for pickled classes): CPython's
    // import looks in sys.modules before any finder, so that module is the one imported.
    if (auto s = modules_.find("sys"); s != modules_.end()) {
        if (const Value* mods = s->second->dict.find("modules"); mods && mods->is(Kind::Dict)) {
            if (const Value* v = mods->get<Dict>()->find(new_str(name)); v && v->is(Kind::Module)) {
                Ref<ModuleObj> m(v->get<ModuleObj>());
                modules_[name] = m;
                return m;
            }
        }
    }
    // A dotted name imports its parents first, one level of recursion per component, as importlib's
    // _find_and_load does: a name of thousands of components (a hostile pickle's GLOBAL) ends in
    // RecursionError, not at the end of the C stack.
    if (stack_low()) raise(types().RecursionError, "maximum recursion depth exceeded while importing a module");
    auto f = module_factories().find(name);
    auto src = source_modules().find(name);
    if (f == module_factories().end() && src == source_modules().end()) {
        if (Ref<ModuleObj> user = import_user_module(name)) return user;
        // CPython's text exactly (str(e) is what programs test and print); a dotted name whose
        // parent is a module of the program without __path__ says so, as importlib's
        // _find_and_load_unlocked. Kiln's own modules get the plain text: whether CPython's module
        // of that name is a package (json is, os is not) is not what Kiln's layout says.
        std::string text = str("No module named '", name, "'");
        if (size_t dot = name.rfind('.'); dot != std::string::npos) {
            const std::string pname = name.substr(0, dot);
            auto p = modules_.find(pname);
            if (p != modules_.end() && !p->second->dict.find("__path__") && !source_modules().count(pname) &&
                !module_factories().count(pname))
                text += str("; '", pname, "' is not a package");
        }
        // With CPython's `msg`, `name` and `path` attributes: `except ImportError as e: if e.name == "x"`.
        Value msg = new_str(text);
        Value exc = new_exception(types().ModuleNotFoundError, {msg});
        setattr(*this, exc, "msg", msg);
        setattr(*this, exc, "name", new_str(name));
        setattr(*this, exc, "path", Value::none());
        raise_value(exc);
    }
    // Parents first, so `import torch.nn` binds torch with nn as an attribute.
    Ref<ModuleObj> parent;
    if (size_t dot = name.rfind('.'); dot != std::string::npos) {
        parent = import_module(name.substr(0, dot));
        // The parent's own code may have imported this module already (`from . import sub` in its
        // __init__): that module is the one, it does not run a second time.
        if (auto again = modules_.find(name); again != modules_.end()) return again->second;
    }
    auto m = make<ModuleObj>(name);
    m->dict.set("__name__", new_str(name));
    m->dict.set("__doc__", Value::none());  // module.__init__ sets it; a docstring overwrites it
    modules_[name] = m;  // before running it, so imports cycling back to it find it (as sys.modules)
    sync_sys_modules(name, m.get());
    try {
        if (f != module_factories().end()) {
            f->second(*this, *m);
            // what a native module defines is a module function (Builtin::module_function), but
            // for torch.nn.functional, whose functions are Python functions in PyTorch (they bind)
            if (name != "torch.nn.functional")
            m->dict.for_each([](const std::string&, const Value& v) {
                if (v.is(Kind::Builtin) && v.get<Builtin>()->self.is_null()) v.get<Builtin>()->module_function = true;
            });
        }
        if (src != source_modules().end()) {
            // A deferred module (the browser's NumPy, torchvision...: vm/stdlib_archive.h) has its
            // text fetched with its group's file now.
            if (!src->second.source) {
                std::string why;
                if (!load_deferred_stdlib_module(name, why)) raise(types().ImportError, str("cannot import ", name, ": ", why));
                if (!src->second.source) KILN_FAIL(RuntimeError, "internal error: the standard library file for ", name, " does not hold it");
            }
            // CPython names frozen modules' code "<frozen NAME>"; the text is kept so tracebacks
            // through stdlib code show their lines.
            std::string filename = "<frozen " + name + ">";
            sources_[filename] = src->second.source;
            if (src->second.package) m->dict.set("__path__", new_list({}));
            size_t dot = name.rfind('.');
            m->dict.set("__package__", new_str(src->second.package ? name : dot == std::string::npos ? "" : name.substr(0, dot)));
            std::shared_ptr<const bytecode::CodeObject> code;
            {
                std::lock_guard<std::mutex> lock(source_code_mutex());
                code = src->second.code;
            }
            if (!code) {
                code = stdlib_module_code(sources_[filename], filename);
                std::lock_guard<std::mutex> lock(source_code_mutex());
                src->second.code = code;
            }
            run_code(make<Code>(code), m);
        }
    } catch (...) {
        modules_.erase(name);  // a failed import leaves no half-made module behind (CPython: sys.modules)
        sync_sys_modules(name, nullptr);
        throw;
    }
    if (parent) bind_submodule(*this, *parent, name, m);
    return m;
}

// A module of the program's own (a file found through sys.path), or null. Parents first: `a.b`
// needs the package `a`, whose __path__ says where its submodules are.
// The program's modules whose code is running (CPython's __spec__._initializing): a `from m import x`
// that misses while m is still running is worded as CPython's circular-import error.
static std::unordered_set<const ModuleObj*>& initializing_modules() {
    static std::unordered_set<const ModuleObj*> set;
    return set;
}

Ref<ModuleObj> Interpreter::import_user_module(const std::string& name) {
    if (!source_finder()) return nullptr;
    Ref<ModuleObj> parent;
    if (size_t dot = name.rfind('.'); dot != std::string::npos) {
        parent = import_module(name.substr(0, dot));
        if (!parent->dict.find("__path__")) return nullptr;  // not a package: ModuleNotFoundError below
        // Imported by the parent's __init__ meanwhile (`from . import run`): not run a second time.
        if (auto again = modules_.find(name); again != modules_.end()) return again->second;
    }
    SourceFile file;
    if (!source_finder()(*this, name, file)) return nullptr;
    auto m = make<ModuleObj>(name);
    m->dict.set("__name__", new_str(name));
    m->dict.set("__doc__", Value::none());  // module.__init__ sets it; a docstring overwrites it
    size_t dot = name.rfind('.');
    if (!file.namespace_dirs.empty()) {
        // A namespace package runs no code; CPython sets its __file__ to None.
        std::vector<Value> path;
        for (const std::string& d : file.namespace_dirs) path.push_back(new_str(d));
        m->dict.set("__file__", Value::none());
        m->dict.set("__path__", new_list(std::move(path)));
        m->dict.set("__package__", new_str(name));
        modules_[name] = m;
        sync_sys_modules(name, m.get());
        if (parent) parent->dict.set(name.substr(dot + 1), Value(m.get()));
        return m;
    }
    m->dict.set("__file__", new_str(file.filename));
    if (file.package) {
        std::string dir = file.filename.substr(0, file.filename.rfind('/') == std::string::npos ? 0 : file.filename.rfind('/'));
        m->dict.set("__path__", new_list({new_str(dir)}));
    }
    m->dict.set("__package__", new_str(file.package ? name : dot == std::string::npos ? "" : name.substr(0, dot)));
    modules_[name] = m;  // before running it, so imports cycling back to it find it (as sys.modules)
    sync_sys_modules(name, m.get());
    try {
        sources_[file.filename] = std::move(file.text);
        lang::Module mod = lang::parse_module(sources_[file.filename], file.filename);
        initializing_modules().insert(m.get());
        run_code(make<Code>(bytecode::compile_module(mod, file.filename)), m);
        initializing_modules().erase(m.get());
    } catch (...) {
        initializing_modules().erase(m.get());
        modules_.erase(name);
        sync_sys_modules(name, nullptr);
        throw;
    }
    if (parent) bind_submodule(*this, *parent, name, m);
    return m;
}

std::string Interpreter::resolve_relative_import(const Frame& f, const std::string& name, int64_t level) {
    std::string package;
    const StrMap& g = f.globals->dict;
    if (const Value* p = g.find("__package__"); p && p->is(Kind::Str)) {
        package = str_of(*p);
    } else if (const Value* n = g.find("__name__"); n && n->is(Kind::Str)) {
        package = str_of(*n);
        if (!g.find("__path__")) package = package.rfind('.') == std::string::npos ? "" : package.substr(0, package.rfind('.'));
    }
    if (package.empty() || package == "__main__")
        raise(types().ImportError, "attempted relative import with no known parent package");
    std::string base = package;
    for (int64_t i = 1; i < level; ++i) {
        size_t dot = base.rfind('.');
        if (dot == std::string::npos) raise(types().ImportError, "attempted relative import beyond top-level package");
        base = base.substr(0, dot);
    }
    return name.empty() ? base : base + "." + name;
}

// ---- calling ------------------------------------------------------------------------------------

Value Interpreter::call(const Value& callable, std::initializer_list<Value> args) {
    CallArgs a;
    a.args = args.begin();
    a.nargs = args.size();
    return call(callable, a);
}

Value Interpreter::call(const Value& callable, const std::vector<Value>& args) {
    CallArgs a;
    a.args = args.data();
    a.nargs = args.size();
    return call(callable, a);
}

Value Interpreter::call_method(const Value& obj, std::string_view name, std::initializer_list<Value> args) {
    return call(getattr(*this, obj, name), args);
}

// Calls `callable` with `self` placed before the arguments.
Value Interpreter::call_with_self(const Value& callable, const Value& self, const CallArgs& a) {
    if (auto* fn = callable.as<Function>()) return call_function(fn, a, &self);
    if (auto* b = callable.as<Builtin>(); b && b->self.is_null()) return call_native_with_self(b->fn, self, a);
    return call_prepended(callable, self, a);
}

namespace {
// Calls f(CallArgs) with `self` placed before a's positional arguments (a bound method's call).
template <typename F>
Value with_self_prepended(const Value& self, const CallArgs& a, F&& f) {
    std::vector<Value> all;
    all.reserve(1 + a.nargs + a.nkw);
    all.push_back(self);
    for (size_t i = 0; i < a.nargs; ++i) all.push_back(a.args[i]);
    for (size_t i = 0; i < a.nkw; ++i) all.push_back(a.kwvalues[i]);
    CallArgs b;
    b.args = all.data();
    b.nargs = a.nargs + 1;
    b.kwvalues = all.data() + b.nargs;
    b.nkw = a.nkw;
    b.kwnames = a.kwnames;
    return f(b);
}
}  // namespace

namespace {
bool is_meta_tensor(const Value& v) {
    if (!v.is(Kind::Tensor)) return false;
    const Tensor& t = v.get<TensorObj>()->tensor;
    return t.defined() && t.is_meta();
}

// Whether a native call dispatches to the meta device (tensor/meta.h's MetaDispatchScope), as PyTorch's
// dispatcher picks the Meta key: a meta-device tensor among the arguments (or first in a list or tuple
// of them: torch.cat([m, m]); only the first, so that every call on a long list, list.append(xs, x),
// stays O(1); a list mixing devices fails the op's device check either way), unless a device= is
// given, which then decides where the result goes (zeros_like(m, device='cpu') makes real zeros, as
// the factory it is).
bool meta_dispatch(const CallArgs& a, const Value* self) {
    bool meta = self && is_meta_tensor(*self);
    auto scan = [&](const Value& v) {
        if (is_meta_tensor(v)) {
            meta = true;
        } else if (v.is(Kind::List) || v.is(Kind::Tuple)) {
            const std::vector<Value>& items = v.is(Kind::List) ? v.get<List>()->items : v.get<Tuple>()->items;
            if (!items.empty() && is_meta_tensor(items.front())) meta = true;
        }
    };
    for (size_t i = 0; i < a.nargs; ++i) scan(a.args[i]);
    for (size_t i = 0; i < a.nkw; ++i) {
        if (a.kwname(i) == "device" && !a.kwvalues[i].is_none()) return false;
        scan(a.kwvalues[i]);
    }
    return meta;
}
}  // namespace

Value Interpreter::call_native_with_self(const NativeFn& fn, const Value& self, const CallArgs& a) {
    MetaDispatchScope meta(meta_dispatch(a, &self));
    return with_self_prepended(self, a, [&](const CallArgs& b) {
        NativeCallScope native(b, true);
        return fn(*this, b);
    });
}

Value Interpreter::call_prepended(const Value& callable, const Value& self, const CallArgs& a) {
    return with_self_prepended(self, a, [&](const CallArgs& b) { return call(callable, b); });
}

// The CALL instruction's call, with CPython 3.12's C recursion units (CRecursion): a Python
// function or a method bound to one runs inline (no units); a user class or an instance with
// __call__ goes through _PyObject_MakeTpCall and a METH_O builtin through its vectorcall check
// (1 unit, "while calling a Python object"); a METH_VARARGS builtin takes both (2).
Value Interpreter::call_from_bytecode(const Value& callable, const CallArgs& a) {
    if (callable.is_obj()) {
        Object* o = callable.obj();
        if (o->kind == Kind::Function) return call_function(static_cast<Function*>(o), a, nullptr, true);
        if (o->kind == Kind::BoundMethod) {
            auto* m = static_cast<BoundMethod*>(o);
            if (auto* fn = m->func.as<Function>()) {
                Value keep(callable);
                return call_function(fn, a, &m->self, true);
            }
        }
        int units = 0;
        if (o->kind == Kind::Builtin) {
            auto* b = static_cast<Builtin*>(o);
            if (b->module_function && b->self.is_null()) {
                // bltinmodule.c's METH_O functions; min/max/dir are METH_VARARGS (MakeTpCall too)
                static const std::unordered_set<std::string> meth_o = {
                    "abs", "ascii", "bin", "callable", "chr", "hash", "hex", "id", "oct", "ord", "repr", "aiter"};
                // sorted() calls its list's sort through a bound builtin's vectorcall (1 unit).
                if (meth_o.count(b->name) || b->name == "sorted") units = 1;
                else if (b->name == "min" || b->name == "max" || b->name == "dir") units = 2;
            }
        } else if (o->kind == Kind::Type) {
            units = static_cast<Type*>(o)->builtin ? 0 : 1;
        } else if (o->kind == Kind::Instance || o->kind == Kind::NNModule) {
            units = 1;
        }
        if (units) {
            CRecursion c(units, " while calling a Python object");
            return call(callable, a);
        }
    }
    return call(callable, a);
}

Value Interpreter::call(const Value& callable, const CallArgs& a) {
    if (callable.is_obj()) {
        Object* o = callable.obj();
        switch (o->kind) {
            case Kind::Function: return call_function(static_cast<Function*>(o), a, nullptr);
            case Kind::Builtin: {
                // Natives that call back into natives (Module.apply on a module inside itself)
                // recurse without a Python frame to count: the C stack bounds them instead.
                if (stack_low())
                    raise(types().RecursionError, "maximum recursion depth exceeded while calling a Python object");
                auto* b = static_cast<Builtin*>(o);
                if (b->self.is_null()) {
                    MetaDispatchScope meta(meta_dispatch(a, nullptr));
                    // a type's method called through LOAD_METHOD gets self as args[0]
                    NativeCallScope native(a, b->qualname.find('.') != std::string::npos);
                    return b->fn(*this, a);
                }
                Value keep(callable);  // the bound builtin may be dropped by the callee
                return call_native_with_self(b->fn, b->self, a);
            }
            case Kind::BoundMethod: {
                auto* m = static_cast<BoundMethod*>(o);
                Value keep(callable);
                return call_with_self(m->func, m->self, a);
            }
            case Kind::Type: return call_type(static_cast<Type*>(o), a);
            default: break;
        }
        if (Value f = find_dunder(callable, "__call__"); !f.is_null() && o->kind != Kind::Type) {
            Value keep(callable);
            return call_with_self(f, callable, a);
        }
    }
    raise(types().TypeError, str("'", type_name(callable), "' object is not callable"));
}


Value Interpreter::call_type(Type* t, const CallArgs& a) { return type_call(*this, t, a, true); }

Value Interpreter::eval_frame(Frame& frame) {
    if (hook_) return hook_(*this, frame);
    return eval_frame_default(frame);
}

Value Interpreter::run_code(Ref<Code> code, Ref<ModuleObj> module) {
    Frame f;
    f.code = code.get();
    f.co = code->code.get();
    f.globals = module.get();
    f.names = &module->dict;
    f.fast.resize(f.co->varnames.size());
    f.cells.resize(size_t(code->ncells));
    for (auto& c : f.cells) c = make<Cell>();
    f.stack.resize(size_t(f.co->stacksize));
    // A module's frame counts toward the recursion limit as in CPython 3.12 (its frame is a Python
    // frame too): with the default 1000, a recursive function called from the top level gets 999.
    // Run from native code (the CLI, exec, an import), it enters the eval loop: 2 C units.
    CRecursion c_units(2, "");
    DepthGuard depth(*this);
    return eval_frame(f);
}

// A name in a __prepare__ namespace: its __getitem__, a KeyError meaning "not there" (CPython's
// LOAD_NAME on a non-dict f_locals).
Value Interpreter::mapping_lookup(const Value& mapping, const std::string& name) {
    try {
        return getitem(*this, mapping, new_str(name));
    } catch (PyError& e) {
        if (!isinstance(e.exc, types().KeyError)) throw;
        return Value();
    }
}

Value Interpreter::run_class_body(Function* body, StrMap& ns, const Value& mapping) {
    Frame f;
    f.code = body->code.get();
    f.co = f.code->code.get();
    f.func = body;
    f.globals = body->globals.get();
    f.names = &ns;
    f.names_map = mapping;
    f.fast.resize(f.co->varnames.size());
    setup_cells(f, body);
    f.stack.resize(size_t(f.co->stacksize));
    DepthGuard depth(*this);
    return eval_frame(f);
}

void Interpreter::setup_cells(Frame& f, Function* fn) {
    const auto& co = *f.co;
    size_t ncell = co.cellvars.size();
    f.cells.resize(ncell + co.freevars.size());
    for (size_t i = 0; i < ncell; ++i) {
        auto c = make<Cell>();
        // A parameter captured by an inner function lives in its cell (CPython's cell2arg).
        for (int j = 0; j < co.argcount + co.kwonlyargcount + ((co.flags & bytecode::CO_VARARGS) ? 1 : 0) +
                                ((co.flags & bytecode::CO_VARKEYWORDS) ? 1 : 0);
             ++j)
            if (co.varnames[size_t(j)] == co.cellvars[i]) c->value = f.fast[size_t(j)];
        f.cells[i] = std::move(c);
    }
    for (size_t i = 0; i < co.freevars.size(); ++i) f.cells[ncell + i] = fn->closure[i];
}

Interpreter::DepthGuard::DepthGuard(Interpreter& in) : in_(in) {
    // The limit counts Python frames; the C stack under them may run out first (a large
    // --recursion-limit, an ASan build's big frames, natives nesting between calls).
    if (++in.depth_ > in.options_.recursion_limit || stack_low()) {
        --in.depth_;
        raise(types().RecursionError, "maximum recursion depth exceeded");
    }
}
Interpreter::DepthGuard::~DepthGuard() { --in_.depth_; }

// ---- the loop -----------------------------------------------------------------------------------

void Interpreter::instruction_limit_reached() {
    const uint64_t budget = options_.max_instructions ? options_.max_instructions : std::numeric_limits<uint64_t>::max();
    const bool no_poll = !options_.poll || !options_.poll_every;
    // The next check: the next poll, or the budget's end when that comes first.
    auto next_poll = [&] { return budget - executed_ < options_.poll_every ? budget : executed_ + options_.poll_every; };
    if ((!g_pending_finalizers.empty() || weakref_callbacks_pending() || heap_cap_tripped() || no_poll) && executed_ <= budget) {
        // a safe point asked for by finalizer_hook or the heap cap (a trip excused since, when
        // nothing polls): the limit goes back to the budget's or poll's
        instruction_limit_ = no_poll ? budget : next_poll();
        check_heap_cap();
        run_pending_finalizers(*this);
        return;
    }
    if (executed_ > budget) raise_budget_exhausted();
    std::string stop = options_.poll();
    if (!stop.empty()) {
        --executed_;  // the instruction did not run; asking again raises again
        throw PyError(new_exception(limit_error_type(), {new_str(stop)}));
    }
    instruction_limit_ = next_poll();
}

void Interpreter::heap_tripped(void* self) {
    // Inside operator new: only a store (the next instruction goes through instruction_limit_reached).
    auto* in = static_cast<Interpreter*>(self);
    in->instruction_limit_ = in->executed_;
}

void Interpreter::check_heap_cap() {
    if (!heap_cap_tripped() || !heap_cap_take_trip()) return;
    // CPython's MemoryError from a failed allocation has no message; Kiln says which cap was
    // reached and how to raise it in a note (printed under the exception line, as add_note's).
    --executed_;  // the instruction did not run
    Value exc = new_exception(types().MemoryError, {});
    exc.get<ExceptionObj>()->dict.set(
        "__notes__", new_list({new_str(str("Kiln: the program's Python objects reached the heap cap of ", heap_cap() >> 20,
                                           " MiB (", options_.heap_hint, ")"))}));
    throw PyError(std::move(exc));
}

void Interpreter::raise_budget_exhausted() {
    throw PyError(new_exception(limit_error_type(),
                                {new_str(str("instruction budget of ", options_.max_instructions,
                                             " exhausted: the program ran too long or loops forever (",
                                             options_.budget_hint, ")"))}));
}

void Interpreter::handle_error(Frame& f, PyError& err, uint64_t serial) {
    auto* e = err.exc.get<ExceptionObj>();
    // CPython's rule: one traceback entry each time an instruction of a frame fails (a raise
    // statement, a call the exception comes out of), also in a frame that has one already (an
    // exception re-raised by a helper the handler called comes back through the call's line);
    // none where RERAISE (finally, with, an unmatched except) or a bare raise re-raises it.
    // An exception leaving a comprehension's frame: one entry at the comprehension's failing
    // instruction, named for the frame it is inlined into (PEP 709), which then adds none (the flag
    // passes through nested comprehensions' frames up to that one).
    const bool inlined = inlined_comprehension(f);
    if (e->no_tb_entry_here) {
        if (!inlined) e->no_tb_entry_here = false;
    } else {
        e->tb_serial = ++g_tb_serial;
        if (e->traceback.empty() && e->type == types().NameError && f.code) {
            e->scope_code = Ref<Code>(f.code);
            e->scope_globals = Ref<ModuleObj>(f.globals);
            const auto& vn = f.code->code->varnames;
            if (auto it = std::find(vn.begin(), vn.end(), "self"); it != vn.end() && size_t(it - vn.begin()) < f.fast.size())
                e->scope_self = f.fast[size_t(it - vn.begin())];
        }
        const auto& sp = f.co->code[size_t(f.lasti)].span;
        Frame* owner = &f;
        while (inlined_comprehension(*owner)) owner = owner->back;
        TracebackEntry t{f.co->filename, owner->co->name, sp.line, sp.col, sp.end_line, sp.end_col, serial, frame_object(owner)};
        e->traceback.push_back(std::move(t));
        if (inlined) e->no_tb_entry_here = true;
    }
    if (e->context.is_null() && !handled_.is_null() && !handled_.identical(err.exc) && handled_.is(Kind::Exception))
        e->context = handled_;
}

Value Interpreter::eval_frame_default(Frame& f) {
    FrameGuard guard(*this, f);
    return run_frame(f, ++g_frame_serial, nullptr);
}

Value Interpreter::resume_frame(Frame& f, const Value& sent, const Value* thrown) {
    DepthGuard depth(*this);
    FrameGuard guard(*this, f);
    f.yielded = false;
    if (!thrown) f.stack[f.sp++] = sent;
    return run_frame(f, ++g_frame_serial, thrown);
}

Value Interpreter::run_frame(Frame& f, uint64_t serial, const Value* thrown) {
    for (;;) {
        try {
            if (thrown) {
                // throw(): raised at the suspended instruction, as if it had raised.
                Value exc = *thrown;
                thrown = nullptr;
                throw PyError(std::move(exc));
            }
            return run(f);
        } catch (PyError& err) {
            handle_error(f, err, serial);
            if (f.blocks.empty()) throw;
            unwind_to_handler(f, err.exc);
        } catch (const kiln::Error& e) {
            PyError err(exception_from_error(e));
            handle_error(f, err, serial);
            if (f.blocks.empty()) throw err;
            unwind_to_handler(f, err.exc);
        } catch (const NeedsRealData&) {
            // A compiler's meta-mode trace needs a value's data (tensor/meta.h): not a Python error,
            // the signal for the trace to start again on real data, through every frame.
            throw;
        } catch (const std::bad_alloc&) {
            PyError err(new_exception(types().MemoryError, {}));
            handle_error(f, err, serial);
            if (f.blocks.empty()) throw err;
            unwind_to_handler(f, err.exc);
        } catch (const std::exception& e) {
            // A C++ exception the engine did not translate (a container asked for an impossible size,
            // a library's own error): still a located Python exception, never an abort.
            PyError err(exception_from_std(e));
            handle_error(f, err, serial);
            if (f.blocks.empty()) throw err;
            unwind_to_handler(f, err.exc);
        }
    }
}

Value Interpreter::exception_from_std(const std::exception& e) {
    if (dynamic_cast<const std::length_error*>(&e) || dynamic_cast<const std::bad_array_new_length*>(&e))
        return new_exception(types().MemoryError, {new_str(str("a size too large for memory (", e.what(), ")"))});
    return new_exception(types().RuntimeError,
                         {new_str(str("internal error in Kiln: ", e.what(), " (please report this program)"))});
}

void Interpreter::unwind_to_handler(Frame& f, const Value& exc) {
    Block b = f.blocks.back();
    f.blocks.pop_back();
    while (f.sp > size_t(b.level)) f.stack[--f.sp] = Value();
    // A RERAISE that consumed the handled exception leaves the stack one below the handler's level
    // (CPython keeps `lasti` there); pad so the handler's COPY 3 finds the saved exception state.
    while (f.sp < size_t(b.level)) f.stack[f.sp++] = Value::none();
    f.stack[f.sp++] = exc;
    // The handler runs before any trip the delivery's own allocations made (a MemoryError raised at
    // the handler's first instruction would escape it, unchained, at the old instruction's line).
    heap_cap_excuse_trip();
    f.pc = b.handler;
    f.kwnames = nullptr;
}

#define PUSH(v) (stack[f.sp++] = (v))
#define POP() std::move(stack[--f.sp])
#define TOP() stack[f.sp - 1]
#define PEEK(n) stack[f.sp - (n)]

Value Interpreter::run(Frame& f) {
    const bytecode::Instruction* code = f.co->code.data();
    Value* stack = f.stack.data();
    const Value* consts = f.code->consts.data();
    const std::vector<std::string>& names = f.co->names;
    const TypeTable& T = types();
    for (;;) {
        if (++executed_ > instruction_limit_) instruction_limit_reached();
        const int i = f.pc++;
        f.lasti = i;
        const bytecode::Instruction& ins = code[i];
        const int arg = ins.arg;
        switch (ins.op) {
            // ---- stack manipulation ----
            case Opcode::NOP:
            case Opcode::RESUME: break;
            case Opcode::POP_TOP: stack[--f.sp] = Value(); break;
            case Opcode::PUSH_NULL: PUSH(Value()); break;
            case Opcode::COPY: {
                Value v = PEEK(arg);
                PUSH(std::move(v));
                break;
            }
            case Opcode::SWAP: std::swap(TOP(), PEEK(arg)); break;
            // ---- names ----
            case Opcode::LOAD_CONST: PUSH(consts[arg]); break;
            case Opcode::LOAD_FAST: {
                const Value& v = f.fast[size_t(arg)];
                if (v.is_null())
                    raise(T.UnboundLocalError, str("cannot access local variable '", f.co->varnames[size_t(arg)],
                                                   "' where it is not associated with a value"));
                PUSH(v);
                break;
            }
            case Opcode::STORE_FAST: f.fast[size_t(arg)] = POP(); break;
            case Opcode::DELETE_FAST:
                if (f.fast[size_t(arg)].is_null())
                    raise(T.UnboundLocalError, str("cannot access local variable '", f.co->varnames[size_t(arg)],
                                                   "' where it is not associated with a value"));
                f.fast[size_t(arg)] = Value();
                break;
            case Opcode::LOAD_NAME: {
                const std::string& n = names[size_t(arg)];
                if (!f.names_map.is_null()) {
                    Value got = mapping_lookup(f.names_map, n);
                    if (!got.is_null()) {
                        PUSH(got);
                        break;
                    }
                }
                const Value* v = f.names ? f.names->find(n) : nullptr;
                if (!v) v = f.globals->dict.find(n);
                if (!v) v = builtins_.find(n);
                if (!v) raise_name_error(n, str("name '", n, "' is not defined"));
                PUSH(*v);
                break;
            }
            case Opcode::STORE_NAME:
                if (!f.names_map.is_null()) {
                    Value v = POP();
                    setitem(*this, f.names_map, new_str(names[size_t(arg)]), v);
                    break;
                }
                f.names->set(names[size_t(arg)], POP());
                break;
            case Opcode::DELETE_NAME:
                if (!f.names_map.is_null()) {
                    try {
                        delitem(*this, f.names_map, new_str(names[size_t(arg)]));
                    } catch (PyError& e) {
                        if (!isinstance(e.exc, T.KeyError)) throw;
                        raise_name_error(names[size_t(arg)], str("name '", names[size_t(arg)], "' is not defined"));
                    }
                    break;
                }
                if (!f.names->erase(names[size_t(arg)]))
                    raise_name_error(names[size_t(arg)], str("name '", names[size_t(arg)], "' is not defined"));
                break;
            case Opcode::LOAD_GLOBAL: {
                const std::string& n = names[size_t(arg >> 1)];
                const Value* v = f.globals->dict.find(n);
                if (!v) v = builtins_.find(n);
                if (!v) raise_name_error(n, str("name '", n, "' is not defined"));
                if (arg & 1) PUSH(Value());
                PUSH(*v);
                break;
            }
            case Opcode::STORE_GLOBAL: f.globals->dict.set(names[size_t(arg)], POP()); break;
            case Opcode::DELETE_GLOBAL:
                if (!f.globals->dict.erase(names[size_t(arg)]))
                    raise_name_error(names[size_t(arg)], str("name '", names[size_t(arg)], "' is not defined"));
                break;
            case Opcode::LOAD_DEREF: {
                const Value& v = f.cells[size_t(arg)]->value;
                if (v.is_null()) raise_unbound_deref(f, arg);
                PUSH(v);
                break;
            }
            case Opcode::STORE_DEREF: f.cells[size_t(arg)]->value = POP(); break;
            case Opcode::DELETE_DEREF:
                if (f.cells[size_t(arg)]->value.is_null()) raise_unbound_deref(f, arg);
                f.cells[size_t(arg)]->value = Value();
                break;
            case Opcode::LOAD_CLOSURE: PUSH(Value(f.cells[size_t(arg)].get())); break;
            case Opcode::LOAD_CLASSDEREF: {
                const std::string& n = f.co->deref_name(arg);
                if (!f.names_map.is_null()) {
                    Value got = mapping_lookup(f.names_map, n);
                    if (!got.is_null()) {
                        PUSH(got);
                        break;
                    }
                }
                if (const Value* v = f.names ? f.names->find(n) : nullptr) {
                    PUSH(*v);
                    break;
                }
                const Value& v = f.cells[size_t(arg)]->value;
                if (v.is_null()) raise_unbound_deref(f, arg);
                PUSH(v);
                break;
            }
            // ---- attributes and subscripts ----
            case Opcode::LOAD_ATTR: {
                Value obj = POP();
                InlineNextCall inl(*this, kInlineAttr);  // a property's getter runs inline (LOAD_ATTR_PROPERTY)
                PUSH(getattr(*this, obj, names[size_t(arg)]));
                break;
            }
            case Opcode::STORE_ATTR: {
                Value obj = POP();
                Value v = POP();
                setattr(*this, obj, names[size_t(arg)], v);
                break;
            }
            case Opcode::DELETE_ATTR: {
                Value obj = POP();
                delattr(*this, obj, names[size_t(arg)]);
                break;
            }
            case Opcode::LOAD_METHOD: {
                Value obj = POP();
                Value m = lookup_method(*this, obj, names[size_t(arg)]);
                if (!m.is_null()) {
                    PUSH(std::move(m));
                    PUSH(std::move(obj));
                } else {
                    Value attr = getattr(*this, obj, names[size_t(arg)]);
                    PUSH(Value());
                    PUSH(std::move(attr));
                }
                break;
            }
            case Opcode::BINARY_SUBSCR: {
                Value key = POP();
                Value c = POP();
                InlineNextCall inl(*this, kInlineSubscr);  // a class's __getitem__ runs inline (BINARY_SUBSCR_GETITEM)
                PUSH(getitem(*this, c, key));
                break;
            }
            case Opcode::STORE_SUBSCR: {
                Value key = POP();
                Value c = POP();
                Value v = POP();
                setitem(*this, c, key, v);
                break;
            }
            case Opcode::DELETE_SUBSCR: {
                Value key = POP();
                Value c = POP();
                delitem(*this, c, key);
                break;
            }
            case Opcode::BUILD_SLICE: {
                Value step = arg == 3 ? POP() : Value::none();
                Value stop = POP();
                Value start = POP();
                PUSH(Value(make<Slice>(std::move(start), std::move(stop), std::move(step)).get()));
                break;
            }
            // ---- operators ----
            case Opcode::BINARY_OP: {
                // Fast path: int (+, -, *) int without overflow, the arithmetic of loops. The right
                // operand is an int, so leaving its slot as is needs no release.
                Value& a = PEEK(2);
                const Value& b = TOP();
                if (a.is_int() && b.is_int()) {
                    int64_t r;
                    const int64_t x = a.as_int(), y = b.as_int();
                    bool done = false;
                    switch (arg) {
                        case bytecode::NB_ADD:
                        case bytecode::NB_INPLACE_ADD: done = !__builtin_add_overflow(x, y, &r); break;
                        case bytecode::NB_SUBTRACT:
                        case bytecode::NB_INPLACE_ADD + bytecode::NB_SUBTRACT: done = !__builtin_sub_overflow(x, y, &r); break;
                        case bytecode::NB_MULTIPLY:
                        case bytecode::NB_INPLACE_ADD + bytecode::NB_MULTIPLY: done = !__builtin_mul_overflow(x, y, &r); break;
                        default: break;
                    }
                    if (done) {
                        a = Value::integer(r);
                        --f.sp;
                        break;
                    }
                }
                Value rhs = POP();
                Value& lhs = TOP();
                lhs = binary_op(*this, arg, lhs, rhs);
                break;
            }
            case Opcode::COMPARE_OP: {
                Value& a = PEEK(2);
                const Value& b = TOP();
                if (a.is_int() && b.is_int()) {
                    const int64_t x = a.as_int(), y = b.as_int();
                    bool r;
                    switch (arg) {
                        case bytecode::CMP_LT: r = x < y; break;
                        case bytecode::CMP_LE: r = x <= y; break;
                        case bytecode::CMP_EQ: r = x == y; break;
                        case bytecode::CMP_NE: r = x != y; break;
                        case bytecode::CMP_GT: r = x > y; break;
                        default: r = x >= y; break;
                    }
                    a = Value::boolean(r);
                    --f.sp;
                    break;
                }
                Value rhs = POP();
                Value& lhs = TOP();
                lhs = compare(*this, arg, lhs, rhs);
                break;
            }
            case Opcode::IS_OP: {
                Value b = POP();
                Value& a = TOP();
                a = Value::boolean(a.identical(b) != (arg == 1));
                break;
            }
            case Opcode::CONTAINS_OP: {
                Value b = POP();
                Value& a = TOP();
                a = Value::boolean(contains(*this, b, a) != (arg == 1));
                break;
            }
            case Opcode::UNARY_POSITIVE: TOP() = unary_positive(*this, TOP()); break;
            case Opcode::UNARY_NEGATIVE: TOP() = unary_negative(*this, TOP()); break;
            case Opcode::UNARY_NOT: TOP() = Value::boolean(!truthy(*this, TOP())); break;
            case Opcode::UNARY_INVERT: TOP() = unary_invert(*this, TOP()); break;
            // ---- building values ----
            case Opcode::BUILD_TUPLE:
            case Opcode::BUILD_LIST: {
                std::vector<Value> items(static_cast<size_t>(arg));
                for (int k = arg - 1; k >= 0; --k) items[size_t(k)] = POP();
                PUSH(ins.op == Opcode::BUILD_TUPLE ? new_tuple(std::move(items)) : new_list(std::move(items)));
                break;
            }
            case Opcode::BUILD_SET: {
                Value set = new_set(*this);
                Value* base = &stack[f.sp - size_t(arg)];
                for (int k = 0; k < arg; ++k) set_add_value(*this, set, base[k]);
                for (int k = 0; k < arg; ++k) stack[--f.sp] = Value();
                PUSH(std::move(set));
                break;
            }
            case Opcode::BUILD_MAP: {
                auto d = make<Dict>();
                Value* base = &stack[f.sp - size_t(2 * arg)];
                for (int k = 0; k < arg; ++k) d->set(base[2 * k], base[2 * k + 1]);
                for (int k = 0; k < 2 * arg; ++k) stack[--f.sp] = Value();
                PUSH(Value(d.get()));
                break;
            }
            case Opcode::BUILD_STRING: {
                std::string s;
                Value* base = &stack[f.sp - size_t(arg)];
                uint64_t total = 0;
                for (int k = 0; k < arg; ++k) total += str_of(base[k]).size();
                check_concat_size(total, "str");  // f"{s}{s}" in a loop: MemoryError at 1 GiB
                for (int k = 0; k < arg; ++k) s += str_of(base[k]);
                for (int k = 0; k < arg; ++k) stack[--f.sp] = Value();
                PUSH(new_str(std::move(s)));
                break;
            }
            case Opcode::LIST_APPEND: {
                Value v = POP();
                PEEK(arg).get<List>()->items.push_back(std::move(v));
                break;
            }
            case Opcode::LIST_EXTEND: {
                Value it = POP();
                List* l = PEEK(arg).get<List>();
                if (!it.is(Kind::List) && !it.is(Kind::Tuple) && find_dunder(it, "__iter__").is_null() &&
                    !it.is(Kind::Str) && !it.is(Kind::Dict) && !it.is(Kind::Range) && !it.is(Kind::Iterator))
                    raise(T.TypeError, str("Value after * must be an iterable, not ", type_name(it)));
                std::vector<Value> more = to_vector(*this, it);
                l->items.insert(l->items.end(), more.begin(), more.end());
                break;
            }
            case Opcode::LIST_TO_TUPLE: TOP() = new_tuple(TOP().get<List>()->items); break;
            case Opcode::SET_ADD: {
                Value v = POP();
                set_add_value(*this, PEEK(arg), v);
                break;
            }
            case Opcode::SET_UPDATE: {
                Value it = POP();
                set_update_from(*this, PEEK(arg), it);
                break;
            }
            case Opcode::MAP_ADD: {
                Value v = POP();
                Value k = POP();
                PEEK(arg).get<Dict>()->set(k, std::move(v));
                break;
            }
            case Opcode::DICT_UPDATE:
            case Opcode::DICT_MERGE: {
                Value m = POP();
                Dict* d = PEEK(arg).get<Dict>();
                auto* src = m.as<Dict>();
                auto add = [&](const Value& k, const Value& v) {
                    if (ins.op == Opcode::DICT_MERGE && d->find(k)) {
                        // CPython names the callee (below the positional tuple): module.qualname().
                        raise(T.TypeError, str(function_str(*this, PEEK(arg + 2)), " got multiple values for keyword argument '",
                                               k.is(Kind::Str) ? str_of(k) : repr(*this, k), "'"));
                    }
                    d->set(k, v);
                };
                if (src) {
                    src->for_each(add);
                    break;
                }
                // Any object with keys() is a mapping here (PyDict_Update's fallback): its keys, then
                // m[key] for each, so that f(**obj) and {**obj} accept user mappings as dict() does.
                Value keys = find_dunder(m, "keys");
                if (keys.is_null()) {
                    if (ins.op == Opcode::DICT_MERGE)
                        raise(T.TypeError, str(function_str(*this, PEEK(arg + 2)), " argument after ** must be a mapping, not ",
                                               type_name(m)));
                    raise(T.TypeError, str("'", type_name(m), "' object is not a mapping"));
                }
                for (const Value& k : mapping_keys(*this, m, keys)) {
                    Value v;
                    try {
                        v = getitem(*this, m, k);
                    } catch (PyError& e) {
                        // CPython's format_kwargs_error reads any one-argument KeyError out of a **
                        // merge as a repeated keyword, so f(**m) reports m[key]'s KeyError that way.
                        auto* eo = e.exc.as<ExceptionObj>();
                        const Tuple* targs = eo ? eo->args.as<Tuple>() : nullptr;
                        if (ins.op != Opcode::DICT_MERGE || !isinstance(e.exc, T.KeyError) || !targs || targs->items.size() != 1)
                            throw;
                        const Value& key = targs->items[0];
                        if (!key.is(Kind::Str)) raise(T.TypeError, str(function_str(*this, PEEK(arg + 2)), " keywords must be strings"));
                        raise(T.TypeError, str(function_str(*this, PEEK(arg + 2)), " got multiple values for keyword argument '",
                                               str_of(key), "'"));
                    }
                    add(k, v);
                }
                break;
            }
            case Opcode::UNPACK_SEQUENCE: {
                Value seq = POP();
                std::vector<Value> items = unpack_iterable(seq, arg, -1);
                for (int k = arg - 1; k >= 0; --k) PUSH(std::move(items[size_t(k)]));
                break;
            }
            case Opcode::UNPACK_EX: {
                int before = arg & 0xff, after = arg >> 8;
                Value seq = POP();
                std::vector<Value> items = unpack_iterable(seq, before, after);
                std::vector<Value> middle(items.begin() + before, items.end() - after);
                for (int k = 0; k < after; ++k) PUSH(std::move(items[items.size() - 1 - size_t(k)]));
                PUSH(new_list(std::move(middle)));
                for (int k = before - 1; k >= 0; --k) PUSH(std::move(items[size_t(k)]));
                break;
            }
            case Opcode::FORMAT_VALUE: {
                Value spec = (arg & bytecode::FVS_HAVE_SPEC) ? POP() : Value();
                Value v = POP();
                int conv = arg & 3;
                if (conv == bytecode::FVC_STR) v = new_str(to_str(*this, v));
                else if (conv == bytecode::FVC_REPR) v = new_str(repr(*this, v));
                else if (conv == bytecode::FVC_ASCII) v = new_str(text::ascii_escape(repr(*this, v)));
                if (spec.is_null() && v.is(Kind::Str)) {
                    PUSH(std::move(v));
                } else {
                    PUSH(new_str(format_value(*this, v, spec.is_null() ? std::string_view() : std::string_view(str_of(spec)))));
                }
                break;
            }
            // ---- calls and functions ----
            case Opcode::KW_NAMES: f.kwnames = consts[arg].get<Tuple>(); break;
            case Opcode::CALL: {
                Value* base = &stack[f.sp - size_t(arg) - 2];
                const Tuple* kw = f.kwnames;
                f.kwnames = nullptr;
                size_t nkw = kw ? kw->items.size() : 0;
                CallArgs ca;
                Value* callable;
                size_t total;
                if (base[0].is_null()) {
                    callable = &base[1];
                    ca.args = &base[2];
                    total = size_t(arg);
                } else {
                    callable = &base[0];
                    ca.args = &base[1];
                    total = size_t(arg) + 1;
                }
                ca.nargs = total - nkw;
                ca.kwvalues = ca.args + ca.nargs;
                ca.nkw = nkw;
                ca.kwnames = kw;
                Value r = call_from_bytecode(*callable, ca);
                for (size_t k = 0; k < size_t(arg) + 2; ++k) stack[--f.sp] = Value();
                PUSH(std::move(r));
                break;
            }
            case Opcode::CALL_FUNCTION_EX: {
                Value kwargs = (arg & 1) ? POP() : Value();
                Value args = POP();
                Value callable = POP();
                stack[--f.sp] = Value();  // the NULL
                if (!args.is(Kind::Tuple)) {
                    // f(*xs) with xs not iterable (CPython's check_args_iterable: no __iter__, not a sequence)
                    if (!args.is(Kind::List) && !args.is(Kind::Str) && !args.is(Kind::Dict) && !args.is(Kind::Range) &&
                        !args.is(Kind::Iterator) && find_dunder(args, "__iter__").is_null() &&
                        find_dunder(args, "__getitem__").is_null())
                        raise(T.TypeError, str(function_str(*this, callable), " argument after * must be an iterable, not ",
                                               type_name(args)));
                    args = new_tuple(to_vector(*this, args));
                }
                const auto& pos = args.get<Tuple>()->items;
                std::vector<Value> all(pos.begin(), pos.end());
                std::vector<Value> kwnames;
                if (!kwargs.is_null()) {
                    auto* d = kwargs.as<Dict>();
                    if (!d)
                        raise(T.TypeError, str(function_str(*this, callable), " argument after ** must be a mapping, not ",
                                               type_name(kwargs)));
                    d->for_each([&](const Value& k, const Value& v) {
                        if (!k.is(Kind::Str)) raise(T.TypeError, "keywords must be strings");
                        kwnames.push_back(k);
                        all.push_back(v);
                    });
                }
                Value names_tuple = new_tuple(kwnames);
                CallArgs ca;
                ca.args = all.data();
                ca.nargs = pos.size();
                ca.kwvalues = all.data() + pos.size();
                ca.nkw = kwnames.size();
                ca.kwnames = kwnames.empty() ? nullptr : names_tuple.get<Tuple>();
                PUSH(call(callable, ca));
                break;
            }
            case Opcode::MAKE_FUNCTION: {
                Value code = POP();
                auto fn = make<Function>(Ref<Code>(code.get<Code>()), Ref<ModuleObj>(f.globals));
                if (arg & bytecode::MF_CLOSURE) {
                    Value cl = POP();
                    for (const Value& c : cl.get<Tuple>()->items) fn->closure.emplace_back(c.get<Cell>());
                }
                if (arg & bytecode::MF_ANNOTATIONS) {  // (name, value, name, value, ...) -> dict
                    Value names_values = POP();
                    const auto& items = names_values.get<Tuple>()->items;
                    auto d = make<Dict>();
                    for (size_t k = 0; k + 1 < items.size(); k += 2) d->set(items[k], items[k + 1]);
                    fn->attrs.set("__annotations__", Value(d.get()));
                }
                if (arg & bytecode::MF_KWDEFAULTS) fn->kwdefaults = Ref<Dict>(POP().get<Dict>());
                if (arg & bytecode::MF_DEFAULTS) fn->defaults = POP().get<Tuple>()->items;
                PUSH(Value(fn.get()));
                break;
            }
            case Opcode::LOAD_BUILD_CLASS: {
                const Value* bc = builtins_.find("__build_class__");  // a program may delete it
                if (!bc) raise(types().NameError, "__build_class__ not found");
                PUSH(*bc);
                break;
            }
            case Opcode::SETUP_ANNOTATIONS:
                if (!f.names_map.is_null()) {
                    if (mapping_lookup(f.names_map, "__annotations__").is_null())
                        setitem(*this, f.names_map, new_str("__annotations__"), Value(make<Dict>().get()));
                    break;
                }
                if (!f.names->find("__annotations__")) f.names->set("__annotations__", Value(make<Dict>().get()));
                break;
            case Opcode::RETURN_VALUE: {
                Value r = POP();
                while (f.sp) stack[--f.sp] = Value();
                return r;
            }
            // ---- iteration and jumps ----
            case Opcode::GET_ITER: TOP() = get_iter(*this, TOP()); break;
            case Opcode::FOR_ITER: {
                Value v = native_next(*this, TOP().get<Iterator>());
                if (v.is_null()) {
                    stack[--f.sp] = Value();
                    f.pc = f.co->jump_target(i);
                } else {
                    PUSH(std::move(v));
                }
                break;
            }
            case Opcode::JUMP_FORWARD:
            case Opcode::JUMP_BACKWARD: f.pc = f.co->jump_target(i); break;
            case Opcode::POP_JUMP_IF_FALSE:
            case Opcode::POP_JUMP_IF_TRUE: {
                Value v = POP();
                bool t = v.is_bool() ? v.as_bool() : truthy(*this, v);
                if (t == (ins.op == Opcode::POP_JUMP_IF_TRUE)) f.pc = f.co->jump_target(i);
                break;
            }
            case Opcode::POP_JUMP_IF_NONE:
            case Opcode::POP_JUMP_IF_NOT_NONE: {
                Value v = POP();
                if (v.is_none() == (ins.op == Opcode::POP_JUMP_IF_NONE)) f.pc = f.co->jump_target(i);
                break;
            }
            case Opcode::JUMP_IF_FALSE_OR_POP:
            case Opcode::JUMP_IF_TRUE_OR_POP: {
                bool t = truthy(*this, TOP());
                if (t == (ins.op == Opcode::JUMP_IF_TRUE_OR_POP))
                    f.pc = f.co->jump_target(i);
                else
                    stack[--f.sp] = Value();
                break;
            }
            // ---- generators ----
            case Opcode::RETURN_GENERATOR:
                // The frame is already the generator's (call_generator_function): hand it back. The
                // first resume continues at the next instruction (POP_TOP of the sent None).
                if (!f.gen) raise(T.RuntimeError, "RETURN_GENERATOR outside a generator frame");
                f.yielded = true;
                return Value(static_cast<Object*>(f.gen));
            case Opcode::YIELD_VALUE: {
                Value v = POP();
                f.yielded = true;
                return v;
            }
            case Opcode::GET_YIELD_FROM_ITER:
                if (!as_generator(TOP())) TOP() = get_iter(*this, TOP());
                break;
            case Opcode::SEND: {
                Value v = POP();
                Value out;
                if (send_to_subiterator(*this, TOP(), v, out)) {
                    PUSH(std::move(out));
                } else {
                    TOP() = std::move(out);
                    f.pc = f.co->jump_target(i);
                }
                break;
            }
            // ---- exceptions and with ----
            case Opcode::SETUP_FINALLY: f.blocks.push_back({f.co->jump_target(i), int(f.sp)}); break;
            case Opcode::POP_BLOCK: f.blocks.pop_back(); break;
            case Opcode::PUSH_EXC_INFO: {
                Value exc = POP();
                PUSH(handled_);
                handled_ = exc;
                PUSH(std::move(exc));
                break;
            }
            case Opcode::POP_EXCEPT: handled_ = POP(); break;
            case Opcode::CHECK_EXC_MATCH: {
                Value type = POP();
                bool match = exception_matches(TOP(), type);
                PUSH(Value::boolean(match));
                break;
            }
            case Opcode::CHECK_EG_MATCH: {
                Value type = POP();
                Value rest;
                Value match = exception_group_match(TOP(), type, rest);
                TOP() = std::move(rest);
                if (!match.is_none()) handled_ = match;  // sys.exception() in the clause's body
                PUSH(std::move(match));
                break;
            }
            case Opcode::PREP_RERAISE_STAR: {
                Value excs = POP();
                Value result = prep_reraise_star(TOP(), excs);
                // a group made here (or a naked exception's wrapper) leaves with no entry for this frame
                if (auto* e = result.as<ExceptionObj>(); e && e->traceback.empty()) e->no_tb_entry_here = true;
                TOP() = std::move(result);
                break;
            }
            case Opcode::RERAISE: {
                Value exc = POP();
                // as CPython's RERAISE: the exception keeps its traceback, no entry for this frame
                if (auto* e = exc.as<ExceptionObj>()) e->no_tb_entry_here = true;
                throw PyError(std::move(exc));
            }
            case Opcode::RAISE_VARARGS: {
                if (arg == 0) {
                    if (!handled_.is(Kind::Exception)) raise(T.RuntimeError, "No active exception to reraise");
                    // CPython's bare raise adds no traceback entry for the frame re-raising
                    handled_.get<ExceptionObj>()->no_tb_entry_here = true;
                    throw PyError(handled_);
                }
                Value cause = arg == 2 ? POP() : Value();
                Value exc = POP();
                if (auto* t = exc.as<Type>(); t && t->is_exception) exc = call(exc, {});
                if (!exc.is(Kind::Exception)) raise(T.TypeError, "exceptions must derive from BaseException");
                if (arg == 2) {
                    if (auto* t = cause.as<Type>(); t && t->is_exception) cause = call(cause, {});
                    if (!cause.is_none() && !cause.is(Kind::Exception))
                        raise(T.TypeError, "exception causes must derive from BaseException");
                    exc.get<ExceptionObj>()->cause = cause.is_none() ? Value() : cause;
                    exc.get<ExceptionObj>()->suppress_context = true;
                }
                // CPython's raise statement always adds a traceback entry, also where the exception
                // already has one for this frame (`except E as e: raise e`); 0 asks handle_error for it
                exc.get<ExceptionObj>()->tb_serial = 0;
                throw PyError(std::move(exc));
            }
            case Opcode::LOAD_ASSERTION_ERROR: PUSH(Value(T.AssertionError)); break;
            case Opcode::BEFORE_WITH: {
                Value mgr = POP();
                Value enter = find_dunder(mgr, "__enter__");
                Value exit = find_dunder(mgr, "__exit__");
                if (enter.is_null())
                    raise(T.TypeError, str("'", type_name(mgr), "' object does not support the context manager protocol"));
                if (exit.is_null())
                    raise(T.TypeError, str("'", type_name(mgr), "' object does not support the context manager protocol (missed __exit__ method)"));
                PUSH(Value(make<BoundMethod>(exit, mgr).get()));
                PUSH(call(enter, {mgr}));
                break;
            }
            case Opcode::WITH_EXCEPT_START: {
                Value exc = TOP();
                Value exit = PEEK(3);
                PUSH(call(exit, {Value(type_of(exc)), exc, Value::none()}));
                break;
            }
            // ---- imports ----
            // ---- pattern matching (vm/patma.h) ----
            case Opcode::GET_LEN: {
                int64_t n = length(*this, TOP());
                PUSH(Value::integer(n));
                break;
            }
            case Opcode::MATCH_MAPPING:
            case Opcode::MATCH_SEQUENCE: {
                int want = ins.op == Opcode::MATCH_MAPPING ? kFlagMapping : kFlagSequence;
                bool yes = collection_flags(type_of(TOP())) == want;
                PUSH(Value::boolean(yes));
                break;
            }
            case Opcode::MATCH_KEYS: {
                Value values = match_keys(*this, PEEK(2), TOP());
                PUSH(std::move(values));
                break;
            }
            case Opcode::MATCH_CLASS: {
                Value names = POP();
                Value cls = POP();
                Value attrs = match_class(*this, TOP(), cls, arg, names);
                TOP() = attrs.is_null() ? Value::none() : std::move(attrs);
                break;
            }
            case Opcode::IMPORT_NAME: {
                Value fromlist = POP();
                int64_t level = stack[f.sp - 1].is_int() ? stack[f.sp - 1].as_int() : 0;
                stack[--f.sp] = Value();
                std::string n = names[size_t(arg)];
                if (level > 0) n = resolve_relative_import(f, n, level);
                Value m = import_value(n);
                if (fromlist.is_none() && n.find('.') != std::string::npos) m = import_value(n.substr(0, n.find('.')));
                PUSH(std::move(m));
                break;
            }
            case Opcode::IMPORT_FROM: {
                const std::string& n = names[size_t(arg)];
                Value v = getattr_or_null(*this, TOP(), n);
                if (v.is_null() && !TOP().is(Kind::Module))  // an object standing in sys.modules
                    raise(T.ImportError, str("cannot import name '", n, "' from '<unknown module name>' (unknown location)"));
                if (v.is_null()) {
                    auto* m = TOP().get<ModuleObj>();
                    // A submodule not imported yet (from torch import nn; from . import model), or an
                    // object standing in sys.modules under the submodule's name (CPython looks there too).
                    auto partial = modules_.find(m->name + "." + n);
                    if (Value sm = sys_modules_object(m->name + "." + n); !sm.is_null()) {
                        v = sm;
                    } else if (partial != modules_.end()) {
                        // Still initializing (a cycle: pkg/sub/__init__.py imports .run, which does
                        // `from pkg import sub` or `import pkg.sub as s`): the parent has no attribute
                        // yet, and CPython takes the module from sys.modules, never running it twice.
                        v = Value(partial->second.get());
                    } else if (module_known(m->name + "." + n)) {
                        v = import_value(m->name + "." + n);
                    } else if (m->dict.find("__path__") && import_user_module(m->name + "." + n)) {
                        v = import_value(m->name + "." + n);
                    } else if (const Value* file = m->dict.find("__file__"); file && file->is(Kind::Str)) {
                        // The program's own module: CPython names its file (Kiln's paths are the
                        // program-relative ones its tracebacks show), and says when it is still running.
                        const std::string& where = file->get<Str>()->s;
                        if (initializing_modules().count(m))
                            raise_import_from_error(m, n, str("cannot import name '", n, "' from partially initialized module '", m->name,
                                                              "' (most likely due to a circular import) (", where, ")"), file);
                        raise_import_from_error(m, n, str("cannot import name '", n, "' from '", m->name, "' (", where, ")"), file);
                    } else {
                        // a module without a file (Kiln's own, CPython's built-in ones): "unknown location"
                        raise_import_from_error(m, n, str("cannot import name '", n, "' from '", m->name, "' (unknown location)"), nullptr);
                    }
                }
                PUSH(std::move(v));
                break;
            }
            case Opcode::IMPORT_STAR: {
                Value m = POP();
                auto* mod = m.get<ModuleObj>();
                // The names in __all__ when the module defines it, else every name not starting with '_'.
                if (const Value* all = mod->dict.find("__all__")) {
                    for (const Value& k : to_vector(*this, *all)) {
                        if (!k.is(Kind::Str))
                            raise(T.TypeError, str("Item in ", mod->name, ".__all__ must be str, not ", type_name(k)));
                        const Value* v = mod->dict.find(str_of(k));
                        if (!v) raise(T.AttributeError, str("module '", mod->name, "' has no attribute '", str_of(k), "'"));
                        f.names->set(str_of(k), *v);
                    }
                } else {
                    mod->dict.for_each([&](const std::string& k, const Value& v) {
                        if (!k.empty() && k[0] != '_') f.names->set(k, v);
                    });
                }
                break;
            }
        }
    }
}

#undef PUSH
#undef POP
#undef TOP
#undef PEEK

void Interpreter::raise_unbound_deref(Frame& f, int arg) {
    const std::string& n = f.co->deref_name(arg);
    if (size_t(arg) < f.co->cellvars.size())
        raise(types().UnboundLocalError, str("cannot access local variable '", n, "' where it is not associated with a value"));
    raise_name_error(n, str("cannot access free variable '", n, "' where it is not associated with a value in enclosing scope"));
}

// CPython's CHECK_EXC_MATCH: every class of a tuple is checked before any is matched, so
// `except (ZeroDivisionError, 5)` is a TypeError even when the first would have caught it.
bool Interpreter::exception_matches(const Value& exc, const Value& type) {
    auto valid = [](const Value& x) {
        auto* t = x.as<Type>();
        if (!t || !t->is_exception)
            raise(types().TypeError, "catching classes that do not inherit from BaseException is not allowed");
        return t;
    };
    if (auto* t = type.as<Tuple>()) {
        for (const Value& x : t->items) valid(x);
        for (const Value& x : t->items)
            if (isinstance(exc, x.as<Type>())) return true;
        return false;
    }
    return isinstance(exc, valid(type));
}

std::vector<Value> Interpreter::unpack_iterable(const Value& seq, int before, int after) {
    const bool starred = after >= 0;
    std::vector<Value> items;
    if (seq.is(Kind::List)) {
        items = seq.get<List>()->items;
    } else if (seq.is(Kind::Tuple) && find_dunder(seq, "__iter__").is_null()) {
        items = seq.get<Tuple>()->items;
    } else {
        Value it;
        try {
            it = get_iter(*this, seq);
        } catch (PyError& e) {
            // CPython's unpack_iterable rewords only a type with no __iter__ and no sequence protocol:
            // `v, i = x.max()` keeps the tensor's own "iteration over a 0-d tensor"
            Type* st = type_of(seq);
            if (isinstance(e.exc, types().TypeError) && !st->lookup("__iter__") && !st->lookup("__getitem__"))
                raise(types().TypeError, str("cannot unpack non-iterable ", type_name(seq), " object"));
            throw;
        }
        // a starred target takes every item into a list: CPython's PySequence_List of the iterator,
        // whose length hint (a range's length, a user iterator's __length_hint__) is preallocated
        if (starred) check_list_size_hint(*this, seq.is(Kind::Range) ? seq : it);
        for (Value v = iter_next(*this, it); !v.is_null(); v = iter_next(*this, it)) {
            items.push_back(std::move(v));
            if (!starred && int(items.size()) > before) break;
        }
    }
    int n = int(items.size());
    if (!starred) {
        if (n > before) raise(types().ValueError, str("too many values to unpack (expected ", before, ")"));
        if (n < before) raise(types().ValueError, str("not enough values to unpack (expected ", before, ", got ", n, ")"));
    } else if (n < before + after) {
        raise(types().ValueError, str("not enough values to unpack (expected at least ", before + after, ", got ", n, ")"));
    }
    return items;
}

// ---- running programs ---------------------------------------------------------------------------

// CPython 3.12's uncaught-exception printer (Python/pythonrun.c): the chain first (causes and
// contexts, oldest first), then each exception's traceback and line. An exception group is printed
// with its sub-exceptions nested under it, each indented two columns per level behind a "| "
// margin, between "+---------------- N ----------------" separators (at most 15 per group, then
// "and N more exceptions"; at most 10 levels, then "... (max_group_depth is 10)"). A chain is walked
// iteratively with one seen set for the whole printout, as CPython's: `raise e from e` and cause
// cycles print each exception once, and chains of any length cannot exhaust the C stack; only the
// group levels (at most 11) recurse.
namespace {
struct ExceptionPrinter {
    const Interpreter& in;
    std::string out;
    std::unordered_set<const Object*> seen;
    int depth = 0;  // CPython's exception_group_depth
    bool need_close = false;
    static constexpr int kMaxGroupWidth = 15, kMaxGroupDepth = 10;

    std::string indent() const { return std::string(size_t(2 * depth), ' '); }
    const char* margin() const { return depth ? "| " : ""; }

    // One exception's traceback, message and notes, each line behind the margin (the traceback's
    // header behind "+ " for the outermost group).
    void print_one(const Value& exc, bool group) {
        std::string text = in.format_one_exception(exc, true);
        static const std::string kHeader = "Traceback (most recent call last):\n";
        bool has_tb = text.compare(0, kHeader.size(), kHeader) == 0;
        if (group && has_tb) text = "Exception Group " + text;
        if (depth == 0) {
            out += text;
            return;
        }
        // CPython writes the margin once before the "Type: message" line, so a message's further
        // lines come bare, and its traceback printer writes "[Previous line repeated N more
        // times]" without one.
        size_t message_lines = 0;
        try {
            std::string msg = to_str(const_cast<Interpreter&>(in), exc);
            message_lines = size_t(std::count(msg.begin(), msg.end(), '\n'));
        } catch (...) {
        }
        size_t pos = 0;
        bool first = true, in_traceback = has_tb;
        size_t bare = 0;
        while (pos < text.size()) {
            size_t nl = text.find('\n', pos);
            size_t stop = nl == std::string::npos ? text.size() : nl + 1;
            std::string_view line(text.data() + pos, stop - pos);
            bool prefixed = true;
            if (bare > 0) {
                prefixed = false;
                --bare;
            } else if (in_traceback && !first && line.substr(0, 2) != "  ") {
                in_traceback = false;  // the exception's line
                bare = message_lines;
            } else if (!in_traceback && first) {
                bare = message_lines;
            }
            if (in_traceback && line.substr(0, 25) == "  [Previous line repeated") prefixed = false;
            if (prefixed) {
                out += indent();
                out += first && has_tb && group && depth == 1 ? "+ " : margin();
            }
            out.append(line);
            pos = stop;
            first = false;
        }
    }

    void print_group(const Value& exc) {
        if (depth > kMaxGroupDepth) {
            out += indent() + margin() + str("... (max_group_depth is ", kMaxGroupDepth, ")\n");
            return;
        }
        if (depth == 0) depth = 1;
        print_one(exc, true);
        const std::vector<Value> excs = exc.get<ExceptionObj>()->group_excs.get<Tuple>()->items;
        size_t n = excs.size() <= size_t(kMaxGroupWidth) ? excs.size() : size_t(kMaxGroupWidth) + 1;
        need_close = false;
        for (size_t i = 0; i < n; ++i) {
            bool last = i + 1 == n;
            if (last) need_close = true;  // a nested group's last part may close the frame instead
            bool truncated = i >= size_t(kMaxGroupWidth);
            out += indent() + (i == 0 ? "+-" : "  ") + "+---------------- " + (truncated ? std::string("...") : std::to_string(i + 1)) +
                   " ----------------\n";
            ++depth;
            if (!truncated) {
                print_chain(excs[i]);
            } else {
                size_t more = excs.size() - size_t(kMaxGroupWidth);
                out += indent() + margin() + str("and ", more, " more exception", more > 1 ? "s" : "", "\n");
            }
            if (last && need_close) {
                out += indent() + "+------------------------------------\n";
                need_close = false;
            }
            --depth;
        }
        if (depth == 1) depth = 0;
    }

    void print_chain(const Value& exc) {
        struct Link {
            Value exc;
            const char* joint;  // the sentence printed after this exception, before the next one
        };
        std::vector<Link> chain;  // newest first
        const char* joint = nullptr;
        for (Value cur = exc; !cur.is_null() && cur.is(Kind::Exception) && seen.insert(cur.obj()).second;) {
            chain.push_back({cur, joint});
            auto* e = cur.get<ExceptionObj>();
            if (!e->cause.is_null() && e->cause.is(Kind::Exception)) {
                joint = "The above exception was the direct cause of the following exception:\n";
                cur = e->cause;
            } else if (!e->context.is_null() && !e->suppress_context && e->context.is(Kind::Exception)) {
                joint = "During handling of the above exception, another exception occurred:\n";
                cur = e->context;
            } else {
                break;
            }
        }
        for (auto link = chain.rbegin(); link != chain.rend(); ++link) {
            bool saved = need_close;  // print_chained: a cause's printout leaves the frame's closing alone
            if (link->exc.get<ExceptionObj>()->group_excs.is(Kind::Tuple)) print_group(link->exc);
            else print_one(link->exc, false);
            if (link->joint) {
                need_close = saved;
                std::string m = indent() + margin();
                out += m + "\n" + m + link->joint + m + "\n";
            }
        }
    }
};
}  // namespace

std::string Interpreter::format_exception(const Value& exc) const {
    ExceptionPrinter p{*this};
    p.print_chain(exc);
    return std::move(p.out);
}

namespace {
// CPython 3.11's Python/suggestions.c: the closest candidate to a misspelt name by a Levenshtein
// distance where a case change costs 1 and any other edit 2, at most a third of the characters
// changed; no suggestion from 750 candidates or more, or for names longer than 40 bytes.
constexpr int64_t kMoveCost = 2, kCaseCost = 1, kMaxStringSize = 40, kMaxCandidates = 750;

int64_t substitution_cost(char a, char b) {
    if ((a & 31) != (b & 31)) return kMoveCost;
    if (a == b) return 0;
    if ('A' <= a && a <= 'Z') a = char(a + ('a' - 'A'));
    if ('A' <= b && b <= 'Z') b = char(b + ('a' - 'A'));
    return a == b ? kCaseCost : kMoveCost;
}

int64_t levenshtein_distance(std::string_view a, std::string_view b, int64_t max_cost) {
    while (!a.empty() && !b.empty() && a.front() == b.front()) a.remove_prefix(1), b.remove_prefix(1);
    while (!a.empty() && !b.empty() && a.back() == b.back()) a.remove_suffix(1), b.remove_suffix(1);
    if (a.empty() || b.empty()) return int64_t(a.size() + b.size()) * kMoveCost;
    if (int64_t(a.size()) > kMaxStringSize || int64_t(b.size()) > kMaxStringSize) return max_cost + 1;
    if (b.size() < a.size()) std::swap(a, b);
    if (int64_t(b.size() - a.size()) * kMoveCost > max_cost) return max_cost + 1;
    int64_t buffer[kMaxStringSize];
    for (size_t i = 0; i < a.size(); ++i) buffer[i] = int64_t(i + 1) * kMoveCost;
    int64_t result = 0;
    for (size_t bi = 0; bi < b.size(); ++bi) {
        int64_t distance = result = int64_t(bi) * kMoveCost;
        int64_t minimum = INT64_MAX;
        for (size_t i = 0; i < a.size(); ++i) {
            int64_t substitute = distance + substitution_cost(b[bi], a[i]);
            distance = buffer[i];
            int64_t insert_delete = std::min(result, distance) + kMoveCost;
            result = std::min(insert_delete, substitute);
            buffer[i] = result;
            minimum = std::min(minimum, result);
        }
        if (minimum > max_cost) return max_cost + 1;
    }
    return result;
}

// calculate_suggestions: the first candidate at the smallest distance within the limit.
std::optional<std::string> closest_name(const std::vector<std::string>& dir, const std::string& name) {
    if (int64_t(dir.size()) >= kMaxCandidates) return std::nullopt;
    std::optional<std::string> best;
    int64_t best_distance = INT64_MAX;
    for (const std::string& item : dir) {
        if (item == name) continue;
        int64_t max_distance = (int64_t(name.size() + item.size()) + 3) * kMoveCost / 6;
        max_distance = std::min(max_distance, best_distance - 1);
        int64_t d = levenshtein_distance(name, item, max_distance);
        if (d > max_distance) continue;
        if (!best || d < best_distance) {
            best = item;
            best_distance = d;
        }
    }
    return best;
}

// _Py_Offer_Suggestions: only for NameError and AttributeError themselves (not subclasses), from
// the NameError's innermost frame (locals, then globals, then builtins) or dir() of the
// AttributeError's object; any error while looking is swallowed.
std::optional<std::string> offer_suggestion(Interpreter& in, const ExceptionObj* e, StrMap& builtins) {
    const Value* name = e->dict.find("name");
    if (!name || !name->is(Kind::Str)) return std::nullopt;
    const std::string& n = str_of(*name);
    // The closest of dir(obj) to `wanted`; none when dir() is missing, too long or not all strs.
    auto closest_in_dir = [&](const Value& obj, const std::string& wanted) -> std::optional<std::string> {
        const Value* dir = builtins.find("dir");
        if (!dir) return std::nullopt;
        Value names = in.call(*dir, {obj});
        auto* l = names.as<List>();
        if (!l || int64_t(l->items.size()) >= kMaxCandidates) return std::nullopt;
        std::vector<std::string> cands;
        for (const Value& v : l->items)
            if (v.is(Kind::Str)) cands.push_back(str_of(v));
            else return std::nullopt;
        return closest_name(cands, wanted);
    };
    try {
        // 3.12's offer_suggestions_for_import_error: `from m import x` names the closest of dir(m)
        if (e->type->is_subtype_of(types().ImportError)) {
            const Value* from = e->dict.find("name_from");
            if (!from || !from->is(Kind::Str)) return std::nullopt;
            const Value* mods = in.import_module("sys")->dict.find("modules");
            const Value* mod = mods && mods->is(Kind::Dict) ? mods->get<Dict>()->find(new_str(n)) : nullptr;
            if (!mod) return std::nullopt;
            return closest_in_dir(*mod, str_of(*from));
        }
        if (e->type == types().AttributeError) {
            const Value* obj = e->dict.find("obj");
            if (!obj || obj->is_none()) return std::nullopt;
            // PyTorch's `torch` namespace holds well over 750 names (dir(torch)), so CPython never
            // suggests one for `torch.X`; Kiln's holds fewer and would.
            if (auto* m = obj->as<ModuleObj>(); m && m->name == "torch") return std::nullopt;
            return closest_in_dir(*obj, n);
        }
        if (e->type == types().NameError && e->scope_code) {
            // 3.12: inside a method whose instance has the attribute, 'self.NAME' comes first
            const auto& vn = e->scope_code->code->varnames;
            if (!e->scope_self.is_null() && std::find(vn.begin(), vn.end(), "self") != vn.end()) {
                bool has = false;
                try {
                    has = !getattr_or_null(in, e->scope_self, n).is_null();
                } catch (PyError&) {
                }
                if (has) return "self." + n;
            }
            if (auto s = closest_name(vn, n)) return s;
            auto keys = [](const StrMap& m) {
                std::vector<std::string> out;
                m.for_each([&](const std::string& k, const Value&) { out.push_back(k); });
                return out;
            };
            if (e->scope_globals)
                if (auto s = closest_name(keys(e->scope_globals->dict), n)) return s;
            return closest_name(keys(builtins), n);
        }
    } catch (PyError&) {
    }
    return std::nullopt;
}
}  // namespace

// traceback_carets.cpp: CPython 3.12's `~~^^` line under a frame's source line, or ""
std::string traceback_carets(const Interpreter& in, const std::string& filename, int line, int col, int end_line, int end_col);

std::string Interpreter::format_one_exception(const Value& exc, bool suggest) const {
    auto* e = exc.get<ExceptionObj>();
    std::string out;
    Interpreter& self = const_cast<Interpreter&>(*this);
    if (!e->traceback.empty()) {
        out += "Traceback (most recent call last):\n";
        // CPython's traceback printer: a frame repeated (recursion) is shown 3 times, then
        // "[Previous line repeated N more times]" (a RecursionError's 1000 frames, or the C stack's
        // hundreds of thousands under a large --recursion-limit, stay a few lines).
        constexpr int kRecursiveCutoff = 3;
        const TracebackEntry* last = nullptr;
        int64_t count = 0;
        auto repeated = [&] {
            if (count > kRecursiveCutoff) {
                int64_t more = count - kRecursiveCutoff;
                out += str("  [Previous line repeated ", more, " more time", more > 1 ? "s" : "", "]\n");
            }
        };
        for (auto it = e->traceback.rbegin(); it != e->traceback.rend(); ++it) {
            if (!last || last->filename != it->filename || last->line != it->line || last->function != it->function) {
                repeated();
                last = &*it;
                count = 0;
            }
            if (++count > kRecursiveCutoff) continue;
            out += str("  File \"", it->filename, "\", line ", it->line, ", in ", it->function, "\n");
            std::string line = source_line(it->filename, it->line);
            if (!line.empty()) {
                out += "    " + line + "\n";
                std::string carets = traceback_carets(*this, it->filename, it->line, it->col, it->end_line, it->end_col);
                if (!carets.empty()) out += carets + "\n";
            }
        }
        repeated();
    }
    const Type* t = e->type;
    // CPython qualifies the class name with its module except for builtins and __main__.
    std::string name = t->module == "builtins" || t->module == "__main__" ? t->qualname : t->module + "." + t->qualname;
    std::string msg;
    try {
        msg = to_str(self, exc);
    } catch (...) {
        msg = "<exception str() failed>";
    }
    // A SyntaxError carrying its location (exec/eval/compile's): CPython prints the file and line,
    // the stripped text with a caret under the offset, and the bare message.
    if (isinstance(exc, types().SyntaxError)) {
        const Value* fn = e->dict.find("filename");
        const Value* ln = e->dict.find("lineno");
        const Value* m = e->dict.find("msg");
        if (fn && fn->is(Kind::Str) && ln && ln->is_int() && m && m->is(Kind::Str)) {
            out += str("  File \"", str_of(*fn), "\", line ", ln->as_int(), "\n");
            const Value* tx = e->dict.find("text");
            const Value* off = e->dict.find("offset");
            if (tx && tx->is(Kind::Str)) {
                std::string text = str_of(*tx);
                while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.pop_back();
                size_t lead = text.find_first_not_of(" \t\f");
                if (lead == std::string::npos) lead = text.size();
                out += "    " + text.substr(lead) + "\n";
                if (off && off->is_int() && off->as_int() > int64_t(lead))
                    out += "    " + std::string(size_t(off->as_int()) - 1 - lead, ' ') + "^\n";
            }
            msg = str_of(*m);
        }
    }
    out += msg.empty() ? name : name + ": " + msg;
    if (suggest) {
        auto s = offer_suggestion(self, e, self.builtins_);
        if (s) out += ". Did you mean: '" + *s + "'?";
        // 3.12: a NameError naming a standard-library module hints at the missing import
        const Value* name = e->dict.find("name");
        if (e->type == types().NameError && name && name->is(Kind::Str) && is_stdlib_module_name(str_of(*name)))
            out += str(s ? " Or did" : ". Did", " you forget to import '", str_of(*name), "'?");
    }
    out += "\n";
    // PEP 678's notes (add_note), one line each under the exception as CPython 3.11's
    // print_exception_notes: a str as it is, anything else by str(); __notes__ not a list or tuple: its repr.
    if (const Value* notes = e->dict.find("__notes__")) {
        try {
            if (notes->is(Kind::List) || notes->is(Kind::Tuple)) {
                const std::vector<Value> items =
                    notes->is(Kind::List) ? notes->get<List>()->items : notes->get<Tuple>()->items;
                for (const Value& n : items) out += (n.is(Kind::Str) ? str_of(n) : to_str(self, n)) + "\n";
            } else {
                out += repr(self, *notes) + "\n";
            }
        } catch (...) {
            out += "<note str() failed>\n";
        }
    }
    return out;
}

const std::string* Interpreter::source_text(const std::string& filename) const {
    auto it = sources_.find(filename);
    return it == sources_.end() ? nullptr : &it->second;
}

std::string Interpreter::source_line(const std::string& filename, int line) const {
    auto it = sources_.find(filename);
    if (it == sources_.end() || line < 1) return "";
    const std::string& src = it->second;
    size_t pos = 0;
    for (int l = 1; l < line && pos != std::string::npos; ++l) {
        pos = src.find('\n', pos);
        if (pos != std::string::npos) ++pos;
    }
    if (pos == std::string::npos || pos >= src.size()) return "";
    size_t end = src.find('\n', pos);
    std::string text = src.substr(pos, end == std::string::npos ? std::string::npos : end - pos);
    size_t a = text.find_first_not_of(" \t");
    size_t b = text.find_last_not_of(" \t\r");
    return a == std::string::npos ? "" : text.substr(a, b - a + 1);
}

// An uncaught exception's report: sys.excepthook(type, value, traceback) when the program replaced it,
// else the traceback, as CPython's PyErr_PrintEx. A hook that raises gets CPython's two-part report
// ("Error in sys.excepthook:" then "Original exception was:").
static void report_uncaught(Interpreter& in, const std::map<std::string, Ref<ModuleObj>>& modules, const Value& exc) {
    auto sys = modules.find("sys");
    const Value* hook = sys == modules.end() ? nullptr : sys->second->dict.find("excepthook");
    const Value* dflt = sys == modules.end() ? nullptr : sys->second->dict.find("__excepthook__");
    if (!hook || (dflt && hook->identical(*dflt))) {
        in.write_err(in.format_exception(exc));
        return;
    }
    try {
        Value tb = getattr(in, exc, "__traceback__");
        in.call(*hook, {Value(type_of(exc)), exc, tb});
    } catch (PyError& hook_err) {
        if (system_exit_status(in, hook_err.exc) >= 0) return;
        in.write_err("Error in sys.excepthook:\n");
        in.write_err(in.format_exception(hook_err.exc));
        in.write_err("\nOriginal exception was:\n");
        in.write_err(in.format_exception(exc));
    }
}

// atexit's handlers, when the program imported atexit (engine/stdlib/atexit.py): run once, at the end
// of a program that finished, exited or raised (not one stopped by a limit).
static void run_atexit_handlers(Interpreter& in, const std::map<std::string, Ref<ModuleObj>>& modules) {
    auto it = modules.find("atexit");
    if (it == modules.end()) return;
    const Value* fn = it->second->dict.find("_run_exitfuncs");
    if (!fn) return;
    try {
        in.call(*fn, std::vector<Value>{});
    } catch (PyError& e) {
        in.write_err(in.format_exception(e.exc));
    }
}

RunResult Interpreter::run_source(const std::string& source, const std::string& filename) {
    RunResult result;
    main_teardown_due_ = false;
    sources_[filename] = source;
    uint64_t start = executed_;
    std::shared_ptr<const bytecode::CodeObject> co;
    try {
        lang::Module mod = lang::parse_module(source, filename);
        co = bytecode::compile_module(mod, filename);
    } catch (const lang::SyntaxError& e) {
        write_err(std::string(e.what()) + "\n");
        result.ok = false;
        result.exit_code = 1;
        result.error_type = e.kind_name();
        result.error_message = e.message();
        result.error_line = e.line();
        result.error_col = e.col();
        return result;
    }
    auto module = make<ModuleObj>("__main__");
    module->dict.set("__name__", new_str("__main__"));
    module->dict.set("__doc__", Value::none());
    module->dict.set("__package__", Value::none());
    module->dict.set("__file__", new_str(filename));
    // CPython's __main__ holds the builtins module as __builtins__ (other modules get its dict)
    module->dict.set("__builtins__", Value(import_module("builtins").get()));
    modules_["__main__"] = module;
    sync_sys_modules("__main__", module.get());  // sys imported before this run (a host's preload) sees it too
    try {
        run_code(make<Code>(co), module);
    } catch (const ProcessExit& e) {
        handled_ = Value();
        result.ok = e.status == 0;
        result.exit_code = e.status;
        result.error_type = e.status ? "SystemExit" : "";
        result.instructions = executed_ - start;
        return result;
    } catch (PyError& err) {
        // SystemExit ends the program with its status and prints no traceback (host_sys.cpp).
        if (int status = system_exit_status(*this, err.exc); status >= 0) {
            handled_ = Value();
            run_atexit_handlers(*this, modules_);
            main_teardown_due_ = true;
            result.ok = status == 0;
            result.exit_code = status;
            result.error_type = status ? "SystemExit" : "";
            handled_ = Value();
            result.instructions = executed_ - start;
            return result;
        }
        result.ok = false;
        result.exit_code = 1;
        auto* e = err.exc.get<ExceptionObj>();
        result.error_type = e->type->name;
        try {
            result.error_message = to_str(*this, err.exc);
        } catch (...) {
        }
        if (!e->traceback.empty()) {
            result.error_line = e->traceback.front().line;
            result.error_col = e->traceback.front().col;
        }
        report_uncaught(*this, modules_, err.exc);
        handled_ = Value();
    }
    // As CPython's shutdown does, generators left suspended run their finally blocks (not after a
    // stop: a spent budget or the host's Stop ends the program there).
    if (result.error_type != limit_error_type()->name) {
        run_atexit_handlers(*this, modules_);
        close_suspended_generators(*this);
        run_pending_finalizers(*this);  // __del__ of what the last statement freed
        main_teardown_due_ = true;
    }
    result.instructions = executed_ - start;
    return result;
}

namespace {

// The objects a container refers to, as CPython's tp_traverse visits them: a list's items from the
// last to the first (list_traverse), a tuple's the same, a dict's keys and values in order, an
// instance's attributes. Other kinds are not looked into (their referents count as held from outside).
template <typename F>
void visit_referents(Object* o, F&& f) {
    auto each = [&](const Value& v) {
        if (v.is_obj()) f(v.obj());
    };
    switch (o->kind) {
        case Kind::List: {
            const auto& items = static_cast<List*>(o)->items;
            for (size_t i = items.size(); i-- > 0;) each(items[i]);
            break;
        }
        case Kind::Tuple: {
            const auto& items = static_cast<Tuple*>(o)->items;
            for (size_t i = items.size(); i-- > 0;) each(items[i]);
            break;
        }
        case Kind::Dict:
            for (const auto& [k, v] : static_cast<Dict*>(o)->entries) {
                if (k.is_null()) continue;
                each(k);
                each(v);
            }
            break;
        case Kind::Instance: static_cast<Instance*>(o)->dict.for_each([&](const std::string&, const Value& v) { each(v); }); break;
        default: break;
    }
}

// The order CPython 3.11/3.12's shutdown finalizes objects in. Its final collection calls the
// finalizers in the order of the collector's list, which the collections before it (with the objects
// still reachable) rearranged: move_unreachable scans the objects oldest first, sets aside each one
// referred to from inside the set only, and puts it back at the end of the list when a reachable
// container it is in is scanned, in that container's traverse order. So objects held by a global
// keep their place, and objects held only in a list come after, last item first ("L = [A(0), A(1)]"
// finalizes A(1) then A(0)). This replays one such pass over the heap.
// A user class's namespace is a dict object of its own in CPython (tp_dict, made just before the
// class): it is set aside when scanned and comes back after the class, so the objects a class
// attribute holds are reached one step later than an instance's. Kiln keeps it inside the Type: the
// pass stands a marker (the type's address, tagged) in for that dict.
constexpr uintptr_t kTypeDictTag = 1;
std::vector<Object*> shutdown_order(const Heap& heap) {
    std::vector<uintptr_t> young;  // objects, and type-dict markers (address | kTypeDictTag)
    heap.for_each_oldest_first([&](Object* o) {
        if (o->refcount <= 0) return;
        if (o->kind == Kind::Type && !static_cast<Type*>(o)->builtin) young.push_back(uintptr_t(o) | kTypeDictTag);
        young.push_back(uintptr_t(o));
    });
    auto referents = [](uintptr_t n, auto&& f) {
        if (n & kTypeDictTag) {
            static_cast<Type*>(reinterpret_cast<Object*>(n & ~kTypeDictTag))->dict.for_each([&](const std::string&, const Value& v) {
                if (v.is_obj()) f(uintptr_t(v.obj()));
            });
        } else if (auto* o = reinterpret_cast<Object*>(n); o->kind == Kind::Type && !static_cast<Type*>(o)->builtin) {
            f(n | kTypeDictTag);
        } else {
            visit_referents(o, [&](Object* c) { f(uintptr_t(c)); });
        }
    };
    std::unordered_map<uintptr_t, long> refs;  // gc_refs: references from outside the set
    refs.reserve(young.size());
    for (uintptr_t n : young) refs[n] = (n & kTypeDictTag) ? 1 : reinterpret_cast<Object*>(n)->refcount;
    for (uintptr_t n : young)
        referents(n, [&](uintptr_t c) {
            if (auto it = refs.find(c); it != refs.end()) --it->second;
        });
    std::unordered_set<uintptr_t> unreachable;
    std::vector<Object*> order;  // the list after the pass (set-aside objects moved back at its end)
    order.reserve(young.size());
    for (size_t i = 0; i < young.size(); ++i) {
        const uintptr_t n = young[i];
        if (refs[n] > 0) {
            if (!(n & kTypeDictTag)) order.push_back(reinterpret_cast<Object*>(n));
            referents(n, [&](uintptr_t c) {
                auto it = refs.find(c);
                if (it == refs.end()) return;
                if (unreachable.erase(c)) young.push_back(c);  // back at the end, scanned again there
                if (it->second <= 0) it->second = 1;
            });
        } else {
            unreachable.insert(n);
        }
    }
    for (uintptr_t n : young)  // what stayed set aside (cycles nothing else holds): after the rest
        if (unreachable.erase(n) && !(n & kTypeDictTag)) order.push_back(reinterpret_cast<Object*>(n));
    return order;
}

}  // namespace

int Interpreter::finalize_main(int exit_code) {
    if (!main_teardown_due_ || finalizing_) return exit_code;
    main_teardown_due_ = false;
    auto it = modules_.find("__main__");
    if (it == modules_.end()) return exit_code;
    Ref<ModuleObj> mod = it->second;
    // a spent budget ends the teardown (no more user code runs) with the budget's error: a __del__
    // looping forever at shutdown is reported, not swallowed as its other errors are
    auto stopped = [&] { return options_.max_instructions && executed_ >= options_.max_instructions; };
    auto report_stop = [&] {
        write_err(str("Exception ignored while finalizing __main__ at shutdown:\n",
                      format_exception(new_exception(limit_error_type(),
                                                     {new_str(str("instruction budget of ", options_.max_instructions,
                                                                  " exhausted: the program ran too long or loops forever (",
                                                                  options_.budget_hint, ")"))}))));
        return exit_code ? exit_code : 1;
    };
    auto settle = [&] {
        drop_weakref_callbacks();
        run_pending_finalizers(*this);
        drop_weakref_callbacks();
    };
    std::vector<Object*> left;
    struct Unpin {
        std::vector<Object*>& objs;
        ~Unpin() {
            for (Object* o : objs) decref(o);
        }
    } unpin{left};
    try {
        settle();
        // The final collection: every object alive with a __del__ not yet run is finalized once,
        // in CPython's order (shutdown_order), while the globals are all still there (a __del__ may use a module or its own
        // class by name), each pinned so that a __del__ freeing another leaves no dangling pointer.
        // CPython 3.11/3.12 reach most of __main__'s objects this way (its dict is garbage once
        // sys.modules lets go, in a cycle with the functions it holds), reference cycles included.
        for (Object* o : shutdown_order(heap_)) {
            if (!o->type || o->type->builtin || o->refcount <= 0 || g_finalized.count(o)) continue;
            const Value* del = o->type->lookup("__del__");
            if (!del || !del->is(Kind::Function)) continue;
            incref(o);
            left.push_back(o);
        }
        for (Object* o : left) {
            if (stopped() || !g_finalized.insert(o).second) continue;
            const Value* del = o->type->lookup("__del__");
            if (!del || !del->is(Kind::Function)) continue;
            Value fn = *del;
            try {
                call(fn, {Value(o)});
            } catch (PyError& e) {
                if (type_of(e.exc)->name != "KilnLimitError")
                    write_err(str("Exception ignored in: ", repr(*this, fn), "\n", format_exception(e.exc)));
            }
            settle();
        }
        // CPython then sets __main__'s globals to None (_PyModule_ClearDict); Kiln does not: every
        // __del__ has run by now, and a class dropped there could go before its tensor-subclass
        // instances, which do not hold their type (the heap's teardown frees the rest, __del__ off).
        if (stopped()) return report_stop();
    } catch (const ProcessExit& e) {  // os._exit in a __del__: the process ends there, with its status
        return e.status;
    }
    return exit_code;
}

}  // namespace kiln::vm
