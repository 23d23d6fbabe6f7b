# torch.tensor reads its data the way PyTorch's compute_sizes / recursive_store do: anything passing
# PySequence_Check (lists, tuples, ranges, collections.deque, user classes with __len__/__getitem__,
# NumPy arrays) is walked at every depth; a tensor is a leaf (one element only); NumPy arrays bring
# their dtype into the inference. The replay-buffer shapes of RL code (lists of arrays, lists of lists
# of one-element tensors) and the length/leaf errors.
import collections

import numpy as np
import torch

print(torch.tensor(range(4)), torch.tensor([range(2), range(2)]).shape)
d = collections.deque([np.array([1.0, 2.0]), np.array([3.0, 4.0])])
print(torch.tensor(d), torch.tensor([d, d]).shape)


class Seq:
    def __init__(self, items):
        self.items = items

    def __len__(self):
        return len(self.items)

    def __getitem__(self, i):
        return self.items[i]


print(torch.tensor([Seq([1, 2]), Seq([3, 4])]))
s = np.array([0.5, 1.5, 2.5], dtype=np.float32)
batch = [[s, s * 2], [s * 3, s * 4]]
t = torch.tensor(batch, dtype=torch.float)
print(t.shape, t.dtype, t.sum().item())
print(torch.tensor([[s, s]]).dtype, torch.tensor([[np.array([1.0, 2.0])]]).dtype)
print(torch.tensor([[1, 2], np.array([3, 4], dtype=np.int32)]).dtype)
print(torch.tensor([np.float32(1.5), 2.0]).dtype, torch.tensor([np.int64(3), 1.5]).dtype)
a = torch.tensor([0.25])
rollout = [[[a], [a * 2]], [[a * 3], [a * 4]]]
print(torch.tensor(rollout, dtype=torch.float).shape, torch.tensor([a, a]).shape)
print(torch.tensor([torch.tensor(1), torch.tensor(2.5)]))
print(torch.tensor([np.zeros((2, 0)), np.zeros((2, 0))]).shape)
selfref = [1]
selfref.append(selfref)
for bad in (lambda: torch.tensor([[1.0, 2.0], np.array([1.0, 2.0, 3.0])]),
            lambda: torch.tensor([np.zeros((2, 3)), np.zeros((2, 2))]),
            lambda: torch.tensor([torch.tensor([1.0, 2.0]), torch.tensor([3.0, 4.0])]),
            lambda: torch.tensor([[1, 2], 3]),
            lambda: torch.tensor([1, [2, 3]]),
            lambda: torch.tensor([{'a': 1}]),
            lambda: torch.tensor(selfref)):
    try:
        bad()
    except (TypeError, ValueError, RuntimeError) as e:
        print(type(e).__name__, e)
