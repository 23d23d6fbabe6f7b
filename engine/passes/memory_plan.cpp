// Memory planning (see schedule.h): where buffers are allocated, freed and reused.
//
// Inductor's wrapper allocates a buffer right before the kernel that first writes it, `del`s it
// after the last kernel that reads it, and hands a dead buffer of the same size and dtype to the
// next allocation (`buf3 = buf0; del buf0  # reuse`); when the kernel that reads a buffer for the
// last time writes an output of the same layout elementwise, the output simply takes the input's
// memory and the kernel works in place (in_out_ptr0). Graph outputs are never freed or reused,
// and neither is memory another tensor may alias (the results of fallback ops can be views).
//
// The peak estimates count intermediate results only (inputs belong to the caller): eager as the
// unfused graph would run it (every non-view op's result alive from its node to its last reader),
// compiled as the plan runs.
#include <algorithm>
#include <map>
#include <set>
#include <unordered_map>

#include "graph/ir.h"
#include "passes/schedule.h"

namespace kiln::passes {

using kernel::BufferKind;
using kernel::Code;
using kernel::Plan;
using kernel::Step;
using kernel::StepKind;

namespace {

using kernel::reads_of;
using kernel::writes_of;

bool same_layout(const kernel::Buffer& a, const kernel::Buffer& b) {
    return a.dtype == b.dtype && a.sizes == b.sizes && a.strides == b.strides;
}

// Does kernel `k` read buffer `from` only at exactly the places it writes `to`? Then `to` may live
// in `from`'s memory (each element is read before it is overwritten, by the same iteration).
bool elementwise_in_place(const kernel::Kernel& k, int from, int to) {
    const kernel::Index* w = nullptr;
    for (const auto& s : k.stmts)
        if (s.code == Code::Store && s.buffer == to) {
            if (w) return false;  // written twice (several phases): keep it simple
            w = &s.index;
        }
    if (!w) return false;
    // A matrix product computed in the kernel (Kernel::gemm) reads whole rows and columns of its
    // operands, across iterations: never in place of one.
    if (k.gemm && (from == k.gemm->a || from == k.gemm->b || from == k.gemm->bias)) return false;
    // Pointwise kernels only: in a reduction a later phase may reread the input after the store.
    if (k.kind != kernel::KernelKind::Pointwise) return false;
    for (const auto& s : k.stmts)
        if (s.code == Code::Load && s.buffer == from && (s.index.offset != w->offset || s.index.strides != w->strides))
            return false;
    // Every read of `from` must come before the store of `to` in execution order: a multi-output
    // kernel may store `to` first and load `from` later in the same iteration (or tile), which
    // would then read the value just written (found by the random-graph test: `mul` stored in
    // place of buf0 before the `where` that read buf0).
    bool stored = false;
    for (const auto& ph : k.phases)
        for (int id : ph.stmts) {
            const auto& s = k.stmts[size_t(id)];
            if (s.code == Code::Store && s.buffer == to) stored = true;
            if (s.code == Code::Load && s.buffer == from && stored) return false;
        }
    return true;
}

}  // namespace

void plan_memory(Plan& p) {
    const size_t nb = p.buffers.size();
    // Memory that must not be handed to another buffer: what fallbacks return (possibly views of
    // their inputs) and, through them, their inputs.
    std::vector<bool> pinned(nb, false);
    std::vector<int> last_use(nb, -1);
    // aliases: a fallback output may view its inputs, so its inputs live as long as it does.
    std::vector<std::vector<int>> alias_of(nb);
    for (size_t si = 0; si < p.steps.size(); ++si) {
        const Step& s = p.steps[si];
        for (int b : reads_of(p, s)) last_use[size_t(b)] = int(si);
        if (s.kind == StepKind::Fallback)
            for (int o : s.output_buffers) {
                pinned[size_t(o)] = true;
                for (int b : s.read_buffers()) alias_of[size_t(o)].push_back(b);
            }
    }
    for (size_t b = nb; b-- > 0;)
        for (int a : alias_of[b]) {
            last_use[size_t(a)] = std::max(last_use[size_t(a)], last_use[b]);
            if (p.buffers[b].is_output) p.buffers[size_t(a)].is_output = true;  // kept alive with the output
        }

    std::vector<Step> out;
    // Dead buffers whose memory a later allocation may take. A buffer's `del` is emitted when it
    // dies and dropped again if a Reuse takes its memory (`buf3 = buf0; del buf0  # reuse` hands
    // the storage over; freeing it first would leave nothing to hand over).
    std::vector<int> free_pool;
    std::vector<size_t> free_step(nb, 0);
    std::vector<bool> dropped;
    for (size_t si = 0; si < p.steps.size(); ++si) {
        Step s = p.steps[si];
        if (s.kind == StepKind::Kernel) {
            kernel::Kernel& k = p.kernels[size_t(s.kernel)];
            // A combo kernel's parts run side by side: a part works in place only of a buffer no
            // other part reads.
            std::vector<kernel::Kernel*> units;
            if (k.parts.empty()) units.push_back(&k);
            for (kernel::Kernel& part : k.parts) units.push_back(&part);
            auto parts_reading = [&](int r) {
                int n = 0;
                for (const kernel::Kernel& part : k.parts)
                    n += std::count(part.inputs.begin(), part.inputs.end(), r) + std::count(part.in_out.begin(), part.in_out.end(), r) > 0;
                return n;
            };
            for (kernel::Kernel* u : units)
            for (int w : std::vector<int>(u->outputs)) {
                if (p.buffers[size_t(w)].kind != BufferKind::Intermediate) continue;
                // In place: an input read here for the last time, same layout, elementwise; or the
                // graph input this output updates (the caller's tensor, as Inductor's mutated
                // inputs: the kernel stores the new parameter over the old one).
                int inplace = -1;
                const int updates = p.buffers[size_t(w)].updates_input;
                for (int r : u->inputs) {
                    const auto& rb = p.buffers[size_t(r)];
                    const bool intermediate = rb.kind == BufferKind::Intermediate && !rb.is_output;
                    const bool updated_input = rb.kind == BufferKind::Input && r == updates;
                    if ((intermediate || updated_input) && !pinned[size_t(r)] &&
                        last_use[size_t(r)] == int(si) && same_layout(rb, p.buffers[size_t(w)]) &&
                        elementwise_in_place(*u, r, w) && (u == &k || parts_reading(r) == 1)) {
                        inplace = r;
                        break;
                    }
                }
                if (inplace >= 0) {
                    Step re;
                    re.kind = StepKind::Reuse;
                    re.buffer = w;
                    re.from = inplace;
                    re.comment = "reuse";
                    out.push_back(re);
                    dropped.push_back(false);
                    for (auto& st : u->stmts)
                        if (st.code == Code::Load && st.buffer == inplace) st.buffer = w;
                    auto to_in_out = [&](kernel::Kernel& x) {
                        x.inputs.erase(std::find(x.inputs.begin(), x.inputs.end(), inplace));
                        x.outputs.erase(std::find(x.outputs.begin(), x.outputs.end(), w));
                        x.in_out.push_back(w);
                    };
                    to_in_out(*u);
                    if (u != &k) to_in_out(k);  // the combo's arguments are its parts'
                    last_use[size_t(inplace)] = -2;  // its memory now belongs to w
                    continue;
                }
                // Reuse a dead buffer of the same layout, else allocate.
                auto it = std::find_if(free_pool.begin(), free_pool.end(),
                                       [&](int f) { return same_layout(p.buffers[size_t(f)], p.buffers[size_t(w)]); });
                Step a;
                a.buffer = w;
                if (it != free_pool.end()) {
                    a.kind = StepKind::Reuse;
                    a.from = *it;
                    a.comment = "reuse";
                    dropped[free_step[size_t(*it)]] = true;
                    free_pool.erase(it);
                } else {
                    a.kind = StepKind::Alloc;
                }
                out.push_back(a);
                dropped.push_back(false);
            }
        }
        out.push_back(s);
        dropped.push_back(false);
        // Frees after the last read.
        std::set<int> touched;
        for (int b : reads_of(p, s)) touched.insert(b);
        for (int b : writes_of(p, s)) touched.insert(b);
        for (int b : touched) {
            const auto& buf = p.buffers[size_t(b)];
            if (buf.kind != BufferKind::Intermediate || buf.is_output || last_use[size_t(b)] != int(si)) continue;
            Step f;
            f.kind = StepKind::Free;
            f.buffer = b;
            free_step[size_t(b)] = out.size();
            out.push_back(f);
            dropped.push_back(false);
            if (!pinned[size_t(b)]) free_pool.push_back(b);
        }
        // A written buffer nobody reads (and not an output) is dead at once.
        for (int b : writes_of(p, s)) {
            const auto& buf = p.buffers[size_t(b)];
            if (buf.kind == BufferKind::Intermediate && !buf.is_output && last_use[size_t(b)] == -1) {
                Step f;
                f.kind = StepKind::Free;
                f.buffer = b;
                out.push_back(f);
                dropped.push_back(false);
            }
        }
    }
    p.steps.clear();
    for (size_t i = 0; i < out.size(); ++i)
        if (!dropped[i]) p.steps.push_back(std::move(out[i]));

    // Peak: the bytes of live intermediate buffers, step by step (a Reuse hands memory over).
    std::vector<bool> live_buf(nb, false);
    int64_t live = 0, peak = 0;
    auto grow = [&](int b) {
        if (!live_buf[size_t(b)]) live += p.buffers[size_t(b)].nbytes();
        live_buf[size_t(b)] = true;
        peak = std::max(peak, live);
    };
    for (const Step& s : p.steps) {
        switch (s.kind) {
            case StepKind::Alloc: grow(s.buffer); break;
            case StepKind::Reuse:
                if (live_buf[size_t(s.from)]) {
                    live -= p.buffers[size_t(s.from)].nbytes();
                    live_buf[size_t(s.from)] = false;
                }
                grow(s.buffer);
                break;
            case StepKind::Extern:
            case StepKind::Fallback:
                for (int b : s.output_buffers) grow(b);
                break;
            case StepKind::Free:
                if (live_buf[size_t(s.buffer)]) live -= p.buffers[size_t(s.buffer)].nbytes();
                live_buf[size_t(s.buffer)] = false;
                break;
            case StepKind::Kernel: break;
        }
    }
    p.peak_bytes_compiled = peak;

    // Eager: every non-view, non-constant node's tensor results, alive until their last reader
    // (readers through views count).
    if (p.graph) {
        std::vector<graph::Node*> nodes(p.graph->block()->nodes.begin(), p.graph->block()->nodes.end());
        std::unordered_map<const graph::Value*, size_t> pos_of;  // a value's storage -> its last reader
        std::unordered_map<const graph::Value*, const graph::Value*> base;
        auto is_view = [](const graph::Node* n) {
            static const std::set<std::string> v = {"aten::t", "aten::numpy_T", "aten::transpose", "aten::permute",
                                                    "aten::expand", "aten::expand_as", "aten::unsqueeze", "aten::squeeze",
                                                    "aten::slice", "aten::select", "aten::view", "aten::detach",
                                                    "aten::alias", "aten::_unsafe_view", "aten::view_as"};
            return v.count(n->kind) > 0;
        };
        std::map<size_t, int64_t> alloc_at, free_after;
        std::unordered_map<const graph::Value*, size_t> last;
        for (size_t i = 0; i < nodes.size(); ++i) {
            const graph::Node* n = nodes[i];
            for (const graph::Value* in : n->inputs) {
                auto b = base.count(in) ? base[in] : in;
                last[b] = i;
            }
            for (const graph::Value* o : n->outputs) {
                if (!o->type || !o->type->is_complete_tensor()) continue;
                if (is_view(n) && !n->inputs.empty()) {
                    base[o] = base.count(n->inputs[0]) ? base[n->inputs[0]] : n->inputs[0];
                    continue;
                }
                if (n->kind == "prim::ListUnpack" && !n->inputs[0]->node->inputs.empty()) {  // chunk/split pieces
                    const graph::Value* src = n->inputs[0]->node->inputs[0];
                    base[o] = base.count(src) ? base[src] : src;
                    continue;
                }
                if (n->kind == "prim::Constant") continue;
                base[o] = o;
                last[o] = i;
            }
        }
        for (const graph::Value* r : p.graph->block()->return_node->inputs) {
            std::vector<const graph::Value*> vs = {r};
            if (r->node->kind == "prim::TupleConstruct") vs.assign(r->node->inputs.begin(), r->node->inputs.end());
            for (const graph::Value* v : vs) last[base.count(v) ? base[v] : v] = nodes.size();
        }
        // Which storages die after each node (bucketed once: scanning `last` per node was quadratic,
        // an eighth of a compiled training step's compile time).
        std::vector<std::vector<const graph::Value*>> dies_after(nodes.size());
        for (const auto& [v, l] : last)
            if (l < nodes.size() && base.count(v) && base.at(v) == v) dies_after[l].push_back(v);
        int64_t elive = 0, epeak = 0;
        for (size_t i = 0; i <= nodes.size(); ++i) {
            if (i < nodes.size())
                for (const graph::Value* o : nodes[i]->outputs)
                    if (base.count(o) && base[o] == o) {
                        elive += int64_t(shape_numel(*o->type->sizes)) * int64_t(dtype_size(*o->type->dtype));
                    }
            epeak = std::max(epeak, elive);
            if (i < nodes.size())
                for (const graph::Value* v : dies_after[i])
                    elive -= int64_t(shape_numel(*v->type->sizes)) * int64_t(dtype_size(*v->type->dtype));
        }
        p.peak_bytes_eager = epeak;
    }
}

}  // namespace kiln::passes
