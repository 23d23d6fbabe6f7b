# badinput: torch load pickled object
# expect-exit: 1
# expect-stderr: Check the documentation of torch.load to learn more about types accepted by default with weights_only
import os, tempfile
D = tempfile.mkdtemp()
import torch
import torch.nn as nn
import pickle
class Foo:
    pass
with open(os.path.join(D, "obj.pkl"), "wb") as f:
    pickle.dump(Foo(), f)
torch.load(os.path.join(D, "obj.pkl"))
