# Kiln's headless matplotlib against matplotlib with its Agg backend (no display): the values plotting
# calls return (hist counts and edges, autoscaled limits of lines with the 5% margins, subplot grids,
# figure numbers and sizes, colormap colors of rainbow/gray/jet) and a training loop that plots as
# tutorials do (plt.ion, cla, scatter, plot, text, pause, ioff, show) printing only its losses.
import os

import matplotlib
import matplotlib.pyplot as plt
import numpy as np
import torch
from matplotlib import cm

matplotlib.use("Agg")
print(matplotlib.get_backend().lower())
np.random.seed(0)
data = np.random.randn(200)
n, bins, patches = plt.hist(data, bins=8)
print(n, np.round(bins, 4), len(patches), type(n).__name__, n.dtype)
n2, bins2, _ = plt.hist([1, 2, 2, 3, 3, 3], bins=3, range=(0, 6), density=True)
print(n2, bins2)
plt.close()

fig = plt.figure(figsize=(4, 3))
print(fig.number, plt.gcf() is fig, list(fig.get_size_inches()), fig.dpi)
lines = plt.plot([0, 1, 2], [0, 1, 4], "r-", lw=2)
print(len(lines), type(lines[0]).__name__, list(lines[0].get_xdata()), list(lines[0].get_ydata()))
print(tuple(round(v, 4) for v in plt.xlim()), tuple(round(v, 4) for v in plt.ylim()))
plt.xlim(-1, 5)
print(plt.xlim(), plt.gca().get_xlim())
plt.title("loss")
plt.xlabel("step")
print(plt.gca().get_title(), plt.gca().get_xlabel())

fig2, axs = plt.subplots(2, 3, figsize=(6, 4))
print(fig2.number, axs.shape, len(axs.flat if hasattr(axs.flat, "__len__") else list(axs.flat)))
axs[1, 2].plot(np.arange(5.0), np.arange(5.0) ** 2)
print(tuple(round(v, 4) for v in axs[1][2].get_ylim()), len(fig2.axes))
fig3, ax = plt.subplots()
print(type(ax).__name__, plt.get_fignums())
plt.close("all")
print(plt.get_fignums())

print([round(v, 4) for v in cm.rainbow(0.3)], [round(v, 4) for v in cm.rainbow(100)])
print([round(v, 4) for v in cm.gray(0.5)], [round(v, 4) for v in cm.jet(0.0)], [round(v, 4) for v in cm.jet(1.0)])
print(np.round(cm.rainbow(np.array([0.0, 0.5, 1.0])), 4))

torch.manual_seed(1)
x = torch.unsqueeze(torch.linspace(-1, 1, 50), dim=1)
y = x.pow(2) + 0.1 * torch.rand(x.size())
net = torch.nn.Sequential(torch.nn.Linear(1, 10), torch.nn.ReLU(), torch.nn.Linear(10, 1))
opt = torch.optim.SGD(net.parameters(), lr=0.2)
plt.ion()
for t in range(20):
    prediction = net(x)
    loss = torch.nn.functional.mse_loss(prediction, y)
    opt.zero_grad()
    loss.backward()
    opt.step()
    if t % 5 == 0:
        plt.cla()
        plt.scatter(x.data.numpy(), y.data.numpy())
        plt.plot(x.data.numpy(), prediction.data.numpy(), "r-", lw=5)
        plt.text(0.5, 0, "Loss=%.4f" % loss.data.numpy(), fontdict={"size": 20, "color": "red"})
        plt.pause(0.01)
        print(t, "%.4f" % loss.item())
plt.ioff()
plt.show()
plt.savefig("tmp_matplotlib_headless_pyplot.png")  # Kiln writes no file (a warning says so); matplotlib does
if os.path.exists("tmp_matplotlib_headless_pyplot.png"):
    os.remove("tmp_matplotlib_headless_pyplot.png")
