# badinput: list.clear() releases the items from the last to the first (_list_clear), so their __del__ runs in reverse
# expect-exit: 0
# expect-stdout: del 1|del 0|end
class A:
    def __init__(self, i): self.i = i
    def __del__(self): print('del', self.i, end='|')
L = [A(0), A(1)]
L.clear()
print('end')
