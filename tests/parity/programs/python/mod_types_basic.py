# types: SimpleNamespace, FunctionType, MethodType, ModuleType
import types, numbers, textwrap, pprint, statistics, csv, io, queue, math
ns = types.SimpleNamespace(a=1, b='x')
print(ns, ns.a, ns == types.SimpleNamespace(a=1, b='x'))
def f(): pass
print(isinstance(f, types.FunctionType), isinstance(len, types.BuiltinFunctionType), isinstance(math, types.ModuleType))
class A:
    def m(self): return 42
print(types.MethodType(A.m, A())())
mod = types.ModuleType('mymod', 'doc'); mod.x = 3; print(mod.__name__, mod.x)
