// Matrix products: mm, bmm, matmul, addmm, linear, dot, outer, mv, baddbmm (PyTorch's schemas;
// the eager ops check shapes with PyTorch's messages).
#include <limits>

#include "graph/optable/args.h"
#include "graph/optable/optable.h"
#include "ops/fft.h"
#include "ops/linalg_decomp.h"
#include "ops/linalg_eig.h"
#include "ops/native_backward.h"
#include "ops/tensor_extra.h"

namespace kiln::graph {

using namespace optable;

#define K [](IValueList & a) -> IValueList

void register_linalg_ops() {
    def("aten::mm(Tensor self, Tensor mat2) -> Tensor", K { return one(mm(tensor_arg(a, 0), tensor_arg(a, 1))); });
    def("aten::bmm(Tensor self, Tensor mat2) -> Tensor", K { return one(bmm(tensor_arg(a, 0), tensor_arg(a, 1))); });
    def("aten::matmul(Tensor self, Tensor other) -> Tensor",
        K { return one(matmul(tensor_arg(a, 0), tensor_arg(a, 1))); });
    def("aten::addmm(Tensor self, Tensor mat1, Tensor mat2, *, Scalar beta=1, Scalar alpha=1) -> Tensor", K {
        return one(addmm(tensor_arg(a, 0), tensor_arg(a, 1), tensor_arg(a, 2), scalar_arg(a, 3), scalar_arg(a, 4)));
    });
    def("aten::linear(Tensor input, Tensor weight, Tensor? bias=None) -> Tensor",
        K { return one(linear(tensor_arg(a, 0), tensor_arg(a, 1), opt_tensor(a, 2))); });
    def("aten::dot(Tensor self, Tensor tensor) -> Tensor", K { return one(dot(tensor_arg(a, 0), tensor_arg(a, 1))); });
    def("aten::outer(Tensor self, Tensor vec2) -> Tensor",
        K { return one(outer(tensor_arg(a, 0), tensor_arg(a, 1))); });
    def("aten::mv(Tensor self, Tensor vec) -> Tensor", K { return one(mv(tensor_arg(a, 0), tensor_arg(a, 1))); });
    def("aten::baddbmm(Tensor self, Tensor batch1, Tensor batch2, *, Scalar beta=1, Scalar alpha=1) -> Tensor", K {
        return one(
            baddbmm(tensor_arg(a, 0), tensor_arg(a, 1), tensor_arg(a, 2), scalar_arg(a, 3), scalar_arg(a, 4)));
    });
    // ops/tensor_extra.h
    def("aten::diagonal(Tensor(a) self, int offset=0, int dim1=0, int dim2=1) -> Tensor(a)",
        K { return one(diagonal(tensor_arg(a, 0), int_arg(a, 1), int_arg(a, 2), int_arg(a, 3))); });
    def("aten::diag(Tensor self, int diagonal=0) -> Tensor", K { return one(diag(tensor_arg(a, 0), int_arg(a, 1))); });
    def("aten::trace(Tensor self) -> Tensor", K { return one(trace(tensor_arg(a, 0))); });
    def("aten::clamp.Tensor(Tensor self, Tensor? min=None, Tensor? max=None) -> Tensor", K {
        auto opt = [&](size_t i) { return a.at(i).is_none() ? std::optional<Tensor>() : std::optional<Tensor>(a.at(i).to_tensor()); };
        return one(clamp_tensors(tensor_arg(a, 0), opt(1), opt(2)));
    });
    def("aten::einsum(str equation, Tensor[] tensors, *, int[]? path=None) -> Tensor",
        K { return one(einsum(str_arg(a, 0), a.at(1).to_tensor_list())); });
    // ops/native_backward.h: the gradient of diagonal/diag/trace in AOT autograd's backward graphs.
    def("aten::diagonal_backward(Tensor grad_output, SymInt[] input_sizes, int offset, int dim1, int dim2) -> Tensor",
        K {
            return one(diagonal_backward(tensor_arg(a, 0), ints_arg(a, 1), int_arg(a, 2), int_arg(a, 3), int_arg(a, 4)));
        });
    // ops/linalg_decomp.h: what torch.linalg's decompositions trace to (bindings/linalg_py.cpp).
    def("aten::linalg_inv(Tensor A) -> Tensor", K { return one(linalg_inv(tensor_arg(a, 0))); });
    def("aten::linalg_det(Tensor A) -> Tensor", K { return one(linalg_det(tensor_arg(a, 0))); });
    def("aten::linalg_slogdet(Tensor A) -> (Tensor sign, Tensor logabsdet)",
        K { return two(linalg_slogdet(tensor_arg(a, 0))); });
    // The torch.* spellings of the same (native_functions.yaml's det / inverse / slogdet / logdet):
    // scripted code calls torch.logdet(x) and x.inverse() (pytorch-generative's gaussian_log_prob).
    // logdet is ATen's composite: NaN where the determinant is negative, log|det| elsewhere.
    def("aten::det(Tensor self) -> Tensor", K { return one(linalg_det(tensor_arg(a, 0))); });
    def("aten::inverse(Tensor self) -> Tensor", K { return one(linalg_inv(tensor_arg(a, 0))); });
    def("aten::slogdet(Tensor self) -> (Tensor sign, Tensor logabsdet)",
        K { return two(linalg_slogdet(tensor_arg(a, 0))); });
    def("aten::logdet(Tensor self) -> Tensor", K {
        auto [sign, logabs] = linalg_slogdet(tensor_arg(a, 0));
        return one(where(lt(sign, Scalar(0.0)), full_like(logabs, Scalar(std::numeric_limits<double>::quiet_NaN())), logabs));
    });
    def("aten::linalg_solve(Tensor A, Tensor B, *, bool left=True) -> Tensor",
        K { return one(linalg_solve(tensor_arg(a, 0), tensor_arg(a, 1), bool_arg(a, 2))); });
    // torch.linalg.solve_triangular and the deprecated torch.triangular_solve (GP code's Cholesky
    // solves), computed as the eager ones are (engine/stdlib/torch/linalg.py, _ops_sweep.py): the
    // triangle (with a unit diagonal for unitriangular) through linalg_solve; triangular_solve
    // broadcasts the batch dims, solves with A^T for transpose=True, and returns a copy of A.
    {
        static auto triangle = [](const Tensor& A, bool upper, bool unit) {
            Tensor T = upper ? triu(A) : tril(A);
            if (!unit) return T;
            Tensor I = eye(A.size(-1), std::nullopt, TensorOptions{A.dtype()});
            return add(mul(T, neg(sub(I, Scalar(int64_t(1))))), I);
        };
        def("aten::linalg_solve_triangular(Tensor self, Tensor B, *, bool upper, bool left=True, bool unitriangular=False) -> Tensor",
            K { return one(linalg_solve(triangle(tensor_arg(a, 0), bool_arg(a, 2), bool_arg(a, 4)), tensor_arg(a, 1), bool_arg(a, 3))); });
        def("aten::triangular_solve(Tensor self, Tensor A, bool upper=True, bool transpose=False, bool unitriangular=False) -> (Tensor solution, Tensor cloned_coefficient)",
            K {
                Tensor b = tensor_arg(a, 0), A = tensor_arg(a, 1);
                bool upper = bool_arg(a, 2), trans = bool_arg(a, 3), unit = bool_arg(a, 4);
                Shape bb, ab;
                for (int64_t i = 0; i + 2 < b.dim(); ++i) bb.push_back(b.size(i));
                for (int64_t i = 0; i + 2 < A.dim(); ++i) ab.push_back(A.size(i));
                Shape batch = broadcast_shapes(bb, ab);
                Shape bs = batch, as = batch;
                bs.push_back(b.size(-2)); bs.push_back(b.size(-1));
                as.push_back(A.size(-2)); as.push_back(A.size(-1));
                Tensor bx = expand(b, bs), ax = expand(A, as);
                Tensor m = trans ? transpose(ax, -2, -1) : ax;
                return two({linalg_solve(triangle(m, upper != trans, unit), bx, true), clone(ax)});
            });
    }
    def("aten::linalg_cholesky(Tensor self, *, bool upper=False) -> Tensor",
        K { return one(linalg_cholesky(tensor_arg(a, 0), bool_arg(a, 1))); });
    def("aten::linalg_eigh(Tensor self, str UPLO='L') -> (Tensor eigenvalues, Tensor eigenvectors)",
        K { return two(linalg_eigh(tensor_arg(a, 0), str_arg(a, 1))); });
    def("aten::linalg_eig(Tensor self) -> (Tensor eigenvalues, Tensor eigenvectors)",
        K { return two(linalg_eig(tensor_arg(a, 0))); });
    def("aten::linalg_eigvals(Tensor self) -> Tensor", K { return one(linalg_eigvals(tensor_arg(a, 0))); });
    def("aten::linalg_svd(Tensor A, bool full_matrices=True, *, str? driver=None) -> (Tensor U, Tensor S, Tensor Vh)", K {
        auto [U, S, Vh] = linalg_svd(tensor_arg(a, 0), bool_arg(a, 1));
        return IValueList{IValue(U), IValue(S), IValue(Vh)};
    });
    def("aten::linalg_qr(Tensor A, str mode='reduced') -> (Tensor Q, Tensor R)",
        K { return two(linalg_qr(tensor_arg(a, 0), str_arg(a, 1))); });
    def("aten::linalg_matrix_exp(Tensor self) -> Tensor", K { return one(linalg_matrix_exp(tensor_arg(a, 0))); });
    // ops/fft.cpp: the primitives torch.fft's functions decompose into
    def("aten::_fft_c2c(Tensor self, SymInt[] dim, int normalization, bool forward) -> Tensor",
        K { return one(fft_c2c(tensor_arg(a, 0), ints_arg(a, 1), int_arg(a, 2), bool_arg(a, 3))); });
    def("aten::_fft_r2c(Tensor self, int[] dim, int normalization, bool onesided) -> Tensor",
        K { return one(fft_r2c(tensor_arg(a, 0), ints_arg(a, 1), int_arg(a, 2), bool_arg(a, 3))); });
    def("aten::_fft_c2r(Tensor self, int[] dim, int normalization, SymInt last_dim_size) -> Tensor",
        K { return one(fft_c2r(tensor_arg(a, 0), ints_arg(a, 1), int_arg(a, 2), int_arg(a, 3))); });
}

}  // namespace kiln::graph
