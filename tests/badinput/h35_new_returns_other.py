# badinput: __new__ returning a non-instance skips __init__
# expect-exit: 0
# expect-stdout: 5
class C:
    def __new__(cls):
        return 5
    def __init__(self):
        print("init")
print(C())
