// sys, io and traceback for Kiln programs, SystemExit, and the builtins that belong with them
// (open, exit/quit, the OSError family).
//
// sys.argv is the program's own argv (`kiln prog.py a b` -> ['prog.py', 'a', 'b']); sys.exit raises
// SystemExit, whose uncaught exit status and message follow CPython (None -> 0, an int -> itself,
// anything else is printed to stderr and gives 1). sys.stdout / sys.stderr write to the host's
// sinks; a program may replace sys.stdout (with an io.StringIO, say) and print() follows it.
// In the browser sys.setrecursionlimit cannot go above the interpreter's own limit
// (Options::recursion_limit: it bounds the JavaScript stack under the calls); asking for more sets
// that limit and says so with a RuntimeWarning. Natively the C stack guard makes any limit safe.
// io.StringIO is an in-memory text file and io.BytesIO an in-memory binary one (torch.save/torch.load
// write and read checkpoints through it).
#include <cstdio>
#include <algorithm>
#include <chrono>
#include <cfloat>
#include <climits>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <ctime>
#include <iterator>
#include <string_view>

#include "support/pyrepr.h"
#include "vm/args.h"
#include "vm/pyhash.h"
#include "vm/host.h"
#include "vm/int_big.h"
#include "vm/ops.h"
#include "vm/text_str.h"

