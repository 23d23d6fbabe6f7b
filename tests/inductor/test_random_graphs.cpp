// Random graphs through torch.compile's Inductor back end, compared with eager.
//
// A seeded generator writes small Python functions of torch ops over 1-4 inputs of random shapes
// (broadcastable ones, transposed and sliced inputs): chains of unary and binary pointwise ops,
// reductions over random dims with and without keepdim, softmax/log_softmax, views (t, transpose,
// permute, unsqueeze, slicing, expand, reshape), where/clamp/comparisons, cat/stack of computed
// values, and returns one to three of the values it made (sometimes a view or an input). Every
// function runs compiled (kernel interpreter only: KILN_CPP_JIT=0) and eagerly; results must agree
// in shape, dtype and value:
// float64 graphs to 1e-9 relative (the compiled path computes what eager computes, up to the
// reassociation of reductions), float32 graphs to 1e-4. A graph that falls back to the FX
// interpreter is a failure too (the generator only writes what the back end claims to run).
//
// Graphs are run in batches of kBatch functions per interpreter; on a mismatch the failing graph is
// rebuilt from its seed and run alone, and its source and plan (kernel::str) are printed, so a
// failure is reproducible from the test output alone.
#include <catch2/catch.hpp>

#include <chrono>
#include <cstdlib>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "backends/cpu_jit.h"
#include "bindings/inductor.h"
#include "codegen/wasm.h"
#include "kernel/ir.h"
#include "support/program.h"
#include "support/wasm_node.h"

namespace {

using Shape = std::vector<int64_t>;

struct Val {
    std::string name;
    Shape shape;
    bool boolean = false;
};

std::string shape_py(const Shape& s) {  // a Python tuple: (), (3,), (2, 3)
    std::string r;
    for (size_t i = 0; i < s.size(); ++i) r += (i ? ", " : "") + std::to_string(s[i]);
    return "(" + r + (s.size() == 1 ? ",)" : ")");
}

// numpy broadcasting of two shapes; false when they do not broadcast.
bool broadcast(const Shape& a, const Shape& b, Shape& out) {
    size_t n = std::max(a.size(), b.size());
    out.assign(n, 1);
    for (size_t i = 0; i < n; ++i) {
        int64_t x = i < n - a.size() ? 1 : a[i - (n - a.size())];
        int64_t y = i < n - b.size() ? 1 : b[i - (n - b.size())];
        if (x != y && x != 1 && y != 1) return false;
        out[i] = std::max(x, y);
    }
    return true;
}

int64_t numel(const Shape& s) {
    int64_t n = 1;
    for (int64_t d : s) n *= d;
    return n;
}

// One generated graph: the function's source and how its inputs are made.
struct Graph {
    std::string fn;      // "def f_N(a0, a1): ..."
    std::string inputs;  // "(a, b)" expression making the inputs
    bool f64 = true;
};

class Gen {
public:
    // wide: float32 graphs whose last dim has 64-1500 elements, the kernels codegen/cpp splits into
    // stages over blocks (loop fission) when they hold several transcendental ops.
    explicit Gen(uint32_t seed, bool wide = false) : rng_(seed), wide_(wide) {}

