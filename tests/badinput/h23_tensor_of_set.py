# badinput: torch.tensor of a set
# expect-exit: 1
# expect-stderr: RuntimeError: Could not infer dtype of set
import torch
import torch.nn as nn
import torch.nn.functional as F
print(torch.tensor({1,2}))
