# badinput: torch.linalg.svd of a complex matrix: Kiln's SVD kernels are real-only (complex eig/eigh are
# supported), so it is refused by name, not with the self-contradictory "Expected a floating point or
# complex tensor ... Got ComplexDouble"
# expect-exit: 1
# expect-stderr: NotImplementedError: linalg.svd: complex input (ComplexDouble) is not supported by Kiln's linalg yet
import torch
A = torch.randn(4, 4, dtype=torch.cdouble)
torch.linalg.svd(A @ A.conj().T)
