# Scopes and control flow: nonlocal/global, closures and late binding, lambda defaults, positional-
# only/keyword-only parameters and their errors, mutable defaults, annotations/kwdefaults, exhausted
# generator expressions, nested comprehensions, globals()/locals(), for/while-else, try-else-finally,
# return in finally, __file__/__doc__/__builtins__, the main guard, del, truthiness, chained compares.
x = 'global'
def f():
    x = 'local'
    def g():
        nonlocal x
        x = 'changed'
    g()
    return x
print(f(), x)
def counter():
    count = 0
    def inc():
        nonlocal count
        count += 1
        return count
    return inc
c = counter(); c(); print(c(), c.__name__, c.__qualname__)
funcs = [lambda i=i: i for i in range(3)]
print([fn() for fn in funcs])
late = [lambda: i for i in range(3)]
print([fn() for fn in late])
def kw(a, /, b, *, c=3, **rest):
    return a, b, c, rest
print(kw(1, 2), kw(1, b=2, c=4, d=5))
try:
    kw(a=1, b=2)
except TypeError as e:
    print('TypeError', e)
try:
    kw(1, 2, 3)
except TypeError as e:
    print('TypeError', e)
def defaults(a, b=[]):
    b.append(a)
    return b
print(defaults(1), defaults(2), defaults.__defaults__)
def anno(a: int, *args: str, b: 'float' = 1.0, **kw: bool) -> None:
    pass
print(anno.__annotations__, anno.__kwdefaults__, anno.__code__.co_varnames)
gen_exp = (i * i for i in range(4))
print(type(gen_exp).__name__, list(gen_exp), list(gen_exp))
matrix = [[1, 2, 3], [4, 5, 6]]
print([list(r) for r in zip(*matrix)], [x for row in matrix for x in row if x % 2], {r[0]: r[1:] for r in matrix})
print(globals()['x'], 'f' in globals(), sorted(k for k in locals() if k in ('x', 'f')), __name__)
def loc():
    a = 1
    b = 2
    return sorted(locals().items())
print(loc())
for i in range(3):
    pass
else:
    print('for-else', i)
n = 0
while n < 10:
    n += 3
    if n == 6:
        break
else:
    print('no')
print('while', n)
try:
    pass
except Exception:
    pass
else:
    print('try-else')
finally:
    print('finally')
def ret_in_finally():
    try:
        return 'try'
    finally:
        print('cleanup')
print(ret_in_finally())
print(__file__.endswith('.py'), __doc__, __builtins__ is not None)
if __name__ == '__main__':
    print('main guard')
import builtins
print(builtins.len('abc'), type(builtins).__name__, hasattr(builtins, 'print'))
del x
try:
    x
except NameError as e:
    print('NameError', e)
lst = [1, 2, 3, 4]
del lst[1:3]; print(lst)
d = {'a': 1}; del d['a']; print(d)
print(isinstance(True, int), type(True) is bool, True + True, [] == [], [] is [], None is None, 1 if [] else 2, [] or 'default', 0 and 'x')
print(chr(0x1F600) == '\U0001F600', len('\u00e9'), ascii('\u00e9'), 'a' < 'b' < 'c', 1 < 2 > 0, not 1 == 2)
