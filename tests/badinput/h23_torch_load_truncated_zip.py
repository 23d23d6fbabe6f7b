# badinput: torch.load of half a checkpoint
# expect-exit: 1
# expect-stderr: RuntimeError: PytorchStreamReader failed reading zip archive: failed finding central directory
import torch
import torch.nn as nn
import torch.nn.functional as F
import io
import os, tempfile
D = tempfile.mkdtemp()
b=io.BytesIO()
torch.save({"a": torch.ones(100)}, b)
d=b.getvalue()
open(os.path.join(D, "tr.pt"),"wb").write(d[:len(d)//2])
print(torch.load(os.path.join(D, "tr.pt")))
