# badinput: randint with low > high
# expect-exit: 1
# expect-stderr: RuntimeError: random_ expects 'from' to be less than 'to', but got from=5 >= to=2
import torch
import torch.nn as nn
import torch.nn.functional as F
print(torch.randint(5, 2, (3,)))
