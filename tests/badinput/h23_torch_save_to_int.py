# badinput: torch.save to an int
# expect-exit: 1
# expect-stderr: AttributeError: expected 'f' to be string, path, or a file-like object with a 'write' attribute
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.save({}, 5)
