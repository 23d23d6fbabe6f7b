# del on names, list items, slices and dict keys.
lst = list(range(10))
del lst[0]
print(lst)
del lst[-1]
print(lst)
del lst[1:3]
print(lst)
del lst[::2]
print(lst)
d = {'a': 1, 'b': 2, 'c': 3}
del d['b']
print(d)
d['b'] = 20
print(d, list(d))
x = 5
del x
try:
    print(x)
except NameError as e:
    print("NameError:", e)
try:
    del d['zz']
except KeyError as e:
    print("KeyError:", e, repr(e))
try:
    del lst[100]
except IndexError as e:
    print("IndexError:", e)
a, b = 1, 2
del a, b
try:
    print(a)
except NameError as e:
    print("NameError:", e)
class Box:
    pass
bx = Box()
bx.v = 1
bx.w = 2
del bx.v
print(hasattr(bx, 'v'), hasattr(bx, 'w'))
