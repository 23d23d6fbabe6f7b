# badinput: torch.nn.ConstantPad2d(-10, 0.0)(torch.ones(1, 1, 4, 4)) (misuse sweep: an error of PyTorch's class, no crash, no hang)
# expect-exit: 1
# expect-stderr: RuntimeError: narrow(): length must be non-negative.
# (PyTorch 2.11 narrows the input for the negative pads and checks the length first: parity torch/h27_misuse_messages2)
import torch
import torch.nn.functional as F
torch.nn.ConstantPad2d(-10, 0.0)(torch.ones(1, 1, 4, 4))
