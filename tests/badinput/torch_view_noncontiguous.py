# badinput: view of a transposed tensor
# expect-exit: 1
# expect-stderr: RuntimeError: view size is not compatible with input tensor's size and stride
import torch
torch.ones(2, 3).t().view(6)
