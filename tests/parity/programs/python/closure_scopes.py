# Scoping: local vs enclosing vs global, UnboundLocalError, loop variables in closures.
x = 'global'
def read_global():
    return x
def local_shadow():
    x = 'local'
    return x
def enclosing():
    x = 'enclosing'
    def inner():
        return x
    return inner()
print(read_global(), local_shadow(), enclosing(), x)
def broken():
    print("before")
    y = x
    x = 'assigned'
    return y
try:
    broken()
except UnboundLocalError as e:
    print("UnboundLocalError:", e)
funcs = []
for i in range(3):
    def f():
        return i
    funcs.append(f)
print([g() for g in funcs])
def bind_now():
    out = []
    for i in range(3):
        def f(i=i):
            return i * i
        out.append(f)
    return out
print([g() for g in bind_now()])
def counter_pair():
    n = 0
    def up():
        nonlocal n
        n += 1
        return n
    def down():
        nonlocal n
        n -= 1
        return n
    return up, down
up, down = counter_pair()
print(up(), up(), down(), up(), up())
comp_var = 'kept'
squares = [comp_var for comp_var in range(3)]
print(squares, comp_var)
def make_adder(n):
    def adder(m):
        return n + m
    return adder
add5 = make_adder(5)
add10 = make_adder(10)
print(add5(1), add10(1), make_adder(-1)(1))
