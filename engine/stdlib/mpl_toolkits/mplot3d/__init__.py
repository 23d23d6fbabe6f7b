# mpl_toolkits.mplot3d for Kiln: Axes3D, the headless 3-D axes of Kiln's matplotlib (pyplot.Axes3D), which
# fig.add_subplot(projection="3d") also makes. Kiln draws nothing (see matplotlib/__init__.py).
from matplotlib.pyplot import Axes3D
