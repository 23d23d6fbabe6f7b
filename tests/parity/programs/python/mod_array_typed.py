from array import array
import array as arraymod
import copy
for tc in "bBhHiIlLqQ":
    a = array(tc)
    for v in (2**70, 2**(a.itemsize*8), -2**70, -2**(a.itemsize*8), -1):
        try:
            array(tc, [v])
            print(tc, v, "ok")
        except OverflowError as e:
            print(tc, v, type(e).__name__, e)
for args in [("x",), ("i", [1.5]), ("f", ["a"]), ("i", "abc"), ("u", [1]), ("d", [1]), ("i", 3)]:
    try:
        print(array(*args))
    except Exception as e:
        print(args, type(e).__name__, e)
a = array("i", [1, 2, 3])
print(a, repr(a), str(a), a.typecode, a.itemsize, len(a), a[1], a[-1], a[1:], a[::-1], a.tolist())
print(array("d", [1, 2.5]), array("u", "hi"), array("f", [0.1]), array("b"), array("d"), a.tobytes(),
      array("h", b"\x01\x00\x02\x00"))
a.append(4); a.extend([5, 6]); a.extend(array("i", [7])); print(a)
try:
    a.extend(array("d", [1.0]))
except TypeError as e:
    print(type(e).__name__, e)
try:
    a[1:2] = [9]
except TypeError as e:
    print(type(e).__name__, e)
a[1:3] = array("i", [8]); print(a)
del a[0]
print(a, a.pop(), a.pop(0), a)
a.insert(1, 42); a.remove(42); print(a, a.count(5), a.index(5))
for f in (lambda: a.index(99), lambda: a.remove(99)):
    try:
        f()
    except ValueError as e:
        print(type(e).__name__, e)
b = a + a
print(b, a * 2, 2 * a, a == array("i", [8, 4, 5]), a < array("i", [9]), a == [8, 4, 5], 5 in a)
a.reverse(); print(a)
a.byteswap(); print(a)
a.byteswap()
a.frombytes(b"\x01\x00\x00\x00"); print(a)
try:
    a.frombytes(b"\x01")
except ValueError as e:
    print(type(e).__name__, e)
print(array("u", "abc").tounicode(), sum(array("d", [1.5, 2.5])), list(array("B", b"xyz")))
for f in (lambda: a[10], lambda: a.__setitem__(0, "x"), lambda: a + [1], lambda: a.pop(10),
          lambda: array("i").pop(), lambda: hash(a), lambda: array("b", [1]) + array("B", [1]),
          lambda: a.tounicode()):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
print(arraymod.typecodes, arraymod.ArrayType is array, type(a), array.__module__)
print(array("f", [1 / 3])[0], array("i", [True]), array("d", range(3)))
c = copy.copy(a); c[0] = 0; print(a[0] != c[0], copy.deepcopy(a) == a)
print(a.buffer_info()[1], array("q", [1]) == array("d", [1.0]))
a *= 2; print(a)
a += array("i", [1]); print(a)
print(array("b", [1, 2]) + array("b", [3]), bytes(array("h", [1, 2])), array("d", [1, 2]).tolist(),
      array("i", [3, 1, 2])[0:0])
a = array("i", [1, 2, 3, 4, 5]); a[::2] = array("i", [0, 0, 0]); print(a)
try:
    a[::2] = array("i", [0])
except ValueError as e:
    print(type(e).__name__, e)
q = array("Q", [2**64 - 1, 0]); print(q, q.tobytes().hex())
l = array("l"); l.fromlist([1, -2]); print(l, l.itemsize, array("d", l))
print(sorted(array("d", [3.5, -1.0, 2.25])), max(array("i", [4, 9, 2])), list(reversed(array("h", [1, 2]))))
