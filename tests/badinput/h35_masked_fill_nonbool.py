# badinput: torch API misuse: masked fill nonbool
# expect-exit: 1
# expect-stderr: RuntimeError: masked_fill_ only supports boolean masks, but got mask with dtype float
import torch
torch.ones(3).masked_fill(torch.ones(3), 0)
