# pyplot's hist2d (the 2-D sample histograms of normalizing-flow and MDN notebooks), colors.LogNorm
# (pytorch-minimize's Rosenbrock contour plot) and Axes.set_aspect('equal', 'box').
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np
from matplotlib.colors import LogNorm, Normalize

x = np.array([0.1, 0.5, 0.9, 1.0, 0.3, -2.0])
y = np.array([1.0, 2.0, 3.0, 3.0, 2.0, 1.5])
h, xe, ye, im = plt.hist2d(x, y, bins=(2, 3), range=[[0, 1], [1, 3]])
print(h, xe, ye)
fig, ax = plt.subplots()
h, xe, ye, im = ax.hist2d(x, y, bins=4, cmin=1)
print(h)
ax.set_aspect('equal', 'box')
plt.gca().set_aspect('equal', adjustable='datalim')
print(ax.get_aspect(), plt.gca().get_aspect())
try:
    ax.set_aspect('equal', 'bogus')
except ValueError as e:
    print("ValueError:", e)
n = LogNorm(vmin=1, vmax=100)
print(float(n(10.0)), [float(v) for v in np.asarray(n(np.array([1.0, 10.0, 100.0])))], isinstance(n, Normalize))
m = LogNorm()
print([float(v) for v in np.asarray(m(np.array([0.1, 1.0, 10.0])))], float(m.vmin), float(m.vmax))
plt.close("all")