namespace kiln::vm {

// traceback_carets.cpp: CPython 3.12's `~~^^` line under a frame's source line, or ""
std::string traceback_carets(const Interpreter& in, const std::string& filename, int line, int col, int end_line, int end_col);

namespace {
#if defined(__EMSCRIPTEN__)
constexpr bool kBrowser = true;
#else
constexpr bool kBrowser = false;
#endif

using module_def::def;

// ---- sys.stdout / sys.stderr ------------------------------------------------------------------------

Type* g_stream_type;
Type* g_buffer_types[2];  // BufferedReader (stdin), BufferedWriter (stdout, stderr)

struct StdStream : NativeObj {
    StdStream(Type* t, int fd) : NativeObj(t), fd(fd) {}
    int fd;  // 0 stdin, 1 stdout, 2 stderr
    Value buffer;  // sys.stdout.buffer: the binary stream under the text one, made on first use
    void clear() override { buffer = Value(); }
};

StdStream* stream_of(const Value& v) {
    auto* s = native_cast<StdStream>(v);
    if (!s) raise(T().TypeError, "expected a standard stream");
    return s;
}

void register_stream_type() {
    Type* t = g_stream_type = make_builtin_type("TextIOWrapper", T().object, Kind::Native, "_io");
    def_method(t, "write", [](Interpreter& in, const CallArgs& a) {
        if (a.nargs != 2) raise(T().TypeError, str("write() takes exactly one argument (", a.nargs - 1, " given)"));
        StdStream* s = stream_of(a.args[0]);
        if (!a.args[1].is(Kind::Str)) raise(T().TypeError, str("write() argument must be str, not ", type_name(a.args[1])));
        if (s->fd == 0) raise(host_types().UnsupportedOperation, "not writable");
        // stdout's surrogateescape (see builtin_print): other lone surrogates are UnicodeEncodeError
        if (s->fd == 1) in.write_out(str_encode(str_of(a.args[1]), "utf-8", "surrogateescape"));
        else in.write_err(str_of(a.args[1]));
        return Value::integer(text::utf8_length(str_of(a.args[1])));
    });
    def_method(t, "writelines", [](Interpreter& in, const CallArgs& a) {
        StdStream* s = stream_of(a.args[0]);
        for (const Value& x : to_vector(in, a.args[1])) {
            if (!x.is(Kind::Str)) raise(T().TypeError, str("write() argument must be str, not ", type_name(x)));
            if (s->fd == 1) in.write_out(str_encode(str_of(x), "utf-8", "surrogateescape"));
            else in.write_err(str_of(x));
        }
        return Value::none();
    });
    for (const char* n : {"read", "readline", "readlines"})
        def_method(t, n, [](Interpreter&, const CallArgs& a) -> Value {
            if (stream_of(a.args[0])->fd != 0) raise(host_types().UnsupportedOperation, "not readable");
            raise(T().NotImplementedError, "reading sys.stdin is not supported in Kiln: programs take no keyboard input (use sys.argv)");
        });
    // sys.stdout.flush(): stdio's buffer out to the terminal or pipe (stderr is unbuffered)
    def_method(t, "flush", [](Interpreter&, const CallArgs& a) {
        if (stream_of(a.args[0])->fd == 1) std::fflush(stdout);
        return Value::none();
    });
    def_method(t, "isatty", [](Interpreter&, const CallArgs&) { return Value::boolean(false); });
    def_method(t, "fileno", [](Interpreter&, const CallArgs& a) { return Value::integer(stream_of(a.args[0])->fd); });
    def_property(t, "name", [](Interpreter&, const CallArgs& a) {
        int fd = stream_of(a.args[0])->fd;
        return new_str(fd == 0 ? "<stdin>" : fd == 1 ? "<stdout>" : "<stderr>");
    });
    def_property(t, "encoding", [](Interpreter&, const CallArgs&) { return new_str("utf-8"); });
    // sys.stdout.buffer / sys.stderr.buffer: CPython's BufferedWriter under the text stream, which
    // takes bytes (`sys.stdout.buffer.write(data)`, `codecs.getwriter('utf-8')(sys.stderr.buffer)`
    // in subword-nmt-style scripts); sys.stdin.buffer is its BufferedReader (Kiln reads no stdin).
    def_property(t, "buffer", [](Interpreter&, const CallArgs& a) {
        StdStream* s = stream_of(a.args[0]);
        if (s->buffer.is_null()) s->buffer = Value(make<StdStream>(g_buffer_types[s->fd == 0 ? 0 : 1], s->fd).get());
        return s->buffer;
    });
    for (int k = 0; k < 2; ++k) {
        Type* b = g_buffer_types[k] = make_builtin_type(k == 0 ? "BufferedReader" : "BufferedWriter", T().object, Kind::Native, "_io");
        def_method(b, "write", [](Interpreter& in, const CallArgs& a) {
            if (a.nargs != 2) raise(T().TypeError, str("write() takes exactly one argument (", a.nargs - 1, " given)"));
            StdStream* s = stream_of(a.args[0]);
            if (s->fd == 0) raise(host_types().UnsupportedOperation, "write");
            std::string data;
            if (!bytes_data(a.args[1], data))
                raise(T().TypeError, str("a bytes-like object is required, not '", type_name(a.args[1]), "'"));
            if (s->fd == 1) in.write_out(data);
            else in.write_err(data);
            return Value::integer(int64_t(data.size()));
        });
        for (const char* n : {"read", "readline", "readlines", "read1"})
            def_method(b, n, [](Interpreter&, const CallArgs& a) -> Value {
                if (stream_of(a.args[0])->fd != 0) raise(host_types().UnsupportedOperation, "read");
                raise(T().NotImplementedError, "reading sys.stdin is not supported in Kiln: programs take no keyboard input (use sys.argv)");
            });
        def_method(b, "flush", [](Interpreter&, const CallArgs& a) {
            if (stream_of(a.args[0])->fd == 1) std::fflush(stdout);
            return Value::none();
        });
        def_method(b, "isatty", [](Interpreter&, const CallArgs&) { return Value::boolean(false); });
        def_method(b, "fileno", [](Interpreter&, const CallArgs& a) { return Value::integer(stream_of(a.args[0])->fd); });
        def_property(b, "name", [](Interpreter&, const CallArgs& a) {
            int fd = stream_of(a.args[0])->fd;
            return new_str(fd == 0 ? "<stdin>" : fd == 1 ? "<stdout>" : "<stderr>");
        });
        def_method(b, "__repr__", [](Interpreter&, const CallArgs& a) {
            int fd = stream_of(a.args[0])->fd;
            return new_str(str("<_io.", fd == 0 ? "BufferedReader" : "BufferedWriter", " name='",
                               fd == 0 ? "<stdin>" : fd == 1 ? "<stdout>" : "<stderr>", "'>"));
        });
    }
    def_method(t, "__repr__", [](Interpreter&, const CallArgs& a) {
        int fd = stream_of(a.args[0])->fd;
        return new_str(str("<_io.TextIOWrapper name='", fd == 0 ? "<stdin>" : fd == 1 ? "<stdout>" : "<stderr>", "' mode='",
                           fd == 0 ? "r" : "w", "' encoding='utf-8'>"));
    });
}

// The sys module of the running interpreter (print() looks up sys.stdout there once sys exists).
Type* g_sys_state_type;
ModuleObj* g_sys = nullptr;
Interpreter* g_sys_owner = nullptr;

struct SysState;
SysState* g_sys_state = nullptr;

struct SysState : NativeObj {
    SysState(Type* t, ModuleObj* m, int cap) : NativeObj(t), module(m), cap(cap) {}
    ~SysState() override {
        if (g_sys == module) g_sys = nullptr, g_sys_owner = nullptr;
        if (g_sys_state == this) g_sys_state = nullptr;
    }
    ModuleObj* module;
    int cap;  // the interpreter's own recursion limit: setrecursionlimit cannot go above it
    int64_t max_str_digits = kDefaultMaxStrDigits;  // sys.set_int_max_str_digits (0: no limit)
};

}  // namespace

// sys.stdlib_module_names: CPython 3.12's Python/stdlib_module_names.h (every module of its
// standard library, whether Kiln provides it or not), sorted. The uncaught NameError printer asks
// is_stdlib_module_name for its "Did you forget to import" hint.
namespace {
constexpr std::string_view kStdlibModuleNames[] = {
    "__future__", "_abc", "_aix_support", "_ast", "_asyncio", "_bisect", "_blake2", "_bz2", "_codecs",
    "_codecs_cn", "_codecs_hk", "_codecs_iso2022", "_codecs_jp", "_codecs_kr", "_codecs_tw", "_collections",
    "_collections_abc", "_compat_pickle", "_compression", "_contextvars", "_crypt", "_csv", "_ctypes",
    "_curses", "_curses_panel", "_datetime", "_dbm", "_decimal", "_elementtree", "_frozen_importlib",
    "_frozen_importlib_external", "_functools", "_gdbm", "_hashlib", "_heapq", "_imp", "_io", "_json",
    "_locale", "_lsprof", "_lzma", "_markupbase", "_md5", "_msi", "_multibytecodec", "_multiprocessing",
    "_opcode", "_operator", "_osx_support", "_overlapped", "_pickle", "_posixshmem", "_posixsubprocess",
    "_py_abc", "_pydatetime", "_pydecimal", "_pyio", "_pylong", "_queue", "_random", "_scproxy", "_sha1",
    "_sha2", "_sha3", "_signal", "_sitebuiltins", "_socket", "_sqlite3", "_sre", "_ssl", "_stat", "_statistics",
    "_string", "_strptime", "_struct", "_symtable", "_thread", "_threading_local", "_tkinter", "_tokenize",
    "_tracemalloc", "_typing", "_uuid", "_warnings", "_weakref", "_weakrefset", "_winapi", "_zoneinfo", "abc",
    "aifc", "antigravity", "argparse", "array", "ast", "asyncio", "atexit", "audioop", "base64", "bdb",
    "binascii", "bisect", "builtins", "bz2", "cProfile", "calendar", "cgi", "cgitb", "chunk", "cmath", "cmd",
    "code", "codecs", "codeop", "collections", "colorsys", "compileall", "concurrent", "configparser",
    "contextlib", "contextvars", "copy", "copyreg", "crypt", "csv", "ctypes", "curses", "dataclasses",
    "datetime", "dbm", "decimal", "difflib", "dis", "doctest", "email", "encodings", "ensurepip", "enum",
    "errno", "faulthandler", "fcntl", "filecmp", "fileinput", "fnmatch", "fractions", "ftplib", "functools",
    "gc", "genericpath", "getopt", "getpass", "gettext", "glob", "graphlib", "grp", "gzip", "hashlib", "heapq",
    "hmac", "html", "http", "idlelib", "imaplib", "imghdr", "importlib", "inspect", "io", "ipaddress",
    "itertools", "json", "keyword", "lib2to3", "linecache", "locale", "logging", "lzma", "mailbox", "mailcap",
    "marshal", "math", "mimetypes", "mmap", "modulefinder", "msilib", "msvcrt", "multiprocessing", "netrc",
    "nis", "nntplib", "nt", "ntpath", "nturl2path", "numbers", "opcode", "operator", "optparse", "os",
    "ossaudiodev", "pathlib", "pdb", "pickle", "pickletools", "pipes", "pkgutil", "platform", "plistlib",
    "poplib", "posix", "posixpath", "pprint", "profile", "pstats", "pty", "pwd", "py_compile", "pyclbr",
    "pydoc", "pydoc_data", "pyexpat", "queue", "quopri", "random", "re", "readline", "reprlib", "resource",
    "rlcompleter", "runpy", "sched", "secrets", "select", "selectors", "shelve", "shlex", "shutil", "signal",
    "site", "smtplib", "sndhdr", "socket", "socketserver", "spwd", "sqlite3", "sre_compile", "sre_constants",
    "sre_parse", "ssl", "stat", "statistics", "string", "stringprep", "struct", "subprocess", "sunau",
    "symtable", "sys", "sysconfig", "syslog", "tabnanny", "tarfile", "telnetlib", "tempfile", "termios",
    "textwrap", "this", "threading", "time", "timeit", "tkinter", "token", "tokenize", "tomllib", "trace",
    "traceback", "tracemalloc", "tty", "turtle", "turtledemo", "types", "typing", "unicodedata", "unittest",
    "urllib", "uu", "uuid", "venv", "warnings", "wave", "weakref", "webbrowser", "winreg", "winsound",
    "wsgiref", "xdrlib", "xml", "xmlrpc", "zipapp", "zipfile", "zipimport", "zlib", "zoneinfo"
};
}  // namespace

bool is_stdlib_module_name(std::string_view name) {
    return std::binary_search(std::begin(kStdlibModuleNames), std::end(kStdlibModuleNames), name);
}

size_t int_max_str_digits() {
    Interpreter* in = current_interpreter_or_null();
    if (g_sys_state && in && in == g_sys_owner) return size_t(g_sys_state->max_str_digits);
    return size_t(kDefaultMaxStrDigits);
}

void install_frame_objects(Interpreter& in, ModuleObj& sys);  // frame_object.cpp

namespace {

Value exception_traceback(Interpreter&, const CallArgs& a);  // exc.__traceback__, below

std::string main_filename(Interpreter& in) {
    Frame* f = in.current_frame();
    while (f && f->back) f = f->back;
    return f ? f->co->filename : "";
}

// sys.path[0] as CPython's _PyPathConfig_ComputeSysPath0 makes it for `python3 script.py`: the
// directory of the script's realpath, absolute, so the program's own modules are still found after
// it changes directory (`os.chdir(workdir)` before `from model import Net`, as training scripts do).
// A `-c` program gets '' (the current directory); a host without a program directory (an embedded
// run_source) keeps the directory of the file name it was given.
std::string sys_path0(Interpreter& in) {
    const Options& o = in.options();
    std::string f = main_filename(in);
    std::string given = f.find('/') == std::string::npos ? std::string("") : f.substr(0, f.rfind('/'));
    if (o.program_path == "-c" || o.program_dir.empty()) return given;
    char buf[PATH_MAX];
    if (!o.program_path.empty() && realpath(o.program_path.c_str(), buf)) {
        std::string r(buf);
        size_t slash = r.rfind('/');
        return slash == 0 ? std::string("/") : r.substr(0, slash);
    }
    if (realpath(o.program_dir.c_str(), buf)) return std::string(buf);
    return given;
}

Type* g_version_info_type;
Type* g_float_info_type;
Type* g_int_info_type;   // sys.int_info: CPython 3.12's values for its 30-bit digits
Type* g_hash_info_type;  // sys.hash_info: Kiln's numeric hash is CPython's; str hashes are SipHash-1-3 with PYTHONHASHSEED=0's key

void sys_module(Interpreter& in, ModuleObj& m) {
    auto state = make<SysState>(g_sys_state_type, &m, in.recursion_limit());
    g_sys_state = state.get();
    m.dict.set("_kiln_state", Value(state.get()));
    g_sys = &m;
    g_sys_owner = &in;
    const Options& o = in.options();
    std::vector<Value> argv{new_str(o.program_path.empty() ? main_filename(in) : o.program_path)};
    for (const auto& a : o.argv) argv.push_back(new_str(a));
    m.dict.set("argv", new_list(std::move(argv)));
    m.dict.set("orig_argv", new_list({}));
    for (int fd = 0; fd < 3; ++fd) {
        Value s(make<StdStream>(g_stream_type, fd).get());
        const char* n = fd == 0 ? "stdin" : fd == 1 ? "stdout" : "stderr";
        m.dict.set(n, s);
        m.dict.set(str("__", n, "__"), s);
    }
    m.dict.set("version_info", Value(make<Tuple>(g_version_info_type, std::vector<Value>{Value::integer(3), Value::integer(12), Value::integer(3),
                                                                                          new_str("final"), Value::integer(0)})
                                         .get()));
    m.dict.set("float_info", Value(make<Tuple>(g_float_info_type, std::vector<Value>{
        Value::number(DBL_MAX), Value::integer(DBL_MAX_EXP), Value::integer(DBL_MAX_10_EXP), Value::number(DBL_MIN),
        Value::integer(DBL_MIN_EXP), Value::integer(DBL_MIN_10_EXP), Value::integer(DBL_DIG), Value::integer(DBL_MANT_DIG),
        Value::number(DBL_EPSILON), Value::integer(FLT_RADIX), Value::integer(1)}).get()));
    m.dict.set("int_info", Value(make<Tuple>(g_int_info_type, std::vector<Value>{
        Value::integer(30), Value::integer(4), Value::integer(4300), Value::integer(640)}).get()));
    m.dict.set("hash_info", Value(make<Tuple>(g_hash_info_type, std::vector<Value>{
        Value::integer(64), Value::integer(int64_t(pyhash::kModulus)), Value::integer(pyhash::kInf), Value::integer(0),
        Value::integer(1000003), new_str("siphash13"), Value::integer(64), Value::integer(128), Value::integer(0)}).get()));
    m.dict.set("version", new_str("3.12.3 (Kiln: a Python subset compiled to CPython-3.11-style bytecode)"));
    m.dict.set("hexversion", Value::integer(0x030c03f0));
    std::vector<Value> stdlib_names;
    for (std::string_view n : kStdlibModuleNames) stdlib_names.push_back(new_str(std::string(n)));
    m.dict.set("stdlib_module_names", new_frozenset(in, stdlib_names));
    m.dict.set("api_version", Value::integer(1013));
#ifdef __EMSCRIPTEN__
    m.dict.set("platform", new_str("emscripten"));
#else
    m.dict.set("platform", new_str("linux"));
#endif
    m.dict.set("byteorder", new_str("little"));
    m.dict.set("maxsize", Value::integer(INT64_MAX));
    m.dict.set("executable", new_str("kiln"));
    m.dict.set("prefix", new_str(""));
    m.dict.set("path", new_list({new_str(sys_path0(in))}));
    auto mods = make<Dict>();
    for (const auto& [name, mod] : in.modules())
        if (name.rfind("_kiln", 0) != 0) mods->set(new_str(name), Value(mod.get()));
    m.dict.set("modules", Value(mods.get()));
    m.dict.set("builtin_module_names", new_tuple({new_str("builtins"), new_str("sys")}));
    // What scripts read from sys besides the above, with CPython 3.12's values for a plain
    // `python3 script.py` run: `if not sys.warnoptions: warnings.simplefilter("ignore")` (the warnings
    // module's documented idiom), `sys.dont_write_bytecode = True` atop scripts, venv checks through
    // base_prefix/exec_prefix, and sys.flags (interactive/optimize/dev_mode tests).
    m.dict.set("warnoptions", new_list({}));
    m.dict.set("dont_write_bytecode", Value::boolean(false));
    m.dict.set("maxunicode", Value::integer(0x10ffff));
    m.dict.set("float_repr_style", new_str("short"));
    for (const char* n : {"exec_prefix", "base_prefix", "base_exec_prefix"}) m.dict.set(n, new_str(""));
    static Type* flags_type = make_struct_seq("flags", "sys", {"debug", "inspect", "interactive", "optimize", "dont_write_bytecode",
                                                             "no_user_site", "no_site", "ignore_environment", "verbose",
                                                             "bytes_warning", "quiet", "hash_randomization", "isolated",
                                                             "dev_mode", "utf8_mode", "warn_default_encoding", "safe_path",
                                                             "int_max_str_digits"});
    {
        std::vector<Value> f;
        for (int i = 0; i < 11; ++i) f.push_back(Value::integer(0));
        f.push_back(Value::integer(1));                // hash_randomization: on unless PYTHONHASHSEED=0
        f.push_back(Value::integer(0));                // isolated
        f.push_back(Value::boolean(false));            // dev_mode
        f.push_back(Value::integer(1));                // utf8_mode: Kiln reads and writes UTF-8 always
        f.push_back(Value::integer(0));                // warn_default_encoding
        f.push_back(Value::boolean(false));            // safe_path
        f.push_back(Value::integer(4300));             // int_max_str_digits: the default limit
        m.dict.set("flags", Value(make<Tuple>(flags_type, std::move(f)).get()));
    }
    // sys.excepthook / sys.__excepthook__: the default prints the exception's traceback to stderr, as
    // an uncaught exception's report; a program's own hook replaces it for uncaught exceptions
    // (Interpreter::run calls it) and chains to sys.__excepthook__ (logging setups:
    // `sys.excepthook = handle_exception` that calls `sys.__excepthook__(t, v, tb)` for
    // KeyboardInterrupt and logs the rest).
    {
        Value hook = new_builtin("excepthook", [](Interpreter& in, const CallArgs& a) {
            if (a.nkw || a.nargs != 3) raise(T().TypeError, str("excepthook expected 3 arguments, got ", a.nargs + a.nkw));
            const Value& v = a.args[1];
            // CPython's PyErr_Display reports a value that is not an exception instead of raising
            if (v.is(Kind::Exception)) in.write_err(in.format_exception(v));
            else in.write_err(str("TypeError: print_exception(): Exception expected for value, ", type_name(v), " found\n"));
            return Value::none();
        });
        m.dict.set("excepthook", hook);
        m.dict.set("__excepthook__", hook);
    }
    // Tracing and profiling hooks: Kiln's VM calls none, so only clearing them is accepted;
    // `sys.gettrace() is not None` (a debugger check some training scripts make) reads None.
    for (const char* n : {"gettrace", "getprofile"}) {
        std::string name = n;
        def(m, n, [name](Interpreter&, const CallArgs& a) {
            if (a.nargs || a.nkw) raise(T().TypeError, str("sys.", name, "() takes no arguments (", a.nargs + a.nkw, " given)"));
            return Value::none();
        });
    }
    for (const char* n : {"settrace", "setprofile"}) {
        std::string name = n;
        def(m, n, [name](Interpreter&, const CallArgs& a) -> Value {
            if (a.nargs != 1 || a.nkw) raise(T().TypeError, str(name, "() takes exactly one argument (", a.nargs + a.nkw, " given)"));
            if (!a.args[0].is_none())
                raise(T().NotImplementedError, str("sys.", name, "() with a function is not supported in Kiln: its VM calls no trace or profile hooks"));
            return Value::none();
        });
    }
    def(m, "exit", [](Interpreter& in, const CallArgs& a) -> Value {
        static const Signature sig("exit(status=None, /)");
        auto v = sig.bind(a);
        throw PyError(in.call(Value(host_types().SystemExit), v[0].is_none() ? std::vector<Value>{} : std::vector<Value>{v[0]}));
    });
    def(m, "getrecursionlimit", [](Interpreter& in, const CallArgs&) { return Value::integer(in.recursion_limit()); });
    def(m, "setrecursionlimit", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("setrecursionlimit(limit, /)");
        auto v = sig.bind(a);
        if (!is_big(v[0]) && !is_index(v[0]))
            raise(T().TypeError, str("'", type_name(v[0]), "' object cannot be interpreted as an integer"));
        int64_t n = to_c_int(v[0]);
        if (n < 1) raise(T().ValueError, "recursion limit must be greater or equal than 1");
        int cap = native_cast<SysState>(*in.import_module("sys")->dict.find("_kiln_state"))->cap;
        // Natively the C stack guard (support/stack.h) ends a recursion deeper than the program's
        // stack carries with RecursionError, so any limit is safe, as in CPython: scripts raise it
        // for deep recursion that fits. In the browser the JavaScript stack under each call is not
        // measured: the limit stays the page's.
        if (!kBrowser) cap = INT_MAX;
        if (n > cap) {
            emit_warning(in, new_str(str("sys.setrecursionlimit(", n, "): Kiln's limit is ", cap,
                                         " (it bounds the engine's own stack; kiln --recursion-limit N raises it)")),
                         T().RuntimeWarning, 2);
            n = cap;
        }
        in.set_recursion_limit(int(n));
        return Value::none();
    });
    // CPython 3.11's limit on int <-> decimal str conversions (int_big.cpp applies it).
    def(m, "get_int_max_str_digits", [](Interpreter&, const CallArgs& a) {
        static const Signature sig("get_int_max_str_digits()");
        sig.bind(a);
        return Value::integer(int64_t(int_max_str_digits()));
    });
    def(m, "set_int_max_str_digits", [](Interpreter&, const CallArgs& a) {
        static const Signature sig("set_int_max_str_digits(maxdigits)");
        auto v = sig.bind(a);
        if (!is_big(v[0]) && !is_index(v[0]))
            raise(T().TypeError, str("'", type_name(v[0]), "' object cannot be interpreted as an integer"));
        int64_t n = to_c_int(v[0]);
        if (n != 0 && n < kMaxStrDigitsThreshold) raise(T().ValueError, str("maxdigits must be 0 or larger than ", kMaxStrDigitsThreshold));
        if (g_sys_state) g_sys_state->max_str_digits = n;
        return Value::none();
    });
    def(m, "exc_info", [](Interpreter& in, const CallArgs&) {
        Value e = in.handled_exception();
        if (e.is_null() || !e.is(Kind::Exception)) return new_tuple({Value::none(), Value::none(), Value::none()});
        CallArgs self;
        self.args = &e;
        self.nargs = 1;
        return new_tuple({Value(type_of(e)), e, exception_traceback(in, self)});
    });
    // sys.exception() (3.11): the exception being handled, or None
    def(m, "exception", [](Interpreter& in, const CallArgs& a) {
        if (a.nargs || a.nkw) raise(T().TypeError, str("exception() takes no arguments (", a.nargs + a.nkw, " given)"));
        Value e = in.handled_exception();
        return e.is_null() || !e.is(Kind::Exception) ? Value::none() : e;
    });
    // sys.getsizeof(obj[, default]): type(obj).__sizeof__(obj) plus the 16-byte GC header CPython adds
    // for objects its collector tracks (containers, functions, instances of Python classes).
    def(m, "getsizeof", [](Interpreter& in, const CallArgs& a) {
        if (a.nkw) raise(T().TypeError, "getsizeof() takes no keyword arguments");
        if (a.nargs < 1 || a.nargs > 2)
            raise(T().TypeError, str("getsizeof() takes at most 2 arguments (", a.nargs, " given)"));
        const Value& o = a.args[0];
        const Value* found = type_of(o)->lookup("__sizeof__");
        Value f = found ? *found : Value();
        if (f.is_null()) {
            if (a.nargs == 2) return a.args[1];
            raise(T().TypeError, str("Type ", type_name(o), " doesn't define __sizeof__"));
        }
        Value r = in.call(f, {o});
        if (!r.is_int() && !is_big(r)) raise(T().TypeError, "an integer is required");
        if (is_big(r) || r.as_int() < 0) {
            if (!is_big(r)) raise(T().ValueError, "__sizeof__() should return >= 0");
            raise(T().OverflowError, "Python int too large to convert to C ssize_t");
        }
        Type* t = type_of(o);
        const TypeTable& tt = T();
        bool gc = !(o.is_none() || o.is_bool() || o.is_int() || o.is_float() || is_big(o) || o.is(Kind::Str) ||
                    (t->builtin && (t->name == "bytes" || t == tt.range || t == tt.ellipsis || t == tt.not_implemented ||
                                    t == tt.object)));
        // An instance with a __dict__ has it and its weak references managed before the object (CPython
        // 3.12's pre-header).
        // torch.UntypedStorage is a Python class in PyTorch (over its C StorageBase), with a __dict__.
        bool managed_dict = t->builtin && t->name == "UntypedStorage" && t->module == "torch.storage";
        if (!t->builtin && o.is(Kind::Instance))
            for (Type* k : t->mro)
                if (!k->builtin && !k->dict.find("__slots__")) managed_dict = true;
        return Value::integer(r.as_int() + (gc ? 16 : 0) + (managed_dict ? 16 : 0));
    });
    def(m, "getdefaultencoding", [](Interpreter&, const CallArgs&) { return new_str("utf-8"); });
    def(m, "getfilesystemencoding", [](Interpreter&, const CallArgs&) { return new_str("utf-8"); });
    // sys.intern(string, /): the one str object for this text (vm/types.h's table, shared with the
    // identifier-like constants of code objects), CPython's argument-clinic errors.
    def(m, "intern", [](Interpreter&, const CallArgs& a) {
        if (a.kwnames && !a.kwnames->items.empty()) raise(T().TypeError, "sys.intern() takes no keyword arguments");
        if (a.nargs != 1) raise(T().TypeError, str("sys.intern() takes exactly one argument (", a.nargs, " given)"));
        const Value& v = a.args[0];
        if (!v.is(Kind::Str)) raise(T().TypeError, str("intern() argument must be str, not ", type_name(v)));
        if (type_of(v) != T().str) raise(T().TypeError, str("can't intern ", type_name(v)));
        return interned_str(str_of(v), v);
    });
    install_frame_objects(in, m);
}

// ---- io.StringIO ----------------------------------------------------------------------------------

Type* g_stringio_type;

struct StringIO : NativeObj {
    explicit StringIO(Type* t) : NativeObj(t) {}
    std::string buf;  // UTF-8
    size_t pos = 0;   // byte offset (always at a character boundary)
    bool closed = false;
};

StringIO* sio(const CallArgs& a, bool check_open = true) {
    auto* s = native_cast<StringIO>(a.args[0]);
    if (!s) raise(T().TypeError, str("descriptor requires a '_io.StringIO' object but received a '", type_name(a.args[0]), "'"));
    if (check_open && s->closed) raise(T().ValueError, "I/O operation on closed file");
    return s;
}

std::string sio_line(StringIO* s) {
    if (s->pos >= s->buf.size()) return "";
    size_t nl = s->buf.find('\n', s->pos);
    size_t end = nl == std::string::npos ? s->buf.size() : nl + 1;
    std::string l = s->buf.substr(s->pos, end - s->pos);
    s->pos = end;
    return l;
}

void sio_write(StringIO* s, const std::string& t) {
    if (s->pos > s->buf.size()) s->buf.resize(s->pos, '\0');
    size_t over = std::min(t.size(), s->buf.size() - s->pos);
    s->buf.replace(s->pos, over, t);
    s->pos += t.size();
}

void register_stringio_type() {
    Type* t = g_stringio_type = make_builtin_type("StringIO", T().object, Kind::Native, "_io");
    t->construct = [t](Interpreter&, const CallArgs& a) {
        static const Signature sig("StringIO(initial_value='', newline='\\n')");
        auto v = sig.bind(a);
        auto s = make<StringIO>(t);
        if (!v[0].is_none()) {
            if (!v[0].is(Kind::Str)) raise(T().TypeError, str("initial_value must be str or None, not ", type_name(v[0])));
            s->buf = str_of(v[0]);
        }
        return Value(s.get());
    };
    def_method(t, "write", [](Interpreter&, const CallArgs& a) {
        if (a.nargs != 2) raise(T().TypeError, str("write() takes exactly one argument (", a.nargs - 1, " given)"));
        StringIO* s = sio(a);
        if (!a.args[1].is(Kind::Str)) raise(T().TypeError, str("string argument expected, got '", type_name(a.args[1]), "'"));
        sio_write(s, str_of(a.args[1]));
        return Value::integer(text::utf8_length(str_of(a.args[1])));
    });
    def_method(t, "writelines", [](Interpreter& in, const CallArgs& a) {
        StringIO* s = sio(a);
        for (const Value& x : to_vector(in, a.args[1])) {
            if (!x.is(Kind::Str)) raise(T().TypeError, str("string argument expected, got '", type_name(x), "'"));
            sio_write(s, str_of(x));
        }
        return Value::none();
    });
    def_method(t, "getvalue", [](Interpreter&, const CallArgs& a) { return new_str(sio(a)->buf); });
    def_method(t, "read", [](Interpreter&, const CallArgs& a) {
        static const Signature sig("read(self, size=-1, /)");
        auto v = sig.bind(a);
        StringIO* s = sio(a);
        int64_t n = v[1].is_none() ? -1 : to_int(v[1], "");
        if (s->pos >= s->buf.size()) return new_str("");
        size_t end = n < 0 ? s->buf.size() : s->pos + text::utf8_offset(std::string_view(s->buf).substr(s->pos), n);
        std::string out = s->buf.substr(s->pos, end - s->pos);
        s->pos = end;
        return new_str(out);
    });
    def_method(t, "readline", [](Interpreter&, const CallArgs& a) { return new_str(sio_line(sio(a))); });
    def_method(t, "readlines", [](Interpreter&, const CallArgs& a) {
        StringIO* s = sio(a);
        std::vector<Value> out;
        for (std::string l; !(l = sio_line(s)).empty();) out.push_back(new_str(l));
        return new_list(std::move(out));
    });
    def_method(t, "__next__", [](Interpreter&, const CallArgs& a) {
        std::string l = sio_line(sio(a));
        if (l.empty()) raise_value(Value(T().StopIteration));
        return new_str(l);
    });
    def_method(t, "__iter__", [](Interpreter&, const CallArgs& a) {
        sio(a);
        return a.args[0];
    });
    def_method(t, "tell", [](Interpreter&, const CallArgs& a) {
        StringIO* s = sio(a);
        return Value::integer(text::utf8_length(std::string_view(s->buf).substr(0, std::min(s->pos, s->buf.size()))) +
                              int64_t(s->pos > s->buf.size() ? s->pos - s->buf.size() : 0));
    });
    def_method(t, "seek", [](Interpreter&, const CallArgs& a) {
        static const Signature sig("seek(self, pos, whence=0, /)");
        auto v = sig.bind(a);
        StringIO* s = sio(a);
        int64_t p = to_int(v[1], ""), w = to_int(v[2], "");
        if (w == 0) {
            if (p < 0) raise(T().ValueError, str("Negative seek position ", p));
            int64_t len = text::utf8_length(s->buf);
            s->pos = p <= len ? text::utf8_offset(s->buf, p) : s->buf.size() + size_t(p - len);
        } else if (w == 1 || w == 2) {
            if (p != 0) raise(host_types().OSError, w == 1 ? "Can't do nonzero cur-relative seeks" : "Can't do nonzero end-relative seeks");
            if (w == 2) s->pos = s->buf.size();
        } else {
            raise(T().ValueError, str("Invalid whence (", w, ", should be 0, 1 or 2)"));
        }
        return Value::integer(text::utf8_length(std::string_view(s->buf).substr(0, std::min(s->pos, s->buf.size()))));
    });
    def_method(t, "truncate", [](Interpreter&, const CallArgs& a) {
        static const Signature sig("truncate(self, pos=None, /)");
        auto v = sig.bind(a);
        StringIO* s = sio(a);
        size_t p = v[1].is_none() ? s->pos : text::utf8_offset(s->buf, to_int(v[1], ""));
        if (p < s->buf.size()) s->buf.resize(p);
        return Value::integer(text::utf8_length(s->buf));
    });
    def_method(t, "close", [](Interpreter&, const CallArgs& a) {
        sio(a, false)->closed = true;
        return Value::none();
    });
    def_property(t, "closed", [](Interpreter&, const CallArgs& a) { return Value::boolean(sio(a, false)->closed); });
    def_method(t, "flush", [](Interpreter&, const CallArgs& a) {
        sio(a);
        return Value::none();
    });
    for (const char* n : {"readable", "writable", "seekable"})
        def_method(t, n, [](Interpreter&, const CallArgs& a) {
            sio(a);
            return Value::boolean(true);
        });
    def_method(t, "isatty", [](Interpreter&, const CallArgs& a) {
        sio(a);
        return Value::boolean(false);
    });
    def_method(t, "__enter__", [](Interpreter&, const CallArgs& a) {
        sio(a);
        return a.args[0];
    });
    def_method(t, "__exit__", [](Interpreter&, const CallArgs& a) {
        sio(a, false)->closed = true;
        return Value::boolean(false);
    });
}

// ---- io.BytesIO -----------------------------------------------------------------------------------
// CPython's _io.BytesIO: a byte buffer with a position; writing past the end fills the gap with zero
// bytes; seek accepts any whence with any offset (a negative result clamps to 0, as bytesio.c).

Type* g_bytesio_type;

struct BytesIO : NativeObj {
    explicit BytesIO(Type* t) : NativeObj(t) {}
    std::string buf;
    size_t pos = 0;
    bool closed = false;
};

BytesIO* bio(const CallArgs& a, bool check_open = true) {
    auto* s = native_cast<BytesIO>(a.args[0]);
    if (!s) raise(T().TypeError, str("descriptor requires a '_io.BytesIO' object but received a '", type_name(a.args[0]), "'"));
    if (check_open && s->closed) raise(T().ValueError, "I/O operation on closed file.");
    return s;
}

std::string bytes_arg(const Value& v) {
    std::string out;
    if (!bytes_data(v, out)) raise(T().TypeError, str("a bytes-like object is required, not '", type_name(v), "'"));
    return out;
}

std::string bio_take(BytesIO* s, int64_t n) {
    if (s->pos >= s->buf.size()) return "";
    size_t avail = s->buf.size() - s->pos;
    size_t k = n < 0 || uint64_t(n) > avail ? avail : size_t(n);
    std::string out = s->buf.substr(s->pos, k);
    s->pos += k;
    return out;
}

std::string bio_line(BytesIO* s, int64_t limit) {
    if (s->pos >= s->buf.size()) return "";
    size_t nl = s->buf.find('\n', s->pos);
    size_t end = nl == std::string::npos ? s->buf.size() : nl + 1;
    if (limit >= 0 && uint64_t(limit) < end - s->pos) end = s->pos + size_t(limit);
    std::string l = s->buf.substr(s->pos, end - s->pos);
    s->pos = end;
    return l;
}

int64_t bio_write(BytesIO* s, const std::string& t) {
    if (t.empty()) return 0;
    if (s->pos > s->buf.size()) s->buf.resize(s->pos, '\0');
    size_t over = std::min(t.size(), s->buf.size() - s->pos);
    s->buf.replace(s->pos, over, t);
    s->pos += t.size();
    return int64_t(t.size());
}

int64_t size_arg(const Value& v) {
    if (v.is_none()) return -1;
    if (!v.is_int()) raise(T().TypeError, str("argument should be integer or None, not '", type_name(v), "'"));
    return to_int(v, "");
}

void register_bytesio_type() {
    Type* t = g_bytesio_type = make_builtin_type("BytesIO", T().object, Kind::Native, "_io");
    t->construct = [t](Interpreter&, const CallArgs& a) {
        static const Signature sig("BytesIO(initial_bytes=None)");
        auto v = sig.bind(a);
        auto s = make<BytesIO>(t);
        if (!v[0].is_none()) s->buf = bytes_arg(v[0]);
        return Value(s.get());
    };
    def_method(t, "write", [](Interpreter&, const CallArgs& a) {
        if (a.nargs != 2) raise(T().TypeError, str("write() takes exactly one argument (", a.nargs - 1, " given)"));
        BytesIO* s = bio(a);
        return Value::integer(bio_write(s, bytes_arg(a.args[1])));
    });
    def_method(t, "writelines", [](Interpreter& in, const CallArgs& a) {
        BytesIO* s = bio(a);
        for (const Value& x : to_vector(in, a.args[1])) bio_write(s, bytes_arg(x));
        return Value::none();
    });
    def_method(t, "getvalue", [](Interpreter&, const CallArgs& a) { return new_bytes(bio(a)->buf); });
    for (const char* n : {"read", "read1"})
        def_method(t, n, [](Interpreter&, const CallArgs& a) {
            static const Signature sig("read(self, size=-1, /)");
            auto v = sig.bind(a);
            BytesIO* s = bio(a);
            return new_bytes(bio_take(s, size_arg(v[1])));
        });
    def_method(t, "readline", [](Interpreter&, const CallArgs& a) {
        static const Signature sig("readline(self, size=-1, /)");
        auto v = sig.bind(a);
        BytesIO* s = bio(a);
        return new_bytes(bio_line(s, size_arg(v[1])));
    });
    def_method(t, "readlines", [](Interpreter&, const CallArgs& a) {
        BytesIO* s = bio(a);
        std::vector<Value> out;
        for (std::string l; !(l = bio_line(s, -1)).empty();) out.push_back(new_bytes(l));
        return new_list(std::move(out));
    });
    def_method(t, "__next__", [](Interpreter&, const CallArgs& a) {
        std::string l = bio_line(bio(a), -1);
        if (l.empty()) raise_value(Value(T().StopIteration));
        return new_bytes(l);
    });
    def_method(t, "__iter__", [](Interpreter&, const CallArgs& a) {
        bio(a);
        return a.args[0];
    });
    def_method(t, "tell", [](Interpreter&, const CallArgs& a) { return Value::integer(int64_t(bio(a)->pos)); });
    def_method(t, "seek", [](Interpreter&, const CallArgs& a) {
        static const Signature sig("seek(self, pos, whence=0, /)");
        auto v = sig.bind(a);
        BytesIO* s = bio(a);
        int64_t p = to_int(v[1], ""), w = to_int(v[2], "");
        if (w == 0) {
            if (p < 0) raise(T().ValueError, str("negative seek value ", p));
        } else if (w == 1) {
            p = p > INT64_MAX - int64_t(s->pos) ? INT64_MAX : p + int64_t(s->pos);
        } else if (w == 2) {
            p = p > INT64_MAX - int64_t(s->buf.size()) ? INT64_MAX : p + int64_t(s->buf.size());
        } else {
            raise(T().ValueError, str("invalid whence (", w, ", should be 0, 1 or 2)"));
        }
        s->pos = p < 0 ? 0 : size_t(p);
        return Value::integer(int64_t(s->pos));
    });
    def_method(t, "truncate", [](Interpreter&, const CallArgs& a) {
        static const Signature sig("truncate(self, size=None, /)");
        auto v = sig.bind(a);
        BytesIO* s = bio(a);
        int64_t p = v[1].is_none() ? int64_t(s->pos) : to_int(v[1], "");
        if (p < 0) raise(T().ValueError, str("negative size value ", p));
        if (uint64_t(p) < s->buf.size()) s->buf.resize(size_t(p));
        return Value::integer(p);
    });
    def_method(t, "close", [](Interpreter&, const CallArgs& a) {
        bio(a, false)->closed = true;
        return Value::none();
    });
    def_property(t, "closed", [](Interpreter&, const CallArgs& a) { return Value::boolean(bio(a, false)->closed); });
    def_method(t, "flush", [](Interpreter&, const CallArgs& a) {
        bio(a);
        return Value::none();
    });
    for (const char* n : {"readable", "writable", "seekable"})
        def_method(t, n, [](Interpreter&, const CallArgs& a) {
            bio(a);
            return Value::boolean(true);
        });
    def_method(t, "isatty", [](Interpreter&, const CallArgs& a) {
        bio(a);
        return Value::boolean(false);
    });
    def_method(t, "__enter__", [](Interpreter&, const CallArgs& a) {
        bio(a);
        return a.args[0];
    });
    def_method(t, "__exit__", [](Interpreter&, const CallArgs& a) {
        bio(a, false)->closed = true;
        return Value::none();
    });
}

void io_module(Interpreter& in, ModuleObj& m) {
    m.dict.set("StringIO", Value(g_stringio_type));
    m.dict.set("TextIOWrapper", Value(file_type()));
    m.dict.set("UnsupportedOperation", Value(host_types().UnsupportedOperation));
    m.dict.set("open", Value(make<Builtin>("open", builtin_open).get()));
    m.dict.set("SEEK_SET", Value::integer(0));
    m.dict.set("SEEK_CUR", Value::integer(1));
    m.dict.set("SEEK_END", Value::integer(2));
    m.dict.set("BytesIO", Value(g_bytesio_type));
    // the binary file types open() makes, named as CPython's io module names them (io.py registers
    // them with io.BufferedIOBase, as CPython's io.py does)
    m.dict.set("BufferedReader", Value(binary_file_type(0)));
    m.dict.set("BufferedWriter", Value(binary_file_type(1)));
    m.dict.set("BufferedRandom", Value(binary_file_type(2)));
    m.dict.set("DEFAULT_BUFFER_SIZE", Value::integer(8192));
}

// ---- traceback ----------------------------------------------------------------------------------------

// exc.__traceback__: a chain of traceback objects over the exception's own entries (tb_next goes
// one call inward, tb_lineno is that call's line, tb_frame its frame object: live while that call
// runs, with the locals it had when it ended after), or None before the exception was raised.
// engine/stdlib/traceback.py builds CPython's
// traceback module (FrameSummary, StackSummary, extract_tb, format_exception, ...) on the native
// helpers of `_traceback` below.
Type* g_traceback_type;

struct TracebackObj : NativeObj {
    TracebackObj(Type* t, Value exc, size_t pos) : NativeObj(t), exc(std::move(exc)), pos(pos) {}
    void clear() override { exc = Value(); }
    // The entry, or null once the collector cleared the object. Entries are innermost first and
    // grow outward as the exception propagates, so a position from the front stays the same call.
    const TracebackEntry* entry() const {
        auto* e = exc.as<ExceptionObj>();
        return e && pos < e->traceback.size() ? &e->traceback[pos] : nullptr;
    }
    Value exc;
    size_t pos;
};

Value make_traceback(const Value& exc, size_t pos) { return Value(make<TracebackObj>(g_traceback_type, exc, pos).get()); }

Value exception_traceback(Interpreter&, const CallArgs& a) {
    auto* e = a.args[0].as<ExceptionObj>();
    if (!e || e->traceback.empty()) return Value::none();
    return make_traceback(a.args[0], e->traceback.size() - 1);
}

TracebackObj* traceback_of(const Value& v) { return native_cast<TracebackObj>(v); }

// (filename, lineno, name, line, end_lineno, colno, end_colno): a FrameSummary's fields.
Value entry_tuple(Interpreter& in, const TracebackEntry& t) {
    auto opt = [](int v) { return v > 0 ? Value::integer(v) : Value::none(); };
    // spans count columns from 1, CPython's offsets from 0
    return new_tuple({new_str(t.filename), Value::integer(t.line), new_str(t.function), new_str(in.source_line(t.filename, t.line)),
                      opt(t.end_line), t.end_line > 0 && t.col > 0 ? Value::integer(t.col - 1) : Value::none(),
                      t.end_line > 0 && t.end_col > 0 ? Value::integer(t.end_col - 1) : Value::none()});
}

Value exception_arg(Interpreter& in, const CallArgs& a, size_t first) {
    if (a.nargs > first) return a.args[first];
    return in.handled_exception();
}

// The part of an exception's report after its frames: "ValueError: msg", or a SyntaxError's
// location, text and caret (the uncaught printer's own text).
std::string exception_only(Interpreter& in, const Value& exc) {
    if (exc.is_null() || exc.is_none()) return "NoneType: None\n";
    if (!exc.is(Kind::Exception)) raise(T().TypeError, str("Exception expected for value, ", type_name(exc), " found"));
    auto* e = exc.get<ExceptionObj>();
    std::vector<TracebackEntry> frames;
    std::swap(frames, e->traceback);
    std::string s;
    try {
        s = in.format_one_exception(exc);
    } catch (...) {
        std::swap(frames, e->traceback);
        throw;
    }
    std::swap(frames, e->traceback);
    return s;
}

void traceback_module(Interpreter&, ModuleObj& m) {
    // carets(filename, lineno, end_lineno, colno, end_colno): the `~~^^` line CPython 3.12 prints
    // under the source line (without its newline), or '' (traceback_carets.cpp); offsets from 0
    def(m, "carets", [](Interpreter& in, const CallArgs& a) {
        if (a.nargs != 5 || !a.args[0].is(Kind::Str)) raise(T().TypeError, "carets() takes 5 arguments");
        for (size_t i = 1; i < 5; ++i)
            if (!a.args[i].is_int()) return new_str("");
        return new_str(traceback_carets(in, str_of(a.args[0]), int(a.args[1].as_int()), int(a.args[3].as_int()) + 1,
                                        int(a.args[2].as_int()), int(a.args[4].as_int()) + 1));
    });
    // entries(exc_or_tb): the FrameSummary tuples of an exception's traceback (or of a traceback
    // object's calls, from it inward), outermost first.
    def(m, "entries", [](Interpreter& in, const CallArgs& a) {
        std::vector<Value> out;
        if (a.nargs < 1 || a.args[0].is_none()) return new_list({});
        const ExceptionObj* e = nullptr;
        size_t first = 0;
        if (auto* tb = traceback_of(a.args[0])) {
            e = tb->exc.as<ExceptionObj>();
            first = tb->pos;
        } else if ((e = a.args[0].as<ExceptionObj>()) && !e->traceback.empty()) {
            first = e->traceback.size() - 1;
        } else if (!e) {
            raise(T().AttributeError, str("'", type_name(a.args[0]), "' object has no attribute 'tb_frame'"));
        }
        if (e && first < e->traceback.size())
            for (size_t k = first + 1; k-- > 0;) out.push_back(entry_tuple(in, e->traceback[k]));
        return new_list(std::move(out));
    });
    // stack(skip): the running calls' FrameSummary tuples, outermost first, without the `skip`
    // innermost ones (traceback.py's own functions).
    def(m, "stack", [](Interpreter& in, const CallArgs& a) {
        int64_t skip = a.nargs > 0 ? to_int(a.args[0], "") : 0;
        std::vector<Frame*> frames;
        for (Frame* f = in.current_frame(); f; f = f->back)
            if (skip-- <= 0) frames.push_back(f);
        std::vector<Value> out;
        for (size_t i = frames.size(); i-- > 0;) {
            TracebackEntry t;
            t.filename = frames[i]->co->filename;
            t.function = frames[i]->co->name;
            t.line = frames[i]->line();
            out.push_back(entry_tuple(in, t));
        }
        return new_list(std::move(out));
    });
    def(m, "exception_only", [](Interpreter& in, const CallArgs& a) { return new_str(exception_only(in, exception_arg(in, a, 0))); });
    def(m, "handled", [](Interpreter& in, const CallArgs&) {
        Value e = in.handled_exception();
        return e.is_null() ? Value::none() : e;
    });
    def(m, "source_line", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("source_line(filename, lineno, /)");
        auto v = sig.bind(a);
        if (!v[0].is(Kind::Str) || !v[1].is_int()) return new_str("");
        return new_str(in.source_line(str_of(v[0]), int(v[1].as_int())));
    });
    // source_text(filename): the whole text of a file the interpreter compiled (the program, its
    // imports, the embedded standard modules, generated fx code), or None; linecache reads it before
    // the file system, as CPython's linecache finds module sources through their loaders.
    def(m, "source_text", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("source_text(filename, /)");
        auto v = sig.bind(a);
        if (!v[0].is(Kind::Str)) return Value::none();
        const std::string* text = in.source_text(str_of(v[0]));
        return text ? new_str(*text) : Value::none();
    });
    def(m, "is_traceback", [](Interpreter&, const CallArgs& a) { return Value::boolean(a.nargs > 0 && traceback_of(a.args[0])); });
}

