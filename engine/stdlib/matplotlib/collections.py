# matplotlib.collections: the collections scatter() and hlines()/vlines() return, and PatchCollection,
# which programs build from patches and hand to Axes.add_collection.
from matplotlib.pyplot import LineCollection, PatchCollection, PathCollection

__all__ = ["LineCollection", "PatchCollection", "PathCollection"]
