# inspect's source lookup: getsource of functions (decorated: co_firstlineno is the decorator's
# line), classes, methods, one-line defs, lambdas, closures; getsourcelines/getmodule/getfile/
# getsourcefile/getmodulename and their errors; get_annotations (eval_str), getclosurevars over
# __closure__ cells and co_names, getblock, indentsize, formatannotation.
import inspect, sys, functools


def plain(a, b=2):
    """doc"""
    x = (a +
         b)  # comment )
    s = """text with ( and
    def inside"""

    return x


@functools.lru_cache(maxsize=None)
def decorated(n):
    return n


class Model:
    """A model."""
    scale: float = 1.0

    def forward(self, x):
        if x:
            return x * 2
        # trailing comment
        return 0

    @staticmethod
    def helper(): return 1


square = lambda v: (v *
                    v)
one = lambda: 1


def outer():
    k = 3
    def inner(z):
        return z + k + len('')
    return inner


print(inspect.getsource(plain), end='')
print(inspect.getsource(decorated), end='')
print(inspect.getsource(Model), end='')
print(inspect.getsource(Model.forward), end='')
print(inspect.getsource(Model().forward), end='')
print(inspect.getsource(Model.helper), end='')
print(inspect.getsource(square), end='')
print(inspect.getsource(one), end='')
print(inspect.getsource(outer()), end='')
lines, lnum = inspect.getsourcelines(plain)
print(len(lines), lnum, inspect.getsourcelines(Model.forward)[1])
print(inspect.getmodule(plain).__name__, inspect.getmodule(Model) is sys.modules['__main__'], inspect.getmodule(inspect.signature) is inspect)
print(inspect.getfile(plain).endswith('inspect_source.py'), inspect.getsourcefile(Model).endswith('.py'), inspect.getmodulename('/a/b/mod.py'), inspect.getmodulename('x.txt'))
for bad in [lambda: inspect.getfile(len), lambda: inspect.getfile(1), lambda: inspect.getfile(sys), lambda: inspect.getsource(int)]:
    try:
        bad()
    except (TypeError, OSError) as e:
        print(type(e).__name__, e)
print(inspect.get_annotations(Model), inspect.get_annotations(plain), inspect.get_annotations(lambda q: q))
def ann(a: 'int', b: list) -> 'str':
    pass
print(inspect.get_annotations(ann), inspect.get_annotations(ann, eval_str=True))
cv = inspect.getclosurevars(outer())
print(cv.nonlocals, sorted(cv.globals), sorted(cv.builtins), cv.unbound)
print(inspect.isasyncgenfunction(plain), inspect.indentsize('    x'), inspect.indentsize('\tx'), inspect.formatannotation(int), inspect.formatannotation(list[int]))
print(inspect.getblock(['def f():\n', '    return 1\n', '\n', 'x = 2\n']))
def outer():
    k = 3
    def inner(z):
        return z + k
    return inner
f = outer()
print(f.__closure__[0].cell_contents)
def plain(): pass
print(plain.__closure__)

