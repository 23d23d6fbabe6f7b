# badinput: linalg.norm of a vector with ord='fro'
# expect-exit: 1
# expect-stderr: RuntimeError: linalg.matrix_norm: The input tensor A must have at least 2 dimensions.
import torch
torch.linalg.norm(torch.ones(3), ord="fro")
