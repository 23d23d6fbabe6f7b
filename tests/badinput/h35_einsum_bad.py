# badinput: torch API misuse: einsum bad
# expect-exit: 1
# expect-stderr: RuntimeError: einsum(): operands do not broadcast with remapped shapes (original->remapped): [2, 1, 3] and [1, 5, 4]
import torch
torch.einsum("ij,jk->ik", torch.ones(2, 3), torch.ones(4, 5))
