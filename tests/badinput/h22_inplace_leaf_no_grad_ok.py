# badinput: in-place update of a leaf under no_grad (the SGD idiom)
# expect-exit: 0
# expect-stdout: tensor([0.5000, 0.5000, 0.5000], requires_grad=True)
import torch
import torch.nn as nn
import torch.nn.functional as F
w = torch.ones(3, requires_grad=True)
with torch.no_grad():
    w -= 0.5
print(w)
