// Type inference by running the graph on meta tensors.
//
// A pass that changes a value's layout (conv_layout's channels-last conversions) changes the layout
// of everything computed from it, by the rules each eager kernel applies to its result
// (TensorIterator's for pointwise ops, the convolution's and the pools' own). Rather than restate
// those rules per op, the graph runs once in meta mode (tensor/meta.h: the ops describe their results
// without computing data) on inputs laid out as the graph's input types say, and every tensor value
// takes the sizes, strides and dtype its node produced: the same answer the aten re-trace would have
// recorded for that graph.
#include "graph/interpret.h"
#include "passes/emit.h"
#include "passes/passes.h"
#include "support/error.h"
#include "tensor/meta.h"

namespace kiln::passes {

namespace {

// A meta tensor with the layout `t` describes (storage as large as the strides reach).
Tensor meta_tensor(const TensorInfo& t) {
    int64_t extent = 1;
    bool empty = false;
    for (size_t d = 0; d < t.sizes.size(); ++d) {
        if (t.sizes[d] == 0) empty = true;
        extent += (t.sizes[d] - 1) * t.strides[d];
    }
    auto impl = std::make_shared<TensorImpl>();
    impl->storage = Storage::allocate(empty ? 0 : size_t(extent) * dtype_size(t.dtype), t.device);
    impl->sizes = t.sizes;
    impl->strides = t.strides;
    impl->dtype = t.dtype;
    return Tensor(impl);
}

}  // namespace

void retype_by_meta_run(graph::Graph& g) {
    MetaScope meta(true);
    graph::IValueList inputs;
    for (const graph::Value* v : g.inputs()) {
        auto t = tensor_info(v);
        KILN_CHECK(t.has_value(), RuntimeError, "graph pass: input %", v->name(), " has no complete tensor type");
        inputs.emplace_back(meta_tensor(*t));
    }
    graph::RunContext ctx;
    ctx.observe = [](const graph::Value* v, const graph::IValue& x) {
        if (!x.is_tensor() || !tensor_info(v)) return;
        const Tensor& t = x.to_tensor();
        const_cast<graph::Value*>(v)->type =
            graph::complete_tensor_type(t.dtype(), t.sizes(), t.strides(), v->type->requires_grad.value_or(false), t.device());
    };
    graph::run_graph(g, inputs, ctx);
}

}  // namespace kiln::passes
