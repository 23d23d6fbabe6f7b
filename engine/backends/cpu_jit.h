// The native CPU JIT: compiles a generated C++ source (codegen/cpp) with the system compiler into a
// shared library, caches it on disk by content hash, loads it and hands out its functions.
//
// Compilation runs on a background thread (compile_async) so the host can keep running a plan with
// the kernel interpreter and switch to native code once ready() says so. The compiler is `$CXX`
// (split on spaces, so "ccache g++" works) or `c++`, with
//   -O3 -march=native -fopenmp -shared -fPIC -std=c++17 -ffp-contract=fast -fno-math-errno -fno-trapping-math
// (+ -mprefer-vector-width=512 on x86-64) and never -ffast-math: generated kernels rely on NaN
// comparisons (relu, maximum, max reductions) and on IEEE division (no reciprocal estimates). Libraries live in `$KILN_CACHE_DIR` (else ~/.cache/kiln/jit) as <hash>.so
// next to <hash>.cpp, written via a temporary file and rename(), so concurrent processes never load a
// half-written library; a later compile of the same source (same compiler, same flags) is a cache
// hit and runs no compiler. A failing compile becomes a kiln::Error carrying the compiler's output.
//
// The WebAssembly build has no compiler and no dlopen: cpu_jit_available() is false there and every
// module reports that the JIT is unavailable. This header is platform-free.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "kernel/runtime_abi.h"

namespace kiln::backends {

// A compiler runs here (checked once per process: `$CXX --version` succeeds); false in the
// Emscripten build.
bool cpu_jit_available();

// The compiler command and flags a compile uses (for messages and the cache key).
std::string cpu_jit_compiler();
const std::vector<std::string>& cpu_jit_flags();

// The cache directory compiles use now: $KILN_CACHE_DIR, else $HOME/.cache/kiln/jit.
std::string cpu_jit_cache_dir();

// How many times this process has run the compiler (cache hits do not count).
int64_t cpu_jit_compiler_invocations();

// The cache key of a source: a hex digest of the compiler identity, the flags and the text.
std::string cpu_jit_hash(const std::string& source);

class JitModule {
public:
    struct State;
    explicit JitModule(std::shared_ptr<State> st);
    ~JitModule();
    JitModule(const JitModule&) = delete;
    JitModule& operator=(const JitModule&) = delete;

    // Compilation (or the cache lookup) has finished, successfully or not. Never blocks.
    bool ready() const;
    // Finished and succeeded (the library is loaded, every requested symbol found). Never blocks.
    bool ok() const;
    // Finished and failed: the error's message (the compiler's output for a compile error); "" otherwise.
    std::string error_message() const;
    // Blocks until finished; throws the compile error (kiln::Error) if it failed.
    void wait();
    // A function of the library (waits first). Throws kiln::Error if the symbol is missing. The
    // pointer is valid while this module lives.
    void* fn(const std::string& name);
    // Runs the plan: the library's kiln_call(rt) (waits first).
    void call(KilnRuntime* rt);

    const std::string& hash() const;
    std::string library_path() const;  // <cache>/<hash>.so
    std::string source_path() const;   // <cache>/<hash>.cpp (what output_code says it wrote)
    bool cache_hit() const;            // after wait(): the library was already on disk

private:
    std::shared_ptr<State> st_;
};

// Starts compiling `source` on a background thread. `symbols` (e.g. codegen::exported_symbols) are
// looked up once loaded: a missing one fails the module like a compile error.
std::shared_ptr<JitModule> compile_async(const std::string& source, std::vector<std::string> symbols = {});
// compile_async(...) followed by wait().
std::shared_ptr<JitModule> compile(const std::string& source, std::vector<std::string> symbols = {});

}  // namespace kiln::backends
