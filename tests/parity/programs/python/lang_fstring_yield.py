# f"{yield}" inside a generator: the yield expression is evaluated as a replacement field, and the
# value sent in is what the f-string formats
def g():
    x = f"got {yield}"
    print(x)
    y = f"{(yield 1)!r:>6}|{(yield 2)}"
    print(y)
    return f"{yield 'last'}!"


it = g()
print(next(it))
print(it.send("A"))
print(it.send("B"))
print(it.send(3.5))
try:
    it.send("end")
except StopIteration as e:
    print("stop", e.value)


def h(n):
    for i in range(n):
        r = f"[{i}:{(yield i * i)}]"
        print(r)


gen = h(3)
v = next(gen)
while True:
    try:
        v = gen.send(v + 1)
    except StopIteration:
        break
