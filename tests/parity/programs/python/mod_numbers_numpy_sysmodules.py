# numbers ABCs recognise NumPy scalars whichever module is imported first; sys.modules is live
import sys
print('json' in sys.modules)
import json
print('json' in sys.modules, sys.modules['json'] is json)
try:
    import nosuchmod
except ImportError:
    pass
print('nosuchmod' in sys.modules)
import numbers
print(isinstance(3, numbers.Integral), isinstance(2.5, numbers.Real), isinstance(True, numbers.Number))
