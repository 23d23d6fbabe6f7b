// PyTorch's TransformExits, as exit_transforms.h describes: ExitTransformer over the graph's blocks
// (first for loop continuations, the prim::LoopContinuation nodes the compiler emits for break and
// continue, each loop body their target; then for returns), then inlineConsecutiveIfs.
#include "capture/script/exit_transforms.h"

#include <iterator>
#include <map>

#include "graph/edit.h"
#include "graph/passes/passes.h"
#include "support/error.h"

namespace kiln::capture::script {

using graph::Block;
using graph::IValue;
using graph::Node;
using graph::TypePtr;
using graph::Value;

namespace {

// WILL: the block surely exits; MIGHT: it may; WONT: it does not; THROWS: it always raises (the
// other branch of an If then decides alone).
enum class Status { Will, Might, Wont, Throws };

struct ExitPair {
    Value* exited = nullptr;  // the has-exited bool (the transformer's true/false/throws values mark
                              // the static cases)
    std::vector<Value*> values;  // what the exit carries (the returned value)
};

class ExitTransformer {
public:
    explicit ExitTransformer(graph::Graph& g) : g_(g) {
        Node* front = g.block()->nodes.front();
        true_ = graph::insert_constant_before(front, IValue(true));
        false_ = graph::insert_constant_before(front, IValue(false));
        throws_ = unit(graph::bool_type());  // never read: a raise comes first
    }

    void transform_returns() {
        kind_ = "prim::ReturnStmt";
        transform(g_.block());
    }
    void transform_loop_continuations() {
        kind_ = "prim::LoopContinuation";
        transform(g_.block());
    }

private:
    ExitPair wont() const { return {false_, {}}; }
    ExitPair throws() const { return {throws_, {}}; }

    Status status(const ExitPair& p) const {
        if (p.exited == true_) return Status::Will;
        if (p.exited == false_) return Status::Wont;
        if (p.exited == throws_) return Status::Throws;
        return Status::Might;
    }

    // One prim::Uninitialized per type, at the top of the graph (getUnitValue). PyTorch keys its
    // cache on the type object, not its spelling: two parameters annotated Optional[int] hold two
    // type objects, an unannotated parameter's inferred Tensor is not the Tensor an operator
    // returns, so each gets its own value.
    Value* unit(const TypePtr& t) {
        const graph::Type* key = t.get();
        auto it = units_.find(key);
        if (it != units_.end()) return it->second;
        Node* n = g_.create("prim::Uninitialized", {}, 1);
        n->output()->type = t;
        Block* top = g_.block();
        if (top->nodes.empty()) top->append(n);
        else n->insert_before(top->nodes.front());
        units_[key] = n->output();
        return n->output();
    }

    std::vector<Value*> match_uninitialized(const std::vector<Value*>& like) {
        std::vector<Value*> out;
        for (Value* v : like) out.push_back(unit(v->type));
        return out;
    }

    static void replace_block_outputs(Block* b, const std::vector<Value*>& outs) {
        while (!b->returns().empty()) graph::erase_return(b, 0);
        for (Value* v : outs) b->register_return(v);
    }

    static void add_if_outputs(Node* n, const std::vector<Value*>& then_outs, const std::vector<Value*>& else_outs) {
        for (Value* v : then_outs) n->blocks[0]->register_return(v);
        for (Value* v : else_outs) n->blocks[1]->register_return(v);
        for (size_t i = 0; i < then_outs.size(); ++i) {
            TypePtr t = graph::unify_types(then_outs[i]->type, else_outs[i]->type);
            n->add_output(t ? t : then_outs[i]->type);
        }
    }

    static std::vector<Value*> last_outputs(Node* n, size_t k) {
        return std::vector<Value*>(n->outputs.end() - static_cast<long>(k), n->outputs.end());
    }

