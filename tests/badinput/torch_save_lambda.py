# badinput: torch.save of a lambda
# expect-exit: 1
# expect-stderr: Error
import torch
import os, tempfile
torch.save(lambda x: x, os.path.join(tempfile.mkdtemp(), 'f.pt'))
