# Class machinery real code uses: a registering metaclass with __call__, __init_subclass__ with
# class keywords, descriptors with __set_name__, __slots__ errors, __class_getitem__, __getattr__,
# property setter/deleter, __new__ counting, operator dunders incl. __matmul__/__iadd__/__radd__.
class Meta(type):
    registry = {}
    def __new__(mcls, name, bases, ns, **kw):
        cls = super().__new__(mcls, name, bases, ns)
        mcls.registry[name] = cls
        return cls
    def __call__(cls, *a, **k):
        obj = super().__call__(*a, **k)
        obj.made_by_meta = True
        return obj
class Base(metaclass=Meta):
    def __init__(self, x=1):
        self.x = x
class Child(Base):
    pass
print(sorted(Meta.registry), Child(3).made_by_meta, type(Child).__name__, isinstance(Child, Meta))
class Plugin:
    plugins = []
    def __init_subclass__(cls, key=None, **kw):
        super().__init_subclass__(**kw)
        cls.key = key or cls.__name__.lower()
        Plugin.plugins.append(cls)
class A(Plugin, key='alpha'): pass
class B(Plugin): pass
print([(p.__name__, p.key) for p in Plugin.plugins])
class Typed:
    def __init__(self, kind):
        self.kind = kind
    def __set_name__(self, owner, name):
        self.name = '_' + name
    def __get__(self, obj, objtype=None):
        if obj is None:
            return self
        return getattr(obj, self.name, None)
    def __set__(self, obj, value):
        if not isinstance(value, self.kind):
            raise TypeError(f'{self.name[1:]} must be {self.kind.__name__}')
        setattr(obj, self.name, value)
class Rec:
    age = Typed(int)
    name = Typed(str)
r = Rec(); r.age = 5; r.name = 'n'
print(r.age, r.name, type(Rec.age).__name__, Rec.age.name)
try:
    r.age = 'x'
except TypeError as e:
    print(e)
class Slotted:
    __slots__ = ('a', 'b')
    def __init__(self):
        self.a = 1
s = Slotted()
try:
    s.c = 3
except AttributeError as e:
    print('AttributeError', e)
try:
    s.b
except AttributeError as e:
    print('AttributeError', e)
class Vec:
    def __class_getitem__(cls, item):
        return f'Vec[{item.__name__}]'
print(Vec[int])
class Lazy:
    def __getattr__(self, name):
        if name.startswith('x'):
            return name * 2
        raise AttributeError(name)
print(Lazy().xy, hasattr(Lazy(), 'y'), getattr(Lazy(), 'z', 'dflt'))
class Prop:
    def __init__(self):
        self._v = 0
    @property
    def v(self):
        'the v'
        return self._v
    @v.setter
    def v(self, val):
        self._v = max(0, val)
    @v.deleter
    def v(self):
        self._v = None
p = Prop(); p.v = -5; print(p.v); p.v = 3; print(p.v); del p.v; print(p.v, Prop.v.__doc__)
class Cnt:
    count = 0
    def __new__(cls, *a):
        cls.count += 1
        return super().__new__(cls)
    @classmethod
    def make(cls):
        return cls()
    @staticmethod
    def helper(x):
        return x + 1
Cnt(); Cnt.make(); print(Cnt.count, Cnt.helper(1), Cnt().helper(2))
class Mx:
    def __init__(self, v): self.v = v
    def __add__(self, o): return Mx(self.v + (o.v if isinstance(o, Mx) else o))
    __radd__ = __add__
    def __iadd__(self, o): self.v += 100; return self
    def __matmul__(self, o): return self.v * o.v
    def __neg__(self): return Mx(-self.v)
    def __bool__(self): return self.v != 0
    def __len__(self): return abs(self.v)
    def __repr__(self): return f'Mx({self.v})'
    def __eq__(self, o): return isinstance(o, Mx) and o.v == self.v
    def __hash__(self): return hash(self.v)
    def __lt__(self, o): return self.v < o.v
m = Mx(2); print(m + 1, 1 + m, sum([Mx(1), Mx(2)]), m @ Mx(3), -m, bool(Mx(0)), len(Mx(-4)))
m += 1; print(m, {Mx(1): 'a'}[Mx(1)], sorted([Mx(3), Mx(1)]), max(Mx(1), Mx(5)))
print(Child.__mro__, Child.__bases__, Child.__name__, Child.__qualname__, Child.__module__)
class Outer:
    class Inner:
        pass
print(Outer.Inner.__qualname__, repr(Outer.Inner)[:30])
