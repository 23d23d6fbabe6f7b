# pyplot.axvspan / axhspan (shaded search intervals in optimisation notebooks): what they return and
# how they change the autoscaled limits, through pyplot and an Axes.
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt

fig, ax = plt.subplots()
ax.plot([0, 1, 2], [0, 1, 4])
r = ax.axvspan(3, 5, facecolor='k', alpha=0.2)
print(type(r).__name__, r.get_x(), r.get_width())
print(ax.get_xlim(), ax.get_ylim())
h = ax.axhspan(-2, 1, color='r')
print(type(h).__name__, h.get_y(), h.get_height())
print(ax.get_xlim(), ax.get_ylim())
plt.figure()
plt.plot([10, 20, 30])
s = plt.axvspan(0.5, 1.5, ymin=0.25, ymax=0.75)
print(s.get_y(), s.get_height(), plt.gca().get_xlim())
plt.close('all')
