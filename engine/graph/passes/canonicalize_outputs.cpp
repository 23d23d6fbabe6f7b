// PyTorch's CanonicalizeOutputs (torch/csrc/jit/passes/canonicalize.cpp), the last of the cleanup
// passes a scripted function's graph gets: the outputs of each prim::If and prim::Loop are put in the
// order of their first use (uses in a dump's order: an earlier node, an outer node before the nodes
// of its blocks, the then block before the else block; one node's uses by input position), unused
// ones last in their order. So `if c: y = ..; w = ..` read as `y * w` prints `%y, %w = prim::If`,
// whatever order the emitter made them in.
#include <algorithm>
#include <numeric>
#include <optional>

#include "graph/edit.h"

namespace kiln::graph {

namespace {

size_t blocks_from_graph_block(const Node* n) {
    size_t d = 0;
    for (const Block* b = n->owning_block; b && b->owning_node; b = b->owning_node->owning_block) ++d;
    return d;
}

// Within one block: the param node first, the listed nodes in order, the return node last.
bool before_in_block(const Node* a, const Node* b) {
    const Block* blk = a->owning_block;
    if (a == blk->param_node || b == blk->return_node) return true;
    if (b == blk->param_node || a == blk->return_node) return false;
    for (const Node* n : blk->nodes) {
        if (n == a) return true;
        if (n == b) return false;
    }
    return false;
}

size_t block_index(const Block* b) {
    const Node* n = b->owning_node;
    for (size_t i = 0; i < n->blocks.size(); ++i)
        if (n->blocks[i] == b) return i;
    return 0;
}

bool is_before(const Node* n1, const Node* n2) {
    size_t d1 = blocks_from_graph_block(n1), d2 = blocks_from_graph_block(n2);
    for (; d1 > d2; --d1) {
        n1 = n1->owning_block->owning_node;
        if (n1 == n2) return false;  // n2 contains n1
    }
    for (; d2 > d1; --d2) {
        n2 = n2->owning_block->owning_node;
        if (n2 == n1) return true;  // n1 contains n2
    }
    while (true) {
        if (n1->owning_block == n2->owning_block) return before_in_block(n1, n2);
        const Node* p1 = n1->owning_block->owning_node;
        const Node* p2 = n2->owning_block->owning_node;
        if (!p1 || !p2) return false;
        if (p1 == p2) return block_index(n1->owning_block) < block_index(n2->owning_block);
        n1 = p1;
        n2 = p2;
    }
}

using Use = std::pair<Node*, size_t>;

bool is_before(const Use& a, const Use& b) {
    if (a.first == b.first) return a.second < b.second;
    return is_before(a.first, b.first);
}

std::optional<Use> first_use(const Value* v) {
    if (v->uses.empty()) return std::nullopt;
    Use first = v->uses[0];
    for (size_t i = 1; i < v->uses.size(); ++i)
        if (!is_before(first, v->uses[i])) first = v->uses[i];
    return first;
}

std::vector<size_t> sort_indexes(const std::vector<Value*>& values) {
    std::vector<size_t> idx(values.size());
    std::iota(idx.begin(), idx.end(), 0);
    std::vector<std::optional<Use>> firsts;
    for (const Value* v : values) firsts.push_back(first_use(v));
    std::sort(idx.begin(), idx.end(), [&](size_t i1, size_t i2) {
        if (!firsts[i1] && !firsts[i2]) return i1 < i2;
        if (!firsts[i1]) return false;
        if (!firsts[i2]) return true;
        return is_before(*firsts[i1], *firsts[i2]);
    });
    return idx;
}

void permute_outputs(Node* n, const std::vector<size_t>& idx) {
    std::vector<Value*> old = n->outputs;
    for (size_t i = 0; i < idx.size(); ++i) {
        n->outputs[i] = old[idx[i]];
        n->outputs[i]->offset = i;
    }
}

// The inputs of `n` from `offset` on, in the order idx gives.
void permute_inputs(Node* n, size_t offset, const std::vector<size_t>& idx) {
    std::vector<Value*> old(n->inputs.begin() + static_cast<long>(offset), n->inputs.end());
    while (n->inputs.size() > offset) n->remove_input(n->inputs.size() - 1);
    for (size_t i : idx) n->add_input(old[i]);
}

void permute_params(Block* b, size_t offset, const std::vector<size_t>& idx) {
    auto& ps = b->param_node->outputs;
    std::vector<Value*> old(ps.begin() + static_cast<long>(offset), ps.end());
    for (size_t i = 0; i < idx.size(); ++i) {
        ps[offset + i] = old[idx[i]];
        ps[offset + i]->offset = offset + i;
    }
}

void canonicalize(Block* block) {
    std::vector<Node*> nodes(block->nodes.begin(), block->nodes.end());
    for (auto it = nodes.rbegin(); it != nodes.rend(); ++it) {
        Node* n = *it;
        if (n->kind == "prim::If" && n->blocks.size() == 2 && n->outputs.size() > 1) {
            auto idx = sort_indexes(n->outputs);
            permute_outputs(n, idx);
            for (Block* b : n->blocks) permute_inputs(b->return_node, 0, idx);
        } else if (n->kind == "prim::Loop" && n->blocks.size() == 1 && n->outputs.size() > 1) {
            auto idx = sort_indexes(n->outputs);
            Block* body = n->blocks[0];
            permute_outputs(n, idx);
            permute_inputs(n, 2, idx);
            permute_params(body, 1, idx);
            permute_inputs(body->return_node, 1, idx);
        }
        for (Block* b : n->blocks) canonicalize(b);
    }
}

}  // namespace

void canonicalize_outputs(Graph& g) { canonicalize(g.block()); }

}  // namespace kiln::graph
