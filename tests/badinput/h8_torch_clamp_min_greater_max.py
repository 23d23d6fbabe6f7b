# badinput: PyTorch misuse: clamp min greater max
# expect-exit: 1
# expect-stderr: RuntimeError: torch.clamp: At least one of 'min' or 'max' must not be None
# expect-stdout: tensor([1., 1., 1., 1.])
import torch
print(torch.clamp(torch.arange(4.0), min=3, max=1))
torch.clamp(torch.arange(4.0))
