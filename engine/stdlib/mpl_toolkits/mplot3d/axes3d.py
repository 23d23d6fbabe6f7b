# mpl_toolkits.mplot3d.axes3d: the module matplotlib defines Axes3D in, which older plotting code imports
# it from (`from mpl_toolkits.mplot3d.axes3d import Axes3D` in the UvA deep-learning course's energy-model
# notebook); the same class as mpl_toolkits.mplot3d.Axes3D.
from matplotlib.pyplot import Axes3D

__all__ = ["Axes3D"]
