# badinput: load missing file
# expect-exit: 1
# expect-stderr: FileNotFoundError: [Errno 2] No such file or directory: 'no_such_file_h10.pt'
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.load("no_such_file_h10.pt")
