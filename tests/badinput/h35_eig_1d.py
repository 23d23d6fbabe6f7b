# badinput: linalg.eig of a vector
# expect-exit: 1
# expect-stderr: RuntimeError: linalg.eig: The input tensor A must have at least 2 dimensions.
import torch
torch.linalg.eig(torch.randn(3))
