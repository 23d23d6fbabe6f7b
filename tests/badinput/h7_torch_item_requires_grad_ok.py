# badinput: item of a requires-grad tensor works
# expect-exit: 0
# expect-stdout: 1.0
import torch
print(torch.ones(1, requires_grad=True).item())
