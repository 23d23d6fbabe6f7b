# badinput: __hash__ hashes a tuple containing self
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
class A:
    def __hash__(self):
        return hash((self, 1))
{A()}
