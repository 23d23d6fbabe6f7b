# badinput: torch API misuse: einsum ellipsis bad
# expect-exit: 1
# expect-stderr: RuntimeError: einsum(): operands do not broadcast with remapped shapes (original->remapped): [2, 3] and [4, 3]
import torch
torch.einsum("...i,...i", torch.ones(2, 3), torch.ones(4, 3))
