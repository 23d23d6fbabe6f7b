# The operator module's functions are C functions in CPython: builtin_function_or_method objects
# with <built-in function NAME> reprs, CPython's argument errors, pickled by name, not bound as
# methods when stored on a class; results and errors are those of the operators themselves.
# (Kiln pickles them as operator.NAME where CPython writes _operator.NAME: both load anywhere.)
import functools
import operator
import pickle

for name in ["add", "sub", "mul", "truediv", "floordiv", "mod", "pow", "matmul", "and_", "or_", "xor", "lshift",
             "rshift", "lt", "le", "eq", "ne", "gt", "ge", "neg", "pos", "invert", "inv", "not_", "truth", "getitem",
             "iadd", "imul", "ior"]:
    f = getattr(operator, name)
    print(name, repr(f), type(f).__name__, f.__name__, getattr(operator, "__" + name.strip("_") + "__", None) is f)
print(operator.add(2, 3), operator.truediv(7, 2), operator.floordiv(-7, 2), operator.pow(2, 10), operator.mod(-7, 3))
print(operator.lt(1, 2), operator.ge("a", "b"), operator.neg(5), operator.invert(5), operator.not_([]), operator.truth(3))
print(operator.getitem({"k": 1}, "k"), operator.iadd([1], [2]), operator.ior({1}, {2}), operator.imul("ab", 2))
print(functools.reduce(operator.mul, [1, 2, 3, 4]), sorted([3, 1, 2], key=functools.cmp_to_key(operator.sub)))
print(pickle.loads(pickle.dumps(operator.add))(1, 2), pickle.loads(pickle.dumps(operator.lt)) is operator.lt)


class Holder:
    op = operator.add


print(Holder().op(1, 2))
for call in [lambda: operator.add(1), lambda: operator.neg(), lambda: operator.add(1, b=2), lambda: operator.add(1, "a"),
             lambda: operator.lt(1, "a"), lambda: operator.getitem([1], 5), lambda: operator.not_(1, 2)]:
    try:
        call()
    except Exception as e:
        print(type(e).__name__, e)
