# matplotlib.collections: the collections scatter() and hlines()/vlines() return.
from matplotlib.pyplot import LineCollection, PathCollection

__all__ = ["LineCollection", "PathCollection"]
