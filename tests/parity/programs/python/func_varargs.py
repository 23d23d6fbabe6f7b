# *args and **kwargs at definition and at call sites.
def show(*args, **kwargs):
    print("args", args, "kwargs", kwargs)
show()
show(1, 2)
show(a=1)
show(1, 'x', b=2, a=3)
nums = [4, 5, 6]
opts = {'sep': '-', 'end': '!'}
show(*nums)
show(0, *nums, 7)
show(**opts)
show(*nums, **opts, extra=1)
show(*'ab', *(1, 2))
def add3(a, b, c):
    return a + b + c
print(add3(*[1, 2, 3]))
print(add3(1, *(2, 3)))
print(add3(**{'a': 1, 'b': 2, 'c': 3}))
print(add3(1, **{'c': 3, 'b': 2}))
print(*nums, **opts)
print()
def total(*values):
    s = 0
    for v in values:
        s += v
    return s
print(total(), total(1), total(1, 2, 3, 4))
def wrap(fn, *args, **kwargs):
    print("calling with", len(args), "positional and", len(kwargs), "keyword")
    return fn(*args, **kwargs)
print(wrap(add3, 1, 2, c=10))
print(wrap(total, *range(5)))
def kw_only_names(**kw):
    return list(kw.keys())
print(kw_only_names(z=1, a=2, m=3))
def first_rest(first, *rest):
    return first, rest, type(rest).__name__
print(first_rest(1), first_rest(1, 2, 3))
