# Frame objects: sys._getframe / inspect.currentframe, f_back chains, f_locals (a live frame's dict,
# and the locals a frame kept after its call returned), f_code, f_lineno, inspect.getargvalues /
# getframeinfo / stack, and the HyperParameters.save_hyperparameters idiom (d2l) that reads the
# caller's arguments through them.
import inspect
import sys


class HyperParameters:
    def save_hyperparameters(self, ignore=[]):
        frame = inspect.currentframe().f_back
        _, _, _, local_vars = inspect.getargvalues(frame)
        self.hparams = {k: v for k, v in local_vars.items()
                        if k not in set(ignore + ['self']) and not k.startswith('_')}
        for k, v in self.hparams.items():
            setattr(self, k, v)


class Model(HyperParameters):
    def __init__(self, num_inputs, lr, sigma=0.01, *extra, plot=True, **options):
        super().__init__()
        self.save_hyperparameters(ignore=['plot'])


m = Model(2, 0.03, 0.5, 'x', plot=False, tag='t')
print(sorted(m.hparams.items()))
print(m.num_inputs, m.lr, m.sigma, m.extra, m.options)


def where_am_i():
    f = sys._getframe()
    return f.f_code.co_name, f.f_back.f_code.co_name, f.f_lineno - f.f_code.co_firstlineno


def caller():
    return where_am_i()


print(caller())
print(sys._getframe(0).f_code.co_name, inspect.currentframe().f_back)
print(inspect.isframe(sys._getframe()), inspect.isframe(1), inspect.iscode(caller.__code__))

# one frame object per running call
f0 = sys._getframe()
print(f0 is sys._getframe(), type(f0).__name__)


def kept():
    x = 1
    frame = sys._getframe()
    x = 2
    y = [x]
    return frame


fr = kept()
print([(k, v) for k, v in fr.f_locals.items() if k != 'frame'], list(fr.f_locals), fr.f_back is f0, fr.f_lineno - kept.__code__.co_firstlineno)


def locals_order(a, b=2):
    s = 'cell'
    c = a + b

    def inner():
        return s
    first = list(locals())
    d = 4
    return first, list(locals()), locals() is sys._getframe().f_locals


print(locals_order(1))


class WithSuper:
    def __init__(self):
        super().__init__()
        self.names = sorted(sys._getframe().f_locals)


print(WithSuper().names)


def args_of(p, q=3, *rest, k=None, **kw):
    return inspect.getargvalues(inspect.currentframe())


info = args_of(1, 2, 3, k=4, z=5)
print(info.args, info.varargs, info.keywords, sorted(info.locals))
print(inspect.formatargvalues(*info))
print(inspect.getargs(args_of.__code__))


def stack_names():
    st = inspect.stack()
    return [(fi.function, fi.code_context[0].strip(), fi.index) for fi in st[:2]], st[0][3]


print(stack_names())
ti = inspect.getframeinfo(sys._getframe())
print(ti.lineno, ti.function, ti.code_context, ti.index, ti.positions.col_offset, ti.positions.end_col_offset)
print(len(inspect.getouterframes(sys._getframe())))

try:
    sys._getframe(100)
except ValueError as e:
    print('ValueError:', e)
try:
    inspect.getargs(5)
except TypeError as e:
    print('TypeError:', e)
