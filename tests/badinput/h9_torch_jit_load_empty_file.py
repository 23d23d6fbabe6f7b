# badinput: torch.jit.load of an empty file
# expect-exit: 1
# expect-stderr: RuntimeError
import torch, os, tempfile
p = os.path.join(tempfile.mkdtemp(), 'a.pt')
open(p, 'wb').close()
torch.jit.load(p)
