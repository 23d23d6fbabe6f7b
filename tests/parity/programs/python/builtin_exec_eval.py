# exec / eval / compile / __import__: namespaces, code objects, errors
x = 10
exec("y = x + 1")
print(y)
print(eval("x * 2 + y"))

ns = {}
exec("def f(a):\n    return a * k\nk = 3\n", ns)
print(sorted(ns.keys()))
print(ns['f'](4))
ns['k'] = 5
print(ns['f'](4))
exec("k = 7", ns)
print(ns['f'](2), ns['k'])
del ns['__builtins__']
print(sorted(ns))

print(eval("a + b", {"a": 1}, {"b": 2}))
loc = {"b": 1}
exec("b = b + 10\nc = b * 2", {}, loc)
print(sorted(loc.items()))

def g():
    z = 5
    print(eval("z + 1"))
    print(eval("[i * 2 for i in range(z)]"))

g()

c = compile("1 + 2", "<expr>", "eval")
print(eval(c))
c2 = compile("q = 4\nprint('q is', q)", "myfile", "exec")
exec(c2)
print(q)
print(eval(compile("q * 3", "f", "eval")))

for src in ["x = = 2", "def f(:\n  pass", "1 +"]:
    try:
        eval(src) if src == "1 +" else exec(src)
    except SyntaxError as e:
        print("SyntaxError", e.lineno, e.filename, type(e.msg).__name__)

try:
    exec("a = 1\nraise ValueError('boom %d' % a)")
except ValueError as e:
    print("ValueError", e)

m = __import__("os.path")
print(m.__name__)
m = __import__("os.path", fromlist=["join"])
import os
print(m is os.path, hasattr(m, "join"))
import builtins
print(builtins.len([1, 2]), builtins.max(3, 4))

d = {}
exec("import math\nr = math.sqrt(16)", d)
print(d['r'])

class C:
    exec("v = 1")
print(C.v)

exec("del x")
print('x' in globals())
print(eval("  3"))
print(eval("(1,\n 2)"))

env = {"__name__": "sandbox"}
exec("class K:\n    pass\nname = K.__module__", env)
print(env["name"])

exec("counter = 0\ndef bump():\n    global counter\n    counter += 1\n")
bump(); bump()
print(counter)

for bad in [lambda: eval(3), lambda: exec("1", []), lambda: compile("1", "f", "bogus")]:
    try:
        bad()
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
