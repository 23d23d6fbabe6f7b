# numpy.lib: the public submodules Kiln provides (stride_tricks) and the names NumPy 2 keeps here.
from numpy.lib import stride_tricks
