# Tensor.T on tensors other than matrices (ATen's numpy_T): the dims reversed, with PyTorch's
# deprecation UserWarning once per process for dims other than 2 (TORCH_WARN_ONCE), a separate one for
# 0-d tensors, none for matrices; .mT / .permute do not warn.
import warnings

import torch

with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    a = torch.arange(24).view(2, 3, 4)
    print(a.T.shape, torch.equal(a.T, a.permute(2, 1, 0)))
    print(torch.arange(3).T)
    print(torch.ones(2, 3).T.shape, a.mT.shape)
    print(torch.tensor(5.).T, torch.tensor(2).T.shape)
    print(torch.ones(2, 2, 2, 2).T.shape)
for x in w:  # ATen's warnings end with "(Triggered internally at <file>:<line>.)": left out here
    print(x.category.__name__, str(x.message).split(" (Triggered internally")[0])
