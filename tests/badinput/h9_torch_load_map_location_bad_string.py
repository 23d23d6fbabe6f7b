# badinput: torch.load with map_location='bogus'
# expect-exit: 1
# expect-stderr: RuntimeError
import torch, os, tempfile
p = os.path.join(tempfile.mkdtemp(), 'a.pt')
torch.save(torch.ones(2), p)
torch.load(p, map_location='bogus')
