# badinput: __hash__ returns a str
# expect-exit: 1
# expect-stderr: TypeError: __hash__ method should return an integer
class H:
    def __hash__(self):
        return "abc"
print({H(): 1})
