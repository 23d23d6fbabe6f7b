# badinput: multinomial with a nan weight
# expect-exit: 1
# expect-stderr: RuntimeError: probability tensor contains either `inf`, `nan` or element < 0
import torch
import torch.nn as nn
import torch.nn.functional as F
print(torch.multinomial(torch.tensor([float("nan"), 1.]), 1))
