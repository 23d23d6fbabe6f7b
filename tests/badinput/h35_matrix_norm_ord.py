# badinput: linalg.matrix_norm with ord=3
# expect-exit: 1
# expect-stderr: RuntimeError: linalg.matrix_norm: Order 3 not supported.
import torch
torch.linalg.matrix_norm(torch.ones(3,3), ord=3)
