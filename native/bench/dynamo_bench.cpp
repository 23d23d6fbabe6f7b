// kiln_dynamo_bench: what torch.compile's front end costs, measured in-process.
//
//   capture     translation of a 6-block transformer forward into one FX graph, plus its guards
//               and transformed bytecode (DynamoState::capture_seconds of the first compile)
//   guard check one cache lookup's guard evaluation for a function of 4 tensor inputs
//               (GuardSet::check on a frame with the same inputs, averaged over many runs)
//   first call  the whole first compiled call of the transformer, and a steady-state call, next to
//               an eager call (native/bench/dynamo/transformer.py prints those)
// Goals from the Dynamo issue: capture <= 20 ms, guard check <= 5 us. With python3 + torch on
// PATH, the same transformer program also runs in PyTorch (torch.compile, eager backend) for the
// first-call figure side by side. A benchmark: it prints, it never fails on a slow number.
// Usage: kiln_dynamo_bench [--dir native/bench/dynamo] [--python PYTHON]
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include "bytecode/compiler.h"
#include "capture/dynamo/dynamo.h"
#include "lang/parser.h"
#include "vm/interpreter.h"
#include "vm/ops.h"

namespace {

using namespace kiln;

std::map<std::string, double> results(const std::string& text) {
    std::map<std::string, double> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
        std::istringstream ls(line);
        std::string tag, name;
        double v;
        if (ls >> tag >> name >> v && tag == "RESULT") out[name] = v;
    }
    return out;
}

std::string read(const std::string& path) {
    std::ifstream in(path);
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

// Runs `src` as a module of its own in `in` and returns its namespace.
vm::Ref<vm::ModuleObj> run_module(vm::Interpreter& in, const std::string& src, const std::string& file) {
    auto co = bytecode::compile_module(lang::parse_module(src, file), file);
    auto ns = vm::make<vm::ModuleObj>("__main__");
    in.run_code(vm::make<vm::Code>(co), ns);
    return ns;
}

double guard_check_us() {
    vm::Interpreter in;
    auto ns = run_module(in,
                         "import torch\n"
                         "def f(a, b, c, d):\n"
                         "    return a + b * c - d\n"
                         "a, b, c, d = torch.ones(8, 8), torch.ones(8, 8), torch.ones(8, 8), torch.ones(8, 8)\n"
                         "cf = torch.compile(f, backend='eager')\n"
                         "cf(a, b, c, d)\n",
                         "guards.py");
    auto& st = capture::dynamo::state(in);
    vm::Value fn = *ns->dict.find("f");
    auto* func = fn.get<vm::Function>();
    auto it = st.caches.find(func->code->code.get());
    if (it == st.caches.end() || it->second.entries.empty()) return -1;
    const auto& guards = it->second.entries.back().guards;
    vm::Frame fr;
    fr.code = func->code.get();
    fr.co = fr.code->code.get();
    fr.func = func;
    fr.globals = ns.get();
    fr.fast = {*ns->dict.find("a"), *ns->dict.find("b"), *ns->dict.find("c"), *ns->dict.find("d")};
    const int n = 200000;
    bool ok = true;
    auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < n; ++i) ok = ok && !guards.check(in, fr);
    double us = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count() / n;
    std::printf("  (%zu guards per check, all passed: %s)\n", guards.guards.size(), ok ? "yes" : "NO");
    return us;
}

}  // namespace

int main(int argc, char** argv) {
    std::string dir = KILN_DYNAMO_BENCH_DIR, python = "python3";
    for (int i = 1; i + 1 < argc; ++i) {
        if (!std::strcmp(argv[i], "--dir")) dir = argv[++i];
        else if (!std::strcmp(argv[i], "--python")) python = argv[++i];
    }
    std::printf("kiln_dynamo_bench: torch.compile's front end (Dynamo-style capture)\n\n");
    double us = guard_check_us();
    std::printf("guard check, 4 tensor inputs      %8.3f us   (goal <= 5 us)\n", us);

    const std::string program = read(dir + "/transformer.py");
    std::string out;
    vm::Options o;
    o.out = [&](std::string_view s) { out += s; };
    double capture_ms = -1;
    {
        vm::Interpreter in(o);
        auto r = in.run_source(program, "transformer.py");
        if (!r.ok) std::printf("transformer.py failed in Kiln: %s\n", r.error_message.c_str());
        capture_ms = capture::dynamo::state(in).capture_seconds * 1000;
    }
    auto k = results(out);
    std::printf("capture, 6-block transformer      %8.3f ms   (goal <= 20 ms; one graph)\n", capture_ms);
    std::printf("\n%-34s %12s %16s\n", "transformer (2x16x64, 6 blocks)", "Kiln", "PyTorch 2.11");
    std::map<std::string, double> p;
    std::string cmd = python + " " + dir + "/transformer.py 2>/dev/null";
    if (FILE* f = popen(cmd.c_str(), "r")) {
        std::string text;
        char buf[512];
        while (fgets(buf, sizeof buf, f)) text += buf;
        if (pclose(f) == 0) p = results(text);
    }
    for (const char* name : {"eager_call_ms", "first_compiled_call_ms", "compiled_call_ms"}) {
        std::printf("%-34s %9.3f ms", name, k.count(name) ? k[name] : -1.0);
        if (p.count(name)) std::printf(" %13.3f ms", p[name]);
        else std::printf(" %16s", "(no torch)");
        std::printf("\n");
    }
    std::printf("compiled output equals eager: %s\n", k["same_result"] == 1 ? "yes" : "NO");
    return 0;
}
