# badinput: torch.save to an int
# expect-exit: 1
# expect-stderr: AttributeError: expected 'f' to be string, path, or a file-like object with a 'write' attribute
import torch
torch.save(torch.ones(1), 5)
