# Private torch modules public code imports: torch._utils' _flatten_dense_tensors /
# _unflatten_dense_tensors (openai/guided-diffusion's fp16_util.py keeps fp32 master weights as one
# flat buffer per group), _take_tensors buckets; torch.jit.annotations' typing names (timm's
# densenet.py); torch.hub.HASH_REGEX (timm's hub helpers); and torch.utils.data classes subscripted as
# the generics PyTorch declares (timm's `class ScheduledBatchSampler(Sampler[List[Tuple[Any, int]]])`).
from typing import Any, List, Tuple

import torch
from torch._utils import _flatten_dense_tensors, _unflatten_dense_tensors, _take_tensors
from torch.jit.annotations import List as JList, Optional, Tuple as JTuple
from torch.hub import HASH_REGEX
from torch.utils.data import DataLoader, Dataset, Sampler, SequentialSampler

torch.manual_seed(0)
params = [torch.randn(2, 3), torch.randn(4), torch.randn(1, 2, 2)]
flat = _flatten_dense_tensors(params)
print(flat.shape, torch.equal(flat[:6], params[0].view(-1)), torch.equal(flat[6:10], params[1]))
pieces = _unflatten_dense_tensors(flat, params)
print(type(pieces).__name__, [p.shape for p in pieces], all(torch.equal(a, b) for a, b in zip(pieces, params)))
pieces[1].fill_(5.0)
print(flat[6:10].tolist())
one = _flatten_dense_tensors([params[0]])
print(one.shape, one.data_ptr() == params[0].data_ptr())
nc = params[0].t()
print(_flatten_dense_tensors([nc]).tolist() == nc.contiguous().view(-1).tolist())
master = _flatten_dense_tensors([p.detach().float() for p in params]).requires_grad_(True)
print(master.requires_grad, master.is_leaf, master.numel())
buckets = list(_take_tensors([torch.zeros(10), torch.zeros(10), torch.zeros(30), torch.zeros(5, dtype=torch.float64)], 80))
print([[t.numel() for t in b] for b in buckets])

print(JList[int], JTuple[int, str], Optional[int] == Optional[int])
m = HASH_REGEX.search("resnet18-f37072fd.pth")
print(m.group(1), HASH_REGEX.search("model.pth"))


class Pairs(Sampler[List[Tuple[Any, int]]]):
    def __init__(self, n):
        self.n = n

    def __iter__(self):
        for i in range(0, self.n, 2):
            yield [(None, i), (None, i + 1)]

    def __len__(self):
        return self.n // 2


class Squares(Dataset[Tuple[torch.Tensor, int]]):
    def __len__(self):
        return 4

    def __getitem__(self, i):
        return torch.tensor([float(i * i)]), i


loader: DataLoader[Tuple[torch.Tensor, int]] = DataLoader(Squares(), batch_size=2)
print([b[1].tolist() for b in loader], list(Pairs(4)), len(Pairs(6)))
print(isinstance(SequentialSampler(range(3)), Sampler), Sampler.__mro__[-2].__name__ if len(Sampler.__mro__) > 2 else "none")
