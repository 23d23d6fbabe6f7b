// kiln: runs a PyTorch program the way `python FILE.py` does, or shows its bytecode.
//
//   kiln FILE.py [ARGS]        run; an uncaught error prints a traceback and exits with status 1
//   kiln -c 'CODE'             run CODE as a program named <string>
//   kiln --dis FILE.py         print the bytecode of every code object, CPython-dis style
//   kiln lesson check [DIR]    check the lessons (lesson_command.cpp)
//   kiln --help
// Limits: --max-instructions N (0: none) and --max-tensor-mb N (0: none) end a program that runs
// too long or allocates too much with a clear error.
// Files: a program reads and writes files only in its own directory (the current directory for -c),
// a private temporary directory and the directories given with --allow-dir DIR (engine/vm/host_fs.cpp).
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "bytecode/compiler.h"
#include "lang/parser.h"
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
    "  --recursion-limit N     maximum Python call depth (default 1000)\n"
    "  --allow-dir DIR         let the program use files under DIR too (repeatable; by default only its\n"
    "                          own directory and a private temporary directory)\n"
    "  -h, --help              show this help\n";

bool read_file(const std::string& path, std::string& out) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return false;
    std::ostringstream ss;
    ss << in.rdbuf();
    out = ss.str();
    return true;
}

bool parse_count(const char* flag, const char* text, long long& out) {
    char* end = nullptr;
    out = std::strtoll(text, &end, 10);
    if (!*text || *end || out < 0) {
        std::fprintf(stderr, "kiln: %s expects a non-negative integer, got '%s'\n", flag, text);
        return false;
    }
    return true;
}

}  // namespace

int lesson_command(int argc, char** argv);  // lesson_command.cpp

int main(int argc, char** argv) {
    if (argc >= 2 && std::string(argv[1]) == "lesson") return lesson_command(argc - 2, argv + 2);
    kiln::vm::Options options;
    std::string code, filename;
    bool dis = false, have_code = false;
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
        } else if (a == "--max-instructions") {
            if (!parse_count("--max-instructions", need_value("--max-instructions"), n)) return 2;
            options.max_instructions = uint64_t(n);
        } else if (a == "--max-tensor-mb") {
            if (!parse_count("--max-tensor-mb", need_value("--max-tensor-mb"), n)) return 2;
            options.max_tensor_bytes = size_t(n) << 20;
        } else if (a == "--recursion-limit") {
            if (!parse_count("--recursion-limit", need_value("--recursion-limit"), n) || n == 0) return 2;
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
    if (filename.empty()) {
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
    if (!have_code && !read_file(filename, code)) {
        std::fprintf(stderr, "kiln: can't open file '%s': No such file or directory\n", filename.c_str());
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
    kiln::vm::RunResult r;
    {
        kiln::vm::Interpreter interp(options);
        r = interp.run_source(code, filename);
    }
    std::fflush(stdout);
    return r.exit_code;
}
