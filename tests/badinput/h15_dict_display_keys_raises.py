# badinput: {**obj} where obj.keys() raises: the user's exception comes through unchanged
# expect-exit: 1
# expect-stderr: ValueError: no keys today
class M:
    def keys(self):
        raise ValueError("no keys today")
print({**M()})
