# badinput: multinomial with a negative weight
# expect-exit: 1
# expect-stderr: RuntimeError: probability tensor contains either `inf`, `nan` or element < 0
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.multinomial(torch.tensor([-1.0, 2.0]), 1)
