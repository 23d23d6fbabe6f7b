# badinput: torch.load of a directory
# expect-exit: 1
# expect-stderr: IsADirectoryError: [Errno 21] Is a directory: '.'
import torch
torch.load('.')
