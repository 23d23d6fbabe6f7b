// The graph IR: one SSA form for every capture path (trace, script, and later Dynamo).
//
// A Graph owns Nodes and Values. A Node has a kind ("aten::add", "prim::Constant", "prim::If"),
// input Values, output Values, attributes (a constant's value, a GetAttr's name), nested Blocks
// for control flow, and the user source location it came from. A Block is a list of nodes with
// parameters (its inputs) and returns (its outputs): the graph's top block has the graph inputs
// as parameters; prim::If has two blocks (then, else) whose returns become the If's outputs;
// prim::Loop(max_trip_count, start_condition, carried...) has one block whose parameters are
// (iteration, carried...) and whose returns are (continue_condition, carried...).
//
// Ops with a schema (aten::*) point at their OpSchema (graph/op_registry.h), which gives argument
// names, types and the kernel the interpreter runs; prim:: nodes are handled by the interpreter
// itself. Values print as %name (a debug name made unique with .1, .2 suffixes) or %N (a number
// unique in the graph), exactly as TorchScript does.
#pragma once
#include <cstdint>
#include <list>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "graph/ivalue.h"
#include "graph/type.h"

namespace kiln::graph {

struct Graph;
struct Node;
struct Block;
struct OpSchema;

struct SourceLoc {
    std::string file;  // "" when unknown
    int line = 0;
    int col = 0;
    // Where the source range ends (0 when unknown): error frames under-line the whole range, as
    // PyTorch's SourceRange::highlight does.
    int end_line = 0;
    int end_col = 0;
    bool known() const { return line > 0; }
    std::string str() const;  // "file.py:3:0"
};

struct Value {
    Node* node = nullptr;  // producer (a block's param node for parameters)
    size_t offset = 0;     // which output of node
    TypePtr type;
    size_t unique = 0;     // number in the graph
    std::string debug_name;  // "" -> prints as %unique
    std::vector<std::pair<Node*, size_t>> uses;  // (user, input index)

    std::string name() const;  // debug name or the unique number
    void set_debug_name(const std::string& base);  // makes it unique in the graph (x, x.1, x.2)
    void replace_all_uses_with(Value* v);
    Graph* owning_graph() const;
};

struct Node {
    std::string kind;  // "aten::add", "prim::Constant", ...
    const OpSchema* schema = nullptr;
    std::vector<Value*> inputs;
    std::vector<Value*> outputs;
    std::vector<Block*> blocks;
    Block* owning_block = nullptr;
    SourceLoc loc;
    std::string scope;  // module scope for traced submodule calls ("__module.linear")
    // The aten op a decomposition made this node from, as Inductor's original_aten names it
    // ("_softmax" for the nodes of a decomposed softmax); "" when the node is its own origin.
    std::string origin;

    // Attributes, printed in brackets: prim::Constant[value=1], prim::GetAttr[name="weight"].
    struct Attr {
        std::string name;
        IValue value;
    };
    std::vector<Attr> attrs;
    const IValue* attr(const std::string& name) const;
    void set_attr(const std::string& name, IValue v);
    bool has_attr(const std::string& name) const { return attr(name) != nullptr; }

    Value* input(size_t i) const { return inputs.at(i); }
    Value* output(size_t i = 0) const { return outputs.at(i); }
    Value* add_input(Value* v);
    void replace_input(size_t i, Value* v);
    void remove_all_inputs();
    void remove_input(size_t i);
    Value* add_output(TypePtr type = nullptr);
    Block* add_block();
    Graph* owning_graph() const;
    // Removes the node from its block (it must have no uses left) and frees it with the graph.
    void destroy();
    // Places this node just before/after `other` in other's block (moving it if already placed).
    void insert_before(Node* other);
    void insert_after(Node* other);

    bool is_constant() const { return kind == "prim::Constant"; }
    // The node's position in its block (for ordering checks; O(n)).
    size_t index_in_block() const;

    // Where the node sits in owning_block->nodes, while `listed` (a block's param and return nodes
    // belong to it without being listed): placing and removing a node are O(1), not a walk of the
    // list (passes that rewrite a 6-block transformer place thousands of nodes).
    bool listed = false;
    std::list<Node*>::iterator pos;
    void unlink();  // out of its block's list (owning_block stays)
};

struct Block {
    Node* owning_node = nullptr;  // nullptr for the graph's top block
    Node* param_node = nullptr;   // "prim::Param": its outputs are the block's parameters
    Node* return_node = nullptr;  // "prim::Return": its inputs are the block's outputs
    std::list<Node*> nodes;       // in execution order, without param/return nodes
    Graph* graph = nullptr;

    const std::vector<Value*>& params() const;
    const std::vector<Value*>& returns() const;
    Value* add_param(TypePtr type, const std::string& debug_name = "");
    // Removes parameter i, which must have no uses (its value stays with the graph, unreachable).
    void erase_param(size_t i);
    void register_return(Value* v);
    // Appends `n` at the end (before the return).
    Node* append(Node* n);
};

struct Graph {
    Graph();
    ~Graph();
    Graph(const Graph&) = delete;
    Graph& operator=(const Graph&) = delete;

