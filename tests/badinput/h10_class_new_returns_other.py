# badinput: class new returns other (h10: ends normally, as in CPython 3.12)
# expect-exit: 0
# expect-stdout: 5
class A:
    def __new__(cls):
        return 5
    def __init__(self):
        print("never")
print(A())
