# `from pylab import *`: what IPython's `%pylab inline` runs, left in scripts converted from notebooks
# (leongatys/PytorchNeuralStyleTransfer's NeuralStyleTransfer.ipynb starts with it). pylab is a top-level
# module of matplotlib's distribution; its namespace is pyplot's plus NumPy's, with the builtins
# bytes/abs/bool/max/min/pow/round put back but not sum: so a notebook's `loss = sum(layer_losses)`
# is numpy.sum, which turns the tensors into an array and refuses those that require grad.
import builtins
import numpy as np
import torch
from pylab import *

print(sum is np.sum, max is builtins.max, min is builtins.min, round is builtins.round, abs is builtins.abs)
print(callable(imshow), callable(gcf), callable(show), pi == np.pi)
a = torch.tensor(1.5)
b = torch.tensor(2.0)
s = sum([a, b])
print(type(s).__name__, float(s))
w = torch.ones(2, requires_grad=True)
try:
    sum([(w * 2).sum(), (w * 3).sum()])
except RuntimeError as e:
    print("RuntimeError:", e)
print(builtins.sum([(w * 2).sum(), (w * 3).sum()]).item())
