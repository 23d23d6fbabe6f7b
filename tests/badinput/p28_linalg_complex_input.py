# badinput: torch.linalg on a complex matrix (state-spaces/s4's NPLR init calls linalg.eigh of a complex
# Hermitian matrix): Kiln's linalg kernels are real-only, so it is refused by name, not with the
# self-contradictory "Expected a floating point or complex tensor ... Got ComplexDouble"
# expect-exit: 1
# expect-stderr: NotImplementedError: linalg.eigh: complex input (ComplexDouble) is not supported by Kiln's linalg yet
import torch
A = torch.randn(4, 4, dtype=torch.cdouble)
torch.linalg.eigh(A @ A.conj().T)
