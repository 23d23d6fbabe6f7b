// The interpreter: runs code objects, owns the heap, the module table and the limits.
//
//   Interpreter interp(options);
//   RunResult r = interp.run_source(text, "model.py");   // stdout/stderr through options sinks
//
// One instruction loop (interpreter.cpp, one case per opcode in opcodes.def order) runs every
// frame; calls between Python functions recurse through eval_frame so that the frame-evaluation
// hook (eval_hook.h) sees each one. Errors travel as C++ exceptions (PyError, holding a Python
// exception object); engine errors (kiln::Error) become the Python exception of their kind when
// they cross an instruction. Limits: an instruction budget, a tensor-memory cap and a recursion
// limit, each ending the program with a clear Python error instead of a hang or a crash.
#pragma once
#include <cstdint>
#include <exception>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "vm/eval_hook.h"
#include "vm/frame.h"
#include "vm/heap.h"
#include "vm/typetable.h"

namespace kiln::vm {

// A Python exception in flight.
struct PyError : std::exception {
    explicit PyError(Value e) : exc(std::move(e)) {}
    const char* what() const noexcept override { return "Python exception"; }
    Value exc;  // an ExceptionObj
};

using OutputSink = std::function<void(std::string_view)>;

struct Options {
    OutputSink out;  // print(); default: stdout
    OutputSink err;  // tracebacks, warnings; default: stderr
    uint64_t max_instructions = 0;  // 0: unlimited
    size_t max_tensor_bytes = 0;    // 0: unlimited
    // A cap on the bytes of the process's C++ heap (support/heap_accounting.h): Python objects, 0:
    // unlimited. Past it the next instruction raises MemoryError.
    size_t max_heap_bytes = 0;
    // How the user raises each limit, ending the limit errors' messages: the CLI's flags by default;
    // the playground names its sliders.
    std::string budget_hint = "raise the budget with --max-instructions N, 0 for none";
    std::string memory_hint = "raise it with --max-tensor-mb N";
    std::string heap_hint = "raise it with --max-heap-mb N, 0 for none";
    int recursion_limit = 1000;
    // Asked every `poll_every` instructions (0: never) by a host that must stay responsive: a UI
    // thread's Stop button, a time limit. An empty answer lets the program go on; a message stops it
    // with KilnLimitError(message). The check rides on the instruction budget's counter, so a run
    // without a poll pays nothing for it.
    std::function<std::string()> poll;
    uint64_t poll_every = 0;
    std::vector<std::string> argv;  // sys.argv[1:] (sys.argv[0] is the program's file name)
    // The file sandbox (host_fs.cpp): programs may touch files only under the program's directory,
    // a private temporary directory and `allowed_dirs` (kiln --allow-dir). Relative paths resolve
    // against `cwd`. Empty program_dir / cwd: the process's current directory.
    std::string program_dir;
    std::string cwd;
    std::vector<std::string> allowed_dirs;
    std::string program_path;  // sys.argv[0] ("" : the file name given to run_source)
};

// os._exit(n): ends the program at once with status n. Not a Python exception and not a
// std::exception, so no except, finally, __exit__ or frame handler of the VM stops it (as
// NeedsRealData crosses every frame); run_source catches it and skips what a normal end runs
// (atexit handlers, suspended generators' finally blocks, pending __del__ methods), as CPython's
// _exit(2) does.
struct ProcessExit {
    int status;
};

struct RunResult {
    bool ok = true;
    int exit_code = 0;
    std::string error_type;     // "ValueError" when !ok
    std::string error_message;  // str(exc)
    int error_line = 0;         // innermost frame's line, 0 if none
    int error_col = 0;
    uint64_t instructions = 0;
};

class Interpreter {
public:
    explicit Interpreter(Options options = {});
    ~Interpreter();
    Interpreter(const Interpreter&) = delete;
    Interpreter& operator=(const Interpreter&) = delete;

