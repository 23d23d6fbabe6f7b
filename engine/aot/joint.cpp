// The joint forward+backward graph (joint.h): the forward graph copied with its inputs renamed
// primals_N, one tangents_N input per differentiable output, then the backward formulas
// (derivatives.h) applied to the forward nodes in reverse order, accumulating each value's gradient
// with adds where it is used more than once: reverse-mode autodiff as a graph transformation, the
// same walk the eager engine (autograd/engine.cpp) makes over recorded nodes.
#include <unordered_map>
#include <unordered_set>

#include "aot/derivatives.h"
#include "aot/joint.h"
#include "passes/emit.h"
#include "support/error.h"

namespace kiln::aot {

using graph::Node;
using graph::Value;

namespace {

// The dtypes autograd differentiates: floating and complex (a complex value between two real ones,
// as in RoPE's view_as_complex ... view_as_real, carries the gradient through).
bool differentiable_tensor(const Value* v) {
    auto t = passes::tensor_info(v);
    return t && (dtype_is_floating(t->dtype) || dtype_is_complex(t->dtype));
}

Node* output_tuple(const graph::Graph& g) {
    KILN_CHECK(g.outputs().size() == 1 && g.outputs()[0]->node->kind == "prim::TupleConstruct", RuntimeError,
               "AOT autograd: the graph must return one tuple");
    return g.outputs()[0]->node;
}

}  // namespace

std::vector<Value*> joint_outputs(const graph::Graph& joint) { return output_tuple(joint)->inputs; }

JointGraph build_joint(const graph::Graph& fwd, const std::vector<bool>& requires_grad, size_t num_user_outputs,
                       std::vector<size_t> mutated) {
    JointGraph j;
    j.graph = std::make_unique<graph::Graph>();
    graph::Graph& g = *j.graph;
    j.num_primals = fwd.inputs().size();
    j.num_user_outputs = num_user_outputs;
    j.mutated_inputs = std::move(mutated);
    std::vector<Value*> primals;
    for (size_t i = 0; i < fwd.inputs().size(); ++i)
        primals.push_back(g.add_input(fwd.inputs()[i]->type, "primals_" + std::to_string(i + 1)));
    Value* tuple = graph::inline_graph(fwd, g, primals).at(0);
    // Which values depend on a primal that needs a gradient (only those get one).
    auto compute_needs = [&]() {
        std::unordered_set<const Value*> needs;
        for (size_t i = 0; i < primals.size(); ++i)
            if (i < requires_grad.size() && requires_grad[i] && differentiable_tensor(primals[i])) needs.insert(primals[i]);
        for (Node* n : g.block()->nodes) {
            bool any = false;
            for (Value* in : n->inputs) any = any || needs.count(in);
            if (!any || !differentiable(n)) continue;
            for (size_t i = 0; i < n->outputs.size(); ++i) {
                Value* o = n->outputs[i];
                if ((differentiable_tensor(o) || (o->type && o->type->kind == graph::TypeKind::List)) && differentiable_output(n, i))
                    needs.insert(o);
            }
        }
        return needs;
    };
    // Composite ops on the gradient's path become the ops they are made of (derivatives.h), one at a
    // time: each decomposition changes which values need gradients. (A Builder per step: its cache
    // of example values must not outlive the nodes a decomposition destroys.)
    for (bool changed = true; changed;) {
        changed = false;
        Builder b(g);
        std::unordered_set<const Value*> needs = compute_needs();
        for (Node* n : std::vector<Node*>(g.block()->nodes.begin(), g.block()->nodes.end())) {
            if (n == tuple->node) continue;
            bool any = false;
            for (Value* in : n->inputs) any = any || needs.count(in);
            if (any && decompose_composite(b, n)) {
                changed = true;
                break;
            }
        }
    }
    std::vector<Value*> outs = tuple->node->inputs;
    tuple->node->destroy();
    j.num_fw_outputs = outs.size();
    std::vector<Node*> forward_nodes(g.block()->nodes.begin(), g.block()->nodes.end());
    std::unordered_set<const Value*> needs = compute_needs();

    Builder b(g);
    // Attention that needs gradients on the GPU: the forward op that also returns what the fused
    // backward reads (derivatives.h), in the forward half, before anything is differentiated.
    for (Node*& n : forward_nodes) {
        bool any = false;
        for (Value* in : n->inputs) any = any || needs.count(in);
        if (!any || n->outputs.size() != 1) continue;
        Value* old = n->outputs[0];
        Node* m = fuse_attention_forward(b, n);
        if (m == n) continue;
        if (needs.erase(old)) needs.insert(m->outputs[0]);
        for (Value*& o : outs)
            if (o == old) o = m->outputs[0];
        n = m;
    }
    std::unordered_map<const Value*, Value*> grad;
    auto accumulate = [&](const Value* v, Value* dv) {
        auto it = grad.find(v);
        if (it == grad.end()) grad[v] = dv;
        else it->second = b.add(it->second, dv);
    };
    // Tangents: the incoming gradients of the program's differentiable outputs, contiguous as
    // AOTAutograd makes them.
    j.tangent_of_output.assign(outs.size(), -1);
    size_t num_tangents = 0;
    for (size_t k = 0; k < num_user_outputs; ++k) {
        if (!needs.count(outs[k])) continue;
        auto t = passes::tensor_info(outs[k]);
        Value* tan = g.add_input(passes::tensor_type_of(passes::contiguous_like(t->dtype, t->sizes, t->device)),
                                 "tangents_" + std::to_string(++num_tangents));
        j.tangent_of_output[k] = int(num_tangents - 1);
        accumulate(outs[k], tan);
    }
    // Reverse-mode walk: each node's inputs receive their share of its outputs' gradients.
    for (auto it = forward_nodes.rbegin(); it != forward_nodes.rend(); ++it) {
        Node* n = *it;
        std::vector<Value*> gout;
        bool any_grad = false;
        for (Value* o : n->outputs) {
            auto gi = grad.find(o);
            gout.push_back(gi == grad.end() ? nullptr : gi->second);
            any_grad = any_grad || gi != grad.end();
        }
        if (!any_grad) continue;
        std::vector<bool> in_needs;
        bool any_need = false;
        for (Value* in : n->inputs) {
            in_needs.push_back(needs.count(in) > 0);
            any_need = any_need || in_needs.back();
        }
        if (!any_need) continue;
        std::vector<Value*> gin = differentiate(b, n, gout, in_needs);
        for (size_t i = 0; i < gin.size() && i < n->inputs.size(); ++i) {
            if (!gin[i] || !in_needs[i]) continue;
            // A gradient takes its input's dtype, as the eager engine's validate_outputs casts it:
            // `x32 + y16` under autocast gives y16 a float32 gradient from the add, which the bf16
            // attention backward before it must get as bf16 (build-nanogpt compiled, probe 29).
            auto it = passes::tensor_info(n->inputs[i]);
            auto gt = passes::tensor_info(gin[i]);
            if (it && gt && it->dtype != gt->dtype && dtype_is_floating(it->dtype) && dtype_is_floating(gt->dtype))
                gin[i] = b.op("aten::to.dtype", {gin[i], graph::scalar_type_code(it->dtype)});
            accumulate(n->inputs[i], gin[i]);
        }
    }
    std::vector<Value*> results = outs;
    j.grad_of_primal.assign(primals.size(), -1);
    for (size_t i = 0; i < primals.size(); ++i) {
        auto gi = grad.find(primals[i]);
        if (!needs.count(primals[i]) || gi == grad.end()) continue;
        j.grad_of_primal[i] = int(j.num_grads++);
        results.push_back(gi->second);
    }
    std::vector<graph::TypePtr> types;
    for (Value* v : results) types.push_back(v->type);
    Node* t = g.insert("prim::TupleConstruct", results, 1);
    t->output()->type = graph::tuple_type(types);
    g.register_output(t->output());
    graph::verify(g);
    return j;
}

}  // namespace kiln::aot
