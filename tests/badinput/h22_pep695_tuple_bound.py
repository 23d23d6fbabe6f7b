# badinput: PEP 695 bound on a TypeVarTuple
# expect-exit: 1
# expect-stderr: h22_pep695_tuple_bound.py:4:10: SyntaxError: cannot use bound with TypeVarTuple
def f[*Ts: int](): pass
