# pyplot.hlines / vlines (the reward-threshold line of RL notebooks): what they return, their segments,
# and their effect on autoscaled limits, through pyplot and through an Axes.
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt

fig = plt.figure(figsize=(4, 3))
ax = fig.add_subplot(1, 1, 1)
ax.plot([0, 1, 2, 3], [1.0, 4.0, 2.0, 3.0])
lc = ax.hlines(5.0, 0, 3, color="r")
print(type(lc).__name__, lc.get_segments())
print(ax.get_ylim())
vl = ax.vlines([0.5, 1.5], ymin=0, ymax=[2, 6], colors="k", linestyles="dashed")
print(type(vl).__name__, vl.get_segments())
print(ax.get_xlim(), ax.get_ylim())
plt.figure()
plt.plot([10, 20, 30])
r = plt.hlines(25, 0, 2)
print(r.get_segments(), plt.gca().get_ylim())
plt.close("all")
