# badinput: shifts by -1 and 70 give 0
# expect-exit: 0
# expect-stdout: tensor([0]) tensor([0])
import torch
import torch.nn as nn
import torch.nn.functional as F
print(torch.tensor([1]) << -1, torch.tensor([1]) << 70)
