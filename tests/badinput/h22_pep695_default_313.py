# badinput: PEP 696 type parameter default (Python 3.13, not 3.12)
# expect-exit: 1
# expect-stderr: h22_pep695_default_313.py:4:11: SyntaxError: invalid syntax
class C[T = int]: pass
