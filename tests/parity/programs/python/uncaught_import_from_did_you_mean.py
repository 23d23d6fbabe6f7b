# `from m import x` with a near miss: CPython 3.12 suggests the closest name of dir(m).
import sys

print(sys.getrecursionlimit() > 0)
from sys import getrecursionlimitt
