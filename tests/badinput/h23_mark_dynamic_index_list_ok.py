# badinput: mark_dynamic with a list of dims
# expect-exit: 0
# expect-stdout: torch.Size([3])
import torch
import torch.nn as nn
import torch.nn.functional as F
x = torch.ones(4, 3)
torch._dynamo.mark_dynamic(x, [0, 1])
print(torch.compile(lambda t: t.sum(0))(x).shape)
