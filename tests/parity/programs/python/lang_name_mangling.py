# Private name mangling: inside a class (and the functions, lambdas and comprehensions nested in
# it) `__x` means `_Class__x`: attributes, methods, locals, parameters, kw-only defaults,
# annotations, slots and globals; the leading underscores of the class name are dropped.
class A:
    def __init__(self):
        self.__p = 1

    def __m(self):
        return 2

    def go(self):
        return self.__m() + self.__p


a = A()
print(a.go(), sorted(vars(a)), hasattr(A, '_A__m'), hasattr(A, '__m'))
print(A._A__m.__name__, A._A__m.__qualname__)


class B(A):
    def __init__(self):
        super().__init__()
        self.__p = 10

    def both(self):
        return self.__p, self._A__p


print(B().both(), sorted(vars(B())))


class __Hidden:
    __z = 3


print(__Hidden._Hidden__z)


class ___:
    __q = 1


print(hasattr(___, '__q'))


def outer():
    class K:
        def m(self):
            __loc = 5
            f = lambda: __loc
            return f(), [__loc for _ in range(1)], self.m.__code__.co_cellvars

        def kw(self, *, __k=2):
            return __k

        def ann(self, __a: int) -> None:
            pass

        __t: int = 4
    return K


K = outer()
print(K().m(), K().kw(), K.kw.__kwdefaults__)
print(K.ann.__annotations__, K.ann.__code__.co_varnames, K.__annotations__)


class M:
    __slots__ = ('__s', 'plain')

    def __init__(self):
        self.__s = 1


print(M()._M__s, M.__slots__)
try:
    M().__s
except AttributeError as e:
    print(e)


def __m():
    return 'g'


class G:
    def call(self):
        try:
            return __m()
        except NameError as e:
            return str(e)

    def dunder(self):
        return self.__class__.__name__


print(G().call(), G().dunder())


class Outer:
    class Inner:
        __i = 'inner'

        def get(self):
            return self.__i
    __o = 'outer'

    def get(self):
        return self.__o, self.Inner().get()


print(Outer().get(), sorted(k for k in vars(Outer.Inner) if k.startswith('_Inner')))
print(getattr(a, '_A__p'), '__p' in a.__dict__)
