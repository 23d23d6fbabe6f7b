# badinput: an int64 arange whose length overflows int64 is PyTorch's "invalid size, possible overflow?", not a wrapped size
# expect-exit: 1
# expect-stderr: RuntimeError: invalid size, possible overflow?
import torch
torch.arange(-2**62, 2**62, 1)
