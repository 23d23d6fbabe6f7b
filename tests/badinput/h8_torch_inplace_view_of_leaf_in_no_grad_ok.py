# badinput: PyTorch misuse: inplace view of leaf in no grad ok
# expect-exit: 1
# expect-stderr: RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.
# expect-stdout: tensor([0.5000, 0.5000], requires_grad=True)
import torch
w = torch.ones(2, requires_grad=True)
with torch.no_grad():
    w -= 0.5
print(w)
w -= 0.5
