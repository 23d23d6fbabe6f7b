# contextlib: contextmanager (several in one with, as decorator, swallowing an exception),
# suppress, redirect_stdout/redirect_stderr, ExitStack (enter_context, callback, pop_all, push),
# closing, nullcontext, AbstractContextManager, chdir.
import contextlib, io, sys
from contextlib import ExitStack, suppress, redirect_stdout, redirect_stderr, contextmanager, closing, nullcontext, AbstractContextManager
@contextmanager
def tag(name):
    print(f'<{name}>')
    try:
        yield name.upper()
    finally:
        print(f'</{name}>')
with tag('a') as t, tag('b'):
    print('body', t)
with suppress(KeyError, ZeroDivisionError):
    {}['x']
print('after suppress')
buf = io.StringIO()
with redirect_stdout(buf):
    print('captured')
    print('two')
print(repr(buf.getvalue()))
eb = io.StringIO()
with redirect_stderr(eb):
    print('err', file=sys.stderr)
print(repr(eb.getvalue()))
with ExitStack() as stack:
    names = [stack.enter_context(tag(n)) for n in 'xy']
    stack.callback(print, 'callback ran')
    print(names)
with ExitStack() as stack:
    stack.callback(print, 'first registered')
    moved = stack.pop_all()
print('popped')
moved.close()
class Res:
    def close(self):
        print('closed')
with closing(Res()):
    print('using')
with nullcontext(5) as v:
    print(v)
try:
    with tag('err'):
        raise ValueError('inside')
except ValueError as e:
    print('caught', e)
@contextmanager
def swallow():
    try:
        yield
    except RuntimeError as e:
        print('swallowed', e)
with swallow():
    raise RuntimeError('x')
print('continued')
class CM(AbstractContextManager):
    def __exit__(self, *a):
        print('exit', a[0])
        return False
with CM() as c:
    print(type(c).__name__)
@tag('deco')
def f():
    print('in f')
f()
with ExitStack() as st:
    def handler(et, ev, tb):
        print('handler sees', et.__name__)
        return True
    st.push(handler)
    raise KeyError('k')
print('suppressed by push')
with contextlib.chdir('.') if hasattr(contextlib, 'chdir') else nullcontext():
    print('chdir ok')
gen_cm = tag('g')
print(type(gen_cm).__name__)
