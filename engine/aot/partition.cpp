// Partitioning the joint graph (joint.h) into the forward and the backward graph.
//
// Both partitioners copy the same nodes; they differ in which forward values cross over:
//   - default (AOTAutograd's default_partition): the forward graph computes exactly what its outputs
//     need; every value of it that the backward reads is saved, whatever it costs to keep.
//   - min-cut (min_cut_rematerialization_partition): saving a value costs its bytes, recomputing a
//     cheap op in backward costs nothing, and an expensive op (a matrix product, a reduction, a
//     convolution) may not be recomputed. A minimum s-t cut of a flow network over the forward values
//     picks the cheapest set of values that separates the inputs from everything the backward
//     needs: those are saved, and the pointwise ops between them and their backward uses run
//     again in the backward graph, where the back end fuses them into the backward's kernels.
//
// The network: every forward value v is an edge v_in -> v_out with capacity bytes(v), twice that for
// a value the backward would not otherwise hold in memory (functorch's weights; see
// materialized_backwards in partition()); a value read
// by node u has an edge v_out -> w_in (infinite) to each output w of u; the source feeds each primal
// and each value that must not be recomputed (infinite); each value a backward node reads drains to
// the sink (infinite). The cut edges v_in -> v_out are the saved values.
#include <algorithm>
#include <climits>
#include <functional>
#include <queue>
#include <sstream>
#include <unordered_map>
#include <unordered_set>

#include "aot/joint.h"
#include "passes/emit.h"
#include "passes/passes.h"
#include "support/error.h"

