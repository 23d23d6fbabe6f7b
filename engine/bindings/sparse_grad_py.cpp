// Conversions between the engine's sparse COO gradients and torch.sparse's Python objects (see
// sparse_grad_py.h).
#include "bindings/sparse_grad_py.h"

#include "autograd/sparse_grad.h"
#include "bindings/convert.h"
#include "vm/ops.h"

namespace kiln::vm::bind {

Value sparse_grad_to_python(Interpreter& in, const Tensor& g) {
    const autograd::SparseCooParts* p = autograd::sparse_grad_parts(g);
    if (!p) return wrap(g);
    const autograd::SparseCooParts parts = *p;
    std::vector<Value> size;
    for (int64_t s : parts.size) size.push_back(Value::integer(s));
    Value cls = getattr(in, Value(in.import_module("torch.sparse").get()), "SparseCOOTensor");
    return in.call(cls, {wrap(parts.indices), wrap(parts.values), new_tuple(size), Value::boolean(parts.coalesced)});
}

bool is_python_sparse_coo(const Value& v) { return type_of(v)->lookup("__kiln_sparse_coo__") != nullptr; }

Tensor sparse_grad_from_python(Interpreter& in, const Value& v) {
    Tensor indices = to_tensor(getattr(in, v, "_ind"), "grad", "indices");
    Tensor values = to_tensor(getattr(in, v, "_vals"), "grad", "values");
    std::vector<int64_t> size = to_int_list(getattr(in, v, "_shape"), "grad", "size");
    const bool coalesced = truthy(in, getattr(in, v, "_coalesced"));
    KILN_CHECK(indices.dim() == 2 && indices.size(0) == 1, NotImplementedError,
               "assigning a sparse COO gradient with ", indices.dim() == 2 ? indices.size(0) : indices.dim(),
               " sparse dimensions: Kiln's sparse gradients have one (the rows)");
    return autograd::make_sparse_grad(indices, values, Shape(size.begin(), size.end()), coalesced);
}

}  // namespace kiln::vm::bind
