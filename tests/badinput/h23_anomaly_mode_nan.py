# badinput: detect_anomaly catches a nan gradient
# expect-exit: 1
# expect-stderr: RuntimeError: Function 'DivBackward0' returned nan values in its 1th output.
import torch
import torch.nn as nn
import torch.nn.functional as F
with torch.autograd.detect_anomaly():
    x=torch.tensor([0.],requires_grad=True)
    y=x.sqrt()*0
    (y/ y).sum().backward()
