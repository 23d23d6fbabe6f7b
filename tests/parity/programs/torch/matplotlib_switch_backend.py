# plt.switch_backend('agg') at import time (cure-lab/LTSF-Linear's utils/tools.py, scripts that plot on
# a server): open figures stay open, and the backend is the one asked for.
import matplotlib
import matplotlib.pyplot as plt

plt.figure()
plt.plot([1, 2, 3])
plt.figure()
print(plt.get_fignums())
plt.switch_backend('agg')
print(plt.get_fignums(), plt.get_backend(), matplotlib.get_backend())
fig, ax = plt.subplots()
ax.plot([0, 1], [1, 0])
print(plt.get_fignums(), len(ax.lines))
plt.switch_backend('pdf')
print(plt.get_fignums(), plt.get_backend())
