# badinput: torch.load with map_location='tpu'
# expect-exit: 1
# expect-stderr: RuntimeError: don't know how to restore data location of torch.storage.UntypedStorage (tagged with tpu)
import torch
import torch.nn as nn
import torch.nn.functional as F
import os, tempfile
D = tempfile.mkdtemp()
torch.save({"a":torch.ones(1)}, os.path.join(D, "ml.pt"))
print(torch.load(os.path.join(D, "ml.pt"), map_location="tpu"))
