// Combo kernels (see schedule.h): several independent pointwise kernels of a CUDA plan launched as
// one, each over its own range of the grid's blocks (Inductor's combo kernels, which its foreach
// lowering makes for an optimizer's per-parameter updates).
//
// Why: a compiled AdamW step updates each parameter with one small elementwise kernel, 72 of them
// for a 6-block transformer, most over a few hundred elements. Each is a launch the host pays
// several microseconds for while the GPU has almost nothing to do, so the step is bound by the
// host. PyTorch's compiled step runs the same updates as four kernels. Here any run of independent
// pointwise kernels in a CUDA plan becomes one launch, before memory planning (which then sees
// the combo as one step, and lets a part work in place only of a buffer no other part reads):
//   - a combo starts at a pointwise kernel step (no GEMM) and takes later pointwise kernels that
//     depend on nothing between: a kernel joins unless it reads a buffer that a member, or a kernel
//     it would move above, writes, or writes a buffer one of them reads or writes. An optimizer
//     step comes as (bias corrections, update) per parameter group: the updates move up past the
//     other groups' corrections, and those corrections make a combo of their own;
//   - the look-ahead stops at an extern or fallback step (those keep their place) and after
//     kWindow steps;
//   - the combo launches where its first member did; every other step keeps its order.
// Limits: kMaxParts kernels and kMaxArgs pointer arguments a combo (4000 bytes of launch
// parameters: under the 4 KiB every CUDA GPU takes).
#include "passes/schedule.h"

#include <set>
#include <string>
#include <vector>

#include "kernel/ir.h"
#include "support/error.h"

namespace kiln::passes {

using kernel::Kernel;
using kernel::Plan;
using kernel::Step;
using kernel::StepKind;

namespace {

constexpr size_t kMaxParts = 32;
constexpr size_t kMaxArgs = 500;
constexpr size_t kWindow = 512;  // steps looked ahead from a run's first kernel

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
    for (const Step& s : p.steps)
        KILN_CHECK(!between_launches(s), RuntimeError, "internal error: combo kernels are formed before memory planning");
    const std::vector<Step>& steps = p.steps;
    std::vector<Step> out;
    std::vector<Kernel> combos;
    std::vector<bool> merged(p.kernels.size(), false);
    std::vector<bool> taken(steps.size(), false);  // moved up into an earlier combo
    for (size_t i = 0; i < steps.size(); ++i) {
        if (taken[i]) continue;
        if (!combinable(p, steps[i])) {
            out.push_back(steps[i]);
            continue;
        }
        std::vector<size_t> members;
        std::set<int> reads, writes, passed_reads, passed_writes;  // of the members; of the kernels passed over
        size_t args = 0;
        auto join = [&](size_t si) {
            members.push_back(si);
            for (int b : kernel::reads_of(p, steps[si])) reads.insert(b);
            for (int b : kernel::writes_of(p, steps[si])) writes.insert(b);
            args += kernel::arg_buffers(p.kernels[size_t(steps[si].kernel)]).size();
        };
        join(i);
        for (size_t j = i + 1; j < steps.size() && j < i + kWindow; ++j) {
            if (taken[j]) continue;
            const Step& s = steps[j];
            if (s.kind != StepKind::Kernel) break;  // extern and fallback steps keep their place in the order
            const std::vector<int> r = kernel::reads_of(p, s), w = kernel::writes_of(p, s);
            bool ok = combinable(p, s) && members.size() < kMaxParts &&
                      args + kernel::arg_buffers(p.kernels[size_t(s.kernel)]).size() <= kMaxArgs;
            for (int b : r) ok = ok && !writes.count(b) && !passed_writes.count(b);
            for (int b : w) ok = ok && !writes.count(b) && !reads.count(b) && !passed_writes.count(b) && !passed_reads.count(b);
            if (ok) {
                join(j);
            } else {
                passed_reads.insert(r.begin(), r.end());
                passed_writes.insert(w.begin(), w.end());
            }
        }
        if (members.size() < 2) {
            out.push_back(steps[i]);
            continue;
        }
        for (size_t m : members) {
            merged[size_t(steps[m].kernel)] = true;
            taken[m] = true;
        }
        combos.push_back(combine(p, members, int(combos.size())));
        Step cs;
        cs.kind = StepKind::Kernel;
        cs.kernel = -1 - int(combos.size() - 1);  // a combo, numbered once the kernel list is rebuilt
        cs.comment = "# combo of " + std::to_string(members.size()) + " kernels";
        out.push_back(cs);
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
