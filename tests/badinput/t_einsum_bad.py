# badinput: t einsum bad (issue 31 sweep)
# expect-exit: 1
# expect-stderr: RuntimeError: einsum(): output subscript l does not appear in the equation for any input operand
import torch
torch.einsum('ij,jk->il', torch.ones(2, 2), torch.ones(2, 2))
