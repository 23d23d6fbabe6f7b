# Operator dunders on user classes: arithmetic, reflected and in-place forms, NotImplemented,
# unary operators, comparisons with reflection, __index__, __int__/__float__, __bool__, __len__.


class V:
    def __init__(self, *xs):
        self.xs = list(xs)

    def __repr__(self):
        return "V(" + ", ".join(str(x) for x in self.xs) + ")"

    def _map2(self, other, fn):
        if isinstance(other, V):
            return V(*[fn(a, b) for a, b in zip(self.xs, other.xs)])
        if isinstance(other, (int, float)):
            return V(*[fn(a, other) for a in self.xs])
        return NotImplemented

    def __add__(self, o): return self._map2(o, lambda a, b: a + b)
    def __radd__(self, o): return self._map2(o, lambda a, b: b + a)
    def __sub__(self, o): return self._map2(o, lambda a, b: a - b)
    def __rsub__(self, o): return self._map2(o, lambda a, b: b - a)
    def __mul__(self, o): return self._map2(o, lambda a, b: a * b)
    def __rmul__(self, o): return self._map2(o, lambda a, b: b * a)
    def __truediv__(self, o): return self._map2(o, lambda a, b: a / b)
    def __floordiv__(self, o): return self._map2(o, lambda a, b: a // b)
    def __mod__(self, o): return self._map2(o, lambda a, b: a % b)
    def __pow__(self, o): return self._map2(o, lambda a, b: a ** b)
    def __rpow__(self, o): return self._map2(o, lambda a, b: b ** a)
    def __matmul__(self, o): return sum(a * b for a, b in zip(self.xs, o.xs)) if isinstance(o, V) else NotImplemented
    def __and__(self, o): return "and"
    def __or__(self, o): return "or"
    def __xor__(self, o): return "xor"
    def __lshift__(self, o): return "lshift"
    def __rshift__(self, o): return "rshift"
    def __neg__(self): return V(*[-a for a in self.xs])
    def __pos__(self): return V(*[+a for a in self.xs])
    def __abs__(self): return V(*[abs(a) for a in self.xs])
    def __invert__(self): return V(*[~a for a in self.xs])
    def __len__(self): return len(self.xs)
    def __bool__(self): return any(self.xs)

    def __iadd__(self, o):
        print("  (iadd)")
        self.xs = [a + o for a in self.xs]
        return self


a, b = V(1, 2, 3), V(4, 5, 6)
print(a + b, a + 1, 1 + a, a - 1, 10 - a, a * 2, 2 * a, b / 2, b // 4, b % 4, a ** 2, 2 ** a)
print(a @ b, a & b, a | b, a ^ b, a << 1, a >> 1)
print(-a, +a, abs(V(-1, 2)), ~a, len(a), bool(V(0, 0)), bool(a))
c = a
c += 10
print(c, a, c is a)
c -= 1
print(c, a, c is a)
for expr in [lambda: a + "s", lambda: "s" + a, lambda: a @ 3, lambda: a < b]:
    try:
        print(expr())
    except TypeError as e:
        print("TypeError:", e)


class Num:
    def __init__(self, v):
        self.v = v

    def __index__(self):
        return self.v

    def __int__(self):
        return self.v * 10

    def __float__(self):
        return self.v / 4


n = Num(3)
print([10, 20, 30, 40][n], list(range(n)), int(n), float(n), "abcdef"[n:], hex(n), bin(n))


class Money:
    def __init__(self, cents):
        self.cents = cents

    def __eq__(self, o):
        print("  Money.__eq__")
        if not isinstance(o, Money):
            return NotImplemented
        return self.cents == o.cents

    def __lt__(self, o):
        if not isinstance(o, Money):
            return NotImplemented
        return self.cents < o.cents

    def __le__(self, o):
        return self.cents <= o.cents

    def __hash__(self):
        return hash(self.cents)


class Euro(Money):
    def __eq__(self, o):
        print("  Euro.__eq__")
        return isinstance(o, Money) and self.cents == o.cents

    def __gt__(self, o):
        print("  Euro.__gt__")
        return self.cents > o.cents


m1, m2, e1 = Money(5), Money(7), Euro(5)
print(m1 == m2, m1 != m2, m1 == Money(5), m1 == 5, m1 != "x")
print(m1 < m2, m2 > m1, m1 <= m2, m2 >= m1)
print(m1 == e1)
print(m1 < e1)
print(sorted([m2, m1, Money(1)], key=lambda m: m.cents)[0].cents, max([m1, m2]).cents)
d = {Money(5): "five"}
print(d[Money(5)], Money(5) in d, len({Money(1): 1, Money(1): 2}))
try:
    print(m1 > 3)
except TypeError as e:
    print("TypeError:", e)


class NoHash:
    def __eq__(self, o):
        return True


try:
    {NoHash(): 1}
except TypeError as e:
    print("TypeError:", e)
print(NoHash.__hash__)
