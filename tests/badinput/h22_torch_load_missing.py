# badinput: torch.load of a file that is not there
# expect-exit: 1
# expect-stderr: FileNotFoundError: [Errno 2] No such file or directory: 'h22_no_such_checkpoint.pt'
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.load('h22_no_such_checkpoint.pt')
