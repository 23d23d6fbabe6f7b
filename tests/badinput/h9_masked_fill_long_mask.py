# badinput: masked_fill with a long mask
# expect-exit: 1
# expect-stderr: RuntimeError: masked_fill_ only supports boolean masks, but got mask with dtype long
import torch
torch.zeros(3).masked_fill(torch.tensor([1, 0, 1]), 1.0)