    // Parses, compiles and runs `source` as module __main__. An uncaught exception prints a
    // Python-style traceback to the err sink; a SyntaxError prints its located message.
    RunResult run_source(const std::string& source, const std::string& filename);
    // What CPython's shutdown does after the last run_source (finalize_modules): the objects alive
    // with a __del__ (cycles included) are finalized in the order they were made, as the final gc
    // collection does with __main__'s dict gone from sys.modules, the globals still intact.
    // Weak-reference callbacks do not run (CPython skips those of weakrefs that die with their
    // referents). Not after a run stopped by a limit or os._exit. For hosts that run one program and
    // end (the CLI); a session that runs more code in the same __main__ does not call it. Returns
    // `exit_code`, or the status of an os._exit() called by a __del__.
    int finalize_main(int exit_code);
    // Runs a compiled module in a fresh or given namespace; throws PyError.
    Value run_code(Ref<Code> code, Ref<ModuleObj> module);

    // ---- calling ----
    Value call(const Value& callable, const CallArgs& args);
    Value call(const Value& callable, std::initializer_list<Value> args);
    Value call(const Value& callable, const std::vector<Value>& args);
    // obj.name(*args)
    Value call_method(const Value& obj, std::string_view name, std::initializer_list<Value> args);
    // Binds arguments (after `self`, when given) to a new frame for `func` and evaluates it
    // through the hook.
    // inlined: called by the CALL instruction (CPython pushes the frame in the same eval loop, no C
    // recursion units); otherwise an entry from native code (CRecursion's 2 units).
    Value call_function(Function* func, const CallArgs& args, const Value* self = nullptr, bool inlined = false);
    Value call_with_self(const Value& callable, const Value& self, const CallArgs& args);
    // Calling a class: construct a built-in, or allocate a user class's instance and run __init__.
    Value call_type(Type* type, const CallArgs& args);
    // Runs a class body with `ns` as its namespace; returns the __class__ cell or None.
    // mapping: the namespace a metaclass's __prepare__ returned (Null: the body fills ns)
    Value run_class_body(Function* body, StrMap& ns, const Value& mapping = Value());
    Value mapping_lookup(const Value& mapping, const std::string& name);  // Null on KeyError
    // Runs a frame: the hook if installed, else eval_frame_default.
    Value eval_frame(Frame& frame);
    Value eval_frame_default(Frame& frame);
    // Re-enters a suspended generator frame at its pc (generator.h): `sent` is pushed as the value
    // of the pending yield, or `thrown` (an exception instance) is raised there. Returns the yielded
    // value (frame.yielded) or the frame's return value. Resumes do not go through the hook.
    Value resume_frame(Frame& frame, const Value& sent, const Value* thrown);
    // True once the interpreter is being destroyed: no more Python code runs (finalizers skip).
    bool finalizing() const { return finalizing_; }
    // The Python exception for a C++ exception the engine did not translate itself.
    Value exception_from_std(const std::exception& e);

    // ---- the frame-evaluation hook ----
    void set_eval_frame_hook(EvalFrameHook hook) { hook_ = std::move(hook); }
    const EvalFrameHook& eval_frame_hook() const { return hook_; }

    // ---- state ----
    Frame* current_frame() const { return frame_; }
    Heap& heap() { return heap_; }
    StrMap& builtins() { return builtins_; }
    // The modules imported so far, by name (sys.modules is a snapshot of it).
    const std::map<std::string, Ref<ModuleObj>>& modules() const { return modules_; }
    // import: returns the module (cached per interpreter), ModuleNotFoundError if unknown.
    Ref<ModuleObj> import_module(const std::string& name);
    // What `import name` binds: sys.modules[name] when it holds an object other than a module (the
    // `sys.modules[__name__] = _Module(__name__)` idiom, for module attributes that are properties),
    // found before any import or left there by the module's own code; else the imported module.
    Value import_value(const std::string& name);
    Value sys_modules_object(const std::string& name);  // null unless such an object is there
    // `from .x import y` in frame f: the absolute name (CPython's importlib _resolve_name).
    std::string resolve_relative_import(const Frame& f, const std::string& name, int64_t level);
    // The exception being handled (sys.exc_info()[1]), Null outside handlers.
    Value& handled_exception() { return handled_; }

    void write_out(std::string_view s) { options_.out(s); }
    void write_err(std::string_view s) { options_.err(s); }
    const Options& options() const { return options_; }
    uint64_t instructions_executed() const { return executed_; }
    // Counts one step of work done outside the bytecode loop (a TorchScript graph node) against the
    // instruction budget, polling the Stop button as instructions do.
    void charge_step() {
        if (++executed_ > instruction_limit_) instruction_limit_reached();
    }
    // sys.getrecursionlimit / setrecursionlimit (host_sys.cpp keeps it within the starting limit).
    int recursion_limit() const { return options_.recursion_limit; }
    void set_recursion_limit(int n) { options_.recursion_limit = n; }

