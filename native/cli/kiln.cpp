// kiln: runs a PyTorch program the way `python FILE.py` does, or shows its bytecode.
//
//   kiln FILE.py [ARGS]        run; an uncaught error prints a traceback and exits with status 1
//   kiln -c 'CODE'             run CODE as a program named <string>
//   kiln --dis FILE.py         print the bytecode of every code object, CPython-dis style
//   kiln lesson check [DIR]    check the lessons (lesson_command.cpp)
//   kiln --fork-server [--preload MODULE]   run many programs from one interpreter built once, each in a
//                              forked process (the bad-input suite's runner; fork_server.cpp)
//   kiln --help
// Limits: --max-instructions N (0: none), --max-tensor-mb N (0: none) and --max-heap-mb N (Python
// objects; default 4096, 0: none) end a program that runs too long or allocates too much with a
// clear error instead of the OS killing it.
// Files: a program reads and writes files only in its own directory (the current directory for -c),
// a private temporary directory and the directories given with --allow-dir DIR (engine/vm/host_fs.cpp).
#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <new>
#include <sstream>
#include <string>
#include <vector>

#include "bytecode/compiler.h"
#include "lang/parser.h"
#include "support/stack.h"
#include "vm/interpreter.h"

namespace {

const char* kUsage =
    "usage: kiln [options] FILE.py [ARGS]\n"
    "       kiln [options] -c 'CODE'\n"
    "       kiln --dis FILE.py\n"
    "       kiln lesson check [DIR] [--lesson ID]\n"
    "\n"
    "Runs a PyTorch program (a Python subset with torch, torch.nn, torch.nn.functional and the\n"
    "standard modules Kiln provides) like `python FILE.py`: output on stdout, a Python-style\n"
    "traceback on stderr and exit status 1 on an uncaught error (sys.exit(N): status N).\n"
    "\n"
    "options:\n"
    "  -c CODE                 run CODE instead of a file\n"
    "  --dis                   print the bytecode of every code object instead of running\n"
    "  --max-instructions N    stop after N bytecode instructions (default 0: no limit)\n"
    "  --max-tensor-mb N       cap tensor memory at N MiB (default 0: no cap)\n"
    "  --max-heap-mb N         cap the memory of Python objects (lists, dicts, strs, ...) at N MiB:\n"
    "                          past it the program gets MemoryError (default 4096, 0: no cap)\n"
    "  --recursion-limit N     maximum Python call depth (default 1000; deeper than the C stack\n"
    "                          carries is a RecursionError too)\n"
    "  --allow-dir DIR         let the program use files under DIR too (repeatable; by default only its\n"
    "                          own directory and a private temporary directory)\n"
    "  -h, --help              show this help\n";

// The heap cap when --max-heap-mb is not given: far above what real programs' Python objects take
// (tensor data is not counted), below what takes a desktop machine into swap.
constexpr size_t kDefaultHeapMiB = 4096;

// The program's text; an empty string with `why` set when it cannot be read as a program: a
// directory, a device or FIFO (/dev/zero never ends), a file over 256 MiB.
bool read_file(const std::string& path, std::string& out, std::string& why) {
    struct stat st;
    if (::stat(path.c_str(), &st) != 0) {
        why = std::strerror(errno);
        return false;
    }
    if (S_ISDIR(st.st_mode)) {
        why = "Is a directory";
        return false;
    }
    if (!S_ISREG(st.st_mode)) {
        why = "not a regular file";
        return false;
    }
    if (st.st_size > (off_t(256) << 20)) {
        why = "File too large (a program over 256 MiB)";
        return false;
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        why = std::strerror(errno ? errno : ENOENT);
        return false;
    }
    std::ostringstream ss;
    ss << in.rdbuf();
    out = ss.str();
    return true;
}

// A limit flag's value: a decimal integer in [lo, hi] (no wrap-around: 4294967297 is not 1).
bool parse_count(const char* flag, const char* text, long long lo, long long hi, long long& out) {
    char* end = nullptr;
    errno = 0;
    out = std::strtoll(text, &end, 10);
    if (!*text || *end || errno == ERANGE || out < lo || out > hi) {
        std::fprintf(stderr, "kiln: %s expects an integer from %lld to %lld, got '%s'\n", flag, lo, hi, text);
        return false;
    }
    return true;
}

// The C stack the program runs on: deep enough for --recursion-limit Python frames (an ASan build's
// frames are the largest), at least 256 MiB. Only touched pages take memory. Past what the stack
// carries, the VM's stack check raises RecursionError (support/stack.h).
size_t program_stack_bytes(int recursion_limit) {
    size_t want = size_t(recursion_limit) * (size_t(96) << 10);
    return std::min(std::max(want, size_t(256) << 20), size_t(1) << 30);
}

}  // namespace

