# badinput: bernoulli with p = 1.5
# expect-exit: 1
# expect-stderr: Expected p_in >= 0 && p_in <= 1 to be true, but got false.
import torch
import torch.nn as nn
import torch.nn.functional as F
print(torch.bernoulli(torch.tensor([1.5])))
