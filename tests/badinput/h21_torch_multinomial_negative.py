# badinput: multinomial of negative weights
# expect-exit: 1
# expect-stderr: RuntimeError: probability tensor contains either `inf`, `nan` or element < 0
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.multinomial(torch.tensor([0.5,-0.1]), 1)
