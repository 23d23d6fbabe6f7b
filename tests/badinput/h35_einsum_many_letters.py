# badinput: torch API misuse: einsum many letters
# expect-exit: 1
# expect-stderr: RuntimeError: einsum(): subscript i is repeated for operand 0 but the sizes don't match, 2 != 3
import torch
torch.einsum("ii", torch.ones(2, 3))
