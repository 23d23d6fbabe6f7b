# badinput: __hash__ returning a big int is reduced as hash(int)
# expect-exit: 0
# expect-stdout: True
class C:
    def __hash__(self):
        return 2 ** 100
print(hash(C()) == hash(2**100))
