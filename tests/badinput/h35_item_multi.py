# badinput: torch API misuse: item multi
# expect-exit: 1
# expect-stderr: RuntimeError: a Tensor with 2 elements cannot be converted to Scalar
import torch
torch.ones(2).item()
