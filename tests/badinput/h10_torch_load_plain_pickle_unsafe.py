# badinput: torch load plain pickle unsafe
# expect-exit: 1
# expect-stderr: RuntimeError: Invalid magic number; corrupt file?
import os, tempfile
D = tempfile.mkdtemp()
import torch
import torch.nn as nn
import pickle
with open(os.path.join(D, "plain2.pkl"), "wb") as f:
    pickle.dump([1, 2], f)
torch.load(os.path.join(D, "plain2.pkl"), weights_only=False)
