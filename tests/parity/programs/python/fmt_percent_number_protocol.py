# printf-style % formatting of objects that are numbers by protocol: CPython's %d/%i/%u use
# PyNumber_Long (__int__, then __index__), %x/%o/%X PyNumber_Index (__index__ only), %e/%f/%g
# PyFloat_AsDouble (__float__, then __index__); a TypeError from the conversion becomes the
# conversion's own message, other errors propagate. (Tutorials format tensors and NumPy scalars so:
# '%i' % label, '%.4f' % loss.)


class Index:
    def __init__(self, v):
        self.v = v

    def __index__(self):
        return self.v


class Real:
    def __float__(self):
        return 2.5


class Integral:
    def __int__(self):
        return 3


class IntAndFloat:
    def __int__(self):
        return 7

    def __float__(self):
        return 7.75


class Broken:
    def __int__(self):
        raise ValueError("no int here")


class BadInt:
    def __int__(self):
        return "3"


print('%i %d %u %x %X %o' % (Index(42), Index(-42), Index(5), Index(255), Index(255), Index(8)))
print('%.2f %e %g' % (Index(3), Index(3), Index(10 ** 20)))
print('%.3f %e %5.1f' % (Real(), Real(), Real()))
print('%d %i %05d %+d' % (Integral(), Integral(), Integral(), Integral()))
print('%d %.1f %s' % (IntAndFloat(), IntAndFloat(), 'x'))
print('%d' % Index(2 ** 70), '%x' % Index(2 ** 70))
print('%(a)s' % {'a': Index(1)} if False else 'mapping skipped')
for fmt, v in [('%d', Real()), ('%x', Integral()), ('%x', 2.5), ('%f', Integral()), ('%d', 'text'),
               ('%c', Index(65)), ('%d', Broken()), ('%d', BadInt()), ('%f', None)]:
    try:
        print(repr(fmt % v))
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