    // Formats `exc` as CPython prints an uncaught exception (chained causes included).
    std::string format_exception(const Value& exc) const;
    // One link of the chain; `suggest`: add CPython's "Did you mean: 'x'?" to a NameError's or an
    // AttributeError's line, as the uncaught-exception printer does (the traceback module does not).
    std::string format_one_exception(const Value& exc, bool suggest = false) const;

    // Native module factories, by dotted name ("torch.nn.functional").
    using ModuleFactory = std::function<void(Interpreter&, ModuleObj&)>;
    static void register_module(const std::string& name, ModuleFactory factory);
    // Modules written in Kiln's Python (engine/stdlib/NAME.py, embedded at build time): `source`
    // must outlive the process (a string literal). The first import compiles and runs it in the
    // module's dict, under the filename "<frozen NAME>"; a name with a native factory too runs the
    // factory first, then the source in the same dict. `package`: the module has submodules
    // (pkg/__init__.py), so it gets a `__path__`.
    static void register_source_module(const std::string& name, const char* source, bool package = false);
    // Whether `import name` can succeed (a native factory or a source module).
    static bool module_known(const std::string& name);
    // The program's own modules (`import data`, `from model import Net`, packages): a finder the
    // host installs (host_fs.cpp: sys.path inside the file sandbox) gives a module's file and text
    // when no built-in module has the name. `package`: the file is a package's __init__.py.
    struct SourceFile {
        std::string filename, text;
        bool package = false;
        // A namespace package (PEP 420): directories named like the package, none holding an
        // __init__.py; the module has no code and these as its __path__.
        std::vector<std::string> namespace_dirs;
    };
    using SourceFinder = kiln::Function<bool(Interpreter&, const std::string& name, SourceFile& out)>;
    static void set_source_finder(SourceFinder finder);

    // The text of a source line (stripped), for tracebacks and warnings; "" if unknown.
    std::string source_line(const std::string& filename, int line) const;
    // The whole text of a loaded file (torch.jit.script re-parses it), or nullptr if unknown.
    const std::string* source_text(const std::string& filename) const;
    // Records the text of generated code (torch.fx's "<eval_with_key>.N" forwards) under its file name,
    // as PyTorch's fx puts it in linecache: tracebacks show its lines and torch.jit.script reads it.
    void remember_source(const std::string& filename, const std::string& text) { sources_[filename] = text; }

    // CPython 3.12's second recursion count (Py_C_RECURSION_LIMIT, 1500 units), apart from the
    // recursion limit on Python frames: every entry into Python code from native code (a __repr__,
    // __eq__, __hash__ or __getattr__ slot, a sort key, a class's __init__) costs 2 units
    // (ceval.c's PY_EVAL_C_STACK_UNITS), each PyObject_Repr/Str and rich comparison 1, a call of a
    // user class or callable instance or of a METH_O builtin from bytecode 1 ("while calling a
    // Python object"). A Python function called by the CALL instruction is inlined in CPython (no
    // units), as are property getters and __getitem__ reached from bytecode. So a __repr__ that
    // calls repr(self) stops after about 375 levels, a __getattr__ recursion after 750, a list
    // nested 1496 deep still prints, and deep Python recursion is bounded by the frame limit only.
    struct CRecursion {
        static constexpr int kLimit = 1500;
        static int& used() {
            static thread_local int u = 0;
            return u;
        }
        CRecursion(int units, const char* where);  // RecursionError "maximum recursion depth exceeded<where>"
        ~CRecursion() { used() -= units_; }
        CRecursion(const CRecursion&) = delete;
        CRecursion& operator=(const CRecursion&) = delete;
        int units_;
    };
    // Set by the instructions whose Python callee CPython 3.12 runs inline: LOAD_ATTR of a
    // property or through an overridden __getattribute__ (not __getattr__, nor a descriptor's
    // __get__: slots called from C), BINARY_SUBSCR of a class's __getitem__ (not __index__). The
    // next call_function costs no C units when its function is such a callee.
    enum InlineCallee : uint8_t { kInlineNone, kInlineAttr, kInlineSubscr };
    InlineCallee inline_next_call_ = kInlineNone;
    struct InlineNextCall {
        InlineNextCall(Interpreter& in, InlineCallee kind) : in_(in) { in.inline_next_call_ = kind; }
        ~InlineNextCall() { in_.inline_next_call_ = kInlineNone; }
        Interpreter& in_;
    };
    Value call_from_bytecode(const Value& callable, const CallArgs& a);

