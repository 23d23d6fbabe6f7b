# badinput: dunder del clears list (issue 31 sweep)
# expect-exit: 0
# expect-stdout: 0
class D:
    def __del__(self):
        l.clear()
l = [D(), D(), D()]
l[0] = None
print(len(l))
