# badinput: del resurrect (CPython 3.11 ends the same way)
# expect-exit: 0
# expect-stdout: 1
saved = []
class A:
    def __del__(self):
        saved.append(self)
a = A(); del a
print(len(saved))
