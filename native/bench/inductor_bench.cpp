// kiln_inductor_bench: torch.compile's Inductor-style back end against eager Kiln, side by side.
//
// Every case (native/bench/inductor/cases.py, the same file torch_inductor_bench.py runs in
// PyTorch) runs through Kiln's Python VM, as users run it, in four variants:
//   eager            the function / module called eagerly
//   compiled-interp  torch.compile(f, options={"cpp_jit": False}): fused kernels on the kernel interpreter
//   compiled-native  torch.compile(f): the generated C++ compiled by the system compiler; the bench
//                    waits until the library is built and loaded before it times anything
//   unfused-interp   torch.compile(f, options={"cpp_jit": False, "fusion": False}): one kernel per op
// Each variant gets a fresh interpreter (Dynamo caches by code object), the same seed and inputs,
// and runs under no_grad. Times are medians of --reps calls after --warmup calls, timed around
// Interpreter::call with std::chrono::steady_clock. Reported per variant:
//   median ms, speedup vs eager, GB/s (min bytes: inputs and parameters read once, outputs written
//   once) as a % of two copies measured next to the case: one of the same bytes (where the case's
//   tensors fit in the last-level cache, as 2^24 floats do in the lent GPU hosts' 300 MiB L3, so
//   does this copy) and a 256 MiB one (main memory's bandwidth), or GFLOP/s for matmul-bound cases;
//   kernel counts (generated kernels + extern/fallback steps), the first call's wall clock, Kiln's own compile
//   latency (Dynamo capture + aten re-trace + passes + schedule + codegen, from last_report(); no
//   external compiler), the native library's ready time (the system compiler, in a fresh cache
//   directory unless --keep-cache) and the max |difference| from eager's output.
// The VM's fixed per-call costs (a Python call, a compiled call on a 1-element tensor) are printed
// separately. A benchmark, not a test: it prints and never fails on a slow number.
//
// Usage: kiln_inductor_bench [--quick] [--reps N] [--warmup N] [--threads N] [--case NAME]
//                            [--dir DIR] [--results FILE] [--keep-cache]
//   --quick      small sizes (2^20-element chains, 1024-row softmax/layernorm, a smaller MLP and block)
//   --dir        where cases.py lives (default: the source tree's native/bench/inductor; the file is
//                also embedded in the binary, used when the directory has none)
//   --results    machine-readable RESULT lines for native/bench/inductor/run_all.sh
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#ifdef _OPENMP
#include <omp.h>
#endif

#include "autograd/grad_mode.h"
#include "backends/cpu_jit.h"
#include "bindings/convert.h"
#include "bindings/inductor.h"
#include "bytecode/compiler.h"
#include "capture/dynamo/dynamo.h"
#include "codegen/cpp.h"
#include "lang/parser.h"
#include "ops/ops.h"
#include "tensor/iter.h"
#include "vm/interpreter.h"
#include "vm/ops.h"

#include "inductor_cases_embedded.h"  // kEmbeddedCases: cases.py's text at build time

