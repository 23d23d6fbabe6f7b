# badinput: PEP 695 empty type parameter list
# expect-exit: 1
# expect-stderr: h22_pep695_empty.py:4:7: SyntaxError: Type parameter list cannot be empty
def f[](): pass