    Graph make(const std::string& fname) {
        Graph g;
        g.f64 = f64_ = !wide_ && pick(10) < 8;
        const std::string dt = g.f64 ? "torch.float64" : "torch.float32";
        // Inputs: a base shape, inputs broadcastable against it.
        Shape base;
        int rank = 1 + int(pick(3));
        for (int i = 0; i < rank; ++i) base.push_back(1 + int64_t(pick(6)));
        if (wide_) base.back() = 64 + int64_t(pick(1437));
        int nin = 1 + int(pick(4));
        std::vector<std::string> args, makes;
        for (int i = 0; i < nin; ++i) {
            Shape s = base;
            if (i > 0 && pick(3) == 0) {  // broadcastable: drop leading dims or set dims to 1
                if (pick(2) && s.size() > 1) s.erase(s.begin());
                for (auto& d : s)
                    if (pick(3) == 0) d = 1;
            }
            std::string name = "a" + std::to_string(i);
            args.push_back(name);
            std::string mk;
            unsigned kind = pick(6);
            if (kind == 0 && s.size() >= 2) {  // a transposed (non-contiguous) input
                Shape r(s.rbegin(), s.rend());
                mk = "torch.randn(" + shape_py(r) + ", dtype=" + dt + ").permute(" + perm_rev(s.size()) + ")";
            } else if (kind == 1) {  // a sliced input: every other element of a wider last dim
                Shape w = s;
                w.back() = 2 * w.back();
                mk = "torch.randn(" + shape_py(w) + ", dtype=" + dt + ")[..., ::2]";
            } else if (kind == 2 && !s.empty() && s.back() > 1) {  // an expanded input (stride 0)
                Shape one = s;
                one.back() = 1;
                std::string sz;
                for (size_t k = 0; k < s.size(); ++k) sz += (k ? ", " : "") + std::to_string(s[k]);
                mk = "torch.randn(" + shape_py(one) + ", dtype=" + dt + ").expand(" + sz + ")";
            } else {
                mk = "torch.randn(" + shape_py(s) + ", dtype=" + dt + ")";
            }
            makes.push_back(mk);
            vals_.push_back({name, s, false});
        }
        if (pick(8) == 0) {  // a 0-dim input
            std::string name = "a" + std::to_string(nin);
            args.push_back(name);
            makes.push_back("torch.tensor(" + std::to_string(0.5 + double(pick(5))) + ", dtype=" + dt + ")");
            vals_.push_back({name, {}, false});
        }
        int nops = 2 + int(pick(8));
        for (int i = 0; i < nops; ++i) op();
        // Outputs: the last value plus up to two others (any value: an input, a view, a bool).
        std::vector<std::string> outs = {vals_.back().name};
        int extra = int(pick(3));
        for (int i = 0; i < extra; ++i) outs.push_back(vals_[pick(unsigned(vals_.size()))].name);
        std::ostringstream fn;
        fn << "def " << fname << "(" << join(args) << "):\n" << body_.str();
        fn << "    return " << (outs.size() == 1 ? outs[0] : join(outs) + ",") << "\n";
        g.fn = fn.str();
        g.inputs = "(" + join(makes) + (makes.size() == 1 ? ",)" : ")");
        return g;
    }

private:
    std::mt19937 rng_;
    bool wide_ = false;
    bool f64_ = true;
    std::vector<Val> vals_;
    std::ostringstream body_;
    int next_ = 0;

    unsigned pick(unsigned n) { return unsigned(rng_() % n); }
    static std::string join(const std::vector<std::string>& v) {
        std::string r;
        for (size_t i = 0; i < v.size(); ++i) r += (i ? ", " : "") + v[i];
        return r;
    }
    static std::string perm_rev(size_t n) {
        std::string r;
        for (size_t i = 0; i < n; ++i) r += (i ? ", " : "") + std::to_string(n - 1 - i);
        return r;
    }
    // A float value, preferring recent ones (longer chains).
    const Val& any_float() {
        for (int tries = 0; tries < 20; ++tries) {
            size_t i = pick(3) ? vals_.size() - 1 - pick(unsigned(std::min<size_t>(vals_.size(), 3))) : pick(unsigned(vals_.size()));
            if (!vals_[i].boolean) return vals_[i];
        }
        return vals_[0];
    }
    const Val* any_bool() {
        for (auto it = vals_.rbegin(); it != vals_.rend(); ++it)
            if (it->boolean) return &*it;
        return nullptr;
    }
    // A value broadcastable with `a` (other than itself when possible).
    const Val& partner(const Val& a) {
        Shape o;
        std::vector<size_t> ok;
        for (size_t i = 0; i < vals_.size(); ++i)
            if (!vals_[i].boolean && vals_[i].name != a.name && broadcast(a.shape, vals_[i].shape, o)) ok.push_back(i);
        if (ok.empty()) return a;
        return vals_[ok[pick(unsigned(ok.size()))]];
    }
    void emit(const std::string& expr, Shape shape, bool boolean = false) {
        std::string name = "v" + std::to_string(next_++);
        body_ << "    " << name << " = " << expr << "\n";
        vals_.push_back({name, std::move(shape), boolean});
    }
    std::string dim_of(const Shape& s) {
        int64_t d = int64_t(pick(unsigned(s.size())));
        if (pick(2)) d -= int64_t(s.size());  // negative dims too
        return std::to_string(d);
    }

