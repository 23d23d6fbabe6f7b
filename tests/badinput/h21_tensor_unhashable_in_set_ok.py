# badinput: tensors in a set (hashable by id)
# expect-exit: 0
# expect-stdout: 2
import torch
import torch.nn as nn
import torch.nn.functional as F
s = {torch.tensor(1), torch.tensor(1)}
print(len(s))
