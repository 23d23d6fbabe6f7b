# matplotlib.gridspec (the GAN sample-grid idiom `gs = gridspec.GridSpec(n, n); gs.update(wspace=...,
# hspace=...); plt.subplot(gs[i])`, spans like gs[0, :]), Axes.add_collection / add_line /
# add_patch / add_artist and their effect on autoscaled limits (the normalizing-flows notebook draws
# its grids with a LineCollection), and matplotlib.animation's FuncAnimation, which draws nothing
# until a figure is rendered.
import matplotlib
matplotlib.use("Agg")
import matplotlib.animation
import matplotlib.gridspec as gridspec
import matplotlib.pyplot as plt
from matplotlib import collections as mc
from matplotlib.lines import Line2D
from matplotlib.patches import Rectangle

gs = gridspec.GridSpec(2, 3)
gs.update(wspace=0.05, hspace=0.05)
print(gs, gs.get_geometry(), gs.nrows, gs.ncols, gs.wspace, gs.hspace)
print(gs[4], gs[0, :], gs[:, 1], gs[-1], gs[1, -1].get_geometry())
print(gs[0, :].rowspan, gs[0, :].colspan, gs[:, 1].rowspan, gs[0, 1:].is_first_row(), gs[1, 2].is_last_col())
print(gs[1] == gs[0, 1], gridspec.GridSpec(1, 2, width_ratios=[1, 3]))
for bad in (6, (2, 0), (0, slice(3, 3))):
    try:
        gs[bad]
    except IndexError as e:
        print("IndexError:", e)
try:
    gs.update(wspace=0.1)
except AttributeError as e:
    print("AttributeError:", e)
fig = plt.figure(figsize=(3, 2))
axes = []
for i in range(6):
    ax = plt.subplot(gs[i])
    plt.axis("off")
    ax.set_xticklabels([])
    ax.set_aspect("equal")
    axes.append(ax)
print(len(fig.axes), len(set(map(id, axes))), plt.subplot(gs[2]) is axes[2])
top = fig.add_subplot(gs[0, :])
print(top in fig.axes, len(fig.axes))
plt.close("all")

fig, ax = plt.subplots()
lines = [[(0, 0), (1, 2)], [(2, -1), (3, 5)]]
lc = mc.LineCollection(lines, linewidths=1, color="k")
# add_* widen the data limits; the next plot() call autoscales over them
print(ax.add_collection(lc) is lc, lc in ax.collections)
ax.plot([0.5], [0.5])
print(ax.get_xlim(), ax.get_ylim())
fig, ax = plt.subplots()
ln = ax.add_line(Line2D([0, 10], [0, 1]))
ax.plot([1], [1])
print(ln in ax.lines, ax.get_xlim(), ax.get_ylim())
fig, ax = plt.subplots()
p = ax.add_patch(Rectangle((1, 1), 2, 3))
ax.plot([2], [2])
print(p in ax.patches, ax.get_xlim(), ax.get_ylim())
art = ax.add_artist(Line2D([0], [0]))
print(art in ax.artists)
fig, ax = plt.subplots()
calls = []
anim = matplotlib.animation.FuncAnimation(fig, lambda i: calls.append(i), frames=5, interval=50)
print(type(anim).__name__, calls, isinstance(anim, matplotlib.animation.Animation))
plt.close("all")

# the segment-data and color-list colormaps (grad-cam heatmaps use 'hsv', LRP maps 'seismic')
import numpy as np
for name in ("hsv", "hot", "cool", "autumn", "bone", "copper", "seismic", "bwr", "brg"):
    cmap = plt.get_cmap(name)
    print(name, cmap.N, np.round(np.array(cmap(0.3)), 6).tolist(), np.round(cmap(np.array([0.0, 0.75, 1.0])), 6).tolist())
print(np.round(plt.cm.seismic(np.arange(0, 256, 64)), 6).tolist())

# nested grids and Axes made first, added after (`plt.Subplot(fig, inner[i]); fig.add_subplot(ax)`)
fig = plt.figure(figsize=(4, 2))
outer = gridspec.GridSpec(1, 2, wspace=0.1, hspace=0.1)
inner = gridspec.GridSpecFromSubplotSpec(2, 2, subplot_spec=outer[0], wspace=0.1, hspace=0.1)
print(inner, inner.get_geometry(), inner[3], inner.get_topmost_subplotspec() == outer[0])
for i in range(4):
    ax = plt.Subplot(fig, inner[i])
    ax.set_xticklabels([])
    print(fig.add_subplot(ax) is ax, end=" ")
print(len(fig.axes), plt.Subplot is plt.Axes)
try:
    plt.figure().add_subplot(plt.Subplot(fig, outer[1]))
except ValueError as e:
    print("ValueError:", e)
plt.close("all")
