# badinput: __del__ runs when the last reference goes
# expect-exit: 0
# expect-stdout: deleted after
class D:
    def __del__(self):
        print("deleted", end=" ")
d = D()
del d
print("after")
