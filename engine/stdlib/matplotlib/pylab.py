# matplotlib.pylab: the MATLAB-style namespace (`import matplotlib.pylab as plt`, `from pylab import *`
# in older course code), which matplotlib builds by star-importing pyplot and then NumPy with its random
# and linalg submodules (numpy.fft where Kiln's NumPy has it), then putting back the builtins that
# NumPy's names hide (bytes, abs, bool, max, min, pow, round), as matplotlib's pylab.py does. datetime
# is the standard module, not NumPy's.
from matplotlib import pyplot as plt  # noqa: F401
from matplotlib.pyplot import *  # noqa: F401,F403
from numpy import *  # noqa: F401,F403
from numpy.random import *  # noqa: F401,F403
from numpy.linalg import *  # noqa: F401,F403
import numpy as np  # noqa: F401
import datetime  # noqa: F401

try:
    from numpy.fft import *  # noqa: F401,F403
except ImportError:  # Kiln's NumPy has no numpy.fft yet
    pass

bytes = __import__("builtins").bytes
abs = __import__("builtins").abs
bool = __import__("builtins").bool
max = __import__("builtins").max
min = __import__("builtins").min
pow = __import__("builtins").pow
round = __import__("builtins").round
