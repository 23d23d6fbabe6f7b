# badinput: PyTorch misuse: sqrt negative nan ok
# expect-exit: 1
# expect-stderr: ValueError: math domain error
# expect-stdout: tensor([-inf, nan])
import torch
print(torch.sqrt(torch.tensor([-1.0])))
print(torch.log(torch.tensor([0.0, -1.0])))
import math
math.sqrt(torch.tensor(-1.0))