// ---- time extras -----------------------------------------------------------------------------------

Type* g_struct_time_type;
const char* const kTmFields[] = {"tm_year", "tm_mon", "tm_mday", "tm_hour", "tm_min", "tm_sec", "tm_wday", "tm_yday", "tm_isdst"};

Value struct_time(const std::tm& t) {
    std::vector<Value> v{Value::integer(t.tm_year + 1900), Value::integer(t.tm_mon + 1), Value::integer(t.tm_mday),
                         Value::integer(t.tm_hour), Value::integer(t.tm_min), Value::integer(t.tm_sec),
                         Value::integer((t.tm_wday + 6) % 7), Value::integer(t.tm_yday + 1), Value::integer(t.tm_isdst)};
    return Value(make<Tuple>(g_struct_time_type, std::move(v)).get());
}

std::tm to_tm(Interpreter& in, const Value& v, const char* fn) {
    std::vector<Value> items = to_vector(in, v);
    if (items.size() != 9) raise(T().TypeError, str(fn, "(): illegal time tuple argument"));
    std::tm t{};
    t.tm_year = int(to_int(items[0], "")) - 1900;
    t.tm_mon = int(to_int(items[1], "")) - 1;
    t.tm_mday = int(to_int(items[2], ""));
    t.tm_hour = int(to_int(items[3], ""));
    t.tm_min = int(to_int(items[4], ""));
    t.tm_sec = int(to_int(items[5], ""));
    t.tm_wday = (int(to_int(items[6], "")) + 1) % 7;
    t.tm_yday = int(to_int(items[7], "")) - 1;
    t.tm_isdst = int(to_int(items[8], ""));
    return t;
}

