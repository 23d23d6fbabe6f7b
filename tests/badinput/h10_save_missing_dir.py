# badinput: save missing dir
# expect-exit: 1
# expect-stderr: RuntimeError: Parent directory no_such_dir_h10 does not exist.
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.save({}, "no_such_dir_h10/x.pt")
