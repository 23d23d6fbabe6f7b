# badinput: a tuple or list freed at run time releases its items last first (tupledealloc, list_dealloc); a dict first to last
# expect-exit: 0
# expect-stdout: del 2|del 1|del 0|del 4|del 3|del 5|del 6|end
class A:
    def __init__(self, i): self.i = i
    def __del__(self): print('del', self.i, end='|')
t = (A(0), A(1), A(2))
del t
L = [A(3), A(4)]
L = None
d = {'a': A(5), 'b': A(6)}
del d
print('end')