namespace {

using namespace kiln;
using Clock = std::chrono::steady_clock;
namespace fs = std::filesystem;

double secs_since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

double median_of(std::vector<double> t) {
    std::sort(t.begin(), t.end());
    return t.empty() ? 0 : t[t.size() / 2];
}

std::string read(const std::string& path) {
    std::ifstream in(path);
    if (!in) return "";
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

struct Options {
    bool quick = false, keep_cache = false;
    int reps = 0, warmup = -1;
    std::string dir = KILN_INDUCTOR_BENCH_DIR, only, results;
};

// ---- memcpy ceilings ---------------------------------------------------------------------------
// GB/s (bytes read + written) of a parallel copy of n floats: 2^26 (256 MiB, beyond the caches: main
// memory) or a case's own size.
constexpr size_t kDramCopyFloats = size_t(1) << 26;
double memcpy_gbs(int threads, size_t n = kDramCopyFloats) {
    n = std::max<size_t>(n / 64 * 64, 64);
    // From Kiln's allocator, as the cases' tensors are (2 MB pages where the OS gives them), and
    // both touched first, so that no page faults are timed.
    TensorOptions f32;
    f32.dtype = DType::Float32;
    Tensor src = full({int64_t(n)}, 1.0, f32), dst = full({int64_t(n)}, 0.0, f32);
    std::vector<double> t;
    for (int i = 0; i < 12; ++i) {
        auto t0 = Clock::now();
        float* d = static_cast<float*>(dst.data());
        const float* s = static_cast<const float*>(src.data());
#pragma omp parallel for schedule(static) num_threads(threads)
        for (int64_t c = 0; c < 64; ++c) std::memcpy(d + c * int64_t(n / 64), s + c * int64_t(n / 64), n / 64 * sizeof(float));
        if (i >= 2) t.push_back(secs_since(t0));
    }
    return 2.0 * double(n) * 4.0 / median_of(t) / 1e9;
}

// ---- one variant of one case --------------------------------------------------------------------
struct Variant {
    const char* name;
    const char* compile_options;  // nullptr: eager
    bool native;
};
const Variant kVariants[] = {
    {"eager", nullptr, false},
    {"compiled-interp", "{'cpp_jit': False}", false},
    {"compiled-native", "{'cpp_jit': True}", true},
    {"unfused-interp", "{'cpp_jit': False, 'fusion': False}", false},
};

struct Measure {
    std::string label, note;
    bool ok = false;
    double median_ms = 0, first_ms = 0;
    double capture_ms = -1, trace_ms = -1, passes_ms = -1, schedule_ms = -1, codegen_ms = -1;
    double native_ready_s = -1;  // first call start -> library built and loadable
    int kernels = -1, externs = -1, graphs = -1;
    double bytes = 0, flops = 0;
    double max_diff = -1;
    Tensor out;
};

Tensor first_tensor(const vm::Value& v) {
    if (vm::bind::is_tensor(v)) return vm::bind::to_tensor(v);
    if (v.is(vm::Kind::Tuple))
        for (const vm::Value& x : v.get<vm::Tuple>()->items)
            if (vm::bind::is_tensor(x)) return vm::bind::to_tensor(x);
    return Tensor();
}

Measure run_variant(const Options& opt, const std::string& cases_src, const std::string& name, const Variant& var,
                    const Tensor& reference) {
    Measure m;
    std::string err;
    vm::Options vo;
    vo.err = [&](std::string_view s) { err += s; };
    vm::Interpreter in(vo);
    autograd::GradModeGuard no_grad(false);
    std::string src = cases_src + "\n_c = make('" + name + "', " + (opt.quick ? "True" : "False") + ")\n";
    src += var.compile_options ? std::string("_f = torch.compile(_c[0], options=") + var.compile_options + ")\n"
                               : std::string("_f = _c[0]\n");
    vm::bind::last_report().reset();
    try {
        auto co = bytecode::compile_module(lang::parse_module(src, "cases.py"), "cases.py");
        auto ns = vm::make<vm::ModuleObj>("__main__");
        in.run_code(vm::make<vm::Code>(co), ns);
        const auto& c = ns->dict.find("_c")->get<vm::Tuple>()->items;
        vm::Value f = *ns->dict.find("_f");
        std::vector<vm::Value> args = c[1].get<vm::Tuple>()->items;
        m.bytes = double(c[2].as_int());
        m.flops = double(c[3].as_int());
        m.label = vm::str_of(c[4]);

        auto t0 = Clock::now();
        vm::Value out = in.call(f, args);
        m.first_ms = secs_since(t0) * 1000;
        m.out = first_tensor(out);
        if (var.compile_options) {
            auto& st = capture::dynamo::state(in);
            m.capture_ms = st.capture_seconds * 1000;
            m.graphs = st.graphs_compiled;
            auto rep = vm::bind::last_report();
            if (rep && rep->plan) {
                m.trace_ms = rep->trace_ms;
                m.passes_ms = rep->passes_ms;
                m.schedule_ms = rep->schedule_ms;
                m.codegen_ms = rep->codegen_ms;
                m.kernels = int(rep->plan->kernels.size());
                m.externs = 0;
                for (const kernel::Step& s : rep->plan->steps)
                    if (s.kind == kernel::StepKind::Extern || s.kind == kernel::StepKind::Fallback) ++m.externs;
                if (var.native) {
                    if (rep->source_path.empty()) {
                        m.note = "no native JIT here (cpu_jit_available() is false): ran on the interpreter";
                    } else {
                        // The runner switches to native code once its module is loaded: wait for the
                        // library (rename()d into place when complete), then load it ourselves, which
                        // checks the symbols the runner needs (a cache hit: no second compile).
                        fs::path so = fs::path(rep->source_path).replace_extension(".so");
                        while (!fs::exists(so) && secs_since(t0) < 600)
                            std::this_thread::sleep_for(std::chrono::milliseconds(5));
                        m.native_ready_s = secs_since(t0);
                        try {
                            backends::compile(rep->source, codegen::exported_symbols(*rep->plan));
                        } catch (kiln::Error& e) {
                            m.note = std::string("native compile failed: ") + e.what();
                        }
                        std::this_thread::sleep_for(std::chrono::milliseconds(50));  // the runner's dlopen
                    }
                }
            } else {
                m.note = "not compiled by the inductor back end";
            }
            if (m.graphs != 1) m.note += (m.note.empty() ? "" : "; ") + std::to_string(m.graphs) + " graphs (report shows the last)";
        }
        const int warmup = opt.warmup >= 0 ? opt.warmup : (opt.quick ? 2 : 3);
        const int reps = opt.reps > 0 ? opt.reps : (opt.quick ? 10 : 20);
        for (int i = 0; i < warmup; ++i) in.call(f, args);
        std::vector<double> t;
        for (int i = 0; i < reps; ++i) {
            auto t1 = Clock::now();
            vm::Value r = in.call(f, args);
            t.push_back(secs_since(t1) * 1000);
        }
        m.median_ms = median_of(t);
        if (reference.defined() && m.out.defined() && reference.sizes() == m.out.sizes())
            m.max_diff = max(abs(sub(m.out, reference))).item_double();
        m.ok = true;
    } catch (vm::PyError& e) {
        m.note = in.format_exception(e.exc);
    } catch (std::exception& e) {
        m.note = e.what();
    }
    if (!err.empty() && var.compile_options) {
        std::string first = err.substr(0, err.find('\n'));
        m.note += (m.note.empty() ? "" : "; ") + first;
    }
    while (!m.note.empty() && m.note.back() == '\n') m.note.pop_back();
    return m;
}

// ---- the VM's fixed costs -----------------------------------------------------------------------
void per_call_overhead(FILE* res) {
    std::string err;
    vm::Options vo;
    vo.err = [&](std::string_view s) { err += s; };
    vm::Interpreter in(vo);
    autograd::GradModeGuard no_grad(false);
    const char* src =
        "import torch\n"
        "def nop(x):\n    return x\n"
        "def add_e(x):\n    return x + 1.0\n"
        "def add_i(x):\n    return x + 1.0\n"
        "def add_n(x):\n    return x + 1.0\n"
        "t = torch.ones(1)\n"
        "ci = torch.compile(add_i, options={'cpp_jit': False})\n"
        "cn = torch.compile(add_n)\n";
    try {
        auto co = bytecode::compile_module(lang::parse_module(src, "overhead.py"), "overhead.py");
        auto ns = vm::make<vm::ModuleObj>("__main__");
        in.run_code(vm::make<vm::Code>(co), ns);
        std::vector<vm::Value> args = {*ns->dict.find("t")};
        in.call(*ns->dict.find("ci"), args);
        auto t0 = Clock::now();
        in.call(*ns->dict.find("cn"), args);
        auto rep = vm::bind::last_report();
        if (rep && !rep->source_path.empty()) {
            fs::path so = fs::path(rep->source_path).replace_extension(".so");
            while (!fs::exists(so) && secs_since(t0) < 600) std::this_thread::sleep_for(std::chrono::milliseconds(5));
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        }
        auto per_call_us = [&](const char* name) {
            vm::Value f = *ns->dict.find(name);
            std::vector<double> t;
            for (int b = 0; b < 21; ++b) {
                auto t1 = Clock::now();
                for (int i = 0; i < 200; ++i) in.call(f, args);
                t.push_back(secs_since(t1) * 1e6 / 200);
            }
            return median_of(t);
        };
        struct Row {
            const char* what;
            const char* fn;
        } rows[] = {{"Python call of def f(x): return x", "nop"},
                    {"eager x + 1.0, 1 element", "add_e"},
                    {"compiled-interp x + 1.0, 1 element", "ci"},
                    {"compiled-native x + 1.0, 1 element", "cn"}};
        std::printf("VM per-call cost (from C++ Interpreter::call; medians):\n");
        for (const Row& r : rows) {
            double us = per_call_us(r.fn);
            std::printf("  %-40s %8.2f us\n", r.what, us);
            if (res) std::fprintf(res, "OVERHEAD\tkiln\t%s\t%.3f\n", r.fn, us);
        }
    } catch (vm::PyError& e) {
        std::printf("VM per-call cost: failed: %s\n", in.format_exception(e.exc).c_str());
    }
    std::printf("\n");
}

std::string fmt(double v, const char* f, double na_below = -0.5) {
    if (v < na_below) return "-";
    char b[64];
    std::snprintf(b, sizeof b, f, v);
    return b;
}

}  // namespace

int main(int argc, char** argv) {
    Options opt;
    int threads = 0;
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        auto next = [&]() -> std::string {
            if (i + 1 >= argc) {
                std::fprintf(stderr, "%s needs a value\n", a.c_str());
                std::exit(2);
            }
            return argv[++i];
        };
        if (a == "--quick") opt.quick = true;
        else if (a == "--keep-cache") opt.keep_cache = true;
        else if (a == "--reps") opt.reps = std::atoi(next().c_str());
        else if (a == "--warmup") opt.warmup = std::atoi(next().c_str());
        else if (a == "--threads") threads = std::atoi(next().c_str());
        else if (a == "--case") opt.only = next();
        else if (a == "--dir") opt.dir = next();
        else if (a == "--results") opt.results = next();
        else {
            std::fprintf(stderr,
                         "usage: %s [--quick] [--reps N] [--warmup N] [--threads N] [--case NAME] [--dir DIR] "
                         "[--results FILE] [--keep-cache]\n",
                         argv[0]);
            return 2;
        }
    }
    if (threads > 0) {
        set_num_threads(threads);
#ifdef _OPENMP
        omp_set_num_threads(threads);
#endif
    }
    threads = num_threads();
    std::string cases_src = read(opt.dir + "/cases.py");
    std::string cases_from = opt.dir + "/cases.py";
    if (cases_src.empty()) {
        cases_src = kEmbeddedCases;
        cases_from = "embedded copy of cases.py";
    }
    std::string cache_note = backends::cpu_jit_cache_dir();
    if (!opt.keep_cache) {
        // A fresh JIT cache: the native ready time includes the system compiler, as on a first run.
        std::string tmpl = (fs::temp_directory_path() / "kiln_inductor_bench.XXXXXX").string();
        std::vector<char> buf(tmpl.begin(), tmpl.end());
        buf.push_back('\0');
        if (mkdtemp(buf.data())) {
            setenv("KILN_CACHE_DIR", buf.data(), 1);
            cache_note = std::string(buf.data()) + " (fresh)";
        }
    }
    FILE* res = opt.results.empty() ? nullptr : std::fopen(opt.results.c_str(), "w");

