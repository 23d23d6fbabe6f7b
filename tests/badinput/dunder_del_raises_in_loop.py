# badinput: dunder del raises in loop (issue 31 sweep)
# expect-exit: 0
# expect-stdout: done
class D:
    def __del__(self):
        raise ValueError('x')
for i in range(3):
    d = D()
print('done')
