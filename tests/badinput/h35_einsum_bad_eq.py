# badinput: torch API misuse: einsum bad eq
# expect-exit: 1
# expect-stderr: RuntimeError: einsum(): output subscript q does not appear in the equation for any input operand
import torch
torch.einsum("ij,jk->iq", torch.ones(2, 3), torch.ones(3, 5))
