# badinput: true division of ints by zero gives inf (float)
# expect-exit: 0
# expect-stdout: tensor([inf, -inf, nan])
import torch
print(torch.tensor([5, -5, 0]) / 0)
