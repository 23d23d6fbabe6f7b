// The native CPU JIT (see cpu_jit.h): system compiler -> on-disk cache by content hash -> dlopen.
//
// A module's State is shared by the JitModule and its compile thread. The thread runs the cache
// lookup / compile / dlopen / dlsym sequence and records either the handle and symbols or the error;
// wait() blocks on a condition variable, the destructor joins the thread and dlcloses the library.
// The compiler runs through posix_spawnp with its stdout and stderr on a pipe, so its messages end
// up in the kiln::Error of a failed compile. Everything touching processes, files or dlopen is
// compiled out of the Emscripten build, where every module fails with "not available".
#include "backends/cpu_jit.h"

#include "backends/disk_cache.h"

#include <atomic>
#include <cerrno>
#include <cstring>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <sstream>
#include <thread>
#include <unordered_map>

#include "support/error.h"

#ifndef __EMSCRIPTEN__
#include <dlfcn.h>
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>
extern char** environ;
#endif

namespace kiln::backends {

namespace fs = std::filesystem;

namespace {

std::atomic<int64_t> g_compiler_runs{0};

[[noreturn]] void fail(const std::string& msg) { throw Error(ErrorKind::RuntimeError, msg); }

#ifndef __EMSCRIPTEN__
std::atomic<int64_t> g_tmp_counter{0};

std::vector<std::string> split_words(const std::string& s) {
    std::vector<std::string> out;
    std::istringstream in(s);
    std::string w;
    while (in >> w) out.push_back(w);
    return out;
}
#endif

std::string join(const std::vector<std::string>& v) {
    std::string s;
    for (size_t i = 0; i < v.size(); ++i) s += (i ? " " : "") + v[i];
    return s;
}

#ifndef __EMSCRIPTEN__
// Runs argv (PATH lookup) with stdout + stderr captured; returns the exit status (-1: could not
// start, with the reason in `output`).
int run_capture(const std::vector<std::string>& argv, std::string& output) {
    int fds[2];
    if (pipe2(fds, O_CLOEXEC) != 0) {
        output = "pipe() failed";
        return -1;
    }
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, fds[1], 1);
    posix_spawn_file_actions_adddup2(&fa, fds[1], 2);
    std::vector<char*> args;
    for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    pid_t pid = 0;
    int rc = posix_spawnp(&pid, args[0], &fa, nullptr, args.data(), environ);
    posix_spawn_file_actions_destroy(&fa);
    close(fds[1]);
    if (rc != 0) {
        close(fds[0]);
        output = std::string("cannot run '") + argv[0] + "': " + std::strerror(rc);
        return -1;
    }
    output.clear();
    char buf[4096];
    for (;;) {
        ssize_t n = read(fds[0], buf, sizeof buf);
        if (n > 0) output.append(buf, size_t(n));
        else if (n == 0 || errno != EINTR) break;
    }
    close(fds[0]);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    if (WIFEXITED(status)) return WEXITSTATUS(status);
    output += "\n(compiler killed by signal " + std::to_string(WIFSIGNALED(status) ? WTERMSIG(status) : 0) + ")";
    return 128;
}

struct CompilerInfo {
    bool available = false;
    std::string version;  // first line of --version
};

const CompilerInfo& compiler_info() {
    static const CompilerInfo info = [] {
        CompilerInfo ci;
        std::vector<std::string> argv = split_words(cpu_jit_compiler());
        if (argv.empty()) return ci;
        argv.push_back("--version");
        std::string out;
        if (run_capture(argv, out) == 0) {
            ci.available = true;
            ci.version = out.substr(0, out.find('\n'));
        }
        return ci;
    }();
    return info;
}

#endif

}  // namespace

// ---- module state -------------------------------------------------------------------------------
struct JitModule::State {
    std::string source, hash;
    fs::path dir;
    std::vector<std::string> symbols;
    std::thread worker;
    std::mutex mu;
    std::condition_variable cv;
    std::atomic<bool> finished{false};
    std::exception_ptr error;
    void* handle = nullptr;
    bool cache_hit = false;
    std::unordered_map<std::string, void*> syms;

