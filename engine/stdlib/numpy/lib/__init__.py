# numpy.lib: the namespace NumPy 2 keeps for a few submodules; Kiln provides stride_tricks (as_strided,
# sliding_window_view and the broadcasting helpers), which windowing code in time-series scripts
# reaches as np.lib.stride_tricks.as_strided.
from numpy.lib import stride_tricks
