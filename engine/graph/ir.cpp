// Graph construction and editing: nodes, values, blocks, use lists, unique names, copying, inlining.
//
// Nodes and values are owned by their Graph (freed with it), so passes can hold raw pointers while
// they edit. Every edit keeps the use lists exact (Value::uses mirrors Node::inputs), which is what
// lets passes ask "who reads this value?" without a scan, and what verify() checks.
#include "graph/ir.h"

#include <algorithm>
#include <cstdint>
#include <functional>

#include "support/error.h"

namespace kiln::graph {

std::string SourceLoc::str() const {
    return (file.empty() ? std::string("<unknown>") : file) + ":" + std::to_string(line) + ":" + std::to_string(col);
}

// ---- Value --------------------------------------------------------------------------------------

std::string Value::name() const { return debug_name.empty() ? std::to_string(unique) : debug_name; }

Graph* Value::owning_graph() const { return node ? node->owning_graph() : nullptr; }

// TorchScript's naming: a value takes the name it is given; if another value holds that name, the
// *other* value is renamed base.N (N from a per-base counter, so names read x.1, x.3, ...), which
// is why the latest definition of a Python variable prints as plain %x. Names that are plain
// numbers would collide with unnamed values' %N, so they get a leading underscore.
void Value::set_debug_name(const std::string& name_in) {
    Graph* g = owning_graph();
    if (!g) {
        debug_name = name_in;
        return;
    }
    if (!debug_name.empty()) {
        auto it = g->names_in_use.find(debug_name);
        if (it != g->names_in_use.end() && it->second == this) g->names_in_use.erase(it);
    }
    if (name_in.empty()) {
        debug_name.clear();
        return;
    }
    auto is_digits = [](const std::string& t, size_t from) {
        return from < t.size() && std::all_of(t.begin() + static_cast<long>(from), t.end(),
                                              [](char c) { return c >= '0' && c <= '9'; });
    };
    std::string name = is_digits(name_in, 0) ? "_" + name_in : name_in;
    g->free_name(name, this);
    debug_name = name;
    g->names_in_use[name] = this;
}

// Frees `name` for `claimant`: the value holding it (if another) is renamed base.N.
void Graph::free_name(const std::string& name, const Value* claimant) {
    auto is_digits = [](const std::string& t, size_t from) {
        return from < t.size() && std::all_of(t.begin() + static_cast<long>(from), t.end(),
                                              [](char c) { return c >= '0' && c <= '9'; });
    };
    auto owner = names_in_use.find(name);
    if (owner == names_in_use.end() || owner->second == claimant) return;
    int64_t suffix = 1;
    std::string base = name;
    auto dot = name.rfind('.');
    if (dot != std::string::npos && is_digits(name, dot + 1)) {
        suffix = std::stoll(name.substr(dot + 1));
        base = name.substr(0, dot);
    }
    auto counter = name_counts.find(base);
    if (counter != name_counts.end()) suffix = std::max<int64_t>(suffix, counter->second + 1);
    std::string replacement;
    do {
        replacement = base + "." + std::to_string(suffix++);
    } while (names_in_use.count(replacement));
    name_counts[base] = int(suffix);
    Value* other = owner->second;
    names_in_use.erase(owner);
    other->debug_name = replacement;
    names_in_use[replacement] = other;
}

void Graph::transient_value(const std::string& name) {
    if (mute_transients) return;
    Value* v = new_value(nullptr, 0, nullptr);
    transients_.push_back(v);
    if (name.empty()) return;
    bool digits = name.find_first_not_of("0123456789") == std::string::npos;
    std::string n = digits ? "_" + name : name;
    free_name(n, v);
    v->debug_name = n;
    names_in_use[n] = v;
}

void Graph::transient_clone(const Value* original) {
    const std::string first = original->debug_name;
    transient_value(first);
    if (mute_transients || first.empty()) return;
    Value* copy = transients_.back();
    const std::string second = original->debug_name;  // what the first claim renamed it to
    if (second == copy->debug_name) return;
    names_in_use.erase(copy->debug_name);
    free_name(second, copy);
    copy->debug_name = second;
    names_in_use[second] = copy;
}

void Graph::erase_transients() {
    for (Value* v : transients_) {
        auto it = names_in_use.find(v->debug_name);
        if (!v->debug_name.empty() && it != names_in_use.end() && it->second == v) names_in_use.erase(it);
        v->debug_name.clear();
    }
    transients_.clear();
}

void Graph::defer_number(Value* v) {
    KILN_CHECK(v->unique + 1 == next_unique_, RuntimeError, "defer_number: %", v->name(), " is not the value made last");
    --next_unique_;
    v->unique = SIZE_MAX;  // prints as a huge number if nobody assigns one: a visible bug
}

void Value::replace_all_uses_with(Value* v) {
    if (v == this) return;
    auto old_uses = uses;
    for (auto& [user, index] : old_uses) user->replace_input(index, v);
}

// ---- Node ---------------------------------------------------------------------------------------

const IValue* Node::attr(const std::string& n) const {
    for (const auto& a : attrs)
        if (a.name == n) return &a.value;
    return nullptr;
}

void Node::set_attr(const std::string& n, IValue v) {
    for (auto& a : attrs)
        if (a.name == n) {
            a.value = std::move(v);
            return;
        }
    attrs.push_back({n, std::move(v)});
}

Value* Node::add_input(Value* v) {
    inputs.push_back(v);
    v->uses.emplace_back(this, inputs.size() - 1);
    return v;
}

static void drop_use(Value* v, Node* user, size_t index) {
    auto& u = v->uses;
    auto it = std::find(u.begin(), u.end(), std::make_pair(user, index));
    if (it != u.end()) u.erase(it);
}

void Node::replace_input(size_t i, Value* v) {
    drop_use(inputs.at(i), this, i);
    inputs[i] = v;
    v->uses.emplace_back(this, i);
}

void Node::remove_input(size_t i) {
    drop_use(inputs.at(i), this, i);
    // Later inputs shift down by one: their use records must follow.
    for (size_t j = i + 1; j < inputs.size(); ++j)
        for (auto& use : inputs[j]->uses)
            if (use.first == this && use.second == j) use.second = j - 1;
    inputs.erase(inputs.begin() + static_cast<long>(i));
}

void Node::remove_all_inputs() {
    for (size_t i = 0; i < inputs.size(); ++i) drop_use(inputs[i], this, i);
    inputs.clear();
}

Value* Node::add_output(TypePtr type) {
    Graph* g = owning_graph();
    Value* v = g->new_value(this, outputs.size(), type ? std::move(type) : tensor_type());
    outputs.push_back(v);
    return v;
}

Block* Node::add_block() {
    Block* b = owning_graph()->new_block(this);
    blocks.push_back(b);
    return b;
}

Graph* Node::owning_graph() const { return owning_block ? owning_block->graph : nullptr; }

size_t Node::index_in_block() const {
    size_t i = 0;
    for (Node* n : owning_block->nodes) {
        if (n == this) return i;
        ++i;
    }
    return i;
}

void Node::destroy() {
    for (Value* o : outputs)
        KILN_CHECK(o->uses.empty(), RuntimeError, "cannot delete node ", kind, ": its output %", o->name(),
                   " still has uses");
    // Nodes of nested blocks, at any depth, stop using outer values: a value read only inside a
    // deleted branch must look unused afterwards.
    std::function<void(Block*)> strip = [&](Block* b) {
        for (auto it = b->nodes.rbegin(); it != b->nodes.rend(); ++it) {
            for (Block* inner : (*it)->blocks) strip(inner);
            (*it)->remove_all_inputs();
        }
        b->return_node->remove_all_inputs();
    };
    for (Block* b : blocks) strip(b);
    remove_all_inputs();
    if (Graph* g = owning_graph())
        for (Value* o : outputs) {
            auto it = o->debug_name.empty() ? g->names_in_use.end() : g->names_in_use.find(o->debug_name);
            if (it != g->names_in_use.end() && it->second == o) g->names_in_use.erase(it);
        }
    unlink();
    // The memory stays with the graph until it is destroyed; the node is unreachable now (a pass
    // holding a list of nodes can tell a destroyed one by its missing block).
    owning_block = nullptr;
}

void Node::unlink() {
    if (listed && owning_block) owning_block->nodes.erase(pos);
    listed = false;
}

// Before/after `other`; next to a block's param or return node (not listed): at the list's end.
static void place(Node* self, Node* other, bool after) {
    self->unlink();
    Block* b = other->owning_block;
    auto it = other->listed ? other->pos : b->nodes.end();
    if (after && other->listed) ++it;
    self->pos = b->nodes.insert(it, self);
    self->listed = true;
    self->owning_block = b;
}

void Node::insert_before(Node* other) { place(this, other, false); }
void Node::insert_after(Node* other) { place(this, other, true); }

// ---- Block --------------------------------------------------------------------------------------

const std::vector<Value*>& Block::params() const { return param_node->outputs; }

const std::vector<Value*>& Block::returns() const { return return_node->inputs; }

Value* Block::add_param(TypePtr type, const std::string& debug_name) {
    Value* v = param_node->add_output(std::move(type));
    if (!debug_name.empty()) v->set_debug_name(debug_name);
    return v;
}

void Block::erase_param(size_t i) {
    auto& ps = param_node->outputs;
    KILN_CHECK(i < ps.size() && ps[i]->uses.empty(), RuntimeError, "cannot remove block parameter ", i,
               ": it is missing or still used");
    Value* v = ps[i];
    auto it = graph->names_in_use.find(v->debug_name);
    if (!v->debug_name.empty() && it != graph->names_in_use.end() && it->second == v) graph->names_in_use.erase(it);
    ps.erase(ps.begin() + static_cast<long>(i));
    for (size_t j = i; j < ps.size(); ++j) ps[j]->offset = j;
}

void Block::register_return(Value* v) { return_node->add_input(v); }

Node* Block::append(Node* n) {
    n->unlink();
    n->owning_block = this;
    n->pos = nodes.insert(nodes.end(), n);
    n->listed = true;
    return n;
}

// ---- Graph --------------------------------------------------------------------------------------

Graph::Graph() {
    top_ = new_block(nullptr);
    insert_block_ = top_;
}

Graph::~Graph() = default;

Value* Graph::new_value(Node* n, size_t offset, TypePtr type) {
    auto v = std::make_unique<Value>();
    v->node = n;
    v->offset = offset;
    v->type = std::move(type);
    v->unique = next_unique();
    value_store_.push_back(std::move(v));
    return value_store_.back().get();
}

Block* Graph::new_block(Node* owner) {
    auto b = std::make_unique<Block>();
    b->graph = this;
    b->owning_node = owner;
    block_store_.push_back(std::move(b));
    Block* blk = block_store_.back().get();
    // The param and return nodes belong to the block without being in its node list.
    auto make = [&](const char* kind) {
        auto node = std::make_unique<Node>();
        node->kind = kind;
        node->owning_block = blk;
        node_store_.push_back(std::move(node));
        return node_store_.back().get();
    };
    blk->param_node = make("prim::Param");
    blk->return_node = make("prim::Return");
    return blk;
}

Node* Graph::create(const std::string& kind, const std::vector<Value*>& inputs, size_t num_outputs) {
    auto node = std::make_unique<Node>();
    node->kind = kind;
    Node* n = node.get();
    node_store_.push_back(std::move(node));
    // A detached node still needs a graph for its outputs: park it on the top block without
    // listing it (owning_block is reset by append/insert).
    n->owning_block = top_;
    for (Value* v : inputs) n->add_input(v);
    for (size_t i = 0; i < num_outputs; ++i) n->add_output();
    n->owning_block = nullptr;
    return n;
}

Node* Graph::insert(const std::string& kind, const std::vector<Value*>& inputs, size_t num_outputs) {
    Node* n = create(kind, inputs, num_outputs);
    insert_block_->append(n);
    return n;
}

Value* Graph::insert_constant(const IValue& v, const SourceLoc& loc) {
    Node* n = insert("prim::Constant", {}, 1);
    if (!v.is_none()) n->set_attr("value", v);
    n->output()->type = v.is_none() ? none_type() : v.type();
    // TorchScript types constants of lists of ints as int[], of a dtype as int, etc.: IValue::type
    // gives the complete tensor type for tensor constants, which is how traced graphs print them.
    n->loc = loc;
    return n->output();
}

static void walk(const Block* b, std::vector<Node*>& out) {
    for (Node* n : b->nodes) {
        out.push_back(n);
        for (Block* sub : n->blocks) walk(sub, out);
    }
}

std::vector<Node*> Graph::all_nodes() const {
    std::vector<Node*> out;
    walk(top_, out);
    return out;
}

// ---- copying and inlining -----------------------------------------------------------------------

namespace {

using ValueMap = std::unordered_map<const Value*, Value*>;

void copy_block_into(const Block* from, Block* to, ValueMap& map);

Node* clone_node(const Node* n, Block* into, ValueMap& map) {
    Graph* g = into->graph;
    Node* c = g->create(n->kind, {}, 0);
    into->append(c);
    c->schema = n->schema;
    c->attrs = n->attrs;
    c->loc = n->loc;
    c->scope = n->scope;
    for (Value* in : n->inputs) {
        auto it = map.find(in);
        KILN_CHECK(it != map.end(), RuntimeError, "graph copy: input %", in->name(), " of ", n->kind,
                   " is not defined before use");
        c->add_input(it->second);
    }
    for (Value* o : n->outputs) {
        Value* co = c->add_output(o->type);
        if (!o->debug_name.empty()) co->set_debug_name(o->debug_name);
        map[o] = co;
    }
    for (const Block* b : n->blocks) {
        Block* cb = c->add_block();
        copy_block_into(b, cb, map);
    }
    return c;
}

void copy_block_into(const Block* from, Block* to, ValueMap& map) {
    for (Value* p : from->params()) map[p] = to->add_param(p->type, p->debug_name);
    for (const Node* n : from->nodes) clone_node(n, to, map);
    for (Value* r : from->returns()) to->register_return(map.at(r));
}

}  // namespace

std::unique_ptr<Graph> Graph::copy() const {
    auto g = std::make_unique<Graph>();
    ValueMap map;
    copy_block_into(top_, g->block(), map);
    return g;
}

std::vector<Value*> inline_graph(const Graph& from, Graph& into, const std::vector<Value*>& inputs) {
    KILN_CHECK(inputs.size() == from.inputs().size(), RuntimeError, "inline_graph: the graph takes ",
               from.inputs().size(), " inputs but ", inputs.size(), " were given");
    ValueMap map;
    for (size_t i = 0; i < inputs.size(); ++i) map[from.inputs()[i]] = inputs[i];
    for (const Node* n : from.block()->nodes) clone_node(n, into.insertion_block(), map);
    std::vector<Value*> outs;
    for (Value* r : from.outputs()) outs.push_back(map.at(r));
    return outs;
}

}  // namespace kiln::graph
