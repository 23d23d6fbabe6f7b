# dir() of objects, classes, modules, scopes and __dir__; collections.UserDict/UserList/UserString
import math
class A:
    cls_attr = 1
    def method(self): pass
class B(A):
    def __init__(self):
        self.x = 1
        self._y = 2
class C:
    def __dir__(self):
        return ['zeta', 'alpha']
b = B()
print([n for n in dir(b) if not n.startswith('__')])
print([n for n in dir(B) if not n.startswith('__')])
print(dir(C()))
print('sqrt' in dir(math), 'pi' in dir(math), [n for n in dir(math) if n.startswith('co')])
def f():
    q = 1
    w = 2
    return dir()
print(f())
print('append' in dir([]), 'keys' in dir({}), 'upper' in dir(''))
from collections import UserDict, UserList, UserString
class Lower(UserDict):
    def __setitem__(self, k, v):
        super().__setitem__(k.lower(), v)
d = Lower({'A': 1}, B=2)
d['C'] = 3
print(d, len(d), 'a' in d, d.get('z', 0), sorted(d.keys()), d.pop('a'), d, d == {'b': 2, 'c': 3}, dict(d))
class Stack(UserList):
    def push(self, x):
        self.append(x)
s = Stack([1, 2]); s.push(3); print(s, s[1:], len(s), s + [4], [0] + s, s * 2, s.pop(), 2 in s, sorted(Stack([3, 1, 2])))
u = UserString('Hello'); print(u, repr(u), u.upper(), u + '!', u[1:3], len(u), 'ell' in u, u.split('l'), u == 'Hello', u.lower().startswith('he'))