    ExitPair transform_loop(Node* node) {
        Block* body = node->blocks.at(0);
        ExitPair p = transform(body);
        Status st = status(p);
        // Not exiting past the loop, or throwing (the loop may not run): nothing to carry out.
        if (st == Status::Wont || st == Status::Throws) return wont();
        // The loop stops once an exit was hit: its condition becomes `if exited: False else cond`.
        Node* guard = g_.create("prim::If", {p.exited}, 0);
        body->append(guard);
        guard->add_block()->register_return(false_);
        guard->add_block()->register_return(body->returns().at(0));
        Value* cond = guard->add_output(graph::bool_type());
        body->return_node->replace_input(0, cond);
        // has-exited and the exit values become loop-carried (not exited if the loop never ran).
        node->add_input(false_);
        body->add_param(graph::bool_type());
        body->register_return(p.exited);
        Value* exited = node->add_output(graph::bool_type());
        for (Value* v : p.values) {
            TypePtr t = v->type;
            node->add_input(unit(t));
            node->add_output(t);
            body->add_param(t);
            body->register_return(v);
        }
        return {exited, last_outputs(node, p.values.size())};
    }

    static Status if_status(Status then_st, Status else_st) {
        if (then_st == Status::Throws) return else_st;
        if (else_st == Status::Throws) return then_st;
        if (then_st == Status::Wont && else_st == Status::Wont) return Status::Wont;
        if (then_st == Status::Will && else_st == Status::Will) return Status::Will;
        return Status::Might;
    }

    ExitPair transform_if(Node* n) {
        ExitPair tp = transform(n->blocks.at(0));
        ExitPair ep = transform(n->blocks.at(1));
        Status ts = status(tp), es = status(ep);
        Status st = if_status(ts, es);
        if (st == Status::Throws) return throws();
        if (st == Status::Wont) return wont();
        // The block that does not exit returns uninitialized values of the exit values' types.
        if (ts == Status::Wont || ts == Status::Throws) tp.values = match_uninitialized(ep.values);
        else if (es == Status::Wont || es == Status::Throws) ep.values = match_uninitialized(tp.values);
        Value* exited = true_;
        if (st != Status::Will) {
            add_if_outputs(n, {tp.exited}, {ep.exited});
            exited = n->outputs.back();
        }
        add_if_outputs(n, tp.values, ep.values);
        return {exited, last_outputs(n, tp.values.size())};
    }

    // The nodes from `it` on run only if the exit was not hit: they move into the else block of a
    // new If on has-exited, whose outputs become the block's outputs.
    ExitPair guard_block_nodes(Block* block, const ExitPair& p, std::list<Node*>::iterator it) {
        Node* n = g_.create("prim::If", {p.exited}, 0);
        n->insert_before(*it);
        Block* exit_block = n->add_block();
        Block* guard_block = n->add_block();
        while (it != block->nodes.end()) {
            Node* m = *it++;
            guard_block->append(m);
        }
        std::vector<Value*> outs = block->returns();
        std::vector<Value*> exit_vals = match_uninitialized(outs);
        for (size_t i = 0; i < outs.size(); ++i) {
            exit_block->register_return(exit_vals[i]);
            guard_block->register_return(outs[i]);
            n->add_output(outs[i]->type);
        }
        replace_block_outputs(block, n->outputs);
        exit_block->append(g_.create(kind_, p.values, 0));
        return transform_if(n);
    }

    // A node after a certain exit never runs: readers of its outputs (block outputs) read an
    // uninitialized value instead.
    void destroy_after_exit(Node* n) {
        for (Value* o : n->outputs)
            if (!o->uses.empty()) o->replace_all_uses_with(unit(o->type));
        n->destroy();
    }

    void delete_after_exit(Block* block, std::list<Node*>::iterator it) {
        if (it == block->nodes.end()) return;
        std::vector<Node*> doomed(it, block->nodes.end());
        for (auto r = doomed.rbegin(); r != doomed.rend(); ++r) destroy_after_exit(*r);
    }

    // Returns target the graph's block (and a closure's); loop continuations the innermost loop body.
    void update_target(Block* block) {
        Node* owner = block->owning_node;
        if (owner && owner->kind == "prim::Loop" && kind_ == "prim::LoopContinuation") target_ = block;
        else if (!owner && kind_ == "prim::ReturnStmt") target_ = block;
    }

