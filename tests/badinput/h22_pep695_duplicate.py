# badinput: PEP 695 duplicate type parameter
# expect-exit: 1
# expect-stderr: h22_pep695_duplicate.py:4:12: SyntaxError: duplicate type parameter 'T'
class C[T, T]: pass
