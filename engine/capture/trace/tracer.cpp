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

void Tracer::add_attribute_tensor(const Tensor& t, const std::string& path, const std::string&) {
    attributes_[t.impl()] = Attr{t.impl_ptr(), path};
}

void Tracer::set_module_class(const std::string& path, const std::string& qualified_class) {
    module_classes_[path] = qualified_class;
}

bool Tracer::is_traced(const Tensor& t) const { return t.defined() && values_.count(t.impl()); }

void Tracer::set_value(const Tensor& t, Value* v) { values_[t.impl()] = Entry{t.impl_ptr(), v}; }

// self.linear.weight -> %linear = prim::GetAttr[name="linear"](%self.1); %weight = GetAttr[...](%linear).
// Each prefix is fetched once per trace, the way PyTorch's tracer reuses them.
Value* Tracer::getattr_chain(const std::string& path) {
    auto cached = getattr_cache_.find(path);
    if (cached != getattr_cache_.end()) return cached->second;
    auto dot = path.rfind('.');
    Value* owner = dot == std::string::npos ? self_ : getattr_chain(path.substr(0, dot));
    std::string leaf = dot == std::string::npos ? path : path.substr(dot + 1);
    // Attribute fetches go at the top of the graph's current block with the other nodes.
    Node* n = graph_->insert("prim::GetAttr", {owner}, 1);
    n->set_attr("name", IValue(leaf));
    auto cls = module_classes_.find(path);
    n->output()->type = cls != module_classes_.end() ? class_type(cls->second) : tensor_type();
    n->output()->set_debug_name(leaf);
    getattr_cache_[path] = n->output();
    return n->output();
}

Value* Tracer::value_of(const Tensor& t) {
    KILN_CHECK(t.defined(), RuntimeError, "tracer: an undefined tensor has no graph value");
    auto it = values_.find(t.impl());
    if (it != values_.end()) {
        Value* v = it->second.value;
        bool produced = v->node && v->node->kind != "prim::Param" && v->node->kind != "prim::Constant";
        if (produced && v->debug_name.empty() && lookup_var_name) {
            std::string name = lookup_var_name(t);
            if (!name.empty()) v->set_debug_name(name);
        }
        return v;
    }
    auto attr = attributes_.find(t.impl());
    if (attr != attributes_.end() && self_) {
        Value* v = getattr_chain(attr->second.path);
        v->type = observed_type(t);
        set_value(t, v);
        return v;
    }
    // A tensor that did not come from the inputs: its value is frozen into the graph (so it must
    // have one: a tensor computed in meta mode has none, tensor/meta.h).
    require_data(t.impl()->storage.get());
    if (t.requires_grad()) froze_requires_grad = true;
    Value* c = graph_->insert_constant(IValue(t.detach()), loc);
    set_value(t, c);
    return c;
}

Value* Tracer::constant(const IValue& v) { return graph_->insert_constant(v, loc); }

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
