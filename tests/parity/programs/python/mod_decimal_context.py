import decimal
from decimal import Decimal, getcontext, localcontext, Context, ROUND_HALF_UP, ROUND_DOWN, ROUND_CEILING, ROUND_FLOOR, ROUND_HALF_DOWN, ROUND_UP, ROUND_05UP, ROUND_HALF_EVEN, InvalidOperation, DivisionByZero
D = Decimal
print(getcontext())
for s in ["4", "4.00", "0.25", "2.5e3", "2", "1e-5", "0", "-0", "1.0000", "0.0001", "123456789"]:
    print(s, D(s).sqrt())
print(D(4) ** D("0.5"), D(2) ** 10, D("1.1") ** 2, D(2) ** -2, D(3) ** -1, D("2.0") ** 3, D(10) ** -3, D("1.5") ** D("2.5"), D(2) ** D("0.5"), D(-2) ** 3, D("0.5") ** 100)
print(D(1).exp(), D(2).ln(), D(100).log10(), D("0.001").log10(), D(2).log10(), D("1.5").exp(), D(-1).exp(), D(10).ln(), D("0.5").ln(), D("1e-10").exp(), D(50).exp(), D("12345.678").ln())
print(D("1.23456789e-7"), D("123E+5"), D("-0.0000001"), D("1e6").to_eng_string(), D("123e5").to_eng_string(), D("0e-7"), D("0E+5").to_eng_string(), D("1_000.5"), D(" 7 "))
print(D(-7) // 2, D(-7) % 3, divmod(D(7), D(-2)), D("7.5") % D(2), D("10") // D("0.3"), D(-7) % -3)
print(D(1) / 3, D(2) / 3, D(1) / 4, D("1.00") / D("0.5"), D(10) / D(5), D(1) / D(7), D(22) / 7, D("1e10") / D("3"), D(-1) / 3)
print(format(D("1234.5678"), ",.2f"), format(D("0.5"), ".0%"), format(D("123.456"), ".2e"), format(D("-1.5"), "+010.3f"),
      format(D("1e-10"), ""), format(D("12345"), "g"), format(D("1.20"), ""), format(D("1.5"), ">8"),
      format(D("0.000123"), ".2g"), format(D("-0.0"), "z.1f"), format(D("5"), "^7"), format(D("123456"), "012,"), f"{D('3.14159'):.3f}")
print(hash(D("1.5")) == hash(1.5), hash(D(10)), hash(D("0.1")), hash(D("-2.50")) == hash(-2.5), hash(D(2**70)) == hash(2**70))
print(round(D("2.5")), round(D("3.5")), round(D("3.14159"), 2), round(D("2.675"), 2), int(D("-3.9")), float(D("0.1")), D("1.10").normalize(), D("0.00").normalize(), D("100").normalize())
print(D("1.41421356").quantize(D("1.000")), D("2.5").quantize(D("1"), rounding=ROUND_HALF_UP), D("7.325").quantize(D(".01"), rounding=ROUND_DOWN), D("-7.325").quantize(D(".01"), ROUND_CEILING), D("1e3").quantize(D("0.1")))
for r in (ROUND_DOWN, ROUND_HALF_UP, ROUND_HALF_EVEN, ROUND_CEILING, ROUND_FLOOR, ROUND_UP, ROUND_HALF_DOWN, ROUND_05UP):
    print(r, [str(D(x).quantize(D("1"), rounding=r)) for x in ("2.5", "-2.5", "1.5", "2.51", "-0.4", "5.01", "0.49")])
print(D("0.1") + D("0.2"), D("0.1") + D("0.2") == D("0.3"), 0.1 + 0.2 == 0.3, D(1) + 2, 3 - D("0.5"), 2 * D("1.5"), D("1.5") * D("-0"), -D(0), +D("-0"), abs(D("-3.5")))
print(D("1.30") + D("1.20"), D("1.3") * D("1.2"), D("100") - D("0.01"), D("9.999999999999999999999999999") + D("0.0000000000000000000000000005"))
print(D(3.14), D.from_float(0.1), D(-0.0), D("inf"), D("-Infinity"), D("nan"), D("sNaN"), D("NaN123"), D(10**30))
print(D("1.20").as_tuple(), D("-inf").as_tuple(), D("nan").as_tuple(), D((1, (3, 1, 4), -2)), D((0, (), "F")), D("0.75").as_integer_ratio(), D("12e2").as_integer_ratio())
print(D("1.5") < 2, D("1.5") == 1.5, D(2) > D("1.99"), D("NaN") == D("NaN"), D(1) == 1, max(D("1.2"), D("1.10")), sorted([D("3"), D("-1"), D("2.5")]), D("1.0") == D("1.00"))
print(D("1.5").adjusted(), D("0.001").adjusted(), D("123e4").adjusted(), D(0).is_zero(), D("-1").is_signed(), D("inf").is_infinite(), D("nan").is_nan(), D(5).is_finite())
print(D("-1.5").copy_abs(), D("1.5").copy_negate(), D("1.5").copy_sign(D(-1)), D("1.234").to_integral_value(), D("-1.5").to_integral_value(), D("2.5").to_integral_exact(ROUND_UP), D("1.5").compare(D(2)), D(2).max(D("NaN")))
print(D(1).fma(2, 3), D("15").remainder_near(6), D(3).same_quantum(D(4)), D("1e5").logb(), D("1.5").scaleb(3), D("-1.5").number_class(), D(0).number_class())
print(sum([D("0.1")] * 10), sum([D("1.1"), D("2.2")], D(0)), D(1) / D("1e-5"), D("5e-999999") / 10 if False else "")
with localcontext() as ctx:
    ctx.prec = 5
    print(D(1) / 7, D("123456789") + 0, D(2).sqrt(), ctx)
with localcontext(prec=3, rounding=ROUND_DOWN):
    print(D(2) / 3, D("1.999") * 1)
print(D(1) / 7)
c = Context(prec=6, rounding=ROUND_HALF_UP)
print(c.divide(D(1), D(3)), c.add(D("1.0000005"), D(0)), c.sqrt(D(3)), c.create_decimal("3.14159265"), c.power(D(2), D("0.5")), c.quantize(D("1.2345"), D("0.01")))
print(c)
for f in [lambda: D("abc"), lambda: D(1) / 0, lambda: D(0) / 0, lambda: D("1e999999") * 10, lambda: D("1.5").quantize(D("1e-30")), lambda: D(1) + 1.5,
          lambda: D(-1).sqrt(), lambda: D(1) // 0, lambda: D(5) % 0, lambda: int(D("nan")), lambda: int(D("inf")), lambda: D(0).ln(), lambda: D([1]),
          lambda: D((0, (12,), -1)), lambda: D(1) < D("nan"), lambda: hash(D("snan")), lambda: D("inf") - D("inf"), lambda: D(0) ** 0, lambda: D(-8) ** D("0.5"),
          lambda: D(10 ** 30) // D("1e-5"), lambda: float(D("snan")), lambda: round(D("nan")), lambda: Context(prec=0), lambda: D(1).quantize(1.5), lambda: D(2) ** D(0.5)]:
    try:
        r = f()
        print("ok", repr(r))
    except Exception as e:
        print(type(e).__name__, e)
print(getcontext())
ctx = getcontext()
ctx.clear_flags()
ctx.traps[DivisionByZero] = False
print(D(1) / 0, D(-1) / 0, ctx.flags[DivisionByZero])
ctx.traps[DivisionByZero] = True
ctx.traps[decimal.Inexact] = True
try:
    D(1) / 3
except decimal.Inexact as e:
    print("Inexact trapped", e)
ctx.traps[decimal.Inexact] = False
ctx.clear_flags()
print(issubclass(decimal.DivisionByZero, ZeroDivisionError), issubclass(decimal.InvalidOperation, ArithmeticError), decimal.DivisionUndefined.__mro__)
print(decimal.MAX_PREC, decimal.ROUND_HALF_EVEN, repr(D("1e-7")), str(D("-1E+2")), D("1.000000000000000000000000000000001") + 0)
import numbers
print(isinstance(D(1), numbers.Number), D(1).real, D(1).imag, complex(D("1.5")))
print([D(i) / 8 for i in range(5)], D("0.1") * 3 - D("0.3"), D(2) ** 100, D("1.0001") ** 1000)
for f in [lambda: 1.5 + D(1), lambda: D(1) * "x", lambda: 2.0 ** D(2), lambda: divmod(D(1), 2.0), lambda: D(1) - None, lambda: 1.0 / D(2)]:
    try:
        f()
    except TypeError as e:
        print("TypeError", e)
class Money:
    def __init__(self, v):
        self.v = v
    def __radd__(self, other):
        return "Money.__radd__"
print(D(1) + Money(2))
