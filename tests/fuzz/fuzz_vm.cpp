// libFuzzer harness for the whole language path: parse, compile and RUN arbitrary bytes as a
// program, with the limits the browser uses (instruction budget, tensor-memory cap, recursion
// limit). A Python-level error is a normal outcome (run_source reports it); a crash, a C++
// exception escaping run_source, a hang, a leak or a sanitizer report is a bug. Seed corpus: the
// parity programs (tests/parity/programs) and the front end's goldens. Some seeds write and delete
// files, so every run's file sandbox is a scratch directory of its own, never the working directory.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "vm/interpreter.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    std::string src(reinterpret_cast<const char*>(data), size);
    kiln::vm::Options o;
    o.out = [](std::string_view) {};
    o.err = [](std::string_view) {};
    o.max_instructions = 200000;
    o.max_tensor_bytes = size_t(64) << 20;
    // The CLI's heap cap too (smaller): without it a seed like `t = t + t` forever ran libFuzzer's
    // -rss_limit_mb out before Kiln's own MemoryError, an OOM report where the CLI raises.
    o.max_heap_bytes = size_t(256) << 20;
    o.recursion_limit = 150;
    static const std::string scratch = [] {
        char templ[] = "/tmp/kiln-fuzz-XXXXXX";
        const char* d = mkdtemp(templ);
        return std::string(d ? d : "/tmp/kiln-fuzz-unavailable");
    }();
    o.program_dir = o.cwd = scratch;
    kiln::vm::Interpreter in(o);
    (void)in.run_source(src, "fuzz.py");
    return 0;
}
