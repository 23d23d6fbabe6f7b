# badinput: torch.load of a directory
# expect-exit: 1
# expect-stderr: IsADirectoryError: [Errno 21] Is a directory:
import torch
import torch.nn as nn
import torch.nn.functional as F
import os
import os, tempfile
D = tempfile.mkdtemp()
os.makedirs(os.path.join(D, "dir2"), exist_ok=True)
torch.load(os.path.join(D, "dir2"))
