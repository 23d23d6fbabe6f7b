# badinput: starred items among other indices
# expect-exit: 0
# expect-stdout: (1, 2, 3) (2, 3, 4)
class A:
    def __getitem__(self, k):
        return k
b = [2, 3]
print(A()[1, *b], A()[*b, 4])
