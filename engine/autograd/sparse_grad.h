// Sparse COO gradients: what PyTorch's embedding backward returns with sparse=True (nn.Embedding(
// sparse=True), F.embedding(..., sparse=True)) and what torch.optim.SparseAdam, SGD and Adagrad consume.
//
// Kiln's tensors have no layout field (every TensorImpl is strided) and its user-facing sparse COO
// tensors are Python objects (stdlib/torch/sparse/__init__.py). A sparse gradient therefore travels the
// engine as a stand-in Tensor: the dense shape and dtype over one zero element broadcast (stride 0),
// whose indices (int64 [1, nnz]: the rows of the first dimension) and values ([nnz, rest...]) are held
// in a side table keyed by the stand-in's TensorImpl (released with it). The engine (engine.cpp) sums
// sparse gradients as PyTorch's sparse add does (indices and values joined, uncoalesced), keeps one as
// a leaf's .grad as AccumulateGrad does, adds one into a dense .grad in place, and hands nodes that are
// not AccumulateGrad (and hooks, and autograd.grad's results) its dense form; the .grad property
// (bindings/tensor.cpp) shows it as a torch.sparse SparseCOOTensor and takes one back.
#pragma once

#include "tensor/tensor.h"

namespace kiln::autograd {

struct SparseCooParts {
    Tensor indices;  // int64 [1, nnz]: rows of the first dimension
    Tensor values;   // [nnz, size[1:]...]
    Shape size;      // the dense shape
    bool coalesced = false;
};

// A sparse COO gradient of the dense shape `size` (values' dtype and device).
Tensor make_sparse_grad(Tensor indices, Tensor values, Shape size, bool coalesced = false);
// Its parts, or nullptr for an ordinary (dense) tensor.
const SparseCooParts* sparse_grad_parts(const Tensor& t);
inline bool is_sparse_grad(const Tensor& t) { return t.defined() && sparse_grad_parts(t) != nullptr; }
// The dense tensor a sparse gradient stands for (duplicates summed in index order); t itself otherwise.
Tensor sparse_grad_to_dense(const Tensor& t);
// A sparse gradient's zero_(): no entries left, the same size (ATen's zero_sparse_).
Tensor sparse_grad_zeroed(const Tensor& t);
// Unique sorted rows, duplicates' values summed in their order (PyTorch's coalesce).
Tensor sparse_grad_coalesce(const Tensor& t);
// a + b for gradients either of which may be sparse: sparse + sparse joins the index lists (ATen's
// add_out_sparse for uncoalesced operands), dense + sparse is dense.
Tensor sparse_aware_add(const Tensor& a, const Tensor& b);
// dense += alpha * sparse, in place (ATen's add_out_dense_sparse: index_add_ of the values, row by
// row in nnz order, each row an add_ with alpha).
void dense_add_sparse_(Tensor& dense, const Tensor& sparse, double alpha = 1.0);
// The same with the parts given (rows: int64 [nnz] or [1, nnz]).
void dense_index_add_rows_(Tensor& dense, const Tensor& rows, const Tensor& values, double alpha = 1.0);

}  // namespace kiln::autograd
