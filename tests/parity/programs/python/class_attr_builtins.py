# getattr/setattr/hasattr, type(), type(x).__name__, AttributeError messages.
class Config:
    debug = False
    def __init__(self):
        self.level = 3
c = Config()
print(getattr(c, 'level'), getattr(c, 'debug'), getattr(c, 'missing', 'dflt'), getattr(c, 'missing', None))
setattr(c, 'level', 7)
setattr(c, 'name', 'cfg')
print(c.level, c.name, hasattr(c, 'name'), hasattr(c, 'nope'), hasattr(Config, 'debug'))
for attr in ['level', 'name', 'debug']:
    print(attr, '=', getattr(c, attr))
try:
    c.y
except AttributeError as e:
    print("AttributeError:", e)
try:
    getattr(c, 'zz')
except AttributeError as e:
    print("AttributeError:", e)
try:
    (5).foo
except AttributeError as e:
    print("AttributeError:", e)
try:
    "abc".nothing()
except AttributeError as e:
    print("AttributeError:", e)
try:
    [].push(1)
except AttributeError as e:
    print("AttributeError:", e)
values = [1, 1.5, 'a', True, None, [1], (1,), {'a': 1}, c, range(2)]
print([type(v).__name__ for v in values])
print(type(1) is int, type(True) is int, type(True) is bool, type(1.0) is float, type('') is str)
print(type([]) == list, type(()) is tuple, type({}) is dict, type(None).__name__)
print(type(c) is Config, type(c).__name__, Config.__name__)
print(getattr(c, 'level') + 1, getattr([1, 2], 'count')(1))
m = getattr("hello", "upper")
print(m())
print(callable(getattr(c, '__init__')), callable(c))
print(str(type(1) is not str))
