# badinput: PyTorch misuse: tolist requires grad ok
# expect-exit: 1
# expect-stderr: RuntimeError: Can't call numpy() on Tensor that requires grad. Use tensor.detach().numpy() instead.
# expect-stdout: 4.0
import torch
x = torch.ones(2, requires_grad=True)
print((x * 2).tolist())
print(float((x * 2).sum()))
import numpy
numpy.array(x * 2)
