# badinput: in-place change of a tensor autograd saved
# expect-exit: 1
# expect-stderr: RuntimeError: one of the variables needed for gradient computation has been modified by an inplace operation: [torch.FloatTensor [3]], which is output 0 of SigmoidBackward0, is at version 1; expected version 0 instead. Hint: enable anomaly detection to find the operation that failed to compute its gradient, with torch.autograd.set_detect_anomaly(True, check_nan=False).
import torch
x = torch.randn(3, requires_grad=True)
y = x.sigmoid()
y.mul_(2)
y.sum().backward()
