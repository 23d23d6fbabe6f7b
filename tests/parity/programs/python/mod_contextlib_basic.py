# contextlib: nullcontext, suppress, closing, ExitStack (LIFO order, callbacks, suppression,
# exceptions raised while unwinding, pop_all) and ContextDecorator.
from contextlib import nullcontext, suppress, closing, ExitStack, ContextDecorator, AbstractContextManager

with nullcontext() as v:
    print('null', v)
with nullcontext(42) as v:
    print('null', v)
with suppress(KeyError, IndexError):
    {}['missing']
    print('not reached')
print('after suppress')
try:
    with suppress(KeyError):
        [][1]
except IndexError as e:
    print('IndexError passes through:', e)

class Resource:
    def __init__(self, name):
        self.name = name
    def close(self):
        print('closing', self.name)
    def __enter__(self):
        print('enter', self.name)
        return self
    def __exit__(self, typ, exc, tb):
        print('exit', self.name, typ.__name__ if typ else None)
        return False

with closing(Resource('file')) as r:
    print('using', r.name)

with ExitStack() as stack:
    a = stack.enter_context(Resource('a'))
    b = stack.enter_context(Resource('b'))
    stack.callback(print, 'callback', 1, sep='-')
    print('body', a.name, b.name)

class Swallow:
    def __enter__(self):
        return self
    def __exit__(self, typ, exc, tb):
        print('swallow sees', typ.__name__ if typ else None)
        return True

with ExitStack() as stack:
    stack.enter_context(Swallow())
    stack.enter_context(Resource('inner'))
    raise ValueError('boom')
print('suppressed by Swallow')

def failing_cb():
    raise RuntimeError('cleanup failed')

try:
    with ExitStack() as stack:
        stack.callback(failing_cb)
        stack.enter_context(Resource('x'))
        raise KeyError('k')
except RuntimeError as e:
    print('RuntimeError', e, type(e.__context__).__name__)

with ExitStack() as outer:
    outer.enter_context(Resource('kept'))
    moved = outer.pop_all()
print('outer done')
moved.close()

class Logged(ContextDecorator):
    def __enter__(self):
        print('start')
        return self
    def __exit__(self, *exc):
        print('stop')
        return False

@Logged()
def work(n):
    print('working', n)
    return n * 2
print(work(3))
try:
    with ExitStack() as s:
        s.enter_context(object())
except TypeError as e:
    print('TypeError', e)
print(isinstance(nullcontext(), AbstractContextManager))