namespace kiln::aot {

using graph::Node;
using graph::Value;

const char* partitioner_name(Partitioner p) {
    return p == Partitioner::MinCut ? "min_cut_rematerialization_partition" : "default_partition";
}

namespace {

constexpr int64_t kInf = INT64_MAX / 4;

int64_t bytes_of(const Value* v) {
    auto t = passes::tensor_info(v);
    return t ? shape_numel(t->sizes) * int64_t(dtype_size(t->dtype)) : 0;
}

// Ops the min-cut partitioner may run again in backward: pointwise math and views (cheap, and fused
// into the backward's kernels). Matrix products, reductions and convolutions are never recomputed.
bool recomputable(const Node* n) {
    static const std::unordered_set<std::string> ops = {
        "aten::add", "aten::sub", "aten::mul", "aten::div", "aten::neg", "aten::exp", "aten::log", "aten::sqrt",
        "aten::rsqrt", "aten::sin", "aten::cos", "aten::tanh", "aten::sigmoid", "aten::relu", "aten::erf",
        "aten::gelu", "aten::silu", "aten::pow", "aten::where", "aten::le", "aten::lt", "aten::gt", "aten::ge",
        "aten::eq", "aten::ne", "aten::rsub", "aten::leaky_relu", "aten::clamp", "aten::abs", "aten::sign",
        "aten::zeros_like", "aten::view", "aten::reshape", "aten::t", "aten::transpose", "aten::permute",
        "aten::unsqueeze", "aten::squeeze", "aten::expand", "aten::flatten", "aten::split", "aten::contiguous",
        "aten::clone", "prim::ListUnpack", "prim::ListConstruct"};
    return ops.count(n->kind) > 0;
}

bool free_node(const Node* n) { return n->kind == "prim::Constant"; }

// Ops whose result is another view of their input's storage: no memory of their own.
bool view_op(const Node* n) {
    static const std::unordered_set<std::string> ops = {"aten::view",      "aten::reshape", "aten::t",
                                                        "aten::transpose", "aten::permute", "aten::unsqueeze",
                                                        "aten::squeeze",   "aten::expand",  "aten::flatten",
                                                        "aten::split",     "prim::ListUnpack"};
    return ops.count(n->kind) > 0;
}

// Ops the back end fuses with a pointwise producer (functorch's op_types.is_fusible: pointwise ops,
// views and reductions, whose prologue the producer becomes). Anything else (a matrix product, a
// convolution's backward, a pooling backward, the output tuple) reads its inputs from memory.
bool fusible(const Node* n) {
    static const std::unordered_set<std::string> reductions = {"aten::sum", "aten::mean", "aten::amax", "aten::amin",
                                                               "aten::prod"};
    return recomputable(n) || reductions.count(n->kind) > 0;
}

// Dinic's maximum flow on a small graph; afterwards source_side() is the minimum cut's source side.
struct FlowNetwork {
    struct E {
        int to;
        int64_t cap;
    };
    std::vector<E> edges;
    std::vector<std::vector<int>> adj;
    std::vector<int> level, next;
    int add_node() {
        adj.emplace_back();
        return int(adj.size() - 1);
    }
    void add_edge(int a, int b, int64_t cap) {
        adj[a].push_back(int(edges.size()));
        edges.push_back({b, cap});
        adj[b].push_back(int(edges.size()));
        edges.push_back({a, 0});
    }
    bool bfs(int s, int t) {
        level.assign(adj.size(), -1);
        std::queue<int> q;
        level[s] = 0;
        q.push(s);
        while (!q.empty()) {
            int u = q.front();
            q.pop();
            for (int e : adj[u])
                if (edges[e].cap > 0 && level[edges[e].to] < 0) {
                    level[edges[e].to] = level[u] + 1;
                    q.push(edges[e].to);
                }
        }
        return level[t] >= 0;
    }
    int64_t dfs(int u, int t, int64_t f) {
        if (u == t) return f;
        for (int& i = next[u]; i < int(adj[u].size()); ++i) {
            E& e = edges[adj[u][i]];
            if (e.cap <= 0 || level[e.to] != level[u] + 1) continue;
            int64_t d = dfs(e.to, t, std::min(f, e.cap));
            if (d > 0) {
                e.cap -= d;
                edges[adj[u][i] ^ 1].cap += d;
                return d;
            }
        }
        return 0;
    }
    int64_t max_flow(int s, int t) {
        int64_t flow = 0;
        while (bfs(s, t)) {
            next.assign(adj.size(), 0);
            while (int64_t f = dfs(s, t, kInf)) flow += f;
        }
        return flow;
    }
    std::vector<bool> source_side(int s) {
        std::vector<bool> seen(adj.size(), false);
        std::vector<int> stack{s};
        seen[s] = true;
        while (!stack.empty()) {
            int u = stack.back();
            stack.pop_back();
            for (int e : adj[u])
                if (edges[e].cap > 0 && !seen[edges[e].to]) {
                    seen[edges[e].to] = true;
                    stack.push_back(edges[e].to);
                }
        }
        return seen;
    }
};

// Copies into a new graph the nodes that compute `outputs` from `inputs` (available values), in
// the joint graph's order; inputs are named `names`. Returns the graph and fills `copied`.
std::unique_ptr<graph::Graph> extract(const graph::Graph& joint, const std::vector<Value*>& inputs,
                                      const std::vector<std::string>& names, const std::vector<Value*>& outputs,
                                      std::vector<const Node*>* copied = nullptr) {
    auto g = std::make_unique<graph::Graph>();
    std::unordered_map<const Value*, Value*> map;
    for (size_t i = 0; i < inputs.size(); ++i) map[inputs[i]] = g->add_input(inputs[i]->type, names[i]);
    // The nodes needed: ancestors of the outputs, stopping at available values.
    std::unordered_set<const Node*> needed;
    std::vector<const Value*> work(outputs.begin(), outputs.end());
    while (!work.empty()) {
        const Value* v = work.back();
        work.pop_back();
        if (map.count(v) || needed.count(v->node)) continue;
        KILN_CHECK(v->node->kind != "prim::Param", RuntimeError, "AOT autograd partition: %", v->name(),
                   " is needed but neither computed nor passed in");
        needed.insert(v->node);
        for (const Value* in : v->node->inputs) work.push_back(in);
    }
    for (const Node* n : joint.block()->nodes) {
        if (!needed.count(n)) continue;
        std::vector<Value*> ins;
        for (const Value* in : n->inputs) ins.push_back(map.at(in));
        Node* c = g->insert(n->kind, ins, n->outputs.size());
        c->schema = n->schema;
        c->attrs = n->attrs;
        c->loc = n->loc;
        c->scope = n->scope;
        c->origin = n->origin;
        for (size_t i = 0; i < n->outputs.size(); ++i) {
            c->output(i)->type = n->output(i)->type;
            map[n->output(i)] = c->output(i);
        }
        if (copied && !free_node(n)) copied->push_back(n);
    }
    std::vector<Value*> outs;
    std::vector<graph::TypePtr> types;
    for (const Value* v : outputs) {
        outs.push_back(map.at(v));
        types.push_back(v->type);
    }
    Node* t = g->insert("prim::TupleConstruct", outs, 1);
    t->output()->type = graph::tuple_type(types);
    g->register_output(t->output());
    graph::verify(*g);
    return g;
}

}  // namespace

Partition partition(const JointGraph& joint, Partitioner how) {
    const graph::Graph& g = *joint.graph;
    std::vector<Value*> outs = joint_outputs(g);
    std::vector<Value*> fw_outs(outs.begin(), outs.begin() + long(joint.num_fw_outputs));
    std::vector<Value*> grads(outs.begin() + long(joint.num_fw_outputs), outs.end());
    std::vector<Value*> primals(g.inputs().begin(), g.inputs().begin() + long(joint.num_primals));
    std::vector<Value*> tangents(g.inputs().begin() + long(joint.num_primals), g.inputs().end());

    // Backward nodes: those that read a tangent, directly or not.
    std::unordered_set<const Value*> from_tangent(tangents.begin(), tangents.end());
    std::unordered_set<const Node*> bw_nodes;
    for (const Node* n : g.block()->nodes)
        for (const Value* in : n->inputs)
            if (from_tangent.count(in)) {
                bw_nodes.insert(n);
                for (const Value* o : n->outputs) from_tangent.insert(o);
                break;
            }
    // Forward-required nodes: what the forward outputs need.
    std::unordered_set<const Node*> fw_required;
    std::vector<const Value*> work(fw_outs.begin(), fw_outs.end());
    while (!work.empty()) {
        const Value* v = work.back();
        work.pop_back();
        if (v->node->kind == "prim::Param" || fw_required.count(v->node)) continue;
        fw_required.insert(v->node);
        for (const Value* in : v->node->inputs) work.push_back(in);
    }
    std::unordered_set<const Value*> mutated;
    for (size_t i : joint.mutated_inputs) mutated.insert(primals.at(i));
    auto is_forward_value = [&](const Value* v) {
        return !from_tangent.count(v) && !free_node(v->node);
    };

    std::vector<Value*> saved;
    if (how == Partitioner::Default) {
        // Everything the forward graph computes (or is given) that a backward-side read needs.
        std::unordered_set<const Value*> seen;
        auto consider = [&](Value* v) {
            if (!is_forward_value(v) || seen.count(v)) return;
            bool in_forward = v->node->kind == "prim::Param" || fw_required.count(v->node);
            if (!in_forward) return;
            seen.insert(v);
            KILN_CHECK(!mutated.count(v), NotImplementedError, "AOT autograd: the backward reads input %", v->name(),
                       " as it was before the graph mutated it; saving the old value is not supported yet");
            saved.push_back(v);
        };
        for (const Node* n : g.block()->nodes)
            if (!fw_required.count(n) && !free_node(n) && n->kind != "prim::TupleConstruct")
                for (Value* in : n->inputs) consider(in);
        for (Value* v : grads) consider(v);
    } else {
        // functorch's is_materialized_backwards: whether the backward reads `v` (through views) in an
        // op that cannot fuse its computation, so `v` is in memory during the backward whether it is
        // saved or recomputed there. Such a value costs its bytes to save; any other costs twice
        // that (functorch's get_node_weight), because saving it instead of a materialized value
        // adds memory traffic: with relu(conv(x)), saving conv(x) made the backward write relu's
        // result again for the convolution's backward plus the mask for relu's own backward (two
        // extra kernels and four passes over the activation per layer); saving relu's result, as
        // PyTorch does, leaves one kernel, where(result <= 0, 0, grad), reading it.
        auto materialized_backwards = [&](const Value* v) {
            if (view_op(v->node)) return false;
            std::vector<const Value*> cur{v};
            std::unordered_set<const Value*> seen{v};
            while (!cur.empty()) {
                const Value* c = cur.back();
                cur.pop_back();
                for (auto& [user, idx] : c->uses) {
                    if (free_node(user)) continue;
                    if (user->kind == "prim::TupleConstruct") {
                        if (idx >= joint.num_fw_outputs) return true;  // a gradient output: stored as is
                        continue;
                    }
                    if (!fw_required.count(user) && !fusible(user)) return true;
                    if (view_op(user))
                        for (const Value* o : user->outputs)
                            if (seen.insert(o).second) cur.push_back(o);
                }
            }
            return false;
        };
        FlowNetwork net;
        int source = net.add_node(), sink = net.add_node();
        std::unordered_map<const Value*, std::pair<int, int>> ids;  // v -> (in, out)
        std::vector<Value*> order;
        for (Value* p : primals) order.push_back(p);
        for (const Node* n : g.block()->nodes)
            if (!bw_nodes.count(n) && !free_node(n))
                for (Value* o : n->outputs) order.push_back(o);
        for (Value* v : order) {
            int a = net.add_node(), b = net.add_node();
            ids[v] = {a, b};
            // A mutated input cannot be saved: the epilogue overwrites it before backward runs.
            const bool tensor = passes::tensor_info(v).has_value() && !mutated.count(v);
            const int64_t bytes = std::max<int64_t>(bytes_of(v), 1);
            net.add_edge(a, b, tensor ? (materialized_backwards(v) ? bytes : 2 * bytes) : kInf);
            const bool primal = v->node->kind == "prim::Param";
            if (primal || !recomputable(v->node)) net.add_edge(source, a, kInf);
        }
        for (Value* v : order) {
            for (auto& [user, idx] : v->uses) {
                if (free_node(user)) continue;
                if (bw_nodes.count(user) || user->kind == "prim::TupleConstruct") {
                    // The output tuple reads forward outputs too: only a gradient slot drains.
                    if (user->kind == "prim::TupleConstruct" && idx < joint.num_fw_outputs) continue;
                    net.add_edge(ids[v].second, sink, kInf);
                } else {
                    for (Value* w : user->outputs) net.add_edge(ids[v].second, ids.at(w).first, kInf);
                }
            }
        }
        net.max_flow(source, sink);
        std::vector<bool> side = net.source_side(source);
        for (Value* v : order)
            if (side[size_t(ids[v].first)] && !side[size_t(ids[v].second)]) saved.push_back(v);
    }

    Partition p;
    // The forward graph first: its printout names the saved values.
    std::vector<Value*> fw_results = fw_outs;
    fw_results.insert(fw_results.end(), saved.begin(), saved.end());
    std::vector<std::string> primal_names;
    for (size_t i = 0; i < primals.size(); ++i) primal_names.push_back("primals_" + std::to_string(i + 1));
    p.forward = extract(g, primals, primal_names, fw_results);
    auto names = passes::aten_value_names(*p.forward, true);
    const auto& fw_tuple = p.forward->outputs()[0]->node->inputs;
    std::vector<Value*> bw_inputs = saved;
    std::vector<std::string> bw_names;
    for (size_t i = 0; i < saved.size(); ++i) {
        const Value* fv = fw_tuple[joint.num_fw_outputs + i];
        auto it = names.find(fv);
        std::string name = it != names.end() ? it->second : fv->name();
        bw_names.push_back(name);
        SavedTensor s;
        s.name = name;
        if (auto t = passes::tensor_info(fv))
            s.type = std::string(dtype_abbrev(t->dtype)) + shape_str(t->sizes) + shape_str(t->strides) + device_name(t->device);
        s.bytes = bytes_of(fv);
        p.saved_bytes += s.bytes;
        p.saved.push_back(s);
    }
    for (size_t i = 0; i < tangents.size(); ++i) {
        bw_inputs.push_back(tangents[i]);
        bw_names.push_back("tangents_" + std::to_string(i + 1));
    }
    std::vector<const Node*> copied;
    p.backward = extract(g, bw_inputs, bw_names, grads, &copied);
    auto joint_names = passes::aten_value_names(g, true);
    for (const Node* n : copied)
        if (!bw_nodes.count(n) && fw_required.count(n)) {
            auto it = joint_names.find(n->output(0));
            p.recomputed.push_back(it != joint_names.end() ? it->second : n->kind);
        }
    return p;
}

std::string Partition::report() const {
    std::ostringstream out;
    out << "saved for backward: " << saved.size() << " tensors, " << saved_bytes << " bytes\n";
    for (const SavedTensor& s : saved) out << "  " << s.name << ": " << s.type << " (" << s.bytes << " bytes)\n";
    out << "recomputed in backward: ";
    if (recomputed.empty()) out << "nothing";
    for (size_t i = 0; i < recomputed.size(); ++i) out << (i ? ", " : "") << recomputed[i];
    out << "\n";
    return out.str();
}

}  // namespace kiln::aot