    std::printf("kiln_inductor_bench: %d thread(s), %s sizes, cases from %s\n", threads, opt.quick ? "quick" : "full",
                cases_from.c_str());
    std::string jit_flags;  // the flags the JIT really passes (backends/cpu_jit), not a copy of them
    for (const std::string& f : backends::cpu_jit_flags())
        if (f != "-shared" && f != "-fPIC") jit_flags += " " + f;
    std::printf("native JIT: %s%s; cache %s\n", backends::cpu_jit_available() ? backends::cpu_jit_compiler().c_str() : "(none)",
                backends::cpu_jit_available() ? jit_flags.c_str() : "", cache_note.c_str());
    const double copy_all = memcpy_gbs(threads), copy_one = memcpy_gbs(1);
    std::printf("memcpy 256 MiB (bytes read + written): %.1f GB/s on %d thread(s), %.1f GB/s on 1 thread\n\n", copy_all,
                threads, copy_one);
    if (res) std::fprintf(res, "COPY\tkiln\t%d\t%.3f\t%.3f\n", threads, copy_all, copy_one);

    per_call_overhead(res);

    std::printf("%-28s %-16s %10s %8s %14s %6s %6s %8s %10s %10s %9s %9s\n", "case", "variant", "median ms", "vs eager",
                "throughput", "%same", "%256M", "kernels", "first ms", "kiln cc ms", "native s", "max|diff|");
    std::printf("%s\n", std::string(145, '-').c_str());
    const char* names[] = {"pointwise_chain", "pointwise_chain_anchor", "softmax", "layernorm_gelu", "mlp", "transformer_block"};
    std::vector<std::string> notes;
    for (const char* name : names) {
        if (!opt.only.empty() && opt.only != name) continue;
        Tensor reference;
        double eager_ms = 0;
        // The ceilings again, next to the case: on a shared host they drift by 2x within minutes, and
        // ceilings read once at the start would then over- or understate the case's % of copy. The
        // same-bytes copy needs the case's size, known after its eager run.
        const double copy_now = memcpy_gbs(threads);
        double copy_same = 0;
        for (const Variant& var : kVariants) {
            Measure m = run_variant(opt, cases_src, name, var, reference);
            if (!var.compile_options) {
                reference = m.out;
                eager_ms = m.median_ms;
                if (m.ok && m.flops <= 0 && m.bytes > 0) copy_same = memcpy_gbs(threads, size_t(m.bytes / 8));
                std::printf("%-28s copy ceilings measured now: %s GB/s (the same bytes), %.1f GB/s (256 MiB)\n", name,
                            fmt(copy_same > 0 ? copy_same : -1, "%.1f").c_str(), copy_now);
                if (res) std::fprintf(res, "COPYCASE\tkiln\t%s\t%.3f\t%.3f\n", name, copy_now, copy_same);
            }
            std::string label = std::string(var.compile_options ? "" : (m.label.empty() ? name : m.label.c_str()));
            if (!m.ok) {
                std::printf("%-28s %-16s failed: %s\n", label.c_str(), var.name, m.note.c_str());
                if (res) std::fprintf(res, "RESULT\tkiln\t%s\t%s\t-\t-\t-\t-\t-\t-\t-\n", name, var.name);
                continue;
            }
            std::string thr, pct_same, pct_dram;
            if (m.flops > 0) {
                thr = fmt(m.flops / (m.median_ms / 1000) / 1e9, "%.1f GFLOP/s");
            } else {
                double gbs = m.bytes / (m.median_ms / 1000) / 1e9;
                thr = fmt(gbs, "%.1f GB/s");
                pct_same = copy_same > 0 ? fmt(100 * gbs / copy_same, "%.0f%%") : "";
                pct_dram = fmt(100 * gbs / copy_now, "%.0f%%");
            }
            std::string kern = m.kernels >= 0 ? std::to_string(m.kernels) + (m.externs ? "+" + std::to_string(m.externs) + "x" : "") : "-";
            double kiln_cc = m.trace_ms >= 0 ? m.capture_ms + m.trace_ms + m.passes_ms + m.schedule_ms + m.codegen_ms : -1;
            std::printf("%-28s %-16s %10.3f %7.2fx %14s %6s %6s %8s %10.1f %10s %9s %9s\n", label.c_str(), var.name, m.median_ms,
                        eager_ms / m.median_ms, thr.c_str(), pct_same.c_str(), pct_dram.c_str(), kern.c_str(), m.first_ms,
                        fmt(kiln_cc, "%.1f").c_str(), fmt(m.native_ready_s, "%.2f").c_str(),
                        var.compile_options ? fmt(m.max_diff, "%.1e").c_str() : "");
            if (m.trace_ms >= 0 && !std::strcmp(var.name, "compiled-interp"))
                notes.push_back(std::string(name) + ": capture " + fmt(m.capture_ms, "%.2f") + " + aten trace " +
                                fmt(m.trace_ms, "%.2f") + " + passes " + fmt(m.passes_ms, "%.2f") + " + schedule " +
                                fmt(m.schedule_ms, "%.2f") + " + codegen " + fmt(m.codegen_ms, "%.2f") + " ms");
            if (!m.note.empty()) notes.push_back(std::string(name) + " " + var.name + ": " + m.note);
            if (res)
                std::fprintf(res, "RESULT\tkiln\t%s\t%s\t%.4f\t%.3f\t%s\t%s\t%s\t%s\t%s\n", name, var.name, m.median_ms,
                             m.first_ms, fmt(kiln_cc, "%.3f").c_str(), fmt(m.native_ready_s, "%.3f").c_str(), kern.c_str(),
                             m.flops > 0 ? fmt(m.flops / (m.median_ms / 1000) / 1e9, "%.2f").c_str() : "-",
                             m.flops > 0 ? "-" : fmt(m.bytes / (m.median_ms / 1000) / 1e9, "%.2f").c_str());
            std::fflush(stdout);
        }
    }
    std::printf("\nkernels: generated kernels + extern/fallback steps (x); first ms: the first call's wall clock "
                "(compile + one run on the interpreter);\nkiln cc ms: Kiln's compile latency (Dynamo capture + aten "
                "re-trace + passes + schedule + codegen), no external compiler;\nnative s: from the first call until the "
                "system compiler's library is ready; throughput: min bytes (inputs + params read once, outputs written "
                "once) or matmul FLOPs.\n");
    if (!notes.empty()) {
        std::printf("\ncompile latency breakdown (compiled-interp) and notes:\n");
        for (const std::string& n : notes) std::printf("  %s\n", n.c_str());
    }
    if (res) std::fclose(res);
    return 0;
}
