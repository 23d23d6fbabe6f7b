# badinput: torch.jit.save into a missing directory
# expect-exit: 1
# expect-stderr: RuntimeError: File /nonexistent_dir/x.pt cannot be opened.
import torch
import torch.nn as nn
import torch.nn.functional as F
def f(x): return x*2
t=torch.jit.trace(f, torch.ones(2))
torch.jit.save(t, "/nonexistent_dir/x.pt")