    ~State() {
#ifndef __EMSCRIPTEN__
        if (handle) dlclose(handle);
#endif
    }

    void finish(std::exception_ptr e) {
        {
            std::lock_guard<std::mutex> lock(mu);
            error = e;
            finished = true;
        }
        cv.notify_all();
    }

#ifndef __EMSCRIPTEN__
    void run() {
        fs::path so = dir / (hash + ".so");
        fs::path cpp = dir / (hash + ".cpp");
        std::error_code ec;
        fs::create_directories(dir, ec);
        if (ec) fail("C++ JIT: cannot create the cache directory " + dir.string() + ": " + ec.message());
        if (fs::exists(so)) {
            cache_hit = true;
        } else {
            write_atomically(cpp.string(), source, "C++ JIT");
            fs::path tmp_so = so;
            tmp_so += ".tmp." + std::to_string(getpid()) + "." + std::to_string(g_tmp_counter++);
            std::vector<std::string> argv = split_words(cpu_jit_compiler());
            for (const std::string& f : cpu_jit_flags()) argv.push_back(f);
            argv.push_back("-o");
            argv.push_back(tmp_so.string());
            argv.push_back(cpp.string());
            std::string out;
            ++g_compiler_runs;
            int rc = run_capture(argv, out);
            if (rc != 0) {
                fs::remove(tmp_so, ec);
                fail("C++ compile error\n\nCommand:\n" + join(argv) + "\n\nOutput:\n" + out);
            }
            fs::rename(tmp_so, so, ec);
            if (ec) {
                fs::remove(tmp_so, ec);
                fail("C++ JIT: cannot move the compiled library to " + so.string());
            }
        }
        void* h = dlopen(so.c_str(), RTLD_NOW | RTLD_LOCAL);
        if (!h) {
            const char* why = dlerror();
            fail("C++ JIT: cannot load " + so.string() + ": " + (why ? why : "dlopen failed"));
        }
        handle = h;
        for (const std::string& s : symbols) lookup(s);
    }
#endif

    void* lookup(const std::string& name) {
        std::lock_guard<std::mutex> lock(mu);
        auto it = syms.find(name);
        if (it != syms.end()) return it->second;
#ifndef __EMSCRIPTEN__
        void* p = handle ? dlsym(handle, name.c_str()) : nullptr;
#else
        void* p = nullptr;
#endif
        if (!p) fail("C++ JIT: the compiled library " + hash + ".so has no function '" + name + "'");
        syms[name] = p;
        return p;
    }
};

JitModule::JitModule(std::shared_ptr<State> st) : st_(std::move(st)) {}

JitModule::~JitModule() {
    if (st_->worker.joinable()) st_->worker.join();
}

bool JitModule::ready() const { return st_->finished.load(); }

bool JitModule::ok() const {
    if (!st_->finished.load()) return false;
    std::lock_guard<std::mutex> lock(st_->mu);
    return !st_->error;
}

std::string JitModule::error_message() const {
    if (!st_->finished.load()) return "";
    std::lock_guard<std::mutex> lock(st_->mu);
    if (!st_->error) return "";
    try {
        std::rethrow_exception(st_->error);
    } catch (const std::exception& e) {
        return e.what();
    } catch (...) {
        return "unknown error";
    }
}

void JitModule::wait() {
    std::unique_lock<std::mutex> lock(st_->mu);
    st_->cv.wait(lock, [&] { return st_->finished.load(); });
    if (st_->error) std::rethrow_exception(st_->error);
}

void* JitModule::fn(const std::string& name) {
    wait();
    return st_->lookup(name);
}

void JitModule::call(KilnRuntime* rt) {
    auto f = reinterpret_cast<void (*)(KilnRuntime*)>(fn("kiln_call"));
    f(rt);
}

const std::string& JitModule::hash() const { return st_->hash; }
std::string JitModule::library_path() const { return (st_->dir / (st_->hash + ".so")).string(); }
std::string JitModule::source_path() const { return (st_->dir / (st_->hash + ".cpp")).string(); }
bool JitModule::cache_hit() const { return st_->cache_hit; }

