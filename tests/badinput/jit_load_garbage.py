# badinput: torch.jit.load of a text file
# expect-exit: 1
# expect-stderr: RuntimeError: torch.jit.load: not a Kiln archive
import torch
import os, tempfile
p = os.path.join(tempfile.mkdtemp(), 'garbage.pt')
open(p, 'w').write('not a model' * 10)
torch.jit.load(p)
