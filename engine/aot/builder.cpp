// The Builder (builder.h): typed aten nodes whose types come from running the op's kernel on meta
// example tensors.
#include "aot/builder.h"

#include <cmath>

#include "autograd/grad_mode.h"
#include "passes/emit.h"
#include "support/error.h"
#include "tensor/meta.h"

namespace kiln::aot {

using graph::IValue;
using graph::IValueList;
using graph::Node;
using graph::Value;

IValue number(double s) {
    if (std::isfinite(s) && s == std::floor(s) && std::fabs(s) < 1e15) return IValue(int64_t(s));
    return IValue(s);
}

Shape Builder::sizes_of(const Value* v) {
    auto t = passes::tensor_info(v);
    KILN_CHECK(t.has_value(), RuntimeError, "AOT autograd: %", v->name(), " has no complete tensor type");
    return t->sizes;
}

namespace {

// A tensor with `t`'s layout over meta storage: the formulas' kernels read its metadata only.
Tensor meta_tensor(const passes::TensorInfo& t) {
    MetaScope scope(true);
    int64_t extent = 1;  // elements the strides can reach
    for (size_t d = 0; d < t.sizes.size(); ++d) {
        if (t.sizes[d] == 0) extent = 0;
        if (extent) extent += (t.sizes[d] - 1) * t.strides[d];
    }
    auto impl = std::make_shared<TensorImpl>();
    impl->storage = Storage::allocate(size_t(std::max<int64_t>(extent, 0)) * dtype_size(t.dtype), t.device);
    impl->sizes = t.sizes;
    impl->strides = t.strides;
    impl->dtype = t.dtype;
    return Tensor(impl);
}

}  // namespace

IValue Builder::example(Value* v) {
    auto it = examples_.find(v);
    if (it != examples_.end()) return it->second;
    IValue ex;
    if (auto t = passes::tensor_info(v)) {
        ex = IValue(meta_tensor(*t));
        // A traced Python number (the 0.5 of x * 0.5) stays a wrapped number: lowest in promotion.
        auto c = passes::constant_value(v);
        if (c && c->is_tensor() && c->to_tensor().defined() && c->to_tensor().impl()->wrapped_number)
            ex.to_tensor().impl()->wrapped_number = true;
    } else if (auto c = passes::constant_value(v)) {
        ex = *c;
    } else if (v->node && v->node->kind == "prim::ListConstruct") {
        IValueList items;
        for (Value* in : v->node->inputs) items.push_back(example(in));
        ex = IValue::list(std::move(items));
    } else {
        KILN_FAIL(RuntimeError, "AOT autograd: no example for %", v->name(), " (type ",
                  v->type ? v->type->str() : std::string("?"), ")");
    }
    examples_[v] = ex;
    return ex;
}

Value* Builder::constant(const IValue& v) {
    Node* c = g_.insert("prim::Constant", {}, 1);
    if (!v.is_none()) c->set_attr("value", v);
    c->output()->type = v.is_none() ? graph::none_type() : v.type();
    return c->output();
}

std::vector<Value*> Builder::ops(const std::string& qualified, const std::vector<Arg>& args) {
    const graph::OpSchema* s = graph::find_schema(qualified);
    KILN_CHECK(s != nullptr, RuntimeError, "AOT autograd: no operator ", qualified, " in the op table");
    KILN_CHECK(args.size() <= s->args.size(), RuntimeError, "AOT autograd: ", qualified, " takes ", s->args.size(),
               " arguments, got ", args.size());
    std::vector<Value*> inputs;
    IValueList examples;
    for (size_t i = 0; i < s->args.size(); ++i) {
        Value* v = nullptr;
        if (i < args.size()) {
            if (auto* pv = std::get_if<Value*>(&args[i])) v = *pv;
            else v = constant(std::get<IValue>(args[i]));
        } else {
            KILN_CHECK(s->args[i].default_value.has_value(), RuntimeError, "AOT autograd: ", qualified,
                       " needs its argument '", s->args[i].name, "'");
            v = constant(*s->args[i].default_value);
        }
        inputs.push_back(v);
        examples.push_back(example(v));
    }
    // The kernel decides the result's layout; meta mode keeps it from computing anything.
    IValueList results;
    {
        autograd::GradModeGuard no_grad(false);
        MetaScope meta(true);
        try {
            results = s->kernel(examples);
        } catch (const kiln::Error& e) {
            // name the op: the message alone rarely says which formula's step failed
            throw kiln::Error(e.kind(), str(qualified, " (on example values): ", e.what()));
        }
    }
    Node* n = g_.insert(s->name, inputs, results.size());
    n->schema = s;
    std::vector<Value*> outs;
    for (size_t i = 0; i < results.size(); ++i) {
        Value* o = n->output(i);
        const IValue& r = results[i];
        if (r.is_tensor()) {
            const Tensor& t = r.to_tensor();
            o->type = graph::complete_tensor_type(t.dtype(), t.sizes(), t.strides(), false, t.device());
        } else {
            o->type = r.type();
        }
        examples_[o] = r;
        outs.push_back(o);
    }
    return outs;
}

Value* Builder::mul(Value* a, double s) { return op("aten::mul.Scalar", {a, number(s)}); }
Value* Builder::add(Value* a, double s) { return op("aten::add.Scalar", {a, number(s)}); }

Value* Builder::reshape(Value* x, const Shape& sizes) {
    if (sizes_of(x) == sizes) return x;
    return op("aten::reshape", {x, IValue::int_list(std::vector<int64_t>(sizes.begin(), sizes.end()))});
}

Value* Builder::sum_to(Value* g, const Shape& sizes) {
    Shape have = sizes_of(g);
    if (have == sizes) return g;
    // Leading dims broadcasting added are summed away; dims that were 1 are summed keeping them.
    const size_t lead = have.size() - sizes.size();
    std::vector<int64_t> dims;
    for (size_t d = 0; d < have.size(); ++d)
        if (d < lead || (sizes[d - lead] == 1 && have[d] != 1)) dims.push_back(int64_t(d));
    Value* r = dims.empty() ? g : op("aten::sum.dim_IntList", {g, IValue::int_list(dims), true});
    return reshape(r, sizes);
}

}  // namespace kiln::aot
