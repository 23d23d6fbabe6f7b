// Typed node emission for the back end's rewrites (emit.h says why shapes are computed by hand).
#include "passes/emit.h"

#include <algorithm>
#include <cmath>
#include <unordered_map>

#include "ops/output_layout.h"
#include "support/error.h"

namespace kiln::passes {

using graph::IValue;
using graph::Node;
using graph::Value;

bool TensorInfo::contiguous() const {
    // Size-1 dims may carry any stride, as PyTorch's is_contiguous allows.
    int64_t expected = 1;
    for (int64_t d = dim() - 1; d >= 0; --d) {
        if (sizes[d] == 1) continue;
        if (strides[d] != expected) return false;
        expected *= sizes[d];
    }
    return true;
}

std::optional<TensorInfo> tensor_info(const Value* v) {
    if (!v || !v->type || !v->type->is_complete_tensor() || !v->type->dtype || !v->type->strides) return std::nullopt;
    TensorInfo t;
    t.dtype = *v->type->dtype;
    t.sizes = *v->type->sizes;
    t.strides = *v->type->strides;
    t.device = v->type->device.value_or(Device::CPU);
    return t;
}

graph::TypePtr tensor_type_of(const TensorInfo& t) {
    return graph::complete_tensor_type(t.dtype, t.sizes, t.strides, false, t.device);
}

TensorInfo contiguous_like(DType dtype, const Shape& sizes, Device device) {
    TensorInfo t;
    t.dtype = dtype;
    t.sizes = sizes;
    t.strides = contiguous_strides(sizes);
    t.device = device;
    return t;
}

std::optional<IValue> constant_value(const Value* v) {
    if (!v || !v->node) return std::nullopt;
    const Node* n = v->node;
    if (n->is_constant()) {
        const IValue* x = n->attr("value");
        return x ? *x : IValue();
    }
    if (n->kind == "prim::ListConstruct") {
        graph::IValueList items;
        for (const Value* in : n->inputs) {
            auto c = constant_value(in);
            if (!c || c->is_tensor()) return std::nullopt;
            items.push_back(*c);
        }
        return IValue::list(std::move(items));
    }
    return std::nullopt;
}

Value* input_named(const Node* n, const char* name) {
    const int i = n->schema->arg_index(name);
    return i < 0 ? nullptr : n->inputs.at(size_t(i));
}

std::optional<std::vector<int64_t>> constant_ints(const Value* v) {
    auto c = constant_value(v);
    if (!c) return std::nullopt;
    if (c->is_int()) return std::vector<int64_t>{c->to_int()};
    if (!c->is_list()) return std::nullopt;
    std::vector<int64_t> out;
    for (const IValue& x : c->items()) {
        if (!x.is_int()) return std::nullopt;
        out.push_back(x.to_int());
    }
    return out;
}

bool is_none_value(const Value* v) {
    if (!v) return true;  // an argument the schema does not have reads as None
    auto c = constant_value(v);
    return c && c->is_none();
}

TensorInfo Emitter::info(const Value* v) {
    auto t = tensor_info(v);
    KILN_CHECK(t.has_value(), RuntimeError, "graph pass: value %", v->name(), " has no complete tensor type");
    return *t;
}

Value* Emitter::constant(const IValue& v) {
    Node* c = g_->create("prim::Constant", {}, 1);
    if (!v.is_none()) c->set_attr("value", v);
    c->output()->type = v.is_none() ? graph::none_type() : v.type();
    c->insert_before(anchor_);
    return c->output();
}

// Inductor names kernels after the ops the graph had before decomposition, spelled as the
// dispatcher sees them: composite ops appear as the op they call (softmax is _softmax, layer_norm
// native_layer_norm), and linear's own pieces (t, addmm) stand for themselves.
std::string original_aten(const Node* n) {
    if (!n->origin.empty()) return n->origin;
    static const std::unordered_map<std::string, std::string> composite = {
        {"aten::softmax", "_softmax"},
        {"aten::log_softmax", "_log_softmax"},
        {"aten::layer_norm", "native_layer_norm"},
        {"aten::batch_norm", "_native_batch_norm_legit_no_training"},
        {"aten::linear", ""},
        {"aten::dropout", ""},
    };
    auto it = composite.find(n->kind);
    if (it != composite.end()) return it->second;
    return n->kind.substr(n->kind.find("::") + 2);
}

Value* Emitter::op(const std::string& qualified, const std::vector<Value*>& inputs, const TensorInfo& out) {
    const graph::OpSchema* s = graph::find_schema(qualified);
    KILN_CHECK(s != nullptr, RuntimeError, "graph pass: no operator ", qualified, " in the op table");
    KILN_CHECK(s->args.size() == inputs.size(), RuntimeError, "graph pass: ", qualified, " takes ", s->args.size(),
               " arguments, got ", inputs.size());
    Node* n = g_->create(s->name, inputs, 1);
    n->schema = s;
    n->loc = anchor_->loc;
    n->scope = anchor_->scope;
    n->origin = original_aten(anchor_);
    n->output()->type = tensor_type_of(out);
    n->insert_before(anchor_);
    return n->output();
}

namespace {

// A Python number as a graph constant: integral values stay ints (PyTorch's decompositions write
// `x + 1`, and an int scalar never changes a float tensor's dtype).
IValue number(double s) {
    if (std::isfinite(s) && s == std::floor(s) && std::fabs(s) < 1e15) return IValue(int64_t(s));
    return IValue(s);
}

// PyTorch's result_type for two tensors: a dimensioned tensor's dtype wins over a 0-dim one's within
// the same category (both floating, or both integral); otherwise the types promote.
DType result_dtype(const TensorInfo& a, const TensorInfo& b) {
    bool af = dtype_is_floating(a.dtype), bf = dtype_is_floating(b.dtype);
    if (af == bf && a.dim() > 0 && b.dim() == 0) return a.dtype;
    if (af == bf && b.dim() > 0 && a.dim() == 0) return b.dtype;
    return promote_types(a.dtype, b.dtype);
}

}  // namespace

namespace {
// An elementwise result's type: its strides follow the operands' as eager's (ops/output_layout.h).
TensorInfo elementwise_like(DType dtype, const Shape& sizes, Device device, std::initializer_list<TensorInfo> ins) {
    TensorInfo t = contiguous_like(dtype, sizes, device);
    std::vector<std::pair<Shape, Shape>> layouts;
    for (const TensorInfo& i : ins) layouts.emplace_back(i.sizes, i.strides);
    t.strides = elementwise_strides(sizes, layouts);
    return t;
}
}  // namespace

Value* Emitter::unary(const std::string& qualified, Value* x) {
    TensorInfo a = info(x);
    DType dt = a.dtype;
    if (!dtype_is_floating(dt) && qualified != "aten::neg") dt = default_float_dtype();  // exp(int) is float
    return op(qualified, {x}, elementwise_like(dt, a.sizes, a.device, {a}));
}

Value* Emitter::binary(const std::string& op_name, Value* a, Value* b) {
    TensorInfo x = info(a), y = info(b);
    DType dt = result_dtype(x, y);
    if (op_name == "div" && !dtype_is_floating(dt)) dt = default_float_dtype();
    TensorInfo out = elementwise_like(dt, broadcast_shapes(x.sizes, y.sizes), x.device, {x, y});
    std::vector<Value*> ins{a, b};
    if (op_name == "add" || op_name == "sub") ins.push_back(constant(IValue(int64_t(1))));  // alpha
    return op("aten::" + op_name + ".Tensor", ins, out);
}

Value* Emitter::binary(const std::string& op_name, Value* a, double s) {
    TensorInfo x = info(a);
    IValue c = number(s);
    DType dt = x.dtype;
    if (!dtype_is_floating(dt) && (c.is_double() || op_name == "div")) dt = default_float_dtype();
    std::vector<Value*> ins{a, constant(c)};
    if (op_name == "add" || op_name == "sub") ins.push_back(constant(IValue(int64_t(1))));  // alpha
    return op("aten::" + op_name + ".Scalar", ins, elementwise_like(dt, x.sizes, x.device, {x}));
}

Value* Emitter::pow(Value* x, double exponent) {
    TensorInfo a = info(x);
    IValue c = number(exponent);
    DType dt = a.dtype;
    if (!dtype_is_floating(dt) && c.is_double()) dt = default_float_dtype();
    return op("aten::pow.Tensor_Scalar", {x, constant(c)}, elementwise_like(dt, a.sizes, a.device, {a}));
}

namespace {

Shape reduced(const Shape& sizes, const std::vector<int64_t>& dims, bool keepdim) {
    std::vector<bool> gone(sizes.size(), false);
    for (int64_t d : dims) gone[size_t(d)] = true;
    Shape out;
    for (size_t d = 0; d < sizes.size(); ++d) {
        if (!gone[d]) out.push_back(sizes[d]);
        else if (keepdim) out.push_back(1);
    }
    return out;
}

}  // namespace

Value* Emitter::sum(Value* x, const std::vector<int64_t>& dims, bool keepdim) {
    TensorInfo a = info(x);
    // sum of bools and ints accumulates in int64, as torch.sum does.
    DType dt = dtype_is_floating(a.dtype) ? a.dtype : DType::Int64;
    return op("aten::sum.dim_IntList",
              {x, constant(IValue::int_list(dims)), constant(IValue(keepdim)), constant(IValue())},
              contiguous_like(dt, reduced(a.sizes, dims, keepdim), a.device));
}

Value* Emitter::sum_all(Value* x) {
    TensorInfo a = info(x);
    DType dt = dtype_is_floating(a.dtype) ? a.dtype : DType::Int64;
    return op("aten::sum", {x, constant(IValue())}, contiguous_like(dt, {}, a.device));
}

Value* Emitter::amax(Value* x, const std::vector<int64_t>& dims, bool keepdim) {
    TensorInfo a = info(x);
    return op("aten::amax", {x, constant(IValue::int_list(dims)), constant(IValue(keepdim))},
              contiguous_like(a.dtype, reduced(a.sizes, dims, keepdim), a.device));
}

Value* Emitter::view(Value* x, const std::vector<int64_t>& sizes) {
    TensorInfo a = info(x);
    KILN_CHECK(a.contiguous(), RuntimeError, "graph pass: view of a non-contiguous value %", x->name());
    Shape out(sizes.begin(), sizes.end());
    int64_t known = 1, infer = -1;
    for (size_t d = 0; d < out.size(); ++d) {
        if (out[d] == -1) infer = int64_t(d);
        else known *= out[d];
    }
    if (infer >= 0) out[size_t(infer)] = known == 0 ? 0 : shape_numel(a.sizes) / known;
    KILN_CHECK(shape_numel(out) == shape_numel(a.sizes), RuntimeError, "graph pass: view of %", x->name(),
               " to a shape with another number of elements");
    TensorInfo t = contiguous_like(a.dtype, out, a.device);
    return op("aten::view", {x, constant(IValue::int_list(sizes))}, t);
}

Value* Emitter::unsqueeze(Value* x, int64_t dim) {
    TensorInfo a = info(x);
    TensorInfo t = a;
    int64_t d = wrap_dim(dim, a.dim() + 1);
    // The new dim's stride is what PyTorch gives it: the extent of the dims after it.
    int64_t stride = d < a.dim() ? a.sizes[size_t(d)] * a.strides[size_t(d)] : 1;
    t.sizes.insert(t.sizes.begin() + d, 1);
    t.strides.insert(t.strides.begin() + d, stride);
    return op("aten::unsqueeze", {x, constant(IValue(dim))}, t);
}

Value* Emitter::t(Value* x) {
    TensorInfo a = info(x);
    TensorInfo r = a;
    if (a.dim() == 2) {
        std::swap(r.sizes[0], r.sizes[1]);
        std::swap(r.strides[0], r.strides[1]);
    }
    return op("aten::t", {x}, r);
}

Value* Emitter::slice(Value* x, int64_t dim, int64_t start, int64_t end, int64_t step) {
    TensorInfo a = info(x);
    KILN_CHECK(step > 0, RuntimeError, "graph pass: slice step must be positive");
    const int64_t d = wrap_dim(dim, a.dim());
    const int64_t size = a.sizes[size_t(d)];
    if (start < 0) start += size;
    if (end < 0) end += size;
    start = std::clamp<int64_t>(start, 0, size);
    end = std::clamp<int64_t>(end, start, size);
    TensorInfo r = a;
    r.sizes[size_t(d)] = (end - start + step - 1) / step;
    r.strides[size_t(d)] = a.strides[size_t(d)] * step;
    return op("aten::slice.Tensor",
              {x, constant(IValue(d)), constant(IValue(start)), constant(IValue(end)), constant(IValue(step))}, r);
}

Value* Emitter::expand(Value* x, const Shape& sizes) {
    TensorInfo a = info(x);
    TensorInfo r = a;
    r.sizes = sizes;
    r.strides = broadcast_strides(a.sizes, a.strides, sizes);
    return op("aten::expand", {x, constant(IValue::int_list(sizes)),
                               constant(IValue(false))},
              r);
}

Value* Emitter::mm(Value* a, Value* b) {
    TensorInfo x = info(a), y = info(b);
    return op("aten::mm", {a, b}, contiguous_like(promote_types(x.dtype, y.dtype), {x.sizes[0], y.sizes[1]}, x.device));
}

Value* Emitter::addmm(Value* bias, Value* a, Value* b) {
    TensorInfo x = info(a), y = info(b);
    return op("aten::addmm", {bias, a, b, constant(IValue(int64_t(1))), constant(IValue(int64_t(1)))},
              contiguous_like(promote_types(x.dtype, y.dtype), {x.sizes[0], y.sizes[1]}, x.device));
}

}  // namespace kiln::passes
