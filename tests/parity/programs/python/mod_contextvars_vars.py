import contextvars
from contextvars import ContextVar, Context, Token, copy_context
import re
def scrub(s):
    return re.sub(r"0x[0-9a-f]+", "0x?", str(s))
v = ContextVar("x", default=1)
w = ContextVar("w")
print(scrub(repr(v)), scrub(repr(w)), v.name)
t = v.set(5)
print(scrub(repr(t)), t.var is v, t.old_value is Token.MISSING, Token.MISSING)
ctx = copy_context()
print(type(ctx).__name__, len(ctx), v in ctx, ctx[v], ctx.get(v), ctx.get(w, "dflt"), w in ctx)
print([(k.name, val) for k, val in ctx.items()])
try:
    w.get()
except LookupError as e:
    print("LookupError", scrub(repr(e.args[0])))
print(w.get(3), w.get(None))
v.reset(t)
print(v.get(), ctx[v])
try:
    v.reset(t)
except RuntimeError as e:
    print("RuntimeError", scrub(e))
t2 = w.set(2)
try:
    v.reset(t2)
except ValueError as e:
    print("ValueError", scrub(e))
def f(a):
    v.set(a)
    return v.get()
print(ctx.run(f, 9), v.get(), ctx[v])
try:
    ctx.run(lambda: ctx.run(f, 1))
except RuntimeError as e:
    print("RuntimeError", scrub(e))
try:
    ctx[w]
except KeyError as e:
    print("KeyError", scrub(repr(e.args[0])))
try:
    ContextVar(1)
except TypeError as e:
    print("TypeError", e)
try:
    Context()[1]
except TypeError as e:
    print("TypeError", e)
ctx2 = Context()
t3 = ctx2.run(w.set, 4)
print(len(ctx2), ctx2[w], w.get())
try:
    w.reset(t3)
except ValueError as e:
    print("ValueError", scrub(e))
ctx2.run(w.reset, t3)
print(len(ctx2), list(ctx2.keys()))
try:
    class S(ContextVar):
        pass
except TypeError as e:
    print("TypeError", e)
print(Context() == Context(), copy_context() == copy_context(), len({v: 1, w: 2}))
# a snapshot keeps its values after the variable changes
snap = copy_context()
v.set(100)
print(snap.get(v), v.get(), copy_context()[v])
# request-id pattern
request_id = ContextVar("request_id", default="-")
def handle(rid):
    request_id.set(rid)
    return log("handled")
def log(msg):
    return f"[{request_id.get()}] {msg}"
for rid in ("a1", "b2"):
    print(copy_context().run(handle, rid))
print(log("outside"))
print(ContextVar[int], scrub(repr(type(ctx))))
