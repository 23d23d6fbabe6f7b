# badinput: save file object closed (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: ValueError: write to closed file
import os
import tempfile
import torch

path = os.path.join(tempfile.mkdtemp(), 'f.pt')
f = open(path, 'wb')
f.close()
torch.save(torch.ones(2), f)
