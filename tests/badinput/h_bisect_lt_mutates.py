# badinput: bisect lt mutates (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: IndexError: list index out of range
import bisect
lst = list(range(100))
class A:
    def __lt__(self, o):
        lst.clear(); return False
    def __gt__(self, o):
        lst.clear(); return True
print(bisect.bisect(lst, A()))
