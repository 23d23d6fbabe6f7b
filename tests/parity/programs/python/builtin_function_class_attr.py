# A builtin function stored as a class attribute is no method: CPython's builtin_function_or_method
# is not a descriptor, so instance.attr(x) calls it with x alone (logging.Formatter.converter =
# time.localtime, which Formatter.formatTime calls as self.converter(record.created) for every
# "%(asctime)s" format). Native methods of built-in types still bind (list.append through a
# subclass, super()), and so do Python functions.
import logging
import math
import time


class C:
    f = len
    g = math.sqrt
    conv = time.gmtime
    h = abs

    def meth(self, x):
        return ('meth', x)


c = C()
print(c.f([1, 2, 3]), c.g(16.0), c.conv(0).tm_year, C.f('ab'), c.h(-2), c.meth(1))
print(type(C.__dict__['f']).__name__, c.f is len, C.__dict__['g'] is math.sqrt)
m = c.f
print(m('abcd'), getattr(c, 'g')(9.0))

rec = logging.makeLogRecord({'msg': 'hi %s', 'args': ('there',), 'created': 86400.5, 'msecs': 500.0, 'levelname': 'INFO'})
fmt = logging.Formatter("%(asctime)s - %(levelname)s: %(message)s", datefmt="%Y-%m-%d %H:%M:%S")
fmt.converter = time.gmtime
print(fmt.format(rec))


class UTCFormatter(logging.Formatter):
    converter = time.gmtime


print(UTCFormatter("%(asctime)s %(message)s").format(rec))
print(logging.Formatter("%(asctime)s|%(message)s", datefmt="%Y").format(rec))


class L(list):
    def append(self, x):
        super().append(x * 10)


lst = L()
lst.append(3)
list.append(lst, 4)
print(lst, [].append.__name__, type([].append).__name__)


class D(dict):
    get2 = dict.get


d = D(a=1)
print(d.get2('a'), d.get2('b', 0))

