// Autotuning the interpreter's configs of a Plan's kernels (see autotune.h).
#include "backends/autotune.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <set>
#include <tuple>

#include "support/error.h"

namespace kiln::backends {

namespace autotune_text {

std::string fmt(const char* f, double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, f, v);
    return buf;
}

bool contains(const std::vector<int>& v, int x) { return std::find(v.begin(), v.end(), x) != v.end(); }

}  // namespace autotune_text

namespace {

using Clock = std::chrono::steady_clock;

double ms_between(Clock::time_point a, Clock::time_point b) { return std::chrono::duration<double, std::milli>(b - a).count(); }

using autotune_text::fmt;

std::string tile_str(int bytes) {
    return bytes % 1024 == 0 ? std::to_string(bytes / 1024) + "KiB" : std::to_string(bytes) + "B";
}

using autotune_text::contains;

// The buffers kernel k writes, and whether re-running it changes what it reads: it works in place,
// or a written buffer's memory overlaps a read buffer's (a reused storage).
struct Writes {
    std::vector<int> buffers;
    bool restore = false;
};

Writes writes_of(const kernel::Kernel& k, const kernel::Plan& p, void* const* data) {
    Writes w;
    for (int b : k.outputs) w.buffers.push_back(b);
    for (int b : k.in_out)
        if (!contains(w.buffers, b)) w.buffers.push_back(b);
    w.restore = !k.in_out.empty();
    for (int o : w.buffers) {
        const char* o0 = static_cast<const char*>(data[o]);
        const char* o1 = o0 + p.buffers[size_t(o)].nbytes();
        for (int i : k.inputs) {
            if (i == o || !data[i]) continue;
            const char* i0 = static_cast<const char*>(data[i]);
            const char* i1 = i0 + p.buffers[size_t(i)].nbytes();
            if (o0 < i1 && i0 < o1) w.restore = true;
        }
    }
    return w;
}

struct Candidate {
    InterpConfig cfg;
    std::shared_ptr<const InterpKernel> prog;
    double ms = 0;
};

}  // namespace

std::string autotune_title(const kernel::Kernel& k) {
    Shape xs(k.sizes.begin(), k.sizes.begin() + k.nx), rs(k.sizes.begin() + k.nx, k.sizes.end());
    std::string s = k.name + "(x=" + shape_str(xs);
    if (k.nr > 0) s += ", r=" + shape_str(rs);
    return s + ", " + dtype_short_name(k.compute) + ")";
}

std::string AutotuneResult::table() const {
    const std::string engine = native ? " [kernel interpreter; the natively compiled kernels take no tile size and are not tuned]"
                                      : " [kernel interpreter]";
    std::string s;
    for (const KernelTuning& t : kernels) {
        if (t.choices.empty()) {
            if (t.over_budget) s += "AUTOTUNE " + t.title + engine + " not tuned: " + t.skipped + "\n";
            continue;
        }
        s += "AUTOTUNE " + t.title + engine + "\n";
        const double best = t.choices.front().ms;
        for (const AutotuneChoice& c : t.choices) {
            s += "  tile=" + tile_str(c.config.tile_bytes) + " threads=" + std::to_string(c.config.threads) + " " +
                 fmt("%.4f", c.ms) + " ms " + fmt("%.1f", c.ms > 0 ? 100.0 * best / c.ms : 100.0) + "%\n";
        }
        s += "SingleProcess AUTOTUNE benchmarking takes " + fmt("%.4f", t.seconds) + " seconds for " +
             std::to_string(t.choices.size()) + " choices\n";
    }
    return s;
}

