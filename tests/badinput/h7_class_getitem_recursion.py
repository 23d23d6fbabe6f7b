# badinput: __class_getitem__ subscripts the class again
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
class A:
    def __class_getitem__(cls, item): return cls[item]
A[int]
