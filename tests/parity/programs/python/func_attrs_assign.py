# A function's own attributes as CPython keeps them: __defaults__ = () reads back () (None only when
# unset), __kwdefaults__ set/deleted, __doc__/__module__/__annotations__ beside its __dict__ (which
# holds only what decorators add), __qualname__/__name__ type checks, the code object's common
# fields, and inspect.signature over all of it.
import functools
import inspect


def f(a, b=2, *, c=3):
    """f's doc"""
    return a, b, c


print(f.__defaults__, f.__kwdefaults__, f.__dict__)
f.__defaults__ = ()
print(f.__defaults__, inspect.signature(f))
f.__defaults__ = None
print(f.__defaults__)
f.__defaults__ = (5,)
print(f.__defaults__, inspect.signature(f), f(1))
del f.__defaults__
print(f.__defaults__)
f.__defaults__ = (7,)
f.__kwdefaults__ = {'c': 9}
print(f.__kwdefaults__, inspect.signature(f), f(1))
del f.__kwdefaults__
print(f.__kwdefaults__)
for name, value in (('__defaults__', [1]), ('__kwdefaults__', [1]), ('__qualname__', 3), ('__name__', 3),
                    ('__annotations__', 1)):
    try:
        setattr(f, name, value)
    except TypeError as e:
        print('TypeError', e)

f.__qualname__ = 'X.f'
f.__module__ = 'mod'
f.__name__ = 'ff'
f.__doc__ = 'new doc'
print(f.__qualname__, f.__module__, f.__name__, f.__doc__, repr(f).split(' at ')[0])
print(f.__dict__)
del f.__doc__
del f.__module__
print(f.__doc__, f.__module__, f.__dict__)
f.__annotations__ = {'a': int}
print(f.__annotations__, inspect.signature(f), f.__dict__)
del f.__annotations__
print(f.__annotations__)


def g(*args, **kwargs):
    x = 1

    def h():
        return x
    return h


f.__wrapped__ = g
print(inspect.signature(f), sorted(f.__dict__))


@functools.wraps(g)
def wrapper(*a, **k):
    return g(*a, **k)


print(wrapper.__name__, wrapper.__qualname__, wrapper.__doc__, sorted(wrapper.__dict__), inspect.signature(wrapper))

c = f.__code__
print(c.co_name, c.co_qualname, c.co_argcount, c.co_kwonlyargcount, c.co_posonlyargcount, c.co_varnames, c.co_firstlineno)
print(c.co_flags, g.__code__.co_flags, g.__code__.co_varnames, g.__code__.co_cellvars, g().__code__.co_freevars,
      g().__code__.co_flags)


def gen():
    yield 1


def posonly(a, /, b, *, c):
    pass


print(gen.__code__.co_flags, posonly.__code__.co_posonlyargcount, posonly.__code__.co_argcount, posonly.__code__.co_nlocals)
print(c.co_filename.endswith('func_attrs_assign.py'), type(c).__name__, g().__closure__[0].cell_contents)
lam = lambda x, y=1: x
print(lam.__name__, lam.__defaults__, lam.__doc__, lam.__code__.co_name)
lam.__defaults__ = ()
print(lam.__defaults__, inspect.signature(lam))