    void op() {
        const Val a = any_float();  // copy: emit() grows vals_
        const std::string& x = a.name;
        const Shape& s = a.shape;
        if (wide_ && pick(5) < 2) {  // wide graphs: chains of transcendental ops (the staged kernels)
            static const char* t[] = {"torch.tanh({})", "torch.sigmoid({})", "torch.exp(-{}.abs())", "F.gelu({})",
                                      "F.silu({})", "torch.erf({})"};
            std::string e = t[pick(sizeof(t) / sizeof(t[0]))];
            e.replace(e.find("{}"), 2, x);
            emit(e, s);
            return;
        }
        switch (pick(13)) {
            case 0:
            case 1:
            case 2: {  // unary pointwise
                static const char* u[] = {"torch.sin({})",          "torch.cos({})",
                                          "torch.tanh({})",         "torch.sigmoid({})",
                                          "torch.relu({})",         "{}.abs()",
                                          "-{}",                    "torch.exp(torch.tanh({}))",
                                          "torch.log({}.abs() + 1)", "torch.sqrt({}.abs())",
                                          "F.gelu({})",             "F.silu({})",
                                          "torch.erf({})",          "{} * {}",
                                          "torch.rsqrt({}.abs() + 0.5)", "torch.reciprocal({}.abs() + 1)",
                                          "F.leaky_relu({}, 0.1)",  "{}.pow(2)",
                                          "F.softplus({})",         "torch.log1p({}.abs())",
                                          "{} * 2.5 - 1",           "({} + 3) / 4"};
                std::string t = u[pick(sizeof(u) / sizeof(u[0]))];
                std::string e;
                for (size_t p = 0; p < t.size(); ++p) {
                    if (t.compare(p, 2, "{}") == 0) e += x, ++p;
                    else e += t[p];
                }
                emit(e, s);
                break;
            }
            case 3:
            case 4: {  // binary pointwise, broadcasting
                const Val b = partner(a);
                Shape o;
                broadcast(s, b.shape, o);
                static const char* bin[] = {"{a} + {b}", "{a} - {b}", "{a} * {b}", "{a} / ({b}.abs() + 0.5)",
                                            "torch.maximum({a}, {b})", "torch.minimum({a}, {b})",
                                            "torch.add({a}, {b}, alpha=2)", "torch.sub({a}, {b}, alpha=0.5)"};
                std::string t = bin[pick(sizeof(bin) / sizeof(bin[0]))];
                std::string e;
                for (size_t p = 0; p < t.size(); ++p) {
                    if (t.compare(p, 3, "{a}") == 0) e += x, p += 2;
                    else if (t.compare(p, 3, "{b}") == 0) e += b.name, p += 2;
                    else e += t[p];
                }
                emit(e, o);
                break;
            }
            case 5: {  // reduction over one or two dims, or everything
                static const char* red[] = {"sum", "mean", "amax", "amin", "var"};
                std::string r = red[pick(5)];
                if (s.empty() || pick(6) == 0) {
                    emit(x + "." + (r == "amax" ? "max" : r == "amin" ? "min" : r) + "()", {});
                    break;
                }
                int64_t d = int64_t(pick(unsigned(s.size())));
                bool keep = pick(2);
                Shape o = s;
                std::string dims = std::to_string(pick(2) ? d : d - int64_t(s.size()));
                if (s.size() >= 2 && pick(3) == 0 && r != "var") {  // two dims
                    int64_t d2 = (d + 1) % int64_t(s.size());
                    dims = "(" + std::to_string(d) + ", " + std::to_string(d2) + ")";
                    if (keep) {
                        o[size_t(d)] = 1, o[size_t(d2)] = 1;
                    } else {
                        o.erase(o.begin() + std::max(d, d2));
                        o.erase(o.begin() + std::min(d, d2));
                    }
                } else {
                    if (keep) o[size_t(d)] = 1;
                    else o.erase(o.begin() + d);
                }
                if (r == "var" && s[size_t(d)] < 2) r = "sum";  // var of one element is nan (fine, but dull)
                emit(x + "." + r + "(" + dims + (keep ? ", keepdim=True" : "") + ")", o);
                break;
            }
            case 6: {  // softmax / log_softmax
                if (s.empty()) return op();
                std::string d = dim_of(s);
                emit(std::string(pick(2) ? "torch.softmax(" : "F.log_softmax(") + x + ", " + d + ")", s);
                break;
            }
            case 7:
            case 8: {  // views
                if (s.empty()) {
                    emit(x + ".unsqueeze(0)", {1});
                    break;
                }
                switch (pick(7)) {
                    case 0:
                        if (s.size() == 2) {
                            emit(x + ".t()", {s[1], s[0]});
                            break;
                        }
                        [[fallthrough]];
                    case 1: {
                        if (s.size() < 2) {
                            emit(x + ".unsqueeze(-1)", {s[0], 1});
                            break;
                        }
                        size_t i = pick(unsigned(s.size())), j = pick(unsigned(s.size()));
                        Shape o = s;
                        std::swap(o[i], o[j]);
                        emit(x + ".transpose(" + std::to_string(i) + ", " + std::to_string(j) + ")", o);
                        break;
                    }
                    case 2: {
                        size_t d = pick(unsigned(s.size() + 1));
                        Shape o = s;
                        o.insert(o.begin() + int64_t(d), 1);
                        emit(x + ".unsqueeze(" + std::to_string(d) + ")", o);
                        break;
                    }
                    case 3: {  // slicing along a random dim
                        size_t d = pick(unsigned(s.size()));
                        if (s[d] < 2) return op();
                        Shape o = s;
                        std::string idx;
                        for (size_t i = 0; i < d; ++i) idx += ":, ";
                        if (pick(2)) {
                            idx += "1:";
                            o[d] = s[d] - 1;
                        } else {
                            idx += "::2";
                            o[d] = (s[d] + 1) / 2;
                        }
                        emit(x + "[" + idx + "]", o);
                        break;
                    }
                    case 4: {  // expand a size-1 dim (or a new leading one)
                        Shape o = s;
                        bool any = false;
                        for (auto& d : o)
                            if (d == 1) d = 2 + int64_t(pick(3)), any = true;
                        if (!any) o.insert(o.begin(), 2);
                        std::string sz;
                        for (size_t i = 0; i < o.size(); ++i) sz += (i ? ", " : "") + std::to_string(o[i]);
                        emit(x + ".expand(" + sz + ")", o);
                        break;
                    }
                    case 5: {  // reshape: flatten, or split the numel in two
                        int64_t n = numel(s);
                        if (pick(2) || n < 2) {
                            emit(x + ".reshape(-1)", {n});
                        } else {
                            int64_t f = 1;
                            for (int64_t c = 2; c <= n; ++c)
                                if (n % c == 0) {
                                    f = c;
                                    if (pick(2)) break;
                                }
                            emit(x + ".reshape(" + std::to_string(f) + ", -1)", {f, n / f});
                        }
                        break;
                    }
                    default: {
                        if (s.size() < 2) return op();
                        std::vector<size_t> perm(s.size());
                        for (size_t i = 0; i < perm.size(); ++i) perm[i] = i;
                        std::shuffle(perm.begin(), perm.end(), rng_);
                        Shape o;
                        std::string p;
                        for (size_t i = 0; i < perm.size(); ++i) o.push_back(s[perm[i]]), p += (i ? ", " : "") + std::to_string(perm[i]);
                        emit(x + ".permute(" + p + ")", o);
                    }
                }
                break;
            }
            case 9: {  // comparisons producing bool, where
                const Val* c = any_bool();
                if (!c || pick(2)) {
                    static const char* cmp[] = {" > 0", " < 0.3", " >= -0.2", " <= 0.1"};
                    emit("(" + x + cmp[pick(4)] + ")", s, true);
                    break;
                }
                Shape o;
                const Val b = partner(a);
                Shape ab;
                broadcast(s, b.shape, ab);
                if (!broadcast(c->shape, ab, o)) {
                    emit("(" + x + " != 0)", s, true);
                    break;
                }
                emit("torch.where(" + c->name + ", " + x + ", " + b.name + ")", o);
                break;
            }
            case 10: {  // clamp
                static const char* cl[] = {"{}.clamp(-0.5, 0.5)", "{}.clamp(min=0.1)", "{}.clamp(max=0.2)",
                                           "torch.clamp({}, -1, 2)"};
                std::string t = cl[pick(4)];
                std::string e = t.substr(0, t.find("{}")) + x + t.substr(t.find("{}") + 2);
                emit(e, s);
                break;
            }
            case 11: {  // cat / stack of computed values: fallback steps whose list input names buffers
                std::string y = x;
                for (const Val& v : vals_)
                    if (!v.boolean && v.shape == s && v.name != x && pick(2)) y = v.name;
                if (s.empty() || pick(2)) {
                    const int64_t d = int64_t(pick(unsigned(s.size() + 1)));
                    Shape o = s;
                    o.insert(o.begin() + d, 2);
                    emit("torch.stack([" + x + ", " + y + "], " + std::to_string(d) + ")", o);
                } else {
                    const int64_t d = int64_t(pick(unsigned(s.size())));
                    Shape o = s;
                    o[size_t(d)] *= 2;
                    emit("torch.cat([" + x + ", " + y + "], " + std::to_string(d) + ")", o);
                }
                break;
            }
            default: {  // a bool back to float, or a scalar blend
                const Val* c = any_bool();
                Shape o;
                if (c && pick(2) && broadcast(c->shape, s, o)) {
                    emit(c->name + (f64_ ? ".double() * " : ".float() * ") + x, o);
                } else {
                    emit("torch.where(" + x + " > 0, " + x + ", 0.1 * " + x + ")", s);
                }
            }
        }
    }
};

// The Python side: runs each function compiled and eagerly, prints one line per mismatch.
const char* kChecker = R"(
checked = []
def check(i, f, make, f64):
    checked.append(i)
    cf = torch.compile(f)
    compare(i, cf, f, make(), f64)
    # again with new values of the same layout: the compiled graph is reused, so a value baked
    # into it at trace time would show here
    compare(i, cf, f, make(), f64)

def compare(i, cf, f, args, f64):
    a = cf(*args)
    b = f(*args)
    if not isinstance(a, tuple):
        a = (a,)
        b = (b,)
    rtol = 1e-9 if f64 else 1e-4
    atol = 1e-10 if f64 else 1e-5
    for j in range(len(b)):
        x = a[j]
        y = b[j]
        if x.shape != y.shape or x.dtype != y.dtype:
            print("MISMATCH", i, j, "shape/dtype", x.shape, y.shape, x.dtype, y.dtype)
        elif x.dtype == torch.bool:
            if not torch.equal(x, y):
                print("MISMATCH", i, j, "bool values")
        elif not torch.allclose(x, y, rtol=rtol, atol=atol, equal_nan=True):
            print("MISMATCH", i, j, "max abs diff", (x - y).abs().max().item())
)";

