# Ends with an uncaught AssertionError raised in a with-block; __exit__ runs first and does not suppress.
class Guard:
    def __init__(self, name):
        self.name = name
    def __enter__(self):
        print("enter", self.name)
        return self
    def __exit__(self, exc_type, exc, tb):
        print("exit", self.name, "with", None if exc_type is None else exc_type.__name__)
        return False
def check(values):
    with Guard("check"):
        for v in values:
            print("checking", v)
            assert v >= 0, f"negative value {v} at index {values.index(v)}"
check([1, 2])
check([3, -4, 5])
print("unreachable")
