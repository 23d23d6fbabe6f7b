# numbers: the ABCs with built-ins registered
import types, numbers, textwrap, pprint, statistics, csv, io, queue, math
print(isinstance(3, numbers.Integral), isinstance(3.5, numbers.Real), isinstance(3.5, numbers.Integral), isinstance(True, numbers.Number), isinstance('a', numbers.Number))
