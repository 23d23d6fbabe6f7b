# badinput: torch.save of a lambda
# expect-exit: 1
# expect-stderr: attribute lookup <lambda> on __main__ failed
import torch
import torch.nn as nn
import torch.nn.functional as F
import os, tempfile
D = tempfile.mkdtemp()
torch.save(lambda x: x, os.path.join(D, "lam.pt"))
