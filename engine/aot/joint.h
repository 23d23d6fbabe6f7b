// AOT autograd's middle: the forward aten graph made functional, its joint forward+backward graph,
// and the partition of that joint graph into the two graphs that run (PyTorch's AOTAutograd).
//
//   forward aten graph (bindings/inductor.cpp's re-trace of a Dynamo graph)
//     --functionalize.cpp--> no in-place ops; input mutations become extra outputs
//     --joint.cpp (derivatives.h)--> joint(primals, tangents) -> (outputs, grads of the primals)
//     --(decompose, fold, cse, dce: passes/pipeline.h, for the decomposing back ends)
//     --partition.cpp--> forward(primals) -> (outputs, saved)   backward(saved, tangents) -> grads
//
// The runtime (runtime.h) runs the forward graph, keeps the saved tensors in an autograd node, and
// runs the backward graph when loss.backward() reaches it.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "graph/ir.h"

namespace kiln::aot {

// ---- functionalize.cpp ------------------------------------------------------------------------
// Rewrites `g` (a traced aten graph whose single output is a prim::TupleConstruct) so that no op
// mutates: x.op_(...) becomes x' = x.op(...) with later reads of x reading x'. Where the mutated
// value is a graph input, the final x' joins the outputs (after the program's) and its input index
// is returned: the runtime copies it into the caller's tensor after the call, as AOTAutograd's
// epilogue copy_ does. A mutation through a view is refused (kiln::Error): Kiln does not yet
// regenerate views of mutated bases.
std::vector<size_t> functionalize(graph::Graph& g);
// The op an in-place op becomes there: `aten::add_.Tensor` -> `aten::add.Tensor`; where
// native_functions.yaml names the out-of-place form otherwise, that name (`aten::normal_` ->
// `aten::normal_functional`, `aten::bernoulli_.float` -> `aten::bernoulli.p`).
std::string functional_form(const graph::OpSchema& s);

// ---- joint.cpp --------------------------------------------------------------------------------
struct JointGraph {
    // inputs: primals_1..N (the forward's inputs), tangents_1..M (one per differentiable output);
    // output: one tuple (forward outputs..., gradients of the primals that get one...).
    std::unique_ptr<graph::Graph> graph;
    size_t num_primals = 0;
    size_t num_fw_outputs = 0;    // the forward's outputs, mutation outputs included
    size_t num_user_outputs = 0;  // of which the program's own come first
    std::vector<size_t> mutated_inputs;  // primal written back by each mutation output
    std::vector<int> tangent_of_output;  // per forward output: its tangent's index, or -1
    std::vector<int> grad_of_primal;     // per primal: its gradient's index among the grads, or -1
    size_t num_grads = 0;
};

// The joint graph of `fwd` (already functional; `mutated` from functionalize) for primals of which
// `requires_grad[i]` need gradients. Throws kiln::Error naming the op without a formula.
JointGraph build_joint(const graph::Graph& fwd, const std::vector<bool>& requires_grad, size_t num_user_outputs,
                       std::vector<size_t> mutated);

// The forward outputs and gradient outputs of a joint graph (the values its output tuple holds).
std::vector<graph::Value*> joint_outputs(const graph::Graph& joint);

// ---- partition.cpp ----------------------------------------------------------------------------
enum class Partitioner {
    Default,  // the forward computes what its outputs need; backward gets every forward value it reads
    MinCut,   // min cut over saved bytes: cheap pointwise/view ops are recomputed in backward
};
const char* partitioner_name(Partitioner p);  // "default_partition", "min_cut_rematerialization_partition"

struct SavedTensor {
    std::string name;   // as the forward graph's printout names it
    std::string type;   // "f32[8, 16][16, 1]cpu"
    int64_t bytes = 0;  // numel * element size
};

struct Partition {
    // forward(primals...) -> tuple(forward outputs..., saved...)
    // backward(saved..., tangents...) -> tuple(gradients...)
    std::unique_ptr<graph::Graph> forward, backward;
    std::vector<SavedTensor> saved;
    int64_t saved_bytes = 0;
    std::vector<std::string> recomputed;  // forward ops the backward graph computes again
    std::string report() const;           // the saved list with bytes, the recomputed ops
};

Partition partition(const JointGraph& joint, Partitioner how);

}  // namespace kiln::aot
