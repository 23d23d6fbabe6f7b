// Running a partitioned graph pair (joint.h) as one differentiable call: AOTAutograd's
// CompiledFunction.
//
// A call runs the forward graph with grad mode off, writes mutated inputs back, and, when grad
// mode is on and an input needs a gradient, attaches one autograd node (CompiledFunctionBackward,
// PyTorch's grad_fn name) to the differentiable outputs. The node keeps the saved tensors (with
// their version counters: an input changed in place before backward raises, as eagerly) and runs
// the backward graph when the engine reaches it; its gradients flow into the inputs' grad_fns and
// AccumulateGrad nodes as any eager op's would, so gradient accumulation, retain_graph and mixing
// with eager code just work. The graphs themselves run on whatever engine the back end chose
// (the graph interpreter for aot_eager, Inductor plans for inductor).
#pragma once
#include <functional>
#include <memory>
#include <vector>

#include "aot/joint.h"
#include "tensor/tensor.h"

namespace kiln::aot {

using GraphFn = std::function<std::vector<Tensor>(const std::vector<Tensor>&)>;

struct CompiledTraining {
    GraphFn forward;   // primals -> forward outputs..., saved...
    GraphFn backward;  // saved..., tangents... -> gradients
    size_t num_user_outputs = 0, num_fw_outputs = 0, num_saved = 0;
    std::vector<size_t> mutated_inputs;
    std::vector<int> tangent_of_output;
    std::vector<int> grad_of_primal;
};

// The metadata half of a CompiledTraining, from the joint graph and its partition.
CompiledTraining describe(const JointGraph& joint, const Partition& p);

// One call: `primals` are the graph's tensor inputs in order. Returns the program's outputs.
std::vector<Tensor> run_training(const std::shared_ptr<const CompiledTraining>& c, const std::vector<Tensor>& primals);

// A graph run on the graph interpreter (aot_eager's engine): tensors in, the output tuple's tensors out.
GraphFn interpreter_fn(std::shared_ptr<const graph::Graph> g);

}  // namespace kiln::aot