AutotuneResult autotune(PlanRunner& runner, const std::vector<Tensor>& inputs, const AutotuneOptions& opt) {
    const kernel::Plan& p = runner.plan();
    AutotuneResult res;
    res.native = runner.native_attached();
    res.configs.assign(p.kernels.size(), InterpConfig{});
    res.kernels.resize(p.kernels.size());
    for (size_t k = 0; k < p.kernels.size(); ++k) {
        res.kernels[k].kernel = int(k);
        res.kernels[k].title = autotune_title(p.kernels[k]);
        res.kernels[k].skipped = "not run";
    }
    const int all = interp_max_threads();
    std::vector<int> thread_set = opt.threads;
    if (thread_set.empty()) thread_set = {1, std::max(1, all / 2), all};
    const double budget_ms = opt.budget_s * 1000.0;
    double spent_ms = 0;

    auto hook = [&](int ki, void* const* data) {
        const kernel::Kernel& k = p.kernels[size_t(ki)];
        KernelTuning& kt = res.kernels[size_t(ki)];
        if (spent_ms >= budget_ms) {
            kt.skipped = "the budget of " + fmt("%g", opt.budget_s) + " s is spent";
            kt.over_budget = true;
            return;
        }
        const Clock::time_point start = Clock::now();
        // Snapshot of what the kernel writes, when re-running it would change its inputs.
        const Writes w = writes_of(k, p, data);
        std::vector<std::vector<char>> saved;
        if (w.restore)
            for (int b : w.buffers) {
                const char* d = static_cast<const char*>(data[b]);
                saved.emplace_back(d, d + p.buffers[size_t(b)].nbytes());
            }
        auto restore = [&]() {
            for (size_t i = 0; i < saved.size(); ++i) std::memcpy(data[w.buffers[i]], saved[i].data(), saved[i].size());
        };
        auto time_run = [&](const InterpKernel& prog) {
            restore();
            const Clock::time_point t0 = Clock::now();
            prog.run(data);
            return ms_between(t0, Clock::now());
        };
        auto finish = [&]() {
            restore();
            kt.seconds = ms_between(start, Clock::now()) / 1000.0;
            spent_ms += kt.seconds * 1000.0;
        };

        // The default config: a warm-up, then the faster of two timed runs (one run can be slowed
        // by a busy machine) decides whether the kernel is worth tuning and how many runs fit.
        auto def = prepare(k, p, InterpConfig{});
        time_run(*def);
        kt.default_ms = time_run(*def);
        kt.default_ms = std::min(kt.default_ms, time_run(*def));
        if (kt.default_ms < opt.min_kernel_ms) {
            kt.skipped = "under " + fmt("%g", opt.min_kernel_ms * 1000.0) + " us";
            finish();
            return;
        }

        // Candidates, one per distinct (x points per block, chunk size, threads that really run).
        const int64_t X = k.x_numel(), R = k.r_numel();
        std::vector<Candidate> cands;
        std::set<std::tuple<int64_t, int64_t, int>> seen;
        for (int tb : opt.tile_bytes)
            for (int th : thread_set) {
                Candidate c;
                c.cfg = {tb, th};
                c.prog = prepare(k, p, c.cfg);
                const int64_t rows = c.prog->rows_per_tile();
                const int64_t blocks = X > 0 ? (X + rows - 1) / rows : 0;
                const int64_t chunk = R > c.prog->tile() ? c.prog->tile() : 0;
                const int eff = blocks > 1 ? std::min(th, all) : 1;
                if (!seen.insert({rows, chunk, eff}).second) continue;
                cands.push_back(std::move(c));
            }

        // Fit the runs into what is left of the budget: one warm-up and `reps` timed runs each.
        const double left = budget_ms - spent_ms - ms_between(start, Clock::now());
        const double per_run = std::max(kt.default_ms, 1e-3);
        int reps = opt.reps;
        while (reps > 1 && double(cands.size()) * (reps + 1) * per_run > left) --reps;
        if (double(cands.size()) * (reps + 1) * per_run > left) {
            kt.skipped = std::to_string(cands.size()) + " choices of " + fmt("%.4f", kt.default_ms) +
                         " ms would take more than the " + fmt("%.4f", std::max(left, 0.0) / 1000.0) +
                         " s left of the budget of " + fmt("%g", opt.budget_s) + " s";
            kt.over_budget = true;
            finish();
            return;
        }
        for (Candidate& c : cands) {
            time_run(*c.prog);
            std::vector<double> t;
            for (int r = 0; r < reps; ++r) t.push_back(time_run(*c.prog));
            std::sort(t.begin(), t.end());
            c.ms = t[t.size() / 2];
        }
        std::stable_sort(cands.begin(), cands.end(), [](const Candidate& a, const Candidate& b) { return a.ms < b.ms; });
        for (const Candidate& c : cands) kt.choices.push_back({c.cfg, c.ms});
        kt.skipped.clear();
        res.configs[size_t(ki)] = cands.front().cfg;
        finish();
    };

    const Clock::time_point t0 = Clock::now();
    res.outputs = runner.run_interpreter(inputs, hook);
    res.seconds = ms_between(t0, Clock::now()) / 1000.0;
    runner.set_configs(res.configs);
    return res;
}

}  // namespace kiln::backends