    // Counts a Python frame, or a native call that recurses through user code (Module.__call__),
    // against the recursion limit, so nesting in C++ raises RecursionError before the C stack ends.
    struct DepthGuard {
        explicit DepthGuard(Interpreter& in);
        ~DepthGuard();
        DepthGuard(const DepthGuard&) = delete;
        DepthGuard& operator=(const DepthGuard&) = delete;
        Interpreter& in_;
    };

private:
    friend struct FrameGuard;
    Value run(Frame& frame);  // the instruction loop
    // run() with unwinding through the frame's handlers; `thrown` is raised before the first instruction.
    Value run_frame(Frame& frame, uint64_t serial, const Value* thrown);
    Value call_generator_function(Function* fn, const CallArgs& args, const Value* self);
    void handle_error(Frame& frame, PyError& err, uint64_t serial);
    void unwind_to_handler(Frame& frame, const Value& exc);
    void setup_cells(Frame& frame, Function* fn);
    void bind_arguments(Frame& frame, Function* fn, const CallArgs& args, const Value* self);
    Value call_native_with_self(const NativeFn& fn, const Value& self, const CallArgs& args);
    Value call_prepended(const Value& callable, const Value& self, const CallArgs& args);
    // The instruction counter passed instruction_limit_: the budget is spent, or it is time to poll.
    void instruction_limit_reached();
    [[noreturn]] void raise_budget_exhausted();
    // The heap cap's trip (support/heap_accounting.h): asks the loop for a safe point; there, usage
    // still over the cap raises MemoryError.
    static void heap_tripped(void* self);
    void check_heap_cap();
    [[noreturn]] void raise_unbound_deref(Frame& frame, int arg);
    bool exception_matches(const Value& exc, const Value& type);
    // except* (exception_group.cpp): the part of exc a clause's type matches (None for none; rest gets
    // the remainder), and the exception a try-except* raises at its end (None for none).
    Value exception_group_match(const Value& exc, const Value& type, Value& rest);
    Value prep_reraise_star(const Value& orig, const Value& excs_list);
    // Items of `seq` for UNPACK_SEQUENCE (after < 0) or UNPACK_EX, with CPython's errors.
    std::vector<Value> unpack_iterable(const Value& seq, int before, int after);

    Options options_;
    Heap heap_;
    HeapScope heap_scope_;
    StrMap builtins_;
    std::map<std::string, Ref<ModuleObj>> modules_;
    Ref<ModuleObj> import_user_module(const std::string& name);
    void sync_sys_modules(const std::string& name, ModuleObj* m);  // m null: removed
    std::map<std::string, std::string> sources_;  // filename -> source text, for tracebacks
    EvalFrameHook hook_;
    Frame* frame_ = nullptr;
    int depth_ = 0;
    Value handled_;
    uint64_t executed_ = 0;
    bool finalizing_ = false;
    bool main_teardown_due_ = false;  // run_source ended in a way CPython's shutdown follows
    uint64_t instruction_limit_ = 0;
    size_t prev_memory_limit_ = 0;
    std::string prev_memory_hint_;
    size_t prev_heap_cap_ = 0;
    struct {
        void (*fn)(void*) = nullptr;
        void* ctx = nullptr;
    } prev_heap_trip_;
    Interpreter* prev_interpreter_ = nullptr;
    // torch's process-wide switches as the program found them (restored when it ends): each program
    // starts as a fresh Python process would, with grad mode on, float32 as the default dtype and
    // autocast off, whatever an earlier program in this process (the playground's last run) set.
    struct TorchState {
        bool grad = true;
        int default_dtype = 0;
        bool autocast_cpu = false, autocast_cuda = false;
        int autocast_cpu_dtype = 0, autocast_cuda_dtype = 0;
    } prev_torch_;
};

// The interpreter running on this thread (set while an Interpreter exists).
Interpreter& current_interpreter();
Interpreter* current_interpreter_or_null();

}  // namespace kiln::vm
