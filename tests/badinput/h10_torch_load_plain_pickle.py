# badinput: torch load plain pickle
# expect-exit: 1
# expect-stderr: RuntimeError: Invalid magic number; corrupt file?
import os, tempfile
D = tempfile.mkdtemp()
import torch
import torch.nn as nn
import pickle
with open(os.path.join(D, "plain.pkl"), "wb") as f:
    pickle.dump({"a": 1}, f)
torch.load(os.path.join(D, "plain.pkl"))
