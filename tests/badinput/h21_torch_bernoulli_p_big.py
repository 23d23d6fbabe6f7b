# badinput: bernoulli_ with p > 1
# expect-exit: 1
# expect-stderr: RuntimeError: bernoulli_ expects p to be in [0, 1], but got p=1.5
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.empty(3).bernoulli_(1.5)
