// The back end's graph pass pipeline: one ordered list of passes over the aten graph, each one
// recorded (its printout before and after, whether it changed anything, how long it took) so the
// playground and the tests can show what every step did.
//
//   fold_conv_bn     batch_norm(conv(x, W, b)) in eval mode -> conv(x, W', b'), W' and b' in-graph
//                    (the back end asks for it only under torch._inductor.config.freezing, on the CPU)
//   decompose        gelu, silu, softmax, layer_norm, linear, batch_norm, dropout, mean, var -> primitives
//   fuse_conv_pointwise  relu(conv(x, W, b)), conv + other, relu(conv + other) on the CPU -> one
//                    mkldnn::_convolution_pointwise(.binary) with the post-ops in its epilogue
//   peel_conv_bias   GPU inference graphs: conv(x, w, b) -> conv(x, w, None) + b (fused with what follows)
//   conv_layout      GPU inference graphs of convolutions -> channels-last (Inductor's layout_opt)
//   sink_views       a pointwise value read only through disjoint slices -> computed at the slices
//   merge_slice_grads  sums of concatenations with zero pieces (slices' gradients) -> one concatenation
//   pack_attention_grads  the concatenated q/k/v gradients of fused attention -> written in place
//   fold_constants   ops on constants -> constants (constant int lists, arithmetic on constants)
//   cse              repeated pure computations and equal constants -> one
//   dce              results nobody reads -> gone
//
// Each pass is declared in passes.h; the scheduler that follows (fusion, memory planning) reads the
// graph these leave behind.
#pragma once
#include <string>
#include <vector>

#include "graph/ir.h"
#include "passes/passes.h"  // print_aten_graph and the passes one by one

namespace kiln::passes {

struct GraphPassOptions {
    bool record = true;         // keep before/after printouts (off: only names, flags and times)
    bool fold_conv_bn = true;
    bool decompose = true;
    bool fuse_conv_pointwise = true;  // off for graphs that are still differentiated (AOT's joint graph)
    bool peel_conv_bias = false;      // inference graphs only (the back end turns it on for those)
    bool conv_layout = false;         // inference graphs (config.layout_optimization)
    bool force_conv_layout = false;   // config.force_layout_optimization: skip decide_layout_opt
    bool sink_views = true;
    bool merge_slice_grads = true;
    bool pack_attention_grads = true;
    bool fold_constants = true;
    bool cse = true;
    bool dce = true;
};

struct PassRecord {
    std::string name;
    std::string before, after;  // print_aten_graph text; empty when options.record is false
    bool changed = false;
    double ms = 0;              // the pass alone, printing excluded
};

// Runs the enabled passes in order on `g` (edited in place, verified at the end) and returns one
// record per pass that ran.
std::vector<PassRecord> run_graph_passes(graph::Graph& g, const GraphPassOptions& opt = {});

// The records as text: the input graph, then each pass's name, whether it changed the graph, and
// the graph after it (times left out, so the text is deterministic).
std::string format_pass_records(const std::vector<PassRecord>& records);

}  // namespace kiln::passes