// CPython's _PyTime_ObjectToTime_t: a float rounds down, anything else must be an integer
// (__index__), else "'str' object cannot be interpreted as an integer"; NaN and values past time_t
// are errors (a float cast past the range is undefined behaviour in C++, and gave a garbage date).
std::time_t seconds_arg(Interpreter& in, const CallArgs& a) {
    if (a.nargs == 0 || a.args[0].is_none()) return std::time(nullptr);
    const Value& v = a.args[0];
    if (v.is_float()) {
        double d = std::floor(v.as_float());
        if (std::isnan(d)) raise(T().ValueError, "Invalid value NaN (not a number)");
        if (!(d >= -9223372036854775808.0 && d < 9223372036854775808.0))
            raise(T().OverflowError, "timestamp out of range for platform time_t");
        return std::time_t(d);
    }
    Value i = number_index(in, v);
    if (i.is_bool()) return std::time_t(i.as_bool());
    if (!i.is_int()) raise(T().OverflowError, "timestamp out of range for platform time_t");
    return std::time_t(i.as_int());
}

// localtime/gmtime fail (EOVERFLOW) when the year does not fit the C library's int: CPython raises
// that errno as OSError ("[Errno 75] Value too large for defined data type").
std::tm broken_down(std::time_t s, bool local) {
    std::tm t{};
    errno = 0;
    if (!(local ? localtime_r(&s, &t) : gmtime_r(&s, &t))) raise_os_error(errno ? errno : EOVERFLOW);
    return t;
}

