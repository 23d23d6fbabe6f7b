# badinput: new returns other (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 0
# expect-stdout: 5
class A:
    def __new__(cls):
        return 5
    def __init__(self):
        print('never')
print(A())
