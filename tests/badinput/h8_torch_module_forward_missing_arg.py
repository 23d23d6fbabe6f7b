# badinput: PyTorch misuse: module forward missing arg
# expect-exit: 1
# expect-stderr: TypeError: Linear.forward() missing 1 required positional argument: 'input'
import torch
m = torch.nn.Linear(2, 2)
m()