std::string format_time(const std::string& fmt, const std::tm& t) {
    if (fmt.empty()) return "";
    std::vector<char> buf(fmt.size() * 8 + 64);
    for (;;) {
        size_t n = std::strftime(buf.data(), buf.size(), fmt.c_str(), &t);
        if (n > 0 || buf.size() > 65536) return std::string(buf.data(), n);
        buf.resize(buf.size() * 4);
    }
}

}  // namespace

bool is_traceback(const Value& v) { return traceback_of(v) != nullptr; }

void time_extras(ModuleObj& m) {
    m.dict.set("struct_time", Value(g_struct_time_type));
    for (const char* n : {"gmtime", "localtime"}) {
        bool local = std::string(n) == "localtime";
        def(m, n, [local](Interpreter& in, const CallArgs& a) { return struct_time(broken_down(seconds_arg(in, a), local)); });
    }
    def(m, "mktime", [](Interpreter& in, const CallArgs& a) {
        if (a.nargs != 1) raise(T().TypeError, "mktime() takes exactly one argument");
        std::tm t = to_tm(in, a.args[0], "mktime");
        return Value::number(double(std::mktime(&t)));
    });
    def(m, "strftime", [](Interpreter& in, const CallArgs& a) {
        if (a.nargs < 1) raise(T().TypeError, "strftime() takes at least 1 argument (0 given)");
        if (!a.args[0].is(Kind::Str)) raise(T().TypeError, str("strftime() argument 1 must be str, not ", type_name(a.args[0])));
        std::tm t = a.nargs > 1 ? to_tm(in, a.args[1], "strftime") : broken_down(std::time(nullptr), true);
        return new_str(format_time(str_of(a.args[0]), t));
    });
    for (const char* n : {"asctime", "ctime"}) {
        bool is_ctime = std::string(n) == "ctime";
        def(m, n, [is_ctime](Interpreter& in, const CallArgs& a) {
            std::tm t = is_ctime ? broken_down(seconds_arg(in, a), true)
                                 : a.nargs ? to_tm(in, a.args[0], "asctime") : broken_down(std::time(nullptr), true);
            std::string s = format_time("%a %b %e %H:%M:%S %Y", t);
            return new_str(s);
        });
    }
    def(m, "monotonic_ns", [](Interpreter&, const CallArgs&) {
        using namespace std::chrono;
        return Value::integer(int64_t(duration_cast<nanoseconds>(steady_clock::now().time_since_epoch()).count()));
    });
}

