# badinput: PyTorch misuse: no grad without parens
# expect-exit: 1
# expect-stderr: TypeError: 'type' object does not support the context manager protocol
import torch
with torch.no_grad:
    pass
