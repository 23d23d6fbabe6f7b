# badinput: anomaly detection catches a NaN gradient
# expect-exit: 1
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.autograd.set_detect_anomaly(True)
x = torch.zeros(1, requires_grad=True)
(x.sqrt() * 0).sum().backward()
print(x.grad)
