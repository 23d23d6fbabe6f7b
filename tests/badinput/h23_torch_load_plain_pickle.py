# badinput: torch.load of a plain pickle file
# expect-exit: 1
# expect-stderr: RuntimeError: Invalid magic number; corrupt file?
import torch
import torch.nn as nn
import torch.nn.functional as F
import pickle
import os, tempfile
D = tempfile.mkdtemp()
pickle.dump({"a":1}, open(os.path.join(D, "pk.pt"),"wb"))
print(torch.load(os.path.join(D, "pk.pt")))
