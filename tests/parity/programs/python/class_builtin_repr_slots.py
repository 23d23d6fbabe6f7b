# The built-in types' __repr__ as attributes: list.__repr__/tuple.__repr__ called from a subclass's
# own __repr__ give the built-in repr (not object's "<... object at ...>"), int.__repr__ of a bool
# is its integer, bound forms on literals, and the descriptor's TypeError for a wrong receiver.
class Tagged(list):
    def __repr__(self):
        return 'Tagged' + list.__repr__(self)


class Pair(tuple):
    def __repr__(self):
        return 'Pair' + tuple.__repr__(self) + '!'


t = Tagged([1, 'a', [2]])
print(repr(t), str(t), f'{t}', [t])
print(repr(Pair((1, 2))), repr(Pair((3,))), str(Pair(())))
print(list.__repr__([1, 2]), tuple.__repr__((1,)), int.__repr__(True), bool.__repr__(False), int.__repr__(2 ** 70))
print(float.__repr__(0.1), str.__repr__("it's"), [5].__repr__(), (7).__repr__(), 'q'.__repr__(), 2.5.__repr__())
for bad in [lambda: list.__repr__((1,)), lambda: tuple.__repr__([1]), lambda: int.__repr__(1.5), lambda: str.__repr__(3)]:
    try:
        bad()
    except TypeError as e:
        print(e)
print('__repr__' in dir(list), '__repr__' in list.__dict__, '__repr__' in int.__dict__)
# a built-in type's methods taken from the class: method descriptors, and slot wrappers for the
# dunders its operators use
print(str.join, list.append, dict.get, tuple.count, set.add, bytes.hex, list.__getitem__)
print(int.__add__, str.__len__, int.__repr__, len, [].append.__name__)
print(repr(dict.fromkeys).split(' at ')[0], repr(int.from_bytes).split(' at ')[0])
