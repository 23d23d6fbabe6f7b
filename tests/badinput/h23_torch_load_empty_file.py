# badinput: torch.load of an empty file
# expect-exit: 1
# expect-stderr: EOFError
import torch
import torch.nn as nn
import torch.nn.functional as F
import os, tempfile
D = tempfile.mkdtemp()
open(os.path.join(D, "e2.pt"),"wb").close()
torch.load(os.path.join(D, "e2.pt"))
