# badinput: torch.load of a truncated save
# expect-exit: 1
# expect-stderr: Error
import torch
import os, tempfile
p = os.path.join(tempfile.mkdtemp(), 'trunc.pt')
torch.save({'w': torch.ones(100)}, p)
data = open(p, 'rb').read()
open(p, 'wb').write(data[: len(data) // 2])
torch.load(p)
