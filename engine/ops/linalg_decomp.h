// torch.linalg's matrix decompositions and the ops built directly on them (linalg_decomp.cpp):
// LU with partial pivoting (inv, det, slogdet, solve), Cholesky, the symmetric eigenproblem
// (tridiagonal QL), the SVD (one-sided Jacobi), Householder QR and the matrix exponential (scaling and
// squaring). Every op takes batches of matrices in the last two dims, computes in float64 whatever
// the input dtype (float32 results are rounded once at the end) and records PyTorch's grad_fn name
// with a backward formula written in ordinary (differentiable) ops. The composites of torch.linalg
// (norms, pinv, matrix_power, lstsq, matrix_rank, multi_dot) are Python: engine/stdlib/torch/linalg.py.
#pragma once
#include <string>
#include <tuple>
#include <utility>

#include "support/error.h"
#include "tensor/tensor.h"

namespace kiln {

// The failures PyTorch raises as torch.linalg.LinAlgError (a RuntimeError subclass): the bindings
// catch this type to raise that class; elsewhere it is a RuntimeError.
struct LinAlgFailure : Error {
    explicit LinAlgFailure(const std::string& message) : Error(ErrorKind::RuntimeError, message) {}
};

// torch.linalg.inv (LinalgInvExBackward0). Singular input: "linalg.inv: The diagonal element k is
// zero, the inversion could not be completed because the input matrix is singular."
Tensor linalg_inv(const Tensor& A);
// torch.linalg.det (LinalgDetBackward0).
Tensor linalg_det(const Tensor& A);
// torch.linalg.slogdet: {sign, logabsdet} (LinalgSlogdetBackward0; sign gets no gradient).
std::pair<Tensor, Tensor> linalg_slogdet(const Tensor& A);
// torch.linalg.solve(A, B, left=True): A X = B (left) or X A = B, B a batch of matrices or of
// vectors (B.dim() == 1, or B.shape == A.shape[:-1]); batch dims broadcast (LinalgSolveExBackward0).
Tensor linalg_solve(const Tensor& A, const Tensor& B, bool left = true);
// torch.linalg.cholesky(A, upper=False) (LinalgCholeskyExBackward0). Reads the lower triangle.
Tensor linalg_cholesky(const Tensor& A, bool upper = false);
// torch.linalg.eigh(A, UPLO='L'): ascending eigenvalues and orthonormal eigenvectors (columns) of
// the symmetric matrix whose UPLO triangle is given (LinalgEighBackward0).
std::pair<Tensor, Tensor> linalg_eigh(const Tensor& A, const std::string& uplo = "L");
// torch.linalg.svd(A, full_matrices=True): {U, S, Vh}, S descending (LinalgSvdBackward0).
std::tuple<Tensor, Tensor, Tensor> linalg_svd(const Tensor& A, bool full_matrices = true);
// torch.linalg.qr(A, mode='reduced'|'complete'|'r'): {Q, R}; Q is empty for 'r' (LinalgQrBackward0).
std::pair<Tensor, Tensor> linalg_qr(const Tensor& A, const std::string& mode = "reduced");
// torch.linalg.matrix_exp (LinalgMatrixExpBackward0: the block-matrix identity).
Tensor linalg_matrix_exp(const Tensor& A);

}  // namespace kiln
