# badinput: torch load jit archive unsafe (h10: ends normally, as in PyTorch)
# expect-exit: 0
# expect-stdout: RecursiveScriptModule 'torch.load' received a zip file that lo torch.Size([1, 4])
import os, tempfile
D = tempfile.mkdtemp()
import torch
import torch.nn as nn
import warnings
m = torch.jit.trace(nn.Linear(3, 4), torch.zeros(1, 3))
torch.jit.save(m, os.path.join(D, "jit_archive2.pt"))
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    r = torch.load(os.path.join(D, "jit_archive2.pt"), weights_only=False)
print(type(r).__name__, str(w[0].message)[:40], r(torch.ones(1, 3)).shape)
