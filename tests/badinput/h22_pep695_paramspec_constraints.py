# badinput: PEP 695 constraints on a ParamSpec
# expect-exit: 1
# expect-stderr: h22_pep695_paramspec_constraints.py:4:14: SyntaxError: cannot use constraints with ParamSpec
type A[T, **P: (int, str)] = int