constexpr int kBatch = 100;

std::string program_for(const std::vector<std::pair<int, Graph>>& graphs) {
    std::ostringstream src;
    src << kChecker;
    for (const auto& [i, g] : graphs) {
        src << g.fn;
        src << "torch.manual_seed(" << i << ")\n";
        src << "check(" << i << ", f_" << i << ", lambda: " << g.inputs << ", " << (g.f64 ? "True" : "False") << ")\n";
    }
    src << "print('CHECKED', len(checked))\n";
    return src.str();
}

Graph graph_for(uint32_t base_seed, int i, bool wide = false) {
    return Gen(base_seed * 100003u + uint32_t(i), wide).make("f_" + std::to_string(i));
}

// A fallback to the FX interpreter other than the known one.
bool unexpected_fallback(const std::string& err) {
    std::istringstream lines(err);
    for (std::string l; std::getline(lines, l);)
        if (l.find("FX graph interpreter") != std::string::npos && l.find("is used after it was freed") == std::string::npos)
            return true;
    return false;
}

// Runs graphs [first, first + n) of seed `base_seed`; returns the number checked. `prelude` goes in
// front of each program (the native test turns the output_code log on with it).
int run_graphs(uint32_t base_seed, int first, int n, int& known_fallbacks, bool wide = false,
               std::string* err_out = nullptr, const std::string& prelude = "") {
    int checked = 0;
    for (int b = first; b < first + n; b += kBatch) {
        std::vector<std::pair<int, Graph>> gs;
        for (int i = b; i < std::min(first + n, b + kBatch); ++i) gs.push_back({i, graph_for(base_seed, i, wide)});
        std::string src = prelude + program_for(gs);
        kiln::testing::ProgramRun r = kiln::testing::run_program(src);
        if (err_out) *err_out += r.err;
        // Known, still open: a few plans fail kernel::verify ("buf0 is used after it was freed", all
        // of them graphs of size-1 dims) and run on the FX interpreter: right numbers, counted here.
        for (size_t p = r.err.find("is used after it was freed"); p != std::string::npos;
             p = r.err.find("is used after it was freed", p + 1))
            ++known_fallbacks;
        if (!r.result.ok || r.out.find("MISMATCH") != std::string::npos ||
            unexpected_fallback(r.err)) {
            // Find the culprit(s): rerun each graph alone, print its source and plan.
            int shown = 0;
            for (const auto& one : gs) {
                kiln::vm::bind::last_report().reset();
                kiln::testing::ProgramRun r1 = kiln::testing::run_program(prelude + program_for({one}));
                bool bad = !r1.result.ok || r1.out.find("MISMATCH") != std::string::npos || unexpected_fallback(r1.err);
                if (!bad) continue;
                auto rep = kiln::vm::bind::last_report();
                std::string plan = rep && rep->plan ? kiln::kernel::str(*rep->plan) : std::string("(no plan)");
                if (rep) plan = "aten graph:\n" + rep->aten_graph + "post-grad graph:\n" + rep->post_grad_graph + plan;
                INFO("graph " << one.first << " (seed " << base_seed << "):\n"
                              << one.second.fn << "inputs: " << one.second.inputs << "\n"
                              << "stdout:\n" << r1.out << "stderr:\n" << r1.err << "error: " << r1.result.error_type
                              << ": " << r1.result.error_message << "\nplan:\n" << plan);
                CHECK(false);
                if (++shown >= 5) break;
            }
            INFO("batch at " << b << " failed as a whole:\n" << r.out << r.err << r.result.error_message);
            CHECK(shown > 0);  // a batch failure that no single graph reproduces is a failure too
        }
        // every function of the batch ran (a program that stopped early checked nothing after)
        CHECK(r.out.find("CHECKED " + std::to_string(gs.size()) + "\n") != std::string::npos);
        checked += int(gs.size());
    }
    return checked;
}

}  // namespace

