# badinput: pow(obj, e, m) calls the base's __pow__ with the modulus (CPython's ternary_op) instead of refusing it; never __rpow__; float and complex slots refuse a modulus (h11 mutation sweep)
# expect-exit: 0
# expect-stdout: ('pow', 2, 3)|'int', 'A', 'int'|3rd argument not allowed|'int', 'int', 'str'|complex modulo|1
class A:
    def __pow__(self, o, m=None):
        return ("pow", o, m)
    def __rpow__(self, o, m=None):
        return ("rpow", o, m)
out = [str(pow(A(), 2, 3))]
for args in [(2, A(), 3), (1, 2, 3.0), (1, 2, "a"), (1, 2, 1j)]:
    try:
        pow(*args)
    except (TypeError, ValueError) as e:
        out.append(str(e).replace("unsupported operand type(s) for ** or pow(): ", "").replace("pow() ", "").replace(" unless all arguments are integers", ""))
out.append(str(pow(True, 2, 3)))
print("|".join(out))