namespace {

Value system_exit(Interpreter&, const CallArgs& a) {
    if (a.nkw) raise(T().TypeError, "SystemExit() takes no keyword arguments");
    auto e = make<ExceptionObj>(host_types().SystemExit);
    e->args = new_tuple(std::vector<Value>(a.args, a.args + a.nargs));
    e->dict.set("code", a.nargs == 0 ? Value::none() : a.nargs == 1 ? a.args[0] : e->args);
    return Value(e.get());
}

}  // namespace

int system_exit_status(Interpreter& in, const Value& exc) {
    if (!exc.is(Kind::Exception) || !type_of(exc)->is_subtype_of(host_types().SystemExit)) return -1;
    const Value* code = exc.get<ExceptionObj>()->dict.find("code");
    Value c = code ? *code : Value::none();
    if (!code) {
        const auto& args = exc.get<ExceptionObj>()->args.get<Tuple>()->items;
        c = args.empty() ? Value::none() : args[0];
    }
    if (c.is_none()) return 0;
    if (c.is_int() || c.is_bool()) return int(to_int(c, "") & 0xff);
    if (is_big(c)) {
        // CPython's _Py_HandleSystemExit: PyLong_AsLong overflows, the error is printed and the
        // status is -1 (255), as Py_Exit does (gh-103510)
        in.write_err("OverflowError: Python int too large to convert to C long\n");
        return 255;
    }
    std::string msg;
    try {
        msg = to_str(in, c);
    } catch (...) {
    }
    in.write_err(msg + "\n");
    return 1;
}

