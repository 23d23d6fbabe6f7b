# badinput: multinomial of all-zero weights
# expect-exit: 1
# expect-stderr: RuntimeError: invalid multinomial distribution (sum of probabilities <= 0)
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.multinomial(torch.tensor([0.0, 0.0]), 1)
