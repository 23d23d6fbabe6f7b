# badinput: __del__ raises: reported as ignored, the program goes on
# expect-exit: 0
# expect-stdout: still running
class D:
    def __del__(self):
        raise ValueError("in del")
d = D()
d = None
print("still running")