// print()'s default file: sys.stdout once the program has imported sys and replaced it; Null while
// it is the host's own stream.
Value redirected_stdout(Interpreter& in) {
    if (!g_sys || g_sys_owner != &in) return Value();
    const Value* s = g_sys->dict.find("stdout");
    if (!s || s->is_null()) return Value();
    if (auto* st = native_cast<StdStream>(*s); st && st->fd == 1) return Value();
    return *s;
}

void install_host_fs();  // host_fs.cpp
void install_host_json();  // host_json.cpp
void install_host_re();  // host_re.cpp
void install_weakref_module();  // weakrefs.cpp
Type* reference_error_type();   // weakrefs.cpp

// A "struct sequence" (sys.version_info, time.struct_time): a tuple whose items are also named
// attributes, repr'd as module.name(field=value, ...); indexing, len, iteration and comparisons
// behave as a plain tuple's (ops.cpp handles exact tuples only).
Type* make_struct_seq(const char* name, const char* module, std::vector<std::string> fields) {
    Type* t = make_builtin_type(name, T().tuple, Kind::Tuple, module);
    for (size_t i = 0; i < fields.size(); ++i)
        def_property(t, fields[i].c_str(), [i](Interpreter&, const CallArgs& a) { return a.args[0].get<Tuple>()->items[i]; });
    def_method(t, "__getitem__", [](Interpreter& in, const CallArgs& a) {
        return getitem(in, new_tuple(a.args[0].get<Tuple>()->items), a.args[1]);
    });
    def_method(t, "__len__", [](Interpreter&, const CallArgs& a) { return Value::integer(int64_t(a.args[0].get<Tuple>()->items.size())); });
    def_method(t, "__iter__", [](Interpreter& in, const CallArgs& a) { return get_iter(in, new_tuple(a.args[0].get<Tuple>()->items)); });
    const char* cmps[] = {"__lt__", "__le__", "__eq__", "__ne__", "__gt__", "__ge__"};
    for (int op = 0; op < 6; ++op)
        def_method(t, cmps[op], [op](Interpreter& in, const CallArgs& a) {
            Value other = a.args[1];
            if (auto* o = other.as<Tuple>()) other = new_tuple(o->items);
            return compare(in, op, new_tuple(a.args[0].get<Tuple>()->items), other);
        });
    // struct_time((y, m, d, ...)): one sequence of exactly the fields' count, as CPython's
    // structseq_new checks it (the visible fields; Kiln has no hidden tm_zone/tm_gmtoff ones).
    const size_t nfields = fields.size();
    const std::string tname = std::string(module) + "." + name;
    t->construct = [t, nfields, tname](Interpreter& in, const CallArgs& a) -> Value {
        if (a.nargs != 1 || a.nkw) raise(T().TypeError, str(tname, "() takes exactly 1 argument (", a.nargs + a.nkw, " given)"));
        std::vector<Value> items = to_vector(in, a.args[0]);
        if (items.size() != nfields)
            raise(T().TypeError, str(tname, "() takes a ", nfields, "-sequence (", items.size(), "-sequence given)"));
        return Value(make<Tuple>(t, std::move(items)).get());
    };
    std::string prefix = std::string(module) + "." + name + "(";
    def_method(t, "__repr__", [prefix, fields](Interpreter& in, const CallArgs& a) {
        const auto& it = a.args[0].get<Tuple>()->items;
        std::string s = prefix;
        for (size_t i = 0; i < it.size() && i < fields.size(); ++i) s += str(i ? ", " : "", fields[i], "=", repr(in, it[i]));
        return new_str(s + ")");
    });
    return t;
}

