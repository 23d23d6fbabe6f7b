# badinput: a hostile __dir__ while the printer looks for a suggestion (swallowed, as CPython)
# expect-exit: 1
# expect-stderr: AttributeError: 'A' object has no attribute 'valeu'
class A:
    value = 1
    def __dir__(self):
        raise ValueError("no dir")
A().valeu
