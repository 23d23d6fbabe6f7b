// The tracer's graph building (see tracer.h): identity-keyed tensor values, constants, attribute
// chains and node recording.
#include "capture/trace/tracer.h"

#include "tensor/meta.h"
#include "support/error.h"

namespace kiln::capture {

using namespace graph;

namespace {
thread_local Tracer* g_current = nullptr;
}

Tracer* current_tracer() { return g_current; }

TracingScope::TracingScope(Tracer* t) : previous_(g_current) { g_current = t; }
TracingScope::~TracingScope() { g_current = previous_; }

NoTraceScope::NoTraceScope() : previous_(g_current) { g_current = nullptr; }
NoTraceScope::~NoTraceScope() { g_current = previous_; }

Tracer::Tracer() : graph_(std::make_unique<Graph>()) {}

static TypePtr observed_type(const Tensor& t) {
    return complete_tensor_type(t.dtype(), t.sizes(), t.strides(), t.requires_grad(), t.device());
}

Value* Tracer::add_tensor_input(const Tensor& t, const std::string& name) {
    Value* v = graph_->add_input(observed_type(t), name);
    set_value(t, v);
    return v;
}

Value* Tracer::add_input(TypePtr type, const std::string& name) { return graph_->add_input(std::move(type), name); }

Value* Tracer::add_traced_attr(const std::string& qualname, TypePtr type, const Tensor* tensor) {
    Node* n = graph_->insert("prim::TracedAttr", {}, 1);
    n->set_attr("scope", IValue(qualname));
    n->output()->type = std::move(type);
    // A tensor reachable twice (a shared parameter) keeps its first path, as PyTorch's addInput.
    if (tensor && !values_.count(tensor->impl())) set_value(*tensor, n->output());
    has_attrs_ = true;
    return n->output();
}

std::string Tracer::submodule_scope(const void* module) const {
    auto it = submodules_.find(module);
    return it == submodules_.end() ? "" : it->second;
}

// Scopes print from the root, nested ones joined by '/' (Scope::namesFromRoot).
void Tracer::push_scope(const std::string& qualname) {
    Node* n = graph_->insert("prim::TracedModuleForward", {}, 0);
    n->set_attr("scope", IValue(qualname));
    n->loc = loc;
    n->scope = scope;
    graph_->set_insertion_block(n->add_block());
    scope = scope.empty() ? qualname : scope + "/" + qualname;
}

void Tracer::pop_scope() {
    Block* b = graph_->insertion_block();
    if (b->owning_node && b->owning_node->kind == "prim::TracedModuleForward")
        graph_->set_insertion_block(b->owning_node->owning_block);
    auto slash = scope.rfind('/');
    scope = slash == std::string::npos ? "" : scope.substr(0, slash);
}

bool Tracer::is_traced(const Tensor& t) const { return t.defined() && values_.count(t.impl()); }

void Tracer::set_value(const Tensor& t, Value* v) { values_[t.impl()] = Entry{t.impl_ptr(), v}; }

Value* Tracer::value_of(const Tensor& t) {
    KILN_CHECK(t.defined(), RuntimeError, "tracer: an undefined tensor has no graph value");
    auto it = values_.find(t.impl());
    if (it != values_.end()) {
        Value* v = it->second.value;
        // TracingState::getValue: a value without a name takes the Python local's at its use; the
        // module attributes' placeholders too (`weight` in _conv_forward), whose names then push
        // the GetAttrs made from them later to higher suffixes (%bias.5).
        bool produced = v->node && v->node->kind != "prim::Param" && v->node->kind != "prim::Constant";
        if (produced && v->debug_name.empty() && lookup_var_name) {
            std::string name = lookup_var_name(t);
            if (!name.empty()) v->set_debug_name(name);
        }
        return v;
    }
    // A tensor that did not come from the inputs: its value is frozen into the graph (so it must
    // have one: a tensor computed in meta mode has none, tensor/meta.h).
    require_data(t.impl()->storage.get());
    if (t.requires_grad()) froze_requires_grad = true;
    Value* c = graph_->insert_constant(IValue(t.detach()), loc);
    c->node->scope = scope;
    set_value(t, c);
    return c;
}

// A constant carries the current module scope like every node the tracer makes (a TorchScript
// Node takes its graph's current scope when created), so a submodule's graph prints
// `prim::Constant[value=1](), scope: __module.block`.
Value* Tracer::constant(const IValue& v) {
    Value* c = graph_->insert_constant(v, loc);
    c->node->scope = scope;
    return c;
}

Node* Tracer::record(const std::string& kind, const OpSchema* schema, const std::vector<Value*>& inputs,
                     size_t num_outputs) {
    Node* n = graph_->insert(kind, inputs, num_outputs);
    n->schema = schema;
    n->loc = loc;
    n->scope = scope;
    return n;
}

void Tracer::bind_output(Value* out, const IValue& result) {
    out->type = result.is_tensor() ? observed_type(result.to_tensor()) : result.type();
    if (result.is_tensor()) set_value(result.to_tensor(), out);
}

}  // namespace kiln::capture
