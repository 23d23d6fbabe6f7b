# badinput: class eq unhashable
# expect-exit: 1
# expect-stderr: TypeError: unhashable type: 'A'
class A:
    def __eq__(self, o):
        return True
{A()}
