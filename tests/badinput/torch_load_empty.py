# badinput: torch.load of an empty file
# expect-exit: 1
# expect-stderr: EOFError
import torch
import os, tempfile
p = os.path.join(tempfile.mkdtemp(), 'empty.pt')
open(p, 'w').close()
torch.load(p)
