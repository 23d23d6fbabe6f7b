# badinput: mark_static of an nn.Module class returns the class
# expect-exit: 0
# expect-stdout: True
import torch
import torch.nn as nn
import torch.nn.functional as F
print(torch._dynamo.mark_static(nn.Linear) is nn.Linear)