    Block* block() const { return top_; }
    const std::vector<Value*>& inputs() const { return top_->params(); }
    const std::vector<Value*>& outputs() const { return top_->returns(); }
    Value* add_input(TypePtr type, const std::string& debug_name = "") { return top_->add_param(std::move(type), debug_name); }
    void register_output(Value* v) { top_->register_return(v); }

    // Makes a detached node with `num_outputs` outputs (types to set); put it with block->append
    // or insert_before/after. The insertion point helpers below append to `insert_block_`.
    Node* create(const std::string& kind, const std::vector<Value*>& inputs = {}, size_t num_outputs = 1);
    // Creates and appends at the insertion point (the end of the current insertion block).
    Node* insert(const std::string& kind, const std::vector<Value*>& inputs = {}, size_t num_outputs = 1);
    Block* insertion_block() const { return insert_block_; }
    void set_insertion_block(Block* b) { insert_block_ = b; }
    // prim::Constant holding `v`, typed from the value, inserted at the insertion point.
    Value* insert_constant(const IValue& v, const SourceLoc& loc = {});

    // TorchScript-style text: graph(%x : Tensor, ...):\n  %1 : Tensor = aten::relu(%x) # f.py:2:11\n ...
    std::string str(bool print_source_locations = true) const;
    // Deep copy (used by freeze and by check_trace comparisons).
    std::unique_ptr<Graph> copy() const;

    // Every node in program order, nested blocks included (a pre-order walk).
    std::vector<Node*> all_nodes() const;

    // A value that exists only while a graph is being built, as TorchScript's emitter makes them
    // (the prim::Load of a variable read, erased again by ConvertToSSA): it takes the next number
    // and, when `name` is not empty, the name itself, so the value holding `name` until then is
    // renamed name.N as Value::set_debug_name renames it. It holds the name (and is renamed in turn
    // by later claims) until erase_transients, where PyTorch erases its Loads. The script compiler
    // makes one wherever PyTorch's emitter makes such a value, so that the surviving values print
    // with PyTorch's numbers and suffixes. Transient values belong to no node and no block.
    void transient_value(const std::string& name);
    // A transient copy of `original` as Block::cloneFrom makes one (InlineLoopCondition's start
    // condition, a continue's copy of the loop condition): createClone's copyMetadata claims the
    // original's name, then cloneFrom's own copyMetadata claims again the name the original was
    // just renamed to, so a named original is renamed twice and the copy keeps its second name.
    void transient_clone(const Value* original);
    void erase_transients();
    // Values that TorchScript's emitter makes only in a later pass (the outputs ConvertToSSA gives
    // an If or a Loop): `v`, the value made last, gives its number back, and takes the next free
    // one when assign_number is called at the point where PyTorch would have made it.
    void defer_number(Value* v);
    void assign_number(Value* v) { v->unique = next_unique_++; }
    // The number the next value will take, and a way back to it: the script compiler numbers a
    // while loop's condition as PyTorch's InlineLoopCondition leaves it (the copy at the end of the
    // body keeps the first numbers, the start condition takes new ones), and emits that copy with
    // its numbers given back and its variable reads (transients) muted.
    size_t peek_unique() const { return next_unique_; }
    void rewind_unique(size_t n) { next_unique_ = n; }
    bool mute_transients = false;
    const std::vector<Value*>& transients() const { return transients_; }

    // Internal bookkeeping.
    size_t next_unique() { return next_unique_++; }
    std::unordered_map<std::string, int> name_counts;  // debug-name base -> next suffix
    std::unordered_map<std::string, Value*> names_in_use;
    // Frees `name` for `claimant`: the other value holding it, if any, is renamed base.N.
    void free_name(const std::string& name, const Value* claimant);

private:
    friend struct Node;
    friend struct Block;
    Block* top_ = nullptr;
    Block* insert_block_ = nullptr;
    size_t next_unique_ = 0;
    std::vector<Value*> transients_;
    std::vector<std::unique_ptr<Node>> node_store_;
    std::vector<std::unique_ptr<Value>> value_store_;
    std::vector<std::unique_ptr<Block>> block_store_;
    Value* new_value(Node* n, size_t offset, TypePtr type);
    Block* new_block(Node* owner);
};

// Copies the nodes of `from` into `into`'s insertion point, mapping from's inputs to `inputs`;
// returns the values that correspond to from's outputs (inlining a called graph).
std::vector<Value*> inline_graph(const Graph& from, Graph& into, const std::vector<Value*>& inputs);

// Structural checks: every input defined before use and visible in scope, use lists consistent
// with inputs, block arities of prim::If/prim::Loop, schema arities of aten nodes, value types set.
// Throws kiln::Error (RuntimeError) naming the offending node's printed line.
void verify(const Graph& g);

}  // namespace kiln::graph
