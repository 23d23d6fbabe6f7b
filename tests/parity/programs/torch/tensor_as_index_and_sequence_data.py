# One-element integer tensors index Python sequences through __index__ (classes[pred.argmax(0)] in the
# quickstart tutorial), and torch.tensor reads any sequence object (collections.deque of returns in
# the REINFORCE example).
from collections import deque

import torch

classes = ["T-shirt/top", "Trouser", "Pullover", "Dress", "Coat"]
pred = torch.tensor([[0.1, 0.2, 0.9, 0.3, 0.0]])
print(classes[pred[0].argmax(0)], classes[torch.tensor(-1)])
print((10, 20, 30)[torch.tensor(1)], "kiln"[torch.tensor(2)], range(100)[torch.tensor(42)])
print(classes[torch.tensor(1):torch.tensor(3)])
try:
    classes[torch.tensor(1.0)]
except TypeError as e:
    print("TypeError", e)
try:
    classes[torch.tensor([0, 1])]
except TypeError as e:
    print("TypeError", e)

returns = deque()
R = 0.0
for r in [1.0, 1.0, 1.0, 1.0]:
    R = r + 0.99 * R
    returns.appendleft(R)
t = torch.tensor(returns)
print(t, t.dtype)
print(torch.tensor(deque([1, 2, 3])), torch.tensor(deque([[1.5, 2.0], [3.0, 4.0]])).shape)
eps = torch.finfo(torch.float32).eps
print((t - t.mean()) / (t.std() + eps))
print(torch.finfo(torch.float32), torch.finfo(torch.float64).eps, torch.finfo().bits, torch.iinfo(torch.int64).max)
