# badinput: torch.jit.load of a torch.save file
# expect-exit: 1
# expect-stderr: RuntimeError
import torch, os, tempfile
p = os.path.join(tempfile.mkdtemp(), 'a.pt')
torch.save({'w': torch.ones(2)}, p)
torch.jit.load(p)
