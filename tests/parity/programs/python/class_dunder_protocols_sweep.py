# The dunder protocols on user classes: sequences (__len__/__getitem__ with slices, __contains__,
# __reversed__), generator __iter__, __call__, __setattr__/__delattr__/__getattribute__, the number
# protocol (__index__ in indexing, bin/hex, 'ab' * obj, range), comparisons with NotImplemented,
# context managers suppressing, __missing__, bytes(obj) via __bytes__, __init_subclass__ keywords,
# __repr__/__str__ in containers and formats, divmod/pow/reflected operators.
class Seq:
    def __init__(self, n):
        self.n = n
    def __len__(self):
        return self.n
    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(self.n))]
        if i < 0:
            i += self.n
        if not 0 <= i < self.n:
            raise IndexError('out of range')
        return i * 10
    def __contains__(self, v):
        return v % 10 == 0 and 0 <= v // 10 < self.n
    def __reversed__(self):
        return iter([self[i] for i in range(self.n - 1, -1, -1)])
s = Seq(4)
print(list(s), s[1:3], s[-1], 20 in s, 25 in s, list(reversed(s)), len(s), sorted(s, reverse=True), sum(s), max(s))
class Gen:
    def __iter__(self):
        yield from range(3)
print(list(Gen()), [x for x in Gen()], dict.fromkeys(Gen()), set(Gen()), tuple(Gen()), list(enumerate(Gen(), 1)))
class Call:
    def __call__(self, *a, **k):
        return a, k
print(Call()(1, x=2), callable(Call()), callable(Call))
class Attr:
    def __init__(self):
        object.__setattr__(self, 'log', [])
    def __setattr__(self, k, v):
        self.log.append(k)
        object.__setattr__(self, k, v)
    def __delattr__(self, k):
        self.log.append('del ' + k)
        object.__delattr__(self, k)
    def __getattribute__(self, k):
        if k == 'magic':
            return 42
        return object.__getattribute__(self, k)
a = Attr(); a.x = 1; del a.x; print(a.log, a.magic, hasattr(a, 'x'))
class Num:
    def __init__(self, v):
        self.v = v
    def __index__(self):
        return self.v
    def __int__(self):
        return self.v
    def __float__(self):
        return float(self.v)
    def __round__(self, n=None):
        return 'rounded'
    def __abs__(self):
        return 'abs'
    def __format__(self, spec):
        return f'Num<{spec}>'
    def __bool__(self):
        return False
n = Num(3)
print([0, 1, 2, 3][n], bin(n), hex(n), int(n), float(n), round(n), abs(n), f'{n:xyz}', format(n, ''), bool(n), 'ab' * Num(2), range(n))
class Cmp:
    def __init__(self, v):
        self.v = v
    def __eq__(self, o):
        return NotImplemented if not isinstance(o, Cmp) else self.v == o.v
    def __lt__(self, o):
        return self.v < o.v
    def __hash__(self):
        return hash(self.v)
print(Cmp(1) == Cmp(1), Cmp(1) != Cmp(2), Cmp(1) == 1, Cmp(1) > Cmp(0), sorted([Cmp(2), Cmp(1)])[0].v, len({Cmp(1), Cmp(1)}))
try:
    Cmp(1) <= Cmp(2)
except TypeError as e:
    print('TypeError', e)
class Ctx:
    def __enter__(self):
        print('enter'); return self
    def __exit__(self, et, ev, tb):
        print('exit', et.__name__ if et else None); return et is KeyError
with Ctx():
    raise KeyError('k')
with Ctx() as c1, Ctx() as c2:
    print(c1 is not c2)
class Missing(dict):
    def __missing__(self, k):
        return k * 2
print(Missing()['ab'], Missing(a=1)['a'], Missing().get('z'))
class Bytesy:
    def __bytes__(self):
        return b'by'
print(bytes(Bytesy()), str(b'x'), repr(Bytesy) [:8])
class Init:
    def __init_subclass__(cls, **kw):
        cls.tag = kw.get('tag', 'none')
class Sub(Init, tag='t'):
    pass
print(Sub.tag)
class Rich:
    def __repr__(self):
        return 'Rich()'
    def __str__(self):
        return 'rich'
print(Rich(), repr(Rich()), [Rich()], f'{Rich()!r}', str([Rich()]), '%s %r' % (Rich(), Rich()))
class Sz:
    def __sizeof__(self):
        return 100
import sys
print(sys.getsizeof(Sz()) >= 100)
class DivMod:
    def __divmod__(self, o):
        return ('dm', o)
    def __rdivmod__(self, o):
        return ('rdm', o)
    def __pow__(self, o, m=None):
        return ('pow', o, m)
    def __rpow__(self, o):
        return ('rpow', o)
    def __floordiv__(self, o):
        return 'fd'
    def __rshift__(self, o):
        return 'rs'
    def __invert__(self):
        return 'inv'
    def __pos__(self):
        return 'pos'
d = DivMod()
print(divmod(d, 3), divmod(3, d), d ** 2, pow(d, 2, 5), 2 ** d, d // 1, d >> 1, ~d, +d)
