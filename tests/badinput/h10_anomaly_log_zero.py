# badinput: anomaly log zero
# expect-exit: 1
# expect-stderr: RuntimeError: Function 'LogBackward0' returned nan values in its 0th output.
import torch
import torch.nn as nn
x = torch.tensor([0.0], requires_grad=True)
with torch.autograd.detect_anomaly():
    (torch.log(x) * 0).sum().backward()