TEST_CASE("inductor random graphs: compiled == eager for 2000 generated programs", "[inductor][random]") {
    setenv("KILN_CPP_JIT", "0", 1);
    uint32_t seed = 1;
    if (const char* s = std::getenv("KILN_RANDOM_GRAPH_SEED")) seed = uint32_t(std::strtoul(s, nullptr, 10));
    int n = 2000;
    if (const char* s = std::getenv("KILN_RANDOM_GRAPHS")) n = std::atoi(s);
    auto t0 = std::chrono::steady_clock::now();
    int known = 0;
    int checked = run_graphs(seed, 0, n, known);
    double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    WARN("random graphs: " << checked << " graphs, seed " << seed << ", " << secs << " s, " << known
                           << " known fallbacks (plan: used after it was freed)");
    CHECK(checked == n);
    CHECK(known * 100 <= n);  // the known issue stays rare
}

TEST_CASE("inductor random graphs: natively compiled C++ == eager for 60 wide float32 programs", "[inductor][random][jit]") {
    if (!kiln::backends::cpu_jit_available()) {
        WARN("no C++ compiler: native code not tested");
        return;
    }
    // Every graph's C++ is compiled by the system compiler before its first call (KILN_CPP_JIT=wait),
    // so both comparisons of each graph run native code; the output_code log shows which kernels
    // codegen/cpp split into stages.
    setenv("KILN_CPP_JIT", "wait", 1);
    int known = 0;
    std::string err;
    int checked = run_graphs(11, 0, 60, known, true, &err, "torch._logging.set_logs(output_code=True)\n");
    setenv("KILN_CPP_JIT", "0", 1);
    CHECK(checked == 60);
    CHECK(err.find("Output code written to: /") != std::string::npos);
    size_t fissioned = 0;
    for (size_t p = err.find("// loop fission:"); p != std::string::npos; p = err.find("// loop fission:", p + 1)) ++fissioned;
    INFO("kernels split into stages: " << fissioned);
    CHECK(fissioned >= 5);  // the generator reaches the staged form often enough to test it
}

