// The pass pipeline (pipeline.h): the ordered list, the records, and the two passes that are thin
// wrappers over engine/graph/passes (shared with torch.jit.freeze).
#include "passes/pipeline.h"

#include <chrono>

#include "graph/passes/passes.h"
#include "passes/passes.h"

namespace kiln::passes {

bool fold_constants(graph::Graph& g) { return graph::propagate_constants(g); }

bool eliminate_dead_code(graph::Graph& g) { return graph::eliminate_dead_code(g); }

namespace {
// The one pass whose behaviour an option changes (the others are on or off).
thread_local bool g_force_conv_layout = false;
bool conv_layout(graph::Graph& g) { return optimize_conv_layout(g, g_force_conv_layout); }
}  // namespace

namespace {

struct Pass {
    const char* name;
    bool GraphPassOptions::*enabled;
    bool (*run)(graph::Graph&);
};

// The pipeline, in order. Why each one is where it is:
const Pass kPipeline[] = {
    // Before decompose: the fold looks for an aten::batch_norm, which decompose would dissolve.
    {"fold_conv_bn", &GraphPassOptions::fold_conv_bn, fold_conv_bn},
    // Composite ops into primitives, so fusion sees plain pointwise ops and reductions.
    {"decompose", &GraphPassOptions::decompose, decompose},
    // After decompose (and fold_conv_bn, which turns conv + BN + relu into conv + relu): relu(conv),
    // conv + residual and relu(conv + residual) -> one convolution with them in its epilogue (CPU
    // graphs the back end schedules).
    {"fuse_conv_pointwise", &GraphPassOptions::fuse_conv_pointwise, fuse_conv_pointwise},
    // After decompose (eval batch norms are folded or pointwise by then, so they follow the layout):
    // GPU inference graphs of convolutions go channels-last, then their biases become adds. Training
    // graphs keep eager's layouts (the forward's saved tensors must match what the backward graph was
    // traced with).
    {"conv_layout", &GraphPassOptions::conv_layout, conv_layout},
    {"peel_conv_bias", &GraphPassOptions::peel_conv_bias, peel_conv_bias},
    // After the passes that look for pointwise ops right behind a convolution (the CPU's fused
    // conv + relu, the peeled bias add): pointwise ops read only through slices (max_pool2d's taps)
    // move behind the slices, so they fuse into the slices' readers instead of being stored.
    {"sink_views", &GraphPassOptions::sink_views, sink_views},
    // Backward graphs: the gradients of slices of one tensor, added up, become one concatenation
    // (before cse and dce, which then drop the zeros and partial sums it leaves unread).
    {"merge_slice_grads", &GraphPassOptions::merge_slice_grads, merge_slice_grads},
    // Then the concatenation it leaves of attention's q/k/v gradients, written in place by the
    // fused backward instead (its views and backward node left for dce).
    {"pack_attention_grads", &GraphPassOptions::pack_attention_grads, pack_attention_grads},
    // Lists of constant ints (traced as prim::ListConstruct) become constants, math on constants runs.
    {"fold_constants", &GraphPassOptions::fold_constants, fold_constants},
    // After folding, equal constants and the repeats decompositions create (softmax's exp) merge.
    {"cse", &GraphPassOptions::cse, eliminate_common_subexpressions},
    // Last: whatever the passes above left unread (replaced nodes' constants, unused inputs' uses).
    {"dce", &GraphPassOptions::dce, eliminate_dead_code},
};

}  // namespace

std::vector<PassRecord> run_graph_passes(graph::Graph& g, const GraphPassOptions& opt) {
    std::vector<PassRecord> records;
    std::string current = opt.record ? print_aten_graph(g) : std::string();
    g_force_conv_layout = opt.force_conv_layout;
    for (const Pass& p : kPipeline) {
        if (!(opt.*p.enabled)) continue;
        PassRecord r;
        r.name = p.name;
        auto start = std::chrono::steady_clock::now();
        r.changed = p.run(g);
        r.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
        if (opt.record) {
            r.before = std::move(current);
            // An unchanged graph prints the same: reuse the text instead of printing it again.
            r.after = r.changed ? print_aten_graph(g) : r.before;
            current = r.after;
        }
        records.push_back(std::move(r));
    }
    graph::verify(g);
    return records;
}

std::string format_pass_records(const std::vector<PassRecord>& records) {
    std::string out;
    if (!records.empty()) out += "# input\n" + records.front().before;
    for (const PassRecord& r : records)
        out += "\n# after " + r.name + (r.changed ? " (changed)" : " (unchanged)") + "\n" + r.after;
    return out;
}

}  // namespace kiln::passes
