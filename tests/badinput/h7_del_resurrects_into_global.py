# badinput: __del__ stores self into a global (resurrection) and runs once
# expect-exit: 0
# expect-stdout: done
saved = []
class D:
    def __del__(self):
        saved.append(self)
d = D()
del d
print(len(saved))
saved.clear()
print('done')
