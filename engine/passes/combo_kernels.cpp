// Combo kernels (see schedule.h): several independent pointwise kernels of a CUDA plan launched as
// one, each over its own range of the grid's blocks (Inductor's combo kernels, which its foreach
// lowering makes for an optimizer's per-parameter updates).
//
// Why: a compiled AdamW step updates each parameter with one small elementwise kernel, 72 of them
// for a 6-block transformer, most over a few hundred elements. Each is a launch the host pays
// several microseconds for while the GPU has almost nothing to do, so the step is bound by the
// host. PyTorch's compiled step runs the same updates as four kernels. Here any run of independent
// pointwise kernels in a CUDA plan becomes one launch, after memory planning, on the steps as they
// stand:
//   - a run is consecutive Kernel steps (pointwise, no GEMM) with only Alloc, Reuse and Free steps
//     between them; anything else (an extern, a fallback, a reduction) ends it;
//   - a kernel joins unless it reads memory an earlier member writes, or writes memory an earlier
//     member reads or writes. Memory, not buffers: plan_memory's Reuse steps make buffers share
//     storage (an in-place update writes its input's memory), so each buffer is followed to the
//     storage it ends up in, for the whole plan (conservative: two buffers that share storage at
//     different times also count as one);
//   - the combo launches where its last member did. The Allocs and Reuses between members move in
//     front of it, the Frees behind it. A Reuse hands its old buffer's storage over (the old
//     buffer is emptied), so one whose old buffer an earlier member uses ends the run.
// Limits: kMaxParts kernels and kMaxArgs pointer arguments a combo (4000 bytes of launch
// parameters: under the 4 KiB every CUDA GPU takes).
#include "passes/schedule.h"

#include <set>
#include <string>
#include <vector>

#include "kernel/ir.h"

namespace kiln::passes {

using kernel::Kernel;
using kernel::Plan;
using kernel::Step;
using kernel::StepKind;

namespace {

constexpr size_t kMaxParts = 32;
constexpr size_t kMaxArgs = 500;

bool combinable(const Plan& p, const Step& s) {
    if (s.kind != StepKind::Kernel) return false;
    const Kernel& k = p.kernels[size_t(s.kernel)];
    return k.parts.empty() && !k.gemm && k.kind == kernel::KernelKind::Pointwise && k.nr == 0;
}

bool between_launches(const Step& s) {
    return s.kind == StepKind::Alloc || s.kind == StepKind::Reuse || s.kind == StepKind::Free;
}

// The combo of the kernels of steps `members`: their arguments together, each once.
Kernel combine(const Plan& p, const std::vector<size_t>& members, int number) {
    Kernel c;
    c.name = "cpp_for_fused_" + std::to_string(number);
    c.kind = kernel::KernelKind::Pointwise;
    std::set<int> in, out, io;
    for (size_t m : members) {
        const Kernel& k = p.kernels[size_t(p.steps[m].kernel)];
        c.parts.push_back(k);
        auto add = [](std::vector<int>& to, std::set<int>& seen, const std::vector<int>& from) {
            for (int b : from)
                if (seen.insert(b).second) to.push_back(b);
        };
        add(c.inputs, in, k.inputs);
        add(c.outputs, out, k.outputs);
        add(c.in_out, io, k.in_out);
        c.origins.insert(c.origins.end(), k.origins.begin(), k.origins.end());
        c.origin_ops.insert(c.origin_ops.end(), k.origin_ops.begin(), k.origin_ops.end());
    }
    return c;
}

}  // namespace

int form_combo_kernels(Plan& p) {
    if (p.device == Device::CPU) return 0;
    // The storage each buffer ends up in: Reuse chains followed to their first buffer.
    std::vector<int> root(p.buffers.size());
    for (size_t b = 0; b < root.size(); ++b) root[b] = int(b);
    for (const Step& s : p.steps)
        if (s.kind == StepKind::Reuse) root[size_t(s.buffer)] = root[size_t(s.from)];

    const std::vector<Step>& steps = p.steps;
    std::vector<Step> out;
    std::vector<Kernel> combos;
    std::vector<bool> merged(p.kernels.size(), false);
    size_t i = 0;
    while (i < steps.size()) {
        if (!combinable(p, steps[i])) {
            out.push_back(steps[i++]);
            continue;
        }
        std::vector<size_t> members;
        std::set<int> reads, writes, args_used;  // storage roots; buffers the members take
        size_t args = 0;
        auto join = [&](size_t si) {
            members.push_back(si);
            for (int b : kernel::reads_of(p, steps[si])) reads.insert(root[size_t(b)]);
            for (int b : kernel::writes_of(p, steps[si])) writes.insert(root[size_t(b)]);
            const std::vector<int> a = kernel::arg_buffers(p.kernels[size_t(steps[si].kernel)]);
            args += a.size();
            args_used.insert(a.begin(), a.end());
        };
        join(i);
        for (size_t j = i + 1; j < steps.size(); ++j) {
            const Step& s = steps[j];
            if (s.kind == StepKind::Reuse && args_used.count(s.from)) break;
            if (between_launches(s)) continue;
            if (!combinable(p, s) || members.size() >= kMaxParts) break;
            if (args + kernel::arg_buffers(p.kernels[size_t(s.kernel)]).size() > kMaxArgs) break;
            bool clash = false;
            for (int b : kernel::reads_of(p, s)) clash = clash || writes.count(root[size_t(b)]) > 0;
            for (int b : kernel::writes_of(p, s))
                clash = clash || writes.count(root[size_t(b)]) > 0 || reads.count(root[size_t(b)]) > 0;
            if (clash) break;
            join(j);
        }
        if (members.size() < 2) {
            out.push_back(steps[i++]);
            continue;
        }
        const size_t last = members.back();
        std::vector<Step> frees;
        for (size_t t = i; t <= last; ++t) {
            if (steps[t].kind == StepKind::Alloc || steps[t].kind == StepKind::Reuse) out.push_back(steps[t]);
            else if (steps[t].kind == StepKind::Free) frees.push_back(steps[t]);
        }
        for (size_t m : members) merged[size_t(steps[m].kernel)] = true;
        combos.push_back(combine(p, members, int(combos.size())));
        Step cs;
        cs.kind = StepKind::Kernel;
        cs.kernel = -1 - int(combos.size() - 1);  // a combo, numbered once the kernel list is rebuilt
        cs.comment = "# combo of " + std::to_string(members.size()) + " kernels";
        out.push_back(cs);
        out.insert(out.end(), frees.begin(), frees.end());
        i = last + 1;
    }
    if (combos.empty()) return 0;

    // The kernel list without the merged kernels, the combos after them; steps renumbered.
    std::vector<int> renumber(p.kernels.size(), -1);
    std::vector<Kernel> kernels;
    for (size_t k = 0; k < p.kernels.size(); ++k)
        if (!merged[k]) {
            renumber[k] = int(kernels.size());
            kernels.push_back(std::move(p.kernels[k]));
        }
    const int first_combo = int(kernels.size());
    for (Kernel& c : combos) kernels.push_back(std::move(c));
    for (Step& s : out)
        if (s.kind == StepKind::Kernel) s.kernel = s.kernel < 0 ? first_combo + (-1 - s.kernel) : renumber[size_t(s.kernel)];
    p.kernels = std::move(kernels);
    p.steps = std::move(out);
    return int(combos.size());
}

}  // namespace kiln::passes
