# badinput: jit load nul path
# expect-exit: 1
# expect-stderr: ValueError: embedded null byte
import torch
import torch.nn as nn
torch.jit.load("a\0b.pt")
