# badinput: descriptor get raises
# expect-exit: 1
# expect-stderr: KeyError: 'boom'
class D:
    def __get__(self, o, t):
        raise KeyError("boom")
class A:
    d = D()
A().d
