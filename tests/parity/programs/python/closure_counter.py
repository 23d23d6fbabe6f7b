# Closures with nonlocal counters and captured state.
def make_counter(start=0, step=1):
    count = start
    def inc():
        nonlocal count
        count += step
        return count
    def get():
        return count
    return inc, get
inc, get = make_counter()
print(inc(), inc(), inc(), get())
inc2, get2 = make_counter(100, -10)
print(inc2(), inc2(), get2(), get())
def make_acc():
    items = []
    def add(x):
        items.append(x)
        return len(items)
    return add, items
add, items = make_acc()
add('a')
add('b')
print(items)
def outer():
    x = 'outer'
    def middle():
        def inner():
            return x + '-inner'
        return inner()
    return middle()
print(outer())
def make_multipliers():
    return [lambda v, k=k: v * k for k in range(1, 4)]
print([m(10) for m in make_multipliers()])
def fib_gen():
    a, b = 0, 1
    def step():
        nonlocal a, b
        r = a
        a, b = b, a + b
        return r
    return step
nxt = fib_gen()
print([nxt() for _ in range(10)])
def rebind_test():
    v = 1
    def change():
        nonlocal v
        v = v * 10
    change()
    change()
    return v
print(rebind_test())
def cell_after():
    def show():
        return late
    late = 'bound later'
    return show()
print(cell_after())
