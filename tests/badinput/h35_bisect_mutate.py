# badinput: Python misuse: bisect mutate
# expect-exit: 1
# expect-stderr: IndexError: list index out of range
import bisect
a = []
class C:
    def __lt__(self, o):
        a.clear()
        return False
a.extend(C() for _ in range(10))
bisect.insort(a, C())
print(len(a))
