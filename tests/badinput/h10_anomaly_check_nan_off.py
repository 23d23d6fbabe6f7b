# badinput: anomaly check nan off (h10: ends normally, as in PyTorch)
# expect-exit: 0
# expect-stdout: tensor([nan])
import torch
import torch.nn as nn
x = torch.tensor([-1.0], requires_grad=True)
torch.autograd.set_detect_anomaly(True, check_nan=False)
torch.sqrt(x).sum().backward()
print(x.grad)
