# badinput: detect anomaly nan
# expect-exit: 1
# expect-stderr: RuntimeError: Function 'SqrtBackward0' returned nan values in its 0th output.
import torch
import torch.nn as nn
import torch.nn.functional as F
x = torch.tensor([-1.0], requires_grad=True)
with torch.autograd.detect_anomaly():
    y = torch.sqrt(x).sum()
    y.backward()
