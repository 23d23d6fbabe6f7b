# badinput: __del__ stores self in a global (resurrection)
# expect-exit: 0
# expect-stdout: 1 D
saved = []
class D:
    def __del__(self):
        saved.append(self)
d = D()
del d
print(len(saved), type(saved[0]).__name__)
