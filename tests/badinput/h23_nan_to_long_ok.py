# badinput: nan cast to int64 (x86's value)
# expect-exit: 0
# expect-stdout: tensor([-9223372036854775808])
import torch
import torch.nn as nn
import torch.nn.functional as F
print(torch.tensor([float("nan")]).long())
