# operator: functions for operators, in-place forms, itemgetter/attrgetter/methodcaller and reprs.
import operator
from operator import itemgetter, attrgetter, methodcaller

print(operator.add(2, 3), operator.sub(2, 3), operator.mul('ab', 3), operator.truediv(7, 2))
print(operator.floordiv(7, 2), operator.mod(-7, 3), operator.pow(2, 10), operator.neg(5), operator.pos(-5))
print(operator.abs(-3.5), operator.and_(12, 10), operator.or_(12, 10), operator.xor(12, 10), operator.inv(5))
print(operator.lshift(1, 4), operator.rshift(256, 3), operator.invert(0), operator.index(7))
print(operator.lt(1, 2), operator.le(2, 2), operator.eq(1, 1.0), operator.ne('a', 'a'), operator.ge(1, 2), operator.gt(3, 2))
print(operator.not_([]), operator.truth('x'), operator.is_(None, None), operator.is_not(1, None))
print(operator.concat([1], [2, 3]), operator.contains('hello', 'ell'), operator.countOf([1, 2, 1, 1], 1))
print(operator.indexOf('abc', 'c'), operator.getitem([5, 6, 7], 1), operator.getitem('hello', slice(1, 3)))
d = {'a': 1}
operator.setitem(d, 'b', 2)
operator.delitem(d, 'a')
print(d, operator.length_hint([1, 2, 3]), operator.length_hint(5, 9))
print(operator.__add__(1, 2), operator.__getitem__('xyz', 0), operator.call(max, 3, 9, 4))

a = [1, 2]
b = operator.iadd(a, [3])
print(a, b, b is a)
print(operator.iadd(5, 2), operator.imul([0], 3), operator.isub(10, 4), operator.ipow(3, 3))
print(operator.ifloordiv(9, 2), operator.imod(9, 4), operator.itruediv(1, 4), operator.iconcat('ab', 'cd'))

g = itemgetter(1)
print(g([10, 20, 30]), g('xyz'), itemgetter(0, 2)('abc'), itemgetter('k')({'k': 'v'}))
print(repr(g), repr(itemgetter(0, 'a')))
rows = [('bob', 3), ('al', 1), ('cy', 2)]
print(sorted(rows, key=itemgetter(1)), max(rows, key=itemgetter(1)))

class P:
    def __init__(self, name, inner=None):
        self.name = name
        self.inner = inner
    def greet(self, greeting, punct='!'):
        return greeting + ' ' + self.name + punct

p = P('ann', P('bo'))
print(attrgetter('name')(p), attrgetter('inner.name')(p), attrgetter('name', 'inner.name')(p))
print(repr(attrgetter('name', 'inner.name')))
m = methodcaller('greet', 'hi', punct='?')
print(m(p), repr(m), methodcaller('upper')('abc'), repr(methodcaller('split', ',')))
print(list(map(operator.mul, [1, 2, 3], [4, 5, 6])))

for f, args in [(operator.indexOf, ([1, 2], 3)), (operator.index, (2.5,)), (attrgetter('zzz'), (p,)), (itemgetter(5), ([1],))]:
    try:
        f(*args)
    except (ValueError, TypeError, AttributeError, IndexError) as e:
        print(type(e).__name__, e)
