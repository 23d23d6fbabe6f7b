# badinput: PyTorch misuse: tensor and or
# expect-exit: 1
# expect-stderr: RuntimeError: Boolean value of Tensor with more than one value is ambiguous
import torch
x = torch.tensor([1.0, 2.0])
y = (x > 0) and (x < 3)
