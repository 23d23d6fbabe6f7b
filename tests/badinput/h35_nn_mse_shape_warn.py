# badinput: mse_loss of (3,1) and (3,) broadcasts with a warning
# expect-exit: 0
# expect-stdout: 0.0
import torch
print(torch.nn.functional.mse_loss(torch.ones(3, 1), torch.ones(3)).item())
