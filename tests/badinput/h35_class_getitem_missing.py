# badinput: Python misuse: class getitem missing
# expect-exit: 1
# expect-stderr: TypeError: type 'C' is not subscriptable
class C: pass
C[int]
