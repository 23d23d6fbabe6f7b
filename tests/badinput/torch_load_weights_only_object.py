# badinput: torch.load(weights_only=True) of a file holding a plain object is refused or loads
# expect-exit: 0
# expect-stdout: ['a', 'b']
import torch
import os, tempfile
p = os.path.join(tempfile.mkdtemp(), 'o.pt')
torch.save({'a': [1, 2], 'b': torch.ones(2)}, p)
print(sorted(torch.load(p).keys()))
