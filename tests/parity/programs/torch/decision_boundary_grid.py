# The decision-boundary helper of the learnpytorch.io course (helper_functions.py): np.linspace with
# 0-d tensor bounds (X[:, 0].min() - 0.1 goes through __array__, so NumPy computes in float32),
# meshgrid, a model over the grid, and contourf/scatter with the RdYlBu colormap.
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np
import torch
from torch import nn

torch.manual_seed(0)
X = torch.randn(50, 2)
y = (X[:, 0] > 0).long() + (X[:, 1] > 0).long()
x_min, x_max = X[:, 0].min() - 0.1, X[:, 0].max() + 0.1
y_min, y_max = X[:, 1].min() - 0.1, X[:, 1].max() + 0.1
lx = np.linspace(x_min, x_max, 11)
print(lx.dtype, lx.shape, np.round(lx[:3], 4), lx[-1] == np.float32(x_max.item()))
print(np.linspace(torch.tensor(0.0), torch.tensor(1.0), 5), np.linspace(torch.tensor(0.0), 1, 3).dtype)
print(np.linspace(torch.tensor(0), torch.tensor(4), 5), np.linspace(np.float32(0.0), np.float32(1.0), 4))
xx, yy = np.meshgrid(np.linspace(x_min, x_max, 101), np.linspace(y_min, y_max, 101))
X_to_pred_on = torch.from_numpy(np.column_stack((xx.ravel(), yy.ravel()))).float()
model = nn.Sequential(nn.Linear(2, 8), nn.ReLU(), nn.Linear(8, 3))
with torch.inference_mode():
    y_pred = torch.softmax(model(X_to_pred_on), dim=1).argmax(dim=1).reshape(xx.shape).numpy()
print(xx.shape, xx.dtype, y_pred.shape, np.bincount(y_pred.ravel(), minlength=3).sum())
plt.contourf(xx, yy, y_pred, cmap=plt.cm.RdYlBu, alpha=0.7)
plt.scatter(X[:, 0], X[:, 1], c=y, s=40, cmap=plt.cm.RdYlBu)
print(plt.cm.RdYlBu.name, plt.cm.PuOr.name, plt.cm.Dark2.name, plt.cm.twilight.name, plt.cm.Pastel1.name)
plt.close("all")
