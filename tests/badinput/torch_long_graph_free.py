# badinput: freeing an unused graph of 200000 ops
# expect-exit: 0
# expect-stdout: freed
import torch
x = torch.ones(1, requires_grad=True)
y = x
for i in range(200000):
    y = y + 1
y = None
print('freed')
