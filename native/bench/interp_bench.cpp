// kiln_interp_bench: the language's speed, Kiln's VM against CPython (+ PyTorch eager) in one run.
//
// Runs each program in native/bench/interp/ (they time themselves with time.perf_counter and print
// `RESULT name value` lines) in Kiln's interpreter in-process, then with `python3` when it is on
// PATH (PyTorch programs only where `import torch` works), and prints both figures side by side:
//   loop            ns per iteration of a 10^7-iteration integer loop in a function
//   tiny_add        ns per `a + b` on two 1-element float32 tensors (loop overhead subtracted)
//   tiny_torch_add  ns per `torch.add(a, b)`, same
// Usage: kiln_interp_bench [--dir native/bench/interp] [--python PYTHON]. A benchmark: nothing fails.
#include <cstdio>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "vm/interpreter.h"

namespace {

using Results = std::map<std::string, double>;

void parse_results(const std::string& text, Results& out) {
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
        std::istringstream ls(line);
        std::string tag, name;
        double v;
        if (ls >> tag >> name >> v && tag == "RESULT") out[name] = v;
    }
}

bool read(const std::string& path, std::string& out) {
    std::ifstream in(path);
    if (!in) return false;
    std::ostringstream ss;
    ss << in.rdbuf();
    out = ss.str();
    return true;
}

std::string run_python(const std::string& python, const std::string& path) {
    std::string cmd = python + " '" + path + "' 2>/dev/null";
    std::string out;
    if (FILE* p = popen(cmd.c_str(), "r")) {
        char buf[512];
        while (size_t n = fread(buf, 1, sizeof buf, p)) out.append(buf, n);
        pclose(p);
    }
    return out;
}

}  // namespace

int main(int argc, char** argv) {
    std::string dir = KILN_INTERP_BENCH_DIR, python = "python3";
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--dir") && i + 1 < argc) dir = argv[++i];
        else if (!std::strcmp(argv[i], "--python") && i + 1 < argc) python = argv[++i];
        else {
            std::fprintf(stderr, "usage: %s [--dir DIR] [--python PYTHON]\n", argv[0]);
            return 2;
        }
    }
    Results kiln, cpython;
    for (const char* prog : {"loop.py", "tiny_op.py"}) {
        std::string path = dir + "/" + prog, src;
        if (!read(path, src)) {
            std::fprintf(stderr, "cannot read %s\n", path.c_str());
            return 2;
        }
        std::string out, err;
        kiln::vm::Options o;
        o.out = [&](std::string_view s) { out += s; };
        o.err = [&](std::string_view s) { err += s; };
        {
            kiln::vm::Interpreter in(o);
            auto r = in.run_source(src, prog);
            if (!r.ok) std::fprintf(stderr, "kiln: %s failed:\n%s", prog, err.c_str());
        }
        parse_results(out, kiln);
        parse_results(run_python(python, path), cpython);
    }
    std::printf("%-16s %-44s %14s %14s %8s\n", "name", "measurement", "Kiln", python.c_str(), "ratio");
    std::printf("%s\n", std::string(100, '-').c_str());
    struct Desc {
        const char* name;
        const char* what;
    };
    for (Desc d : {Desc{"loop", "ns/iteration, 10^7-iteration int loop"}, Desc{"tiny_add", "ns per a + b, 1-element tensors"},
                   Desc{"tiny_torch_add", "ns per torch.add(a, b), 1-element tensors"}}) {
        char k[32] = "-", c[32] = "n/a", ratio[16] = "";
        if (kiln.count(d.name)) std::snprintf(k, sizeof k, "%.1f", kiln[d.name]);
        if (cpython.count(d.name)) std::snprintf(c, sizeof c, "%.1f", cpython[d.name]);
        if (kiln.count(d.name) && cpython.count(d.name))
            std::snprintf(ratio, sizeof ratio, "%.2fx", cpython[d.name] / kiln[d.name]);
        std::printf("%-16s %-44s %14s %14s %8s\n", d.name, d.what, k, c, ratio);
    }
    std::printf("\nratio = %s time / Kiln time (above 1: Kiln is faster).\n", python.c_str());
    if (!cpython.count("tiny_add"))
        std::printf("PyTorch is not importable by %s here: see native/bench/results/ for the figures measured on the "
                    "GPU machine's CPU.\n", python.c_str());
    return 0;
}
