# pylab: the top-level module matplotlib installs beside its package, so that `from pylab import *`
# (what IPython's `%pylab inline` runs, in many notebook-born scripts) gives matplotlib.pylab's
# pyplot + NumPy namespace. matplotlib's own pylab.py is these three lines.
from matplotlib.pylab import *  # noqa: F401,F403
import matplotlib.pylab
__doc__ = matplotlib.pylab.__doc__
