# badinput: cat of mismatched shapes
# expect-exit: 1
# expect-stderr: RuntimeError: Sizes of tensors must match except in dimension 0. Expected size 3 but got size 2 for tensor number 1 in the list.
import torch
torch.cat([torch.ones(2, 3), torch.ones(3, 2)])
