# badinput: PyTorch misuse: device index string bad
# expect-exit: 1
# expect-stderr: RuntimeError: Invalid device string: 'cuda:x'
import torch
x = torch.zeros(2, device='cuda:x')
