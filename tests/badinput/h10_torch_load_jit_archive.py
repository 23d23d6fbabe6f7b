# badinput: torch load jit archive
# expect-exit: 1
# expect-stderr: RuntimeError: Cannot use ``weights_only=True`` with TorchScript archives passed to ``torch.load``. In PyTorch 2.6
import os, tempfile
D = tempfile.mkdtemp()
import torch
import torch.nn as nn
m = torch.jit.trace(nn.Linear(3, 4), torch.zeros(1, 3))
torch.jit.save(m, os.path.join(D, "jit_archive.pt"))
torch.load(os.path.join(D, "jit_archive.pt"))
