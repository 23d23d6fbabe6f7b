# Real-program corpus (tests/realworld, see README.md): the NYU deep-learning course's first lessons,
# Atcold/NYU-DLSP20 @ 3049c83260ba05700e2ab9b7ed13cdbe5ddba0fd: a plot_lib-style helper module
# (res/plot_lib.py: set_default with plt.style.use + plt.rc, plot_data's scatter/axis/axvline/axhline,
# plot_model's meshgrid + contourf over the model's argmax, show_scatterplot colouring points by int16
# pixel coordinates into an RGB image array, plot_bases' plt.arrow), the space-stretching lesson
# (02: random matrices and a tanh layer applied to a point cloud, singular values) and the spiral
# classification lesson (04: three-arm spiral data, a linear model trained with SGD then a ReLU model
# with Adam, with weight decay, printing loss and accuracy). Written for Kiln, not copied: the picture
# plot_lib reads with plt.imread is a generated gradient image here (no files), and sizes are small.
import math
import random

import matplotlib
matplotlib.use("Agg")
from matplotlib import pyplot as plt
import numpy as np
import torch
from torch import nn

# ---- plot_lib ----
image = np.stack(list(np.meshgrid(np.linspace(0, 1, 512), np.linspace(1, 0, 512))) + [np.full((512, 512), 0.5)],
                 axis=2).astype(np.float32)


def set_default(figsize=(10, 10), dpi=100):
    plt.style.use(["dark_background", "bmh"])
    plt.rc("axes", facecolor="k")
    plt.rc("figure", facecolor="k")
    plt.rc("figure", figsize=figsize, dpi=dpi)


def plot_data(X, y, d=0, auto=False, zoom=1):
    X = X.cpu()
    y = y.cpu()
    plt.scatter(X.numpy()[:, 0], X.numpy()[:, 1], c=y, s=20, cmap=plt.cm.Spectral)
    plt.axis("square")
    plt.axis(np.array((-1.1, 1.1, -1.1, 1.1)) * zoom)
    if auto is True:
        plt.axis("equal")
    plt.axis("off")
    _m, _c = 0, ".15"
    plt.axvline(0, ymin=_m, color=_c, lw=1, zorder=0)
    plt.axhline(0, xmin=_m, color=_c, lw=1, zorder=0)


def plot_model(X, y, model):
    model.cpu()
    mesh = np.arange(-1.1, 1.1, 0.05)
    xx, yy = np.meshgrid(mesh, mesh)
    with torch.no_grad():
        data = torch.from_numpy(np.vstack((xx.reshape(-1), yy.reshape(-1))).T).float()
        Z = model(data).detach()
    Z = np.argmax(Z, axis=1).reshape(xx.shape)
    plt.contourf(xx, yy, Z, cmap=plt.cm.Spectral, alpha=0.3)
    plot_data(X, y)
    return Z


def show_scatterplot(X, colors, title="", axis=True):
    colors = image[colors[:, 0], colors[:, 1]]
    X = X.numpy()
    plt.axis("equal")
    plt.scatter(X[:, 0], X[:, 1], c=colors, s=30)
    plt.title(title)
    plt.axis("off")
    return colors


def plot_bases(bases, width=0.04):
    bases[2:] -= bases[:2]
    a = plt.arrow(*bases[0], *bases[2], width=width, color="r", zorder=10, alpha=1.0, length_includes_head=True)
    b = plt.arrow(*bases[1], *bases[3], width=width, color="g", zorder=10, alpha=1.0, length_includes_head=True)
    return a, b


set_default()
print(matplotlib.rcParams["axes.facecolor"], matplotlib.rcParams["figure.facecolor"])

# ---- 02: space stretching ----
torch.manual_seed(0)
n_points = 200
X = torch.randn(n_points, 2)
x_min, x_max = X.min(0)[0], X.max(0)[0]
colors = (X - x_min) / (x_max - x_min)
colors = (colors * 511).short().numpy()
colors = np.clip(colors, 0, 511)
c = show_scatterplot(X, colors, title="X")
print("colours", c.shape, c.dtype, np.round(c[:2].astype(np.float64), 3).tolist())
OI = torch.cat((torch.zeros(2, 2), torch.eye(2)))
arrows = plot_bases(OI)
print(type(arrows[0]).__name__, type(arrows[1]).__module__)
for i in range(3):
    W = torch.randn(2, 2)
    Y = X @ W.t()
    U, S, V = torch.svd(W)
    show_scatterplot(Y, colors, title="y = Wx, singular values : [{:.3f}, {:.3f}]".format(S[0], S[1]))
    print("W", i, "singular values", [round(s, 4) for s in S.tolist()])
model = nn.Sequential(nn.Linear(2, 2, bias=False), nn.Tanh())
with torch.no_grad():
    Y = model(X)
print("tanh layer output range", round(Y.min().item(), 4), round(Y.max().item(), 4))
plt.close("all")

# ---- 04: spiral classification ----
seed = 12345
random.seed(seed)
torch.manual_seed(seed)
N = 60  # num_samples_per_class
D = 2  # dimensions
C = 3  # num_classes
H = 50  # num_hidden_units
X = torch.zeros(N * C, D)
y = torch.zeros(N * C, dtype=torch.long)
for c in range(C):
    index = 0
    t = torch.linspace(0, 1, N)
    inner_var = torch.linspace((2 * math.pi / C) * c, (2 * math.pi / C) * (2 + c), N) + torch.randn(N) * 0.2
    for ix in range(N * c, N * (c + 1)):
        X[ix] = t[index] * torch.FloatTensor((math.sin(inner_var[index]), math.cos(inner_var[index])))
        y[ix] = c
        index += 1
print("Shapes:")
print("X:", tuple(X.size()))
print("y:", tuple(y.size()))
plot_data(X, y)

learning_rate = 1e-3
lambda_l2 = 1e-5
for name, model, opt in (
        ("linear", nn.Sequential(nn.Linear(D, H), nn.Linear(H, C)), torch.optim.SGD),
        ("relu", nn.Sequential(nn.Linear(D, H), nn.ReLU(), nn.Linear(H, C)), torch.optim.Adam)):
    criterion = torch.nn.CrossEntropyLoss()
    optimizer = opt(model.parameters(), lr=learning_rate if name == "linear" else 1e-2, weight_decay=lambda_l2)
    for t in range(200):
        y_pred = model(X)
        loss = criterion(y_pred, y)
        score, predicted = torch.max(y_pred, 1)
        acc = (y == predicted).sum().float() / len(y)
        if t % 50 == 0 or t == 199:
            print("[%s] [EPOCH]: %i, [LOSS]: %.4f, [ACCURACY]: %.3f" % (name, t, loss.item(), acc))
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    print(model)
    Z = plot_model(X, y, model)
    print("decision regions", Z.shape, np.bincount(Z.reshape(-1), minlength=3).tolist())
plt.close("all")