// The browser's kernels (codegen/wasm) of wide float32 graphs, run in node against the kernel
// interpreter on the same buffers: pointwise chains of transcendentals over long rows, which the
// generator splits into stages (loop fission) with values staged in outputs, row reductions, and
// kernels over transposed or sliced views whose loads gather their lanes.
TEST_CASE("inductor random graphs: generated WebAssembly kernels == the interpreter in node for 100 wide programs",
          "[inductor][random][wasm_codegen]") {
    if (!kiln::testing::have_node()) {
        WARN("node not found: generated WebAssembly is not run");
        return;
    }
    setenv("KILN_CPP_JIT", "0", 1);
    int n = 100;  // KILN_RANDOM_WASM_GRAPHS: fewer under the sanitizers (tests/CMakeLists.txt)
    if (const char* s = std::getenv("KILN_RANDOM_WASM_GRAPHS")) n = std::atoi(s);
    int generated = 0, fissioned = 0, declined = 0, gathered = 0;
    for (int i = 0; i < n; ++i) {
        const Graph g = graph_for(11, i, true);
        const std::string name = "f_" + std::to_string(i);
        kiln::vm::bind::last_report().reset();
        kiln::testing::ProgramRun r = kiln::testing::run_program(
            g.fn + "with torch.no_grad():\n    torch.compile(" + name + ", options={'cpp_jit': False})(*" + g.inputs + ")\n");
        INFO("graph " << i << ":\n" << g.fn << "inputs: " << g.inputs << "\n" << r.err << r.result.error_message);
        REQUIRE(r.result.ok);
        auto rep = kiln::vm::bind::last_report();
        if (!rep || !rep->plan) continue;
        const kiln::kernel::Plan& p = *rep->plan;
        for (size_t ki = 0; ki < p.kernels.size(); ++ki) {
            if (!kiln::codegen::wasm_ineligible_reason(p, int(ki)).empty()) {
                ++declined;
                continue;
            }
            ++generated;
            for (const kiln::codegen::WasmFeatures& features : kiln::testing::feature_sets()) {
                auto m = kiln::codegen::generate_wasm(p, int(ki), nullptr, features);
                REQUIRE(m);
                fissioned += !features.relaxed_simd && m->text.find(";; loop fission:") != std::string::npos;
                gathered += !features.relaxed_simd && m->text.find("v128.load32_lane") != std::string::npos;
                auto data = kiln::testing::random_buffers(p, uint32_t(31 + ki), 2.0f);
                const auto expect = kiln::testing::run_interp(p, data, int(ki));
                std::string log;
                REQUIRE(kiln::testing::run_in_node(*m, p, int(ki), data, 4, &log, features));
                INFO(kiln::kernel::str(p) << log << "kernel " << p.kernels[ki].name << (features.relaxed_simd ? ", relaxed SIMD" : ""));
                int bad = 0;
                for (size_t b = 0; b < data.size(); ++b)
                    for (size_t e = 0; e < data[b].size(); ++e) bad += !kiln::testing::close(data[b][e], expect[b][e], 2e-5, 1e-5);
                CHECK(bad == 0);
            }
        }
    }
    // Enough kernels of each kind that the comparison is not vacuous.
    INFO(generated << " generated (" << fissioned << " split into stages, " << gathered << " gathering strided loads), " << declined
                   << " declined");
    CHECK(generated >= 3 * n / 10);
    CHECK(fissioned >= n / 20);
    CHECK(gathered >= n / 20);  // transposed and sliced views: loads gathered lane by lane
}

TEST_CASE("inductor random graphs: the generator writes varied, valid programs", "[inductor][random]") {
    // The generator itself: deterministic per seed, and its programs run eagerly without error
    // (a generator producing invalid programs would make the comparison test vacuous).
    CHECK(graph_for(7, 3).fn == graph_for(7, 3).fn);
    CHECK(graph_for(7, 3).fn != graph_for(7, 4).fn);
    std::ostringstream src;
    int ops_seen = 0;
    for (int i = 0; i < 50; ++i) {
        Graph g = graph_for(7, i);
        for (const char* op : {"softmax", ".sum(", "expand", "torch.where", "reshape", "transpose", "torch.cat", "torch.stack"})
            ops_seen += g.fn.find(op) != std::string::npos;
        src << g.fn << "r = f_" << i << "(*" << g.inputs << ")\n";
    }
    CHECK(ops_seen >= 20);
    kiln::testing::ProgramRun r = kiln::testing::run_program(src.str());
    INFO(src.str());
    INFO(r.result.error_type << ": " << r.result.error_message);
    CHECK(r.result.ok);
}
