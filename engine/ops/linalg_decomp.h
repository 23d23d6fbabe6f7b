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
// det's gradient grad * det * A^-T, as ATen computes it (a perturbed LU solve, or under create_graph
// linalg_solve / the SVD adjugate for singular matrices); det is the forward's value.
Tensor linalg_det_backward(const Tensor& grad, const Tensor& A, const Tensor& det);
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
// torch.linalg.lu_factor(A, pivot=True): {LU (L strictly below the diagonal, unit diagonal implied;
// U on and above), pivots (LAPACK's 1-based row interchanges; int64, PyTorch's are int32)}, any
// m x n (LinalgLuFactorExBackward0, square matrices only).
// A singular input (an exactly zero pivot) raises PyTorch's "U[k,k] is zero" LinAlgError.
std::pair<Tensor, Tensor> linalg_lu_factor(const Tensor& A, bool pivot = true);
// torch.linalg.lu_factor_ex: the same without the check, plus info (0, or the 1-based index of the
// first zero pivot) per matrix (int64; PyTorch's is int32).
std::tuple<Tensor, Tensor, Tensor> linalg_lu_factor_ex(const Tensor& A, bool pivot = true);
// The permutation matrix P (m x m, dtype) with A = P L U for LAPACK pivots (torch.lu_unpack's P).
Tensor lu_permutation(const Tensor& pivots, int64_t m, DType dtype);
// torch.lu_unpack: {P, L (m x k, unit lower), U (k x n)}, differentiable through L and U.
std::tuple<Tensor, Tensor, Tensor> lu_unpack(const Tensor& LU, const Tensor& pivots);
// torch.linalg.matrix_exp (LinalgMatrixExpBackward0: the block-matrix identity).
Tensor linalg_matrix_exp(const Tensor& A);

}  // namespace kiln
