# badinput: objects with __del__ held only in a global list are finalized at exit after the globals' own, the last item first (CPython's collector order: list_traverse runs backwards)
# expect-exit: 0
# expect-stdout: end|del 2|del 1|del 0|
class A:
    def __init__(self, i): self.i = i
    def __del__(self): print('del', self.i, end='|')
L = [A(0), A(1), A(2)]
print('end', end='|')
