# badinput: Python misuse: eq recursion
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
class C:
    def __eq__(self, o):
        return self == o
C() == C()
