# badinput: save generator (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: TypeError: cannot pickle 'generator' object
import os
import tempfile
import torch

path = os.path.join(tempfile.mkdtemp(), 'f.pt')
torch.save((x for x in []), path)