// exc.__traceback__ = tb and exc.with_traceback(tb) (contextlib's __exit__ does the first): the
// exception's entries become those tb reaches (tb and its tb_next chain); None clears them. CPython's
// type check and message.
static Value set_exception_traceback(Interpreter&, const CallArgs& a) {
    auto* e = a.args[0].as<ExceptionObj>();
    const Value& v = a.args[1];
    if (v.is_none()) {
        if (e) e->traceback.clear();
        return Value::none();
    }
    TracebackObj* tb = native_cast<TracebackObj>(v);
    if (!tb) raise(T().TypeError, "__traceback__ must be a traceback or None");
    auto* src = tb->exc.as<ExceptionObj>();
    if (e && src && tb->entry()) {
        std::vector<TracebackEntry> entries(src->traceback.begin(), src->traceback.begin() + long(tb->pos) + 1);
        e->traceback = std::move(entries);
    }
    return Value::none();
}

void install_host_modules() {
    install_host_fs();
    HostTypes& h = host_types();
    h.SystemExit->construct = system_exit;
    h.SystemExit->allocate = [](Interpreter& in, Type* cls, const CallArgs& a) {
        CallArgs pos = a;
        pos.nkw = 0;
        pos.kwnames = nullptr;
        Value v = system_exit(in, pos);
        v.get<ExceptionObj>()->type = cls;
        return v;
    };
    register_stream_type();
    register_stringio_type();
    register_bytesio_type();
    g_struct_time_type = make_struct_seq("struct_time", "time", std::vector<std::string>(std::begin(kTmFields), std::end(kTmFields)));
    g_traceback_type = make_builtin_type("traceback", T().object, Kind::Native, "builtins");
    def_property(g_traceback_type, "tb_lineno", [](Interpreter&, const CallArgs& a) {
        const TracebackEntry* t = traceback_of(a.args[0])->entry();
        return t ? Value::integer(t->line) : Value::none();
    });
    def_property(g_traceback_type, "tb_next", [](Interpreter&, const CallArgs& a) {
        TracebackObj* tb = traceback_of(a.args[0]);
        return tb->entry() && tb->pos > 0 ? make_traceback(tb->exc, tb->pos - 1) : Value::none();
    });
    def_property(g_traceback_type, "tb_frame", [](Interpreter&, const CallArgs& a) {
        const TracebackEntry* t = traceback_of(a.args[0])->entry();
        return t && !t->frame.is_null() ? t->frame : Value::none();
    });
    def_property(g_traceback_type, "tb_lasti", [](Interpreter&, const CallArgs& a) {
        return Value::integer(traceback_of(a.args[0])->entry() ? 0 : -1);
    });
    def_property(T().BaseException, "__traceback__", exception_traceback, set_exception_traceback);
    def_method(T().BaseException, "with_traceback", [](Interpreter& in, const CallArgs& a) {
        if (!a.nargs) raise(T().TypeError, "unbound method BaseException.with_traceback() needs an argument");
        if (!isinstance(a.args[0], T().BaseException))
            raise(T().TypeError, str("descriptor 'with_traceback' for 'BaseException' objects doesn't apply to a '",
                                     type_name(a.args[0]), "' object"));
        if (a.nargs != 2) raise(T().TypeError, str("BaseException.with_traceback() takes exactly one argument (", a.nargs - 1, " given)"));
        set_exception_traceback(in, a);
        return a.args[0];
    });
    g_sys_state_type = make_builtin_type("_SysState", T().object, Kind::Native, "sys");
    g_version_info_type = make_struct_seq("version_info", "sys", {"major", "minor", "micro", "releaselevel", "serial"});
    g_float_info_type = make_struct_seq("float_info", "sys", {"max", "max_exp", "max_10_exp", "min", "min_exp", "min_10_exp", "dig",
                                                              "mant_dig", "epsilon", "radix", "rounds"});
    g_int_info_type = make_struct_seq("int_info", "sys", {"bits_per_digit", "sizeof_digit", "default_max_str_digits",
                                                          "str_digits_check_threshold"});
    g_hash_info_type = make_struct_seq("hash_info", "sys", {"width", "modulus", "inf", "nan", "imag", "algorithm", "hash_bits",
                                                            "seed_bits", "cutoff"});
    Interpreter::register_module("sys", sys_module);
    Interpreter::register_module("io", io_module);
    Interpreter::register_module("_traceback", traceback_module);
    install_host_json();
    install_host_re();
    install_weakref_module();
}

void install_host_builtins(Interpreter&, StrMap& b) {
    HostTypes& h = host_types();
    for (Type* t : {h.OSError, h.FileNotFoundError, h.FileExistsError, h.IsADirectoryError, h.NotADirectoryError, h.PermissionError,
                    h.SystemExit, h.EOFError})
        b.set(t->name, Value(t));
    for (Type* t : h.more_os_errors) b.set(t->name, Value(t));
    b.set("ReferenceError", Value(reference_error_type()));
    b.set("IOError", Value(h.OSError));
    b.set("EnvironmentError", Value(h.OSError));
    b.set("open", Value(make<Builtin>("open", builtin_open).get()));
    for (const char* n : {"exit", "quit"})
        b.set(n, Value(make<Builtin>(n, [](Interpreter& in, const CallArgs& a) -> Value {
                           throw PyError(in.call(Value(host_types().SystemExit), std::vector<Value>(a.args, a.args + a.nargs)));
                       }).get()));
}

}  // namespace kiln::vm
