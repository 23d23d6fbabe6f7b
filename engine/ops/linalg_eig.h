// torch.linalg.eig / eigvals: the eigendecomposition of a general (non-symmetric) real square matrix,
// computed as LAPACK's geev does (linalg_eig.cpp): balancing (gebal), Householder reduction to
// Hessenberg form (gehd2/orghr), the double-shift QR iteration (lahqr, with lanv2's standardised 2x2
// blocks), eigenvectors of the quasi-triangular Schur form back-transformed (trevc), the balancing
// undone (gebak) and geev's normalisation (unit 2-norm columns; a complex vector turned so that its
// largest component is real). Eigenvalues come out in the order of the Schur form's diagonal, a
// complex pair with its positive imaginary part first, as PyTorch's CPU results do.
#pragma once
#include <utility>

#include "tensor/tensor.h"

namespace kiln {

// torch.linalg.eig(A): {eigenvalues (..., n), eigenvectors (..., n, n)}, both complex (complex64 for
// float32 input, complex128 for float64); grad_fn LinalgEigBackward0 (derivatives.yaml's
// linalg_eig_backward, the real part taken for a real A). Complex A is refused (NotImplementedError).
std::pair<Tensor, Tensor> linalg_eig(const Tensor& A);
// torch.linalg.eigvals(A): the eigenvalues alone (the same values; differentiable through linalg_eig).
Tensor linalg_eigvals(const Tensor& A);
// torch.linalg.eigh of a complex Hermitian A (linalg_eigh calls it for complex input): real ascending
// eigenvalues (float32 for complex64) and unitary complex eigenvectors, through the real symmetric
// 2n x 2n form [[Re, -Im], [Im, Re]], whose spectrum is A's with each eigenvalue twice. Phases: the
// largest component of each vector is made real and positive (LAPACK's follow from its Householder
// reduction; PyTorch promises none). grad_fn LinalgEighBackward0 (linalg_eig_backward, Hermitian).
std::pair<Tensor, Tensor> linalg_eigh_complex(const Tensor& A, bool lower);

}  // namespace kiln
