# badinput: torch API misuse: cat dims mismatch
# expect-exit: 1
# expect-stderr: RuntimeError: Tensors must have same number of dimensions: got 2 and 1
import torch
torch.cat([torch.ones(2, 3), torch.ones(2)])