    ExitPair transform(Block* block) {
        Block* prev_target = target_;
        update_target(block);
        ExitPair p = wont();
        for (auto it = block->nodes.begin(); it != block->nodes.end();) {
            Node* n = *it;
            ++it;
            if (n->kind == "prim::RaiseException") {
                p = throws();
            } else if (n->kind == "prim::ReturnStmt" || n->kind == "prim::LoopContinuation") {
                if (n->kind == kind_) {
                    p = {true_, n->inputs};
                    n->destroy();
                }
            } else if (n->kind == "prim::If") {
                p = transform_if(n);
            } else if (n->kind == "prim::Loop") {
                p = transform_loop(n);
            }
            Status st = status(p);
            if (st == Status::Will || st == Status::Throws) {
                delete_after_exit(block, it);
                break;
            }
            if (st == Status::Might) {
                if (it != block->nodes.end()) p = guard_block_nodes(block, p, it);
                break;
            }
        }
        // The exit's target: its outputs are the exit values where it exited.
        if (target_ == block) {
            Status st = status(p);
            if (st == Status::Might) {
                Node* n = g_.create("prim::If", {p.exited}, 0);
                block->append(n);
                n->add_block();
                n->add_block();
                add_if_outputs(n, p.values, block->returns());
                replace_block_outputs(block, n->outputs);
            } else if (st == Status::Will) {
                replace_block_outputs(block, p.values);
            }
            p = wont();
        }
        target_ = prev_target;
        return p;
    }

    graph::Graph& g_;
    std::string kind_;
    Value* true_ = nullptr;
    Value* false_ = nullptr;
    Value* throws_ = nullptr;
    Block* target_ = nullptr;
    std::map<const graph::Type*, Value*> units_;
};

bool is_bool_constant(const Value* v, bool& out) {
    if (!v->node || !v->node->is_constant()) return false;
    const IValue* x = v->node->attr("value");
    if (!x || !x->is_bool()) return false;
    out = x->to_bool();
    return true;
}

// `if x: return 1` then `return 2` leaves an If on the first If's has-exited output: when that output
// is a different constant in each branch, the second If's blocks are copied into the first's.
bool inline_consecutive_ifs(Node* n) {
    if (n->kind != "prim::If" || !n->listed) return false;
    auto next_it = std::next(n->pos);
    if (next_it == n->owning_block->nodes.end()) return false;
    Node* second = *next_it;
    if (second->kind != "prim::If" || second->inputs.at(0)->node != n) return false;
    size_t offset = second->inputs.at(0)->offset;
    bool then_value = false, else_value = false;
    if (!is_bool_constant(n->blocks[0]->returns().at(offset), then_value) ||
        !is_bool_constant(n->blocks[1]->returns().at(offset), else_value) || then_value == else_value)
        return false;
    for (int i = 0; i < 2; ++i) {
        Block* first_block = n->blocks[size_t(i)];
        bool taken = i == 0 ? then_value : else_value;
        Block* second_block = second->blocks[taken ? 0 : 1];
        graph::clone_block_from(first_block, second_block, [&](Value* v) {
            return v->node == n ? first_block->returns().at(v->offset) : v;
        });
    }
    for (Value* o : second->outputs) {
        Value* out = n->add_output(o->type);
        if (!o->debug_name.empty()) out->set_debug_name(o->debug_name);
        o->replace_all_uses_with(out);
    }
    second->destroy();
    return true;
}

void inline_consecutive_ifs(Block* b) {
    for (auto it = b->nodes.begin(); it != b->nodes.end();) {
        for (Block* sub : (*it)->blocks) inline_consecutive_ifs(sub);
        if (!inline_consecutive_ifs(*it)) ++it;
    }
}

}  // namespace

void transform_exits(graph::Graph& g) {
    KILN_CHECK(!g.block()->nodes.empty(), RuntimeError, "transform_exits: the graph has no nodes");
    ExitTransformer loops(g);
    loops.transform_loop_continuations();
    ExitTransformer returns(g);
    returns.transform_returns();
    inline_consecutive_ifs(g.block());
}

}  // namespace kiln::capture::script
