# badinput: randint with low == high
# expect-exit: 1
# expect-stderr: RuntimeError: random_ expects 'from' to be less than 'to', but got from=0 >= to=0
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.randint(0, 0, (3,))