// ---- free functions -----------------------------------------------------------------------------
bool cpu_jit_available() {
#ifdef __EMSCRIPTEN__
    return false;
#else
    return compiler_info().available;
#endif
}

std::string cpu_jit_compiler() {
    const char* cxx = std::getenv("CXX");
    if (cxx && *cxx) return cxx;
#if defined(KILN_JIT_DEFAULT_CXX) && !defined(__EMSCRIPTEN__)
    // The engine's own compiler (see engine/CMakeLists.txt), when it is still where the build found it.
    if (access(KILN_JIT_DEFAULT_CXX, X_OK) == 0) return KILN_JIT_DEFAULT_CXX;
#endif
    return "c++";
}

const std::vector<std::string>& cpu_jit_flags() {
    // -ffp-contract=fast: a * b + c becomes one fused multiply-add (as in the engine itself, which
    // GNU C++ compiles that way by default); exp/tanh's polynomials are chains of them. On x86-64,
    // 512-bit vectors where the CPU has them: GCC's -march=native tuning for Intel server cores
    // prefers 256-bit ones, which halves the throughput of these compute-bound polynomials.
    // -fno-math-errno: std::sqrt may not set errno, so a loop with it vectorizes (vsqrtps; with
    // errno it stays scalar with a branch per element, 5x slower for an Adam update). The values
    // are the same IEEE results; no kernel reads errno.
    // -fno-trapping-math: no kernel reads the floating-point exception flags, so the compiler may
    // compute a division in every vector lane and select afterwards. With trapping math, GCC
    // if-converts pw::exp's clamps into masked copies of the division that follows (a sigmoid
    // became three masked vdivps per vector, one per clamp case); on the H100 host's Xeon the
    // 9-op anchor chain ran at half speed in cache (42 vs 21 us per 16K elements, one thread).
    // -fwrapv: integer overflow wraps, as in the engine's own kernels (engine/CMakeLists.txt).
    static const std::vector<std::string> flags = {
        "-O3", "-march=native", "-fopenmp", "-shared", "-fPIC", "-std=c++17", "-ffp-contract=fast", "-fno-math-errno",
        "-fno-trapping-math", "-fwrapv",
#if defined(__x86_64__)
        "-mprefer-vector-width=512",
#endif
    };
    return flags;
}

std::string cpu_jit_cache_dir() { return jit_cache_dir(); }

int64_t cpu_jit_compiler_invocations() { return g_compiler_runs.load(); }

std::string cpu_jit_hash(const std::string& source) {
#ifndef __EMSCRIPTEN__
    std::string key = cpu_jit_compiler() + "\n" + compiler_info().version + "\n" + join(cpu_jit_flags()) + "\n" + source;
#else
    std::string key = join(cpu_jit_flags()) + "\n" + source;
#endif
    return content_hash(key);
}

std::shared_ptr<JitModule> compile_async(const std::string& source, std::vector<std::string> symbols) {
    auto st = std::make_shared<JitModule::State>();
    st->source = source;
    st->symbols = std::move(symbols);
    st->hash = cpu_jit_hash(source);
    st->dir = cpu_jit_cache_dir();
#ifdef __EMSCRIPTEN__
    st->finish(std::make_exception_ptr(
        Error(ErrorKind::RuntimeError, "the native C++ JIT is not available in the WebAssembly build")));
#else
    if (!cpu_jit_available()) {
        st->finish(std::make_exception_ptr(Error(
            ErrorKind::RuntimeError, "the native C++ JIT is not available: no C++ compiler found (tried '" +
                                         cpu_jit_compiler() + " --version'; set $CXX)")));
    } else {
        JitModule::State* raw = st.get();
        st->worker = std::thread([raw] {
            try {
                raw->run();
                raw->finish(nullptr);
            } catch (...) {
                raw->finish(std::current_exception());
            }
        });
    }
#endif
    return std::make_shared<JitModule>(st);
}

std::shared_ptr<JitModule> compile(const std::string& source, std::vector<std::string> symbols) {
    auto m = compile_async(source, std::move(symbols));
    m->wait();
    return m;
}

}  // namespace kiln::backends
