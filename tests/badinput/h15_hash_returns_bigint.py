# badinput: __hash__ returning 2**70: reduced as CPython reduces a big int's hash
# expect-exit: 0
# expect-stdout: True
class H:
    def __hash__(self):
        return 2**70
print(hash(H()) == hash(2**70))
