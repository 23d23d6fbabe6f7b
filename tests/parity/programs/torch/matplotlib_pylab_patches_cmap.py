# The matplotlib surface probe 19a's course notebooks stopped at: `import matplotlib.pylab as plt`
# (pyplot's names plus NumPy's, with the builtins pylab restores), `from matplotlib.pyplot import *`,
# collections.PatchCollection (its rectangles widen the autoscaled limits), pyplot.sci/gci, patches.Arc (keyword-only angles) and
# Circle, pyplot.set_cmap / gci, Figure.suptitle(..., y=1.05),
# xscale / yscale, Axes.label_outer, a 2-d subplot grid's columns (axs[:, j]), and numpy.atleast_3d.
import matplotlib
matplotlib.use("Agg")
import matplotlib.pylab as pl
import numpy as np
from matplotlib.collections import PatchCollection
from matplotlib.patches import Arc, Circle, Rectangle

print(pl.plot is pl.plt.plot if hasattr(pl, "plt") else None, pl.max is max, pl.round is round, pl.abs is abs)
print(type(pl.linspace(0, 1, 3)).__name__, pl.zeros((2, 2)).shape, pl.np is np)
ns = {}
exec("from matplotlib.pyplot import *", ns)
print(all(n in ns for n in ("figure", "plot", "show", "subplots", "savefig", "xlabel")))

fig, ax = pl.subplots()
pc = PatchCollection([Rectangle((1, 2), 3, 4), Rectangle((0, 0), 1, 1)], facecolor="r", alpha=0.3, edgecolor="r")
ax.add_collection(pc)
ax.autoscale_view()  # matplotlib before 3.11 widens only the data limits in add_collection
print(type(pc).__name__, [round(float(v), 4) for v in ax.get_xlim()], [round(float(v), 4) for v in ax.get_ylim()])
arc = Arc((0, 0), 2.0, 1.0, angle=0, theta1=15, theta2=75, color="k", label="60°")
try:  # the angles are keyword-only since matplotlib 3.8
    Arc((0, 0), 1, 1, 0, 0, 90)
except TypeError as e:
    print("TypeError:", e)
print(arc.theta1, arc.theta2, arc.width, arc.height, arc.angle, arc.get_label())
circ = Circle((1, 1), 0.5)
print(circ.get_radius(), circ.center)
try:
    Arc((0, 0), 1, 1, fill=True)
except ValueError as e:
    print("ValueError:", e)

print(pl.gci())
ax.imshow(np.zeros((2, 2)))  # the Axes method does not make its image current; pyplot's wrapper does
print(pl.gci())
im = pl.imshow(np.ones((2, 2)))
pl.set_cmap("gray")
print(matplotlib.rcParams["image.cmap"], pl.gci() is im, im.get_cmap().name)
title = fig.suptitle("Gradient magnitude", fontsize=14, y=1.05)
print(title.get_text(), title.get_position())
pl.yscale("log")
print(ax.get_yscale())
fig2, axs = pl.subplots(3, 2)
col = axs[:, 1]
print(len(col), col[2] is axs[2, 1], axs[1, :][0] is axs[1][0], axs[:2, :].shape)
for a in axs.flat:
    a.label_outer()

print(np.atleast_3d(np.arange(3)).shape, np.atleast_3d(5.0).shape, np.atleast_3d(np.ones((2, 3))).shape)
print([a.shape for a in np.atleast_3d([1, 2], np.ones((1, 2, 3, 4)))])

from mpl_toolkits.mplot3d import Axes3D as A3
from mpl_toolkits.mplot3d.axes3d import Axes3D
print(Axes3D.__name__, Axes3D is A3)
