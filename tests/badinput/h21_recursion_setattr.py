# badinput: __setattr__ assigning through self
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
class A:
    def __setattr__(self, n, v): self.n = v
A().x = 1
