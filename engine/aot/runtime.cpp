// CompiledFunction (runtime.h): the forward call and the autograd node running the backward graph.
#include "aot/runtime.h"

#include "autograd/grad_mode.h"
#include "autograd/node.h"
#include "graph/interpret.h"
#include "ops/ops.h"
#include "support/error.h"

namespace kiln::aot {

CompiledTraining describe(const JointGraph& joint, const Partition& p) {
    CompiledTraining c;
    c.num_user_outputs = joint.num_user_outputs;
    c.num_fw_outputs = joint.num_fw_outputs;
    c.num_saved = p.saved.size();
    c.mutated_inputs = joint.mutated_inputs;
    c.tangent_of_output = joint.tangent_of_output;
    c.grad_of_primal = joint.grad_of_primal;
    return c;
}

GraphFn interpreter_fn(std::shared_ptr<const graph::Graph> g) {
    return [g](const std::vector<Tensor>& inputs) {
        graph::IValueList args(inputs.begin(), inputs.end());
        graph::IValueList r = graph::run_graph(*g, args);
        std::vector<Tensor> out;
        for (const graph::IValue& v : r.at(0).items()) out.push_back(v.is_tensor() ? v.to_tensor() : Tensor());
        return out;
    };
}

std::vector<Tensor> run_training(const std::shared_ptr<const CompiledTraining>& c, const std::vector<Tensor>& primals) {
    std::vector<Tensor> outs;
    {
        autograd::GradModeGuard no_grad(false);
        outs = c->forward(primals);
        KILN_CHECK(outs.size() == c->num_fw_outputs + c->num_saved, RuntimeError, "AOT autograd: the forward graph returned ",
                   outs.size(), " tensors, expected ", c->num_fw_outputs + c->num_saved);
        // The epilogue: mutated inputs take their new values (running stats, counters).
        for (size_t k = 0; k < c->mutated_inputs.size(); ++k) {
            Tensor dst = primals.at(c->mutated_inputs[k]);
            copy_(dst, outs[c->num_user_outputs + k]);
        }
    }
    std::vector<Tensor> user(outs.begin(), outs.begin() + long(c->num_user_outputs));
    std::vector<Tensor> grad_inputs;
    std::vector<size_t> grad_slot;  // per grad input: its gradient's index in the backward's outputs
    for (size_t i = 0; i < primals.size(); ++i)
        if (c->grad_of_primal[i] >= 0 && primals[i].requires_grad()) {
            grad_inputs.push_back(primals[i]);
            grad_slot.push_back(size_t(c->grad_of_primal[i]));
        }
    std::vector<size_t> diff;  // user outputs that get the node
    for (size_t j = 0; j < user.size(); ++j)
        if (c->tangent_of_output[j] >= 0) diff.push_back(j);
    if (diff.empty() || !autograd::needs_grad(grad_inputs)) return user;
    // Outputs must be tensors of their own: one that is an input (or another output) would have its
    // autograd identity overwritten by the node.
    std::vector<Tensor> diff_outs;
    for (size_t j : diff) {
        Tensor& t = user[j];
        bool shared = false;
        for (const Tensor& p : primals) shared = shared || p.impl() == t.impl();
        for (const Tensor& o : diff_outs) shared = shared || o.impl() == t.impl();
        if (shared) t = t.detach();
        diff_outs.push_back(t);
    }
    std::vector<autograd::SavedTensor> saved;
    // Saved detached: a saved value that is also a user output gets the node as its grad_fn below, and
    // the node's closure holding that very tensor would be a cycle (output -> node -> closure ->
    // output) that is never freed. The backward graph reads values only (it runs under no_grad), and
    // the detached tensor shares the storage, so the version check still sees in-place changes.
    for (size_t i = 0; i < c->num_saved; ++i) saved.emplace_back(outs[c->num_fw_outputs + i].detach());
    std::vector<autograd::OutputMeta> metas;
    for (const Tensor& t : diff_outs) metas.push_back({t.sizes(), t.dtype(), t.device()});
    auto backward = [c, saved, metas, grad_slot](const autograd::Grads& gout) {
        std::vector<Tensor> args;
        for (const autograd::SavedTensor& s : saved) args.push_back(s.get());
        for (size_t k = 0; k < metas.size(); ++k) {
            // An output the loss did not use gets zeros, as the eager engine's missing gradients do.
            Tensor g = k < gout.size() && gout[k].defined()
                           ? gout[k]
                           : zeros(metas[k].sizes, TensorOptions{metas[k].dtype, metas[k].device, false});
            args.push_back(contiguous(g));
        }
        std::vector<Tensor> r;
        {
            autograd::GradModeGuard no_grad(false);
            r = c->backward(args);
        }
        autograd::Grads out;
        for (size_t slot : grad_slot) out.push_back(r.at(slot));
        return out;
    };
    autograd::record("CompiledFunctionBackward", grad_inputs, diff_outs, backward);
    for (size_t k = 0; k < diff.size(); ++k) user[diff[k]] = diff_outs[k];
    return user;
}

}  // namespace kiln::aot
