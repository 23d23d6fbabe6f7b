# Real-program corpus (tests/realworld, see README.md): fit a degree-4 polynomial with one Linear
# layer, smooth_l1_loss and a hand-written parameter update, looping with itertools.count until the
# loss is small, then print both polynomials: the workflow of pytorch/examples regression/main.py @
# 77f55b912142e11fcfdf5b530231fb9c52f181e8. Written for Kiln, not copied.
from itertools import count

import torch
import torch.nn.functional as F

torch.manual_seed(0)
POLY_DEGREE = 4
W_target = torch.randn(POLY_DEGREE, 1) * 5
b_target = torch.randn(1) * 5


def make_features(x):
    """Builds a matrix with columns [x, x^2, x^3, x^4]."""
    x = x.unsqueeze(1)
    return torch.cat([x ** i for i in range(1, POLY_DEGREE + 1)], 1)


def f(x):
    return x.mm(W_target) + b_target.item()


def poly_desc(W, b):
    result = 'y = '
    for i, w in enumerate(W):
        result += '{:+.2f} x^{} '.format(w, i + 1)
    result += '{:+.2f}'.format(b[0])
    return result


def get_batch(batch_size=32):
    random = torch.randn(batch_size)
    x = make_features(random)
    return x, f(x)


fc = torch.nn.Linear(W_target.size(0), 1)
for batch_idx in count(1):
    batch_x, batch_y = get_batch()
    fc.zero_grad()
    output = F.smooth_l1_loss(fc(batch_x), batch_y)
    loss = output.item()
    output.backward()
    for param in fc.parameters():
        param.data.add_(-0.1 * param.grad)
    if batch_idx % 50 == 0:
        print('batch {} loss {:.4f}'.format(batch_idx, loss))
    if loss < 1e-2 or batch_idx >= 400:
        break

print('Loss: {:.4f} after {} batches'.format(loss, batch_idx))
print('==> Learned function:\t' + poly_desc(fc.weight.view(-1), fc.bias))
print('==> Actual function:\t' + poly_desc(W_target.view(-1), b_target))
