# Every built-in iterator has __next__ and __iter__ as methods (CPython's tp_iternext/tp_iter slots):
# it.__next__() and iter(x).__next__ as a callable, StopIteration at the end, wrong receivers; and
# type.__instancecheck__/__subclasscheck__ for metaclasses that fall back to them; functions'
# __type_params__ (PEP 695) is ().
for obj in ['ab', [1], (1,), range(2), {1: 2}, {1}, b'ab', bytearray(b'a'), {1: 2}.items(), {1:2}.values(), zip([1], [2]), map(abs, [1]), filter(None, [1]), enumerate([1]), reversed([1]), iter(int, 1), (x for x in [1])]:
    i = iter(obj)
    try:
        print(type(i).__name__, i.__next__(), hasattr(i, '__iter__'), i.__iter__() is i)
    except Exception as e:
        print(type(i).__name__, 'ERR', type(e).__name__, e)
def f(): pass
print(f.__type_params__)
it = iter([1])
nxt = it.__next__
print(nxt(), callable(nxt))
try:
    nxt()
except StopIteration as e:
    print('StopIteration', e.args)
try:
    type(iter([])).__next__(iter(()))
except TypeError as e:
    print('TypeError')
print(list(map(next, [iter('ab'), iter('cd')])), next(iter(range(3)).__iter__()))
class M(type):
    def __instancecheck__(cls, inst):
        return inst == 'magic' or type.__instancecheck__(cls, inst)
    def __subclasscheck__(cls, sub):
        return sub is int or type.__subclasscheck__(cls, sub)
class A(metaclass=M):
    pass
class B(A):
    pass
print(isinstance(B(), A), isinstance('magic', A), isinstance(3, A), issubclass(B, A), issubclass(int, A), issubclass(str, A))
print(type.__instancecheck__(int, 3), type.__subclasscheck__(object, bool), type.__instancecheck__(str, 3))
try:
    type.__subclasscheck__(int, 3)
except TypeError as e:
    print('TypeError', e)
