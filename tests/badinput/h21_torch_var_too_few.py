# badinput: var with correction over a single element (nan, warns)
# expect-exit: 0
# expect-stdout: tensor(nan)
import torch
import torch.nn as nn
import torch.nn.functional as F
print(torch.tensor([1.0]).var())