int lesson_command(int argc, char** argv);  // lesson_command.cpp
bool serve_forked_runs(kiln::vm::Interpreter& interp, std::string& filename);  // fork_server.cpp

// Under AddressSanitizer an impossible allocation (a 4 TB tensor with no --max-tensor-mb) returns
// null as the system allocator does, so the program gets PyTorch's "not enough memory" error or a
// MemoryError instead of ASan's abort; ASAN_OPTIONS still overrides this default.
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define KILN_CLI_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(KILN_CLI_ASAN)
extern "C" const char* __asan_default_options() { return "allocator_may_return_null=1"; }
#endif

int main(int argc, char** argv) {
    if (argc >= 2 && std::string(argv[1]) == "lesson") return lesson_command(argc - 2, argv + 2);
    kiln::vm::Options options;
    options.max_heap_bytes = kDefaultHeapMiB << 20;
    std::string code, filename, preload;
    bool dis = false, have_code = false, fork_server = false;
    int i = 1;
    for (; i < argc; ++i) {
        std::string a = argv[i];
        auto need_value = [&](const char* flag) -> const char* {
            if (i + 1 >= argc) {
                std::fprintf(stderr, "kiln: %s needs a value\n%s", flag, kUsage);
                std::exit(2);
            }
            return argv[++i];
        };
        long long n = 0;
        if (a == "-h" || a == "--help") {
            std::fputs(kUsage, stdout);
            return 0;
        } else if (a == "-c") {
            code = need_value("-c");
            have_code = true;
            filename = "<string>";
            ++i;
            break;
        } else if (a == "--dis") {
            dis = true;
        } else if (a == "--fork-server") {
            fork_server = true;
        } else if (a == "--preload") {
            preload = need_value("--preload");
        } else if (a == "--max-instructions") {
            if (!parse_count("--max-instructions", need_value("--max-instructions"), 0, LLONG_MAX, n)) return 2;
            options.max_instructions = uint64_t(n);
        } else if (a == "--max-tensor-mb") {
            // MiB to bytes must not wrap (in wasm32's 32-bit size_t either)
            if (!parse_count("--max-tensor-mb", need_value("--max-tensor-mb"), 0, (long long)(SIZE_MAX >> 21), n))
                return 2;
            options.max_tensor_bytes = size_t(n) << 20;
        } else if (a == "--max-heap-mb") {
            if (!parse_count("--max-heap-mb", need_value("--max-heap-mb"), 0, (long long)(SIZE_MAX >> 21), n)) return 2;
            options.max_heap_bytes = size_t(n) << 20;
        } else if (a == "--recursion-limit") {
            if (!parse_count("--recursion-limit", need_value("--recursion-limit"), 1, INT_MAX, n)) return 2;
            options.recursion_limit = int(n);
        } else if (a == "--allow-dir") {
            options.allowed_dirs.push_back(need_value("--allow-dir"));
        } else if (a.size() > 1 && a[0] == '-') {
            std::fprintf(stderr, "kiln: unknown option '%s'\n%s", a.c_str(), kUsage);
            return 2;
        } else {
            filename = a;
            ++i;
            break;
        }
    }
    if (fork_server) {
        if (dis || have_code || !filename.empty()) {
            std::fprintf(stderr, "kiln: --fork-server takes its programs on stdin, not as arguments\n");
            return 2;
        }
        options.program_dir = ".";  // the programs' directory is the server's working directory
    } else if (filename.empty()) {
        std::fputs(kUsage, stderr);
        return 2;
    }
    for (; i < argc; ++i) options.argv.push_back(argv[i]);
    // sys.argv[0] and the sandbox: the program's own directory, or the current one for -c
    options.program_path = have_code ? "-c" : filename;
    if (!have_code) {
        size_t slash = filename.rfind('/');
        options.program_dir = slash == std::string::npos ? "." : filename.substr(0, slash + 1);
    }
    std::string why;
    if (!have_code && !fork_server && !read_file(filename, code, why)) {
        std::fprintf(stderr, "kiln: can't open file '%s': %s\n", filename.c_str(), why.c_str());
        return 2;
    }
    if (dis) {
        try {
            auto co = kiln::bytecode::compile_module(kiln::lang::parse_module(code, filename), filename);
            std::string listing = kiln::bytecode::dis(*co);
            std::fwrite(listing.data(), 1, listing.size(), stdout);
            return 0;
        } catch (const kiln::Error& e) {
            std::fprintf(stderr, "%s\n", e.what());
            return 1;
        }
    }
    struct Job {
        kiln::vm::Options* options;
        std::string* code;
        std::string* filename;
        const std::string* preload;
        bool serve;
        bool child = false;  // a forked run of the server: exits when its program ends
        int exit_code = 70;
    } job{&options, &code, &filename, &preload, fork_server};
    auto run = [](void* p) {
        auto* j = static_cast<Job*>(p);
        // Anything the VM did not turn into a Python exception: reported, never an abort.
        try {
            kiln::vm::Interpreter interp(*j->options);
            if (j->serve) {
                if (!j->preload->empty()) interp.import_module(*j->preload);
                if (!serve_forked_runs(interp, *j->filename)) {
                    j->exit_code = 0;
                    return;
                }
                j->child = true;
                std::string why;
                if (!read_file(*j->filename, *j->code, why)) {
                    std::fprintf(stderr, "kiln: can't open file '%s': %s\n", j->filename->c_str(), why.c_str());
                    std::fflush(stderr);
                    std::_Exit(2);
                }
            }
            j->exit_code = interp.finalize_main(interp.run_source(*j->code, *j->filename).exit_code);
            if (j->child) {
                // A forked run ends after the program's shutdown (finalize_main: atexit handlers and
                // the modules' teardown, as CPython's) without freeing the interpreter: freeing what
                // it inherited would first copy each of those pages (copy-on-write), which costs more
                // than most programs of the corpus. `kiln FILE` runs keep checking the full teardown.
                std::fflush(stdout);
                std::fflush(stderr);
                std::_Exit(j->exit_code);
            }
        } catch (const std::bad_alloc&) {
            // Memory ran out while the VM was reporting an error (or outside any frame): the
            // interpreter is gone and its memory with it; CPython's ending for the same is MemoryError.
            std::fflush(stdout);
            std::fprintf(stderr, "MemoryError\n");
            j->exit_code = 1;
        } catch (const std::exception& e) {
            std::fflush(stdout);
            std::fprintf(stderr, "kiln: internal error: %s, please report this program\n", e.what());
            j->exit_code = 70;
        } catch (...) {
            std::fflush(stdout);
            std::fprintf(stderr, "kiln: internal error: unknown exception, please report this program\n");
            j->exit_code = 70;
        }
        if (j->child) {  // the forked run's end: its thread is the only one the child has
            std::fflush(stdout);
            std::exit(j->exit_code);
        }
    };
    if (!kiln::run_with_stack(program_stack_bytes(options.recursion_limit), run, &job) &&
        !kiln::run_with_stack(size_t(64) << 20, run, &job))
        run(&job);  // no thread: the main thread's stack, still guarded
    std::fflush(stdout);
    return job.exit_code;
}
