# badinput: float floor division by zero gives inf
# expect-exit: 0
# expect-stdout: tensor([inf])
import torch
print(torch.tensor([5.0]) // 0)
