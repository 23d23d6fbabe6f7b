# badinput: mark_dynamic of a dim the tensor lacks is recorded and ignored, as in PyTorch
# expect-exit: 0
# expect-stdout: torch.Size([2, 3])
import torch
import torch.nn as nn
import torch.nn.functional as F
x = torch.ones(2, 3)
torch._dynamo.mark_dynamic(x, 5)
torch._dynamo.mark_dynamic(x, -1)
f = torch.compile(lambda t: t * 2)
print(f(x).shape)
