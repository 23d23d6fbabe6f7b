# inspect: signature of functions, methods, classes, partials and wrapped functions; Parameter kinds
# and defaults; str(sig); bind/apply_defaults; the is* predicates and getmembers.
import inspect
import functools

def f(a, b=2, *args, c, d=4, **kw):
    return a

def g(x, y, /, z=None, *, flag=False):
    return x

sig = inspect.signature(f)
print(sig, repr(sig), list(sig.parameters))
for name, p in sig.parameters.items():
    print(name, p.kind, p.kind.description, p.default is inspect.Parameter.empty, repr(p), str(p))
print(inspect.signature(g), inspect.signature(lambda: 0), inspect.signature(lambda q, *r: q))
print(sig.parameters['b'].default, sig.parameters['d'].default, sig.return_annotation is inspect.Signature.empty)

class Model:
    def __init__(self, size, scale=1.0):
        self.size = size
    def forward(self, x, mask=None):
        return x
    def __call__(self, inp):
        return inp
    @staticmethod
    def helper(u, v=3):
        return u
    @classmethod
    def build(cls, n):
        return cls(n)

m = Model(3)
print(inspect.signature(Model), inspect.signature(m.forward), inspect.signature(Model.forward))
print(inspect.signature(m), inspect.signature(Model.helper), inspect.signature(Model.build))
print(inspect.signature(functools.partial(f, 1, c=3)))

def deco(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        return fn(*args, **kwargs)
    return wrapper

@deco
def wrapped(p, q=5):
    return p
print(inspect.signature(wrapped), inspect.signature(wrapped, follow_wrapped=False))

ba = sig.bind(1, 2, 3, 4, c=5, e=6)
print(ba.arguments, ba.args, ba.kwargs)
ba2 = sig.bind(10, c=0)
ba2.apply_defaults()
print(ba2.arguments, ba2)
print(inspect.signature(g).bind_partial(1).arguments)
for call in [lambda: sig.bind(), lambda: sig.bind(1), lambda: inspect.signature(g).bind(1, 2, 3, 4),
             lambda: inspect.signature(g).bind(1, y=2, z=3), lambda: inspect.signature(Model.helper).bind(1, w=2)]:
    try:
        call()
    except TypeError as e:
        print('TypeError', e)
params = [inspect.Parameter('a', inspect.Parameter.POSITIONAL_OR_KEYWORD),
          inspect.Parameter('rest', inspect.Parameter.VAR_POSITIONAL),
          inspect.Parameter('k', inspect.Parameter.KEYWORD_ONLY, default='v')]
print(inspect.Signature(params), inspect.Signature(params).replace(parameters=params[:1]))
try:
    inspect.Signature([params[2], params[0]])
except ValueError as e:
    print('ValueError', e)

print(inspect.isclass(Model), inspect.isclass(m), inspect.isfunction(f), inspect.isfunction(m.forward))
print(inspect.ismethod(m.forward), inspect.ismethod(Model.forward), inspect.isbuiltin(len), inspect.isroutine(len))
print(inspect.ismodule(inspect), inspect.ismodule(f), inspect.isgeneratorfunction(f))
print([name for name, v in inspect.getmembers(m) if not name.startswith('_')])
print([name for name, v in inspect.getmembers(Model, inspect.isfunction)])
spec = inspect.getfullargspec(f)
print(spec.args, spec.varargs, spec.varkw, spec.defaults, spec.kwonlyargs, spec.kwonlydefaults)
print(inspect.cleandoc('''
    Title line.
        indented
    last
'''))
try:
    inspect.signature(5)
except TypeError as e:
    print('TypeError', e)
