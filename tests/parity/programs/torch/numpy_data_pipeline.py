import torch
import numpy as np

# The NumPy-first data preparation that tutorials do before handing arrays to torch.
np.random.seed(0)
x = np.random.rand(8, 3).astype(np.float32)
y = (x.sum(axis=1) > 1.5).astype(np.int64)
print(x.dtype, y, y.dtype)
mean, std = x.mean(axis=0), x.std(axis=0)
xn = (x - mean) / std
print(np.round(xn[:2], 4))
X = torch.from_numpy(xn)
Y = torch.from_numpy(y)
print(X.shape, X.dtype, Y.dtype)
idx = np.random.permutation(len(X))
print(idx)
Xb = X[torch.from_numpy(idx[:4])]
print(Xb.shape)
torch.manual_seed(0)
lin = torch.nn.Linear(3, 2)
with torch.no_grad():
    lin.weight.copy_(torch.tensor([[0.5, -0.25, 0.125], [0.25, 0.5, -0.5]]))
    lin.bias.zero_()
    out = lin(X)
pred = out.argmax(dim=1).numpy()
print(pred, pred.dtype, (pred == y).mean())
probs = torch.softmax(out, dim=1).numpy()
print(probs.shape, np.allclose(probs.sum(axis=1), 1.0))
losses = []
for step in range(3):
    losses.append(float(np.float64(step) * 0.5))
print(np.mean(losses), np.array(losses))
